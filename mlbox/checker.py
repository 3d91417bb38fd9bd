"""The Δ;Γ type checker of ML□ (the paper's Figure 2; docs/language.md §6).

Hindley–Milner inference with let-polymorphism (levels, see mlbox.types),
SML '97's value restriction, datatypes, exceptions, type abbreviations,
equality types, overloading and explicit type variables, plus the modal
part:

  * Γ holds value variables and Δ code variables (bound by `cogen`). One
    scope chain holds both; a code variable's entry is marked `is_code`.
  * `code M` is checked with the *local* part of Γ emptied. Every local
    value variable records the `code` depth at which it was bound; using
    it at a deeper depth means it crosses a `code` boundary: a staging
    error. Top-level bindings and the basis are global (closed values that
    persist across stages) and code variables live in Δ, so neither is
    restricted.
  * `lift M : [t]` when `M : t`; `cogen u = M` needs `M : [t]` and binds
    `u : t`.

The checker resolves every identifier occurrence and records it in an
`Elaboration` (mlbox.elaboration) for the compiler. It recovers from
errors: a failed unification is reported and checking goes on, an unbound
name gets a fresh type, so that one run reports every independent error.
"""

from __future__ import annotations

import threading
from typing import Callable, Optional

import attrs

from mlbox import basis
from mlbox import lint
from mlbox import matchcheck as mc
from mlbox import syntax as S
from mlbox.diagnostics import Diagnostic, Source
from mlbox.elaboration import BasisRef, ConRef, Elaboration, ExnRef, TopBinding, VarRef
from mlbox.parser import NOTE_CLAUSE_WITHOUT_BAR, NOTE_MISSPELT_KEYWORD, suggest_keyword
from mlbox.pretty import Doc, flat
from mlbox.printer import ATOM, show_exp, show_pat
from mlbox.scopes import Scope
from mlbox.types import (
    GENERIC, UNIT, Overload, TArrow, TBox, TCon, TTuple, TVar, Tycon, Type, TypePrinter,
    Snapshot, UnifyError, _letters, admits_equality, aliased, components, free_vars, generalize, fresh_domain_vars, instantiate,
    is_shallow_instance, now, prune, vars_made_since,
    rebuild, restrict, substitute, unify, unify_fresh, unify_instance, walk,
)

# ------------------------------------------------------------ messages
# Tests match these fragments; keep the wording in one place.

ARG_MISMATCH = "this argument has type {actual} but {fn} expects {expected}"
OPERAND_MISMATCH = "this operand of {fn} has type {actual} but {expected} is expected"
NOT_A_FUNCTION = "this expression has type {actual} and is not a function; it cannot be applied"
# `l[0]`, from languages that index with brackets: here a list `[0]` applied
INDEXING_NOTE = "ML has no {name}[i]: element i (from 0) is {sub} ({name}, i)"
INDEXING_FUNCTIONS = {"list": "List.nth", "array": "Array.sub", "vector": "Vector.sub", "string": "String.sub"}
# `a[i] := v`
INDEXED_ASSIGNMENT_NOTE = "ML has no {name}[i] := v: {call} stores a new value in element i (from 0)"
# `print "a" ^ "b"` is `(print "a") ^ "b"`
# `fun f (x :: xs) = print x; f xs`: the `;` ends the declaration
CUT_CLAUSE_NOTE = ("the top-level `;` before this expression ended the `fun` declaration of '{fn}' at {at}, "
                   "so '{name}', bound by its last clause, is not in scope here; a clause's body that is a "
                   "sequence goes in parentheses: (e1; e2)")
# `datatype answer = Yes | No` then `val Yes = 3`
CONSTRUCTOR_AS_NAME_NOTE = ("'{name}' is a constructor, so `val {name} = ...` is a pattern that matches it, not a "
                            "new name for the value: a value cannot take a constructor's name; choose another")
COMPOSE_APPLIED_NOTE = ("`f o {g} x` is `f o ({g} x)`: a function application binds tighter than `o`; to apply "
                        "the composition, write (f o {g}) x")
GLUED_LINE_NOTE = ("line {line} continues this expression (a new line ends no declaration), so it is applied "
                   "to what begins that line; to make the line an expression of its own, end this declaration "
                   "with `;`, or write the line as val _ = ...")
APPLICATION_FIRST_TAIL = "a function application binds tighter than any operator"
APPLICATION_FIRST_NOTE = "`{fn} x {op} y` is `({fn} x) {op} y`: " + APPLICATION_FIRST_TAIL + "; write {fn} (x {op} y)"
# `val n : int = f` for `f ()`
CALL_IT_NOTE = "{name} is a function of (): {name} () calls it"
GENERATOR_APPLIED = ("{g} is a generator (of code still to be generated), not a function: apply the code "
                     "it generates with `eval {g} x`, or bind that code once with `let cogen f = {g} in "
                     "... f x ... end`")
# the same for a generator that is not a name (`compPoly [1, 2] 3`): there
# is no `g` in the program to write the fix with
GENERATOR_APPLIED_EXP = ("this expression is a generator (of code still to be generated), not a function: "
                         "apply the code it generates with `eval (...) x`, or bind that code once with "
                         "`let cogen f = ... in ... f x ... end`")
# `f -1`, meant as f applied to minus one, is the subtraction `f - 1`: said
# when the left operand is a function and `-` touches the right one
MINUS_APPLIED_NOTE = ("SML writes negative numbers `~1` and negation `~x`; `{fn} -{arg}` is `{fn} - {arg}`: "
                      "write `{fn} ~{arg}`")
# `x := 4`, `!x` with `val x = 3`: from languages whose variables change
NOT_A_REF_NOTE = ("{name} is not a reference: a `val` never changes; a value that changes is a reference, "
                  "made with `ref` (val {name} = ref 0), assigned with `{name} := ...` and read with `!{name}`")
SWAPPED_ARGUMENTS_NOTE = "the arguments seem swapped: {call}"
CURRIED_NOTE = ("{fn} takes its arguments one at a time (it is curried): call it as {fn} {spaced}, "
                "not {fn} ({args})")
# `r + 1` for `!r + 1`
REF_CONTENT_NOTE = "{name} is a reference: !{name} is the value it holds"
# `r = !r + 1` for `r := !r + 1`
ARRAY_UPDATE_NOTE = "an array element is not a reference: {call} stores a new value in it"
ASSIGN_NOTE = "`=` compares; to store a new value in the reference {name}, write {name} := ..."
# `(i = i + 1; ...)`, `while ... do x = y`: a comparison made for an effect
DISCARDED_COMPARISON = "the value of this comparison is discarded: `=` compares two values and changes nothing"
# `Int.fromString s + 1`: an option where its content is expected
OPTION_NOTE = ("a value of type {type} is SOME v or NONE: take v out with a case "
               "(case e of SOME v => ... | NONE => ...) or valOf e, which raises Option on NONE")
TUPLED_NOTE = ("{fn} takes one argument, a tuple of {n} values: call it as {fn} ({args}), "
               "not {fn} {spaced}")
CON_NO_ARG = "constructor '{name}' takes no argument"
# a function argument of the other shape: `foldl add 0 xs` with a curried
# add, where foldl calls it on a pair (was "'+' cannot be used at type 'a * 'b")
CURRIED_FOR_TUPLED_NOTE = ("{fn} calls this function with one argument, a tuple of {n} values: "
                           "write fn ({args}) => ... (for a curried function f: fn ({args}) => f {spaced})")
TUPLED_FOR_CURRIED_NOTE = ("{fn} calls this function with its {n} arguments one at a time (curried): "
                           "write fn {curried} => ... (for a function f on a tuple: fn {curried} => f ({args}))")
# `raise NotFound "missing"` after `exception NotFound`
EXN_NO_ARG = "exception '{name}' takes no argument"
EXN_NO_ARG_NOTE = ("'{name}' is declared at {at} without one; an exception that carries a value is declared "
                   "with its type: exception {name} of {type}")
CON_NEEDS_ARG = "constructor '{name}' needs an argument in a pattern"
NOT_A_CONSTRUCTOR = "'{name}' is not a constructor"
NOT_AN_EXCEPTION = "'{name}' is not an exception constructor; only an exception can be replicated"
IF_CONDITION = "the condition of 'if' has type {actual} but must have type bool"
IF_BRANCHES = "the 'else' branch has type {actual} but the 'then' branch has type {expected}"
IF_THEN_BRANCH = "the 'then' branch has type {actual} but the 'else' branch has type {expected}"
# in a chain `if a then x else if b then y else z`, whose branches x, y, z
# are alike, each set against the branches before it (the first, against
# the later ones, when they agree and it alone differs)
IF_CHAIN_BRANCH = "this '{word}' branch has type {actual} but the branches before it have type {expected}"
IF_CHAIN_FIRST = "this 'then' branch has type {actual} but the later branches have type {expected}"
WHILE_CONDITION = "the condition of 'while' has type {actual} but must have type bool"
LOGIC_OPERAND = "this operand of '{op}' has type {actual} but must have type bool"
LIST_ELEMENT = "this list element has type {actual} but the previous elements have type {expected}"
LIST_PATTERN_ELEMENT = "this list pattern element has type {actual} but the previous elements have type {expected}"
CASE_PATTERN = "this pattern has type {actual} but the value matched has type {expected}"
CASE_ARM = "this case arm has type {actual} but the previous arms have type {expected}"
FN_ARM = "this match arm has type {actual} but the previous arms have type {expected}"
HANDLE_ARM = "this handler has type {actual} but the handled expression has type {expected}"
# the first arm, checked last: unlike the later ones (see unify_arms)
FIRST_ARM = {CASE_ARM: "this case arm has type {actual} but the later arms have type {expected}",
             FN_ARM: "this match arm has type {actual} but the later arms have type {expected}",
             HANDLE_ARM: "the handled expression has type {actual} but the handlers have type {expected}",
             LIST_ELEMENT: "this list element has type {actual} but the later elements have type {expected}"}
HANDLE_PATTERN = "a handler pattern must have type exn, but this one has type {actual}"
HIDDEN_EXCEPTION_NOTE = ("'{name}' here is the constructor of {datatype} declared at {at}, which hides the "
                         "exception {name}; write {qualified} for the exception, or rename the constructor")
# the same for a bare `raise Fail` whose basis exception carries a value
HIDDEN_EXCEPTION_ARG_NOTE = ("'{name}' here is the constructor of {datatype} declared at {at}, which hides the "
                             "exception {name}; write {qualified} (v), with v of type {arg}, for the exception, "
                             "or rename the constructor")
# Where one branch of an `if`, `case` or handler, or one element, is set
# against the others: said so even where the others are an operator's
# result, not yet int or word (`(a div b) handle Div => "none"`, which was
# "'div' cannot be used at type string", at the string)
BRANCH_MESSAGES = frozenset({IF_BRANCHES, IF_THEN_BRANCH, IF_CHAIN_BRANCH, IF_CHAIN_FIRST, LIST_ELEMENT, CASE_ARM, FN_ARM, HANDLE_ARM,
                             *FIRST_ARM.values()})
RAISE_NOT_EXN = "'raise' needs an exception (type exn) but this expression has type {actual}"
RAISE_CONSTRUCTOR_NOTE = "exception {name} carries a value: raise {name} (v), with v of type {arg}"
ANNOTATION_MISMATCH = "this expression has type {actual} but is annotated with type {expected}"
# `(code 3 : [int])` is `code (3 : [int])`: the annotation meant for the
# generator (or the function) is on the expression inside it
OPEN_ENDED_ANNOTATION_NOTE = ("'{word}' extends as far right as possible: `{word} {e} : {type}` is "
                              "`{word} ({e} : {type})`; to annotate the generator, write `({word} {e}) : {type}`")
FN_ANNOTATION_NOTE = ("'fn' extends as far right as possible: `fn x => e : {type}` annotates e, the body of its "
                      "last rule; to annotate the function, write `(fn x => e) : {type}`")
PATTERN_ANNOTATION_MISMATCH = "this pattern has type {actual} but is annotated with type {expected}"
RESULT_ANNOTATION_MISMATCH = "this function body has type {actual} but the result is annotated with type {expected}"
VAL_MISMATCH = "this expression has type {actual} but the pattern bound to it has type {expected}"
CLAUSE_PATTERN = "this argument pattern has type {actual} but the function's argument has type {expected}"
CLAUSE_BODY = "the body of this clause has type {actual} but the function returns {expected}"
CLAUSE_FIRST_BODY = "the body of this clause has type {actual} but the later clauses return {expected}"
FUN_USE_MISMATCH = "'{name}' is defined as a function of type {actual} but is used with type {expected}"
# `fun f 0 = 1` and, on the next line, `f n = n` without its `|`: the
# second line continues the first clause's body, `1 f n = n`
CLAUSE_WITHOUT_BAR = ("'{name}' here is read as an argument in the body of the clause above, "
                      "and the '=' after it as an equality test")
CLAUSE_ARITY = "this clause of '{name}' has {n} argument(s) but the first clause has {m}"
# `fun size Leaf = 0 | size Node (l, _, r) = ...`
UNGROUPED_CONSTRUCTOR_NOTE = ("'{con}' takes an argument, so `{clause}` gives '{name}' {n} arguments: "
                              "write {name} {fixed}")
COGEN_NOT_GENERATOR = "'cogen' needs a generator (a value of type [t]) but this expression has type {actual}"
COGEN_LIFT_HINT = "to generate code that returns this value, write: cogen {name} = lift {what}"
CODE_VAR_NOT_GENERATOR = ("'{name}' is a code variable of type {type}: it stands for generated code, "
                          "not for a generator; write 'code {name}' to get a generator")
# `eval f x` for a code variable f, by analogy with `eval g x` for a generator g
CODE_VAR_EVALUATED = ("'{name}' is a code variable of type {type}: it stands for the code its generator "
                      "emits (spliced inside 'code', run outside it) and needs no 'eval'; write '{name}' "
                      "for 'eval {name}'")
FORGOTTEN_LIFT_NOTE = ("'{callee}' takes generators where this argument has values: `cogen {u} = {x}` at {at} "
                       "makes '{x}' a generator; if '{x}' holds a value to put into the generated code, "
                       "write `cogen {u} = lift {x}`")
CODE_MISSING = ("'code (...)' around an expression of type {type} makes a generator of type [{type}] "
                "(so does 'lift (...)', computing the value now)")
GENERATOR_NOT_VALUE = ("a generator of type [{type}] is not a value of type {type}: 'eval (...)' generates "
                       "its code and runs it; 'cogen u = ...' binds that code to u")
GENERATOR_FUNCTION = ("this is a function returning a generator, not a generator: apply it to its "
                      "argument first (`eval (f x)`, `cogen u = f x`; `eval f x` is `(eval f) x`)")
# `eval codePower 3`, which is `(eval codePower) 3`
EVAL_PARENTHESES = ("'{fn}' is a function returning a generator, not a generator: "
                    "write `{call}` (`eval {fn} ...` is `(eval {fn}) ...`)")
# `eval power 3 2` with power : int -> int -> int
EVAL_NOT_NEEDED = ("'{fn}' returns no generator: `eval` runs the code a generator makes; "
                   "call '{fn}' without it (`{call}`)")
CIRCULAR = "circular type: {var} would have to equal {type}"
NOT_EQUALITY = "type {type} does not admit equality: {reason}"
OVERLOAD_MISMATCH = "'{op}' cannot be used at type {type}; it is defined only on {allowed}"
# `"a" + "b"`, from languages whose + also joins strings
STRING_PLUS_NOTE = "strings are joined with `^`: \"a\" ^ \"b\""
# a value of one base type where another is expected (`print n`, `"x = " ^ n`):
# the basis function that converts it, keyed by (actual, expected)
CONVERSIONS = {
    ("int", "string"): "Int.toString", ("word", "string"): "Word.toString", ("bool", "string"): "Bool.toString",
    ("char", "string"): "str", ("char", "int"): "ord", ("int", "char"): "chr",
    ("int", "word"): "Word.fromInt", ("word", "int"): "Word.toInt",
}
CONVERSION_NOTE = "{fn} turns {actual} into {expected}: {fn} {arg}"
STRING_TO_INT_NOTE = ("Int.fromString reads an int from a string and gives an int option "
                      "(NONE if the string does not start with one): valOf (Int.fromString s), or a case on it")
CHAR_LITERAL_NOTE = 'a character is written #"{c}"; "{c}" is a string of one character'
STRING_LITERAL_NOTE = '#"{c}" is a character; the string of it is written "{c}" (str turns a char into a string)'
STRING_NOT_LIST_NOTE = "a string is not a list: size s is its length, explode s its list of characters"
RIGID_ESCAPE = "the type variable {var} escapes its scope"
RIGID_ESCAPE_NOTE = ("{var} is scoped at the outermost val or fun where it occurs other than inside a nested "
                     "val or fun: there it stands for any type, not for the type of something from outside "
                     "that declaration")
RIGID_NOTE = "{var} is an explicit type variable: it stands for any type and cannot be specialised"
# a recursive call at another instance (`fun depth (Nest (_, r)) = 1 + depth r`
# over `datatype 'a t = Nest of 'a * 'a list t | ...`): the types would
# unify if the function were already polymorphic in its own body
POLYMORPHIC_RECURSION_NOTE = ("inside its own declaration '{name}' is not yet polymorphic: every recursive call "
                              "uses it at the one type being inferred for it, so it cannot take {actual} "
                              "here (SML has no polymorphic recursion)")
# the same, in `val rec f = fn x => ... f [x] ...`, whose error is at the `fn`:
# the uses' type is an instance of the function's own, generalised
POLYMORPHIC_RECURSION_VAL_REC_NOTE = ("inside its own declaration '{name}' is not yet polymorphic: its recursive "
                                      "calls must use it at the one type being inferred for it "
                                      "(SML has no polymorphic recursion)")
RIGID_NOT_GENERALISED = "the explicit type variable {var} cannot be generalised here (value restriction)"
TYNAME_ESCAPE = "the type {name} escapes its scope: the type expected here was fixed before '{name}' was declared"
TYNAME_ESCAPE_NOTE = ("a variable's type can only be made of the types that exist where the variable is "
                      "bound (a weak type too): declare the datatype {name} before it")
LOCAL_TYPE_ESCAPE = "the type {name} escapes its scope: this 'let' declares it but has type {type}"
LOCAL_TYPE_ESCAPE_NOTE = ("a datatype declared in a 'let' exists only inside it; "
                          "declare {name} at top level to use its values outside")
SAME_NAME_NOTE = "these are two different types that are both called {name} (one shadows the other)"
ALIAS_NOTE = "{name} is {expansion}"

UNBOUND_VARIABLE = "unbound variable or constructor '{name}'"
# C's and Python's operators: unbound names in SML, so `a == b` applies
# `a` to `==`; reported once, at the operator (see infer_app), with SML's
# way of writing it.
EQUALITY_SLIP_NOTE = "SML writes equality `=` and inequality `<>`"
OPERATOR_SLIPS = {
    "==": EQUALITY_SLIP_NOTE, "!=": EQUALITY_SLIP_NOTE,
    "&&": "SML writes `andalso` for and: a andalso b", "||": "SML writes `orelse` for or: a orelse b",
    "%": "SML writes `mod` for the remainder: a mod b", "++": "SML joins strings with `^` and lists with `@`",
    "/": "`/` divides reals, which ML\u25a1 does not have: integer division is `div` (a div b), its remainder `mod`",
    "**": "ML has no power operator: a power is a small function, "
          "fun pow (b, 0) = 1 | pow (b, e) = b * pow (b, e - 1)",
}
# `2 ^ 3` for a power
POWER_NOTE = ("`^` joins strings; ML has no power operator: a power is a small function, "
              "fun pow (b, 0) = 1 | pow (b, e) = b * pow (b, e - 1)")
# `l @ 3` and `1 :: 2`: an element where a list is expected
APPEND_ELEMENT_NOTE = "`@` joins two lists: l @ [x] adds x at the end, x :: l at the front"
CONS_LIST_NOTE = "`::` puts an element in front of a list: x :: [y] (or the list [x, y])"
# names other languages (and other MLs) use for the basis's values, when
# they are unbound: what SML calls them
FAMILIAR_NAMES = {
    "head": "hd", "tail": "tl", "len": "length", "strlen": "size", "println": "print", "print_string": "print",
    "printf": "print", "reverse": "rev", "max": "Int.max", "min": "Int.min", "string_of_int": "Int.toString",
    "int_of_string": "Int.fromString", "fst": "#1", "snd": "#2", "String.length": "String.size",
    "List.head": "List.hd", "List.tail": "List.tl", "List.reverse": "List.rev", "List.len": "List.length",
    "True": "true", "False": "false", "None": "NONE", "Some": "SOME", "Nil": "nil",
}
DID_YOU_MEAN = "did you mean '{name}'?"
RETURN_NOTE = "ML has no return: a function's value is the value of its body (`fun f x = x + 1`)"
# Conversions to and from lists that the Basis lacks though other languages
# (and some SML libraries) have them; the nearest name in scope is often
# their inverse (`Vector.toList` to `Vector.fromList`): name -> what to write
LIST_CONVERSIONS = {
    "Vector.toList": "Vector.foldr (op ::) [] v", "Array.toList": "Array.foldr (op ::) [] a",
    "VectorSlice.toList": "VectorSlice.foldr (op ::) [] s", "ArraySlice.toList": "ArraySlice.foldr (op ::) [] s",
    "String.toList": "String.explode s", "String.fromList": "String.implode cs",
    "List.toVector": "Vector.fromList xs", "List.toArray": "Array.fromList xs",
}
LIST_CONVERSION_NOTE = "the Basis has no {name}; write {instead}"
# `s.length`, `p.x`: from languages with objects (a qualified name to SML)
METHOD_NOTE = "ML values have no fields or methods: {value} is a value, which functions take as an argument: {example}"
LENGTH_FUNCTIONS = {"string": "size", "list": "length", "array": "Array.length", "vector": "Vector.length"}
MISSING_REC_NOTE = ("'{name}' is the name this `val` declares, which its own expression cannot see: "
                    "for a recursive function write `fun {name} ...` or `val rec {name} = fn ...`")
# the Basis's functions whose argument is a record, which ML\u25a1 lacks: their
# names would otherwise be "corrected" to a neighbour (ArraySlice.app,
# Array2.app): name -> (the record, a loop that does the same)
_COPY_RECORD = "{src, dst, di}"
_REGION_RECORD = "{base, row, col, nrows, ncols}"
RECORD_ARGUMENT_FUNCTIONS = {
    "Array.copy": (_COPY_RECORD, "Array.appi (fn (i, x) => Array.update (dst, di + i, x)) src"),
    "Array.copyVec": (_COPY_RECORD, "Vector.appi (fn (i, x) => Array.update (dst, di + i, x)) src"),
    "ArraySlice.copy": (_COPY_RECORD, "ArraySlice.appi (fn (i, x) => Array.update (dst, di + i, x)) src"),
    "ArraySlice.copyVec": (_COPY_RECORD, "VectorSlice.appi (fn (i, x) => Array.update (dst, di + i, x)) src"),
    "Array2.copy": ("{src, dst, dst_row, dst_col}",
                    "let fun go (i, j) = if i = nrows then () else if j = ncols then go (i + 1, 0) else "
                    "(Array2.update (dst, dst_row + i, dst_col + j, Array2.sub (base, row + i, col + j)); "
                    "go (i, j + 1)) in go (0, 0) end"),
    "Array2.appi": (_REGION_RECORD,
                    "let fun go (i, j) = if i = row + nrows then () else if j = col + ncols then go (i + 1, col) "
                    "else (f (i, j, Array2.sub (base, i, j)); go (i, j + 1)) in go (row, col) end"),
    "Array2.foldi": (_REGION_RECORD,
                     "let fun go (i, j, acc) = if i = row + nrows then acc else if j = col + ncols then "
                     "go (i + 1, col, acc) else go (i, j + 1, f (i, j, Array2.sub (base, i, j), acc)) "
                     "in go (row, col, init) end"),
    "Array2.modifyi": (_REGION_RECORD,
                       "let fun go (i, j) = if i = row + nrows then () else if j = col + ncols then go (i + 1, col) "
                       "else (Array2.update (base, i, j, f (i, j, Array2.sub (base, i, j))); go (i, j + 1)) "
                       "in go (row, col) end"),
}
EXN_MESSAGE_NOTE = ("exnMessage is left out of ML\u25a1 on purpose: Poly/ML and SML/NJ word its messages "
                    "differently (`Fail \"x\"` or `Fail: x`), so no program can rely on them; use exnName e, "
                    "or match the exceptions you expect (`handle Fail s => s | e => exnName e`)")
RECORD_ARGUMENT_NOTE = ("{name} takes a record {record}, and ML\u25a1 has no records "
                        "(docs/language.md \u00a712); write the loop: {loop}")
UNBOUND_QUALIFIED_NOTE = ("ML\u25a1's basis is the list in docs/language.md \u00a710 "
                          "(\u00a712: what is left out, such as Real)")
# Basis structures mlbox leaves out: a name in one is said to be missing,
# not only "corrected" to a neighbour (`IntInf.fromInt` to `Int.fromInt`),
# which would read as a typo
ABSENT_STRUCTURES = frozenset({
    "IntInf", "LargeInt", "Int32", "Int64", "FixedInt", "Position", "Word8", "Word32", "Word64", "LargeWord",
    "SysWord", "Real", "LargeReal", "Math", "Vector2", "Word8Array", "Word8Vector", "CharArray",
    "BoolArray", "BoolVector", "Word8ArraySlice", "Word8VectorSlice", "CharArraySlice",
    "CharVectorSlice", "MonoArray", "BinIO", "OS", "Time", "Timer", "Date", "CommandLine", "Posix", "Unix",
    "Socket", "PackWord32Big", "PackWord32Little", "Byte", "IEEEReal",
    # the Basis's optional sized and monomorphic structures (MLton's and
    # Poly/ML's regression tests use Word16, Int8, ... as often as Word8)
    "Int8", "Int16", "Int31", "Word16", "Word31", "Real32", "Real64", "IntArray", "IntVector",
    "IntArraySlice", "IntVectorSlice", "RealArray", "RealVector", "RealArraySlice", "RealVectorSlice",
    "WordArray", "WordVector", "IntArray2", "RealArray2", "CharArray2", "BoolArray2", "Word8Array2",
    "PackWord16Big", "PackWord16Little", "PackWord64Big", "PackWord64Little", "PackRealBig",
    "PackRealLittle", "WideChar", "WideString", "WideSubstring", "WideCharVector", "WideCharArray",
    "WideTextIO", "TextPrimIO", "BinPrimIO", "PrimIO", "StreamIO", "ImperativeIO", "IO", "INetSock",
    "UnixSock", "GenericSock", "NetHostDB", "NetProtDB", "NetServDB", "Windows", "SML90",
})
ABSENT_STRUCTURE_NOTE = "ML\u25a1's basis has no structure {structure} (docs/language.md \u00a712: what is left out)"
# the conversions to and from IntInf and LargeWord, which a ported program
# uses for arithmetic at another size (MLton's regression/word-all.sml)
LARGE_CONVERSIONS = frozenset({
    "toLarge", "toLargeX", "fromLarge", "toLargeInt", "toLargeIntX", "fromLargeInt", "toLargeWord",
    "toLargeWordX", "fromLargeWord",
})
LARGE_CONVERSION_NOTE = ("ML\u25a1 has no IntInf or LargeWord, so no {name} (docs/language.md \u00a712): "
                         "int and word are its largest types, so the value itself will do "
                         "(Word.toInt, Word.toIntX and Word.fromInt convert between the two)")
