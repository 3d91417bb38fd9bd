"""Warnings about staged programs that are well typed but probably not
what their author meant, found on a checked program (mlbox.checker runs
them when a program or REPL input has no error).

Exponential splicing. A generator that binds the code of its own
recursive call, `cogen u = gen (n - 1)`, and splices u twice into one
`code` copies that code at every level of the recursion: the code it
generates is exponential in the recursion's depth (2^n for two splices),
as the paper's splicing is a copy. Splicing u once and sharing its value,
`code (let val y = u in y + y end)`, keeps one copy. A code variable used
outside `code` (run, not spliced) or once per `code` is not reported, nor
one whose recursive call is under `lift` (`cogen u = lift (f (n - 1))`:
u's code is one constant).

Regeneration. `eval g` generates g's code and runs it, every time it is
evaluated; so does a code variable used outside `code`. Inside a function
whose argument the generator does not depend on (`fn x => eval (compPoly
poly1) x`), each call generates the same code again: generating it once,
outside the function, is what staging is for. Reported where the
generator mentions no variable bound in the innermost function around it
(at the same stage: a `code` inside that function starts a later one),
where a thunk given as an argument (`attempt (fn () => ...)`) is no
function: it delays its body, to be run once.
"""

from __future__ import annotations

import itertools
from collections import defaultdict

from mlbox import syntax as S
from mlbox.diagnostics import Diagnostic
from mlbox.elaboration import BasisRef, Elaboration, VarRef

EXPONENTIAL_SPLICE = ("code variable '{name}' is spliced {count} times into one `code`; it holds the code of "
                      "a recursive call of '{callee}', so the generated code grows exponentially with the "
                      "depth of the recursion")
EXPONENTIAL_SPLICE_NOTE = ("splice it once and share its value: "
                           "`let val {fresh} = {name} in ... {fresh} ... {fresh} end` inside `code`")


def shared_name(name: str, taken: set[str] = frozenset()) -> str:
    """The name the note binds the spliced value to: `y`, unless the code
    variable is itself called `y` (the note would read `let val y = y`) or
    the `code` already uses the name (`go (y :: ys)` would hide it): then
    the first of z, v, w, y1, y2, ... that is neither."""
    candidates = itertools.chain(("y", "z", "v", "w"), (f"y{i}" for i in itertools.count(1)))
    return next(c for c in candidates if c != name and c not in taken)


def names_in(node) -> set[str]:
    """Every name a syntax tree mentions or binds."""
    names: set[str] = set()
    pending = [node]
    while pending:
        node = pending.pop()
        if isinstance(node, (tuple, list)):
            pending.extend(node)
        elif S.is_node(type(node)):
            name = getattr(node, "name", None)
            if isinstance(name, str):
                names.add(name)
            pending.extend(getattr(node, field) for field in S.child_fields(type(node)))
    return names


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
    code_nodes: dict[int, S.Code] = {}
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
            elif node.kind == "lift":
                open_calls.pop()  # calls under `lift` make a constant: not spliced code
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
            code_nodes[id(node)] = node
            pending.append(_Leave("code", None))
        elif isinstance(node, S.Lift) and open_calls:
            # `cogen u = lift (gen (n - 1))` quotes the call's value: u's
            # code is one constant, however often it is spliced
            open_calls.append({})
            pending.append(_Leave("lift", None))
        elif isinstance(node, S.CogenDec):
            cogen_stage[id(node)] = len(codes)
            open_calls.append({})
            pending.append(_Leave("cogen", node))
            pending.append(node.exp)
            continue
        pending.extend(getattr(node, name) for name in S.child_fields(type(node)))
    warnings = []
    for (binder, code), uses in splices.items():
        if binder in recursive and len(uses) > 1:
            name, callee = recursive.pop(binder)  # one warning per cogen
            note = EXPONENTIAL_SPLICE_NOTE.format(name=name, fresh=shared_name(name, names_in(code_nodes[code])))
            warnings.append(Diagnostic("warning", EXPONENTIAL_SPLICE.format(name=name, count=len(uses),
                                                                            callee=callee),
                                       uses[1].span, (note,)))
    return warnings


