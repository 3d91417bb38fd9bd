"""The initial basis: every predefined type, constructor, exception and value
of SPEC §1, with its type (for the checker) and its implementation (for the
compiler). Nothing here is invented: names and semantics are SML's.

Implementations:
  ("prim", P)     the CCAM primitive P of ccam.instructions.PRIMS, applied to
                  the argument (a pair for two-argument functions)
  ("id",)         the identity at run time (ord/Char.ord: chars are ints)
  ("prelude",)    defined in ML in mlbox/prelude.sml under the same name
  ("overload", {type: P})   an overloaded operator: the checker resolves the
                  operand type (defaulting to int) and the compiler uses the
                  primitive for that type

Types are written in SML syntax and parsed by the checker.
"""

from __future__ import annotations

from ccam.instructions import BUILTIN_EXNS, TAG_CONS, TAG_FALSE, TAG_NIL, TAG_NONE, TAG_SOME, TAG_TRUE

# Built-in type constructors and their arity; which admit equality.
TYPES: dict[str, int] = {
    "int": 0, "word": 0, "string": 0, "char": 0, "bool": 0, "unit": 0, "exn": 0, "order": 0,
    "list": 1, "option": 1, "ref": 1, "array": 1, "vector": 1,
    # only under its qualified name, as its constructors: SML has no
    # top-level `radix` or `HEX`, so a program may use those names freely
    "StringCvt.radix": 0,
    # abstract, and not an equality type (as in SML): its values are the
    # prelude's TextIO.stdOut and TextIO.stdErr
    "TextIO.outstream": 0,
}
EQTYPES = {"int", "word", "string", "char", "bool", "order", "unit", "list", "option", "ref", "array", "vector",
           "StringCvt.radix"}
# ref and array admit equality whatever their argument (identity); list,
# option and vector (compared element by element) when their argument does.
EQ_ALWAYS = {"ref", "array"}

# Built-in datatypes: name -> (type variables, constructors as
# (name, argument type or None, tag)). Tags are fixed by the machine.
DATATYPES: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str | None, int], ...]]] = {
    "bool": ((), (("false", None, TAG_FALSE), ("true", None, TAG_TRUE))),
    "list": (("'a",), (("nil", None, TAG_NIL), ("::", "'a * 'a list", TAG_CONS))),
    "option": (("'a",), (("NONE", None, TAG_NONE), ("SOME", "'a", TAG_SOME))),
    # no primitive makes an order, so its tags are a user datatype's
    "order": ((), (("LESS", None, 0), ("EQUAL", None, 1), ("GREATER", None, 2))),
    "StringCvt.radix": ((), (("StringCvt.BIN", None, 0), ("StringCvt.OCT", None, 1), ("StringCvt.DEC", None, 2),
                             ("StringCvt.HEX", None, 3))),
}

# Built-in exceptions, in the machine's order (global slot = index), with
# their argument types.
EXCEPTIONS: dict[str, str | None] = {name: ("string" if name == "Fail" else None) for name in BUILTIN_EXNS}

# Basis exceptions declared in ML by mlbox/prelude.sml (the machine knows
# only BUILTIN_EXNS): qualified basis name -> (the name the prelude declares
# it under, which exnName and an uncaught report give, as in Poly/ML;
# its argument type or None).
PRELUDE_EXCEPTIONS: dict[str, tuple[str, str | None]] = {
    "ListPair.UnequalLengths": ("UnequalLengths", None),
    # General's Domain, at top level as in SML (programs raise it for
    # arguments out of a function's domain); no basis function raises it
    "Domain": ("Domain", None),
}