# TextIO's input and file names: a program being ported reads its input
# with them, and the nearest name in scope (`TextIO.stdIn` to
# `TextIO.stdOut`) would send it the wrong way
TEXTIO_ABSENT_NAMES = frozenset({
    "stdIn", "input", "input1", "inputN", "inputAll", "inputLine", "canInput", "lookahead", "endOfStream",
    "openIn", "closeIn", "openString", "scanStream", "getInstream", "setInstream", "mkInstream", "instream",
    "openOut", "openAppend", "closeOut", "getOutstream", "setOutstream", "mkOutstream", "getPosOut",
    "setPosOut", "StreamIO",
})
TEXTIO_ABSENT_NOTE = ("ML\u25a1 reads no input and opens no files: its TextIO is output on TextIO.stdOut "
                      "and TextIO.stdErr (docs/language.md \u00a710, \u00a712)")
# `code` and `lift` where an expression begins are the staging constructs,
# even where the program has a value of that name (the lexer cannot see scopes): said, as
# this is the one place a core SML program's meaning changes silently.
STAGING_WORD_BOUND = ("'{name}' here is the staging construct, although a value named '{name}' is in "
                      "scope; to apply that value, write ({name}) or op {name}: `({name}) x`")
STAGING_WORD_BOUND_NOTE = "'{name}' is bound at {line}:{col}"
# Suggestions compare a name with every name in scope: made for the first
# few unbound names only, so a program of thousands of them stays linear.
MAX_SUGGESTIONS = 20
# `cogen`, `code` and `lift` are keywords only where the staging construct
# can stand (mlbox/lexer.py: demote_staging_keywords): `code` and `lift`
# where an expression begins and one follows them, not as an argument or an
# operand (`h lift x`), where the constructs need parentheses. Elsewhere
# they are names, and an unbound one was most likely meant as the construct.
STAGING_KEYWORD_NOTES = {
    "cogen": "'cogen' declares one code variable: cogen u = e, with e a generator (of type [t])",
    **{word: (f"'{word}' is read as a name here: the staging construct is `{word} e` where an expression "
              f"begins, and in parentheses, `({word} e)`, as an argument or an operand")
       for word in ("code", "lift")},
}
UNBOUND_CONSTRUCTOR = "unbound constructor '{name}'"
OPERATOR_AS_ARGUMENT_NOTE = ("'{op}' here is an infix operator applied to {fn}; to pass it to {fn} as a "
                             "function, write `op {op}`: {fn} (op {op}) ...")
FN_WITH_ARGUMENTS_NOTE = ("a `fn` takes one argument, a pattern, in which '{name}' is read as a constructor; "
                          "for several arguments write fn {name} => fn y => ... (or a tuple: fn ({name}, y) => ...)")
# `0xZZ`, `0w`, `~0w1`: not a literal, so SML reads 0 applied to a name
# written against it; one error, with what the literal should look like
GLUED_LITERAL = "not a number: this reads as the integer {zero} applied to '{name}', and an integer is not a function"
GLUED_HEX_NOTE = "'0x' begins a hexadecimal literal only when hex digits follow it, as in 0x1F"
GLUED_WORD_NOTE = "a word literal is 0w and decimal digits (0w12) or 0wx and hex digits (0wx1F)"
GLUED_SIGNED_WORD_NOTE = "a word literal has no sign (words are unsigned): write 0w1, or Word.~ 0w1 for its negation"
TOO_MANY_ARGUMENTS_NOTE = "'{name}' takes {takes} argument{s} but is given {given} here"
# (a function among the arguments: `print Int.toString 3`)
GROUPING_NOTE = "; application groups to the left, f g x being (f g) x: for f (g x), write the parentheses"
# `f !r`, `abs ~x`: `!` and `~` are ordinary functions, so the name after
# them is a further argument of f, not theirs
GLUED_PREFIX_NOTE = ("`{written}` gives '{name}' two arguments, '{prefix}' and {operand}, "
                     "since {prefix} is a function like any other: write {name} ({written})")
DECLARED_LATER_NOTE = ("'{name}' is declared at {at}, after this use, and a name is visible only after its "
                       "declaration: declare it first, or, for functions that call each other, together: "
                       "fun ... and {name} ...")
VAL_WITH_ARGUMENTS_NOTE = ("`val {name} x = ...` reads '{name} x' as a pattern, {name} a constructor; "
                           "a function is declared with `fun`: fun {name} x = ...")
ABSTYPE_CONSTRUCTOR_NOTE = ("'{name}' is a constructor of the abstype {type}: it is visible only between "
                            "the abstype's 'with' and 'end'")
UNBOUND_TYPE = "unbound type constructor '{name}'"
# type names other languages use, when unbound: what SML calls the type
FAMILIAR_TYPES = {
    "integer": "int", "Integer": "int", "Int": "int", "long": "int", "String": "string", "str": "string",
    "Bool": "bool", "boolean": "bool", "Boolean": "bool", "Char": "char", "character": "char", "void": "unit",
    "Unit": "unit", "List": "list", "Option": "option", "Maybe": "option", "Array": "array", "Vector": "vector",
    "Ref": "ref", "Word": "word",
}
REAL_TYPE_NOTE = "ML\u25a1 has no reals (docs/language.md \u00a712): int and word are its numbers"
# `fun f (x:xs) = ...`, Haskell's cons
COLON_FOR_CONS_NOTE = "`{x} : {xs}` gives {x} the type {xs}; a list's head and tail are matched by `{x} :: {xs}`"
BOX_TYPE_NOTE = ("a generator of code of type t has type [t] (the paper's \u25a1t), not t {name}: "
                 "write [{arg}]")
INFIX_AS_TYPE_NOTE = ("after a type, '{name}' is read as a type constructor applied to it, as in SML: to apply "
                      "the operator to a typed expression, parenthesise it, `(e : t) {name} ...`")
UNBOUND_TYVAR = "unbound type variable {name}"
TYPE_PARAMETER_NOTE = ("the type variables of a datatype or type declaration are its parameters, written before "
                       "its name: datatype {name} t = ... (several: datatype ('a, 'b) t = ...)")
EXCEPTION_TYVAR_NOTE = ("only a val or fun declaration scopes type variables; an exception is not "
                        "polymorphic: its argument type has none")
TYPE_ARITY = "type constructor '{name}' expects {n} type argument(s) but is given {m}"
DUPLICATE_PATTERN_VAR = "variable '{name}' is bound twice in this pattern"
DUPLICATE_BINDING = "'{name}' is bound twice in this declaration"
DUPLICATE_CONSTRUCTOR = "constructor '{name}' is declared twice in this datatype declaration"
DUPLICATE_TYPE = "type '{name}' is declared twice in this declaration"
DUPLICATE_TYVAR = "type variable {name} is declared twice"
VAL_REC_NOT_FN = "'val rec' can only bind a function (fn ...) to a variable"
ILLEGAL_REBINDING = "'{name}' cannot be declared again: SML reserves it (true, false, nil, ::, ref, =)"
# A long identifier names a binding made inside a structure; a declaration or
# a pattern variable binds a plain name (SML '97 §2.4: only a constructor may
# be qualified in a pattern). Poly/ML: "qualified name ... illegal here".
QUALIFIED_BINDER = "'{name}' is a qualified name: a declaration binds a plain name, such as '{plain}'"
QUALIFIED_PATTERN_VAR = ("'{name}' is not a constructor: a qualified name in a pattern must be a constructor "
                         "(List.nil, Option.SOME); a variable is bound by a plain name, such as '{plain}'")
QUALIFIED_PATTERN_NOTE = "a qualified name in a pattern can only be a constructor: a pattern binds only plain names"
LAYERED_CONSTRUCTOR = "'{name}' is a constructor: the name before 'as' must be a variable"
ILLEGAL_IT_CONSTRUCTOR = "'it' cannot be declared as a constructor or exception: SML reserves it for the value of a top-level expression"
COGEN_BINDS_CONSTRUCTOR = "'cogen' binds a code variable, but '{name}' is a constructor here"
COGEN_BINDS_CONSTRUCTOR_NOTE = ("as in its erasure 'val {name} = ...', the name would be a constructor pattern; "
                                "choose another name for the code variable")

STAGING_VARIABLE = "value variable '{name}' cannot be used inside 'code'"
STAGING_EXCEPTION = "exception '{name}' cannot be used inside 'code'"
STAGING_BOUND_NOTE = ("'{name}' is bound at {bound} outside the enclosing 'code' (at {code}); "
                      "only code variables and top-level values may appear inside code")
STAGING_LIFT_FIX = "to use its value in generated code, bind a code variable: cogen {name}' = lift {name}"
STAGING_COGEN_FIX = "'{name}' is a generator; to splice its code, bind a code variable: cogen {name}' = {name}"
# `code (fn x => eval (compPoly p) x)` with p bound outside: lifting p
# type-checks but generates compPoly's code each time the generated code
# runs; generating it before the `code` is what was meant
STAGING_GENERATE_OUTSIDE = ("'{call}' is a generator: called inside 'code', it would generate its code "
                            "each time the generated code runs; ")
STAGING_GENERATE_OUTSIDE_FIX = STAGING_GENERATE_OUTSIDE + (
    "generate it once, before the 'code' (at {code}): cogen {u} = {call}, then write {u} for '{use}' inside")
STAGING_COGEN_OUTSIDE_FIX = STAGING_GENERATE_OUTSIDE + (
    "generate it once: move 'cogen {u} = {call}' before the 'code' (at {code})")
STAGING_REPLICA_NOTE = "'{name}' is the local exception '{original}' declared at {bound}"
STAGING_EXCEPTION_FIX = "declare the exception at top level to use it inside code"
STAGING_MORE_USES_NOTE = "'{name}' is used {count} more time(s) inside the same 'code', at {places}: the same fix applies"

MATCH_NONEXHAUSTIVE = "match nonexhaustive; not covered: {example}"
# `case a of p => case b of q => x | r => y`: the `| r` indented as the
# outer case's rule is the inner case's (as in every SML)
NESTED_CASE_NOTE = ("a nested case takes all the rules after it (the case at {at} takes this one); "
                    "put parentheses around the inner case")
NESTED_CASE_OUTER_NOTE = ("a nested case takes all the rules after it (the case at {at} takes the rules "
                          "at {rules}); put parentheses around the inner case")
BINDING_NONEXHAUSTIVE = "binding nonexhaustive; not covered: {example}"
REDUNDANT_CLAUSE = "redundant clause: earlier clauses match every value this one matches"
# a misspelt constructor in a pattern is a variable, which matches anything
VARIABLE_NOT_CONSTRUCTOR_NOTE = ("'{name}' at {at} is a variable, not a constructor, so its clause matches "
                                 "every value; did you mean the constructor '{con}'?")
# `case x of SOME y => y | None => 0`: a capitalised variable that is a
# constructor in scope but for letter case (a redundant clause after it
# gets VARIABLE_NOT_CONSTRUCTOR_NOTE instead)
CASE_SLIP_VARIABLE = ("'{name}' is a variable, not a constructor, so it matches every value; "
                      "did you mean the constructor '{con}'?")
# `fun fact n = if n = 0 then 1 else n * fact n - 1`: the recursive call
# has the clause's own number, so it recurses the same way until the stack
# runs out; meant was `fact (n - 1)`
SAME_ARGUMENT_CALL = "'{f} {n}' calls {f} again with its own argument {n}, unchanged: it will never end"
SAME_ARGUMENT_NOTE = ("`{f} {n} {op} {by}` is `({f} {n}) {op} {by}`: an application binds tighter than any operator; "
                      "to call {f} on {n} {op} {by}, write {f} ({n} {op} {by})")
ARITHMETIC = frozenset({"+", "-", "*", "div", "mod"})
# Poly/ML: "Can't find a fixed record type"; SML/NJ: "unresolved flex record"
UNRESOLVED_SELECTOR = "cannot tell the width of the tuple that {name} selects from"
UNRESOLVED_SELECTOR_NOTE = ("a selector's tuple type must be known by the end of the declarations (up to a "
                            "top-level `;`) it is used in: give the tuple's type where it is bound, as in "
                            "`fn (p : int * string) => #{index} p`, or take the tuple apart with a pattern")
FREE_TYVAR = ("the type of '{name}', {type}, contains a free type variable: "
              "it is given a unique monotype")
FREE_TYVAR_NOTE = ("the value restriction keeps '{name}' from being polymorphic, as its expression is not "
                   "a value (fn, code, constructor, constant); to fix its type, annotate it: val {name} : ... = ...")
MONOTYPE_NOTE = ("{type} is the free type variable of '{name}' (declared at {at}), made a type of its own at "
                 "the top-level `;` after it; the warning there says why '{name}' was not polymorphic")
FREE_TYVAR_SELECTOR_NOTE = ("{var} is in the tuple that {selector} at {at} selects from, which is never "
                            "polymorphic; to fix it, give the tuple's type where it is bound")
FREE_TYVAR_SHARED_NOTE = ("{var} is in the type of '{other}' too, which the value restriction keeps from being "
                          "polymorphic; to fix it, annotate '{other}': val {other} : ... = ...")

# The Definition of SML (§2.9) forbids `val rec`, `fun`, `datatype` and
# `exception` declarations to bind these names, and datatype and exception
# declarations to bind `it`; Poly/ML enforces both. So `ref` is always the
# basis's constructor in a pattern.
# SML '97 section 2.9 forbids binding the first five; `=` is a reserved
# word allowed as an identifier only for equality, which "may not be
# re-bound" (section 2.4), not even by `exception op =` (which Poly/ML and
# SML/NJ accept; Poly/ML rejects its other bindings, SML/NJ warns)
RESERVED_NAMES = frozenset({"true", "false", "nil", "::", "ref", "="})

# ---------------------------------------------------- environment entries


class VarInfo:
    """A value or code variable. `depth` is the `code` nesting at which it
    was bound; `binder` the AST node that binds it."""

    __slots__ = ("name", "ty", "binder", "depth", "is_global", "is_code", "used", "cogens_of_variables")

    def __init__(self, name: str, ty: Type, binder, depth: int, is_global: bool, is_code: bool = False):
        self.name = name
        self.ty = ty
        self.binder = binder
        self.depth = depth
        self.is_global = is_global
        self.is_code = is_code
        self.used = False
        # for a top-level function: its `cogen u = x` that made a variable
        # x a generator (Checker.cogens_of_variables), kept for a later
        # input of the REPL calling it
        self.cogens_of_variables: tuple = ()


class DataCon:
    """A data constructor; `ty` is its type scheme (`arg -> t` or `t`)."""

    __slots__ = ("name", "tag", "has_arg", "ty", "tycon", "binder", "ref", "ctor")

    def __init__(self, name: str, tag: int, has_arg: bool, ty: Type, tycon: Tycon, binder=None):
        self.name = name
        self.tag = tag
        self.has_arg = has_arg
        self.ty = ty
        self.tycon = tycon
        self.binder = binder
        self.ref: Optional[ConRef] = None  # set once the datatype is complete
        self.ctor: Optional[mc.Ctor] = None


class ExnInfo:
    """An exception constructor: built-in (index into BUILTIN_EXNS) or
    declared by an ExnBind (exceptions are generative values, so a local
    one obeys the same staging rule as a local variable)."""

    __slots__ = ("name", "arg", "binder", "builtin", "prelude", "depth", "is_global", "ctor", "replica_binder")

    def __init__(self, name: str, arg: Optional[Type], binder=None, builtin: Optional[int] = None,
                 depth: int = 0, is_global: bool = True, prelude: Optional[str] = None):
        self.name = name
        self.arg = arg
        self.binder = binder
        self.builtin = builtin
        # the basis name of an exception the prelude declares (basis.PRELUDE_EXCEPTIONS)
        self.prelude = prelude
        self.depth = depth
        self.is_global = is_global
        self.ctor = mc.exn_ctor(self, name, arg is not None)
        # the ExnBind of `exception name = ...` when this is a replica
        # (diagnostics point there; `binder` is the original's identity)
        self.replica_binder = None

    @property
    def ty(self) -> Type:
        return EXN if self.arg is None else TArrow(self.arg, EXN)

    def replica(self, name: str, replica_binder) -> "ExnInfo":
        """`exception name = self`: the same exception under another name
        (the same built-in or declaration, hence the same ExnRef identity
        and the same constructor for the match checker)."""
        copy = ExnInfo(name, self.arg, self.binder, self.builtin, self.depth, self.is_global, self.prelude)
        copy.ctor = self.ctor
        copy.replica_binder = replica_binder
        return copy

    def ref(self) -> ExnRef:
        if self.builtin is not None:
            return ExnRef(self.name, self.arg is not None, builtin=self.builtin)
        if self.prelude is not None:
            return ExnRef(self.name, self.arg is not None, prelude=self.prelude)
        return ExnRef(self.name, self.arg is not None, binder=id(self.binder), is_global=self.is_global)


class BasisValue:
    """A value of the basis. Its type is elaborated from basis.py's text on
    first use: a program uses few of the basis's values, and parsing all
    their types would be a noticeable part of start-up."""

    __slots__ = ("name", "text", "_ty")

    def __init__(self, name: str, text: str):
        self.name = name
        self.text = text
        self._ty: Optional[Type] = None

    @property
    def ty(self) -> Type:
        if self._ty is None:
            self._ty = _basis_type(self.text, {})
        return self._ty


class OverloadedValue:
    """An overloaded basis operator: its type mentions `placeholder`, which
    each use replaces by a fresh variable constrained to `allowed`."""

    __slots__ = ("name", "ty", "placeholder", "allowed")

    def __init__(self, name: str, ty: Type, placeholder: TVar, allowed: tuple[str, ...]):
        self.name = name
        self.ty = ty
        self.placeholder = placeholder
        self.allowed = allowed


ValueEntry = VarInfo | DataCon | ExnInfo | BasisValue | OverloadedValue


class Abbrev:
    """A type abbreviation: `type ('a, 'b) t = body` (params are GENERIC
    variables of body)."""

    __slots__ = ("name", "params", "body", "nameable", "uses_every_param", "datatype", "cons", "withtype")

    def __init__(self, name: str, params: list[TVar], body: Type, nameable: bool = True):
        self.name = name
        self.params = params
        self.body = body
        # a datatype replication (`datatype t = datatype u`) is an
        # abbreviation of u's type whose constructors are bound again
        # (with types printed by the new name, as Poly/ML prints them)
        self.datatype: Optional[Tycon] = None
        self.cons: list[DataCon] = []
        # declared by a datatype's `withtype` (never printed as the datatype
        # it may rename: see `renamed`)
        self.withtype = False
        # whether the types it makes print by its name: the unifier never
        # sees an alias's arguments, so a type variable in one that the
        # expansion leaves out (`type 'a t = int`) would not be kept in step
        used = {id(v) for v in free_vars(body)}
        self.nameable = nameable
        self.uses_every_param = all(id(p) in used for p in params)

    def expand(self, args: tuple, written: str) -> Type:
        """The type `args written` denotes (`written` is the name as the
        program spells it), printed that way where the name is visible."""
        body = substitute(self.body, {id(p): a for p, a in zip(self.params, args)}) if args else self.body
        if self.nameable and (self.uses_every_param or not any(free_vars(a) for a in args)):
            return aliased(body, written, args, self)
        return body

    @property
    def arity(self) -> int:
        return len(self.params)

    @property
    def renamed(self) -> Optional[Tycon]:
        """The type constructor this abbreviation is only another name of
        (a replication, `type ('a, 'b) t = ('a, 'b) u`), if any. Poly/ML
        5.7 treats a `withtype` abbreviation as a type of its own."""
        if self.withtype:
            return None
        body = prune(self.body)
        if isinstance(body, TCon) and len(body.args) == len(self.params) and all(
                prune(arg) is param for arg, param in zip(body.args, self.params)):
            return body.tycon
        return None


class _TypeNames:
    """What each type name denotes at top level after one top-level
    declaration: a point in the history of the top-level scope's type
    bindings (a copy of that scope per declaration was quadratic)."""

    __slots__ = ("cursor", "records")

    def __init__(self, top: Scope):
        self.cursor = top.cursor
        self.records = top.cursor.type_records

    def find(self, name: str):
        return self.cursor.top_type_at(name, self.records)


@attrs.frozen
class Env:
    """A persistent checking environment: what the next input (of the
    REPL) sees. Checking never mutates the scopes of a given Env."""

    scope: Scope

    def types(self, since: Optional[Env] = None) -> list[Type]:
        """The types of every binding above the basis (shadowed ones too:
        they may share variables with visible ones), or only of those bound
        after the environment `since` (which this one extends). The basis's
        own types are closed schemes, never changed by checking."""
        found: list[Type] = []
        scope = self.scope
        stop = since.scope if since is not None else None
        while scope is not None and scope.parent is not None and scope is not stop:
            for entry in scope.values.values():
                if isinstance(entry, (VarInfo, DataCon)):
                    found.append(entry.ty)
                elif isinstance(entry, ExnInfo) and entry.arg is not None:
                    found.append(entry.arg)
            for entry in scope.types.values():
                if isinstance(entry, Abbrev):
                    found.append(entry.body)
            scope = scope.parent
        return found


@attrs.define
class CheckResult:
    elaboration: Elaboration
    env: Env
    diagnostics: list[Diagnostic]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors


# ------------------------------------------------------------ the basis

BUILTIN_TYCONS: dict[str, Tycon] = {}
for _name, _arity in basis.TYPES.items():
    if _name != "unit":  # unit is the empty tuple
        _equality = "always" if _name in basis.EQ_ALWAYS else ("args" if _name in basis.EQTYPES else "never")
        BUILTIN_TYCONS[_name] = Tycon(_name, _arity, _equality)
INT, WORD, STRING, CHAR, BOOL, EXN = (TCon(BUILTIN_TYCONS[n]) for n in ("int", "word", "string", "char", "bool", "exn"))
CONST_TYPES = {S.IntConst: INT, S.WordConst: WORD, S.StringConst: STRING, S.CharConst: CHAR}
CONST_KINDS = {S.IntConst: "int", S.WordConst: "word", S.StringConst: "string", S.CharConst: "char"}

_basis_scopes: dict[bool, Scope] = {}
# basis type text -> its syntax: each text is parsed once per process (the
# prelude's basis scope and the user programs' share most of them)
_parsed_basis_types: dict[str, S.Ty] = {}


def _parse_basis_type(text: str) -> S.Ty:
    ty = _parsed_basis_types.get(text)
    if ty is None:
        from mlbox.parser import parse_type

        ty = _parsed_basis_types[text] = parse_type(text)
    return ty


def _basis_type(text: str, tyvars: dict[str, TVar]) -> Type:
    """Elaborate a basis type string; its type variables become GENERIC."""

    def elab(ty) -> Type:
        if isinstance(ty, S.TyVar):
            if ty.name not in tyvars:
                tyvars[ty.name] = TVar(GENERIC, eq=ty.name.startswith("''"))
            return tyvars[ty.name]
        if isinstance(ty, S.TyArrow):
            return TArrow(elab(ty.arg), elab(ty.res))
        if isinstance(ty, S.TyTuple):
            return TTuple(tuple(elab(t) for t in ty.items))
        if isinstance(ty, S.TyBox):
            return TBox(elab(ty.body))
        if ty.name == "unit":
            return UNIT
        if ty.name in basis.TYPE_ABBREVIATIONS:
            return _basis_abbrev(ty.name).expand(tuple(elab(t) for t in ty.args), ty.name)
        return TCon(BUILTIN_TYCONS[ty.name], tuple(elab(t) for t in ty.args))

    return elab(_parse_basis_type(text))


_basis_abbrevs: dict[str, Abbrev] = {}


def _basis_abbrev(name: str) -> Abbrev:
    """The Basis's abbreviation `name`, one per process: both basis scopes
    and every type that uses it share it (types print by its name where it
    is visible, that is where the scope holds this very one)."""
    abbrev = _basis_abbrevs.get(name)
    if abbrev is None:
        params, body = basis.TYPE_ABBREVIATIONS[name]
        generic = {param: TVar(GENERIC) for param in params}
        abbrev = _basis_abbrevs[name] = Abbrev(name, list(generic.values()), _basis_type(body, dict(generic)))
    return abbrev


def _build_basis(for_prelude: bool) -> Scope:
    scope = Scope()
    scope.types.update(BUILTIN_TYCONS)
    scope.types["unit"] = Abbrev("unit", [], UNIT, nameable=False)  # the empty tuple prints as unit anyway
    for aname in basis.TYPE_ABBREVIATIONS:
        scope.types[aname] = _basis_abbrev(aname)
    for tname in basis.DATATYPES:
        tycon = BUILTIN_TYCONS[tname]
        if not tycon.cons:  # the built-in tycons are shared by both basis scopes
            _add_builtin_constructors(tycon)
        for con in tycon.cons:
            scope.values[con.name] = con
    for index, (ename, arg) in enumerate(basis.EXCEPTIONS.items()):
        scope.values[ename] = ExnInfo(ename, _basis_type(arg, {}) if arg else None, builtin=index)
    if not for_prelude:  # (the prelude declares them)
        for qualified, (ename, arg) in basis.PRELUDE_EXCEPTIONS.items():
            scope.values[qualified] = ExnInfo(ename, _basis_type(arg, {}) if arg else None, prelude=qualified)
    for vname, (text, impl) in basis.VALUES.items():
        if for_prelude and impl == ("prelude",):
            continue  # the prelude is defining it
        scope.values[vname] = BasisValue(vname, text)
    for oname, (text, instances) in basis.OVERLOADS.items():
        tyvars: dict[str, TVar] = {}
        ty = _basis_type(text, tyvars)
        scope.values[oname] = OverloadedValue(oname, ty, tyvars["'n"], tuple(instances))
    # the same entries: the same type, constructor or exception identity
    for qualified, name in basis.QUALIFIED_TYPES.items():
        scope.types[qualified] = scope.types[name]
    for qualified, name in basis.QUALIFIED_CONSTRUCTORS.items():
        if name in scope.values:  # (not a prelude exception while the prelude declares it)
            scope.values[qualified] = scope.values[name]
    return scope


