"""The ordinary translation ⟦M⟧Ω of the paper's §6.2 (Figure 4, upper half),
extended to the whole language.

The structural recursion is written once, in `Translation`, against a
`Target` that says how a run-time instruction is produced: here (`PLAIN`)
an instruction is itself; in generator.py (`GEN`) it is `emit(i)` and a
composite instruction is built from generated blocks with `merge`,
`mergebranch`, `mergeswitch` or `mergetry`. This is exactly the paper's
observation that the rules of ⟦M⟧^Λ_Ω are "the same as their normal
compilation counterparts, except that each instruction added by them is
emitted" — the underlining of Figure 4. The rules that genuinely differ
between the two translations are the staging ones: a code variable `u`
and `code M` (this file: `Compiler`; generator.py: `Generator`).

Invariant (paper §6.2.2): if M has value f in environment e, then
(e :: S, ⟦M⟧Ω; P) ⟹* (f :: S, P). Ω is a layout.Ctx.

Conventions:
  * a function value is a closure; a function body runs on (env, argument);
  * tuples are right-nested pairs (a, (b, c)); x :: l = C_1((x, l));
  * top-level declarations live in globals (`setglobal`/`getglobal`), so
    they are usable from generated code at any stage; local ones in the
    environment, pattern variables as paths into the matched value;
  * a sub-program that ends in `app` or `call` is a tail call: the machine
    keeps no continuation for it. Every rule keeps the translation of a
    sub-term in tail position last in its sequence.
"""

from __future__ import annotations

import abc
import itertools
from typing import Callable, Hashable, Optional, Sequence

import attrs

from ccam.instructions import (
    BUILTIN_EXNS,
    FALSE,
    TAG_CONS,
    TAG_NIL,
    TRUE,
    UNIT,
    ConstCon,
    ConstInt,
    ConstStr,
    I,
    Ins,
)
from mlbox import basis
from mlbox import matchcomp as mc
from mlbox import syntax as S
from mlbox.elaboration import BasisRef, ConRef, ExnRef, VarRef
from mlbox.layout import Ctx, root

# declarations that bind no value needing code (constructors are tags)
TYPE_ONLY_DECS = (S.DatatypeDec, S.DatatypeReplDec, S.TypeDec, S.FixityDec)

MATCH = BUILTIN_EXNS.index("Match")
BIND = BUILTIN_EXNS.index("Bind")

# Instructions that replace the top of the stack by a value that does not
# depend on it and have no effect: ⟨X, K⟩ = push; X; swap; K; cons may be
# compiled X; push; K; cons (one reduction less).
PURE_CONSTANT_OPS = frozenset({"quote", "getglobal", "arena"})

# Primitives whose result, and whether and what they raise, do not depend
# on the order of their two operands. With a constant first operand K
# (PURE_CONSTANT_OPS: no effect), p (K, X) is compiled as p (X, K):
# X; push; K; cons instead of push; K; swap; X; cons, one reduction less;
# running X before K is unobservable.
COMMUTATIVE_PRIMS = frozenset({"add", "mul", "wadd", "wmul", "wandb", "worb", "wxorb", "eq", "ne"})

TRY = getattr(I, "try")


# --------------------------------------------------------------- targets


class Target(abc.ABC):
    """How the translation produces run-time code (see the module doc)."""

    @abc.abstractmethod
    def ins(self, i: Ins) -> list[Ins]:
        raise NotImplementedError

    @abc.abstractmethod
    def cur(self, body: list[Ins]) -> list[Ins]:
        raise NotImplementedError

    @abc.abstractmethod
    def branch(self, yes: list[Ins], no: list[Ins]) -> list[Ins]:
        raise NotImplementedError

    @abc.abstractmethod
    def switch(self, arms: Sequence[list[Ins]]) -> list[Ins]:
        raise NotImplementedError

    @abc.abstractmethod
    def try_(self, body: list[Ins], handler: list[Ins]) -> list[Ins]:
        raise NotImplementedError

    @abc.abstractmethod
    def constant(self, code: list[Ins]) -> bool:
        """Whether `code` only replaces the top by a constant (see PURE_CONSTANT_OPS)."""
        raise NotImplementedError


class PlainTarget(Target):
    """Ordinary code: ⟦M⟧Ω."""

    def ins(self, i):
        return [i]

    def cur(self, body):
        return [I.cur(body)]

    def branch(self, yes, no):
        return [I.branch(yes, no)]

    def switch(self, arms):
        return [I.switch(arms)]

    def try_(self, body, handler):
        return [TRY(body, handler)]

    def constant(self, code):
        return len(code) == 1 and code[0].op in PURE_CONSTANT_OPS


PLAIN = PlainTarget()


# --------------------------------------------------------------- globals


