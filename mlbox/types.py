"""The checker's type representation: type terms, unification and printing.

Types are `TVar` (a unification variable, mutable), `TCon` (a named type
constructor applied to arguments: `int`, `'a list`), `TArrow`, `TTuple`
(the empty tuple is `unit`) and `TBox` (`[t]`, □t).

Let-polymorphism uses levels (Rémy / OCaml): every variable records the
let-nesting depth at which it was created; generalisation turns variables
deeper than the current level into GENERIC ones, which instantiation copies.
Levels are lowered during unification so that a variable reachable from an
outer binding is never generalised by an inner one.

Type variables carry the constraints SML attaches to them:
  eq        it may only stand for a type admitting equality (''a)
  overload  it stands for one of a few base types (the operand of `+`, `<`)
  rigid     an explicit type variable written by the user ('a in an
            annotation): it unifies only with itself until generalised
"""

from __future__ import annotations

import itertools
from typing import Callable, Iterable, Optional, Union

from mlbox.pretty import ALL, PACK, Box, Break, Doc, Text

GENERIC = 1 << 30  # the level of a generalised (quantified) variable
# The max_level of a composite with no variable (and no alias argument) in
# it, whose datatypes are all the basis's; one holding a declared datatype
# is marked GROUND - (a stamp no datatype in it exceeds), so `<= GROUND`
# tells a ground node (see _occurs_adjust).
GROUND = -1

# One clock orders the making of type variables and the declaring of
# datatypes (TVar.born, Tycon.stamp): a variable can stand for no datatype
# declared after it; and (see vars_made_since) one whose `born` is still
# after a time was made since and linked into no older variable's type,
# so no type built before that time reaches it.
_clock = itertools.count(1)


def now() -> int:
    """The time (on the clock of variables and datatypes) of the next one."""
    return next(_clock)


class Overload:
    """The constraint on the operand type of an overloaded operator: the
    type names it may stand for and the default chosen if the context does
    not decide. `op` names the operator, for messages."""

    __slots__ = ("op", "allowed", "default")

    def __init__(self, op: str, allowed: tuple[str, ...], default: str):
        self.op = op
        self.allowed = allowed
        self.default = default

    def meet(self, other: "Overload") -> Optional["Overload"]:
        allowed = tuple(t for t in self.allowed if t in other.allowed)
        if not allowed:
            return None
        default = self.default if self.default in allowed else allowed[0]
        return Overload(self.op, allowed, default)

    def describe(self) -> str:
        names = list(self.allowed)
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class TVar:
    __slots__ = ("link", "level", "eq", "overload", "rigid", "born", "fields")

    def __init__(self, level: int, eq: bool = False, overload: Optional[Overload] = None,
                 rigid: Optional[str] = None):
        self.link: Optional[Type] = None
        self.level = level
        self.eq = eq
        self.overload = overload
        self.rigid = rigid  # the user's name ("'a") of an explicit type variable
        # when the variable was made (the clock above), lowered to the time
        # of any variable whose type it becomes part of: it can stand for no
        # datatype declared later (Tycon.stamp)
        self.born = next(_clock)
        # The argument of a selector `#i`: a tuple whose width is not known
        # yet, of at least max(fields) components, component i being
        # fields[i]. Like an overload, it is resolved once per unit of
        # elaboration and never quantified, nor are the variables inside.
        self.fields: Optional[dict[int, Type]] = None


class Tycon:
    """A type constructor: built-in (int, list, ref, ...) or declared by a
    datatype. `equality` is "always" (ref, array: identity), "never" (exn)
    or "args" (admits equality when its arguments do). `cons` lists a
    datatype's constructors (mlbox.checker.DataCon), in tag order."""

    __slots__ = ("name", "arity", "equality", "cons", "stamp", "abstract")

    # A declared datatype's `stamp` is when it was declared, on the clock of
    # the type variables (the basis's are 0): a type variable made
    # before it (TVar.born) cannot be bound to a type mentioning it, as in
    # SML the type of a variable is over the type names that exist where
    # it is bound (`val r = ref []` then `datatype t = A` then `r := [A]`
    # is an error, as in Poly/ML; so is `fn y => let datatype t = A in
    # y = A end`).

    def __init__(self, name: str, arity: int, equality: str = "args", declared: bool = False):
        self.name = name
        self.arity = arity
        self.equality = equality
        self.cons: list = []
        # an abstype's: `cons` are its constructors, which only the
        # declarations inside it see (values print as `-` outside)
        self.abstract = False
        self.stamp = next(_clock) if declared else 0

    @property
    def basis_name(self) -> str:
        """The name of a basis type (int, list, option, ...), "" for a type
        a program declared: it may reuse a basis name (`datatype int = A |
        B`), and whatever treats the basis's types specially (overloading,
        host conversions, printing) must not take it for the basis's."""
        return "" if self.stamp else self.name

    def __repr__(self) -> str:
        return f"Tycon({self.name})"


class Alias:
    """How a type was written: an abbreviation applied to arguments (`t`,
    `int pair`, `(char, 'a) StringCvt.reader`). The checker puts it on the
    node that the abbreviation's expansion made, so that types print as the
    program wrote them, as Poly/ML and SML/NJ print them. `abbrev` is the
    declaration (the printer checks that the name still denotes it where
    the type is shown). Every type variable of `args` occurs in the
    expansion (an argument the expansion leaves out has none), so
    unification, which never looks at an alias, keeps both in step."""

    __slots__ = ("name", "args", "abbrev")

    def __init__(self, name: str, args: tuple, abbrev: object):
        self.name = name
        self.args = args
        self.abbrev = abbrev


class TCon:
    __slots__ = ("max_level", "alias", "tycon", "args")

    def __init__(self, tycon: Tycon, args: tuple = ()):
        self.tycon = tycon
        self.args = args
        self.max_level = GENERIC
        self.alias: Optional[Alias] = None