def _add_builtin_constructors(tycon: Tycon) -> None:
    tyvar_names, cons = basis.DATATYPES[tycon.name]
    params = {name: TVar(GENERIC) for name in tyvar_names}
    result = TCon(tycon, tuple(params.values()))
    for cname, arg, tag in sorted(cons, key=lambda c: c[2]):
        ty = result if arg is None else TArrow(_basis_type(arg, params), result)
        tycon.cons.append(DataCon(cname, tag, arg is not None, ty, tycon))
    _finish_datatype(tycon)


def _finish_datatype(tycon: Tycon) -> None:
    """Make the compiler's ConRefs and the match checker's family."""
    family = mc.datatype_family([(c.name, c.has_arg) for c in tycon.cons], tycon)
    for con, ctor in zip(tycon.cons, family.ctors):
        con.ctor = ctor
        con.ref = ConRef(con.name, con.tag, con.has_arg, len(tycon.cons), tycon.name)


# Both basis scopes are built on first use, and share the built-in tycons'
# constructors and the basis abbreviations: threads checking their first
# programs at once (api.load_source in several threads) built them together,
# and one could see `list` with only `nil` (its program failed with "unbound
# constructor '::'") or give it four constructors for the rest of the process.
_basis_lock = threading.Lock()


def _basis_scope(for_prelude: bool) -> Scope:
    scope = _basis_scopes.get(for_prelude)
    if scope is None:
        with _basis_lock:
            scope = _basis_scopes.get(for_prelude)
            if scope is None:
                scope = _basis_scopes[for_prelude] = _build_basis(for_prelude)
    return scope


def initial_env(prelude: bool = False) -> Env:
    """The environment of a user program: the whole basis. With
    prelude=True, the one for checking mlbox/prelude.sml itself: the basis
    without the values the prelude defines."""
    return Env(Scope(_basis_scope(prelude)))


def _list_ctors() -> tuple[mc.Ctor, mc.Ctor]:
    cons = BUILTIN_TYCONS["list"].cons
    return cons[0].ctor, cons[1].ctor


# ------------------------------------------------------------ the checker


class _TyvarFrame:
    """The explicit type variables scoped at one val/fun declaration."""

    __slots__ = ("level", "vars")

    def __init__(self, level: int):
        self.level = level
        self.vars: dict[str, TVar] = {}


class _CallUnderCode:
    """An application chain inside `code` (`compPoly p`, `eval (compPoly p)
    x`), open while it is checked. A staging error inside a call whose
    result is a generator is the call's: the call is to be made before the
    `code`, which it can be when `movable` (it mentions no variable bound
    inside the `code`, nor a code variable)."""

    __slots__ = ("app", "depth", "result", "movable")

    def __init__(self, app: S.App, depth: int):
        self.app = app
        self.depth = depth
        self.result: Optional[Type] = None  # the chain's type, once checked
        self.movable = True