@attrs.define
class Globals:
    """The global slots of a compiled program: the built-in exceptions in
    0..len(BUILTIN_EXNS)-1, then the prelude's bindings, then the program's.
    Slots are given out in declaration order; `names` are for diagnostics
    and the disassembler."""

    names: list[str] = attrs.Factory(lambda: list(BUILTIN_EXNS))
    by_binder: dict[int, int] = attrs.Factory(dict)
    # basis name -> global slot of its prelude definition
    prelude: dict[str, int] = attrs.Factory(dict)

    def slot(self, binder: int, name: str) -> int:
        if binder not in self.by_binder:
            self.by_binder[binder] = len(self.names)
            self.names.append(name)
        return self.by_binder[binder]

    def copy(self) -> "Globals":
        return Globals(list(self.names), dict(self.by_binder), dict(self.prelude))


class Unit_:
    """What one compilation shares: the checker's resolutions and the globals."""

    def __init__(self, refs: dict, globals_: Globals):
        self.refs = refs
        self.globals = globals_
        # binders of `cogen u = lift e`: their slot holds e's value itself
        # (see Translation.dec)
        self.lifted: set[int] = set()


_anon = itertools.count()


# A decision node whose occurrence takes more instructions than this to
# fetch binds it first (Translation.match_node): far beyond the patterns
# programs write (a 30-tuple's last component is 30 steps away).
SHORTCUT_MIN = 32


@attrs.frozen(eq=False)
class Anon:
    """An environment slot without a source name (a scrutinee, an argument
    of a clausal function, a loop closure). Each is its own key: compared
    by identity (its number is unique), in C, as the environment lookups
    (layout.Ctx) compare keys by the thousand."""

    what: str
    n: int = attrs.field(factory=lambda: next(_anon))


# --------------------------------------------------------------- the translation