class TArrow:
    __slots__ = ("max_level", "alias", "arg", "res")

    def __init__(self, arg, res):
        self.arg = arg
        self.res = res
        self.max_level = GENERIC
        self.alias: Optional[Alias] = None


class TTuple:
    __slots__ = ("max_level", "alias", "items")

    def __init__(self, items: tuple):
        self.items = items
        self.max_level = GENERIC
        self.alias: Optional[Alias] = None


class TBox:
    __slots__ = ("max_level", "alias", "body")

    def __init__(self, body):
        self.body = body
        self.max_level = GENERIC
        self.alias: Optional[Alias] = None


Type = Union[TVar, TCon, TArrow, TTuple, TBox]

# A composite type (TCon, TArrow, TTuple, TBox) records in `max_level` a
# level that no variable reachable from it exceeds (GENERIC: none known),
# as OCaml's type nodes carry a level. Binding a variable lowers every
# variable of the bound type to the variable's level and then marks the
# type's nodes, so a later bind at that level or above skips them instead
# of walking them again. The mark stays true as unification goes on: a
# variable reachable from a marked node is only ever linked to a type
# whose variables were lowered to its own level (or merged into a variable
# of the lower of both levels). Only `generalize` raises levels, and it
# clears the marks of the nodes it walks into; Snapshot.restore puts marks
# back with the levels. A node found to hold no variable at all is marked
# GROUND, below every level, which stays true for good (nothing in it can
# be linked): generalising, instantiating and binding then skip it, at any
# level (n nested `let val a = SOME (...) in a end` walked the whole type
# at each level: n² steps), the occurs check too, unless the variable is
# older than a datatype in it (the mark bounds their stamps): then the
# walk must find that datatype to report it escaping (`(fn x => [x]) ((fn
# x => [x]) (... 1))` walked the argument's whole type at each level).


def components(t: Type) -> tuple:
    """The types directly inside a (pruned) type, left to right; none for a
    variable. Walks that only visit use this; those that rebuild a type
    (instantiate, substitute) or treat the forms differently (equality,
    printing) dispatch themselves."""
    if isinstance(t, TArrow):
        return (t.arg, t.res)
    if isinstance(t, TTuple):
        return t.items
    if isinstance(t, TBox):
        return (t.body,)
    if isinstance(t, TCon):
        return t.args
    if isinstance(t, TVar) and t.fields:
        return tuple(t.fields.values())
    return ()


def walk(t: Type):
    """Every distinct (pruned) type in t, t first, then its components left
    to right (pre-order), without recursion. A node shared by several parts
    of t is visited once: `val x1 = (x0, x0) val x2 = (x1, x1) ...` makes a
    type of n nodes that is 2^n nodes as a tree."""
    seen: set[int] = set()
    pending = [t]
    while pending:
        t = prune(pending.pop())
        if id(t) in seen:
            continue
        seen.add(id(t))
        yield t
        pending.extend(reversed(components(t)))

UNIT = TTuple(())


def prune(t: Type) -> Type:
    """The representative of t: follow (and shorten) variable links."""
    if not isinstance(t, TVar) or t.link is None:
        return t
    root = t.link
    while isinstance(root, TVar) and root.link is not None:
        root = root.link
    while t is not root and isinstance(t, TVar) and t.link is not None:
        t.link, t = root, t.link
    return root


# ------------------------------------------------------------ unification


class UnifyError(Exception):
    """Why two types do not unify. `kind` is one of
      "mismatch"  different constructors (or a rigid variable)
      "circular"  the occurs check failed: `var` would contain itself
      "equality"  `ty` does not admit equality (`reason` says why)
      "overload"  an overloaded operator used at a type it lacks
      "escape"    an explicit type variable would escape its scope
      "tyname"    a variable would stand for a datatype declared after it
                  (`ty` is that datatype)
    The checker turns it into a diagnostic with the types in context."""

    def __init__(self, kind: str, var: Optional[TVar] = None, ty: Optional[Type] = None,
                 reason: str = "", overload: Optional[Overload] = None):
        super().__init__(kind)
        self.kind = kind
        self.var = var
        self.ty = ty
        self.reason = reason
        self.overload = overload


def unify(a: Type, b: Type, _entered: Optional[set] = None, fresh: frozenset = frozenset()) -> None:
    """Unify a and b. `fresh`: ids of variables of b that a cannot contain
    and that b holds once (fresh_domain_vars), bound without the occurs
    check."""
    a, b = prune(a), prune(b)
    if a is b:
        return
    if isinstance(a, TVar) and a.rigid is None:
        if isinstance(b, TVar) and b.rigid is None:
            _merge_vars(a, b)
        else:
            _bind(a, b)
        return
    if isinstance(b, TVar) and b.rigid is None:
        _bind(b, a, occurs=id(b) not in fresh)
        return
    if isinstance(a, TVar) or isinstance(b, TVar):  # a rigid variable against anything else
        raise UnifyError("mismatch")
    # two types built apart may share nodes (`val x1 = (x0, x0) ...`: 2^n
    # nodes as trees); a pair of nodes met again is unified already
    if _entered is None:
        _entered = set()
    elif (id(a), id(b)) in _entered:
        return
    _entered.add((id(a), id(b)))
    if isinstance(a, TArrow) and isinstance(b, TArrow):
        unify(a.arg, b.arg, _entered, fresh)
        unify(a.res, b.res, _entered, fresh)
    elif isinstance(a, TTuple) and isinstance(b, TTuple) and len(a.items) == len(b.items):
        for x, y in zip(a.items, b.items):
            unify(x, y, _entered, fresh)
    elif isinstance(a, TBox) and isinstance(b, TBox):
        unify(a.body, b.body, _entered, fresh)
    elif isinstance(a, TCon) and isinstance(b, TCon) and a.tycon is b.tycon:
        for x, y in zip(a.args, b.args):
            unify(x, y, _entered, fresh)
    else:
        raise UnifyError("mismatch")