class Checker:
    def __init__(self, env: Env):
        self.toplevel = Scope(env.scope, new_tree=True)
        self.scope = self.toplevel
        self.elab = Elaboration()
        self.diagnostics: list[Diagnostic] = []
        self.level = 0
        self.depth = 0  # how many `code` we are under
        self.code_spans: list[S.Span] = []
        self.cogens = 0  # cogen declarations checked (none: nothing for lint to look at)
        self.codes = 0  # `code`, `lift` and `eval` checked (with cogens: what lint.regenerations looks at)
        self.monotypes = 0  # unique types made of weak variables at top-level `;`s
        # id of each such type's Tycon -> (it, the value whose variable it fixed, that value's binder)
        self.monotype_origins: dict[int, tuple[Tycon, str, object]] = {}
        # a non-generic variable made before this check is an earlier REPL
        # input's weak variable: messages print it '_a, as its reply did
        self.started = now()
        # (variable or exception, crossed `code`) -> (index of its staging
        # error in diagnostics, its name, spans of the later uses): one
        # error per variable and `code`, not one per use
        self.staging_reported: dict[tuple[int, int], tuple[int, str, list[S.Span]]] = {}
        # a generator used under `code` (a staging error) -> its type as a
        # generator, for a `cogen` that binds it (`cogen g' = g`, the fix,
        # written inside the `code`): checked as a generator, no second error
        self.spliced_generators: dict[int, Type] = {}
        # the application chains open around the expression being checked,
        # inside `code`, innermost last (see _CallUnderCode)
        self.calls_under_code: list[_CallUnderCode] = []
        # id() of a generator call inside `code` -> what uses its generator
        # there: the `eval (g ...)` around it, or the `cogen` binding it
        self.generator_uses: dict[int, S.App | S.CogenDec] = {}
        # an application under `code` of a call that makes a generator
        # (`(spower (n - 1)) x`), by id: the fix, to make that call before
        # the `code` (see generator_call_fix)
        self.applied_generator_calls: dict[int, str] = {}
        # the left operand of a `:=` by id, to the value assigned (INDEXED_ASSIGNMENT_NOTE)
        self.assigned_elements: dict[int, S.Exp] = {}
        # index of a staging error in diagnostics -> the application chains
        # around the variable, innermost last, and the `code` it crosses
        self.staging_calls: dict[int, tuple[list[_CallUnderCode], S.Code]] = {}
        self.code_nodes: list[S.Code] = []  # the `code`s around, outermost first
        # id() of `eval g` applied further (`eval g x y`) -> (x, y): for the
        # note on `eval codePower 3`
        self.eval_further_args: dict[int, tuple] = {}
        self.tyvar_frames: list[_TyvarFrame] = []
        self.escaped: set[int] = set()  # id() of the explicit type variables reported escaping
        self.pending_overloads: list[tuple[S.Var, str, TVar]] = []
        # each selector `#i` of the unit and the tuple it takes
        self.pending_selectors: list[tuple[S.Var, int, TVar, int]] = []
        # the selectors and tuple types of the unit last resolved, and the
        # top-level values the value restriction kept from being
        # generalised: what a free type variable's warning blames
        self.unit_selectors: list[tuple[S.Var, Type]] = []
        self.restricted_values: set[int] = set()
        self.errors_made = 0
        self.local_vars: list[VarInfo] = []
        self.typed_nodes: list[tuple[int, Type]] = []
        # id() of each annotated expression that is the whole body of a
        # `code`, `lift` or `fn` -> that keyword: `(code 3 : [int])`
        self.open_ended_bodies: dict[int, str] = {}
        # annotations of a `fun` group elaborated before its bodies
        # (declare_fun), by id of the type node, taken by their first use
        self.early_annotations: dict[int, Type] = {}
        self.top: list[tuple[str, str, object]] = []  # (kind, name, entry) in order
        # for each entry of self.top, the type names visible after its
        # top-level declaration (what the REPL shows its type against)
        self.top_views: list[_TypeNames] = []
        # self.top[:closed] are entries a top-level `;` has closed (no weak
        # type left): they need no second look, so a program of many
        # `;`-separated declarations is checked in linear time
        self.closed = 0
        # the non-recursive `val` bindings whose expression is being
        # checked, innermost last: `val f = fn ... f ...` lacks `rec`
        self.open_binds: list[S.ValBind] = []
        # lines where a misspelt keyword begins a declaration read as an
        # expression: the names it binds are not reported unbound
        self.misread_lines: set[int] = set()
        # id() of the types of applications already reported as a slip
        # (`a == b`): applying one to more arguments is no further error
        self.slip_results: set[int] = set()
        # (number of diagnostics before it, actual, expected) of each type
        # mismatch reported: a branch set against another that clashes the
        # same way is the same mistake (see clashed_already)
        self.clashes: list[tuple[int, object, Type, Type]] = []
        # id() of each application that is applied further, `f 1` of `f 1 2`
        self.applied_further: set[int] = set()
        # id() of the argument of each application -> its type (for
        # swapped_arguments, which needs the arguments' types after the fact)
        self.argument_types: dict[int, Type] = {}
        # id() of the VarInfo of each `fun` or `val rec` function whose
        # declaration is being checked (monomorphic in its own body), to the
        # level its type will be generalised above
        self.defining: dict[int, int] = {}
        # id() of each constructor pattern that is the whole pattern of a
        # `val` binding (`val f x = ...`, probably meant as a `fun`)
        self.val_heads: set[int] = set()
        # the same for the whole pattern of a `fn` rule (`fn x y => ...`)
        self.fn_heads: set[int] = set()
        # the top-level functions of the program being checked, by name, for
        # a use above its declaration (`fun even ...` calling a later `odd`)
        self.top_functions: dict[str, S.Span] = {}
        self.cut_clause: Optional[tuple] = None  # (FunBind, its last clause's variables): see check_topdecs
        # `cogen u = x` for a local value variable x of a type not yet known:
        # x becomes a generator by this cogen alone, which is also how a
        # forgotten `lift` reads (`cogen a' = a` for `cogen a' = lift a`)
        self.cogens_of_variables: list[S.CogenDec] = []

    # -------------------------------------------------------- reporting

    def error(self, message: str, span: S.Span, *notes: str) -> None:
        if span != S.NOSPAN and any(d.severity == "error" and d.message == message
                                    and (d.span.line, d.span.col) == (span.line, span.col)
                                    for d in self.diagnostics[-4:]):
            return  # one mistake met twice (`fun f (x : 'a) : 'a = x + 0`): said once
        self.errors_made += 1
        self.diagnostics.append(Diagnostic("error", message, span, tuple(n for n in notes if n)))

    def meant_as_arguments(self, p: S.PCon) -> bool:
        """Whether the unbound constructor pattern `f x` of `val f x = ...`
        or `fn f x => ...` was meant as a function's name and argument:
        `f` is unbound and not a typo of a name in scope."""
        return self.scope.find_value(p.name) is None and "." not in p.name \
            and not self.unbound_note(p.name).startswith(DID_YOU_MEAN.partition("{")[0])

    def unbound_note(self, name: str) -> str:
        """For an unbound value name: the name in scope it is probably a
        typo of, else, for a qualified name (`Real.fromInt`), where the
        basis is listed; "" when neither helps."""
        if name in OPERATOR_SLIPS:
            return OPERATOR_SLIPS[name]
        later = self.top_functions.get(name)
        if later is not None:
            return DECLARED_LATER_NOTE.format(name=name, at=_at(later))
        if name == "return":
            return RETURN_NOTE
        if name in FAMILIAR_NAMES:
            return DID_YOU_MEAN.format(name=FAMILIAR_NAMES[name])
        if name in LIST_CONVERSIONS:
            return LIST_CONVERSION_NOTE.format(name=name, instead=LIST_CONVERSIONS[name])
        if name in ("exnMessage", "General.exnMessage"):
            return EXN_MESSAGE_NOTE
        if name in RECORD_ARGUMENT_FUNCTIONS:
            record, loop = RECORD_ARGUMENT_FUNCTIONS[name]
            return RECORD_ARGUMENT_NOTE.format(name=name, record=record, loop=loop)
        value, _, field = name.rpartition(".")
        entry = self.scope.find_value(value) if value else None
        if isinstance(entry, VarInfo):  # `s.length`: a value's field or method
            return METHOD_NOTE.format(value=value, example=_length_call(entry.ty, value, field))
        self.suggestions_made = getattr(self, "suggestions_made", 0) + 1
        if self.suggestions_made > MAX_SUGGESTIONS:
            return ""
        import difflib

        names = {n for n, _entry in self.visible_values() if n != name}
        if name in STAGING_KEYWORD_NOTES:
            return STAGING_KEYWORD_NOTES[name]
        hidden_by = self.abstype_hiding(name)
        if hidden_by is not None:
            return ABSTYPE_CONSTRUCTOR_NOTE.format(name=name, type=hidden_by.name)
        close = [n for n in sorted(names) if n.lower() == name.lower()][:1] \
            or difflib.get_close_matches(name, names, n=1, cutoff=0.8)  # (`SOMe`, `Nil`: a slip of case)
        structure, _, member = name.partition(".")
        if structure == "TextIO" and member in TEXTIO_ABSENT_NAMES:
            return TEXTIO_ABSENT_NOTE
        if "." in name and structure in ABSENT_STRUCTURES:
            absent = ABSENT_STRUCTURE_NOTE.format(structure=structure)
            return f"{absent}; {DID_YOU_MEAN.format(name=close[0])}" if close else absent
        if structure in ("Int", "Word") and member in LARGE_CONVERSIONS:
            return LARGE_CONVERSION_NOTE.format(name=name)
        if close:
            return DID_YOU_MEAN.format(name=close[0])
        return UNBOUND_QUALIFIED_NOTE if "." in name else ""

    def visible_values(self):
        """(name, entry) of every value binding of the scopes in force,
        shadowed ones included."""
        scope = self.scope
        while scope is not None:
            yield from scope.values.items()
            scope = scope.parent

    def abstype_hiding(self, name: str) -> Optional[Tycon]:
        """The abstype in scope whose constructor `name` is, if any."""
        scope = self.scope
        while scope is not None:
            for entry in scope.types.values():
                if isinstance(entry, Tycon) and entry.abstract and any(c.name == name for c in entry.cons):
                    return entry
            scope = scope.parent
        return None

    def warning(self, message: str, span: S.Span, *notes: str) -> None:
        self.diagnostics.append(Diagnostic("warning", message, span, tuple(n for n in notes if n)))

    def fresh(self) -> TVar:
        return TVar(self.level)

    def expect(self, actual: Type, expected: Type, node, message: str, *notes: str, fresh: bool = False,
               fresh_vars: tuple = (), made_args: tuple = (), box_notes: bool = True, **fmt) -> bool:
        """Unify the type of `node` with what its context expects; on
        failure report `message` (formatted with both types) at node.
        `fresh`: `expected` is a variable just made that nothing refers to
        yet, so no occurs check is needed (types.unify_fresh); `fresh_vars`:
        `expected` is the domain of an instance just made, with variables
        that `actual` cannot contain (types.fresh_domain_vars); `made_args`:
        for each of them (or for `actual`, one), whether that part of
        `actual` was made after `expected` of variables `expected` cannot
        contain (types.unify_made_args). `box_notes`: whether a missing
        `code` or `eval` may be suggested."""
        try:
            if fresh:
                unify_fresh(actual, expected)
            elif fresh_vars or any(made_args):
                unify_instance(actual, expected, fresh_vars or (frozenset(),), made_args)
            else:
                unify(actual, expected)
            return True
        except UnifyError as err:
            generator = self.spliced_generators.get(id(node))
            if generator is not None:
                # a generator used under `code`, already one staging error,
                # where a generator is wanted (`eval g`): not a second error
                try:
                    unify(generator, expected)
                    return True
                except UnifyError:
                    pass
            self.report_unify(err, actual, expected, node, message, notes, fmt, box_notes)
            return False

    def clashed_already(self, since: int, branch, a: Type, b: Type) -> bool:
        """Whether a mismatch reported since diagnostic `since` set the
        variable that is `branch` against the type it is set against again,
        the types a and b: `if length s > 3 then s ^ "!" else s` clashes s's
        list type with string at the `^`, then at the branches."""
        ref = self.elab.refs.get(id(branch)) if isinstance(branch, S.Var) else None
        return isinstance(ref, VarRef) and any(
            index >= since and isinstance(node, S.Var) and self.elab.refs.get(id(node)) == ref
            and (_fits([(a, actual), (b, expected)]) or _fits([(a, expected), (b, actual)]))
            for index, node, actual, expected in self.clashes)

    def printer(self, abbreviations: bool = True) -> TypePrinter:
        """A printer for a message about this input's types."""
        return TypePrinter(abbreviations=abbreviations, weak_before=self.started)

    def report_unify(self, err: UnifyError, actual: Type, expected: Type, node, message: str,
                     notes: tuple, fmt: dict, box_notes: bool = True) -> None:
        self.clashes.append((len(self.diagnostics), node, actual, expected))
        printer = self.printer()
        shown_actual, shown_expected = printer.show_all([actual, expected])
        if shown_actual == shown_expected:  # two abbreviations of one name: say what they stand for
            expanded = self.printer(abbreviations=False)
            shown = expanded.show_all([actual, expected])
            if shown[0] != shown[1]:
                printer, (shown_actual, shown_expected) = expanded, shown
        context = message.format(actual=shown_actual, expected=shown_expected, **fmt)
        # a note may be a function of the printer, to name type variables
        # consistently with the message
        extra = [note(printer) if callable(note) else note for note in notes]
        extra += self.monotype_notes(actual, expected)
        if err.kind == "circular":
            var, ty = printer.show_all([err.var, err.ty])
            self._unify_error(printer, CIRCULAR.format(var=var, type=ty), node.span, context, *extra)
            return
        if err.kind == "equality":
            self._unify_error(printer, NOT_EQUALITY.format(type=printer.show(err.ty), reason=err.reason),
                              node.span, context, *extra)
            return
        overloaded = prune(expected)
        if err.kind == "overload" and not (message == ARG_MISMATCH and isinstance(overloaded, TVar)
                                           and overloaded.overload is not None) \
                and message not in BRANCH_MESSAGES:
            # (no context note: it would show the operator's type variable;
            # but a function whose parameter is an operand, `add (1, 2)` for
            # `fun add a b = a + b`, is given a wrong argument: said so, its
            # parameter printed as the operator's default type)
            shown = prune(err.ty)
            if isinstance(shown, TCon) and shown.tycon.name in err.overload.allowed:
                # `datatype int = A | B` then `A + B`: not the basis's int
                extra.append(SAME_NAME_NOTE.format(name=shown.tycon.name))
            elif err.overload.op == "+" and _base_name(err.ty) == "string" \
                    and not any(isinstance(note, str) and APPLICATION_FIRST_TAIL in note for note in extra):
                extra.append(STRING_PLUS_NOTE)
            elif _option_content(err.ty) in err.overload.allowed:
                extra.append(OPTION_NOTE.format(type=printer.show(err.ty)))
            elif _option_content(err.ty, "ref") in err.overload.allowed:
                extra.append(REF_CONTENT_NOTE.format(name=_atom_text(node) if isinstance(node, S.Var) else "r"))
            elif isinstance(prune(err.ty), TBox) and prune(prune(err.ty).body) is not prune(err.ty):
                # `c + 1` for a generator c: the operand it stands for is generated later
                extra.append(GENERATOR_NOT_VALUE.format(type=printer.show(prune(err.ty).body)))
            elif isinstance(prune(err.ty), TArrow) and isinstance(prune(prune(err.ty).arg), TArrow) \
                    and isinstance(node, S.Var) and err.overload.op.isascii() and not err.overload.op.isalpha():
                # `foldl + 0 xs`: the operator meant as foldl's argument
                extra.append(OPERATOR_AS_ARGUMENT_NOTE.format(fn=node.name, op=err.overload.op))
            elif isinstance(prune(err.ty), TVar) and prune(err.ty).rigid is not None:
                # `fun f (x : 'a) = x + 1`
                extra.append(RIGID_NOTE.format(var=printer.show(err.ty)))
            self._unify_error(printer, OVERLOAD_MISMATCH.format(op=err.overload.op, type=printer.show(err.ty),
                                                                allowed=err.overload.describe()),
                              node.span, *extra)
            return
        if err.kind == "tyname":
            self._unify_error(printer, TYNAME_ESCAPE.format(name=err.ty.tycon.name), node.span, context, *extra,
                              TYNAME_ESCAPE_NOTE.format(name=err.ty.tycon.name))
            return
        if err.kind == "escape":
            if id(err.var) in self.escaped:
                return  # a consequence of the escape already reported
            self.escaped.add(id(err.var))
            var = printer.show(err.var)
            self._unify_error(printer, RIGID_ESCAPE.format(var=var), node.span, context, *extra,
                              RIGID_ESCAPE_NOTE.format(var=var))
            return
        if shown_actual == shown_expected:
            for name in _shared_tycon_names(actual, expected):
                extra.append(SAME_NAME_NOTE.format(name=name))
        for var in free_vars(actual) + free_vars(expected):
            if var.rigid is not None:
                extra.append(RIGID_NOTE.format(var=printer.show(var)))
                break
        ref = self.elab.refs.get(id(node)) if isinstance(node, S.Var) else None
        if not box_notes:
            pass
        elif isinstance(ref, VarRef) and ref.is_code and isinstance(prune(expected), TBox) \
                and not isinstance(prune(actual), TBox):
            note = CODE_VAR_EVALUATED if fmt.get("applies_eval") else CODE_VAR_NOT_GENERATOR
            extra.append(note.format(name=node.name, type=shown_actual))
        # t where [t] is expected (a missing `code`), or [t] where t is (a
        # missing `eval`): the types differ by the box alone
        elif isinstance(prune(expected), TBox) and fmt.get("eval_args") and isinstance(node, S.Var) \
                and isinstance(prune(actual), TArrow):
            # `eval codePower 3`: eval's further arguments were the function's
            args = fmt["eval_args"]
            if _returns_generator(actual):
                takes = _arity(actual)  # `eval codePower 3 2`: `eval (codePower 3) 2`
                call = show_exp(_apply(S.App(S.Var("eval"), _apply(node, args[:takes])), args[takes:]))
                extra.append(EVAL_PARENTHESES.format(fn=node.name, call=call))
            else:
                extra.append(EVAL_NOT_NEEDED.format(fn=node.name, call=show_exp(_apply(node, args))))
        elif isinstance(prune(expected), TBox) and _returns_generator(actual):
            extra.append(GENERATOR_FUNCTION)
        elif _boxed(expected, actual):
            extra.append(CODE_MISSING.format(type=shown_actual))
        elif _boxed(actual, expected):
            extra.append(GENERATOR_NOT_VALUE.format(type=printer.show(prune(actual).body)))
        extra.append(_forgotten_lift_note(fmt.get("callee"), actual, expected))
        extra.append(_selector_width_note(printer, actual, expected))
        extra.append(_call_it_note(actual, expected, node))
        # (a conversion is for a value handed on, not for a branch or element)
        if POWER_NOTE not in extra:  # (`2 ^ 3` is no int to convert)
            extra.append(_conversion_note(actual, expected, node, converts=message in (ARG_MISMATCH, OPERAND_MISMATCH)))
        self._unify_error(printer, context, node.span, *extra)

    def _unify_error(self, printer: TypePrinter, message: str, span, *notes) -> None:
        """Report a type error whose types `printer` printed; what the
        abbreviations it printed by name stand for follows the other notes."""
        self.error(message, span, *notes, *_alias_notes(printer))

    # ---------------------------------------------------- top level

    def check_topdecs(self, program: S.Program, whole: bool = False) -> None:
        """Check the declarations of a program in order. Overloading is
        resolved at each top-level `;` and at the end, as Poly/ML does: a
        later declaration of the same unit may still fix the operand type
        of an earlier `+` or `<` (`fun sq x = x * x` then `sq 0w3`). In a
        whole program (`whole`), so are the types the value restriction left
        open (`val r = ref []`), as in Poly/ML: at a `;` each becomes a
        unique monotype that no later declaration can fix."""
        semicolons = set(program.semicolons)
        self.top_functions = {bind.name: bind.span for dec in program.decs if isinstance(dec, S.FunDec)
                              for bind in dec.binds}
        for index, dec in enumerate(program.decs, start=1):
            self.cut_clause = None
            previous = program.decs[index - 2] if index >= 2 else None
            if isinstance(dec, S.ExpDec) and index - 1 in semicolons and isinstance(previous, S.FunDec) \
                    and previous.span.end_line == dec.span.line:
                # `| f (x :: xs) = print x; f xs`: the `;` ended the `fun`
                bind = previous.binds[-1]
                self.cut_clause = (bind, {p.name for p in lint.pattern_vars(bind.clauses[-1].pats, layers=True)})
            self.declare(dec, is_global=True)
            made = len(self.top) - len(self.top_views)
            if made:
                self.top_views += [_TypeNames(self.toplevel)] * made
            if index in semicolons:
                self.resolve_overloads()
                if whole and index < len(program.decs) \
                        and not any(d.severity == "error" for d in self.diagnostics):
                    self.fix_free_tyvars()
        self.resolve_overloads()

    def resolve_overloads(self) -> None:
        """SML's defaulting: an overloaded operator whose operand type the
        unit of elaboration (declarations up to a top-level `;`) did not
        determine is at its default type (int). Until then its variable is
        monomorphic (`generalize` never quantifies it). Record the instance
        for the compiler."""
        for node, name, var in self.pending_overloads:
            t = prune(var)
            if isinstance(t, TVar) and t.overload is not None:
                unify(t, TCon(BUILTIN_TYCONS[t.overload.default]))  # always allowed
                t = prune(var)
            instance = t.tycon.name if isinstance(t, TCon) else None
            self.elab.refs[id(node)] = BasisRef(name, instance)
        self.pending_overloads = []
        for node, index, tuple_var, errors_before in self.pending_selectors:
            t = prune(tuple_var)
            if isinstance(t, TTuple):
                self.elab.refs[id(node)] = BasisRef(node.name, str(len(t.items)))
            elif self.errors_made == errors_before:  # (else the error found may be why)
                self.error(UNRESOLVED_SELECTOR.format(name=node.name), node.span,
                           UNRESOLVED_SELECTOR_NOTE.format(index=index))
        self.unit_selectors = [(node, tuple_var) for node, _index, tuple_var, _errors in self.pending_selectors]
        self.pending_selectors = []

    def fix_free_tyvars(self) -> None:
        """At a top-level `;` of a program: warn of each top-level value whose
        type still has a variable the value restriction kept weak, and make
        each such variable a type of its own ('_a), as Poly/ML does, so that
        `val r = ref [];` then `r := [1]` is a type error there too (without
        the `;` the later declaration fixes the type)."""
        self.warn_free_tyvars()
        for kind, name, entry in self.top[self.closed:]:
            if kind != "val" or not isinstance(entry, VarInfo):
                continue
            for v in free_vars(entry.ty):
                if v.level != GENERIC and v.overload is None and isinstance(prune(v), TVar):
                    # (as Poly/ML's, it admits equality only in place of an equality variable)
                    unique = Tycon("_" + _letters(self.monotypes), 0, equality="args" if v.eq else "never")
                    unify(v, TCon(unique))
                    self.monotypes += 1
                    self.monotype_origins[id(unique)] = (unique, name, entry.binder)
        self.closed = len(self.top)

    def monotype_notes(self, *types: Type) -> list[str]:
        """Where each unique type that fix_free_tyvars made and `types`
        mention comes from (`'f' expects _a`: which `_a`, and why)."""
        if not self.monotype_origins:
            return []
        found: list[int] = []
        pending, seen = list(types), set()
        while pending:
            ty = prune(pending.pop())
            if id(ty) in seen:
                continue
            seen.add(id(ty))
            if isinstance(ty, TCon) and id(ty.tycon) in self.monotype_origins and id(ty.tycon) not in found:
                found.append(id(ty.tycon))
            pending.extend(components(ty))
        notes = []
        for key in found:
            tycon, name, binder = self.monotype_origins[key]
            notes.append(MONOTYPE_NOTE.format(type=tycon.name, name=name, at=_at(binder.span)))
        return notes

    def warn_free_tyvars(self) -> None:
        """Warn of each top-level value whose type the value restriction left
        with a variable nothing determined (`val x = rev []`), as Poly/ML
        and SML/NJ do: it cannot be used at any type."""
        for kind, name, entry in self.top[self.closed:]:
            if kind != "val" or not isinstance(entry, VarInfo):
                continue
            free = [v for v in free_vars(entry.ty) if v.level != GENERIC and v.overload is None]
            if free:
                printer = TypePrinter(weak=True)
                shown = printer.show(entry.ty)
                self.warning(FREE_TYVAR.format(name=name, type=shown), entry.binder.span,
                             self.free_tyvar_cause(name, entry, free, printer))

    def free_tyvar_cause(self, name: str, entry: VarInfo, free: list[TVar], printer: TypePrinter) -> str:
        """Why top-level value `name` was left with the free variables
        `free`: the value restriction, if its own binding was not
        generalised; else a selector's tuple, never polymorphic, that holds
        one (`fun f p = #1 p`); else another value's binding the value
        restriction kept (`fun f () = !r` after `val r = ref []`)."""
        if id(entry) in self.restricted_values:
            return FREE_TYVAR_NOTE.format(name=name)
        mine = {id(v) for v in free}
        for node, tuple_ty in self.unit_selectors:
            held = next((v for v in free_vars(tuple_ty) if id(v) in mine), None)
            if held is not None:
                return FREE_TYVAR_SELECTOR_NOTE.format(var=printer.show(held), selector=node.name,
                                                       at=f"{node.span.line}:{node.span.col}")
        for _kind, other, other_entry in self.top:
            if id(other_entry) in self.restricted_values:
                held = next((v for v in free_vars(other_entry.ty) if id(v) in mine), None)
                if held is not None:
                    return FREE_TYVAR_SHARED_NOTE.format(var=printer.show(held), other=other)
        return FREE_TYVAR_NOTE.format(name=name)

    def finish(self) -> None:
        elab = self.elab
        for info in self.local_vars:
            if not info.used:
                elab.unused.add(id(info.binder))
        for node_id, ty in self.typed_nodes:
            elab.types[node_id] = TypePrinter().show(ty)
        for (kind, name, entry), view in zip(self.top, self.top_views, strict=True):
            elab.toplevel.append(_top_binding(kind, name, entry, view.find))
        self.finish_staging_reports()
        self.diagnostics.sort(key=lambda d: (d.span.line, d.span.col))

    # ---------------------------------------------------- declarations

    def declare(self, dec, is_global: bool) -> None:
        handler = self._DECLARE[type(dec)]
        handler(self, dec, is_global)

    def bind_value(self, name: str, entry: ValueEntry, is_global: bool, kind: str = "val") -> None:
        self.scope.values[name] = entry
        if is_global:
            self.top.append((kind, name, entry))

    def new_var(self, name: str, ty: Type, binder, is_global: bool, is_code: bool = False) -> VarInfo:
        info = VarInfo(name, ty, binder, self.depth, is_global, is_code)
        if not is_global and not is_code:
            self.local_vars.append(info)
        return info

    def push_tyvars(self, node, names: tuple[str, ...]) -> _TyvarFrame:
        """The frame of a value declaration: its explicit type variables
        (`val 'a f = ...`) and, as SML '97 section 4.6 says, those it
        scopes implicitly: the ones occurring unguarded in it (not only
        inside a nested value declaration) that no enclosing declaration
        scopes. So in `val f = fn x => let val y : 'a = x in y end`, 'a
        belongs to the inner val, where it cannot be generalised."""
        frame = _TyvarFrame(self.level + 1)
        for name in names:
            if name in frame.vars:
                self.error(DUPLICATE_TYVAR.format(name=name), node.span)
            frame.vars[name] = TVar(frame.level, eq=name.startswith("''"), rigid=name)
        for name in _unguarded_tyvars(node):
            if name not in frame.vars and not any(name in outer.vars for outer in self.tyvar_frames):
                frame.vars[name] = TVar(frame.level, eq=name.startswith("''"), rigid=name)
        self.tyvar_frames.append(frame)
        return frame

    def pop_tyvars(self, frame: _TyvarFrame, node, generalized: bool, types: list[Type]) -> None:
        self.tyvar_frames.pop()
        mine = {id(v) for v in frame.vars.values()}
        if not generalized:  # `types` were not generalised: none may have one
            for ty in types:
                for var in free_vars(ty):
                    if id(var) in mine:
                        self.error(RIGID_NOT_GENERALISED.format(var=var.rigid), node.span)
                        mine.discard(id(var))
        for var in frame.vars.values():
            # generalize left it below its frame, in a binding it did
            # generalise: it is in what a selector's tuple of unknown width
            # holds, which is never polymorphic (types.generalize). Kept
            # explicit past its scope, it stayed one of every later
            # declaration's types (`val y = f (x, 2)` had y : 'a) and refused
            # each use at another type: it is monomorphic, as an unannotated
            # one is (also beside a binding the value restriction kept from
            # being generalised, `and r = ref 1`).
            if id(var) in mine and prune(var) is var and var.level != GENERIC and var.level < frame.level:
                var.rigid = None

    def close(self, ty: Type, exp) -> bool:
        """Generalise ty after its right-hand side `exp`, as the value
        restriction allows; return whether it was generalised."""
        if self.is_nonexpansive(exp):
            generalize(ty, self.level)
            return True
        restrict(ty, self.level)
        return False

    def declare_val(self, dec: S.ValDec, is_global: bool) -> None:
        """`val p = e and ...`, `val rec f = fn ...`, or both: in `val p = e
        and rec f = fn ...` the bindings are simultaneous, only those after
        `rec` see the recursive names (SML '97 rules 26 and 28)."""
        frame = self.push_tyvars(dec, dec.tyvars)
        checked = self.infer_plain_binds(dec.plain_binds, is_global)
        recursive = self.check_rec_binds(dec.recursive_binds, is_global)
        # closed only now: generalising a plain binding's type makes the
        # explicit type variables in it generic, and the `rec` bindings may
        # share them (`val f : 'a -> 'a = ... and rec g : 'a -> 'a = ...`)
        bound, restricted, mismatched = self.close_plain_binds(checked)
        for name, info in recursive.items():
            if name in bound:
                self.error(DUPLICATE_BINDING.format(name=name), info.binder.span)
            bound[name] = info
        for pat_ty in mismatched:
            # a pattern's type that was not made its expression's (the error
            # is made): generalised, or its explicit type variables would
            # stay rigid after their scope and each use of a name would be an
            # error again; only now, as the `val rec` bindings after an `and`
            # are in the scope of those variables too
            generalize(pat_ty, self.level)
        self.pop_tyvars(frame, dec, not restricted, restricted)
        for name, info in bound.items():
            self.bind_value(name, info, is_global)

    def infer_plain_binds(self, binds: tuple[S.ValBind, ...], is_global: bool) -> list[tuple]:
        """Check the bindings `binds` (those of a `val` before any `rec`);
        close_plain_binds then generalises them."""
        self.level += 1
        checked = []
        for bind in binds:
            head = bind.pat.pat if isinstance(bind.pat, S.PTyped) else bind.pat
            meant_as_function = isinstance(head, S.PCon) and self.meant_as_arguments(head)
            self.open_binds.append(bind)
            if meant_as_function:
                # `val f x = x + 1`, for `fun`: its error is at `f x`, with a
                # note; x's uses in the body are then no further errors
                outer, self.scope = self.scope, Scope(self.scope)
                for var in lint.pattern_vars(head.arg):
                    self.scope.values[var.name] = self.new_var(var.name, self.fresh(), var, False)
                exp_ty = self.infer(bind.exp)
                self.scope = outer
            else:
                exp_ty = self.infer(bind.exp)
            self.open_binds.pop()
            names: dict[str, VarInfo] = {}
            if meant_as_function:
                self.val_heads.add(id(head))
            pat_ty, spat = self.infer_pat(bind.pat, names, is_global)
            # `val x = e`: x's type is a variable made after e's type, which
            # cannot contain it (the occurs check would walk all of e's type:
            # n nested `let val x = ... in x end` took n² steps)
            lone = isinstance(bind.pat, S.PVar) and bind.pat.name in names \
                and names[bind.pat.name].ty is pat_ty and isinstance(pat_ty, TVar)
            constructor = self.scope.find_value(head.name) if isinstance(head, S.PVar) else None
            shadow_note = CONSTRUCTOR_AS_NAME_NOTE.format(name=head.name) \
                if isinstance(constructor, (DataCon, ExnInfo)) else ""
            agreed = self.expect(exp_ty, pat_ty, bind.exp, VAL_MISMATCH, shadow_note, fresh=lone)
            if is_global:  # (printing every local binding's type made nested lets quadratic)
                self.typed_nodes.append((id(bind.exp), exp_ty))
            checked.append((bind, names, exp_ty, None if agreed else pat_ty, spat))
        self.level -= 1
        return checked

    def close_plain_binds(self, checked: list[tuple]) -> tuple[dict[str, VarInfo], list[Type], list[Type]]:
        """The variables the bindings infer_plain_binds checked bind, the
        types of the bindings the value restriction kept from being
        generalised, and the types of the patterns that did not agree with
        their expressions. Each binding is closed on its own (SML '97's
        Clos_{C,valbind}), so in `val 'a id = fn x : 'a => x and r = ref 3`
        only r's type must be free of 'a."""
        restricted: list[Type] = []
        mismatches: list[Type] = []
        bound: dict[str, VarInfo] = {}
        for bind, names, exp_ty, mismatched, spat in checked:
            if not self.close(exp_ty, bind.exp):
                # SML '97 rule 15 asks only that the types of the names
                # bound (VE) be free of the scoped variables: in `val 'a
                # (r, _) = (ref 6, fn x : 'a => x)`, r is an int ref and 'a
                # is left in the part no name binds (SML/NJ accepts it).
                # Where the pattern's type did not agree (the error is
                # made), the names' types are generalised below.
                if mismatched is None:
                    restricted.extend(info.ty for info in names.values())
                else:
                    restricted.append(exp_ty)
                self.restricted_values.update(id(info) for info in names.values())
            if mismatched is not None:
                mismatches.append(mismatched)  # (generalised by the caller)
            if mismatched is None:  # (else which values it covers is moot: `val Yes = 3`)
                self.check_binding_exhaustive(spat, bind.pat)
            for name, info in names.items():
                if name in bound:
                    self.error(DUPLICATE_BINDING.format(name=name), info.binder.span)
                bound[name] = info
        return bound, restricted, mismatches

    def check_rec_binds(self, binds: tuple[S.ValBind, ...], is_global: bool) -> dict[str, VarInfo]:
        """The variables the recursive bindings `binds` (`val rec`) bind,
        each `fn` checked where all of them are visible; always generalised."""
        if not binds:
            return {}
        self.level += 1
        rec_scope = Scope(self.scope)
        infos = []
        for bind in binds:
            var = S.val_rec_var(bind.pat)
            names: dict[str, VarInfo] = {}
            pat_ty = self.infer_val_rec_pat(bind.pat, names, is_global)
            if var is None or not names:
                self.error(VAL_REC_NOT_FN, bind.pat.span)
            else:
                # `val rec f as g = fn ...` names one closure twice: every
                # name has the innermost variable's binder, so one slot
                for info in names.values():
                    info.binder = var
            for name, info in names.items():
                if name in rec_scope.values:
                    self.error(DUPLICATE_BINDING.format(name=name), info.binder.span)
                rec_scope.values[name] = info
            infos.append((bind, names, pat_ty))
        outer, self.scope = self.scope, rec_scope
        defining = {id(info): self.level - 1 for info in rec_scope.values.values()}
        self.defining.update(defining)
        for bind, names, pat_ty in infos:
            exp = bind.exp
            while isinstance(exp, S.Typed):
                exp = exp.exp
            if not isinstance(exp, S.Fn):
                self.error(VAL_REC_NOT_FN, bind.exp.span)
            exp_ty = self.infer(bind.exp)
            name = next(iter(names), None)
            rec_note = "" if name is None else _val_rec_polymorphic_recursion_note(name, exp_ty, pat_ty,
                                                                                   self.level - 1)
            self.expect(exp_ty, pat_ty, bind.exp, VAL_MISMATCH, rec_note)
            if is_global:
                self.typed_nodes.append((id(bind.exp), exp_ty))
        for key in defining:
            del self.defining[key]
        self.scope = outer
        self.level -= 1
        for _, _, pat_ty in infos:
            generalize(pat_ty, self.level)
        return dict(rec_scope.values)

    def infer_val_rec_pat(self, p, names: dict[str, VarInfo], is_global: bool) -> Type:
        """The pattern of `val rec p = fn ...`: a variable, perhaps
        annotated or layered (`val rec f as g = fn ...`, as Poly/ML and the
        Definition allow). As in SML, it binds each name even where the name
        is a constructor (`val rec SOME = fn x => x` rebinds SOME as a
        function), since a `val rec` can only bind variables."""
        if isinstance(p, S.PTyped):
            ty = self.infer_val_rec_pat(p.pat, names, is_global)
            annotated = self.elab_pattern_annotation(p, self.elab_type)
            self.expect(ty, annotated, p.pat, PATTERN_ANNOTATION_MISMATCH)
            return annotated
        if isinstance(p, S.PAs):
            ty = self.bind_pattern_var(p, p.name, names, is_global)
            unify(ty, self.infer_val_rec_pat(p.pat, names, is_global))  # ty is fresh
            return ty
        if isinstance(p, S.PVar):
            return self.bind_pattern_var(p, p.name, names, is_global)
        return self.infer_pat(p, names, is_global)[0]

    def declare_fun(self, dec: S.FunDec, is_global: bool) -> None:
        frame = self.push_tyvars(dec, dec.tyvars)
        self.level += 1
        rec_scope = Scope(self.scope)
        infos = []
        for fb in dec.binds:
            if fb.name in rec_scope.values:
                self.error(DUPLICATE_BINDING.format(name=fb.name), fb.span)
            self.check_plain_name(fb.name, fb.span)
            if fb.name in RESERVED_NAMES:
                self.error(ILLEGAL_REBINDING.format(name=fb.name), fb.span)
            info = self.new_var(fb.name, self.fresh(), fb, is_global)
            rec_scope.values[fb.name] = info
            infos.append((fb, info))
        # The clauses' patterns are checked in the scope around the
        # declaration: the group's own names are bound in the bodies only,
        # so in `fun f K = 1 | f L = 2 and K y = y` the K of f's pattern is
        # still the constructor (as in Poly/ML and SML/NJ)
        pattern_scope = self.scope
        regroups = [self.clause_regroups(fb) for fb, _ in infos]
        # The annotations of every function of the group are known before
        # any body is checked, so that a call made in an earlier function
        # is checked against them: a wrong argument is reported at that
        # call, not at the callee's parameter.
        prepared = [self.annotated_fun_type(fb, info.ty, fb_regroups[0])
                    for (fb, info), fb_regroups in zip(infos, regroups)]
        outer, self.scope = self.scope, rec_scope
        defining = {id(info): self.level - 1 for _, info in infos}
        self.defining.update(defining)
        for (fb, info), types, fb_regroups in zip(infos, prepared, regroups):
            before = len(self.cogens_of_variables)
            self.check_clauses(fb, info.ty, types, fb_regroups, pattern_scope)
            if is_global:
                info.cogens_of_variables = tuple(self.cogens_of_variables[before:])
        for key in defining:
            del self.defining[key]
        self.scope = outer
        self.level -= 1
        for _, info in infos:
            generalize(info.ty, self.level)
        self.pop_tyvars(frame, dec, True, [])
        for fb, info in infos:
            self.bind_value(fb.name, info, is_global)

    def elab_annotation(self, ty: S.Ty) -> Type:
        """The type an annotation denotes: elaborated already (and its
        errors reported) if annotated_fun_type met it, else now."""
        early = self.early_annotations.pop(id(ty), None)
        return early if early is not None else self.elab_type(ty)

    def annotated_fun_type(self, fb: S.FunBind, fun_ty: Type,
                           first_regrouped: Optional[tuple] = None) -> Optional[tuple[list[Type], Type]]:
        """If the first clause of fb annotates a parameter (`(x : t)`, or
        an item of a tuple parameter) or the result, the argument and
        result types of fb with those annotations, unified with fun_ty
        (as yet unconstrained); else None. The clauses are checked against
        them later (check_clauses), the annotations' patterns too.
        `first_regrouped`: the first clause's arguments regrouped, as
        clause_regroups found them (their number is fb's arity)."""
        first = fb.clauses[0]
        pats = first.pats if first_regrouped is None else first_regrouped[0]
        shapes = [self.annotated_shape(p) for p in pats]
        result = None
        if first.result_ty is not None:
            result = self.early_annotations[id(first.result_ty)] = self.elab_type(first.result_ty)
        if result is None and all(shape is None for shape in shapes):
            return None
        arg_types = [self.fresh() for _ in shapes]
        result_ty = self.fresh()
        # each unifies a fresh variable: none can fail
        for arg, shape in zip(arg_types, shapes):
            if shape is not None:
                unify(arg, shape)
        if result is not None:
            unify(result_ty, result)
        ty = result_ty
        for arg in reversed(arg_types):
            ty = TArrow(arg, ty)
        unify(ty, fun_ty)
        return arg_types, result_ty

    def annotated_shape(self, p) -> Optional[Type]:
        """The type a parameter pattern's annotations give it: `(p : t)`
        is t, a tuple with an annotated item the tuple of its items' (a
        fresh variable for each other item); None without annotations."""
        if isinstance(p, S.PTyped):
            ty = self.early_annotations[id(p.ty)] = self.elab_pattern_annotation(p, self.elab_type)
            return ty
        if isinstance(p, S.PAs):
            return self.annotated_shape(p.pat)
        if isinstance(p, S.PTuple) and p.items:
            shapes = [self.annotated_shape(x) for x in p.items]
            if all(shape is None for shape in shapes):
                return None
            return TTuple(tuple(self.fresh() if shape is None else shape for shape in shapes))
        return None

    def clause_regroups(self, fb: S.FunBind) -> list:
        """For each clause of fb, its arguments regrouped as
        regroup_constructor_arguments makes them (with the constructor
        first met), where that gives it the arity of fb, else None. The
        arity is the first clause's, regrouped if every clause then has
        its number of arguments."""
        regroups = [self.regroup_constructor_arguments(clause.pats) for clause in fb.clauses]
        first = regroups[0]
        arity = len(fb.clauses[0].pats)
        if first is not None and all(len(pats) == len(first[0])
                                     for pats in [r[0] if r else c.pats for r, c in zip(regroups, fb.clauses)]):
            arity = len(first[0])  # every clause has the first clause's arguments, regrouped
        else:
            regroups[0] = None
        regroups[1:] = [r if r is not None and len(r[0]) == arity else None for r in regroups[1:]]
        return regroups

    def check_clauses(self, fb: S.FunBind, fun_ty: Type, prepared: Optional[tuple[list[Type], Type]],
                      regroups: list, pattern_scope: Scope) -> None:
        """Check the clauses of fb against fun_ty; `prepared`: the argument
        and result types annotated_fun_type made for them; `regroups`: what
        clause_regroups found; the patterns in `pattern_scope` (without the
        group's function names), the bodies in the current scope."""
        arity = len(fb.clauses[0].pats) if regroups[0] is None else len(regroups[0][0])
        if prepared is not None:
            arg_types, result_ty = prepared
        else:
            arg_types = [self.fresh() for _ in range(arity)]
            result_ty = self.fresh()
        ty = result_ty
        for arg in reversed(arg_types):
            ty = TArrow(arg, ty)
        # fun_ty may already be constrained by a use in an earlier function of the group
        self.expect(ty, fun_ty, fb, FUN_USE_MISMATCH, name=fb.name)
        rows = []
        bodies = []  # of the clauses checked: (body, its type, the diagnostics it added)
        errors_before = self.error_count()
        for position, clause in enumerate(fb.clauses):
            regrouped = regroups[position]
            if regrouped is not None:
                # `size Node (l, _, r)`: one error, and the clause checked
                # as `size (Node (l, _, r))`, so that nothing follows from it
                note = UNGROUPED_CONSTRUCTOR_NOTE.format(
                    con=regrouped[1].name, name=fb.name, n=len(clause.pats),
                    clause=" ".join([fb.name] + [show_pat(p, 3) for p in clause.pats]),
                    fixed=" ".join(show_pat(p, 3) for p in regrouped[0]))
                if position == 0:  # the first clause: its arity is the regrouped one
                    self.error(CON_NEEDS_ARG.format(name=regrouped[1].name), regrouped[1].span, note)
                else:
                    self.error(CLAUSE_ARITY.format(name=fb.name, n=len(clause.pats), m=arity), clause.span, note)
                clause = attrs.evolve(clause, pats=regrouped[0])
            if len(clause.pats) != arity:
                self.error(CLAUSE_ARITY.format(name=fb.name, n=len(clause.pats), m=arity), clause.span)
                continue
            outer, self.scope = self.scope, Scope(pattern_scope)
            names: dict[str, VarInfo] = {}
            row = []
            for pat, arg_ty in zip(clause.pats, arg_types):
                pat_ty, spat = self.infer_pat(pat, names, False)
                self.expect(pat_ty, arg_ty, pat, CLAUSE_PATTERN)
                row.append(spat)
            self.scope = Scope(outer)
            self.scope.values.update(names)
            annotated = None if clause.result_ty is None else self.elab_annotation(clause.result_ty)
            if annotated is not None and isinstance(prune(result_ty), TVar):
                # The annotation is the result type of the recursive uses in
                # the body too: known before the body, a wrong argument of a
                # recursive call is reported at that argument (say, a code
                # variable passed where its generator is meant), not as a
                # mismatch of the whole body. A well-typed clause ends with
                # the same types either way.
                try:
                    unify(result_ty, annotated)
                except UnifyError:
                    pass  # reported below, against the body
            elif annotated is None and isinstance(prune(result_ty), TVar) and _is_generator_form(clause.body):
                # Likewise a body that is `code ...` (or ends in it): the
                # function returns a generator, so a recursive call used as
                # a function under `code` (`(spower (n - 1)) x`) is the error
                # reported, with its note, not the body against that use.
                unify(result_ty, TBox(self.fresh()))
            reported = len(self.diagnostics)
            body_ty = self.infer(clause.body)
            # (a body that contradicts its annotation is one error, not also
            # one against the result type, which the annotation has fixed)
            if annotated is None or self.expect(body_ty, annotated, clause.body, RESULT_ANNOTATION_MISMATCH):
                self.expect(body_ty, result_ty, clause.body, CLAUSE_BODY)
            if len(self.diagnostics) > reported:
                self.merge_clause_without_bar(fb.name, clause, reported)
            elif arity == 1:
                self.warn_same_argument_calls(fb.name, outer.find_value(fb.name), clause, names)
            bodies.append((clause.body, body_ty, self.diagnostics[reported:]))
            self.scope = outer
            rows.append((clause, row))
        self.blame_odd_first_clause(bodies)
        self.check_match_rows(rows, fb.span, True, errors_before)

    def blame_odd_first_clause(self, bodies: list) -> None:
        """`fun f 0 = 0 | f 1 = "one" | f _ = "many"`: the first clause's
        body alone differs from at least two later ones that agree, and each
        of those is an error against the result type the first one set and
        nothing else: one error, at the first body, as in an `else if`
        chain or a `case`. (The clauses are checked in order, so that the
        recursive calls in later ones see the result type; only the blame
        is moved.)"""
        if len(bodies) < 3 or bodies[0][2]:
            return
        later = bodies[1:]
        if not all(len(added) == 1 and added[0].span == body.span and added[0].message.startswith(_CLAUSE_BODY_START)
                   for body, _, added in later):
            return
        later_ty = later[0][1]
        if not _fits([(ty, later_ty) for _, ty, _ in later[1:]]):
            return
        blamed = {id(added[0]) for _, _, added in later}
        self.diagnostics[:] = [d for d in self.diagnostics if id(d) not in blamed]
        printer = self.printer()
        first, first_ty, _ = bodies[0]
        self.error(CLAUSE_FIRST_BODY.format(actual=printer.show(first_ty), expected=printer.show(later_ty)),
                   first.span)

    def regroup_constructor_arguments(self, pats: tuple) -> Optional[tuple[tuple, S.PVar]]:
        """For a clause's arguments with a constructor that takes an argument
        written bare before another argument (`Node (l, _, r)`, which is two
        arguments), the arguments with each such pair made one pattern, and
        the first such constructor; None if there is none."""
        regrouped, first, i = [], None, 0
        while i < len(pats):
            p = pats[i]
            entry = self.scope.find_value(p.name) if isinstance(p, S.PVar) and not p.op else None
            if i + 1 < len(pats) and ((isinstance(entry, DataCon) and entry.has_arg)
                                      or (isinstance(entry, ExnInfo) and entry.arg is not None)):
                regrouped.append(S.PCon(p.name, pats[i + 1], span=p.span.to(pats[i + 1].span)))
                first = first or p
                i += 2
            else:
                regrouped.append(p)
                i += 1
        return None if first is None else (tuple(regrouped), first)

    def warn_same_argument_calls(self, name: str, fun: Optional[VarInfo], clause: S.Clause,
                                 params: dict[str, VarInfo]) -> None:
        """Warn of each call of the function `name`, in the body of its clause
        `f n = ...` with n an int, that is an operand of arithmetic and has n
        itself as its argument (`n * fact n - 1`): a pure loop. Calls under
        `fn`, `code` or `lift` run later, if at all (`fn () => f n`), and are
        left alone."""
        pat = clause.pats[0]
        while isinstance(pat, S.PTyped):
            pat = pat.pat
        param = params.get(pat.name) if isinstance(pat, S.PVar) else None
        if fun is None or param is None or _base_name(param.ty) != "int":
            return
        refs = self.elab.refs

        def refers(e, info: VarInfo) -> bool:
            ref = refs.get(id(e)) if isinstance(e, S.Var) else None
            return isinstance(ref, VarRef) and ref.binder == id(info.binder)

        def operands(e) -> tuple:
            arithmetic = isinstance(e, S.App) and isinstance(e.fn, S.Var) and e.fn.name in ARITHMETIC \
                and isinstance(e.arg, S.Tuple) and len(e.arg.items) == 2
            return e.arg.items if arithmetic else ()

        # id() of each call that ends the left operand of a `-` or `+`
        # (`n * fact n - 1`) -> that operator: the `f n - 1` slip
        followed_by: dict[int, tuple[str, str]] = {}
        pending = [clause.body]
        while pending:  # (an operation before its operands)
            e = pending.pop()
            if isinstance(e, (S.Fn, S.Code, S.Lift)):
                continue
            if operands(e) and e.fn.name in ("-", "+"):
                last = e.arg.items[0]
                while operands(last):
                    last = last.arg.items[1]
                followed_by.setdefault(id(last), (e.fn.name, _atom_text(e.arg.items[1])))
            for item in operands(e):
                if isinstance(item, S.App) and refers(item.fn, fun) and refers(item.arg, param):
                    op, by = followed_by.get(id(item), (None, None))
                    note = SAME_ARGUMENT_NOTE.format(f=name, n=pat.name, op=op, by=by) if op else ""
                    self.warning(SAME_ARGUMENT_CALL.format(f=name, n=pat.name), item.span, *[n for n in [note] if n])
            pending.extend(_subnodes(e))

    def merge_clause_without_bar(self, name: str, clause: S.Clause, reported: int) -> None:
        """If the body of `clause` is `... name p1 ... pn = e` with `name`
        beginning a line (a next clause whose `|` is missing, n the
        clause's arity), replace the errors from `reported` on that this
        misreading explains (the names the next clause binds unbound, the
        expression before it "not a function", the body's type) by one."""
        body = clause.body
        while isinstance(body, (S.Andalso, S.Orelse)) or (_is_infix(body) and body.fn.name != "="):
            # `f n = a andalso b`, `f n = n > 2` (`=` and `>` are both infix 4)
            body = body.left if isinstance(body, (S.Andalso, S.Orelse)) else body.arg.items[0]
        if not (_is_infix(body) and body.fn.name == "="):
            return
        spine = []
        left = body.arg.items[0]
        while _is_infix(left):  # `fun f 0 = 1 + 2` then `f n = n`: the `+`'s right operand
            left = left.arg.items[1]
        while isinstance(left, S.App):
            spine.append(left)
            left = left.fn
        spine.reverse()  # spine[k] applies the first k + 1 arguments
        args = [app.arg for app in spine]
        n = len(clause.pats)
        if len(args) <= n:
            return
        start = args[-n - 1]
        before = spine[-n - 2].span if len(spine) > n + 1 else left.span
        if not (isinstance(start, S.Var) and start.name == name and start.span.line > before.end_line):
            return
        explained = {before, start.span, clause.body.span, body.span} | {app.span for app in spine}
        kept = [d for d in self.diagnostics[reported:]
                if d.span not in explained and (d.span.line, d.span.col) < (start.span.line, start.span.col)]
        del self.diagnostics[reported:]
        self.diagnostics.extend(kept)
        self.error(CLAUSE_WITHOUT_BAR.format(name=name), start.span, NOTE_CLAUSE_WITHOUT_BAR)

    def declare_datatype(self, dec: S.DatatypeDec, is_global: bool) -> None:
        group, abbrevs = self.elab_datatype(dec)
        for db, tycon in group:
            if is_global:
                self.top.append(("datatype", db.name, tycon))
            for con in tycon.cons:
                self.bind_value(con.name, con, is_global, kind="con")
        self.report_abbrevs(abbrevs, is_global)

    def elab_datatype(self, dec: S.DatatypeDec) -> tuple[list[tuple[S.DataBind, Tycon]], list[Abbrev]]:
        """Declare the datatypes of `dec` and its `withtype` abbreviations in
        the current scope (the constructors are the caller's to bind).
        Every constructor sees all of them; a `withtype` binding sees the
        group's datatypes, not the other `withtype` bindings (SML '97's
        derived form: the abbreviations are expanded in the constructors)."""
        group: list[tuple[S.DataBind, Tycon]] = []
        for db in dec.binds:
            if any(db.name == other.name for other, _ in group):
                self.error(DUPLICATE_TYPE.format(name=db.name), db.span)
            self.check_plain_name(db.name, db.span)
            tycon = Tycon(db.name, len(db.tyvars), declared=True)
            self.scope.types[db.name] = tycon  # visible in every constructor of the group
            group.append((db, tycon))
        abbrevs = self.elab_typebinds(dec.withtype, {db.name for db in dec.binds})
        for abbrev in abbrevs:
            abbrev.withtype = True
            self.scope.types[abbrev.name] = abbrev
        seen_cons: set[str] = set()
        for db, tycon in group:
            params: dict[str, TVar] = {}
            for name in db.tyvars:
                if name in params:
                    self.error(DUPLICATE_TYVAR.format(name=name), db.span)
                params[name] = TVar(GENERIC, eq=name.startswith("''"))
            result = TCon(tycon, tuple(params.values()))
            for tag, cb in enumerate(db.cons):
                if cb.name in seen_cons:
                    self.error(DUPLICATE_CONSTRUCTOR.format(name=cb.name), cb.span)
                self.check_constructor_name(cb.name, cb.span)
                seen_cons.add(cb.name)
                ty = result
                if cb.arg is not None:
                    ty = TArrow(self.elab_type(cb.arg, params), result)
                tycon.cons.append(DataCon(cb.name, tag, cb.arg is not None, ty, tycon, cb))
            _finish_datatype(tycon)
        _infer_equality([tycon for _, tycon in group])
        return group, abbrevs

    def check_plain_name(self, name: str, span: S.Span, message: str = QUALIFIED_BINDER) -> bool:
        """Whether `name`, bound by a declaration or a pattern, is a plain
        name (no identifier has a '.' but a qualified one); else an error."""
        if "." not in name:
            return True
        self.error(message.format(name=name, plain=name.rsplit(".", 1)[1]), span)
        return False

    def check_constructor_name(self, name: str, span: S.Span) -> None:
        self.check_plain_name(name, span)
        if name in RESERVED_NAMES:
            self.error(ILLEGAL_REBINDING.format(name=name), span)
        elif name == "it":
            self.error(ILLEGAL_IT_CONSTRUCTOR, span)

    def declare_type(self, dec: S.TypeDec, is_global: bool) -> None:
        made = self.elab_typebinds(dec.binds, set())
        for abbrev in made:
            self.scope.types[abbrev.name] = abbrev
        self.report_abbrevs(made, is_global)

    def elab_typebinds(self, binds: tuple[S.TypeBind, ...], taken: set[str]) -> list[Abbrev]:
        """The abbreviations of `binds`, each elaborated in the current scope
        (not in each other's); `taken`: names the same declaration binds to
        datatypes."""
        made: list[Abbrev] = []
        for tb in binds:
            if tb.name in taken or any(tb.name == other.name for other in made):
                self.error(DUPLICATE_TYPE.format(name=tb.name), tb.span)
            self.check_plain_name(tb.name, tb.span)
            params: dict[str, TVar] = {}
            for name in tb.tyvars:
                if name in params:
                    self.error(DUPLICATE_TYVAR.format(name=name), tb.span)
                params[name] = TVar(GENERIC)
            made.append(Abbrev(tb.name, list(params.values()), self.elab_type(tb.ty, params)))
        return made

    def report_abbrevs(self, abbrevs: list[Abbrev], is_global: bool) -> None:
        if is_global:
            self.top += [("type", abbrev.name, abbrev) for abbrev in abbrevs]

    def declare_replication(self, dec: S.DatatypeReplDec, is_global: bool) -> None:
        """`datatype t = datatype u`: t abbreviates u's type, and u's
        constructors are bound again, their types printed by t (as Poly/ML
        prints them). u may be any type constructor: one without
        constructors (`int`, an abstype outside it) or an abbreviation is
        only named again (Poly/ML: `eqtype t`, `type t = ...`)."""
        self.check_plain_name(dec.name, dec.span)
        target = self.scope.find_type(dec.target)
        if target is None:
            self.error(UNBOUND_TYPE.format(name=dec.target), dec.span)
            return
        if isinstance(target, Abbrev) and target.datatype is None:
            replica = Abbrev(dec.name, target.params, target.body, target.nameable)
        else:
            tycon = target if isinstance(target, Tycon) else target.datatype
            params = [TVar(GENERIC) for _ in range(tycon.arity)]
            replica = Abbrev(dec.name, params, TCon(tycon, tuple(params)))
            if tycon.cons and not tycon.abstract:
                replica.datatype = tycon
                for con in tycon.cons:
                    # the constructors are bound by their own names, also
                    # those of a datatype of the basis known only under its
                    # structure's name (`datatype r = datatype
                    # StringCvt.radix` binds HEX, as SML does)
                    copy = DataCon(con.name.rpartition(".")[2], con.tag, con.has_arg, self.replicated_type(con, replica), tycon,
                                   con.binder)
                    copy.ref, copy.ctor = con.ref, con.ctor
                    replica.cons.append(copy)
        self.scope.types[dec.name] = replica
        if is_global:
            self.top.append(("datatype" if replica.datatype is not None else "type", dec.name, replica))
        for con in replica.cons:
            self.bind_value(con.name, con, is_global, kind="con")

    @staticmethod
    def replicated_type(con: DataCon, replica: Abbrev) -> Type:
        """The type of `con` with its datatype written as `replica`'s name
        (in its argument too: `datatype 'a l = :: of 'a * 'a l | nil`)."""
        ty = prune(con.ty)
        result = prune(ty.res) if isinstance(ty, TArrow) else ty
        params = {id(prune(v)): p for v, p in zip(result.args, replica.params)}

        def rename(t: Type) -> Type:
            t = prune(t)
            if isinstance(t, TVar):
                return params.get(id(t), t)
            if isinstance(t, TCon) and t.tycon is replica.datatype and t.alias is None:
                return replica.expand(tuple(rename(a) for a in t.args), replica.name)
            return rebuild(t, rename)

        return rename(ty)

    def declare_abstype(self, dec: S.AbstypeDec, is_global: bool) -> None:
        """`abstype db withtype tb with body end` (SML '97 rule 19): the
        constructors are visible only in `body`; after it the datatypes are
        abstract, without constructors or equality, and the declaration
        binds them, the `withtype` abbreviations and `body`'s bindings."""
        outer = self.scope
        hidden = self.scope = Scope(outer)
        group, abbrevs = self.elab_datatype(dec.datatype)
        for _, tycon in group:
            for con in tycon.cons:
                hidden.values[con.name] = con
        exported = self.scope = Scope(hidden)
        if is_global:  # the types before the body's bindings, as SML/NJ replies
            self.top += [("abstype", db.name, tycon) for db, tycon in group]
            self.report_abbrevs(abbrevs, is_global)
        for d in dec.body:
            self.declare(d, is_global)
        for _, tycon in group:
            tycon.abstract = True
            tycon.equality = "never"
        self.scope = outer
        outer.absorb(hidden, exported, keep_hidden_types=True)

    def declare_exception(self, dec: S.ExceptionDec, is_global: bool) -> None:
        made = []
        for eb in dec.binds:
            if any(eb.name == other.name for other in made):
                self.error(DUPLICATE_BINDING.format(name=eb.name), eb.span)
            self.check_constructor_name(eb.name, eb.span)
            if eb.same_as is not None:
                made.append(self.replicate_exception(eb, is_global))
                continue
            arg = self.elab_type(eb.arg) if eb.arg is not None else None
            made.append(ExnInfo(eb.name, arg, binder=eb, depth=self.depth, is_global=is_global))
            self.elab.exceptions.append(made[-1])
        for info in made:
            self.bind_value(info.name, info, is_global, kind="exn")

    def replicate_exception(self, eb: S.ExnBind, is_global: bool) -> ExnInfo:
        """`exception E = F`: E is F, not a new exception (no generativity).
        (The `and` bindings are simultaneous: F is looked up outside them.)"""
        target = self.scope.find_value(eb.same_as)
        if isinstance(target, ExnInfo):
            # a local exception replicated inside `code` is used there
            self.check_exception_staging(eb, target)
            return target.replica(eb.name, eb)
        if target is None:
            self.error(UNBOUND_VARIABLE.format(name=eb.same_as), eb.span)
        else:
            self.error(NOT_AN_EXCEPTION.format(name=eb.same_as), eb.span)
        # a fresh exception stands in, so that uses of E report nothing more
        return ExnInfo(eb.name, None, binder=eb, depth=self.depth, is_global=is_global)

    def declare_local(self, dec: S.LocalDec, is_global: bool) -> None:
        """`local d1 in d2 end`: d1 in a scope of its own, d2 in one inside
        it, then d2's bindings (only) are added to the current scope. At top
        level d1's bindings are global values too (they live in globals,
        usable under `code`), but they are not bindings of the program:
        they are not reported as such."""
        outer = self.scope
        self.scope = Scope(outer)
        reported = len(self.top)
        for d in dec.decs:
            self.declare(d, is_global)
        del self.top[reported:]
        hidden = self.scope
        exported = self.scope = Scope(hidden)
        for d in dec.body:
            self.declare(d, is_global)
        self.scope = outer
        outer.absorb(hidden, exported, keep_hidden_types=False)
        outer.hidden_tycons += [t for t in hidden.types.values() if isinstance(t, Tycon)]

    def declare_fixity(self, dec: S.FixityDec, is_global: bool) -> None:
        """Fixity is the parser's business (it has resolved every infix
        expression and pattern); the declaration binds no value, but a
        top-level one is reported, as SML/NJ does."""
        for name in dec.names:
            self.check_plain_name(name, dec.span)
        if is_global:
            self.top.append(("fixity", " ".join(dec.names), dec))

    def declare_cogen(self, dec: S.CogenDec, is_global: bool) -> None:
        self.cogens += 1
        self.check_plain_name(dec.name, dec.span)
        binds = self.scope.find_value(dec.name)
        if isinstance(binds, (DataCon, ExnInfo)) or dec.name == "ref":
            self.error(COGEN_BINDS_CONSTRUCTOR.format(name=dec.name), dec.span,
                       COGEN_BINDS_CONSTRUCTOR_NOTE.format(name=dec.name))
        frame = self.push_tyvars(dec, ())
        self.level += 1
        if self.depth and isinstance(dec.exp, S.App):
            self.generator_uses[id(dec.exp)] = dec
        exp_ty = self.infer(dec.exp)
        exp_ty = self.spliced_generators.get(id(dec.exp), exp_ty)
        if isinstance(prune(exp_ty), TVar) and isinstance(dec.exp, S.Var):
            ref = self.elab.refs.get(id(dec.exp))
            if isinstance(ref, VarRef) and not ref.is_code and not ref.is_global:
                self.cogens_of_variables.append(dec)
        body_ty = self.fresh()
        if not isinstance(prune(exp_ty), TBox):
            hint = ""
            # (a function returning a generator is to be applied, not
            # lifted: report_unify's note says so)
            if not isinstance(prune(exp_ty), TVar) and not _returns_generator(exp_ty):
                what = dec.exp.name if isinstance(dec.exp, S.Var) else "(...)"
                hint = COGEN_LIFT_HINT.format(name=dec.name, what=what)
            self.expect(exp_ty, TBox(body_ty), dec.exp, COGEN_NOT_GENERATOR, hint)
        else:
            unify(exp_ty, TBox(body_ty))
        self.typed_nodes.append((id(dec.exp), exp_ty))
        self.level -= 1
        generalized = self.close(exp_ty, dec.exp)
        self.pop_tyvars(frame, dec, generalized, [exp_ty])
        info = self.new_var(dec.name, body_ty, dec, is_global, is_code=True)
        self.bind_value(dec.name, info, is_global, kind="cogen")

    def declare_expdec(self, dec: S.ExpDec, is_global: bool) -> None:
        """`e` at top level is `val it = e`."""
        frame = self.push_tyvars(dec, ())
        self.level += 1
        ty = self.infer(dec.exp)
        self.level -= 1
        generalized = self.close(ty, dec.exp)
        self.pop_tyvars(frame, dec, generalized, [ty])
        self.typed_nodes.append((id(dec.exp), ty))
        self.typed_nodes.append((id(dec), ty))
        info = self.new_var("it", ty, dec, is_global)
        if not generalized:
            self.restricted_values.add(id(info))
        self.bind_value("it", info, is_global)

    _DECLARE = {
        S.ValDec: declare_val, S.FunDec: declare_fun, S.DatatypeDec: declare_datatype,
        S.TypeDec: declare_type, S.ExceptionDec: declare_exception, S.CogenDec: declare_cogen,
        S.ExpDec: declare_expdec, S.LocalDec: declare_local,
        S.FixityDec: declare_fixity, S.DatatypeReplDec: declare_replication, S.AbstypeDec: declare_abstype,
    }

    # ------------------------------------------------------------ types

    def elab_type(self, ty, params: Optional[dict[str, TVar]] = None) -> Type:
        """The type denoted by a syntactic type. In datatype and type
        declarations `params` are the only type variables allowed;
        elsewhere type variables are explicit ones, scoped at a val/fun
        declaration (push_tyvars)."""
        if isinstance(ty, S.TyVar):
            if params is not None:
                var = params.get(ty.name)
                if var is None:
                    self.error(UNBOUND_TYVAR.format(name=ty.name), ty.span, TYPE_PARAMETER_NOTE.format(name=ty.name))
                    return self.fresh()
                return var
            return self.explicit_tyvar(ty)
        if isinstance(ty, S.TyArrow):
            return TArrow(self.elab_type(ty.arg, params), self.elab_type(ty.res, params))
        if isinstance(ty, S.TyTuple):
            return TTuple(tuple(self.elab_type(t, params) for t in ty.items))
        if isinstance(ty, S.TyBox):
            return TBox(self.elab_type(ty.body, params))
        args = tuple(self.elab_type(t, params) for t in ty.args)
        entry = self.scope.find_type(ty.name)
        if entry is None:
            notes = []
            if ty.name in ("code", "box") and len(ty.args) == 1:  # as MetaML and the paper's □ read
                from mlbox.printer import show_type

                notes.append(BOX_TYPE_NOTE.format(name=ty.name, arg=show_type(ty.args[0])))
            var, annotation = getattr(self, "annotated_var", None) or (None, None)
            # (written `x:xs`, without spaces, as a cons would be)
            if annotation is ty and not ty.args and ty.name[:1].islower() \
                    and (ty.span.line, ty.span.col) == (var.span.line, var.span.col + len(var.name) + 1):
                notes.append(COLON_FOR_CONS_NOTE.format(x=var.name, xs=ty.name))
            if ty.name in FAMILIAR_TYPES:
                notes.append(DID_YOU_MEAN.format(name=FAMILIAR_TYPES[ty.name]))
            elif ty.name in ("real", "Real.real", "float", "double"):
                notes.append(REAL_TYPE_NOTE)
            elif "." in ty.name and ty.name.partition(".")[0] in ABSENT_STRUCTURES:
                notes.append(ABSENT_STRUCTURE_NOTE.format(structure=ty.name.partition(".")[0]))
            elif ty.name == "TextIO.instream":
                notes.append(TEXTIO_ABSENT_NOTE)
            if ty.args and ty.name in S.INFIX:
                # `a : int div b`: an infix name after a type is read as a
                # type constructor (of the type before it)
                notes.append(INFIX_AS_TYPE_NOTE.format(name=ty.name))
            self.error(UNBOUND_TYPE.format(name=ty.name), ty.span, *notes)
            return self.fresh()
        if entry.arity != len(args):
            self.error(TYPE_ARITY.format(name=ty.name, n=entry.arity, m=len(args)), ty.span)
            return self.fresh()
        if isinstance(entry, Abbrev):
            return entry.expand(args, ty.name)
        return TCon(entry, args)

    def explicit_tyvar(self, ty: S.TyVar) -> Type:
        for frame in reversed(self.tyvar_frames):
            var = frame.vars.get(ty.name)
            if var is not None:
                return var
        # every type variable of a value declaration is scoped by it or an
        # enclosing one (push_tyvars): this one is outside any, as in a
        # top-level `exception E of 'a`
        self.error(UNBOUND_TYVAR.format(name=ty.name), ty.span, EXCEPTION_TYVAR_NOTE)
        return self.fresh()

    # -------------------------------------------------------- expressions

    def infer(self, e) -> Type:
        return self._INFER[type(e)](self, e)

    def infer_const(self, e: S.ConstExp) -> Type:
        return CONST_TYPES[type(e.const)]

    def infer_var(self, e: S.Var) -> Type:
        if S.is_selector(e.name):
            return self.infer_selector(e)
        entry = self.scope.find_value(e.name)
        if entry is None:
            if e.span.line in self.misread_lines:
                return self.fresh()  # a name the misread declaration binds
            keyword = self.misspelt_keyword(e)
            if keyword:
                self.misread_lines.add(e.span.line)
            note = NOTE_MISSPELT_KEYWORD.format(keyword=keyword) if keyword else \
                self.missing_rec_note(e.name) or self.cut_clause_note(e.name) or self.unbound_note(e.name)
            self.error(UNBOUND_VARIABLE.format(name=e.name), e.span, note)
            return self.fresh()
        if isinstance(entry, VarInfo):
            spliced = False
            if not entry.is_global and not entry.is_code and entry.depth < self.depth:
                spliced = self.staging_error(e, entry)
            if self.calls_under_code and not entry.is_global:
                self.pin_calls(entry)
            entry.used = True
            self.elab.refs[id(e)] = VarRef(id(entry.binder), e.name, entry.is_code, entry.is_global)
            ty = instantiate(entry.ty, self.level)
            # a generator used under `code` is checked on as the error's fix
            # (cogen g' = g) would have it, as the code it splices: its use
            # as that code (`g x`, `g + 1`) is then no second error
            if spliced:
                self.spliced_generators[id(e)] = ty
                return prune(ty).body
            return ty
        if isinstance(entry, DataCon):
            self.elab.refs[id(e)] = entry.ref
            return instantiate(entry.ty, self.level)
        if isinstance(entry, ExnInfo):
            self.check_exception_staging(e, entry)
            self.elab.refs[id(e)] = entry.ref()
            return entry.ty
        if isinstance(entry, BasisValue):
            self.elab.refs[id(e)] = BasisRef(e.name)
            if e.name == "eval":  # (a REPL input may eval generators an earlier one made)
                self.codes += 1
            return instantiate(entry.ty, self.level)
        var = TVar(self.level, overload=Overload(e.name, entry.allowed, entry.allowed[0]))
        self.pending_overloads.append((e, e.name, var))
        self.elab.refs[id(e)] = BasisRef(e.name)  # the instance is filled in at the end of the declaration
        return substitute(entry.ty, {id(entry.placeholder): var})

    def infer_selector(self, e: S.Var) -> Type:
        """`#i`: {i: 'a, ...} -> 'a, from a tuple of at least i components;
        its width is found by the end of the unit (resolve_overloads)."""
        index = int(e.name[1:])
        tuple_var, field = TVar(self.level), TVar(self.level)
        tuple_var.fields = {index: field}
        self.pending_selectors.append((e, index, tuple_var, self.errors_made))
        self.elab.refs[id(e)] = BasisRef(e.name)  # the width is filled in with the unit's overloads
        return TArrow(tuple_var, field)

    def missing_rec_note(self, name: str) -> str:
        """For an unbound `name` inside `val name = fn ...`: the function's
        own name, which a `val` without `rec` does not bind in its
        expression ("" otherwise)."""
        for bind in reversed(self.open_binds):
            pat = bind.pat
            while isinstance(pat, S.PTyped):
                pat = pat.pat
            exp = bind.exp
            while isinstance(exp, S.Typed):
                exp = exp.exp
            if isinstance(pat, S.PVar) and pat.name == name and isinstance(exp, S.Fn):
                return MISSING_REC_NOTE.format(name=name)
        return ""

    def cut_clause_note(self, name: str) -> str:
        """For a name unbound in a top-level expression that a `;` cut from
        a `fun` clause binding it: what the `;` did."""
        if self.cut_clause is None or name not in self.cut_clause[1]:
            return ""
        bind = self.cut_clause[0]
        return CUT_CLAUSE_NOTE.format(fn=bind.name, at=_at(bind.span), name=name)

    def misspelt_keyword(self, e: S.Var) -> Optional[str]:
        """For an unbound name at the start of a line: the declaration
        keyword it is a misspelling of (`valu x = 3`, which parses as an
        expression or as part of the declaration above), if any."""
        return suggest_keyword(e.name) if e.span.col == 1 else None

    def slip_result(self) -> TVar:
        var = self.fresh()
        self.slip_results.add(id(var))
        return var

    def staging_error(self, e: S.Var, entry: VarInfo) -> bool:
        """Report `e`'s use under `code`; True when it is a generator, whose
        fix is to splice it (cogen), False when it is to lift it; inside a
        call making a generator, either fix may give way to making the call
        before the `code` (decided once the call's type is known, in
        finish_staging_reports)."""
        generator = isinstance(prune(entry.ty), TBox)
        fix = (STAGING_COGEN_FIX if generator else STAGING_LIFT_FIX).format(name=e.name)
        reported = len(self.diagnostics)
        self.report_staging(e, entry, STAGING_VARIABLE, fix)
        if len(self.diagnostics) > reported:
            calls = [call for call in self.calls_under_code if call.depth == self.depth]
            if calls:
                self.staging_calls[reported] = (calls, self.code_nodes[entry.depth])
        return generator

    def pin_calls(self, entry: VarInfo) -> None:
        """`entry`, a local variable, is used in the open calls under `code`:
        a call it is bound inside of, or bound outside at an earlier stage,
        can still be made before the `code`; otherwise it cannot."""
        binder = entry.binder.span
        for call in self.calls_under_code:
            if entry.depth < call.depth and not entry.is_code:
                continue
            span = call.app.span
            if _within(binder, span):
                continue
            call.movable = False

    def check_exception_staging(self, node, entry: ExnInfo) -> None:
        if entry.builtin is None and not entry.is_global and entry.depth < self.depth:
            self.report_staging(node, entry, STAGING_EXCEPTION, STAGING_EXCEPTION_FIX)

    def report_staging(self, node, entry: VarInfo | ExnInfo, message: str, fix: str) -> None:
        """Report that `node` uses `entry` across the `code` at depth
        entry.depth; a later use across the same `code` only adds to the
        first report's note (see `finish_staging_reports`)."""
        code_span = self.code_spans[entry.depth]
        key = (id(entry), id(code_span))
        reported = self.staging_reported.get(key)
        if reported is not None:
            reported[2].append(node.span)
            return
        self.staging_reported[key] = (len(self.diagnostics), entry.name, [])
        replica_binder = getattr(entry, "replica_binder", None)
        bound = entry.binder if replica_binder is None else replica_binder
        notes = [STAGING_BOUND_NOTE.format(name=entry.name, bound=_at(bound.span), code=_at(code_span))]
        if replica_binder is not None:
            notes.append(STAGING_REPLICA_NOTE.format(name=entry.name, original=entry.binder.name,
                                                     bound=_at(entry.binder.span)))
        self.error(message.format(name=entry.name), node.span, *notes, fix)

    def finish_staging_reports(self) -> None:
        for index, (calls, code) in self.staging_calls.items():
            fix = self.generate_outside_fix(calls, code)
            if fix:
                first = self.diagnostics[index]
                self.diagnostics[index] = attrs.evolve(first, notes=first.notes[:-1] + (fix,))
        for index, name, later in self.staging_reported.values():
            if later:
                first = self.diagnostics[index]
                note = STAGING_MORE_USES_NOTE.format(name=name, count=len(later),
                                                     places=", ".join(_at(span) for span in later))
                self.diagnostics[index] = attrs.evolve(first, notes=first.notes + (note,))

    def no_argument_error(self, node, entry, arg_ty: Type) -> None:
        """`node`, a constructor or exception of no argument, given one."""
        if isinstance(entry, ExnInfo):
            shown = "t" if isinstance(prune(arg_ty), TVar) else self.printer().show(arg_ty)
            note = None if entry.binder is None else \
                EXN_NO_ARG_NOTE.format(name=node.name, at=_at(entry.binder.span), type=shown)
            self.error(EXN_NO_ARG.format(name=node.name), node.span, note)
        else:
            self.error(CON_NO_ARG.format(name=node.name), node.span)

    def generator_call_fix(self, call) -> Optional[str]:
        """For a call under `code` that makes a generator, applied there as
        a function: how to make the call once, before the innermost `code`;
        None if it is not a call, or it uses a variable that would not be
        visible there (bound inside that `code`, or a stage further out)."""
        if not self.depth or not isinstance(call, S.App):
            return None
        for name in _names_in(call):
            entry = self.scope.find_value(name)
            if entry is None or isinstance(entry, VarInfo) and not (
                    entry.is_global or entry.is_code or entry.depth == self.depth - 1):
                return None
        code = self.code_nodes[-1]
        shown = show_exp(call)
        return STAGING_GENERATE_OUTSIDE_FIX.format(call=shown, code=_at(code.span), u=_unshadowed_name(code),
                                                   use=shown)

    def generate_outside_fix(self, calls: list[_CallUnderCode], code: S.Code) -> str:
        """The fix for a staging error inside `calls` (innermost last) when
        the innermost one making a generator is movable and its generator is
        `eval`ed or bound by `cogen` there: make the call before the `code`
        (not lift its operands, which would generate the code each time the
        generated code runs). "" when the variable's own fix stands."""
        for call in reversed(calls):
            head = call.app
            while isinstance(head, S.App):  # a generator the chain applies (`(spower (n - 1)) x`)
                if id(head) in self.applied_generator_calls:
                    return self.applied_generator_calls[id(head)]
                head = head.fn
            if call.result is None or not isinstance(prune(call.result), TBox):
                continue
            use = self.generator_uses.get(id(call.app))
            if not call.movable or use is None:
                return ""
            call_text = show_exp(call.app)
            if isinstance(use, S.CogenDec):
                return STAGING_COGEN_OUTSIDE_FIX.format(call=call_text, u=use.name, code=_at(code.span))
            return STAGING_GENERATE_OUTSIDE_FIX.format(call=call_text, code=_at(code.span),
                                                       u=_unshadowed_name(code), use=show_exp(use))
        return ""

    def infer_app(self, e: S.App) -> Type:
        """An application; of a chain (`f a b`), the outermost one records
        what `eval` is applied to (see eval_further_args), and inside `code`
        the chain while it is checked (see _CallUnderCode)."""
        if id(e) in self.applied_further:
            return self.infer_application(e)
        head, args = e, []
        while isinstance(head, S.App):
            head, args = head.fn, [head.arg] + args
        if isinstance(head, S.Var) and head.name == "eval":
            eval_app = e
            while eval_app.fn is not head:
                eval_app = eval_app.fn
            if len(args) > 1:
                self.eval_further_args[id(eval_app)] = tuple(args[1:])
            if self.depth and isinstance(args[0], S.App) and isinstance(self.scope.find_value("eval"), BasisValue):
                self.generator_uses[id(args[0])] = eval_app
        if not self.depth:
            reported = len(self.diagnostics)
            ty = self.infer_application(e)
            return self.swapped_arguments(head, args, reported) or ty
        call = _CallUnderCode(e, self.depth)
        self.calls_under_code.append(call)
        try:
            call.result = self.infer_application(e)
        finally:
            self.calls_under_code.pop()
        return call.result

    def infer_application(self, e: S.App) -> Type:
        fn = e.fn
        arg = e.arg
        if isinstance(arg, S.Var) and (arg.name in OPERATOR_SLIPS or arg.span.col == 1) \
                and self.scope.find_value(arg.name) is None and (arg.span.col != 1 or self.misspelt_keyword(arg)):
            # `a == b` reads as `a` applied to `==`, then to `b`, and
            # `val y = 1` followed by a line `valu x = 3` as `1` applied to
            # `valu`: one error, the unbound name (its note names `=` or
            # `val`), not also "1 is not a function"
            self.infer(fn)
            self.infer(e.arg)
            return self.slip_result()
        if isinstance(fn, S.Var):
            entry = self.scope.find_value(fn.name)
            nullary = (isinstance(entry, DataCon) and not entry.has_arg) or \
                (isinstance(entry, ExnInfo) and entry.arg is None)
            if nullary:
                ty = self.infer(fn)
                arg_ty = self.infer(e.arg)
                self.no_argument_error(fn, entry, arg_ty)
                return ty
        glued = _glued_literal(fn, arg)
        if glued is not None:
            zero, note = glued
            self.error(GLUED_LITERAL.format(zero=zero, name=arg.name), fn.span.to(arg.span), note)
            return self.fresh()
        if isinstance(fn, S.App):
            self.applied_further.add(id(fn))
        start = now() if isinstance(fn, S.Fn) else 0
        reported = len(self.diagnostics)
        fn_ty = prune(self.infer(fn))
        if id(fn_ty) in self.slip_results:  # `b` of `a == b`, `g y` of `f x == g y`
            self.infer(e.arg)
            return self.slip_result()
        not_a_function_var = False
        if isinstance(fn_ty, TVar):
            arrow = TArrow(self.fresh(), self.fresh())
            try:
                unify(fn_ty, arrow)
                fn_ty = arrow
            except UnifyError:  # a rigid or overloaded variable: not a function
                not_a_function_var = True
        if not isinstance(fn_ty, TArrow):
            printer = self.printer()
            hint = ""
            if isinstance(fn_ty, TBox) and isinstance(prune(fn_ty.body), (TArrow, TVar)):
                hint = GENERATOR_APPLIED.format(g=fn.name) if isinstance(fn, S.Var) else GENERATOR_APPLIED_EXP
                moved = self.generator_call_fix(fn)
                if moved is not None:
                    self.applied_generator_calls[id(e)] = moved
                    if any(d.message.startswith(_STAGING_VARIABLE_START) and _within(d.span, fn.span)
                           for d in self.diagnostics[reported:]):
                        # (`n` of `spower (n - 1)`: said there, with this fix)
                        self.infer(e.arg)
                        return self.fresh()
                    hint = moved
            elif isinstance(e.arg, S.ListExp) and len(e.arg.items) == 1 and isinstance(fn, S.Var) \
                    and isinstance(fn_ty, TCon) and fn_ty.tycon.name in INDEXING_FUNCTIONS:
                stored = self.assigned_elements.get(id(e))
                if stored is not None and fn_ty.tycon.name == "array":
                    hint = INDEXED_ASSIGNMENT_NOTE.format(name=fn.name,
                                                          call=_array_update_call(fn, e.arg.items[0], stored))
                else:
                    hint = INDEXING_NOTE.format(name=fn.name, sub=INDEXING_FUNCTIONS[fn_ty.tycon.name])
            if not hint and isinstance(fn, S.App) and (not isinstance(prune(fn_ty), TVar) or not_a_function_var):
                # `inc 1 2`, `print Int.toString 3`: one argument too many
                head, args = fn, [e.arg]
                while isinstance(head, S.App):
                    head, args = head.fn, [head.arg] + args
                if isinstance(head, S.Var):
                    takes = len(args) - 1
                    hint = TOO_MANY_ARGUMENTS_NOTE.format(
                        name=head.name, takes=takes, s="" if takes == 1 else "s", given=len(args))
                    glued_prefix = _glued_prefix(args)
                    if glued_prefix is not None:
                        prefix, operand = glued_prefix
                        operand = show_exp(operand, ATOM)
                        hint = GLUED_PREFIX_NOTE.format(written=prefix.name + operand, name=head.name,
                                                        prefix=prefix.name, operand=operand)
                        # (and not also "'f' expects int" against `!` itself)
                        self.diagnostics[reported:] = [
                            d for d in self.diagnostics[reported:] if d.span != prefix.span]
                    elif any(isinstance(arg, S.Var) for arg in args[:-1]):
                        hint += GROUPING_NOTE
                        # `sum double x` for `sum (double x)`: `double`, not
                        # sum's argument, is that grouping again
                        spans = {arg.span for arg in args[:-1]}
                        self.diagnostics[reported:] = [
                            d for d in self.diagnostics[reported:]
                            if not (d.message.startswith(ARG_MISMATCH.partition("{")[0]) and d.span in spans)]
            glued = not hint and e.arg.span.col == 1 and e.arg.span.line > fn.span.end_line
            if glued:
                # `val x = 5` then a line `x := 6`: an expression meant as
                # a declaration of its own
                hint = GLUED_LINE_NOTE.format(line=e.arg.span.line)
            self._unify_error(printer, NOT_A_FUNCTION.format(actual=printer.show(fn_ty)), fn.span, hint)
            if not (glued and isinstance(e.arg, S.Var) and self.scope.find_value(e.arg.name) is None):
                self.infer(e.arg)  # (the name the line was meant to use, `x` of `val x`: not unbound)
            return self.fresh()
        if isinstance(fn, S.Var):
            fn_name = f"'{fn.name}'"
            # overloaded operators are described by the overload error itself
            is_operator = fn.name in S.INFIX or fn.name in basis.OVERLOADS
        else:
            fn_name, is_operator = "the function", False
        message = OPERAND_MISMATCH if is_operator else ARG_MISMATCH
        domain = prune(fn_ty.arg)
        if isinstance(domain, TVar) and domain.fields and isinstance(e.arg, S.Tuple) \
                and len(e.arg.items) >= max(domain.fields):
            # a selector's tuple (`val f = #1` then `f (0, 1)`): it has the
            # argument's width, so that its components are checked one by one
            # below, the wrong one pointed at
            try:
                unify(domain, TTuple(tuple(self.fresh() for _ in e.arg.items)))
                domain = prune(domain)
            except UnifyError:
                pass
        note = "" if is_operator else (lambda printer: f"{fn_name} has type {printer.show(fn_ty)}")
        entry = self.scope.find_value(fn.name) if isinstance(fn, S.Var) else None
        level = self.defining.get(id(entry)) if isinstance(entry, VarInfo) else None
        # fn_ty is the instance of entry's type, made before the argument is inferred
        fresh = fresh_domain_vars(entry.ty, fn_ty) if isinstance(entry, (VarInfo, DataCon, BasisValue)) \
            else (frozenset(),)
        if isinstance(fn, S.Fn):
            made = vars_made_since(domain, start)
            fresh = (made,) * len(domain.items) if isinstance(domain, TTuple) and len(domain.items) > 1 else (made,)
        if isinstance(e.arg, S.Tuple) and isinstance(domain, TTuple) and len(domain.items) == len(e.arg.items) \
                and e.arg.items:
            # check operand by operand, to point at the one that is wrong
            # (after one wrong operand, the others are only inferred: their
            # mismatches would mostly echo the first one)
            ok = True
            slipped = False
            item_types = []
            if is_operator and fn.name == ":=":
                self.assigned_elements[id(e.arg.items[0])] = e.arg.items[1]  # (`a[i] := v`)
            for position, (item, item_ty) in enumerate(zip(e.arg.items, domain.items)):
                if not ok and position == 1 and _passed_operator(fn, e.arg.items[0], item_types[0], item):
                    # `foldl + 0 xs`, `foldl + (0 xs)`: the `+` was meant as
                    # foldl's argument (noted at foldl), so `0 xs` was meant
                    # as no application either: its parts are checked alone
                    head = item
                    while isinstance(head, S.App):
                        self.infer(head.arg)
                        head = head.fn
                    self.infer(head)
                    item_actual = self.fresh()
                else:
                    item_actual = self.infer(item)
                item_types.append(item_actual)
                if id(item_actual) in self.slip_results:
                    # `vall y = 2` on two lines in a row: the first slip is an
                    # operand of the second's `=`, already reported
                    slipped = True
                elif ok:
                    item_note = note
                    if is_operator and fn.name == "-" and item is e.arg.items[0]:
                        # (made only if there is an error to note)
                        item_note = lambda _printer, left=item_actual: (  # noqa: E731
                            _minus_applied_note(fn, e.arg) if isinstance(prune(left), TArrow)
                            else _application_first_note(item, left, fn.name, self.applied_type(item),
                                                         e.arg.items[1]))
                    elif is_operator and fn.name == ":=" and item is e.arg.items[0]:
                        item_note = lambda _printer, left=item_actual: (  # noqa: E731
                            _not_a_ref_note(left, item) or _array_update_note(item, e.arg.items[1]))
                    elif is_operator and fn.name == "=" and item is e.arg.items[1]:
                        item_note = lambda printer, got=item_actual, want=item_ty: (  # noqa: E731
                            _assign_note(printer, e.arg.items[0], got, want))
                    elif is_operator and fn.name in ("@", "::") and (fn.name == "@" or item is e.arg.items[1]):
                        item_note = lambda _printer, got=item_actual, want=item_ty: (  # noqa: E731
                            _element_for_list_note(fn.name, got, want))
                    elif is_operator and fn.name == "o" and item is e.arg.items[1] and _is_prefix_application(item):
                        # `inc o twice 3`, for `(inc o twice) 3`
                        item_note = lambda _printer, got=item_actual, item=item: (  # noqa: E731
                            COMPOSE_APPLIED_NOTE.format(g=item.fn.name) if not isinstance(prune(got), TArrow)
                            and isinstance(prune(self.applied_type(item)), TArrow) else "")
                    elif is_operator and fn.name == "^" and item is e.arg.items[0] and _is_int_literal(e.arg.items[1]):
                        item_note = POWER_NOTE
                    elif is_operator and item is e.arg.items[0]:
                        item_note = lambda _printer, left=item_actual, item=item: (  # noqa: E731
                            _application_first_note(item, left, fn.name, self.applied_type(item),
                                                    e.arg.items[-1]))
                    rec_note = "" if level is None else _polymorphic_recursion_note(
                        fn, fn_ty, level, len(e.arg.items), e.arg.items.index(item), item_actual)
                    # an operand `[]` or `NONE`, whose type was made after the
                    # domain (types.unify_made_args)
                    item_entry = self.scope.find_value(item.name) if isinstance(item, S.Var) else None
                    made_args = (isinstance(item, S.ListExp) and not item.items) \
                        or (isinstance(item_entry, (VarInfo, DataCon, BasisValue))
                            and is_shallow_instance(item_entry.ty, item_actual))
                    ok = self.expect(item_actual, item_ty, item, message, item_note, rec_note, fn=fn_name,
                                     fresh_vars=(fresh[position],) if len(fresh) > 1 else (),
                                     made_args=(made_args,), callee=entry if isinstance(entry, VarInfo) else None)
            if slipped:
                return self.slip_result()
            self.argument_types[id(e.arg)] = TTuple(tuple(item_types))
            result = prune(fn_ty.res)
            if not ok and isinstance(result, TVar) and result.overload is not None:
                # `print (Int.toString x + 1)`: the operand is reported; the
                # `+`'s result, still any of its types, would be reported
                # again where the context fixes it
                return self.fresh()
        else:
            arg_ty = self.argument_types[id(e.arg)] = self.infer(e.arg)
            # `f 1 2` for `f (1, 2)`: f takes a tuple; its further arguments
            # are then no second error ("'a is not a function")
            tupled = isinstance(domain, TTuple) and not isinstance(e.arg, S.Tuple) and not is_operator \
                and id(e) in self.applied_further
            tupled_note = (lambda _printer: "" if isinstance(prune(arg_ty), TTuple) else  # noqa: E731
                           _tupled_note(fn, len(domain.items))) if tupled else ""
            if isinstance(e.arg, S.Tuple) and len(e.arg.items) >= 2 and not is_operator \
                    and not isinstance(domain, TTuple) and _curried_arity(fn_ty) >= len(e.arg.items):
                # `add (1, 2)` for `add 1 2`
                tupled_note = _curried_note(fn, len(e.arg.items))
            if isinstance(fn, S.Var) and fn.name == "!":
                tupled_note = lambda _printer: _not_a_ref_note(arg_ty, e.arg)  # noqa: E731
            rec_note = "" if level is None else _polymorphic_recursion_note(fn, fn_ty, level, None, None, arg_ty)
            applies_eval = isinstance(entry, BasisValue) and entry.name == "eval"
            callee = entry if isinstance(entry, VarInfo) else None
            shape_note = _function_shape_note(arg_ty, fn_ty.arg, fn_name)
            if shape_note and not _fits([(arg_ty, fn_ty.arg)]):
                # (unified, the mismatch would show deep inside the function,
                # say as an operator of it used at a tuple type)
                printer = self.printer()
                self.error(message.format(actual=printer.show(arg_ty), fn=fn_name, expected=printer.show(fn_ty.arg)),
                           e.arg.span, note(printer) if callable(note) else note, shape_note)
                return fn_ty.res
            if not self.expect(arg_ty, fn_ty.arg, e.arg, message, note, tupled_note, rec_note, fn=fn_name,
                               fresh_vars=fresh, applies_eval=applies_eval, callee=callee,
                               eval_args=self.eval_further_args.get(id(e)) if applies_eval else None) and tupled \
                    and not isinstance(prune(arg_ty), TTuple):
                return self.slip_result()
        return fn_ty.res

    def swapped_arguments(self, head, args: list, reported: int) -> Optional[Type]:
        """If the errors reported since `reported` are all at arguments of
        the curried call `head args...`, and the call fits once two adjacent
        arguments trade places (`List.filter [1, 2] isEven`), make them one
        error saying so and return the type the call then has; else None."""
        entry = self.scope.find_value(head.name) if isinstance(head, S.Var) else None
        new = self.diagnostics[reported:]
        arg_spans = [arg.span for arg in args]
        if not (isinstance(entry, (VarInfo, BasisValue)) and len(args) >= 2 and new
                and head.name not in S.INFIX and head.name not in basis.OVERLOADS
                and all(d.severity == "error" and d.message.startswith(ARG_MISMATCH.partition("{")[0])
                        and d.span in arg_spans for d in new)
                and all(id(arg) in self.argument_types for arg in args)):
            return None
        types = [self.argument_types[id(arg)] for arg in args]
        for i in range(len(args) - 1):
            order = types[:i] + [types[i + 1], types[i]] + types[i + 2:]
            instance = instantiate(entry.ty, self.level)
            snapshot = Snapshot([instance, *types])
            try:
                result = instance
                for ty in order:
                    result = prune(result)
                    if not isinstance(result, TArrow):
                        raise UnifyError("arity")
                    unify(ty, result.arg)
                    result = result.res
            except UnifyError:
                snapshot.restore()
                continue
            # (the swapped call's types are kept: the result, not the failed
            # call's, goes on, so that nothing after it is reported again)
            swapped = args[:i] + [args[i + 1], args[i]] + args[i + 2:]
            first = new[0]
            del self.diagnostics[reported:]
            self.error(first.message, first.span, *first.notes,
                       SWAPPED_ARGUMENTS_NOTE.format(call=show_exp(_apply(head, swapped))))
            return result
        return None

    def applied_type(self, e) -> Optional[Type]:
        """The type of the function a prefix application `f x` applies, if
        `f` is a value of a known type (for a note)."""
        entry = self.scope.find_value(e.fn.name) if isinstance(e, S.App) and isinstance(e.fn, S.Var) else None
        return entry.ty if isinstance(entry, (VarInfo, BasisValue)) else None

    def infer_tuple(self, e: S.Tuple) -> Type:
        if not e.items:
            return UNIT
        return TTuple(tuple(self.infer(x) for x in e.items))

    def infer_list(self, e: S.ListExp) -> Type:
        elem = self.fresh()
        items = [(item, self.infer(item)) for item in e.items]
        if items:
            self.unify_arms(items, elem, LIST_ELEMENT)
        return TCon(BUILTIN_TYCONS["list"], (elem,))

    def infer_seq(self, e: S.Seq) -> Type:
        ty = UNIT
        for x in e.exps:
            reported = len(self.diagnostics)
            ty = self.infer(x)
            if x is not e.exps[-1]:
                self.warn_discarded_comparison(x, ty, reported)
        return ty

    def warn_discarded_comparison(self, e, ty: Type, reported: int) -> None:
        """A warning for `a = b` whose value a sequence or a `while` body
        drops: an assignment written as a comparison (`i = i + 1`); not
        where checking `e` found an error (diagnostics past `reported`)."""
        is_comparison = isinstance(e, S.App) and isinstance(e.fn, S.Var) and e.fn.name == "=" \
            and isinstance(e.arg, S.Tuple) and len(e.arg.items) == 2 and _base_name(ty) == "bool"
        if not is_comparison or len(self.diagnostics) > reported:
            return
        left, right = e.arg.items
        if isinstance(left, S.Var) and isinstance(right, S.Var) and left.name == right.name:
            return  # `(x = x; ...)`: the idiom that makes x's type an equality type
        entry = self.scope.find_value(left.name) if isinstance(left, S.Var) else None
        note = ""
        if isinstance(entry, VarInfo):
            left_ty = prune(entry.ty)
            is_ref = isinstance(left_ty, TCon) and left_ty.tycon.name == "ref"
            note = ASSIGN_NOTE.format(name=left.name) if is_ref else _not_a_ref_note(left_ty, left)
        self.warning(DISCARDED_COMPARISON, e.span, *[n for n in [note] if n])

    def infer_let(self, e: S.Let) -> Type:
        outer, self.scope = self.scope, Scope(self.scope)
        for dec in e.decs:
            self.declare(dec, is_global=False)
        ty = self.infer(e.body)
        escaped = self.check_type_escape(e, ty, self.scope)
        self.scope = outer
        # reported: the type goes no further, or the context it meets (a
        # function's result made before the datatype) says so a second time
        return self.fresh() if escaped else ty

    def check_type_escape(self, e: S.Let, ty: Type, let_scope: Scope) -> bool:
        """SML's rule for `let`: the type of the body may not mention a
        datatype the `let` declares (its values would outlive the type).
        True if it does (reported)."""
        local = {id(t): t for t in let_scope.types.values() if isinstance(t, Tycon)}
        local.update((id(t), t) for t in let_scope.hidden_tycons)
        if not local:
            return False
        escaping = [tycon for tycon in _tycons(ty) if id(tycon) in local]
        if escaping:
            name = escaping[0].name
            # expanded: the escaping datatype may hide behind a local abbreviation
            shown = self.printer(abbreviations=False).show(ty)
            self.error(LOCAL_TYPE_ESCAPE.format(name=name, type=shown), e.span,
                       LOCAL_TYPE_ESCAPE_NOTE.format(name=name))
        return bool(escaping)

    def infer_if(self, e: S.If) -> Type:
        if isinstance(e.else_, S.If):
            return self.infer_if_chain(e)
        self.expect(self.infer(e.cond), BOOL, e.cond, IF_CONDITION)
        reported = len(self.diagnostics)
        then_ty = self.infer(e.then)
        else_ty = self.infer(e.else_)
        if self._code_var_for_generator(e.then, then_ty, else_ty):
            # `if c then rest else code (...)` for `cogen rest = gen ...`:
            # the code variable is the mistake, not the generator beside it
            self.expect(then_ty, else_ty, e.then, IF_THEN_BRANCH)
            return else_ty
        if len(self.diagnostics) > reported and not _fits([(else_ty, then_ty)]) \
                and self.clashed_already(reported, e.else_, else_ty, then_ty):
            return then_ty  # reported in the other branch
        self.expect(else_ty, then_ty, e.else_, IF_BRANCHES)
        return then_ty

    def infer_if_chain(self, e: S.If) -> Type:
        """`if a then x else if b then y else z`: its branches x, y, z are
        alike, so a branch of another type is one error, at it (nested ifs
        checked one by one blamed the inner if's other branch as well)."""
        branches = []  # (node, type, 'then' or 'else')
        node = e
        while isinstance(node, S.If):
            self.expect(self.infer(node.cond), BOOL, node.cond, IF_CONDITION)
            branches.append((node.then, self.infer(node.then), "then"))
            node = node.else_
        branches.append((node, self.infer(node), "else"))
        (first, first_ty, _), later = branches[0], branches[1:]
        later_ty = later[0][1]
        if self._code_var_for_generator(first, first_ty, later_ty) \
                or _first_alone_differs(first_ty, [ty for _, ty, _ in later]):
            # the first branch alone differs (`if a then 1 else if b then "x"
            # else "y"`), or is a code variable where the others are generators
            for node, ty, word in later[1:]:
                self.expect(ty, later_ty, node, IF_CHAIN_BRANCH, word=word)
            self.expect(first_ty, later_ty, first, IF_CHAIN_FIRST)
            return later_ty
        for node, ty, word in later:
            self.expect(ty, first_ty, node, IF_CHAIN_BRANCH, word=word)
        return first_ty

    def _code_var_for_generator(self, node, ty: Type, generator_ty: Type) -> bool:
        """Whether node is a code variable (a value: it runs its code) put
        where the expression beside it is a generator."""
        return self._is_code_var(node) and isinstance(prune(generator_ty), TBox) \
            and not isinstance(prune(ty), (TBox, TVar))

    def _is_code_var(self, node) -> bool:
        ref = self.elab.refs.get(id(node)) if isinstance(node, S.Var) else None
        return isinstance(ref, VarRef) and ref.is_code

    def infer_logic(self, e) -> Type:
        op = "andalso" if isinstance(e, S.Andalso) else "orelse"
        self.expect(self.infer(e.left), BOOL, e.left, LOGIC_OPERAND, op=op)
        self.expect(self.infer(e.right), BOOL, e.right, LOGIC_OPERAND, op=op)
        return BOOL

    def infer_case(self, e: S.Case) -> Type:
        arg_ty = self.infer(e.exp)
        result_ty = self.fresh()
        errors_before = self.error_count()
        reported = len(self.diagnostics)
        rows = self.check_rules(e.rules, arg_ty, result_ty, CASE_PATTERN, CASE_ARM, fresh_result=True)
        self.check_match_rows(rows, e.span, True, errors_before)
        if len(self.diagnostics) > reported:
            self.note_swallowed_rules(e, reported)
        return result_ty

    def note_swallowed_rules(self, e: S.Case, reported: int) -> None:
        """Add a note to the diagnostics from `reported` on that are about
        rules which a case nested in a rule of `e` took although they are
        indented as `e`'s own: left of the nested case's keyword and first
        rule, on later lines. Their type errors (the rule's pattern or body
        against the others) and match warnings, and `e`'s own
        nonexhaustive warning (it lost those rules), get the note."""
        for rule in e.rules:
            inner = rule.body
            if not isinstance(inner, S.Case):
                continue
            limit = min(inner.span.col, inner.rules[0].pat.span.col)
            swallowed = [r for r in inner.rules[1:] if r.span.line > inner.span.line and r.pat.span.col < limit]
            if not swallowed:
                continue
            spans = {span for r in swallowed for span in (r.span, r.pat.span, r.body.span)}
            note = NESTED_CASE_NOTE.format(at=_at(inner.span))
            outer_note = NESTED_CASE_OUTER_NOTE.format(at=_at(inner.span),
                                                       rules=", ".join(_at(r.span) for r in swallowed))
            for index in range(reported, len(self.diagnostics)):
                diag = self.diagnostics[index]
                if diag.span in spans:
                    added = note
                elif diag.span == e.span and diag.message.startswith(MATCH_NONEXHAUSTIVE.split("{")[0]):
                    added = outer_note
                else:
                    continue
                if added not in diag.notes:
                    self.diagnostics[index] = attrs.evolve(diag, notes=diag.notes + (added,))

    def infer_fn(self, e: S.Fn) -> Type:
        self.note_open_ended_body("fn", e.rules[-1].body)
        arg_ty, result_ty = self.fresh(), self.fresh()
        errors_before = self.error_count()
        for rule in e.rules:  # (`fn x y => ...`, for `fn x => fn y => ...`)
            head = rule.pat.pat if isinstance(rule.pat, S.PTyped) else rule.pat
            if isinstance(head, S.PCon):
                self.fn_heads.add(id(head))
        rows = self.check_rules(e.rules, arg_ty, result_ty, CASE_PATTERN, FN_ARM, fresh_result=True)
        self.check_match_rows(rows, e.span, True, errors_before)
        return TArrow(arg_ty, result_ty)

    def infer_raise(self, e: S.Raise) -> Type:
        notes = ()
        named = self.scope.find_value(e.exp.name) if isinstance(e.exp, S.Var) else None
        if isinstance(named, ExnInfo) and named.arg is not None:  # `raise E` without E's value
            notes = (RAISE_CONSTRUCTOR_NOTE.format(name=e.exp.name, arg=TypePrinter().show(named.arg)),)
        head = e.exp.fn if isinstance(e.exp, S.App) else e.exp
        if isinstance(head, S.Var):  # `raise Fail "x"` where a constructor hides Fail
            notes += (self._hidden_exception_note(head.name, bare=head is e.exp),)
        self.expect(self.infer(e.exp), EXN, e.exp, RAISE_NOT_EXN, *notes)
        return self.fresh()

    def infer_handle(self, e: S.Handle) -> Type:
        ty = self.infer(e.exp)
        errors_before = self.error_count()
        result_ty = self.fresh()
        rows = self.check_rules(e.rules, EXN, result_ty, HANDLE_PATTERN, HANDLE_ARM, fresh_result=True,
                                first_arm=(e.exp, ty))
        # an unhandled exception propagates: handlers are never "nonexhaustive"
        self.check_match_rows(rows, e.span, False, errors_before)
        return result_ty

    def infer_while(self, e: S.While) -> Type:
        self.expect(self.infer(e.cond), BOOL, e.cond, WHILE_CONDITION)
        reported = len(self.diagnostics)
        self.warn_discarded_comparison(e.body, self.infer(e.body), reported)
        return UNIT

    def infer_typed(self, e: S.Typed) -> Type:
        ty = self.infer(e.exp)
        annotated = self.elab_type(e.ty)
        word = self.open_ended_bodies.pop(id(e), None)
        meant_outside = isinstance(prune(annotated), TArrow if word == "fn" else TBox) if word else False
        if not meant_outside:
            self.expect(ty, annotated, e.exp, ANNOTATION_MISMATCH)
            return annotated
        template = FN_ANNOTATION_NOTE if word == "fn" else OPEN_ENDED_ANNOTATION_NOTE
        shown = _atom_text(e.exp)
        note = lambda printer: template.format(  # noqa: E731
            word=word, type=printer.show(annotated), e="e" if shown == "(...)" else shown)
        # wrong, the annotation was meant for the whole: the rest is
        # checked with the type the expression has (one error, not two)
        return annotated if self.expect(ty, annotated, e.exp, ANNOTATION_MISMATCH, note, box_notes=False) else ty

    def note_open_ended_body(self, word: str, body) -> None:
        """Mark `body`, what `code`, `lift` or `fn` extends over, if it is
        annotated without parentheses: `(code 3 : [int])` annotates the 3
        (`code (3 : [int])` says so)."""
        if isinstance(body, S.Typed) and (body.span.end_line, body.span.end_col) == \
                (body.ty.span.end_line, body.ty.span.end_col):
            self.open_ended_bodies[id(body)] = word

    def warn_staging_word_bound(self, word: str, e) -> None:
        entry = self.scope.find_value(word)
        if entry is None or (isinstance(entry, VarInfo) and entry.is_code):
            return
        binder = getattr(entry, "binder", None)
        where = getattr(binder, "span", None)
        notes = (STAGING_WORD_BOUND_NOTE.format(name=word, line=where.line, col=where.col),) if where else ()
        keyword = S.Span(e.span.line, e.span.col, e.span.line, e.span.col + len(word))
        self.warning(STAGING_WORD_BOUND.format(name=word), keyword, *notes)

    def infer_code(self, e: S.Code) -> Type:
        self.warn_staging_word_bound("code", e)
        # Δ; · ⊢ M : τ — local value variables are out of reach below here
        self.depth += 1
        self.code_spans.append(e.span)
        self.code_nodes.append(e)
        self.codes += 1
        self.note_open_ended_body("code", e.exp)
        ty = self.infer(e.exp)
        self.code_nodes.pop()
        self.code_spans.pop()
        self.depth -= 1
        return TBox(ty)

    def infer_lift(self, e: S.Lift) -> Type:
        self.warn_staging_word_bound("lift", e)
        self.note_open_ended_body("lift", e.exp)
        self.codes += 1
        return TBox(self.infer(e.exp))

    _INFER = {
        S.ConstExp: infer_const, S.Var: infer_var, S.App: infer_app, S.Tuple: infer_tuple,
        S.ListExp: infer_list, S.Seq: infer_seq, S.Let: infer_let, S.If: infer_if,
        S.Andalso: infer_logic, S.Orelse: infer_logic, S.Case: infer_case, S.Fn: infer_fn,
        S.Raise: infer_raise, S.Handle: infer_handle, S.While: infer_while, S.Typed: infer_typed,
        S.Code: infer_code, S.Lift: infer_lift,
    }

    def check_rules(self, rules, arg_ty: Type, result_ty: Type, pat_message: str, body_message: str,
                    fresh_result: bool = False, first_arm: Optional[tuple] = None):
        """Check each rule `pat => body` against the matched type and the
        result type; `fresh_result`: result_ty was just made for these rules
        (nothing refers to it until the first body's type is unified in);
        `first_arm`: an expression and its type that precede the rules (a
        handled expression)."""
        rows = []
        # The arms of a new result type (a `case`, a `fn`, a `handle`) are
        # unified with it after all are checked: nothing in them refers to
        # it, and the order decides which arm is blamed (see unify_arms).
        arms = [first_arm] if first_arm is not None else []
        for rule in rules:
            outer, self.scope = self.scope, Scope(self.scope)
            names: dict[str, VarInfo] = {}
            pat_ty, spat = self.infer_pat(rule.pat, names, False)
            head = rule.pat.name if isinstance(rule.pat, (S.PVar, S.PCon)) else None
            notes = (self._hidden_exception_note(head),) if pat_message == HANDLE_PATTERN else ()
            self.expect(pat_ty, arg_ty, rule.pat, pat_message, *notes)
            self.scope.values.update(names)
            body_ty = self.infer(rule.body)
            if fresh_result and body_message in FIRST_ARM:
                arms.append((rule.body, body_ty))
            else:
                self.expect(body_ty, result_ty, rule.body, body_message, fresh=fresh_result and not rows)
            self.scope = outer
            rows.append((rule, [spat]))
        if arms:
            self.unify_arms(arms, result_ty, body_message)
        return rows

    def unify_arms(self, arms: list, result_ty: Type, body_message: str) -> None:
        """Unify each arm's type with result_ty, a variable nothing refers to
        yet, blaming the arm unlike the others. In order, except where the
        first arm is the odd one: only a code variable (`0 => rest`, which
        runs rest's code) where the second is a generator (`| _ => code
        ...`, for `cogen rest = gen ...`: the code variable is the error,
        with its note, not every later arm and whatever expects a generator
        of the whole); or of a type that the later arms agree on without it
        (`0 => 0 | 1 => "one" | _ => "many"`: one error, at the 0, as in an
        `else if` chain; see _first_alone_differs)."""
        (first, first_ty), later = arms[0], arms[1:]
        if later and (self._code_var_for_generator(first, first_ty, later[0][1])
                      or _first_alone_differs(first_ty, [ty for _, ty in later])):
            for index, (body, ty) in enumerate(later):
                self.expect(ty, result_ty, body, body_message, fresh=index == 0)
            self.expect(first_ty, result_ty, first, FIRST_ARM[body_message])
            return
        for index, (body, ty) in enumerate(arms):
            self.expect(ty, result_ty, body, body_message, fresh=index == 0)

    def _hidden_exception_note(self, name: Optional[str], bare: bool = False) -> Optional[str]:
        """For a handler's pattern or a raised expression headed by
        constructor `name` of a datatype that hides a basis exception of
        that name (`datatype exp = ... | Div of exp * exp`, then `handle
        Div _` or `raise Div`): how to name the exception. `bare`: raised
        without an argument, so an exception that carries a value needs it."""
        con = self.scope.find_value(name) if name else None
        exn = _basis_scope(False).values.get(name) if name else None
        if not isinstance(con, DataCon) or con.binder is None or not isinstance(exn, ExnInfo):
            return None
        qualified = next((q for q, plain in basis.QUALIFIED_CONSTRUCTORS.items() if plain == name), None)
        if qualified is None:
            return None
        if bare and exn.arg is not None:
            return HIDDEN_EXCEPTION_ARG_NOTE.format(name=name, datatype=con.tycon.name, at=_at(con.binder.span),
                                                    qualified=qualified, arg=TypePrinter().show(exn.arg))
        return HIDDEN_EXCEPTION_NOTE.format(name=name, datatype=con.tycon.name, at=_at(con.binder.span),
                                            qualified=qualified)

    # ---------------------------------------------------- value restriction

    def is_nonexpansive(self, e) -> bool:
        """SML '97's non-expansive expressions, plus `code e` (a generator
        is a syntactic value like `fn`, as in the paper). A code variable is
        expansive: using it runs generated code. So is `lift e`, whatever e:
        only `code` is a new syntactic value (the paper's rule), and the erasure
        `let val v = e in fn () => v end` is expansive in SML, so a
        generalised `lift` would accept programs whose erasure SML rejects."""
        if isinstance(e, (S.ConstExp, S.Fn, S.Code)):
            return True
        if isinstance(e, S.Var):
            ref = self.elab.refs.get(id(e))
            return not (isinstance(ref, VarRef) and ref.is_code)
        if isinstance(e, S.Typed):
            return self.is_nonexpansive(e.exp)
        if isinstance(e, (S.Tuple, S.ListExp)):
            return all(self.is_nonexpansive(x) for x in e.items)
        if isinstance(e, S.App):
            fn = e.fn
            while isinstance(fn, S.Typed):
                fn = fn.exp
            ref = self.elab.refs.get(id(fn)) if isinstance(fn, S.Var) else None
            return isinstance(ref, (ConRef, ExnRef)) and self.is_nonexpansive(e.arg)
        return False

    # ------------------------------------------------------------ patterns

    def infer_pat(self, p, names: dict[str, VarInfo], is_global: bool) -> tuple[Type, mc.Pat]:
        """The type of pattern p and its form for the match checker; the
        variables it binds are added to `names`."""
        if isinstance(p, S.PWild):
            return self.fresh(), mc.WILD
        if isinstance(p, S.PVar):
            entry = self.scope.find_value(p.name)
            if isinstance(entry, (DataCon, ExnInfo)):
                return self.con_pattern(p, entry, None, names, is_global)
            if p.name == "ref":  # the constructor, since no declaration can rebind it
                self.error(CON_NEEDS_ARG.format(name="ref"), p.span)
                return TCon(BUILTIN_TYCONS["ref"], (self.fresh(),)), mc.WILD
            return self.bind_pattern_var(p, p.name, names, is_global), mc.WILD
        if isinstance(p, S.PConst):
            kind = CONST_KINDS[type(p.const)]
            return CONST_TYPES[type(p.const)], mc.Con(mc.const_ctor(kind, p.const.value))
        if isinstance(p, S.PTuple):
            if not p.items:
                return UNIT, mc.Con(mc.tuple_ctor(0))
            parts = [self.infer_pat(x, names, is_global) for x in p.items]
            return (TTuple(tuple(t for t, _ in parts)),
                    mc.Con(mc.tuple_ctor(len(parts)), [s for _, s in parts]))
        if isinstance(p, S.PList):
            elem = self.fresh()
            nil, cons = _list_ctors()
            spats = []
            for index, item in enumerate(p.items):
                item_ty, spat = self.infer_pat(item, names, is_global)
                self.expect(item_ty, elem, item, LIST_PATTERN_ELEMENT, fresh=index == 0)
                spats.append(spat)
            spat = mc.Con(nil)
            for item in reversed(spats):
                spat = mc.Con(cons, [mc.Con(mc.tuple_ctor(2), [item, spat])])
            return TCon(BUILTIN_TYCONS["list"], (elem,)), spat
        if isinstance(p, S.PCon):
            entry = self.scope.find_value(p.name)
            if isinstance(entry, BasisValue) and p.name == "ref":
                self.elab.refs[id(p)] = BasisRef("ref")
                return self.ref_pattern(p.arg, names, is_global)
            if isinstance(entry, (DataCon, ExnInfo)):
                return self.con_pattern(p, entry, p.arg, names, is_global)
            if entry is None:
                note = self.unbound_note(p.name)
                if self.meant_as_arguments(p) and (id(p) in self.val_heads or id(p) in self.fn_heads):
                    note = (VAL_WITH_ARGUMENTS_NOTE if id(p) in self.val_heads else FN_WITH_ARGUMENTS_NOTE
                            ).format(name=p.name)
                    if p.name not in names:  # (its uses after it are then no further errors)
                        names[p.name] = self.new_var(p.name, self.fresh(), p, is_global)
                self.error(UNBOUND_CONSTRUCTOR.format(name=p.name), p.span, note)
            else:
                self.error(NOT_A_CONSTRUCTOR.format(name=p.name), p.span)
            self.infer_pat(p.arg, names, is_global)
            return self.fresh(), mc.WILD
        if isinstance(p, S.PRef):
            return self.ref_pattern(p.arg, names, is_global)
        if isinstance(p, S.PAs):
            if isinstance(self.scope.find_value(p.name), (DataCon, ExnInfo)) or p.name == "ref":
                self.error(LAYERED_CONSTRUCTOR.format(name=p.name), p.span)  # SML '97 rule 43
                ty = self.fresh()
            else:
                ty = self.bind_pattern_var(p, p.name, names, is_global)
            inner_ty, spat = self.infer_pat(p.pat, names, is_global)
            unify(ty, inner_ty)  # ty is fresh
            return ty, spat
        if isinstance(p, S.PTyped):
            ty, spat = self.infer_pat(p.pat, names, is_global)
            annotated = self.elab_pattern_annotation(p, self.elab_annotation)
            self.expect(ty, annotated, p.pat, PATTERN_ANNOTATION_MISMATCH)
            return annotated, spat
        raise TypeError(f"not a pattern: {p!r}")

    def elab_pattern_annotation(self, p: S.PTyped, elab: Callable[[S.Type], Type]) -> Type:
        """The type annotating pattern `p`, elaborated by `elab`; a variable's
        annotation by an unbound type name is noted as a `::` slip (`x:xs`)."""
        self.annotated_var = (p.pat, p.ty) if isinstance(p.pat, S.PVar) else None
        try:
            return elab(p.ty)
        finally:
            self.annotated_var = None

    def bind_pattern_var(self, p, name: str, names: dict[str, VarInfo], is_global: bool) -> Type:
        ty = self.fresh()
        if name in names:
            self.error(DUPLICATE_PATTERN_VAR.format(name=name), p.span)
        elif "." in name:  # (without this, `handle M.E => ...` would catch everything)
            if self.scope.find_value(name) is None:
                self.error(UNBOUND_CONSTRUCTOR.format(name=name), p.span, QUALIFIED_PATTERN_NOTE,
                           self.unbound_note(name))
            else:
                self.check_plain_name(name, p.span, QUALIFIED_PATTERN_VAR)
        elif name in RESERVED_NAMES:  # `=`, or any of them in `val rec` (which binds constructors' names too)
            self.error(ILLEGAL_REBINDING.format(name=name), p.span)
        names[name] = self.new_var(name, ty, p, is_global)
        return ty

    def ref_pattern(self, arg, names, is_global) -> tuple[Type, mc.Pat]:
        ty, spat = self.infer_pat(arg, names, is_global)
        return TCon(BUILTIN_TYCONS["ref"], (ty,)), mc.Con(mc.REF, [spat])

    def con_pattern(self, p, entry, arg, names, is_global) -> tuple[Type, mc.Pat]:
        if isinstance(entry, ExnInfo):
            self.check_exception_staging(p, entry)
            self.elab.refs[id(p)] = entry.ref()
            has_arg, ty, ctor = entry.arg is not None, entry.ty, entry.ctor
        else:
            self.elab.refs[id(p)] = entry.ref
            has_arg, ty, ctor = entry.has_arg, instantiate(entry.ty, self.level), entry.ctor
        if arg is None:
            if has_arg:
                self.error(CON_NEEDS_ARG.format(name=p.name), p.span)
                return prune(ty).res, mc.WILD
            return ty, mc.Con(ctor)
        arg_ty, arg_spat = self.infer_pat(arg, names, is_global)
        if not has_arg:
            self.no_argument_error(p, entry, arg_ty)
            return ty, mc.WILD
        ty = prune(ty)
        fresh_vars = fresh_domain_vars(entry.ty, ty) if isinstance(entry, DataCon) else ()
        # a component `_` or variable: its type was made after ty (types.unify_made_args)
        made_args = tuple(isinstance(item, (S.PWild, S.PVar)) and isinstance(prune(item_ty), TVar)
                          for item, item_ty in zip(arg.items, prune(arg_ty).items)) \
            if isinstance(arg, S.PTuple) and isinstance(prune(arg_ty), TTuple) \
            and len(fresh_vars) == len(arg.items) > 1 else ()
        self.expect(arg_ty, ty.arg, arg, ARG_MISMATCH, fn=f"constructor '{p.name}'", fresh_vars=fresh_vars,
                    made_args=made_args)
        return ty.res, mc.Con(ctor, [arg_spat])

    # ------------------------------------------------------- match checks

    def error_count(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == "error")

    def check_match_rows(self, rows, span: S.Span, nonexhaustive_warning: bool,
                         errors_before: int = -1) -> None:
        """Warn about redundant clauses and missing cases, unless checking
        the match found errors (its patterns may then mix types)."""
        if not rows or (errors_before >= 0 and self.error_count() > errors_before):
            return
        redundant, missing = mc.check_rows([row for _, row in rows])
        noted = set()
        for index in redundant:
            note = self.variable_not_constructor_note([node for node, _ in rows[:index]])
            noted.add(note.partition("'")[2].partition("'")[0])
            self.warning(REDUNDANT_CLAUSE, rows[index][0].span, note)
        self.warn_case_slips([node for node, _ in rows], noted)
        if missing is not None and nonexhaustive_warning:
            example = mc.show_pattern(missing[0]) if len(missing) == 1 else mc.show_patterns(missing)
            self.warning(MATCH_NONEXHAUSTIVE.format(example=example), span)

    def warn_case_slips(self, clauses, noted: set[str]) -> None:
        """Warn of each variable of these clauses' patterns that begins with
        a capital and is a constructor in scope but for letter case (`None`,
        `Nil`), unless a note has named it already (`noted`): a variable
        name so spelt is almost surely the constructor meant."""
        variables = [var for clause in clauses
                     for var in lint.pattern_vars(clause.pats if isinstance(clause, S.Clause) else clause.pat)
                     if var.name[:1].isupper() and var.name not in noted]
        if not variables:
            return
        constructors = {name.lower(): name for name, entry in self.visible_values()
                        if isinstance(entry, (DataCon, ExnInfo)) and "." not in name}
        for var in sorted(variables, key=lambda v: (v.span.line, v.span.col)):
            con = constructors.get(var.name.lower())
            if con is not None and con != var.name and not isinstance(self.scope.find_value(var.name),
                                                                          (DataCon, ExnInfo)):
                self.warning(CASE_SLIP_VARIABLE.format(name=var.name, con=con), var.span)

    def variable_not_constructor_note(self, clauses) -> str:
        """For a redundant clause: when an earlier clause binds a variable
        that was probably meant as a constructor (`Gren` for `Green`,
        `red` for `Red`), which makes that clause match everything, a note
        saying so; "" otherwise."""
        import difflib

        constructors = {name for name, entry in self.visible_values() if isinstance(entry, (DataCon, ExnInfo))}
        by_lower_case = {name.lower(): name for name in constructors}
        for clause in clauses:
            variables = lint.pattern_vars(clause.pats if isinstance(clause, S.Clause) else clause.pat)
            for var in sorted(variables, key=lambda v: (v.span.line, v.span.col)):
                if var.name in constructors or "." in var.name:
                    continue
                close = [by_lower_case[var.name.lower()]] if var.name.lower() in by_lower_case else \
                    difflib.get_close_matches(var.name, sorted(constructors), n=1, cutoff=0.75)
                if close and close[0] != var.name:
                    return VARIABLE_NOT_CONSTRUCTOR_NOTE.format(name=var.name, at=_at(var.span), con=close[0])
        return ""

    def check_binding_exhaustive(self, spat: mc.Pat, pat) -> None:
        _, missing = mc.check_rows([[spat]])
        if missing is not None:
            self.warning(BINDING_NONEXHAUSTIVE.format(example=mc.show_pattern(missing[0])), pat.span)


