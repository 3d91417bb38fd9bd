"""CCAM disassembler: programs and generated code blocks as text.

Two notations:
  paper   the paper's: ⟨ for push, `,` for swap, ⟩ for cons (no semicolons
          around them, so push; P1; swap; P2; cons reads ⟨P1, P2⟩), 'c for
          quote, Cur(P), and an emitted instruction underlined (each
          character followed by U+0332 COMBINING LOW LINE) as in the paper;
          with underline=False an emitted instruction reads emit(i)
  plain   mnemonics separated by `; `: push; fst; swap; snd; cons; app

Short sub-programs stay on one line; long ones are broken over indented
lines, the sequence filling lines up to `width` columns. Sub-programs
nested more than MAX_INDENT_LEVELS deep are indented no further (the
parentheses still show the nesting), so a listing of code nested thousands
deep stays linear in the code's size; the layout is iterative, for code
nested up to MAX_CODE_NESTING deep on any thread.
"""

from __future__ import annotations

from typing import Union

from ccam.instructions import CONST, NAT, PRIM, PROG, PROGS, STR, Ins, Program, walk
from ccam.nested import run_nested
from ccam.refmachine import const_value
from ccam.values import Block, Closure, show, shown_name

UNDERLINE = "\u0332"
PAPER_SYMBOLS = {"push": "⟨", "swap": ",", "cons": "⟩"}
INDENT = "  "
MAX_INDENT_LEVELS = 32  # deeper sub-programs are indented as much as this level


def _width(text: str) -> int:
    """Columns a rendering takes (combining underlines take none)."""
    return len(text) - text.count(UNDERLINE)


def underline(text: str) -> str:
    return "".join(c + UNDERLINE for c in text)


class _Style:
    def __init__(self, notation: str, underline_emits: bool, global_names: tuple[str, ...]):
        if notation not in ("paper", "plain"):
            raise ValueError(f"unknown notation {notation!r} (paper or plain)")
        self.paper = notation == "paper"
        self.underline_emits = underline_emits
        self.global_names = global_names


def _const_text(c) -> str:
    """A quote's operand (a table constant or a lifted value) as its value."""
    return show(const_value(c))


def _symbol(ins: Ins, style: _Style) -> str:
    """How a simple instruction reads (emit's operand included)."""
    op = ins.op
    if style.paper and op in PAPER_SYMBOLS:
        return PAPER_SYMBOLS[op]
    parts = [op]
    for kind, a in zip(ins.spec.operands, ins.args):
        if kind == NAT:
            text = str(a)
            if op in ("getglobal", "setglobal") and a < len(style.global_names) and style.global_names[a]:
                text += ":" + shown_name(style.global_names[a])
            parts.append(text)
        elif kind == CONST:
            return ("'" if style.paper else "quote ") + _const_text(a)
        elif kind == PRIM:
            if style.paper:
                return a
            parts.append(a)
        elif kind == STR:
            parts.append(show(a))
    return " ".join(parts)


def _joiner(prev: str, cur: str, style: _Style) -> str:
    """The separator between two rendered items: the paper drops semicolons
    around ⟨ , ⟩ (underlined ones included)."""
    if not style.paper:
        return "; "
    p, c = prev.replace(UNDERLINE, ""), cur.replace(UNDERLINE, "")
    if p == "⟨" or c in (",", "⟩"):
        return ""
    if p == ",":
        return " "
    return "; "


def _subprograms(ins: Ins) -> list:
    out = []
    for kind, a in zip(ins.spec.operands, ins.args):
        if kind == PROG:
            out.append(a)
        elif kind == PROGS:
            out.extend(a)
    return out


def _flat_text(ins: Ins, style: _Style) -> str | None:
    """How an instruction without sub-programs reads (None if it has some)."""
    if ins.op == "emit":
        inner = _symbol(ins.args[0], style)
        if style.paper and style.underline_emits:
            return underline(inner)
        return f"emit({inner})"
    if _subprograms(ins):
        return None
    return _symbol(ins, style)


def _name(ins: Ins, style: _Style) -> str:
    return "Cur" if (ins.op == "cur" and style.paper) else ins.op