def _merge_vars(v: TVar, into: TVar) -> None:
    """Link flexible variable v to flexible variable `into`, which inherits
    v's constraints."""
    if (v.fields or into.fields) and (v.overload or into.overload):
        # a tuple is not an operand of `+` or `<`: said as of any other type
        # the operator lacks (`fun f p = (#1 p; p + p)`), before either
        # variable is changed
        raise UnifyError("overload", ty=v if v.fields else into, overload=v.overload or into.overload)
    if v.overload is not None:
        if into.overload is None:
            into.overload = v.overload
        else:
            met = into.overload.meet(v.overload)
            if met is None:
                raise UnifyError("mismatch")
            into.overload = met
    into.eq = into.eq or v.eq
    into.level = min(into.level, v.level)
    into.born = min(into.born, v.born)
    if not (v.fields or into.fields):
        v.link = into
        return
    common = [(x, into.fields[i]) for i, x in (v.fields or {}).items() if into.fields and i in into.fields]
    fields = {**(v.fields or {}), **(into.fields or {})}  # a new dict: Snapshot keeps the old one
    # the variables of the fields are kept no deeper than their tuple;
    # neither variable may occur in them (`fun h p = #1 p p`: p's tuple
    # would hold a function taking p), since v becomes `into`
    held = TTuple(tuple(fields.values()))
    try:
        _occurs_adjust(into, held, into.level)
        _occurs_adjust(v, held, into.level)
    except UnifyError as err:
        if err.kind == "circular":
            shown = TVar(into.level)  # the tuple the variable would be: {1: 'a -> 'b, ...}
            shown.fields = fields
            err.ty = shown
        raise
    if into.eq:  # an equality tuple's components admit equality
        require_equality(TTuple(tuple(fields.values())))
    into.fields = fields
    v.link = into
    for x, y in common:
        unify(x, y)


def unify_fresh(t: Type, v: TVar) -> None:
    """unify(t, v) for a flexible variable v that was just created and that
    no type and no scope refers to yet (the result of a `fn` or `case`
    before its first arm, the element of a list before its first item).
    The same unifier, but t cannot contain v, so the occurs check, which
    would walk all of t, is left out: only the variables of t deeper than
    v are lowered (and rigid ones found escaping), skipping the nodes
    already known to have none. Without this, nesting n such constructs
    walked the inner types n times over."""
    t = prune(t)
    if v.link is not None or isinstance(t, TVar) or v.rigid is not None or v.eq or v.overload is not None \
            or v.fields:
        unify(t, v)
        return
    _occurs_adjust(v, t, v.level, occurs=False)
    v.link = t


def fresh_domain_vars(scheme: Type, instance: Type) -> tuple[frozenset[int], ...]:
    """For a function type `scheme` and its `instance` just made (and not
    yet unified with anything): the variables (their ids) that the
    instantiation made in the instance's domain and that unifying the
    domain with the type of an argument inferred apart meets but once,
    before anything can link the argument's type to them: the argument's
    type cannot contain them, and unify_instance binds them without the
    occurs check. (`SOME (SOME (... 1))` or `(... (1 :: []) ...) :: []`
    nested n deep walked the argument's whole type at each level in the
    occurs check: n² steps.)

    For a tuple domain, one set per component, unified in turn: those
    occurring once in the component and in none before it (`'a` of `'a *
    'a list`, in the first); otherwise one set, those occurring once. A
    node shared in the domain (met twice, as may be the variables in it)
    makes a set empty."""
    scheme, instance = prune(scheme), prune(instance)
    if not (isinstance(scheme, TArrow) and isinstance(instance, TArrow)):
        return (frozenset(),)
    general, made = prune(scheme.arg), prune(instance.arg)
    if isinstance(general, TTuple) and isinstance(made, TTuple) and len(general.items) == len(made.items):
        parts = list(zip(general.items, made.items))
    else:
        parts = [(general, made)]
    sets = []
    met_before: set[int] = set()
    for general, made in parts:
        occurrences = _made_var_occurrences(general, made)
        sets.append(frozenset() if occurrences is None else
                    frozenset(var for var, count in occurrences.items() if count == 1 and var not in met_before))
        met_before.update(occurrences or ())
        if occurrences is None:
            return tuple(sets) + (frozenset(),) * (len(parts) - len(sets))
    return tuple(sets)


def vars_made_since(domain: Type, start: int) -> frozenset[int]:
    """For the domain of a `fn` checked since `start` (now() before it) and
    applied at once to an argument not yet inferred (`(fn x => [x]) e`):
    the variables (their ids) made since `start` that occur once in the
    domain, none of its nodes shared; no argument's type can contain them,
    so unification binds them without the occurs check (fresh_domain_vars
    says why once). A variable made since `start` and still born after it
    was linked into no older one's type, so no type built before `start`
    reaches it: the argument's can reach the `fn`'s types only through
    those. (`(fn x => [x]) ((fn x => [x]) (... []))` walked the argument's
    whole type at each level: n² steps.)"""
    count: dict[int, int] = {}
    entered: set[int] = set()
    pending = [domain]
    while pending:
        t = prune(pending.pop())
        if isinstance(t, TVar):
            if t.born > start and t.rigid is None:
                count[id(t)] = count.get(id(t), 0) + 1
            if t.fields:
                return frozenset()
            continue
        if id(t) in entered:
            return frozenset()
        entered.add(id(t))
        pending.extend(components(t))
    return frozenset(var for var, n in count.items() if n == 1)