# Declarations whose type variables are not the enclosing value
# declaration's: nested value declarations scope their own, and a
# datatype's or type abbreviation's are its parameters. (Not an abstype:
# its datatype is a boundary, but its body is the enclosing declaration's.)
_TYVAR_SCOPE_BOUNDARIES = (S.ValDec, S.FunDec, S.CogenDec, S.ExpDec, S.DatatypeDec, S.TypeDec)


def _unguarded_tyvars(dec) -> list[str]:
    """The explicit type variables occurring in a value declaration outside
    any value, datatype or type declaration nested in it, in order."""
    found: dict[str, None] = {}
    pending = list(dec.binds) if isinstance(dec, (S.ValDec, S.FunDec)) else [dec.exp]
    walk_of = _TYVAR_WALK
    while pending:
        node = pending.pop()
        how = walk_of.get(type(node))
        if how is None:
            how = _tyvar_walk(type(node))
        if how is _TYVAR:
            found[node.name] = None
        elif how is _SEQUENCE:
            pending.extend(reversed(node))
        elif how:
            pending.extend([getattr(node, name) for name in how])
    return list(found)


# How _unguarded_tyvars treats a value of each class, decided once per
# class (each value declaration walks all its nodes, and asking isinstance
# and attrs at every node was most of that): a type variable, a sequence to
# walk, or the child fields to walk (none for a leaf or a boundary).
_TYVAR, _SEQUENCE = "tyvar", "sequence"
_TYVAR_WALK: dict = {}