# The qualified names the Basis's structures give the built-in types,
# constructors and exceptions above (those Poly/ML 5.7 has; `General.Domain`
# names the prelude's `Domain`).
# Each is the same type or constructor as its unqualified name, so a
# program can rebind `Empty` and still catch the basis's `List.Empty`.
QUALIFIED_TYPES: dict[str, str] = {
    "Int.int": "int", "Word.word": "word", "String.string": "string", "String.char": "char",
    "Char.char": "char", "Char.string": "string", "Bool.bool": "bool", "List.list": "list",
    "Option.option": "option", "Array.array": "array", "Vector.vector": "vector", "General.exn": "exn",
    "General.unit": "unit", "General.order": "order",
}
QUALIFIED_CONSTRUCTORS: dict[str, str] = {
    "Bool.false": "false", "Bool.true": "true", "List.nil": "nil", "List.::": "::",
    "Option.NONE": "NONE", "Option.SOME": "SOME",
    "General.LESS": "LESS", "General.EQUAL": "EQUAL", "General.GREATER": "GREATER",
    "General.Match": "Match", "General.Bind": "Bind", "General.Div": "Div",
    "General.Overflow": "Overflow", "General.Subscript": "Subscript", "General.Size": "Size",
    "General.Chr": "Chr", "General.Fail": "Fail", "List.Empty": "Empty", "Option.Option": "Option",
    "General.Domain": "Domain",
}

# Overloaded operators: type scheme over one overloaded variable 'n, the
# types it may stand for (first = default), and the primitive per type, or
# the basis value (a name in VALUES, with a dot) that implements it there:
# Poly/ML accepts `~` on words (`~ 0w1` is 0wx7FFFFFFFFFFFFFFF), though
# SML's Definition overloads it on int and real only.
OVERLOADS: dict[str, tuple[str, dict[str, str]]] = {
    "+": ("'n * 'n -> 'n", {"int": "add", "word": "wadd"}),
    "-": ("'n * 'n -> 'n", {"int": "sub", "word": "wsub"}),
    "*": ("'n * 'n -> 'n", {"int": "mul", "word": "wmul"}),
    "div": ("'n * 'n -> 'n", {"int": "div", "word": "wdiv"}),
    "mod": ("'n * 'n -> 'n", {"int": "mod", "word": "wmod"}),
    "<": ("'n * 'n -> bool", {"int": "lt", "word": "wlt", "string": "slt", "char": "lt"}),
    "<=": ("'n * 'n -> bool", {"int": "le", "word": "wle", "string": "sle", "char": "le"}),
    ">": ("'n * 'n -> bool", {"int": "gt", "word": "wgt", "string": "sgt", "char": "gt"}),
    ">=": ("'n * 'n -> bool", {"int": "ge", "word": "wge", "string": "sge", "char": "ge"}),
    "~": ("'n -> 'n", {"int": "neg", "word": "Word.~"}),
    "abs": ("'n -> 'n", {"int": "abs"}),
}