def _made_var_occurrences(general: Type, made: Type) -> Optional[dict[int, int]]:
    """How many times each variable that instantiating `general` made in
    `made` occurs in it; None if a node of `general` is shared."""
    occurrences: dict[int, int] = {}
    entered: set[int] = set()
    pending = [(general, made)]
    while pending:
        general, made = (prune(t) for t in pending.pop())
        if isinstance(general, TVar):
            if general.level == GENERIC and isinstance(made, TVar) and made is not general:
                occurrences[id(made)] = occurrences.get(id(made), 0) + 1
            continue
        if id(general) in entered or type(general) is not type(made):
            return None
        entered.add(id(general))
        parts, made_parts = components(general), components(made)
        if len(parts) != len(made_parts):
            return None
        pending.extend(zip(parts, made_parts))
    return occurrences


def is_shallow_instance(scheme: Type, instance: Type) -> bool:
    """Whether `instance`, made from `scheme` and not yet unified with
    anything, is a type constructor applied to distinct variables the
    instantiation made (the `'b list` of `[]`, the `'b option` of `NONE`):
    what unify_made_args takes."""
    scheme, instance = prune(scheme), prune(instance)
    if not (isinstance(scheme, TCon) and isinstance(instance, TCon) and scheme.tycon is instance.tycon
            and scheme.args):
        return False
    made = [prune(x) for x in instance.args]
    return (all(isinstance(x, TVar) and x.level == GENERIC for x in map(prune, scheme.args))
            and all(isinstance(x, TVar) and x.level != GENERIC and x.link is None for x in made)
            and len({id(x) for x in made}) == len(made))


def unify_made_args(actual: Type, expected: Type) -> None:
    """unify(actual, expected) for an `actual` that is a bare variable or
    a type constructor applied to distinct variables, each made since
    `expected` was (the type of a `_` or of a pattern variable, an
    is_shallow_instance), and not unified with anything since: then no
    variable of actual occurs in expected. Each occurs once, and they are
    bound in turn to their parts of expected (or merged with them, when
    variables): such a merge may make a later part reach an earlier
    variable of actual, never its own one. So each is bound by
    unify_fresh, without the occurs check, which walked
    the whole expected type: `(... ([] :: []) ...) :: []` and the pattern
    `(... (y :: _) ...) :: _` bound the `'b` of each `[]` and `_` to the
    list type before it, n² steps at depth n."""
    actual, expected = prune(actual), prune(expected)
    if isinstance(actual, TVar):
        unify_fresh(expected, actual)
    elif isinstance(actual, TCon) and isinstance(expected, TCon) and actual.tycon is expected.tycon:
        for made, part in zip(actual.args, expected.args):
            unify_fresh(part, made)
    else:
        unify(actual, expected)


def unify_instance(actual: Type, domain: Type, fresh: tuple[frozenset[int], ...],
                   made: tuple[bool, ...] = ()) -> None:
    """unify(actual, domain) for the domain of an instance that
    fresh_domain_vars gave `fresh` for: a tuple component by component.
    `made`: for each component (or for actual, one), whether it may be
    unified by unify_made_args."""
    made = made or (False,) * len(fresh)
    if len(fresh) == 1:
        if made[0]:
            unify_made_args(actual, domain)
        else:
            unify(actual, domain, fresh=fresh[0])
        return
    actual, domain = prune(actual), prune(domain)
    if not (isinstance(actual, TTuple) and isinstance(domain, TTuple)
            and len(actual.items) == len(domain.items) == len(fresh) == len(made)):
        unify(actual, domain)
        return
    for x, y, fresh_here, made_here in zip(actual.items, domain.items, fresh, made):
        if made_here:
            unify_made_args(x, y)
        else:
            unify(x, y, fresh=fresh_here)


def _bind(v: TVar, t: Type, occurs: bool = True) -> None:
    """Bind flexible variable v to non-variable (or rigid) type t; without
    the occurs check if `occurs` is false (t cannot contain v)."""
    try:
        _occurs_adjust(v, t, v.level, occurs)
    except UnifyError as err:
        if err.kind == "circular":
            err.ty = t
        raise
    if v.overload is not None:
        _require_overload(v.overload, t)
    if v.fields:
        t = prune(t)
        if not isinstance(t, TTuple) or len(t.items) < max(v.fields):
            raise UnifyError("mismatch")
    if v.eq:
        require_equality(t)
    v.link = t
    if v.fields:
        try:
            for i, x in v.fields.items():
                unify(x, t.items[i - 1])
        except UnifyError:
            # unlinked, v shows what the selector expected ({1: 'a option,
            # ...}), not the tuple it was being bound to
            v.link = None
            raise


def _occurs_adjust(v: TVar, t: Type, level: int, occurs: bool = True) -> None:
    """Walk t (pre-order): fail if v occurs in it (unless `occurs` is
    false: the caller knows it cannot), lower its variables deeper than
    `level`, fail on a rigid one; then mark the composite nodes walked as
    holding no variable deeper than `level` (or none at all: ground).
    Ground nodes are not entered unless v is older than a datatype in
    them; without the occurs check, nodes already marked at `level` or
    below neither."""
    walked = []
    entered: set[int] = set()  # a shared node is walked once
    pending = [t]
    ground = True  # no variable, and no alias argument, met so far
    youngest = 0  # the largest stamp of a datatype met so far
    while pending:
        u = prune(pending.pop())
        if isinstance(u, TVar):
            ground = False
            if u is v:
                raise UnifyError("circular", var=v)
            if u.level > level:
                if u.rigid is not None:
                    raise UnifyError("escape", var=u)
                u.level = level
            if u.born > v.born:
                u.born = v.born
            if u.fields:
                pending.extend(u.fields.values())
            continue
        if u.max_level <= GROUND and (not occurs or GROUND - u.max_level <= v.born):
            youngest = max(youngest, GROUND - u.max_level)
            continue  # no variable in it, and no datatype younger than v (or v is just made)
        if not occurs and u.max_level <= level:
            ground = False
            continue  # (only for a v just made: no datatype is younger than it)
        if id(u) in entered:
            continue
        entered.add(id(u))
        if isinstance(u, TCon) and u.tycon.stamp:
            if u.tycon.stamp > v.born:
                raise UnifyError("tyname", var=v, ty=u)
            youngest = max(youngest, u.tycon.stamp)
        if u.alias is not None and u.alias.args:
            ground = False
        walked.append(u)
        pending.extend(reversed(components(u)))
    mark = GROUND - youngest if ground else level
    for u in walked:
        # a ground node keeps its own bound, which may be tighter than t's
        if u.max_level > mark and u.max_level > GROUND:
            u.max_level = mark