class Translation(abc.ABC):
    """The structural recursion shared by ⟦M⟧Ω and ⟦M⟧^Λ_Ω: one method per
    construct. `self.t` is the target; `exp(e, ctx)` returns the code of e
    in the run-time context ctx (Ω)."""

    t: Target

    def __init__(self, unit: Unit_):
        self.unit = unit
        self.refs = unit.refs

    # ---- small combinators over the target

    def I(self, *ins: Ins) -> list[Ins]:
        out: list[Ins] = []
        for i in ins:
            out += self.t.ins(i)
        return out

    def pair(self, first: list[Ins], second: list[Ins]) -> list[Ins]:
        """⟨first, second⟩ (push; first; swap; second; cons)."""
        if self.t.constant(second):
            return first + self.I(I.push) + second + self.I(I.cons)
        return self.I(I.push) + first + self.I(I.swap) + second + self.I(I.cons)

    def pair_in_place(self, first: list[Ins], second: list[Ins]) -> list[Ins]:
        """pair(first, second), built in the longer of the two lists, which
        must be made for this pair only (the code of two subexpressions):
        copying both into a new list at each level made `((...(a, b)...), c)`,
        `f (f (... x))` or `a + b + ... + z` quadratic in its depth. The
        shorter is copied; the longer's items move up as one block, if at all."""
        if self.t.constant(second):  # first; push; second; cons
            first += self.I(I.push)
            first += second
            first += self.I(I.cons)
            return first
        if len(first) >= len(second):
            first[:0] = self.I(I.push)
            first += self.I(I.swap)
            first += second
            first += self.I(I.cons)
            return first
        second[:0] = self.I(I.push) + first + self.I(I.swap)
        second += self.I(I.cons)
        return second

    def bind(self, code: list[Ins]) -> list[Ins]:
        """⟨id, code⟩: pair the environment with the value of code."""
        return self.I(I.push) + code + self.I(I.cons)

    def access(self, ctx: Ctx, key: Hashable, path: tuple[str, ...] = ()) -> list[Ins]:
        """The code fetching key's value followed by `path` (projections)."""
        found = ctx.lookup(key, path)
        if found is None:
            raise AssertionError(f"variable {key!r} is not in the environment")
        return self.I(*found)

    def raise_builtin(self, index: int) -> list[Ins]:
        return self.I(I.getglobal(index), I.mkexn, getattr(I, "raise"))

    # ---- expressions

    def exp(self, e: S.Exp, ctx: Ctx) -> list[Ins]:
        return getattr(self, "exp_" + type(e).__name__)(e, ctx)

    def exp_ConstExp(self, e: S.ConstExp, ctx):
        return self.I(I.quote(constant(e.const)))

    def exp_Typed(self, e: S.Typed, ctx):
        return self.exp(e.exp, ctx)

    def exp_Var(self, e: S.Var, ctx):
        r = self.refs[id(e)]
        if isinstance(r, VarRef):
            if r.is_code:
                return self.code_var(r, ctx)
            if r.is_global:
                return self.I(I.getglobal(self.unit.globals.slot(r.binder, r.name)))
            return self.access(ctx, r.binder)
        if isinstance(r, ConRef):
            if not r.has_arg:
                return self.I(I.quote(ConstCon(r.tag)))
            return self.t.cur(self.I(I.acc(0), I.pack(r.tag)))
        if isinstance(r, ExnRef):
            if not r.has_arg:
                return self.exn_name(r, ctx) + self.I(I.mkexn)
            arg = Anon("exn argument")
            inner = ctx.push(arg)
            return self.t.cur(self.pair(self.exn_name(r, inner), self.I(I.acc(0))) + self.I(I.mkexnarg))
        if isinstance(r, BasisRef):
            return self.basis_value(r)
        raise AssertionError(f"unresolved variable {e.name}")

    def exp_App(self, e: S.App, ctx):
        fn = strip_typed(e.fn)
        if isinstance(fn, S.Var):
            r = self.refs[id(fn)]
            if isinstance(r, ConRef):
                return self.exp(e.arg, ctx) + self.I(I.pack(r.tag))
            if isinstance(r, ExnRef):
                return self.pair(self.exn_name(r, ctx), self.exp(e.arg, ctx)) + self.I(I.mkexnarg)
            if isinstance(r, BasisRef):
                direct = self.basis_apply(r, e.arg, ctx)
                if direct is not None:
                    return direct
        if isinstance(fn, S.Fn):
            # (fn p => b) a is `case a of p => b`: no closure is built
            return self.exp_Case(S.Case(e.arg, fn.rules, span=e.span), ctx)
        code = self.pair_in_place(self.exp(e.fn, ctx), self.exp(e.arg, ctx))
        code += self.I(I.app)
        return code

    def exp_Tuple(self, e: S.Tuple, ctx):
        if not e.items:
            return self.I(I.quote(UNIT))
        return self.tuple_code([self.exp(x, ctx) for x in e.items])

    def tuple_code(self, parts: list[list[Ins]]) -> list[Ins]:
        """(a, (b, c)) from the codes of a, b, c: pair(a, pair(b, c)), built
        as one prefix, the innermost pair and one suffix rather than by
        copying the growing tail once per component (quadratic in a long
        tuple). Only the innermost tail can be constant: every longer tail
        ends in a cons, so every outer pair is push; x; swap; ...; cons."""
        if len(parts) == 1:
            return parts[0]
        code = self.pair_in_place(parts[-2], parts[-1])
        if len(parts) == 2:
            return code
        prefix: list[Ins] = []
        for part in parts[:-2]:
            prefix += self.I(I.push)
            prefix += part
            prefix += self.I(I.swap)
        code[:0] = prefix
        code += self.I(I.cons) * (len(parts) - 2)
        return code

    def exp_ListExp(self, e: S.ListExp, ctx):
        # [a, b, c] is pair(a, pair(b, pair(c, nil) pack) pack) pack, built as
        # one prefix, the innermost pair and one suffix rather than by
        # copying the growing tail once per element (quadratic in a long
        # list literal). Only the nil tail can be constant: every longer
        # tail ends in a pack, so every outer pair is push; x; swap; ...; cons.
        code = self.I(I.quote(ConstCon(TAG_NIL)))
        if not e.items:
            return code
        items = [self.exp(x, ctx) for x in reversed(e.items)][::-1]  # compiled last first, as before
        # The code is built in the list of the last item's code (made just
        # now, for this list only): copying it into a new list at each
        # level made `[[...[1]...]]` quadratic in its depth.
        if self.t.constant(code):  # as pair(last, nil)
            last = items[-1]
            last += self.I(I.push)
            last += code
            last += self.I(I.cons)
            code = last
        else:
            code = self.pair(items[-1], code)
        code += self.I(I.pack(TAG_CONS))
        if len(items) == 1:
            return code
        prefix: list[Ins] = []
        for item in items[:-1]:
            prefix += self.I(I.push)
            prefix += item
            prefix += self.I(I.swap)
        code[:0] = prefix  # moves the pointers, as one block
        code += (self.I(I.cons) + self.I(I.pack(TAG_CONS))) * (len(items) - 1)
        return code

    def exp_Seq(self, e: S.Seq, ctx):
        code: list[Ins] = []
        for x in e.exps[:-1]:
            code += self.I(I.push) + self.exp(x, ctx) + self.I(I.drop)
        return code + self.exp(e.exps[-1], ctx)

    def exp_Let(self, e: S.Let, ctx):
        return self.decs(list(e.decs), ctx, lambda inner: self.exp(e.body, inner))

    def exp_If(self, e: S.If, ctx):
        return self.I(I.push) + self.exp(e.cond, ctx) + self.t.branch(self.exp(e.then, ctx), self.exp(e.else_, ctx))

    def exp_Andalso(self, e: S.Andalso, ctx):
        return self.I(I.push) + self.exp(e.left, ctx) + self.t.branch(self.exp(e.right, ctx), self.I(I.quote(FALSE)))

    def exp_Orelse(self, e: S.Orelse, ctx):
        return self.I(I.push) + self.exp(e.left, ctx) + self.t.branch(self.I(I.quote(TRUE)), self.exp(e.right, ctx))

    def exp_Case(self, e: S.Case, ctx):
        scrutinee = strip_typed(e.exp)
        r = self.refs.get(id(scrutinee)) if isinstance(scrutinee, S.Var) else None
        if isinstance(r, VarRef) and not r.is_code and not r.is_global:
            # the value already has a place in the environment: match it there
            return self.match_rules(e.rules, ctx, r.binder, self.raise_match)
        key = Anon("case")
        return self.bind(self.exp(e.exp, ctx)) + self.match_rules(e.rules, ctx.push(key), key, self.raise_match)

    def exp_Fn(self, e: S.Fn, ctx):
        return self.fn_code(e.rules, ctx)

    def fn_code(self, rules, ctx: Ctx) -> list[Ins]:
        arg = Anon("argument")
        return self.t.cur(self.match_rules(rules, ctx.push(arg), arg, self.raise_match))

    def exp_Raise(self, e: S.Raise, ctx):
        return self.exp(e.exp, ctx) + self.I(getattr(I, "raise"))

    def exp_Handle(self, e: S.Handle, ctx):
        exn = Anon("exception")
        inner = ctx.push(exn)
        def reraise(at: Ctx) -> list[Ins]:
            # `at`: the handler's match may have bound slots above the exception (a `ref` pattern)
            return self.access(at, exn) + self.I(getattr(I, "raise"))
        return self.t.try_(self.exp(e.exp, ctx), self.match_rules(e.rules, inner, exn, reraise))

    def exp_While(self, e: S.While, ctx):
        # A recursive closure: loop () = if c then (b; loop ()) else ().
        # The recursive call is a tail call, so the loop runs in constant stack.
        loop, arg = Anon("while loop"), Anon("unit")
        outer = ctx.push(loop)
        inner = outer.push(arg)
        again = self.pair(self.access(inner, loop), self.I(I.quote(UNIT))) + self.I(I.app)
        body = (self.I(I.push) + self.exp(e.cond, inner)
                + self.t.branch(self.I(I.push) + self.exp(e.body, inner) + self.I(I.drop) + again,
                                self.I(I.quote(UNIT))))
        start = self.pair(self.access(outer, loop), self.I(I.quote(UNIT))) + self.I(I.app)
        return self.I(I.rec(1), I.push) + self.t.cur(body) + self.I(I.update(0)) + start

    @abc.abstractmethod
    def exp_Lift(self, e: S.Lift, ctx):
        raise NotImplementedError

    @abc.abstractmethod
    def exp_Code(self, e: S.Code, ctx):
        raise NotImplementedError

    @abc.abstractmethod
    def code_var(self, r: VarRef, ctx: Ctx) -> list[Ins]:
        raise NotImplementedError

    # ---- basis values

    @staticmethod
    def basis_name(r: BasisRef) -> str:
        """The basis value `r` denotes: itself, or for an overloaded operator
        the instance at its type when a basis value implements that one
        (`~` at word is `Word.~`)."""
        if r.name in basis.OVERLOADS:
            instances = basis.OVERLOADS[r.name][1]
            target = instances[r.instance or next(iter(instances))]
            if target in basis.VALUES:
                return target
        return r.name

    def basis_prim(self, r: BasisRef) -> Optional[tuple]:
        """The implementation of a basis value: ("prim", p), ("id",),
        ("prelude",) or, for a selector, ("select", index, width)."""
        if S.is_selector(r.name):
            return ("select", int(r.name[1:]), int(r.instance))
        name = self.basis_name(r)
        if name in basis.OVERLOADS:
            instances = basis.OVERLOADS[name][1]
            return ("prim", instances[r.instance or next(iter(instances))])
        return basis.VALUES[name][1]

    def basis_value(self, r: BasisRef) -> list[Ins]:
        impl = self.basis_prim(r)
        if impl[0] == "prim":
            return self.t.cur(self.I(I.acc(0), I.prim(impl[1])))
        if impl[0] == "id":
            return self.t.cur(self.I(I.acc(0)))
        if impl[0] == "select":
            return self.t.cur(self.I(I.acc(0)) + self.select(impl[1], impl[2]))
        return self.I(I.getglobal(self.unit.globals.prelude[self.basis_name(r)]))

    def basis_apply(self, r: BasisRef, arg: S.Exp, ctx: Ctx) -> Optional[list[Ins]]:
        """A basis function applied to an argument, without a closure where
        the implementation allows; None to use a general application."""
        impl = self.basis_prim(r)
        if impl[0] == "prim":
            items = strip_typed(arg).items if isinstance(strip_typed(arg), S.Tuple) else ()
            if impl[1] in COMMUTATIVE_PRIMS and len(items) == 2:
                first, second = self.exp(items[0], ctx), self.exp(items[1], ctx)
                if self.t.constant(first) and not self.t.constant(second):
                    first, second = second, first
                code = self.pair_in_place(first, second)
                code += self.I(I.prim(impl[1]))
                return code
            return self.exp(arg, ctx) + self.I(I.prim(impl[1]))
        if impl[0] == "id":
            return self.exp(arg, ctx)
        if impl[0] == "select":
            return self.exp(arg, ctx) + self.select(impl[1], impl[2])
        if r.name == "not":
            return self.I(I.push) + self.exp(arg, ctx) + self.t.branch(self.I(I.quote(FALSE)), self.I(I.quote(TRUE)))
        return None

    def select(self, index: int, width: int) -> list[Ins]:
        """Component `index` of a tuple of `width` components, (a, (b, c))."""
        return self.I(*[I.snd] * (index - 1), *([I.fst] if index < width else []))

    def exn_name(self, r: ExnRef, ctx: Ctx) -> list[Ins]:
        """The exception name (made by newexn) an exception constructor denotes."""
        if r.builtin is not None:
            return self.I(I.getglobal(r.builtin))
        if r.prelude is not None:
            return self.I(I.getglobal(self.unit.globals.prelude[r.prelude]))
        if r.is_global:
            return self.I(I.getglobal(self.unit.globals.slot(r.binder, r.name)))
        return self.access(ctx, r.binder)

    # ---- matches

    def raise_match(self, _: Ctx) -> list[Ins]:
        return self.raise_builtin(MATCH)

    def raise_bind(self, _: Ctx) -> list[Ins]:
        return self.raise_builtin(BIND)

    def match_rules(self, rules: Sequence[S.Rule], ctx: Ctx, key: Hashable,
                    fail: Callable[[Ctx], list[Ins]]) -> list[Ins]:
        """Match the value of `key` against rules; run the chosen body."""
        return self.match_tree(self.rules_tree(rules, key), ctx, lambda action, inner: self.exp(rules[action].body, inner),
                               fail, [rule.body for rule in rules])

    def rules_tree(self, rules: Sequence[S.Rule], key: Hashable):
        """The decision tree matching the value of `key` against rules."""
        return mc.compile_match([key], [[mc.normalize(rule.pat, self.refs)] for rule in rules])

    def match_tree(self, tree, ctx: Ctx, leaf: Callable[[int, Ctx], list[Ins]],
                   fail: Callable[[Ctx], list[Ins]], bodies: Sequence[S.Exp] = ()) -> list[Ins]:
        """The code of a decision tree: tests, then `leaf(action, ctx)` with the
        pattern variables bound as paths into the scrutinee, or `fail(ctx)`
        where no rule matches. `bodies[action]`, where given, is the rule's
        body: its size decides whether a leaf reached on several paths is
        worth a join point.

        The tree is a DAG (matchcomp.compile_match); its large shared nodes
        become join points: closures `fn _ => node` bound where the match
        starts (or just after the Deref whose slot they read), each called
        (push; acc; swap; cons; app) where the node is reached. Smaller
        shared nodes are copied per path."""
        def leaf_weight(action: int) -> int:
            # in decision nodes: a node's code is about three times an AST node's
            if action >= len(bodies):
                return 1
            return 1 + S.node_count(bodies[action], 3 * mc.JOIN_MIN_EXTRA) // 3

        groups = mc.join_points(tree, leaf_weight=leaf_weight)
        joins: dict = {}
        code, ctx = self.bind_joins(groups.get(None, ()), ctx, leaf, fail, groups, joins)
        return code + self.match_node(tree, ctx, leaf, fail, groups, joins)

    def bind_joins(self, nodes, ctx: Ctx, leaf, fail, groups: dict, joins: dict) -> tuple[list[Ins], Ctx]:
        """Bind a closure for each join point of `nodes` (children first, so
        a join point's body can call those bound before it)."""
        code: list[Ins] = []
        for node in nodes:
            body = self.match_node(node, ctx.push(Anon("join argument")), leaf, fail, groups, joins, inline=True)
            key = Anon("join point")
            code += self.bind(self.t.cur(body))
            ctx = ctx.push(key)
            joins[id(node)] = key
        return code, ctx

    def match_node(self, tree, ctx: Ctx, leaf, fail, groups: dict, joins: dict, inline: bool = False) -> list[Ins]:
        """The code of one node of a decision tree; a join point is called
        unless `inline` (compiling the join point's own body)."""
        join = joins.get(id(tree))
        if join is not None and not inline:
            return self.I(I.push) + self.access(ctx, join) + self.I(I.swap, I.cons, I.app)
        if isinstance(tree, mc.Leaf):
            inner = ctx
            for key, (root_key, path) in tree.bindings:
                inner = inner.alias(key, root_key, path)
            return leaf(tree.action, inner)
        if isinstance(tree, mc.Fail):
            return fail(ctx)
        if isinstance(tree, mc.Deref):
            contents = self.bind(self.occurrence(ctx, tree.occ) + self.I(I.prim("deref")))
            bound, inner = self.bind_joins(groups.get(tree.key, ()), ctx.push(tree.key), leaf, fail, groups, joins)
            return contents + bound + self.match_node(tree.sub, inner, leaf, fail, groups, joins)
        fetch = self.occurrence(ctx, tree.occ)  # a Switch's or a Test's
        if len(fetch) > SHORTCUT_MIN:
            # a pattern nested deep: its value here gets a slot of its own,
            # from which the nodes below it fetch theirs (layout.Ctx.shortcut)
            key = Anon("deep occurrence")
            inner = ctx.push(key).shortcut(tree.occ[0], tree.occ[1], key)
            return self.bind(fetch) + self.match_node(tree, inner, leaf, fail, groups, joins, inline)
        if isinstance(tree, mc.Switch):
            arms = [self.match_node(a, ctx, leaf, fail, groups, joins) for a in tree.arms]
            scrutinee = self.I(I.push) + fetch
            if tree.datatype == "bool":
                return scrutinee + self.t.branch(arms[1], arms[0])
            return scrutinee + self.t.switch(arms)
        if isinstance(tree, mc.Test):
            yes = self.match_node(tree.yes, ctx, leaf, fail, groups, joins)
            no = self.match_node(tree.no, ctx, leaf, fail, groups, joins)
            if tree.kind in ("const", "less"):
                test = self.pair(fetch, self.I(I.quote(const_operand(tree.value))))
                if tree.kind == "const":
                    test += self.I(I.prim("eq"))
                else:
                    test += self.I(I.prim("slt" if isinstance(tree.value, bytes) else "lt"))
            else:
                test = self.pair(fetch, self.exn_name(tree.value, ctx)) + self.I(I.exnis)
            return self.I(I.push) + test + self.t.branch(yes, no)
        raise AssertionError(f"unknown decision tree {tree!r}")

    def occurrence(self, ctx: Ctx, occ) -> list[Ins]:
        root_key, path = occ
        return self.access(ctx, root_key, path)

    # ---- local declarations, in continuation-passing style: `rest(ctx)`
    # compiles what follows in the scope of the declaration

    def decs(self, decs: list, ctx: Ctx, rest: Callable[[Ctx], list[Ins]], start: int = 0) -> list[Ins]:
        """decs[start:], then `rest`. A run of declarations that only add
        slots (`val` of variables, `fun`, `exception`, `cogen`, types) is
        compiled in a loop, its code followed once by what comes after:
        through nested continuations, each of n declarations would copy the
        code of all those after it (and slice the list), O(n²) for a long
        `let` (tests/test_scaling.py)."""
        code: list[Ins] = []
        for i in range(start, len(decs)):
            d = decs[i]
            step = self.slot_dec(d, ctx)
            if step is None:
                return code + self.dec(d, ctx, lambda inner: self.decs(decs, inner, rest, i + 1))
            prefix, ctx = step
            code += prefix
        return code + rest(ctx)

    def slot_dec(self, d: S.Dec, ctx: Ctx) -> Optional[tuple[list[Ins], Ctx]]:
        """The code of a declaration that binds without a match (what
        `dec` emits before its continuation) and the context after it, or
        None for one that needs `dec` (a pattern, `local`)."""
        if isinstance(d, S.ValDec) and not d.recursive_binds:
            pats = [mc.normalize(b.pat, self.refs) for b in d.binds]
            if not all(isinstance(p, mc.MVar) for p in pats):
                return None
            code: list[Ins] = []
            for b, p in zip(d.binds, pats):
                code += self.bind(self.exp(b.exp, ctx))
                ctx = ctx.push(p.key)
            return code, ctx
        if isinstance(d, (S.ValDec, S.FunDec, S.ExceptionDec, S.CogenDec) + TYPE_ONLY_DECS):
            after: list[Ctx] = []
            code = self.dec(d, ctx, lambda inner: after.append(inner) or [])
            return code, after[0]
        return None

    def dec(self, d: S.Dec, ctx: Ctx, rest: Callable[[Ctx], list[Ins]]) -> list[Ins]:
        if isinstance(d, S.ValDec):
            # (`val x = e and rec f = fn ...`: the closures are made after e
            # is evaluated; they refer to no new variable but their own)
            recursive = [(pat_binder(b.pat), strip_typed(b.exp).rules) for b in d.recursive_binds]
            return self.val_binds(list(d.plain_binds), ctx,
                                  (lambda inner: self.rec_functions(recursive, inner, rest)) if recursive else rest)
        if isinstance(d, S.FunDec):
            return self.rec_functions([(id(fb), fb) for fb in d.binds], ctx, rest)
        if isinstance(d, S.ExceptionDec):
            code: list[Ins] = []
            for eb in d.binds:
                if eb.same_as is None:  # (a replication names an existing exception)
                    code += self.bind(self.I(I.newexn(eb.name)))
                    ctx = ctx.push(id(eb))
            return code + rest(ctx)
        if isinstance(d, S.LocalDec):
            # The checker has resolved every name: at run time the local
            # part is only more slots in the environment.
            return self.decs(list(d.decs) + list(d.body), ctx, rest)
        if isinstance(d, S.AbstypeDec):
            # (its datatypes, like any, need no code)
            return self.decs(list(d.body), ctx, rest)
        if isinstance(d, S.CogenDec):
            # ⟦let cogen u = M in N⟧ = ⟨⟦M⟧⟩; ⟦N⟧_(Ω,u) (underlined under code).
            # For `cogen u = lift e` the slot holds e's value v instead of the
            # generator [v : lift]: a use of u outside code is then v itself,
            # and under code the generator quotes v directly (code_var).
            lifted = lifted_exp(d.exp)
            if lifted is not None:
                self.unit.lifted.add(id(d))
                return self.bind(self.exp(lifted, ctx)) + rest(ctx.push(id(d)))
            return self.bind(self.exp(d.exp, ctx)) + rest(ctx.push(id(d)))
        if isinstance(d, TYPE_ONLY_DECS):
            return rest(ctx)
        raise AssertionError(f"unexpected local declaration {d!r}")

    def val_binds(self, binds: list, ctx: Ctx, rest) -> list[Ins]:
        if not binds:
            return rest(ctx)
        b, others = binds[0], binds[1:]
        value = self.exp(b.exp, ctx)
        pat = mc.normalize(b.pat, self.refs)
        if isinstance(pat, mc.MVar):
            return self.bind(value) + self.val_binds(others, ctx.push(pat.key), rest)
        key = Anon("val")
        tree = mc.compile_match([key], [[pat]])
        return self.bind(value) + self.match_tree(tree, ctx.push(key),
                                                  lambda _, inner: self.val_binds(others, inner, rest),
                                                  self.raise_bind)

    def rec_functions(self, fns: list, ctx: Ctx, rest) -> list[Ins]:
        """`fun f ... and g ...` / `val rec`: rec n makes n placeholder slots,
        each closure is built in the extended environment and patched in
        with update, so the closures see each other."""
        n = len(fns)
        inner = ctx
        for binder, _ in fns:
            inner = inner.push(binder)
        code = self.I(I.rec(n))
        for i, (_, fn) in enumerate(fns):
            code += self.I(I.push) + self.function(fn, inner) + self.I(I.update(n - 1 - i))
        return code + rest(inner)

    def function(self, fn, ctx: Ctx) -> list[Ins]:
        """A closure for the rules of a `fn` or the clauses of a `fun`."""
        if isinstance(fn, S.FunBind):
            return self.clauses(fn.clauses, ctx)
        return self.fn_code(fn, ctx)

    def clauses(self, clauses: Sequence[S.Clause], ctx: Ctx) -> list[Ins]:
        """fun f p1 ... pn = b | ... is fn a1 => ... fn an => case (a1, ..., an)
        of (p1, ..., pn) => b | ...; the match examines a1..an in place."""
        nargs = len(clauses[0].pats)
        args = [Anon(f"argument {i + 1}") for i in range(nargs)]
        inner = ctx
        for a in args:
            inner = inner.push(a)
        rows = [[mc.normalize(p, self.refs) for p in c.pats] for c in clauses]
        tree = mc.compile_match(args, rows)
        code = self.match_tree(tree, inner, lambda action, c: self.exp(clauses[action].body, c), self.raise_match,
                               [c.body for c in clauses])
        for _ in args:
            code = self.t.cur(code)
        return code


