"""Disassembler snapshots: the paper's notation and plain mnemonics."""

from __future__ import annotations

from ccam.disasm import UNDERLINE, disasm, listing
from ccam.instructions import BUILTIN_EXNS, TRUE, ConstInt, ConstStr, I, Ins, Program
from ccam.values import Block, Closure, Pair, UNIT_VALUE

APPLICATION = (I.push, I.cur([I.snd]), I.swap, I.quote(ConstInt(7)), I.cons, I.app)
GENERATOR = tuple(I.emit(i) for i in (I.push, I.fst, I.snd, I.swap, I.snd, I.cons, I.app))
LAMBDA = (I.push, I.push, I.fst, I.swap, I.arena, I.cons, I.emit(I.snd), I.snd, I.swap, I.id, I.cons, I.merge)

EVERY_OPERAND_KIND = (
    I.push, I.acc(2), I.swap, I.quote(ConstStr(b"a\n")), I.cons, I.prim("concat"), I.rec(2), I.update(1),
    I.pack(3), I.arg, I.newexn(b"E"), I.mkexn, I.mkexnarg, I.exnis, Ins("raise"), I.drop, I.getglobal(10),
    I.setglobal(2), I.emit(I.quote(ConstInt(-3))), I.emit(I.prim("add")), I.lift, I.merge, I.mergebranch,
    I.mergeswitch(2), I.mergetry, I.call, I.arena, I.branch([I.quote(TRUE)], []),
    I.switch([[I.id], [I.fst], []]), Ins("try", ((I.snd,), (I.fst,))),
)


def test_paper_notation_of_application():
    assert disasm(APPLICATION) == "⟨Cur(snd), '7⟩; app"


def test_plain_notation_of_application():
    assert disasm(APPLICATION, notation="plain") == "push; cur(snd); swap; quote 7; cons; app"


def test_emitted_instructions_are_underlined():
    text = disasm(GENERATOR)
    assert text.replace(UNDERLINE, "") == "⟨fst; snd, snd⟩; app"
    assert text.startswith("⟨" + UNDERLINE + "f" + UNDERLINE)


def test_emitted_instructions_as_emit():
    assert disasm(GENERATOR, underline_emits=False) == (
        "emit(⟨); emit(fst); emit(snd); emit(,); emit(snd); emit(⟩); emit(app)")
    assert disasm(GENERATOR, notation="plain").startswith("emit(push); emit(fst)")


def test_lambda_rule_reads_as_in_the_paper():
    assert disasm(LAMBDA) == "⟨⟨fst, arena⟩; s̲n̲d̲; snd, id⟩; merge"


def test_every_operand_kind_paper():
    assert disasm(EVERY_OPERAND_KIND, width=60) == "\n".join([
        "⟨acc 2, '\"a\\n\"⟩; concat; rec 2; update 1; pack 3; arg;",
        "newexn \"E\"; mkexn; mkexnarg; exnis; raise; drop;",
        "getglobal 10; setglobal 2; '̲-̲3̲; a̲d̲d̲; lift; merge;",
        "mergebranch; mergeswitch 2; mergetry; call; arena;",
        "branch('C1 | ·); switch(id | fst | ·); try(snd | fst)",
    ])


def test_every_operand_kind_plain_with_global_names():
    assert disasm(EVERY_OPERAND_KIND, notation="plain", width=70, global_names=tuple("abcdefghijk")) == "\n".join([
        "push; acc 2; swap; quote \"a\\n\"; cons; prim concat; rec 2; update 1;",
        "pack 3; arg; newexn \"E\"; mkexn; mkexnarg; exnis; raise; drop;",
        "getglobal 10:k; setglobal 2:c; emit(quote -3); emit(prim add); lift;",
        "merge; mergebranch; mergeswitch 2; mergetry; call; arena;",
        "branch(quote C1 | ·); switch(id | fst | ·); try(snd | fst)",
    ])


def test_long_sub_programs_are_indented():
    code = (I.push, I.branch([I.prim("add")] * 12, [I.quote(ConstInt(1))]), I.cur([I.acc(3), I.id] * 8), I.app)
    assert disasm(code, width=40) == "\n".join([
        "⟨branch(",
        "  add; add; add; add; add; add; add;",
        "  add; add; add; add; add",
        "|",
        "  '1",
        "); Cur(",
        "  acc 3; id; acc 3; id; acc 3; id;",
        "  acc 3; id; acc 3; id; acc 3; id;",
        "  acc 3; id; acc 3; id",
        "); app",
    ])


def test_nested_layout_keeps_indenting():
    inner = [I.prim("add")] * 10
    code = (I.cur([I.cur(inner), I.cur(inner)]),)
    lines = disasm(code, width=30).splitlines()
    assert lines[0] == "Cur("
    assert lines[1] == "  Cur("
    assert lines[2].startswith("    add; add")
    assert lines[-1] == ")"


def test_listing_without_the_prelude_names_only_the_globals_its_code_uses():
    # `mlbox dis` without --all: not every basis name, only those the shown code reads or sets
    program = Program((I.getglobal(10), I.cur([I.setglobal(3)])), 12, tuple(BUILTIN_EXNS) + ("fact", "main"))
    assert listing(program, used_only=True, notation="plain").splitlines()[:2] == [
        "; CCAM program: 12 globals",
        "; globals used: 3:Overflow 10:fact",
    ]


def test_generated_blocks_and_closures():
    block = Block([Ins("quote", (Pair(1, 2),)), I.cur([I.snd])])
    assert disasm(block) == "'(1, 2); Cur(snd)"
    assert disasm(Closure(UNIT_VALUE, (I.fst,))) == "fst"
    assert disasm(Block()) == "·"


def test_listing_names_globals():
    program = Program((I.getglobal(10), I.setglobal(11)), 12, tuple(BUILTIN_EXNS) + ("fact", "main"))
    assert listing(program, notation="plain") == "\n".join([
        "; CCAM program: 12 globals",
        "; globals: 0:Match 1:Bind 2:Div 3:Overflow 4:Subscript 5:Size 6:Chr 7:Empty 8:Option 9:Fail 10:fact 11:main",
        "getglobal 10:fact; setglobal 11:main",
    ])