def _require_overload(ov: Overload, t: Type) -> None:
    t = prune(t)
    if isinstance(t, TCon) and t.tycon.basis_name in ov.allowed and not t.args:
        return
    raise UnifyError("overload", ty=t, overload=ov)


def _never_equality_cause(tycon: Tycon) -> str:
    """For a datatype that never admits equality: the constructor that
    makes it so, and what it holds (`its constructor F holds a function`).
    What a ref or an array holds does not count (they admit equality
    whatever they hold), as in _infer_equality."""
    for con in tycon.cons:
        arg = prune(con.ty)
        if not con.has_arg or not isinstance(arg, TArrow):
            continue
        seen: set[int] = set()
        pending = [arg.arg]
        while pending:
            u = prune(pending.pop())
            if id(u) in seen:
                continue
            seen.add(id(u))
            if isinstance(u, TArrow):
                return f"its constructor {con.name} holds a function"
            if isinstance(u, TBox):
                return f"its constructor {con.name} holds a generator [t]"
            if isinstance(u, TCon):
                if u.tycon.equality == "always" or u.tycon is tycon:
                    continue
                if u.tycon.equality == "never":
                    return f"its constructor {con.name} holds a value of type {u.tycon.name}"
            pending.extend(reversed(components(u)))
    return ""


def require_equality(t: Type) -> None:
    """Constrain t to admit equality, or raise UnifyError("equality")."""
    reason = _equality_violation(t, True, set())
    if reason:
        raise UnifyError("equality", ty=t, reason=reason)


def _equality_violation(t: Type, constrain: bool, admitted: set[int]) -> str:
    """Why t does not admit equality ("" if it does); `admitted` holds the
    composite nodes found to admit it, which a shared node is not checked
    again against."""
    t = prune(t)
    if isinstance(t, TVar):
        if t.eq:
            return ""
        if t.rigid is not None:
            return f"{t.rigid} is not an equality type variable (write ''{t.rigid[1:]})"
        if t.fields:  # a tuple whose width is not known yet: its known components too
            for x in t.fields.values():
                reason = _equality_violation(x, constrain, admitted)
                if reason:
                    return reason
        if constrain:
            t.eq = True
        return ""
    if isinstance(t, TArrow):
        return "functions cannot be compared"
    if isinstance(t, TBox):
        return "generators [t] cannot be compared"
    if id(t) in admitted:
        return ""
    if isinstance(t, TTuple):
        for x in t.items:
            reason = _equality_violation(x, constrain, admitted)
            if reason:
                return reason
        admitted.add(id(t))
        return ""
    if t.tycon.equality == "always":
        return ""
    if t.tycon.abstract:
        return f"{t.tycon.name} is an abstype, and outside its declaration no abstype admits equality"
    if t.tycon.equality == "never":
        return _never_equality_cause(t.tycon) or f"values of type {t.tycon.name} cannot be compared"
    for x in t.args:
        reason = _equality_violation(x, constrain, admitted)
        if reason:
            return reason
    admitted.add(id(t))
    return ""


def admits_equality(t: Type) -> bool:
    return not _equality_violation(t, False, set())


# ------------------------------------------------- generalise, instantiate


def generalize(t: Type, level: int) -> None:
    """Quantify the variables of t deeper than `level`. Variables with an
    overload constraint are never quantified (overloading is resolved once
    per unit of elaboration, the top-level declarations up to a `;`): they
    are kept at `level`."""
    entered: set[int] = set()  # a shared node is walked once
    pending = [t]
    selected: list[TVar] = []
    while pending:
        v = prune(pending.pop())
        if isinstance(v, TVar):
            if v.level > level and v.level != GENERIC:
                if v.fields:
                    selected.append(v)
                v.level = level if v.overload is not None or v.fields else GENERIC
            continue
        if v.max_level <= level or id(v) in entered:  # nothing deeper inside: nothing to quantify
            continue
        entered.add(id(v))
        v.max_level = GENERIC  # its variables may now be generic
        pending.extend(reversed(components(v)))
    # What a selector's tuple will be found to hold is not quantified
    # either, even where it was met (and quantified) first above: it is
    # never generic otherwise (as the fields' variables are kept at their
    # tuple's level), so this undoes exactly that.
    for v in selected:
        for u in free_vars(TTuple(tuple(v.fields.values()))):
            if u.level > level:
                u.level = level


def restrict(t: Type, level: int) -> None:
    """The value restriction: keep t's variables monomorphic at `level`, so
    that an enclosing binding may still generalise them."""
    for v in free_vars(t):
        if v.level > level and v.level != GENERIC:
            v.level = level


def instantiate(t: Type, level: int) -> Type:
    """A copy of t with fresh variables (at `level`) for its generic ones.
    A node shared in t is copied once and shared in the copy."""
    mapping: dict[int, Type] = {}  # id of a generic variable or composite node -> its copy

    def copy(t: Type) -> Type:
        t = prune(t)
        if isinstance(t, TVar):
            if t.level != GENERIC:
                return t
            fresh = mapping.get(id(t))
            if fresh is None:
                fresh = mapping[id(t)] = TVar(level, eq=t.eq)
            return fresh
        if (isinstance(t, TCon) and not t.args) or (isinstance(t, TTuple) and not t.items) \
                or t.max_level <= GROUND:
            return t  # closed: shared, with its alias
        made = mapping.get(id(t))
        if made is None:
            parts = components(t) + (t.alias.args if t.alias is not None else ())
            unchanged = all(copy(x) is prune(x) for x in parts)  # no generic variable inside: share t
            made = mapping[id(t)] = t if unchanged else rebuild(t, copy)
        return made

    return copy(t)