def _tyvar_walk(cls: type):
    if issubclass(cls, S.TyVar):
        how = _TYVAR
    elif issubclass(cls, (tuple, list)):
        how = _SEQUENCE
    elif S.is_node(cls) and not issubclass(cls, _TYVAR_SCOPE_BOUNDARIES):
        how = S.child_fields(cls)
    else:
        how = ()
    _TYVAR_WALK[cls] = how
    return how


def _polymorphic_recursion_note(fn: S.Var, fn_ty: Type, level: int, width: Optional[int],
                                index: Optional[int], actual: Type):
    """For an argument of a recursive call of `fn` (whose type `fn_ty` is
    still being inferred, to be generalised above `level`) that does not
    fit, a note (a function of the printer) when it is the missing
    polymorphic recursion that rejects it: the argument fits an instance of
    the type the function would have once generalised. `index`: the
    argument's place in a tuple of `width` arguments, checked one by one;
    None for the whole argument. Decided after the failure, on copies."""
    def note(printer: TypePrinter) -> str:
        domain = prune(fn_ty)
        if not isinstance(domain, TArrow):
            return ""
        expected = prune(domain.arg)
        if index is not None:
            if not (isinstance(expected, TTuple) and len(expected.items) == width):
                return ""
            expected = expected.items[index]
        if not _instance_fits(expected, level, actual):
            return ""
        return POLYMORPHIC_RECURSION_NOTE.format(name=fn.name, actual=printer.show(actual))
    return note