REGENERATED = ("{what} generates this code again at every call of the function around it, though the "
               "generator does not depend on the function's arguments")
REGENERATED_EVAL_NOTE = "generate it once, outside the function (`val f = eval (...)`), and call f inside it"
# inside `code` the function is generated code: the generator must run before the `code`
REGENERATED_IN_CODE_NOTE = ("generate it once, before the `code` (`cogen f = ...`, the generator), and write f for "
                            "`eval (...)` inside it")
REGENERATED_COGEN_NOTE = ("'{name}' used outside `code` generates and runs its code each time: bind the "
                          "generated value once, outside the function, with `val f = eval (...)`")
REGENERATED_COGEN_IN_CODE_NOTE = ("'{name}' used outside `code` generates and runs its code each time: move "
                                  "this `cogen` before the `code`, and '{name}' inside it stands for the code")


def regenerations(program: S.Program, elab: Elaboration) -> list[Diagnostic]:
    """A warning for each `eval g`, and each `cogen u = g` whose u is used
    outside `code`, evaluated inside a function (a `fn` rule or a `fun`
    clause) when g mentions no variable bound in that function: every call
    generates the same code.

    Nodes are numbered in preorder. A variable used in g depends on the
    function F around it if its binder's number lies between F's and g's
    (bound inside F, not inside g); all the questions are answered in one
    sweep over the uses (a Fenwick tree counting binders), so that nested
    `eval`s do not walk each other's generators again."""
    refs = elab.refs
    first: dict[int, int] = {}
    last: dict[int, int] = {}  # of the generators, once walked
    count = 0
    # (function node or None, `code` depth at its entry), innermost last
    functions: list[tuple[object, int]] = [(None, 0)]
    depth = 0
    candidates: list[tuple[object, object, object, object]] = []  # (node, generator, function, kind)
    generators: set[int] = set()
    uses: list[tuple[int, int]] = []  # (number of a use of a variable, id of its binder), in order
    runs: set[int] = set()  # binders of code variables used outside `code`
    cogen_depth: dict[int, int] = {}
    fn_rules: set[int] = set()  # the rules of `fn`s (a `case`'s rules are no function)
    delays: set[int] = set()  # the rules of thunks given as arguments: looked through
    pending: list = [program.decs]
    while pending:
        node = pending.pop()
        if isinstance(node, _Leave):
            if node.kind == "code":
                depth -= 1
            elif node.kind == "fn":
                functions.pop()
            else:
                last[id(node.what)] = count
            continue
        if isinstance(node, (tuple, list)):
            pending.extend(reversed(node))
            continue
        if not S.is_node(type(node)):
            continue
        count += 1
        first[id(node)] = count
        if id(node) in generators:
            pending.append(_Leave("generator", node))
        if isinstance(node, S.Var):
            ref = refs.get(id(node))
            if isinstance(ref, VarRef):
                uses.append((count, ref.binder))
                if ref.is_code and cogen_depth.get(ref.binder) == depth:
                    runs.add(ref.binder)
            continue
        if isinstance(node, S.App):
            delays.update(_delayed_rules(node.arg))
        function, function_depth = functions[-1]
        if isinstance(node, S.App) and isinstance(node.fn, S.Var) and function is not None \
                and depth == function_depth and isinstance(refs.get(id(node.fn)), BasisRef) \
                and refs[id(node.fn)].name == "eval":
            candidates.append((node, node.arg, function, "eval" if depth == 0 else "eval in code"))
            generators.add(id(node.arg))
        elif isinstance(node, S.CogenDec):
            cogen_depth[id(node)] = depth
            if function is not None and depth == function_depth:
                candidates.append((node, node.exp, function, "cogen" if depth == 0 else "cogen in code"))
                generators.add(id(node.exp))
        elif isinstance(node, S.Code):
            depth += 1
            pending.append(_Leave("code", None))
        elif isinstance(node, (S.Rule, S.Clause)) and (isinstance(node, S.Clause) or id(node) in fn_rules) \
                and id(node) not in delays:
            functions.append((node, depth))
            pending.append(_Leave("fn", node))
        elif isinstance(node, S.Fn):
            fn_rules.update(id(rule) for rule in node.rules)
        pending.extend(getattr(node, name) for name in S.child_fields(type(node)))
    candidates = [c for c in candidates if not c[3].startswith("cogen") or id(c[0]) in runs]
    if not candidates:
        return []
    # dependent[k]: uses in candidate k's generator of binders numbered in
    # [its function's number, its generator's), counted as (uses up to the
    # generator's end) - (uses before its start)
    dependent = [0] * len(candidates)
    asks = []  # (up to this use number, candidate, sign)
    for k, (_, generator, function, _) in enumerate(candidates):
        asks.append((last[id(generator)], k, 1))
        asks.append((first[id(generator)] - 1, k, -1))
    asks.sort()
    tree = [0] * (count + 2)
    next_use = 0
    for upto, k, sign in asks:
        while next_use < len(uses) and uses[next_use][0] <= upto:
            bound = first.get(uses[next_use][1])
            if bound is not None:
                i = bound
                while i <= count:
                    tree[i] += 1
                    i += i & -i
            next_use += 1
        _, generator, function, _ = candidates[k]
        dependent[k] += sign * (_prefix(tree, first[id(generator)] - 1) - _prefix(tree, first[id(function)] - 1))
    warnings = []
    for (node, _, _, kind), found in zip(candidates, dependent):
        if found:
            continue
        if kind.startswith("eval"):
            note = REGENERATED_EVAL_NOTE if kind == "eval" else REGENERATED_IN_CODE_NOTE
            warnings.append(Diagnostic("warning", REGENERATED.format(what="`eval`"), node.span, (note,)))
        else:
            note = REGENERATED_COGEN_NOTE if kind == "cogen" else REGENERATED_COGEN_IN_CODE_NOTE
            warnings.append(Diagnostic("warning", REGENERATED.format(what=f"'{node.name}', used outside `code`,"),
                                       node.span, (note.format(name=node.name),)))
    return warnings