# Every other value: name -> (type, implementation).
VALUES: dict[str, tuple[str, tuple]] = {
    "=": ("''a * ''a -> bool", ("prim", "eq")),
    "<>": ("''a * ''a -> bool", ("prim", "ne")),
    "not": ("bool -> bool", ("prelude",)),
    "^": ("string * string -> string", ("prim", "concat")),
    "size": ("string -> int", ("prim", "size")),
    "print": ("string -> unit", ("prim", "print")),
    "ord": ("char -> int", ("id",)),
    "chr": ("int -> char", ("prim", "chr")),
    "implode": ("char list -> string", ("prim", "implode")),
    "explode": ("string -> char list", ("prim", "explode")),
    "@": ("'a list * 'a list -> 'a list", ("prelude",)),
    "length": ("'a list -> int", ("prelude",)),
    "rev": ("'a list -> 'a list", ("prelude",)),
    "map": ("('a -> 'b) -> 'a list -> 'b list", ("prelude",)),
    "app": ("('a -> unit) -> 'a list -> unit", ("prelude",)),
    "foldl": ("('a * 'b -> 'b) -> 'b -> 'a list -> 'b", ("prelude",)),
    "foldr": ("('a * 'b -> 'b) -> 'b -> 'a list -> 'b", ("prelude",)),
    "hd": ("'a list -> 'a", ("prelude",)),
    "tl": ("'a list -> 'a list", ("prelude",)),
    "null": ("'a list -> bool", ("prelude",)),
    "ref": ("'a -> 'a ref", ("prim", "ref")),  # also a constructor in patterns: `ref p`
    "!": ("'a ref -> 'a", ("prim", "deref")),
    ":=": ("'a ref * 'a -> unit", ("prim", "assign")),
    "o": ("('b -> 'c) * ('a -> 'b) -> 'a -> 'c", ("prelude",)),
    "ignore": ("'a -> unit", ("prelude",)),
    "before": ("'a * unit -> 'a", ("prelude",)),
    "valOf": ("'a option -> 'a", ("prelude",)),
    "isSome": ("'a option -> bool", ("prelude",)),
    "str": ("char -> string", ("prelude",)),
    "concat": ("string list -> string", ("prim", "sconcat")),
    "getOpt": ("'a option * 'a -> 'a", ("prelude",)),
    "substring": ("string * int * int -> string", ("prim", "substring")),
    "vector": ("'a list -> 'a vector", ("prim", "vfromlist")),
    "exnName": ("exn -> string", ("prim", "exnname")),
    "eval": ("['a] -> 'a", ("prelude",)),  # fun eval g = let cogen u = g in u end
    "Int.toString": ("int -> string", ("prim", "itos")),
    "Int.fromString": ("string -> int option", ("prim", "stoi")),
    "Int.max": ("int * int -> int", ("prelude",)),
    "Int.min": ("int * int -> int", ("prelude",)),
    "Int.abs": ("int -> int", ("prim", "abs")),
    "Int.sign": ("int -> int", ("prelude",)),
    "Int.sameSign": ("int * int -> bool", ("prelude",)),
    "Int.compare": ("int * int -> order", ("prelude",)),
    "Int.quot": ("int * int -> int", ("prelude",)),
    "Int.rem": ("int * int -> int", ("prelude",)),
    "Int.maxInt": ("int option", ("prelude",)),
    "Int.minInt": ("int option", ("prelude",)),
    "Int.precision": ("int option", ("prelude",)),
    "Int.toInt": ("int -> int", ("id",)),
    "Int.fromInt": ("int -> int", ("id",)),
    "Int.fmt": ("StringCvt.radix -> int -> string", ("prelude",)),
    "Int.~": ("int -> int", ("prim", "neg")),
    "Int.+": ("int * int -> int", ("prim", "add")),
    "Int.-": ("int * int -> int", ("prim", "sub")),
    "Int.*": ("int * int -> int", ("prim", "mul")),
    "Int.div": ("int * int -> int", ("prim", "div")),
    "Int.mod": ("int * int -> int", ("prim", "mod")),
    "Int.<": ("int * int -> bool", ("prim", "lt")),
    "Int.<=": ("int * int -> bool", ("prim", "le")),
    "Int.>": ("int * int -> bool", ("prim", "gt")),
    "Int.>=": ("int * int -> bool", ("prim", "ge")),
    "String.size": ("string -> int", ("prim", "size")),
    "String.sub": ("string * int -> char", ("prim", "ssub")),
    "String.concat": ("string list -> string", ("prim", "sconcat")),
    "String.substring": ("string * int * int -> string", ("prim", "substring")),
    "String.str": ("char -> string", ("prelude",)),
    "String.implode": ("char list -> string", ("prim", "implode")),
    "String.explode": ("string -> char list", ("prim", "explode")),
    "String.concatWith": ("string -> string list -> string", ("prelude",)),
    "String.isPrefix": ("string -> string -> bool", ("prelude",)),
    "String.isSuffix": ("string -> string -> bool", ("prelude",)),
    "String.isSubstring": ("string -> string -> bool", ("prelude",)),
    "String.extract": ("string * int * int option -> string", ("prelude",)),
    "String.translate": ("(char -> string) -> string -> string", ("prelude",)),
    "String.tokens": ("(char -> bool) -> string -> string list", ("prelude",)),
    "String.fields": ("(char -> bool) -> string -> string list", ("prelude",)),
    "String.map": ("(char -> char) -> string -> string", ("prelude",)),
    "String.compare": ("string * string -> order", ("prelude",)),
    "String.toString": ("string -> string", ("prelude",)),
    "String.toCString": ("string -> string", ("prelude",)),
    "String.fromString": ("string -> string option", ("prelude",)),
    "String.fromCString": ("string -> string option", ("prelude",)),
    "String.maxSize": ("int", ("prelude",)),
    "String.^": ("string * string -> string", ("prim", "concat")),
    "String.<": ("string * string -> bool", ("prim", "slt")),
    "String.<=": ("string * string -> bool", ("prim", "sle")),
    "String.>": ("string * string -> bool", ("prim", "sgt")),
    "String.>=": ("string * string -> bool", ("prim", "sge")),
    "String.collate": ("(char * char -> order) -> string * string -> order", ("prelude",)),
    "StringCvt.padLeft": ("char -> int -> string -> string", ("prelude",)),
    "StringCvt.padRight": ("char -> int -> string -> string", ("prelude",)),
    "List.length": ("'a list -> int", ("prelude",)),
    "List.rev": ("'a list -> 'a list", ("prelude",)),
    "List.map": ("('a -> 'b) -> 'a list -> 'b list", ("prelude",)),
    "List.filter": ("('a -> bool) -> 'a list -> 'a list", ("prelude",)),
    "List.nth": ("'a list * int -> 'a", ("prelude",)),
    "List.exists": ("('a -> bool) -> 'a list -> bool", ("prelude",)),
    "List.all": ("('a -> bool) -> 'a list -> bool", ("prelude",)),
    "List.foldl": ("('a * 'b -> 'b) -> 'b -> 'a list -> 'b", ("prelude",)),
    "List.foldr": ("('a * 'b -> 'b) -> 'b -> 'a list -> 'b", ("prelude",)),
    "List.null": ("'a list -> bool", ("prelude",)),
    "List.hd": ("'a list -> 'a", ("prelude",)),
    "List.tl": ("'a list -> 'a list", ("prelude",)),
    "List.last": ("'a list -> 'a", ("prelude",)),
    "List.getItem": ("'a list -> ('a * 'a list) option", ("prelude",)),
    "List.take": ("'a list * int -> 'a list", ("prelude",)),
    "List.drop": ("'a list * int -> 'a list", ("prelude",)),
    "List.concat": ("'a list list -> 'a list", ("prelude",)),
    "List.revAppend": ("'a list * 'a list -> 'a list", ("prelude",)),
    "List.app": ("('a -> unit) -> 'a list -> unit", ("prelude",)),
    "List.mapPartial": ("('a -> 'b option) -> 'a list -> 'b list", ("prelude",)),
    "List.find": ("('a -> bool) -> 'a list -> 'a option", ("prelude",)),
    "List.partition": ("('a -> bool) -> 'a list -> 'a list * 'a list", ("prelude",)),
    "List.tabulate": ("int * (int -> 'a) -> 'a list", ("prelude",)),
    "List.collate": ("('a * 'a -> order) -> 'a list * 'a list -> order", ("prelude",)),
    "List.@": ("'a list * 'a list -> 'a list", ("prelude",)),
    "ListPair.zip": ("'a list * 'b list -> ('a * 'b) list", ("prelude",)),
    "ListPair.unzip": ("('a * 'b) list -> 'a list * 'b list", ("prelude",)),
    "ListPair.map": ("('a * 'b -> 'c) -> 'a list * 'b list -> 'c list", ("prelude",)),
    "ListPair.app": ("('a * 'b -> unit) -> 'a list * 'b list -> unit", ("prelude",)),
    "ListPair.foldl": ("('a * 'b * 'c -> 'c) -> 'c -> 'a list * 'b list -> 'c", ("prelude",)),
    "ListPair.foldr": ("('a * 'b * 'c -> 'c) -> 'c -> 'a list * 'b list -> 'c", ("prelude",)),
    "ListPair.all": ("('a * 'b -> bool) -> 'a list * 'b list -> bool", ("prelude",)),
    "ListPair.exists": ("('a * 'b -> bool) -> 'a list * 'b list -> bool", ("prelude",)),
    "ListPair.zipEq": ("'a list * 'b list -> ('a * 'b) list", ("prelude",)),
    "ListPair.mapEq": ("('a * 'b -> 'c) -> 'a list * 'b list -> 'c list", ("prelude",)),
    "ListPair.appEq": ("('a * 'b -> unit) -> 'a list * 'b list -> unit", ("prelude",)),
    "ListPair.foldlEq": ("('a * 'b * 'c -> 'c) -> 'c -> 'a list * 'b list -> 'c", ("prelude",)),
    "ListPair.foldrEq": ("('a * 'b * 'c -> 'c) -> 'c -> 'a list * 'b list -> 'c", ("prelude",)),
    "ListPair.allEq": ("('a * 'b -> bool) -> 'a list * 'b list -> bool", ("prelude",)),
    "Option.getOpt": ("'a option * 'a -> 'a", ("prelude",)),
    "Option.isSome": ("'a option -> bool", ("prelude",)),
    "Option.valOf": ("'a option -> 'a", ("prelude",)),
    "Option.filter": ("('a -> bool) -> 'a -> 'a option", ("prelude",)),
    "Option.join": ("'a option option -> 'a option", ("prelude",)),
    "Option.app": ("('a -> unit) -> 'a option -> unit", ("prelude",)),
    "Option.map": ("('a -> 'b) -> 'a option -> 'b option", ("prelude",)),
    "Option.mapPartial": ("('a -> 'b option) -> 'a option -> 'b option", ("prelude",)),
    "Option.compose": ("('a -> 'b) * ('c -> 'a option) -> 'c -> 'b option", ("prelude",)),
    "Option.composePartial": ("('a -> 'b option) * ('c -> 'a option) -> 'c -> 'b option", ("prelude",)),
    "Bool.not": ("bool -> bool", ("prelude",)),
    "Bool.toString": ("bool -> string", ("prelude",)),
    "Bool.fromString": ("string -> bool option", ("prelude",)),
    "Array.array": ("int * 'a -> 'a array", ("prim", "array")),
    "Array.fromList": ("'a list -> 'a array", ("prim", "afromlist")),
    "Array.sub": ("'a array * int -> 'a", ("prim", "asub")),
    "Array.update": ("'a array * int * 'a -> unit", ("prim", "aupdate")),
    "Array.length": ("'a array -> int", ("prim", "alength")),
    "Array.tabulate": ("int * (int -> 'a) -> 'a array", ("prelude",)),
    "Array.app": ("('a -> unit) -> 'a array -> unit", ("prelude",)),
    "Array.appi": ("(int * 'a -> unit) -> 'a array -> unit", ("prelude",)),
    "Array.foldl": ("('a * 'b -> 'b) -> 'b -> 'a array -> 'b", ("prelude",)),
    "Array.foldr": ("('a * 'b -> 'b) -> 'b -> 'a array -> 'b", ("prelude",)),
    "Array.foldli": ("(int * 'a * 'b -> 'b) -> 'b -> 'a array -> 'b", ("prelude",)),
    "Array.foldri": ("(int * 'a * 'b -> 'b) -> 'b -> 'a array -> 'b", ("prelude",)),
    "Array.modify": ("('a -> 'a) -> 'a array -> unit", ("prelude",)),
    "Array.modifyi": ("(int * 'a -> 'a) -> 'a array -> unit", ("prelude",)),
    "Array.exists": ("('a -> bool) -> 'a array -> bool", ("prelude",)),
    "Array.all": ("('a -> bool) -> 'a array -> bool", ("prelude",)),
    "Array.find": ("('a -> bool) -> 'a array -> 'a option", ("prelude",)),
    "Array.findi": ("(int * 'a -> bool) -> 'a array -> (int * 'a) option", ("prelude",)),
    "Array.collate": ("('a * 'a -> order) -> 'a array * 'a array -> order", ("prelude",)),
    "Array.maxLen": ("int", ("prelude",)),
    "Array.vector": ("'a array -> 'a vector", ("prim", "vfromarray")),
    "Vector.fromList": ("'a list -> 'a vector", ("prim", "vfromlist")),
    "Vector.sub": ("'a vector * int -> 'a", ("prim", "vsub")),
    "Vector.length": ("'a vector -> int", ("prim", "vlength")),
    "Vector.maxLen": ("int", ("prelude",)),
    "Vector.tabulate": ("int * (int -> 'a) -> 'a vector", ("prelude",)),
    "Vector.update": ("'a vector * int * 'a -> 'a vector", ("prelude",)),
    "Vector.concat": ("'a vector list -> 'a vector", ("prelude",)),
    "Vector.map": ("('a -> 'b) -> 'a vector -> 'b vector", ("prelude",)),
    "Vector.mapi": ("(int * 'a -> 'b) -> 'a vector -> 'b vector", ("prelude",)),
    "Vector.app": ("('a -> unit) -> 'a vector -> unit", ("prelude",)),
    "Vector.appi": ("(int * 'a -> unit) -> 'a vector -> unit", ("prelude",)),
    "Vector.foldl": ("('a * 'b -> 'b) -> 'b -> 'a vector -> 'b", ("prelude",)),
    "Vector.foldr": ("('a * 'b -> 'b) -> 'b -> 'a vector -> 'b", ("prelude",)),
    "Vector.foldli": ("(int * 'a * 'b -> 'b) -> 'b -> 'a vector -> 'b", ("prelude",)),
    "Vector.foldri": ("(int * 'a * 'b -> 'b) -> 'b -> 'a vector -> 'b", ("prelude",)),
    "Vector.exists": ("('a -> bool) -> 'a vector -> bool", ("prelude",)),
    "Vector.all": ("('a -> bool) -> 'a vector -> bool", ("prelude",)),
    "Vector.find": ("('a -> bool) -> 'a vector -> 'a option", ("prelude",)),
    "Vector.findi": ("(int * 'a -> bool) -> 'a vector -> (int * 'a) option", ("prelude",)),
    "Vector.collate": ("('a * 'a -> order) -> 'a vector * 'a vector -> order", ("prelude",)),
    "Char.ord": ("char -> int", ("id",)),
    "Char.chr": ("int -> char", ("prim", "chr")),
    "Char.isDigit": ("char -> bool", ("prelude",)),
    "Char.isAlpha": ("char -> bool", ("prelude",)),
    "Char.isAlphaNum": ("char -> bool", ("prelude",)),
    "Char.isSpace": ("char -> bool", ("prelude",)),
    "Char.isUpper": ("char -> bool", ("prelude",)),
    "Char.isLower": ("char -> bool", ("prelude",)),
    "Char.isHexDigit": ("char -> bool", ("prelude",)),
    "Char.isPunct": ("char -> bool", ("prelude",)),
    "Char.isGraph": ("char -> bool", ("prelude",)),
    "Char.isPrint": ("char -> bool", ("prelude",)),
    "Char.isCntrl": ("char -> bool", ("prelude",)),
    "Char.isAscii": ("char -> bool", ("prelude",)),
    "Char.toUpper": ("char -> char", ("prelude",)),
    "Char.toLower": ("char -> char", ("prelude",)),
    "Char.compare": ("char * char -> order", ("prelude",)),
    "Char.succ": ("char -> char", ("prelude",)),
    "Char.pred": ("char -> char", ("prelude",)),
    "Char.contains": ("string -> char -> bool", ("prelude",)),
    "Char.notContains": ("string -> char -> bool", ("prelude",)),
    "Char.minChar": ("char", ("prelude",)),
    "Char.maxChar": ("char", ("prelude",)),
    "Char.maxOrd": ("int", ("prelude",)),
    "Char.toString": ("char -> string", ("prelude",)),
    "Char.toCString": ("char -> string", ("prelude",)),
    "Char.fromString": ("string -> char option", ("prelude",)),
    "Char.fromCString": ("string -> char option", ("prelude",)),
    "Char.<": ("char * char -> bool", ("prim", "lt")),
    "Char.<=": ("char * char -> bool", ("prim", "le")),
    "Char.>": ("char * char -> bool", ("prim", "gt")),
    "Char.>=": ("char * char -> bool", ("prim", "ge")),
    "Word.fromInt": ("int -> word", ("prim", "wfromint")),
    "Word.toInt": ("word -> int", ("prim", "wtoint")),
    "Word.toIntX": ("word -> int", ("prim", "wtointx")),
    "Word.andb": ("word * word -> word", ("prim", "wandb")),
    "Word.orb": ("word * word -> word", ("prim", "worb")),
    "Word.xorb": ("word * word -> word", ("prim", "wxorb")),
    "Word.notb": ("word -> word", ("prim", "wnotb")),
    "Word.<<": ("word * word -> word", ("prim", "wshl")),
    "Word.>>": ("word * word -> word", ("prim", "wshr")),
    "Word.~>>": ("word * word -> word", ("prim", "washr")),
    "Word.+": ("word * word -> word", ("prim", "wadd")),
    "Word.-": ("word * word -> word", ("prim", "wsub")),
    "Word.*": ("word * word -> word", ("prim", "wmul")),
    "Word.div": ("word * word -> word", ("prim", "wdiv")),
    "Word.mod": ("word * word -> word", ("prim", "wmod")),
    "Word.toString": ("word -> string", ("prim", "wtostring")),
    "Word.fmt": ("StringCvt.radix -> word -> string", ("prelude",)),
    "Word.fromString": ("string -> word option", ("prelude",)),
    "Word.compare": ("word * word -> order", ("prelude",)),
    "Word.<": ("word * word -> bool", ("prim", "wlt")),
    "Word.<=": ("word * word -> bool", ("prim", "wle")),
    "Word.>": ("word * word -> bool", ("prim", "wgt")),
    "Word.>=": ("word * word -> bool", ("prim", "wge")),
    "Word.max": ("word * word -> word", ("prelude",)),
    "Word.min": ("word * word -> word", ("prelude",)),
    "Word.wordSize": ("int", ("prelude",)),
    "Word.~": ("word -> word", ("prelude",)),
    "General.exnName": ("exn -> string", ("prim", "exnname")),
    "General.ignore": ("'a -> unit", ("prelude",)),
    "General.o": ("('b -> 'c) * ('a -> 'b) -> 'a -> 'c", ("prelude",)),
    "General.before": ("'a * unit -> 'a", ("prelude",)),
    "General.!": ("'a ref -> 'a", ("prim", "deref")),
    "General.:=": ("'a ref * 'a -> unit", ("prim", "assign")),
    "TextIO.print": ("string -> unit", ("prim", "print")),
    "TextIO.stdOut": ("TextIO.outstream", ("prelude",)),
    "TextIO.stdErr": ("TextIO.outstream", ("prelude",)),
    "TextIO.output": ("TextIO.outstream * string -> unit", ("prim", "output")),
    "TextIO.output1": ("TextIO.outstream * char -> unit", ("prelude",)),
    "TextIO.flushOut": ("TextIO.outstream -> unit", ("prelude",)),
}
