"""What the Δ;Γ checker tells the compiler (and the REPL) about a program.

The checker resolves every identifier occurrence once, with SML's scoping,
and records the result here, keyed by `id(node)` of the AST node (nodes are
kept alive by the Program, so ids are stable for the compilation). The
compiler never redoes scoping: it maps binders to environment positions.

Binders are AST nodes that introduce a name: PVar and PAs in patterns (of
fn, case, handle, val, fun clauses), FunBind (the function's name), CogenDec
(a code variable), ExnBind (an exception), ConBind (a constructor).
"""

from __future__ import annotations

from typing import Callable, Optional, Union

import attrs


@attrs.frozen
class VarRef:
    """A value or code variable declared in the program.

    `binder` is id() of its binding node. `is_code` marks code variables
    (bound by cogen, living in Δ). `is_global` marks top-level bindings,
    which the compiler stores in globals (usable at every stage)."""

    binder: int
    name: str
    is_code: bool = False
    is_global: bool = False


@attrs.frozen
class ConRef:
    """A data constructor: its tag, whether it takes an argument, and how
    many constructors its datatype has (the width of a switch)."""

    name: str
    tag: int
    has_arg: bool
    ncons: int
    datatype: str


@attrs.frozen
class ExnRef:
    """An exception constructor. `builtin` is its index in
    ccam.instructions.BUILTIN_EXNS for the built-in ones; otherwise `binder`
    is id() of its ExnBind and `is_global` tells whether it was declared at
    top level."""

    name: str
    has_arg: bool
    builtin: Optional[int] = None
    binder: Optional[int] = None
    is_global: bool = False
    prelude: Optional[str] = None  # the basis name of an exception the prelude declares


@attrs.frozen
class BasisRef:
    """A value of the initial basis (mlbox.basis.VALUES or OVERLOADS).
    `instance` is the resolved operand type of an overloaded operator
    ("int", "word", "string", "char"), else None."""

    name: str
    instance: Optional[str] = None


Ref = Union[VarRef, ConRef, ExnRef, BasisRef]


@attrs.frozen
class TopBinding:
    """One binding made by a top-level declaration, for `mlbox check` and
    the REPL: kind is "val", "cogen", "con", "exn", "type", "datatype",
    "abstype" or "fixity" (`type` is then the declaration: `infixr 5 ++`);
    `type` is printed SML-style (`int list -> [int -> int]`)."""

    kind: str
    name: str
    type: str
    binder: Optional[int] = None  # id() of the binding node for val/cogen/exn
    scheme: object = None  # the checker's own type object, for the REPL's value printer
    # for val/cogen: what each type name denoted after the declaration, to
    # show the type again once a host call has fixed a weak variable of it;
    # for an abbreviation (type), to show its body as the REPL replies
    visible: Optional[Callable[[str], object]] = attrs.field(default=None, eq=False, repr=False)

    def current_type(self) -> str:
        """`type` as it reads now: a weak variable ('_a) of a val's type
        that an embedding call fixed since shows as what it was fixed to."""
        if self.visible is None or self.kind not in ("val", "cogen"):
            return self.type
        from mlbox.types import TypePrinter

        return TypePrinter(weak=True, visible=self.visible).show(self.scheme)


@attrs.define
class Elaboration:
    # Var and PVar/PCon occurrences -> what they refer to. A PVar that binds
    # a new variable is NOT in this table (it is a binder); a PVar naming a
    # nullary constructor or exception is. `ref p` patterns use PRef.
    refs: dict[int, Ref] = attrs.Factory(dict)
    # id(node) -> the type of that expression, printed SML-style, for the
    # expression of every top-level ExpDec and ValDec binding (not the
    # local ones: printing each of n nested lets' types was n² work).
    types: dict[int, str] = attrs.Factory(dict)
    # the bindings made at top level, in order
    toplevel: list[TopBinding] = attrs.Factory(list)
    # binder ids of local (non-global) value variables that are never used
    # (the compiler may skip binding them); optional information
    unused: set[int] = attrs.Factory(set)
    # every exception the declarations declare (mlbox.checker.ExnInfo, not
    # replications), at any depth, in order: a value printer finds the
    # argument type of a value of a local exception here, the value itself
    # carrying only the name (mlbox/valueprint.py exception_arg_type)
    exceptions: list = attrs.Factory(list)