def _delayed_rules(arg) -> list[int]:
    """The rules of the thunks `fn () => e` among an application's
    argument (itself or the items of a tuple): SML's way to delay e for
    the function applied, to run it under a handler (`attempt (fn () =>
    eval (compile p) ())`) or later. Such a thunk is taken to be run once:
    the function that counts is the one around it, and generating its
    code before the thunk would take it out of the handler."""
    items = arg.items if isinstance(arg, S.Tuple) else (arg,)
    rules = []
    for item in items:
        while isinstance(item, S.Typed):
            item = item.exp
        if isinstance(item, S.Fn) and len(item.rules) == 1:
            pat = item.rules[0].pat
            while isinstance(pat, S.PTyped):
                pat = pat.pat
            if isinstance(pat, S.PTuple) and not pat.items:
                rules.append(id(item.rules[0]))
    return rules


def _prefix(tree: list[int], i: int) -> int:
    """The Fenwick tree's count of the numbers 1 .. i."""
    total = 0
    while i > 0:
        total += tree[i]
        i -= i & -i
    return total


class _Leave:
    """On the walk's stack below a scope's contents: leave that scope."""

    __slots__ = ("kind", "what")

    def __init__(self, kind: str, what):
        # "rec" (what: binders), "code", "lift", "cogen" (what: the CogenDec); for
        # regenerations: "fn" (what: the rule or clause), "generator"
        self.kind = kind
        self.what = what


def pattern_vars(pat, layers: bool = False) -> list:
    """The variables a pattern (or a tuple of patterns) binds, in no
    particular order: its PVar nodes, and with `layers` its PAs nodes
    (`x as p`, which bind x) too."""
    found, pending = [], [pat]
    while pending:
        p = pending.pop()
        if isinstance(p, S.PVar) or layers and isinstance(p, S.PAs):
            found.append(p)
            if isinstance(p, S.PAs):
                pending.append(p.pat)
        elif isinstance(p, (tuple, list)):
            pending.extend(p)
        elif S.is_node(type(p)):
            pending.extend(getattr(p, name) for name in S.child_fields(type(p)))
    return found
