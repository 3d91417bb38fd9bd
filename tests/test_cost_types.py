"""Types exponential as trees but small as graphs stay cheap to check and
bounded to print. `val x1 = (x0, x0) val x2 = (x1, x1) ...` is n
declarations whose last type has 2^n leaves: the checker walked, copied,
unified and printed it as a tree (n = 16 took ~10 s to check, n = 20 ~50 s
and printed 8 MB per line). Its walks now enter a shared node once, a copy
shares what it did not change, and a printed type prints `...` past
types.MAX_REPEATED_NODES repeats of its shared nodes. The work is counted,
not timed."""

from __future__ import annotations

import pytest

from mlbox import deep, driver, types
from mlbox.diagnostics import CompileError, Source


def doubled(n: int, name: str = "x", leaf: str = "1") -> str:
    return f"val {name}0 = {leaf}\n" + "".join(f"val {name}{i} = ({name}{i - 1}, {name}{i - 1})\n" for i in range(1, n + 1))


def doubled_in_let(n: int) -> str:
    return ("val r = let val x0 = 1\n" + "".join(f" val x{i} = (x{i - 1}, x{i - 1})\n" for i in range(1, n + 1))
            + f" in x{n} end\n")


def compared(n: int) -> str:
    return doubled(n) + f'val same = x{n} = x{n}\n'


def unified_with_one_built_apart(n: int) -> str:
    return doubled(n) + doubled(n, "y", "2") + f"val both = [x{n}, y{n}]\n"


def instantiated(n: int) -> str:
    return doubled(n) + f"fun pick (a, _) = a\nval left = pick x{n}\nval again = (fn v => v) x{n}\n"


def front_end(text: str):
    """The checker's result on `text` (CompileError if it has errors)."""
    return deep.with_deep_stack(driver.front_end)(Source("doubled.sml", text))[1]


class TooMuchWork(Exception):
    pass


def work_checking(text: str, monkeypatch, limit: int) -> int:
    """Type nodes the checker walks (components), copies (rebuild) and
    prints (TypePrinter._spent) while checking `text`, errors included;
    TooMuchWork past `limit` (exponential work would not end in time)."""
    work = 0

    def counted(owner, name):
        original = getattr(owner, name)

        def counting(*args):
            nonlocal work
            work += 1
            if work > limit:
                raise TooMuchWork(f"more than {limit:,} type nodes")
            return original(*args)

        monkeypatch.setattr(owner, name, counting)

    counted(types, "components")
    counted(types, "rebuild")
    counted(types.TypePrinter, "_spent")
    try:
        front_end(text)
    except CompileError:
        pass
    monkeypatch.undo()
    return work


def type_error_at_the_end(n: int) -> str:
    return doubled(n) + f"val bad = x{n} + 1\n"


@pytest.mark.parametrize("shape", [doubled, doubled_in_let, compared, unified_with_one_built_apart, instantiated,
                                   type_error_at_the_end],
                         ids=["top level", "let", "equality", "unify", "instantiate", "error"])
def test_a_type_doubled_at_each_declaration_costs_work_linear_in_the_declarations(shape, monkeypatch):
    # 20 declarations are past the printing bound; 2^20 leaves as trees
    small = work_checking(shape(20), monkeypatch, limit=1_000_000)
    work_checking(shape(40), monkeypatch, limit=3 * small)  # twice the declarations: about twice the work


def test_sharing_does_not_hide_a_mismatch_or_an_equality_violation():
    deep_leaf = doubled(12) + doubled(12, "y", '"s"')
    with pytest.raises(CompileError, match="list"):
        front_end(deep_leaf + "val both = [x12, y12]\n")
    with pytest.raises(CompileError, match="equality|compared"):
        front_end(doubled(12, "f", "fn (k : int) => k") + "val same = f12 = f12\n")
    # a shared node compared as two different pairs of nodes: (x, y) then (y, x)
    result = front_end(doubled(8) + doubled(8, "y", "2") + "val swapped = [(x8, y8), (y8, x8)]\n")
    assert result.ok and result.elaboration.toplevel[-1].type.endswith(" list")


def test_a_type_past_the_bound_prints_cut_off_and_one_within_it_in_full():
    shown = {}
    for n in (4, 20):
        result = front_end(doubled(n))
        shown[n] = {b.name: b.type for b in result.elaboration.toplevel}[f"x{n}"]
    assert shown[4] == "(((int * int) * (int * int)) * ((int * int) * (int * int))) * " \
                       "(((int * int) * (int * int)) * ((int * int) * (int * int)))"
    assert types.ELIDED in shown[20]
    assert shown[20].startswith("(" * 19 + "int * int) * (int * int))")
    assert len(shown[20]) < 20 * types.MAX_REPEATED_NODES  # 2^20 leaves: 9 MB in full


def test_a_wide_tuple_of_one_shared_type_ends_in_one_ellipsis_and_one_of_new_types_prints_in_full():
    n = 3 * types.MAX_REPEATED_NODES
    result = front_end("val l = [1]\nval t = (" + ", ".join(["l"] * n) + ")\n")
    shown = result.elaboration.toplevel[1].type
    assert shown.endswith(" * int list * ...") and shown.count(types.ELIDED) == 1
    assert shown.count("int list") == types.MAX_REPEATED_NODES + 1
    result = front_end("val t = (" + ", ".join(["[1]"] * n) + ")\nval d = " + "lift " * n + "1\n")
    assert [b.type for b in result.elaboration.toplevel] == [" * ".join(["int list"] * n), "[" * n + "int" + "]" * n]


def test_an_error_message_about_a_huge_type_is_bounded():
    with pytest.raises(CompileError) as caught:
        front_end(type_error_at_the_end(30))
    message = caught.value.diagnostics[0].message
    assert message.startswith("'+' cannot be used at type (((") and types.ELIDED in message
    assert len(message) < 20 * types.MAX_REPEATED_NODES


def test_the_repl_replies_with_a_huge_type_cut_off():
    from mlbox.repl import Session

    session = Session(machine="c")
    session.feed(doubled(24).replace("\n", ";\n"))
    reply = session.feed("x24;")
    assert reply.startswith("val it =") and types.ELIDED in reply
    assert len(reply) < 40 * types.MAX_REPEATED_NODES  # the value is cut at the print depth, the type at the bound


def test_a_copy_shares_only_what_has_no_generic_variable():
    # An explicit type variable is made generic at the end of its
    # declaration: a type node that held none deeper than its mark until
    # then must still be copied ('a escaped its scope when it was shared).
    result = front_end("val id : 'a -> 'a = fn x => x\nval a = id 3\nval b = id \"s\"\n"
                       "fun pairWith (x : 'a) (y : 'b) : 'a * 'b = (x, y)\nval p = pairWith 1 true\n")
    assert [b.type for b in result.elaboration.toplevel] == ["'a -> 'a", "int", "string", "'a -> 'b -> 'a * 'b",
                                                             "int * bool"]
