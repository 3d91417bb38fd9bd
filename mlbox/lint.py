"""Warnings about staged programs that are well typed but probably not
what their author meant, found on a checked program (mlbox.checker runs
them when a program or REPL input has no error).

Exponential splicing. A generator that binds the code of its own
recursive call, `cogen u = gen (n - 1)`, and splices u twice into one
`code` copies that code at every level of the recursion: the code it
generates is exponential in the recursion's depth (2^n for two splices),
as the paper's splicing is a copy. Splicing u once and sharing its value,
`code (let val y = u in y + y end)`, keeps one copy. A code variable used
outside `code` (run, not spliced) or once per `code` is not reported.
"""

from __future__ import annotations

from collections import defaultdict

from mlbox import syntax as S
from mlbox.diagnostics import Diagnostic
from mlbox.elaboration import Elaboration, VarRef

EXPONENTIAL_SPLICE = ("code variable '{name}' is spliced {count} times into one `code`; it holds the code of "
                      "a recursive call of '{callee}', so the generated code grows exponentially with the "
                      "depth of the recursion")
EXPONENTIAL_SPLICE_NOTE = ("splice it once and share its value: "
                           "`let val {fresh} = {name} in ... {fresh} ... {fresh} end` inside `code`")


def shared_name(name: str) -> str:
    """The name the note binds the spliced value to: `y`, unless the code
    variable is itself called `y` (the note would read `let val y = y`)."""
    return "y" if name != "y" else "z"


def exponential_splices(program: S.Program, elab: Elaboration) -> list[Diagnostic]:
    """A warning for each code variable bound to the code of a recursive
    call of an enclosing function and spliced more than once into one
    `code`: the outermost `code` inside the variable's scope (a use at the
    cogen's own stage runs the code, it does not splice it). One walk of
    the tree, entering and leaving scopes; which recursive functions a
    cogen's generator calls is gathered on the way down and handed to the
    enclosing cogen on the way out."""
    refs = elab.refs
    active: set[int] = set()  # binders of the recursive functions around the walk
    codes: list[int] = []  # the `code`s around the walk, outermost first
    cogen_stage: dict[int, int] = {}  # cogen binder -> how many `code`s are around it
    # (code variable's binder, the `code` it is spliced into) -> its uses there
    splices: dict[tuple[int, int], list[S.Var]] = defaultdict(list)
    # cogen binder -> (its name, the name of a recursive function its generator calls)
    recursive: dict[int, tuple[str, str]] = {}
    # per cogen whose generator is being walked: the functions it calls, binder -> name
    open_calls: list[dict[int, str]] = []
    pending: list = [program.decs]
    while pending:
        node = pending.pop()
        if isinstance(node, _Leave):
            if node.kind == "rec":
                active.difference_update(node.what)
            elif node.kind == "code":
                codes.pop()
            else:
                calls = open_calls.pop()
                callee = next((name for binder, name in calls.items() if binder in active), None)
                if callee is not None:
                    recursive[id(node.what)] = (node.what.name, callee)
                if open_calls:
                    open_calls[-1].update(calls)
            continue
        if isinstance(node, (tuple, list)):
            pending.extend(reversed(node))
            continue
        if isinstance(node, S.Var):
            ref = refs.get(id(node))
            if isinstance(ref, VarRef):
                if open_calls and ref.binder in active:
                    open_calls[-1][ref.binder] = ref.name
                stage = cogen_stage.get(ref.binder) if ref.is_code else None
                if stage is not None and len(codes) > stage:
                    splices[(ref.binder, codes[stage])].append(node)
            continue
        if not S.is_node(type(node)):
            continue
        if isinstance(node, (S.FunDec, S.ValDec)):
            binders = ({id(bind) for bind in node.binds} if isinstance(node, S.FunDec) else
                       {id(p) for bind in node.recursive_binds for p in pattern_vars(bind.pat)})
            binders -= active
            active |= binders
            pending.append(_Leave("rec", binders))
        elif isinstance(node, S.Code):
            codes.append(id(node))
            pending.append(_Leave("code", None))
        elif isinstance(node, S.CogenDec):
            cogen_stage[id(node)] = len(codes)
            open_calls.append({})
            pending.append(_Leave("cogen", node))
            pending.append(node.exp)
            continue
        pending.extend(getattr(node, name) for name in S.child_fields(type(node)))
    warnings = []
    for (binder, _), uses in splices.items():
        if binder in recursive and len(uses) > 1:
            name, callee = recursive.pop(binder)  # one warning per cogen
            note = EXPONENTIAL_SPLICE_NOTE.format(name=name, fresh=shared_name(name))
            warnings.append(Diagnostic("warning", EXPONENTIAL_SPLICE.format(name=name, count=len(uses),
                                                                            callee=callee),
                                       uses[1].span, (note,)))
    return warnings


class _Leave:
    """On the walk's stack below a scope's contents: leave that scope."""

    __slots__ = ("kind", "what")

    def __init__(self, kind: str, what):
        self.kind = kind  # "rec" (what: binders), "code", or "cogen" (what: the CogenDec)
        self.what = what


def pattern_vars(pat) -> list[S.PVar]:
    """The variables a pattern (or a tuple of patterns) binds, in no
    particular order."""
    found, pending = [], [pat]
    while pending:
        p = pending.pop()
        if isinstance(p, S.PVar):
            found.append(p)
        elif isinstance(p, (tuple, list)):
            pending.extend(p)
        elif S.is_node(type(p)):
            pending.extend(getattr(p, name) for name in S.child_fields(type(p)))
    return found