def _inline(prog, style: _Style, limit: int) -> str | None:
    """The sequence on one line, sub-programs inline as name(P1 | P2), if
    that takes at most `limit` columns (else None). Iterative, and it stops
    as soon as the line is too long, so it costs O(limit) however large or
    deep the sequence is."""
    out: list[str] = []
    width = 0
    # Work list, next item last: a literal, or (prog, index of the next
    # instruction, the text before it) for the rest of a sequence.
    work: list = [(prog, 0, None)]
    while work:
        item = work.pop()
        if type(item) is str:
            out.append(item)
            width += _width(item)
            if width > limit:
                return None
            continue
        seq, i, prev = item
        if not seq:
            work.append("·")
            continue
        if i == len(seq):
            continue
        ins = seq[i]
        text = _flat_text(ins, style)
        head = text if text is not None else _name(ins, style) + "("
        # a composite reads as `)` to the joiner after it (as in _lines)
        work.append((seq, i + 1, text if text is not None else ")"))
        parts: list = [_joiner(prev, head, style)] if prev is not None else []
        if text is not None:
            parts.append(text)
        else:
            parts.append(head)
            for k, sub in enumerate(_subprograms(ins)):
                if k:
                    parts.append(" | ")
                parts.append((sub, 0, None))
            parts.append(")")
        work.extend(reversed(parts))
    return "".join(out)


def _lines(prog, style: _Style, width: int, level: int, out: list):
    """Append the sequence to `out` as (indentation level, text) lines of at
    most `width` columns (a long composite breaks its line, its
    sub-programs laid out one level deeper). A walk for run_nested: it
    yields the walk of each broken composite's sub-programs."""
    start = len(out)
    line = ""
    prev = None
    for ins in prog:
        text = _flat_text(ins, style)
        if text is None:
            text = _inline((ins,), style, width)
        if text is not None:
            sep = _joiner(prev, text, style) if prev is not None else ""
            # width - 1: leave room for the ";" that ends a broken line
            if line and _width(line) + len(sep) + _width(text) > width - 1:
                out.append((level, line + sep.rstrip()))
                line = text
            else:
                line += sep + text
            prev = text
        else:
            head = _name(ins, style) + "("
            sep = _joiner(prev, head, style) if prev is not None else ""
            out.append((level, line + sep + head))
            # Past MAX_INDENT_LEVELS the indentation (and the width) stays
            # put: the parentheses and `|` lines still show the structure,
            # and the listing stays linear in the code's size.
            inner_width = width - len(INDENT) if level < MAX_INDENT_LEVELS else width
            for k, sub in enumerate(_subprograms(ins)):
                if k:
                    out.append((level, "|"))
                yield _lines(sub, style, inner_width, level + 1, out)
            line = ")"
            prev = ")"
    if line or len(out) == start:
        out.append((level, line))


Disassemblable = Union[Program, Block, Closure, tuple, list]


def disasm(code: Disassemblable, *, notation: str = "paper", underline_emits: bool = True,
           width: int = 80, global_names: tuple[str, ...] = ()) -> str:
    """The text of a program, a code block, a closure's code, or a sequence
    of Ins. An empty sequence reads `·` as in the paper."""
    if isinstance(code, Program):
        global_names = global_names or code.global_names
        body = code.code
    elif isinstance(code, Block):
        body = code.code
    elif isinstance(code, Closure):
        body = code.code
    else:
        body = code
    style = _Style(notation, underline_emits, tuple(global_names))
    if not body:
        return "·"
    lines: list = []
    run_nested(_lines(tuple(body), style, width, 0, lines))
    return "\n".join(INDENT * min(level, MAX_INDENT_LEVELS) + text for level, text in lines)


def listing(program: Program, *, used_only: bool = False, **options) -> str:
    """A whole program with a header naming its globals (for `mlbox dis`);
    with `used_only`, only those its code reads or sets (a program shown
    without the prelude would otherwise list every basis name)."""
    header = [f"; CCAM program: {program.nglobals} globals"]
    shown = range(len(program.global_names))
    if used_only:
        shown = sorted({ins.args[0] for ins in walk(program.code) if ins.op in ("getglobal", "setglobal")})
    named = [f"{i}:{shown_name(program.global_names[i])}" for i in shown
             if i < len(program.global_names) and program.global_names[i]]
    if named:
        header.append(("; globals used: " if used_only else "; globals: ") + " ".join(named))
    return "\n".join(header + [disasm(program, **options)])