def substitute(t: Type, mapping: dict[int, Type]) -> Type:
    """Replace the variables whose id() is in mapping (type abbreviations,
    datatype parameters)."""
    t = prune(t)
    if isinstance(t, TVar):
        return mapping.get(id(t), t)
    return rebuild(t, lambda part: substitute(part, mapping))


def rebuild(t: Type, f: Callable[[Type], Type]) -> Type:
    """A new node of composite type t's form, with f applied to each of its
    components and to the arguments of its alias."""
    if isinstance(t, TArrow):
        made = TArrow(f(t.arg), f(t.res))
    elif isinstance(t, TTuple):
        made = TTuple(tuple(f(x) for x in t.items))
    elif isinstance(t, TBox):
        made = TBox(f(t.body))
    else:
        made = TCon(t.tycon, tuple(f(x) for x in t.args))
    if t.alias is not None:
        made.alias = Alias(t.alias.name, tuple(f(x) for x in t.alias.args), t.alias.abbrev)
    return made


def aliased(t: Type, name: str, args: tuple, abbrev: object) -> Type:
    """t (an abbreviation's expansion at `args`), to be printed as `name`
    applied to `args`: a new node, since t may be shared. A variable (the
    expansion of `type 'a id = 'a`) stays itself."""
    t = prune(t)
    if isinstance(t, TVar):
        return t
    made = rebuild(t, lambda part: part)
    made.alias = Alias(name, args, abbrev)
    return made


def free_vars(t: Type) -> list[TVar]:
    """The distinct unbound variables of t, in order of appearance."""
    found: dict[int, TVar] = {}
    entered: set[int] = set()
    pending = [t]
    while pending:
        u = prune(pending.pop())
        if isinstance(u, TVar):
            found.setdefault(id(u), u)
        elif u.max_level > GROUND and id(u) not in entered:  # (as walk, without the ground nodes)
            entered.add(id(u))
        else:
            continue
        pending.extend(reversed(components(u)))
    return list(found.values())


def is_settled(t: Type) -> bool:
    """Whether checking can no longer change t: every variable in it is
    generic (quantified), so uses instantiate copies of them. A weak or
    overloaded variable may still be bound by a later input."""
    return not any(isinstance(v, TVar) and v.level != GENERIC for v in walk(t))


# ----------------------------------------------------------------- printing


# How many times printing one type may print again a composite node it has
# printed already; past that the rest prints as `...` (Poly/ML too cuts
# large types). A type shares nodes: n declarations `val x1 = (x0, x0)
# val x2 = (x1, x1) ...` make one of n nodes that prints as 2^n, and every
# message, `mlbox check` line and REPL reply prints types. Without repeats a
# type prints in full: its nodes were each made by a step of checking.
MAX_REPEATED_NODES = 1_000
ELIDED = "..."