def lifted_exp(e: S.Exp) -> Optional[S.Exp]:
    """e' when e is `lift e'` (possibly with type constraints)."""
    e = strip_typed(e)
    return e.exp if isinstance(e, S.Lift) else None


def strip_typed(e):
    while isinstance(e, S.Typed):
        e = e.exp
    return e


def pat_binder(p: S.Pat) -> int:
    """The binder of a `val rec` pattern: its innermost variable, which the
    checker makes the binder of every name (`val rec f as g = fn ...`)."""
    var = S.val_rec_var(p)
    assert var is not None, "val rec binds variables only"
    return id(var)


def constant(c: S.Const):
    v = mc.const_value(c)
    return ConstStr(v) if isinstance(v, bytes) else ConstInt(v)


def const_operand(v):
    return ConstStr(v) if isinstance(v, bytes) else ConstInt(v)


# --------------------------------------------------------------- ⟦M⟧Ω


class Compiler(Translation):
    """⟦M⟧Ω: ordinary CCAM code."""

    t = PLAIN

    def code_var(self, r: VarRef, ctx: Ctx) -> list[Ins]:
        # ⟦u⟧Ω = ⟨Ω(u), arena⟩; app; call: run u's generator on a new block,
        # then run the block.
        if r.is_global:
            generator = [I.getglobal(self.unit.globals.slot(r.binder, r.name))]
        else:
            generator = self.access(ctx, r.binder)
        if r.binder in self.unit.lifted:
            return generator  # the lifted value itself
        # (the generator's mode, normal, goes under its argument: generator.py)
        from mlbox.generator import NORMAL

        return [I.push, I.quote(NORMAL), I.swap] + self.pair(generator, [I.arena]) + [I.app, I.call]

    def exp_Code(self, e: S.Code, ctx: Ctx) -> list[Ins]:
        # ⟦code M⟧Ω = Cur(⟦M⟧^Ω_·): a closure that, applied to a block,
        # generates M's code into it. At generation time the environment is
        # (e, block): Λ = Ω extended with the block.
        from mlbox.generator import Generator, BLOCK

        gen = Generator(self.unit, ctx.push(BLOCK))
        return [I.cur(gen.generator_body(e.exp))]

    def exp_Lift(self, e: S.Lift, ctx: Ctx) -> list[Ins]:
        # ⟦lift M⟧ = ⟦M⟧; Cur(G): G quotes M's value (generator.py).
        from mlbox.generator import LIFT_GENERATOR

        return self.exp(e.exp, ctx) + [I.cur(LIFT_GENERATOR)]

    # ---- top level: declarations in globals

    def program(self, decs: Sequence[S.Dec]) -> list[Ins]:
        """The code of a sequence of top-level declarations, run on (); each
        leaves () on the stack."""
        code: list[Ins] = []
        for d in decs:
            code += self.topdec(d)
        return code

    def set_global(self, binder: int, name: str) -> Ins:
        return I.setglobal(self.unit.globals.slot(binder, name))

    def topdec(self, d: S.Dec) -> list[Ins]:
        reset = [I.quote(UNIT)]
        if isinstance(d, S.ValDec):
            code: list[Ins] = []
            for b in d.plain_binds:
                code += self.top_val(b)
            if d.recursive_binds:
                code += self.top_functions([(pat_binder(b.pat), pat_name(b.pat), strip_typed(b.exp).rules)
                                            for b in d.recursive_binds])
            return code
        if isinstance(d, S.FunDec):
            return self.top_functions([(id(fb), fb.name, fb) for fb in d.binds])
        if isinstance(d, S.ExceptionDec):
            code = []
            for eb in d.binds:
                if eb.same_as is None:  # (a replication names an existing exception)
                    code += [I.newexn(eb.name), self.set_global(id(eb), eb.name)]
            return code + reset
        if isinstance(d, (S.LocalDec, S.AbstypeDec)):
            code = []
            for inner in (d.decs if isinstance(d, S.LocalDec) else ()) + d.body:
                code += self.topdec(inner)
            return code
        if isinstance(d, S.CogenDec):
            lifted = lifted_exp(d.exp)
            if lifted is not None:
                self.unit.lifted.add(id(d))
                return self.exp(lifted, root()) + [self.set_global(id(d), d.name)] + reset
            return self.exp(d.exp, root()) + [self.set_global(id(d), d.name)] + reset
        if isinstance(d, S.ExpDec):
            return self.exp(d.exp, root()) + [self.set_global(id(d), "it")] + reset
        if isinstance(d, TYPE_ONLY_DECS):
            return []
        raise AssertionError(f"unexpected declaration {d!r}")

    def top_functions(self, fns: list) -> list[Ins]:
        # Top-level functions reach each other (and themselves) through
        # globals, so they need no recursive environment.
        code: list[Ins] = []
        for binder, name, fn in fns:
            code += self.function(fn, root()) + [self.set_global(binder, name)]
        return code + [I.quote(UNIT)]

    def top_val(self, b: S.ValBind) -> list[Ins]:
        pat = mc.normalize(b.pat, self.refs)
        value = self.exp(b.exp, root())
        if isinstance(pat, mc.MVar):
            return value + [self.set_global(pat.key, pat_name(b.pat)), I.quote(UNIT)]
        key = Anon("val")
        names = [(binder, name) for binder, name in pattern_names(b.pat) if binder not in self.refs]
        tree = mc.compile_match([key], [[pat]])

        def store(_, inner: Ctx) -> list[Ins]:
            code: list[Ins] = []
            for binder, name in names:
                access = self.access(inner, binder)
                target = next((t for k, t in inner.aliases if k == binder), None)
                if len(access) > SHORTCUT_MIN and target is not None and len(target[1]) > 1:
                    # a variable deep in the value (the last of a long tuple
                    # pattern): the value around it gets a slot, from which
                    # the variables after it are fetched, or storing n
                    # components would take n²/2 steps (layout.Ctx.shortcut)
                    root_key, path = target[0], tuple(target[1][:-1])
                    around = Anon("deep binding")
                    code += self.bind(self.occurrence(inner, (root_key, path)))
                    inner = inner.push(around).shortcut(root_key, path, around)
                    access = self.access(inner, binder)
                code += [I.push] + access + [self.set_global(binder, name), I.drop]
            return code + [I.quote(UNIT)]

        return self.bind(value) + self.match_tree(tree, root().push(key), store, self.raise_bind)


def pat_name(p: S.Pat) -> str:
    while isinstance(p, S.PTyped):
        p = p.pat
    return getattr(p, "name", "_")


def pattern_names(p: S.Pat) -> list[tuple[int, str]]:
    """The variables a (normalised) pattern binds: (binder id, name)."""
    out: list[tuple[int, str]] = []

    def walk(q):
        if isinstance(q, S.PVar):
            out.append((id(q), q.name))
        elif isinstance(q, S.PAs):
            out.append((id(q), q.name))
            walk(q.pat)
        elif isinstance(q, (S.PTuple, S.PList)):
            for x in q.items:
                walk(x)
        elif isinstance(q, (S.PCon, S.PRef)):
            walk(q.arg)
        elif isinstance(q, S.PTyped):
            walk(q.pat)

    walk(p)
    return out