def _instance_fits(general: Type, level: int, actual: Type) -> bool:
    """Whether `actual` unifies with an instance of `general` generalised
    above `level`; decided on copies (nothing is unified in the types)."""
    variables = {id(v): v for v in free_vars(actual) + free_vars(general)}
    # a copy of each variable, as it is ...
    shared: dict[int, Type] = {key: TVar(v.level, v.eq, v.overload, v.rigid) for key, v in variables.items()}
    # ... and the instance, fresh where `general` would be generalised
    instance = dict(shared)
    for v in free_vars(general):
        if v.level > level and v.overload is None and not v.fields:
            instance[id(v)] = TVar(v.level, v.eq)
    try:
        unify(substitute(actual, shared), substitute(general, instance))
    except UnifyError:
        return False
    return True


def _val_rec_polymorphic_recursion_note(name: str, exp_ty: Type, uses_ty: Type, level: int):
    """For `val rec name = fn ...` whose function (of type `exp_ty`) does
    not fit the type its recursive uses gave `name` (`uses_ty`): a note
    when that type is an instance of the function's own, generalised."""
    def note(_printer: TypePrinter) -> str:
        fits = _instance_fits(exp_ty, level, uses_ty)
        return POLYMORPHIC_RECURSION_VAL_REC_NOTE.format(name=name) if fits else ""
    return note