def _letters(n: int) -> str:
    """The n-th type variable's name: a ... z, then ba, bb, ... zz, as
    SML/NJ names them (its boundTyvarName; here on past zz: bba, ...)."""
    letter = chr(ord("a") + n % 26)
    return letter if n < 26 else _letters(n // 26) + letter


Piece = Union[Doc, str]  # what a TypePrinter builds: a document or its text


class _Docs:
    """Builds a type as a document (TypePrinter.doc)."""

    text = Text
    brk = Break

    @staticmethod
    def box(kind: str, indent: int, items) -> Doc:
        return Box(kind, indent, items)


class _Strings:
    """Builds a type as the document's one-line text at once (what
    `flat` would make of it, without making it: most types are printed
    only as text, for messages and `mlbox check`)."""

    @staticmethod
    def text(text: str) -> str:
        return text

    @staticmethod
    def brk(spaces: int, offset: int) -> str:
        return " " * spaces

    @staticmethod
    def box(kind: str, indent: int, items) -> str:
        return "".join(items)


def _keeps_own_name(v: TVar) -> bool:
    """Whether v prints by the name the user wrote: an explicit type
    variable while its declaration is checked (so that a message speaks of
    the user's 'b). Once generalised it is a variable of the type scheme
    like any other, named in order of appearance, as Poly/ML and SML/NJ
    name it (`fun id (x : 'b) = x` is `'a -> 'a`)."""
    return v.rigid is not None and v.level != GENERIC


class TypePrinter:
    """Prints types SML-style. Variables are named 'a, 'b, ... in order of
    first appearance, consistently across every type printed by the same
    printer (so the two sides of a mismatch use the same names). Rigid
    (explicit) variables keep the user's name. With `weak=True`,
    non-generalised variables print as '_a (a REPL binding's weak type);
    with `weak_before`, those made before that time (types.now) do: an
    error in a REPL input names an earlier binding's weak variable as its
    reply did (`'_a list`), while the input's own unknowns stay `'a`.

    `visible`, when given, tells what a type name denotes where the type is
    shown (a Tycon, an abbreviation, or None): a type constructor whose
    name now denotes another type prints as `?.t`, as Poly/ML prints a
    datatype shadowed by a later one or hidden by `local`, so that two
    different types are not both shown as `t`.

    Types print by the abbreviations they were written with (their
    `alias`); with `abbreviations=False`, as what they stand for. A type
    constructor's arguments are separated by `, ` as Poly/ML writes them
    (`(int, bool) t`); with `tight=True` by `,` as SML/NJ writes them
    (`(int,bool) t`, the REPL's replies). A type is
    printed in full up to MAX_REPEATED_NODES repeats of its shared nodes,
    the rest as `...`."""

    def __init__(self, weak: bool = False, visible: Optional[Callable[[str], object]] = None,
                 abbreviations: bool = True, tight: bool = False, weak_before: int = 0):
        self.weak = weak
        self.weak_before = weak_before
        self.visible = visible
        self.abbreviations = abbreviations
        self.tight = tight
        self.names: dict[int, str] = {}
        self.taken: set[str] = set()
        self.counter = 0
        # the nodes printed by an alias's name, in order (a message may
        # want to say what they stand for: `expansion`)
        self.named: list = []
        self._named_ids: set[int] = set()
        self._unnamed = None  # the node `expansion` prints: not by its own alias
        self._printed: set[int] = set()  # composite nodes of the type being printed
        self._left = MAX_REPEATED_NODES  # repeats it may still print
        self._build = _Strings  # makes text, or a document (`doc`)

    def show(self, t: Type) -> str:
        self._build = _Strings
        self._start()
        return self._arrow(t)

    def doc(self, t: Type) -> Doc:
        """t as a document, broken as SML/NJ breaks a long type when it is
        laid out in a line width (mlbox/pretty.py)."""
        self._build = _Docs
        self._start()
        return Box(PACK, 1, [self._arrow(t)])

    def _start(self) -> None:
        self._printed = set()
        self._left = MAX_REPEATED_NODES

    def _spent(self, t: Type) -> bool:
        """Whether composite node t, about to be printed, is to print as
        `...`: it is a repeat past the bound, or the bound was passed."""
        if self._left < 0:
            return True
        if id(t) in self._printed:
            self._left -= 1
            return self._left < 0
        self._printed.add(id(t))
        return False

    def show_all(self, types: Iterable[Type]) -> list[str]:
        types = list(types)
        found: list[TVar] = []
        entered: set[int] = set()  # a shared node's variables were found at its first place
        for t in types:  # name in order across all of them before printing
            pending = [t]
            while pending:  # the order they print in
                u = prune(pending.pop())
                if isinstance(u, TVar) and u.fields:  # prints as {1: t1, ...}: t1's variables
                    if id(u) not in entered:
                        entered.add(id(u))
                        pending.extend(reversed([u.fields[i] for i in sorted(u.fields)]))
                elif isinstance(u, TVar):
                    if u.overload is None:  # (one prints as its default type)
                        found.append(u)
                elif id(u) not in entered:
                    entered.add(id(u))
                    alias = self._alias(u)
                    pending.extend(reversed(alias.args if alias is not None else components(u)))
        # explicit variables first, so that they keep the names the user
        # wrote even where another variable prints before them; then an
        # earlier input's weak ones, more often named as its reply named them
        for v in sorted(found, key=lambda v: (not _keeps_own_name(v), not self._earlier_weak(v))):
            self._name(v)
        return [self.show(t) for t in types]

    def _earlier_weak(self, v: TVar) -> bool:
        return v.born < self.weak_before and v.level != GENERIC

    def _name(self, v: TVar) -> str:
        name = self.names.get(id(v))
        if name is not None:
            return name
        if _keeps_own_name(v) and v.rigid not in self.taken:
            name = v.rigid
        else:
            while True:
                base = _letters(self.counter)
                self.counter += 1
                quote = "''" if v.eq else "'"
                weak = "_" if (self.weak and v.level != GENERIC) or self._earlier_weak(v) else ""
                name = quote + weak + base
                if name not in self.taken:
                    break
        self.taken.add(name)
        self.names[id(v)] = name
        return name

    def expansion(self, t: Type) -> str:
        """Composite type t printed as what it stands for, not by its own
        alias (the aliases inside it still print by name)."""
        self._unnamed = t
        self._build = _Strings
        self._start()
        try:
            return self._arrow(t)
        finally:
            self._unnamed = None

    def _alias(self, t: Type) -> Optional[Alias]:
        """The alias composite type t prints as, if its name is visible
        here as the very abbreviation it was made by, or as nothing (hidden
        by a `local`, as Poly/ML prints it, unless it only renamed a
        datatype that its own name shows). Shadowed by another type, the
        expansion is what it means."""
        alias = t.alias if self.abbreviations and t is not self._unnamed else None
        if alias is None or self.visible is None:
            return alias
        seen = self.visible(alias.name)
        if seen is None:
            return None if self._renames_visible_datatype(t, alias) else alias
        return alias if seen is alias.abbrev else None

    def _renames_visible_datatype(self, t: Type, alias: Alias) -> bool:
        if not isinstance(t, TCon) or getattr(alias.abbrev, "renamed", None) is not t.tycon:
            return False
        return self.visible(t.tycon.name) is not None and self._qualify(t.tycon.name, t.tycon) == t.tycon.name

    # The type is built with SML/NJ's boxes and breaks (its pptype.sml):
    # as a document, which the REPL lays out in its line width (`doc`), or
    # at once as its text on one line (`show`), by `self._build`.

    def _arrow(self, t: Type) -> Piece:
        b = self._build
        t = prune(t)
        if isinstance(t, TArrow) and self._alias(t) is None:
            if self._spent(t):
                return b.text(ELIDED)
            return b.box(ALL, 0, [self._tuple(t.arg, in_arrow=True), b.brk(1, 0), b.text("-> "), self._arrow(t.res)])
        return self._tuple(t)

    def _tuple(self, t: Type, in_arrow: bool = False) -> Piece:
        b = self._build
        t = prune(t)
        if isinstance(t, TVar) or self._alias(t) is not None:
            return self._app(t)
        if isinstance(t, TArrow):
            return self._parens(self._arrow(t))
        if isinstance(t, TTuple) and t.items:
            if self._spent(t):
                return b.text(ELIDED)
            shown: list = []
            for x in t.items:
                if shown:
                    # SML/NJ 110.79 breaks after a `* ` that fits on the
                    # line, before one that does not: as if a cut followed
                    # it (seen in its replies, tests/smlnj_repl_diff.py)
                    shown += [b.brk(1, 0), b.text("* "), b.brk(0, 0)]
                shown.append(self._app(x))
                if self._left < 0:  # a tuple may be wide: one `...` for the rest
                    if shown[-1] != b.text(ELIDED) and len(shown) < 4 * len(t.items) - 3:
                        shown += [b.brk(1, 0), b.text("* "), b.brk(0, 0), b.text(ELIDED)]
                    break
            return b.box(PACK, 0, shown)
        return self._app(t)

    def _app(self, t: Type) -> Piece:
        b = self._build
        t = prune(t)
        if isinstance(t, TVar) and t.fields:
            # the tuple a selector takes, its width unknown: as Poly/ML
            # writes a record type of which some fields are known
            shown: list = [b.text("{")]
            for i in sorted(t.fields):
                shown += [b.text(f"{i}: "), self._arrow(t.fields[i]), b.text(","), b.brk(1, 0)]
            return b.box(PACK, 1, shown + [b.text("...}")])
        if isinstance(t, TVar) and t.overload is not None:
            # not yet resolved (that is done once per unit): as the type it
            # defaults to, which it is unless the rest of the unit decides
            # otherwise — `f : int * int -> int` for `fun f (x, y) = x + y`,
            # as Poly/ML says, not 'a * 'a -> 'a
            return b.text(t.overload.default)
        if isinstance(t, TVar):
            return b.text(self._name(t))
        alias = self._alias(t)
        if (alias.args if alias is not None else isinstance(t, TBox) or isinstance(t, TCon) and t.args) \
                and self._spent(t):
            return b.text(ELIDED)
        if alias is not None:
            if id(t) not in self._named_ids:
                self._named_ids.add(id(t))
                self.named.append(t)
            return self._applied(alias.name, alias.args)
        if isinstance(t, TBox):
            return b.box(PACK, 1, [b.text("["), self._arrow(t.body), b.text("]")])
        if isinstance(t, TTuple):
            return b.text(self._qualify("unit", UNIT)) if not t.items else self._parens(self._tuple(t))
        if isinstance(t, TArrow):
            return self._parens(self._arrow(t))
        return self._applied(self._datatype_name(t), t.args)

    def _applied(self, name: str, args: tuple) -> Piece:
        b = self._build
        if not args:
            items: list = []
        elif len(args) == 1:
            items = [self._app(args[0]), b.brk(1, 0)]
        else:
            inner: list = [b.text("(")]
            for i, x in enumerate(args):
                inner += [b.text(","), b.brk(0 if self.tight else 1, 0), self._arrow(x)] if i else [self._arrow(x)]
            items = [b.box(PACK, 1, inner + [b.text(") ")])]
        return b.box(PACK, 2, items + [b.brk(0, 0), b.text(name)])

    def _parens(self, inner: Piece) -> Piece:
        b = self._build
        return b.box(PACK, 1, [b.text("("), inner, b.text(")")])

    def _datatype_name(self, t: TCon) -> str:
        """The name datatype node t prints by (its alias being shadowed, or
        none). Where neither that alias nor the datatype's own name denotes
        it any more, and the alias only renamed the datatype (`datatype t =
        datatype u`, `type t = u`), Poly/ML writes the alias's name: `?.t`."""
        name = self._qualify(t.tycon.name, t.tycon)
        alias = t.alias
        if (name.startswith("?.") and alias is not None and self.abbreviations and t is not self._unnamed
                and getattr(alias.abbrev, "renamed", None) is t.tycon):
            return "?." + alias.name
        return name

    def _qualify(self, name: str, denoted) -> str:
        """`name`, or `?.name` if the name now denotes something else than
        `denoted` (a Tycon, or UNIT for unit). Not found (hidden by a
        `local` and not shadowed) is no confusion, as in Poly/ML."""
        if self.visible is None:
            return name
        seen = self.visible(name)
        if seen is None or seen is denoted:
            return name
        # an abbreviation of the very same type (the basis's `unit`, or
        # `type t = t`) names it too
        body = getattr(seen, "body", None)
        if getattr(seen, "arity", None) == 0 and body is not None:
            body = prune(body)
            if body is denoted or (isinstance(body, TCon) and body.tycon is denoted and not body.args) or (
                    denoted is UNIT and isinstance(body, TTuple) and not body.items):
                return name
        return "?." + name


def show_type(t: Type, weak: bool = False) -> str:
    return TypePrinter(weak).show(t)


# ----------------------------------------------------------------- undo


class Snapshot:
    """The state of every type variable reachable from some types, to be
    put back with `restore`. Unification changes variables in place (links,
    levels, constraints, path compression), so a checked-but-abandoned REPL
    input would otherwise leave its mark on the weak ('_a) variables of the
    session's earlier bindings (their `born` too: merged into an older
    variable, a weak one would stay unable to stand for a datatype declared
    since)."""

    __slots__ = ("_saved", "_marks")

    def __init__(self, types: Iterable[Type]):
        saved = []
        marks = []
        seen: set[int] = set()
        stack = list(types)
        while stack:  # no pruning: the links themselves are part of the state
            t = stack.pop()
            if id(t) in seen:
                continue
            seen.add(id(t))
            if isinstance(t, TVar):
                saved.append((t, t.link, t.level, t.eq, t.overload, t.fields, t.born))
                if t.link is not None:
                    stack.append(t.link)
                continue
            marks.append((t, t.max_level))  # restored levels may exceed a mark made since
            if isinstance(t, TArrow):
                stack.append(t.arg)
                stack.append(t.res)
            elif isinstance(t, TTuple):
                stack.extend(t.items)
            elif isinstance(t, TBox):
                stack.append(t.body)
            else:
                stack.extend(t.args)
        self._saved = saved
        self._marks = marks

    def restore(self) -> None:
        for var, link, level, eq, overload, fields, born in self._saved:
            var.link, var.level, var.eq, var.overload, var.fields, var.born = link, level, eq, overload, fields, born
        for node, max_level in self._marks:
            node.max_level = max_level