def _minus_applied_note(minus: S.Var, operands: S.Tuple) -> str:
    """The note for `f -1` (a function minus something), when the `-` is
    written against its right operand, a number or a name, as a negation
    would be ("" otherwise: `f - 1` is a plain mistake)."""
    left, right = operands.items
    span = minus.span
    if not (span.end_line == right.span.line and span.end_col == right.span.col):
        return ""
    if isinstance(right, S.ConstExp) and isinstance(right.const, S.IntConst) and right.const.value >= 0:
        arg = str(right.const.value)
    elif isinstance(right, S.Var) and right.name[:1].isalpha():
        arg = right.name
    else:
        return ""
    words = []
    head = left
    while isinstance(head, S.App):
        words.append(_atom_text(head.arg))
        head = head.fn
    if not isinstance(head, S.Var):
        return ""
    fn = " ".join([head.name] + words[::-1])
    return MINUS_APPLIED_NOTE.format(fn=fn, arg=arg)


def _not_a_ref_note(ty: Type, e) -> str:
    """For `x := v` or `!x` with x no reference: how SML changes a value."""
    ty = prune(ty)
    if not isinstance(e, S.Var) or isinstance(ty, TVar) or (isinstance(ty, TCon) and ty.tycon.name == "ref"):
        return ""
    return NOT_A_REF_NOTE.format(name=e.name)


def _array_update_note(left, right) -> str:
    """For `Array.sub (a, i) := v`: how an array element is changed."""
    if not (isinstance(left, S.App) and isinstance(left.fn, S.Var) and left.fn.name == "Array.sub"
            and isinstance(left.arg, S.Tuple) and len(left.arg.items) == 2):
        return ""
    array, index = left.arg.items
    return ARRAY_UPDATE_NOTE.format(call=_array_update_call(array, index, right))


def _array_update_call(array, index, value) -> str:
    return show_exp(_apply(S.Var("Array.update"), [S.Tuple((array, index, value))]))


def _assign_note(printer: TypePrinter, left, right_ty: Type, left_ty: Type) -> str:
    """For `r = e` where r is a reference and e of its content's type (an
    assignment written as a comparison)."""
    left_ty = prune(left_ty)
    if not (isinstance(left_ty, TCon) and left_ty.tycon.name == "ref"):
        return ""
    if printer.show(left_ty.args[0]) != printer.show(right_ty):
        return ""
    return ASSIGN_NOTE.format(name=_atom_text(left) if isinstance(left, S.Var) else "r")


def _curried_arity(t: Type) -> int:
    """How many arguments t takes one at a time (int -> int -> int: 2)."""
    n = 0
    t = prune(t)
    while isinstance(t, TArrow):
        n += 1
        t = prune(t.res)
    return n


def _function_shape_note(actual: Type, expected: Type, fn_name: str) -> str:
    """For a function passed where one of the other shape is expected: a
    curried one for one on a tuple (`foldl add 0 xs`), or the reverse."""
    actual, expected = prune(actual), prune(expected)
    if not (isinstance(actual, TArrow) and isinstance(expected, TArrow)):
        return ""
    caller = "it" if fn_name == "the function" else fn_name.strip("'")
    wanted, given = prune(expected.arg), prune(actual.arg)
    if isinstance(wanted, TTuple) and len(wanted.items) >= 2 and not isinstance(given, TTuple) \
            and _curried_arity(actual) >= len(wanted.items):
        args = [_letters(i) for i in range(len(wanted.items))]
        return CURRIED_FOR_TUPLED_NOTE.format(fn=caller, n=len(args), args=", ".join(args), spaced=" ".join(args))
    if isinstance(given, TTuple) and len(given.items) >= 2 and not isinstance(wanted, TTuple) \
            and _curried_arity(expected) >= len(given.items):
        args = [_letters(i) for i in range(len(given.items))]
        return TUPLED_FOR_CURRIED_NOTE.format(fn=caller, n=len(args), curried=" => fn ".join(args),
                                              args=", ".join(args))
    return ""


def _curried_note(fn, n: int) -> str:
    name = fn.name if isinstance(fn, S.Var) else "f"
    args = [_letters(i) for i in range(n)]
    return CURRIED_NOTE.format(fn=name, args=", ".join(args), spaced=" ".join(args))


def _tupled_note(fn, n: int) -> str:
    name = fn.name if isinstance(fn, S.Var) else "f"
    args = [_letters(i) for i in range(n)]
    return TUPLED_NOTE.format(fn=name, n=n, args=", ".join(args), spaced=" ".join(args))


def _is_infix(e) -> bool:
    """Whether `e` is an infix application `a op b` as the parser makes it."""
    if not (isinstance(e, S.App) and isinstance(e.fn, S.Var) and isinstance(e.arg, S.Tuple)
            and len(e.arg.items) == 2):
        return False
    first, op = e.arg.items[0].span, e.fn.span
    return (first.line, first.col) < (op.line, op.col)


def _base_name(t: Type) -> Optional[str]:
    """The name of t when it is a type without arguments (int, string, ...)."""
    t = prune(t)
    return t.tycon.name if isinstance(t, TCon) and not t.args else None


def _conversion_note(actual: Type, expected: Type, node, converts: bool) -> str:
    """For a value of one base type where another is expected: how to
    write the literal meant (`"a"` for `#"a"`), or, if `converts`, how to
    convert it (`print n`: Int.toString)."""
    have, want = _base_name(actual), _base_name(expected)
    const = node.const if isinstance(node, S.ConstExp) else None
    if (have, want) == ("string", "char") and isinstance(const, S.StringConst) and len(const.value) == 1:
        return CHAR_LITERAL_NOTE.format(c=const.value)
    if (have, want) == ("char", "string") and isinstance(const, S.CharConst):
        return STRING_LITERAL_NOTE.format(c=const.value)
    if not converts:
        return ""
    content = _option_content(actual)
    if content is not None and content == want:
        return OPTION_NOTE.format(type=f"{content} option")
    if isinstance(node, S.Var) and want is not None and _option_content(actual, "ref") == want:
        return REF_CONTENT_NOTE.format(name=node.name)
    if (have, want) == ("string", "int") and const is None:  # (`1 + "2"`: the quotes are the slip)
        return STRING_TO_INT_NOTE
    if have == "string" and isinstance(prune(expected), TCon) and prune(expected).tycon.name == "list":
        return STRING_NOT_LIST_NOTE
    if want == "string" and isinstance(node, S.Var) and isinstance(prune(actual), TCon) \
            and prune(actual).tycon.name == "list" and isinstance(prune(prune(actual).args[0]), TVar):
        # `s ^ "!"` where `length s` made s a list (of elements still unknown)
        return STRING_NOT_LIST_NOTE
    fn = CONVERSIONS.get((have, want))
    arg = _atom_text(node)
    if fn is None or const is not None and arg == "(...)":  # (`3 = 0w3`: the literal is the slip)
        return ""
    return CONVERSION_NOTE.format(fn=fn, actual=_with_article(have), expected=_with_article(want), arg=arg)


def _option_content(t: Type, tycon: str = "option") -> Optional[str]:
    """`int` for the type int option (a base type's option; or ref), else None."""
    t = prune(t)
    if isinstance(t, TCon) and t.tycon.name == tycon and len(t.args) == 1:
        return _base_name(t.args[0])
    return None


def _length_call(ty: Type, value: str, field: str) -> str:
    """How to write `value.field` as an application: a length by the
    function for value's type, anything else as `f value`."""
    ty = prune(ty)
    if field in ("length", "size", "len", "count") and isinstance(ty, TCon) and ty.tycon.name in LENGTH_FUNCTIONS:
        return f"{LENGTH_FUNCTIONS[ty.tycon.name]} {value}"
    return f"f {value}"


def _subnodes(node) -> list:
    """The syntax nodes directly inside `node` (of any kind)."""
    found = []
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        for item in value if isinstance(value, tuple) else (value,):
            if attrs.has(type(item)) and not isinstance(item, S.Span):
                found.append(item)
    return found


def _element_for_list_note(op: str, actual: Type, expected: Type) -> str:
    """For `l @ 3` or `1 :: 2`: an element where `op` takes a list."""
    actual, expected = prune(actual), prune(expected)
    is_list = lambda t: isinstance(t, TCon) and t.tycon.name == "list"  # noqa: E731
    if is_list(actual) or not (is_list(expected) or isinstance(expected, TVar)):
        return ""
    return APPEND_ELEMENT_NOTE if op == "@" else CONS_LIST_NOTE


def _is_int_literal(e) -> bool:
    return isinstance(e, S.ConstExp) and isinstance(e.const, S.IntConst)


def _passed_operator(op, left, left_ty: Type, right) -> bool:
    """Whether `left op right` is `foldl + 0 xs`: an overloaded operator
    between a function of a function, named, and an application."""
    left_ty = prune(left_ty)
    return isinstance(op, S.Var) and op.name in basis.OVERLOADS and not op.name.isalpha() \
        and isinstance(left, S.Var) and isinstance(left_ty, TArrow) and isinstance(prune(left_ty.arg), TArrow) \
        and isinstance(right, S.App)


def _is_prefix_application(e) -> bool:
    """Whether `e` is `f x` for a named f on one line (an infix application,
    `a ^ b`, has its operator after its left operand)."""
    return isinstance(e, S.App) and isinstance(e.fn, S.Var) and e.fn.span.line == e.arg.span.line \
        and e.fn.span.col < e.arg.span.col


def _application_first_note(left, left_ty: Type, op: str, fn_type: Optional[Type], right=None) -> str:
    """The note for `f x - 1` meant as `f (x - 1)`: the left operand is a
    prefix application of a named function whose result is unit, or (with
    a constant of the function's parameter type on the right, `Int.toString x
    + 1`) a type the operator lacks while that parameter type has it ("" otherwise)."""
    if not _is_prefix_application(left):
        return ""
    if _is_unit(left_ty):
        return APPLICATION_FIRST_NOTE.format(fn=left.fn.name, op=op)
    result, param = prune(left_ty), prune(fn_ty.arg) if isinstance(fn_ty := prune(fn_type), TArrow) else None
    allowed = basis.OVERLOADS[op][1] if op in basis.OVERLOADS else {}
    constant = {S.IntConst: "int", S.WordConst: "word", S.StringConst: "string", S.CharConst: "char"}.get(
        type(right.const)) if isinstance(right, S.ConstExp) else None
    if isinstance(result, TCon) and result.tycon.name not in allowed \
            and isinstance(param, TCon) and param.tycon.name in allowed and constant == param.tycon.name:
        return APPLICATION_FIRST_NOTE.format(fn=left.fn.name, op=op)
    return ""


def _is_unit(t: Type) -> bool:
    t = prune(t)
    return isinstance(t, TTuple) and not t.items


def _call_it_note(actual: Type, expected: Type, node) -> str:
    """For a function of () where its result is expected (`val n : int = f`)."""
    actual = prune(actual)
    if not (isinstance(node, S.Var) and isinstance(actual, TArrow) and _is_unit(actual.arg)):
        return ""
    result, want = TypePrinter().show_all([actual.res, expected])
    return CALL_IT_NOTE.format(name=node.name) if result == want else ""


def _with_article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _atom_text(e) -> str:
    """A short rendering of an argument, for a note."""
    if isinstance(e, S.Var):
        return e.name
    if isinstance(e, S.ConstExp) and isinstance(e.const, S.IntConst):
        return str(e.const.value) if e.const.value >= 0 else f"~{-e.const.value}"
    return "(...)"


def _selector_width_note(printer: TypePrinter, actual: Type, expected: Type) -> str:
    """When one side is a tuple of unknown width, from a selector (`#3`,
    printed `{3: 'a, ...}`), and the other is no tuple that wide, a note
    saying what the selector needs; "" otherwise."""
    for wide, other in ((prune(expected), prune(actual)), (prune(actual), prune(expected))):
        if isinstance(wide, TVar) and wide.fields and not (isinstance(other, TVar)):
            need = max(wide.fields)
            shown = printer.show(wide)
            if isinstance(other, TTuple):
                has = f"{printer.show(other)} has {len(other.items)}"
            else:
                has = f"{printer.show(other)} is not a tuple"
            width = "a tuple" if need == 1 else f"a tuple of at least {need} components"
            return f"{shown} is {width} (#{need} selects component {need}); {has}"
    return ""



def _glued_literal(fn, arg) -> Optional[tuple[str, str]]:
    """For an integer 0 written against a name that makes it look like a
    hexadecimal or word literal (`0xZZ`, `0w`, `~0w1`): the 0 as written
    and the note saying what the literal should be; else None."""
    if not (isinstance(fn, S.ConstExp) and isinstance(fn.const, S.IntConst) and fn.const.value == 0
            and isinstance(arg, S.Var) and not arg.op):
        return None
    if (arg.span.line, arg.span.col) != (fn.span.end_line, fn.span.end_col):
        return None  # `0 x`, with a space: an ordinary misapplication
    zero = "~0" if fn.span.end_col - fn.span.col > 1 else "0"
    if arg.name.startswith("w"):
        return zero, GLUED_SIGNED_WORD_NOTE if zero == "~0" else GLUED_WORD_NOTE
    if arg.name.startswith("x"):
        return zero, GLUED_HEX_NOTE
    return None


def _arity(ty: Type) -> int:
    """How many arguments a curried function type takes."""
    n, ty = 0, prune(ty)
    while isinstance(ty, TArrow):
        n, ty = n + 1, prune(ty.res)
    return n


_CLAUSE_BODY_START = CLAUSE_BODY.partition("{")[0]
_STAGING_VARIABLE_START = STAGING_VARIABLE.partition("{")[0]


def _unshadowed_name(code: S.Code) -> str:
    """A name for a code variable bound just before `code`, shadowed by
    nothing inside it."""
    taken = set(_names_in(code))
    return next(n for n in ("f", "g", "h", "gen", "gen'", "gen''") if n not in taken)


def _within(inner: S.Span, outer: S.Span) -> bool:
    return (outer.line, outer.col) <= (inner.line, inner.col) \
        and (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


def _first_alone_differs(first: Type, later: list[Type]) -> bool:
    """Whether of alike branches (an `else if` chain's, a `case`'s arms, a
    list's elements) the first is the odd one: the later ones agree, and at
    least two of them disagree with it. (A later one that fits the first
    too, `raise E` or `[]`, is no evidence against it.)"""
    if _fits([(first, later[0])]) or not _fits([(ty, later[0]) for ty in later[1:]]):
        return False
    return sum(1 for ty in later if not _fits([(first, ty)])) >= 2


def _fits(pairs: list[tuple[Type, Type]]) -> bool:
    """Whether each pair of types unifies, the pairs in turn; the types are
    left as they were."""
    snapshot = Snapshot([t for pair in pairs for t in pair])
    try:
        for a, b in pairs:
            unify(a, b)
        return True
    except UnifyError:
        return False
    finally:
        snapshot.restore()


def _apply(fn, args) -> S.App:
    """`fn` applied to `args`, one by one."""
    for arg in args:
        fn = S.App(fn, arg)
    return fn


def _names_in(node) -> list[str]:
    """The names `node` mentions or binds (variables, functions, code
    variables; constructors too, which does no harm where it is used)."""
    names, todo = [], [node]
    while todo:
        x = todo.pop()
        if isinstance(x, (tuple, list)):
            todo.extend(x)
        elif S.is_node(type(x)):
            if isinstance(getattr(x, "name", None), str):
                names.append(x.name)
            todo.extend(getattr(x, name) for name in S.child_fields(type(x)))
    return names


def _at(span: S.Span) -> str:
    return f"{span.line}:{span.col}"


def _tycons(t: Type) -> list[Tycon]:
    """The type constructors t mentions, in order of appearance: also in
    what a selector's tuple of unknown width holds (`{1: t, ...}`), and
    each shared node walked once (types.walk)."""
    found: dict[int, Tycon] = {}
    for u in walk(t):
        if isinstance(u, TCon):
            found.setdefault(id(u.tycon), u.tycon)
    return list(found.values())


def _alias_notes(printer: TypePrinter) -> list[str]:
    """What each abbreviation a message printed by name stands for, as
    Poly/ML's `t = bool` says (a few at most)."""
    notes: list[str] = []
    for node in printer.named[:3]:
        note = ALIAS_NOTE.format(name=printer.show(node), expansion=printer.expansion(node))
        if note not in notes:
            notes.append(note)
    return notes


def _shared_tycon_names(a: Type, b: Type) -> list[str]:
    """Names of distinct type constructors that print alike in a and b."""
    found: dict[str, set[int]] = {}
    for t in (*walk(a), *walk(b)):
        if isinstance(t, TCon):
            found.setdefault(t.tycon.name, set()).add(id(t.tycon))
        elif isinstance(t, TTuple) and not t.items:  # the built-in unit, a tuple type
            found.setdefault("unit", set()).add(id(UNIT))
    return [name for name, ids in found.items() if len(ids) > 1]


def _infer_equality(group: list[Tycon]) -> None:
    """Which datatypes of a (mutually recursive) group admit equality: the
    greatest fixpoint of "every constructor argument admits equality,
    assuming the group's types and the type parameters do"."""
    changed = True
    while changed:
        changed = False
        for tycon in group:
            if tycon.equality == "args" and not all(
                    con.ty is None or not con.has_arg or admits_equality(prune(con.ty).arg)
                    for con in tycon.cons):
                tycon.equality = "never"
                changed = True


def abbrev_parts(abbrev: Abbrev, *, tight: bool = False, visible=None) -> tuple[str, Doc]:
    """A type abbreviation's `('a, 'b) pair` and `'a * 'b` (as a document
    to lay out), its parameters named alike in both (`tight`, `visible`:
    see TypePrinter). `visible` applies to the body only: in `type a = u
    and u = string`, a's body is the earlier u, which then prints as what
    it stands for, not by the name the same declaration rebinds."""
    printer = TypePrinter(tight=tight)
    head = printer.show(TCon(Tycon(abbrev.name, abbrev.arity), tuple(abbrev.params)))
    printer.visible = visible
    return head, printer.doc(abbrev.body)


def type_head(entry, *, tight: bool = False) -> str:
    """A datatype's or abstype's name with its parameters, `('a, 'b) t`
    (`tight`: see TypePrinter). A replication's entry is an Abbrev, shown
    by its own name."""
    params = tuple(TVar(GENERIC) for _ in range(entry.arity))
    head = Tycon(entry.name, entry.arity) if isinstance(entry, Abbrev) else entry
    return TypePrinter(tight=tight).show(TCon(head, params))


def _is_generator_form(e: S.Exp) -> bool:
    """Whether e is a generator by its form alone: `code ...`, or a
    construct whose value is that of such a branch (its type is then [t]
    whatever the rest is, or e is an error anyway)."""
    while True:
        if isinstance(e, S.Code):
            return True
        if isinstance(e, S.If):
            return _is_generator_form(e.then) or _is_generator_form(e.else_)
        if isinstance(e, S.Case):
            return any(_is_generator_form(rule.body) for rule in e.rules)
        if isinstance(e, S.Let):
            e = e.body
        elif isinstance(e, S.Seq):
            e = e.exps[-1]
        elif isinstance(e, (S.Typed, S.Handle)):
            e = e.exp
        else:
            return False


def _glued_prefix(args: list[S.Exp]) -> Optional[tuple[S.Var, S.Exp]]:
    """`!` or `~` written against the next argument (`f !r`): it and the
    argument it was meant to take."""
    for prefix, operand in zip(args, args[1:]):
        if isinstance(prefix, S.Var) and prefix.name in ("!", "~") and not prefix.op \
                and (prefix.span.end_line, prefix.span.end_col) == (operand.span.line, operand.span.col):
            return prefix, operand
    return None


def _show_abbrev(abbrev: Abbrev, visible=None) -> str:
    head, body = abbrev_parts(abbrev, visible=visible)
    return f"{head} = {flat(body)}"


def _top_binding(kind: str, name: str, entry, visible) -> TopBinding:
    """The binding as reported; `visible` tells what each type name
    denotes after its declaration (a shadowed datatype shows as `?.t`)."""
    if kind in ("val", "cogen"):
        return TopBinding(kind, name, TypePrinter(weak=True, visible=visible).show(entry.ty), id(entry.binder),
                          entry.ty, visible)
    if kind == "con":
        # the datatype's parameters named first, by position, so that
        # `R : 'b -> ('a, 'b) either` shows them as its declaration does
        ty = prune(entry.ty)
        result = prune(ty.res) if isinstance(ty, TArrow) else ty
        shown = TypePrinter(visible=visible).show_all([result, ty])[1]
        return TopBinding(kind, name, shown, id(entry.binder), entry)
    if kind == "exn":
        shown = TypePrinter(visible=visible).show(entry.arg) if entry.arg is not None else ""
        return TopBinding(kind, name, shown, id(entry.binder), entry, visible)
    if kind == "fixity":
        described = "nonfix" if entry.assoc is None else \
            f"{'infix' if entry.assoc == 'left' else 'infixr'} {entry.precedence}"
        return TopBinding(kind, name, f"{described} {name}", None, entry)
    if kind in ("datatype", "abstype"):
        return TopBinding(kind, name, type_head(entry), None, entry)
    return TopBinding(kind, name, _show_abbrev(entry, visible), None, entry, visible)


def describe_binding(b: TopBinding) -> str:
    """One line of `mlbox check` output for a top-level binding."""
    if b.kind in ("val", "cogen", "con"):
        return f"{b.kind} {b.name} : {b.type}"
    if b.kind == "exn":
        return f"exception {b.name}" + (f" of {b.type}" if b.type else "")
    if b.kind == "fixity":
        return b.type
    if b.kind == "abstype":  # as Poly/ML and SML/NJ show it: its constructors are hidden
        return f"type {b.type}"
    return f"{b.kind} {b.type}"


def check_program(program: S.Program, source: Optional[Source] = None, env: Optional[Env] = None,
                  *, prelude: bool = False) -> CheckResult:
    """Type-check a program (or one REPL input) in `env` (by default the
    initial environment: the full basis, or with prelude=True the basis
    the prelude is checked in). The result's env holds the program's
    top-level bindings on top of `env`, for the next input."""
    checker = Checker(env if env is not None else initial_env(prelude))
    checker.check_topdecs(program, whole=env is None)
    if env is None and not any(d.severity == "error" for d in checker.diagnostics):
        # A whole program: no later input can fix a weak type now (a REPL
        # input's can be, by the next input, and the REPL shows it as '_a).
        checker.warn_free_tyvars()
    checker.finish()
    if (checker.cogens or checker.codes) and not any(d.severity == "error" for d in checker.diagnostics):
        if checker.cogens:
            checker.diagnostics += lint.exponential_splices(program, checker.elab)
        checker.diagnostics += lint.regenerations(program, checker.elab)
    # the next input looks its environment up at the top scope: leave the
    # cursor there (and what the inner scopes saved to the collector)
    checker.toplevel.cursor.move_to(checker.toplevel)
    return CheckResult(checker.elab, Env(checker.toplevel), checker.diagnostics)


def _boxed(boxed: Type, other: Type) -> bool:
    """Whether `boxed` is a generator type [t], t not a type variable, and
    `other`, not a generator, has t's shape (type variables match
    anything): the two types differ by the box, as where `code` or `eval`
    was left out."""
    boxed, other = prune(boxed), prune(other)
    # (a generator of anything, ['a] as eval takes, says nothing of `other`)
    return isinstance(boxed, TBox) and not isinstance(prune(boxed.body), TVar) \
        and not isinstance(other, (TBox, TVar)) and _same_shape(boxed.body, other, set())


def _forgotten_lift_note(callee: Optional[VarInfo], actual: Type, expected: Type) -> str:
    """For a top-level function `callee` that expects generators inside
    its argument where the argument has values (`compPoly [1, 2]` wanting
    `[int] list`): a `cogen u = x` in its definition that made x a
    generator, probably meant as `cogen u = lift x`. (A generator expected
    where the whole argument is a value has its own note, and is what a
    function such as `compose` of generators wants.)"""
    if callee is None or not callee.cogens_of_variables or _boxed(expected, actual) \
            or not _box_left_out(expected, actual, set()):
        return ""
    dec = callee.cogens_of_variables[0]
    return FORGOTTEN_LIFT_NOTE.format(callee=callee.name, u=dec.name, x=dec.exp.name,
                                      at=f"{dec.span.line}:{dec.span.col}")


def _box_left_out(boxed: Type, other: Type, entered: set) -> bool:
    """Whether somewhere in `boxed`, where `other` has the same shape
    around it, a generator type [t] stands where `other` has a t (type
    variables match anything)."""
    boxed, other = prune(boxed), prune(other)
    if isinstance(boxed, TVar) or isinstance(other, TVar) or (id(boxed), id(other)) in entered:
        return False
    entered.add((id(boxed), id(other)))
    if _boxed(boxed, other):
        return True
    parts = _paired_parts(boxed, other)
    return parts is not None and any(_box_left_out(x, y, entered) for x, y in parts)


def _paired_parts(a: Type, b: Type) -> Optional[list]:
    """The components of two (pruned) composite types of the same form, in
    pairs; None if their forms differ."""
    if isinstance(a, TCon) and isinstance(b, TCon) and a.tycon is not b.tycon:
        return None
    if type(a) is not type(b) or (isinstance(a, TTuple) and len(a.items) != len(b.items)):
        return None
    return list(zip(components(a), components(b)))


def _returns_generator(ty: Type) -> bool:
    """Whether `ty` is a function type whose final result is a generator."""
    ty = prune(ty)
    if not isinstance(ty, TArrow):
        return False
    while isinstance(ty, TArrow):
        ty = prune(ty.res)
    return isinstance(ty, TBox)


def _same_shape(a: Type, b: Type, entered: set) -> bool:
    a, b = prune(a), prune(b)
    if isinstance(a, TVar) or isinstance(b, TVar) or (id(a), id(b)) in entered:
        return True
    entered.add((id(a), id(b)))  # a shared node is compared once (see types.unify)
    parts = _paired_parts(a, b)
    return parts is not None and all(_same_shape(x, y, entered) for x, y in parts)
