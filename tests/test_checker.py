"""The Δ;Γ checker: types of well-typed programs (the paper's examples and
the conformance suite), printing, polymorphism and the value restriction,
overloading, the elaboration handed to the compiler, and REPL chaining."""


import attrs
import pytest

from ccam.instructions import BUILTIN_EXNS, TAG_CONS, TAG_NIL, TAG_SOME, TAG_TRUE
from mlbox import matchcheck as mc
from mlbox import syntax as S
from mlbox.checker import UNBOUND_TYVAR, check_program, describe_binding, initial_env
from mlbox.diagnostics import Source
from mlbox.elaboration import BasisRef, ConRef, ExnRef, VarRef
from mlbox.parser import parse_program
from tests.conformance_data import PROGRAMS

CONFORMANCE = [str(p) for p in PROGRAMS]


def check(text, env=None, prelude=False):
    return check_program(parse_program(text), Source("test.sml", text), env, prelude=prelude)


def ok(text, env=None, prelude=False):
    result = check(text, env, prelude)
    assert result.errors == [], result.errors
    return result


def types_of(text, **kw):
    """name -> printed type of each top-level val/cogen (the last one wins)."""
    return {b.name: b.type for b in ok(text, **kw).elaboration.toplevel if b.kind in ("val", "cogen")}


def walk(node):
    """Every AST node under node (attrs instances), depth first."""
    yield node
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        for item in value if isinstance(value, tuple) else (value,):
            if attrs.has(type(item)):
                yield from walk(item)


# ------------------------------------------------------------- conformance


@pytest.mark.parametrize("path", CONFORMANCE, ids=lambda p: p.split("conformance/")[1])
def test_conformance_program_type_checks(path):
    text = open(path).read()
    result = check_program(parse_program(text), Source(path, text))
    assert result.errors == []


# --------------------------------------------------------- the paper's types

COMP_POLY = """
type poly = int list
fun compPoly (nil) = code (fn x => 0)
  | compPoly (a::p) =
    let cogen f = compPoly p
        cogen a' = lift a
    in code (fn x => a' + (x * f x)) end
fun codePower e =
  if e = 0 then code (fn _ => 1)
  else let cogen p = codePower (e - 1)
       in code (fn b => b * (p b)) end
val compose = fn f => fn g => let cogen f' = f cogen g' = g in code (fn x => f' (g' x)) end
val codeGenerator = compPoly [2, 4, 0, 2333]
val mlPolyFun = eval codeGenerator
"""


def test_paper_types():
    types = types_of(COMP_POLY)
    assert types["compPoly"] == "int list -> [int -> int]"
    assert types["codePower"] == "int -> [int -> int]"
    assert types["compose"] == "['a -> 'b] -> ['c -> 'a] -> ['c -> 'b]"
    assert types["codeGenerator"] == "[int -> int]"
    assert types["mlPolyFun"] == "int -> int"


def test_eval_from_the_prelude_source():
    # checked as the prelude is: without the basis values the prelude defines
    assert types_of("fun eval g = let cogen u = g in u end", prelude=True)["eval"] == "['a] -> 'a"
    assert initial_env(prelude=True).scope.find_value("eval") is None
    assert initial_env().scope.find_value("eval") is not None


def test_memo_power_uses_code_variable_outside_code():
    src = """
    fun codePower e = if e = 0 then code (fn _ => 1)
                      else let cogen p = codePower (e - 1) in code (fn b => b * (p b)) end
    val table : (int * (int -> int)) list ref = ref []
    fun memoPower1 e = let cogen p = codePower e val p' = p in table := (e, p') :: !table; p' end
    """
    assert types_of(src)["memoPower1"] == "int -> int -> int"


# ------------------------------------------------------------------ printing


@pytest.mark.parametrize("program,expected", [
    ("val x = [fn (y : int) => y]", "(int -> int) list"),
    ("val x = fn (a : int, b : int) => a", "int * int -> int"),
    ("val x = fn (f : int -> int) => f", "(int -> int) -> int -> int"),
    ("val x = ((1, 2), 3)", "(int * int) * int"),
    ("val x = (1, fn (y : int) => y)", "int * (int -> int)"),
    ("val x = lift (1, 2)", "[int * int]"),
    ("val x = [lift 1]", "[int] list"),
    ("val x = [[1]]", "int list list"),
    ("val x = ref (SOME ())", "unit option ref"),
    ("val x = code (code (fn (y : int) => y))", "[[int -> int]]"),
    ("val x = fn (a, b) => (b, a)", "'a * 'b -> 'b * 'a"),
    ("val x = fn a => fn b => a = b", "''a -> ''a -> bool"),
    ("datatype ('a, 'b) e = L of 'a | R of 'b\nval x = [L 1, R \"s\"]", "(int, string) e list"),
    ("val x = fn (f, g) => fn y => g (f y)", "('a -> 'b) * ('b -> 'c) -> 'a -> 'c"),
    ("val x = Array.fromList [#\"a\"]", "char array"),
    ("val x = Vector.fromList [Vector.fromList [(1, \"a\")]]", "(int * string) vector vector"),
    ("val x = fn (v : ''a vector) => v = v", "''a vector -> bool"),
    ("val x = fn v => Vector.sub (v, 0) = 1", "int vector -> bool"),
])
def test_types_print_sml_style(program, expected):
    assert types_of(program)["x"] == expected


# Types print by the abbreviations the program wrote, as Poly/ML 5.7 prints
# them (each expected type was checked against `poly`).
@pytest.mark.parametrize("program,expected", [
    ("type t = int * int\nfun x (a : t) = a", "t -> t"),
    ("type t = int * int\nval x : t = (1, 2)", "t"),
    ("type t = int * int\nfun x ((a, b) : t) = a + b", "t -> int"),
    ("type t = int * int\nval p : t = (1, 2)\nval x = [p]", "t list"),
    ("type 'a pair = 'a * 'a\nfun x ((a, b) : 'a pair) : 'a pair = (b, a)", "'a pair -> 'a pair"),
    ("type 'a pair = 'a * 'a\nfun sw ((a, b) : 'a pair) : 'a pair = (b, a)\nval x = sw (1, 2)", "int pair"),
    ("type ('a, 'b) sw = 'b * 'a\nfun x (y : ('a, 'b) sw) = y", "('a, 'b) sw -> ('a, 'b) sw"),
    ("type 'a id = 'a\nval x : int id = 3", "int id"),
    ("type f = int -> int\nval x : f = fn y => y", "f"),
    ("type f = int -> int\nval x = fn (y : f) => y 1", "f -> int"),
    ("type t = int * int\ndatatype d = D of t\nfun x (D y) = y", "d -> t"),
    ("type t = int\ntype v = t * t\nfun x ((a, _) : v) = a", "v -> t"),
    ("type t = [int]\nval x : t list = [lift 1]", "t list"),
    # hidden by `local` or `let`: still the name, as Poly/ML prints it
    ("local type u = string * string in val x : u = (\"a\", \"b\") end", "u"),
    ("fun x y = let type t = int * int; val z : t = (y, y) in z end", "int -> t"),
    # the name now denotes another type: what it stood for
    ("type t = int\nval y : t = 1\ntype t = bool\nval x = y", "int"),
    # the basis's abbreviation, through an instance of a basis function
    ("val x = fn r => Int.scan StringCvt.DEC r", "(char, 'a) StringCvt.reader -> (int, 'a) StringCvt.reader"),
    # nothing written, nothing named
    ("type t = int * int\nval x = fn (a : int, b : int) => (b, a)", "int * int -> int * int"),
    # a parameter the expansion does not use: named if its argument is a
    # type without variables; else expanded (Poly/ML prints `'a ph`)
    ("type 'a ph = int\nval x : bool ph = 3", "bool ph"),
    ("type 'a ph = int\nval x = fn (y : 'a ph) => y", "int -> int"),
])
def test_types_print_by_the_abbreviations_written(program, expected):
    assert types_of(program)["x"] == expected


def test_a_mismatch_names_the_abbreviation_and_unifies_through_it():
    [error] = check("type t = int * int\nval x : t = (1, \"a\")").errors
    assert error.message == "this expression has type int * string but the pattern bound to it has type t"
    assert error.notes == ("t is int * int",)
    [error] = check("type 'a pair = 'a * 'a\ntype t = int pair\nval x : t list = [(true, false)]").errors
    assert error.notes == ("t is int * int",)
    [error] = check("type 'a pair = 'a * 'a\nval x : int pair = (true, false)").errors
    assert error.notes == ("int pair is int * int",)
    assert types_of("type t = int * int\nfun f (x : t) = x\nval x = f (1, 2)")["x"] == "t"
    assert types_of("type 'a pair = 'a * 'a\nval x = fn (p : int pair) => p = (1, 2)")["x"] == "int pair -> bool"
    # two abbreviations of one name: what they stand for
    [error] = check("type t = int\nval x : t = 1\ntype t = bool\nval y : t = x").errors
    assert error.message == "this expression has type int but the pattern bound to it has type bool"
    [error] = check("type f = int -> int\nval x = fn (g : f) => g = g").errors
    assert "functions cannot be compared" in error.message


def test_describe_bindings():
    src = """
    datatype shape = Circle of int | Square of int * int | Dot
    type 'a pair = 'a * 'a
    exception E of string
    exception Stop
    cogen u = lift 3
    fun area (Circle r) = 3 * r * r | area (Square (w, h)) = w * h | area Dot = 0;
    1 + 2;
    """
    lines = [describe_binding(b) for b in ok(src).elaboration.toplevel]
    assert lines == [
        "datatype shape",
        "con Circle : int -> shape",
        "con Square : int * int -> shape",
        "con Dot : shape",
        "type 'a pair = 'a * 'a",
        "exception E of string",
        "exception Stop",
        "cogen u : int",
        "val area : shape -> int",
        "val it : int",
    ]


def test_a_constructor_shows_its_datatype_parameters_by_their_position():
    src = "datatype ('a, 'b) either = L of 'a | R of 'b | Both of 'b * 'a\ndatatype ('a, 'b) t = T of 'b list"
    lines = [describe_binding(b) for b in ok(src).elaboration.toplevel]
    assert lines == [
        "datatype ('a, 'b) either",
        "con L : 'a -> ('a, 'b) either",
        "con R : 'b -> ('a, 'b) either",
        "con Both : 'b * 'a -> ('a, 'b) either",
        "datatype ('a, 'b) t",
        "con T : 'b list -> ('a, 'b) t",
    ]


# ---------------------------------------------- polymorphism, value restriction


def test_let_polymorphism():
    assert types_of("val p = let fun id x = x in (id 1, id \"a\") end")["p"] == "int * string"


def test_value_restriction():
    types = types_of("""
    val r = ref []
    val id = fn x => x
    val c = code (fn x => x)
    val l = lift (fn x => x)
    fun mk () = ref []
    val app = id id
    val s = SOME []
    val cs = let val x = 1 in [] end
    """)
    assert types["r"] == "'_a list ref"  # not generalised: a weak type
    assert types["id"] == "'a -> 'a"
    assert types["c"] == "['a -> 'a]"  # code e is a value
    # lift e is expansive even of a value (docs/language.md §6 makes only code a value;
    # its erasure `let val v = e in fn () => v end` is expansive in SML)
    assert types["l"] == "['_a -> '_a]"
    assert types["mk"] == "unit -> 'a list ref"
    assert types["app"] == "'_a -> '_a"  # an application is expansive
    assert types["s"] == "'a list option"  # a constructor applied to a value is a value
    assert types["cs"] == "'_a list"  # let is expansive


def test_a_top_level_expression_is_val_it_generalised_like_any_val():
    """`e` at top level is `val it = e`: a value's type is polymorphic (as in
    Poly/ML), an expansive one's weak, and neither leaves the declarations
    after it a level deeper (their own values stay polymorphic)."""
    result = ok("fn x => x;\nval y = (it 1, it \"a\");\n[];\nval z = (1 :: it, \"a\" :: it);\n"
                "ref [];\nval f = fn x => x\nval w = (f 1, f \"a\")")
    types = {b.name: b.type for b in result.elaboration.toplevel}
    assert (types["y"], types["z"], types["w"]) == ("int * string", "int list * string list", "int * string")
    assert [(w.span.line, w.message) for w in result.warnings] == [
        (5, "the type of 'it', '_a list ref, contains a free type variable: it is given a unique monotype")]


def test_a_weak_type_is_fixed_by_later_declarations_only_up_to_the_next_semicolon():
    # as in Poly/ML: the unit of elaboration ends at a top-level `;`, where a
    # weak variable left open becomes a type of its own ('_a), with a warning
    assert ok("val r = ref []\nval _ = r := [1]").warnings == []
    result = check("val r = ref [];\nval _ = r := [1]")
    [warning] = result.warnings
    assert (warning.span.line, warning.message) == (
        1, "the type of 'r', '_a list ref, contains a free type variable: it is given a unique monotype")
    [error] = result.errors
    assert (error.span.line, error.message) == (2, "this operand of ':=' has type int list but _a list is expected")
    # one fixed before the `;` stays fixed; a later one is fixed by its own unit
    assert ok("val r = ref []\nval _ = r := [1];\nval s = ref NONE\nval _ = s := SOME r").warnings == []
    # the type admits equality only if the variable was an equality one
    [error] = check("val r = ref [];\nval b = !r = []").errors
    assert error.message.startswith("type _a list does not admit equality")
    assert ok("val r = ref [];\nval n = length (!r)\nval _ = r := !r @ !r").warnings != []
    # in the REPL (an environment given) the next input may still fix it
    env = ok("val r = ref [];").env
    ok("val _ = r := [1]", env=env)


def test_a_lift_is_not_generalised_as_its_erasure_is_not():
    staged = "val g = lift NONE\nval a : int option = eval g\nval b : string option = eval g"
    [error] = check(staged).errors
    assert (error.span.line, error.message) == (
        3, "this expression has type int option but the pattern bound to it has type string option")
    # a top-level cogen of a lift is not generalised either: u is one type
    [error] = check("cogen u = lift []\nval c = (1 :: u, \"s\" :: u)").errors
    assert error.message == "this operand of '::' has type int list but string list is expected"
    # the generator itself can be polymorphic: code is a value
    assert ok("val g = code NONE\nval a : int option = eval g\nval b : string option = eval g")


def test_local_datatype_used_only_inside_its_let():
    types = types_of("""
    val n = let datatype t = A | B of int in case B 2 of A => 0 | B k => k end
    fun f x = let datatype t = W of int in (fn (W y) => y) (W x) end
    val m = let datatype t = A in let datatype u = U of t in 1 end end
    """)
    assert (types["n"], types["f"], types["m"]) == ("int", "int -> int", "int")


def test_a_variable_may_stand_for_a_datatype_declared_before_it():
    types = types_of("""
    datatype t = A
    val r = ref []
    val _ = r := [A]
    val n = let datatype u = B val s = ref [] in s := [B]; length (!s) end
    fun f x = let datatype v = C of int in case C x of C y => y end
    val g = let datatype w = D in let val z = ref [] in z := [D]; length (!z) end end
    """)
    assert (types["r"], types["n"], types["f"], types["g"]) == ("t list ref", "int", "int -> int", "int")


def test_a_weak_variable_of_an_earlier_repl_input_cannot_become_a_later_datatype():
    first = ok("val r = ref []")
    second = ok("datatype t = A", env=first.env)
    assert check("val _ = r := [A]", env=second.env).errors
    assert ok("val _ = r := [1]", env=second.env)


def test_weak_type_is_fixed_by_later_use():
    result = ok("val r = ref []\nval _ = r := [1]")
    assert result.elaboration.toplevel[0].type == "int list ref"


def test_explicit_type_variables():
    types = types_of("""
    fun id (x : 'a) : 'a = x
    val 'a pairUp = fn (x : 'a) => (x, x)
    fun firstOr (d : 'a) ([] : 'a list) = d | firstOr d (y :: _) = y
    """)
    assert types["id"] == "'a -> 'a"
    assert types["pairUp"] == "'a -> 'a * 'a"
    assert types["firstOr"] == "'a -> 'a list -> 'a"


def test_an_explicit_type_variable_is_scoped_at_the_outermost_val_where_it_is_unguarded():
    """SML '97 section 4.6: at the outer declaration when it occurs there
    outside the nested one, else at the nested one."""
    types = types_of("""
    fun outer (x : 'a) = let val y : 'a = x in y end
    fun inner x = let val g = fn (y : 'a) => y in (g x, g 1) end
    val nested = fn x => let val 'a g = fn (y : 'a) => [y] in g x end
    """)
    assert types["outer"] == "'a -> 'a"
    assert types["inner"] == "'a -> 'a * int"
    assert types["nested"] == "'a -> 'a list"
    assert check("val f = fn x => let val y : 'a = x in y end").errors
    assert check("fun f x = let fun g (y : 'a) = (x : 'a) in g end").errors


def test_a_nested_val_may_bind_a_type_variable_already_in_scope():
    """HaMLet's tyvar-shadowing.sml: the inner `'a` is a new variable hiding
    the outer one, as in Poly/ML and SML/NJ (HaMLet and MLton refuse it)."""
    types = types_of("""
    val 'a x = let val 'a y = () in () end
    val 'a f = fn (x : 'a) => let val 'a g = fn (y : 'a) => y in (g 3, g x) end
    fun 'a h (x : 'a) = let fun 'a k (y : 'a) = [y] in (k true, k x) end
    """)
    assert types["x"] == "unit"
    assert types["f"] == "'a -> int * 'a"
    assert types["h"] == "'a -> bool list * 'a list"


def test_an_explicit_type_variable_in_an_abstype_body_is_scoped_at_the_enclosing_val():
    """An abstype's body is part of the value declaration around it (only
    its datatype binding's variables are its own): 'b in an exception
    declared there is scoped at the `fun` (Poly/ML and SML/NJ agree);
    mlbox called it unbound."""
    types = types_of("""
    fun f x = let abstype t = A with exception E of 'b end in x end
    fun g (x : ''a) = let abstype 'c t = A of 'c with val h = fn y => (y, x : ''a) end in h 1 end
    """)
    assert types["f"] == "'a -> 'a"
    assert types["g"] == "''a -> int * ''a"
    # at top level nothing scopes it
    assert [e.message for e in check("abstype t = A with exception E of 'b end").errors] == [
        UNBOUND_TYVAR.format(name="'b")]


def test_a_generalised_explicit_type_variable_prints_in_order_of_appearance():
    """Once generalised, 'b is a variable of the scheme like any other: the
    REPL prints `fun id (x : 'b) = x` as `'a -> 'a`, as Poly/ML and SML/NJ
    do (mlbox printed the name written, 'b -> 'b); while the declaration is
    checked, a message still uses the name written."""
    types = types_of("""
    fun id (x : 'b) = x
    fun swap (x : 'b) (y : 'a) = (y, x)
    val 'z pair = fn (x : 'z) => (x, 0)
    fun same (x : ''e) y = x = y
    """)
    assert types["id"] == "'a -> 'a"
    assert types["swap"] == "'a -> 'b -> 'b * 'a"
    assert types["pair"] == "'a -> 'a * int"
    assert types["same"] == "''a -> ''a -> bool"
    notes = [n for e in check("fun g (x : 'b) : 'b = 3").errors for n in e.notes]
    assert any("'b is an explicit type variable" in n for n in notes), notes


def test_each_binding_of_a_val_and_is_closed_on_its_own():
    """SML '97 rule 15 closes each binding of `val ... and ...` by itself:
    an expansive binding whose type does not mention the explicit 'a does
    not stop the other from being generalised over it (Poly/ML and SML/NJ
    accept these; mlbox refused them as a whole)."""
    types = types_of("""
    val 'a id = fn x : 'a => x and cell = ref 3
    val twice = fn (y : 'a) => (y, y) and count = ref 0
    val 'a wrap = fn x : 'a => [x] and n = let exception E of 'a in 5 end
    """)
    assert types["id"] == "'a -> 'a"
    assert types["cell"] == "int ref"
    assert types["twice"] == "'a -> 'a * 'a"
    assert types["wrap"] == "'a -> 'a list"
    assert types["n"] == "int"
    # the expansive binding's own type still may not keep 'a (Poly/ML 5.7
    # accepts this one too, and then lets r hold an int list and a bool list)
    for text in ("val 'a id = fn x : 'a => x and r : 'a list ref = ref []",
                 "val 'a r : 'a list ref = ref [] and id = fn x : 'a => x"):
        assert [e.message for e in check(text).errors] == ["the explicit type variable 'a cannot be generalised here "
                                                           "(value restriction)"]


def test_a_scoped_type_variable_may_stay_in_a_part_no_name_binds():
    """Rule 15 asks only that the types of the names bound (VE) be free of
    the scoped variables, not the whole expression's type: in an expansive
    binding, 'a may stay in a part of the value a wildcard drops (SML/NJ
    accepts these, as the Definition does; Poly/ML 5.7 refuses them)."""
    types = types_of("""
    val 'a (r, _) = (ref 6, fn x : 'a => x)
    val 'a _ = (ref 6, fn y : 'a => y)
    val 'a n = (ignore (ref (fn y : 'a => y)); 5)
    """)
    assert types["r"] == "int ref"
    assert types["n"] == "int"
    # a name whose type keeps 'a is still refused
    for text in ("val 'a x = (ref 6, fn y : 'a => y)", "val 'a (_, f) = (ref 6, fn y : 'a => y)"):
        assert [e.message for e in check(text).errors] == ["the explicit type variable 'a cannot be generalised here "
                                                           "(value restriction)"]

def test_cogen_generalises_a_syntactic_value():
    types = types_of("cogen ident = code (fn x => x)\nval pair = (ident 1, ident \"a\")")
    assert types["ident"] == "'a -> 'a"
    assert types["pair"] == "int * string"


def test_equality_types():
    assert types_of("datatype 'a tree = L | N of 'a tree * 'a * 'a tree\nval b = N (L, 1, L) = L")["b"] == "bool"
    assert types_of("val b = ref (fn x => x + 1) = ref (fn x => x)")["b"] == "bool"  # refs: identity
    assert types_of("datatype a = A of b | N and b = B of a | M\nval x = A M = N")["x"] == "bool"
    assert check("datatype a = A of b | N and b = B of (int -> int)\nval x = A (B (fn y => y)) = N").errors


def test_mutually_recursive_datatypes_and_functions():
    types = types_of("""
    datatype exp = Num of int | Let of dec * exp
    and dec = Val of string * exp
    fun evalE (Num n) = n | evalE (Let (d, e)) = evalD d + evalE e
    and evalD (Val (_, e)) = evalE e
    """)
    assert types["evalE"] == "exp -> int"
    assert types["evalD"] == "dec -> int"


# ---------------------------------------------------------------- overloading


def instances(text):
    program = parse_program(text)
    refs = check_program(program).elaboration.refs
    return [refs[id(n)].instance for n in walk(program)
            if isinstance(n, S.Var) and isinstance(refs.get(id(n)), BasisRef) and refs[id(n)].instance]


def test_overloading_resolved_from_context_and_defaulted():
    assert instances("val a = 0w1 + 0w2") == ["word"]
    assert instances("val a = 1 + 2") == ["int"]
    assert instances('val b = "a" < "b"') == ["string"]
    assert instances('val b = #"a" <= #"b"') == ["char"]
    assert instances("val f = fn x => x + x") == ["int"]  # defaulted at the end of the program
    assert types_of("val f = fn x => x + x")["f"] == "int -> int"
    # resolved by a later use in the same top-level declaration
    assert instances("val w = let fun add (x, y) = x + y in add (0w1, 0w2) end") == ["word"]
    assert types_of("fun dbl x = x * 2")["dbl"] == "int -> int"
    assert types_of("fun sub (a, b) = Word.- (a, b) - b")["sub"] == "word * word -> word"


def test_overloading_resolved_by_later_declarations_of_the_unit():
    # as Poly/ML: the unit is the declarations up to a top-level `;`
    assert instances('fun lt (a, b) = a < b\nval r = lt ("a", "b")') == ["string"]
    assert types_of('fun lt (a, b) = a < b\nval r = lt ("a", "b")')["lt"] == "string * string -> bool"
    assert instances("fun sq x = x * x\nval w = sq 0w3") == ["word"]
    assert types_of("fun sq x = x * x\nfun four x = sq (sq x)\nval w : word = four 0w2")["four"] \
        == "word -> word"
    assert types_of("fun sq x = x * x\nval w = 2")["sq"] == "int -> int"  # nothing decides: default


def test_overloaded_variable_is_monomorphic_until_resolved():
    result = check("fun sq x = x * x\nval a = sq 2\nval b = sq 0w2")
    assert [(d.span.line, d.span.col) for d in result.errors] == [(3, 12)]


def test_semicolon_ends_the_unit_of_overload_resolution():
    assert parse_program("val a = 1; val b = 2 val c = 3; 4").semicolons == (1, 3)
    result = check("fun sq x = x * x;\nval w = sq 0w3")
    assert [(d.span.line, d.span.col) for d in result.errors] == [(2, 12)]
    assert instances("fun sq x = x * x;\nval n = sq 3") == ["int"]
    # a later unit still decides its own operators
    assert instances("val n = 1 + 2;\nfun sq x = x * x\nval w = sq 0w3") == ["int", "word"]


def test_each_input_resolves_its_own_overloading():
    # (a REPL input ends with `;`) the next input sees the defaulted type
    first = ok("fun sq x = x * x")
    assert [b.type for b in first.elaboration.toplevel] == ["int -> int"]
    assert not check("val w = sq 0w3", env=first.env).ok


# ------------------------------------------------------------- elaboration

BINDERS = (S.PVar, S.PAs, S.FunBind, S.CogenDec, S.ExnBind, S.ExpDec)


@pytest.mark.parametrize("path", CONFORMANCE, ids=lambda p: p.split("conformance/")[1])
def test_every_identifier_is_resolved(path):
    program = parse_program(open(path).read())
    elab = check_program(program).elaboration
    nodes = list(walk(program))
    binders = {id(n) for n in nodes if isinstance(n, BINDERS)}
    for node in nodes:
        if isinstance(node, S.Var):
            ref = elab.refs[id(node)]
            if isinstance(ref, VarRef):
                assert ref.binder in binders and ref.name == node.name
        elif isinstance(node, S.PCon):
            assert isinstance(elab.refs[id(node)], (ConRef, ExnRef, BasisRef))
        elif isinstance(node, S.PVar) and id(node) in elab.refs:
            assert isinstance(elab.refs[id(node)], (ConRef, ExnRef))
    for dec in program.decs:
        if isinstance(dec, S.ExpDec):
            assert id(dec.exp) in elab.types
        if isinstance(dec, S.ValDec):
            assert all(id(b.exp) in elab.types for b in dec.binds)


def refs_by_name(text):
    program = parse_program(text)
    result = check_program(program)
    assert result.ok, result.errors
    elab = result.elaboration
    found = {}
    for node in walk(program):
        if isinstance(node, (S.Var, S.PVar, S.PCon)) and id(node) in elab.refs:
            found.setdefault(node.name, []).append(elab.refs[id(node)])
    return program, elab, found


def test_refs_of_constructors_exceptions_and_basis():
    src = """
    datatype color = Red | Green | Blue of int
    exception Mine of int
    fun f (SOME x) = x :: nil | f NONE = raise Fail "none"
    fun g () = (raise Mine 1) handle Mine n => Blue n | Div => Red
    val t = true
    val p = print
    """
    program, elab, refs = refs_by_name(src)
    assert refs["SOME"] == [ConRef("SOME", TAG_SOME, True, 2, "option")]
    assert refs["::"] == [ConRef("::", TAG_CONS, True, 2, "list")]
    assert refs["nil"] == [ConRef("nil", TAG_NIL, False, 2, "list")]
    assert refs["true"] == [ConRef("true", TAG_TRUE, False, 2, "bool")]
    assert refs["Blue"] == [ConRef("Blue", 2, True, 3, "color")]
    assert refs["Red"] == [ConRef("Red", 0, False, 3, "color")]
    assert refs["Fail"] == [ExnRef("Fail", True, builtin=BUILTIN_EXNS.index("Fail"))]
    assert refs["Div"] == [ExnRef("Div", False, builtin=BUILTIN_EXNS.index("Div"))]
    exn_bind = program.decs[1].binds[0]
    assert refs["Mine"] == [ExnRef("Mine", True, binder=id(exn_bind), is_global=True)] * 2
    assert refs["print"] == [BasisRef("print")]


def test_qualified_basis_types_are_the_unqualified_types():
    types = types_of("""
    val i : Int.int = 1  val w : Word.word List.list = [0w1]  val p : String.char Option.option = NONE
    val a : Char.string Array.array = Array.array (1, "")  val e : General.exn = Div
    val u : General.unit = ()  val c : General.order = LESS  val b : Bool.bool = true
    val same = (i = 1, c = General.LESS, b = Bool.true)
    """)
    assert [types[n] for n in "iwpaeucb"] == [
        "int", "word list", "char option", "string array", "exn", "unit", "order", "bool"]
    [error] = check("val x : int Int.int = 1").errors
    assert error.message == "type constructor 'Int.int' expects 0 type argument(s) but is given 1"
    [error] = check("val x : Int.word = 1").errors
    assert error.message == "unbound type constructor 'Int.word'"
    # the types unify with the unqualified ones: the message shows SML's names
    [error] = check('val x : Int.int = "s"').errors
    assert "string" in error.message and "Int.int" not in error.message


def test_qualified_basis_constructors_and_exceptions_are_the_same_constructors():
    src = """
    fun f (Option.SOME x) = List.:: (x, List.nil) | f NONE = nil
    fun g () = (raise General.Fail "x") handle List.Empty => 1 | Fail _ => 2 | General.Div => 3
    val v = (General.LESS, Bool.false, Option.Option)
    """
    _, _, refs = refs_by_name(src)
    assert refs["Option.SOME"] == [ConRef("SOME", TAG_SOME, True, 2, "option")]
    assert refs["List.::"] == [ConRef("::", TAG_CONS, True, 2, "list")]
    assert refs["List.nil"] == [ConRef("nil", TAG_NIL, False, 2, "list")]
    assert refs["General.Fail"] == refs["Fail"] == [ExnRef("Fail", True, builtin=BUILTIN_EXNS.index("Fail"))]
    assert refs["List.Empty"] == [ExnRef("Empty", False, builtin=BUILTIN_EXNS.index("Empty"))]
    # the same constructors for the match checker: f is exhaustive
    assert ok(src).warnings == []
    # a program's own Empty does not change what List.Empty is
    _, _, refs = refs_by_name("exception Empty  val x = (List.Empty, Empty)")
    assert refs["List.Empty"][0].builtin == BUILTIN_EXNS.index("Empty")
    assert refs["Empty"][0].builtin is None
    # only the names the Basis has (Poly/ML has no Int.Overflow or List.SOME)
    for name in ("Int.Overflow", "List.SOME", "General.nil", "Option.Empty"):
        [error] = check(f"val x = {name}").errors
        assert error.message == f"unbound variable or constructor '{name}'"


def test_var_refs_mark_code_and_global_variables():
    src = """
    cogen top = lift 1
    fun k x = let cogen c = lift x
                  exception Local
              in code (c + top) end
    val m = k 2
    """
    program, elab, refs = refs_by_name(src)
    cogen_dec = program.decs[0]
    (top_ref,) = refs["top"]
    assert top_ref == VarRef(id(cogen_dec), "top", is_code=True, is_global=True)
    (c_ref,) = refs["c"]
    assert c_ref.is_code and not c_ref.is_global
    (x_ref,) = refs["x"]
    assert not x_ref.is_code and not x_ref.is_global
    (k_ref,) = refs["k"]
    assert k_ref == VarRef(id(program.decs[1].binds[0]), "k", is_global=True)
    # the unused local exception binder is not a value variable; unused
    # value variables are reported
    local = ok("fun f x = let val unused = 1 in x end").elaboration
    assert len(local.unused) == 1


def test_toplevel_bindings_carry_binders_and_types():
    program = parse_program("val (a, b) = (1, \"x\")\nfun f y = y;\n5;")
    elab = check_program(program).elaboration
    assert [(t.kind, t.name, t.type) for t in elab.toplevel] == [
        ("val", "a", "int"), ("val", "b", "string"), ("val", "f", "'a -> 'a"), ("val", "it", "int")]
    pat = program.decs[0].binds[0].pat
    assert elab.toplevel[0].binder == id(pat.items[0])
    assert elab.toplevel[2].binder == id(program.decs[1].binds[0])
    assert elab.toplevel[3].binder == id(program.decs[2])
    assert elab.toplevel[0].scheme is not None
    assert elab.types[id(program.decs[2].exp)] == "int"


# ------------------------------------------------------------------- staging


def test_staging_that_is_allowed():
    types = types_of("""
    val top = 10
    fun useTop () = code (top + 1)
    val deep = let cogen u = lift 5 in code (code (code u)) end
    val inner = code (let fun sq z = z * z val y = 3 in sq y end)
    val nestedCogen = code (fn a => let cogen b = lift a in code (b + 1) end)
    """)
    assert types["useTop"] == "unit -> [int]"
    assert types["deep"] == "[[[int]]]"
    assert types["inner"] == "[int]"
    assert types["nestedCogen"] == "[int -> [int]]"


def test_local_shadowing_a_global_is_still_a_staging_error():
    # under `code` the local x is out of reach; silently using the outer x
    # would change the program's meaning, so the checker reports it
    result = check("val x = 1\nfun f x = code x")
    assert [d.message for d in result.errors] == ["value variable 'x' cannot be used inside 'code'"]


# -------------------------------------------------------------------- REPL


def test_environment_chains_across_inputs():
    first = ok("val x = 1\ndatatype t = A | B of int\nfun g y = y")
    second = ok("val y = x + 1\nval z = B (g 3)", env=first.env)
    assert [(b.name, b.type) for b in second.elaboration.toplevel] == [("y", "int"), ("z", "t")]
    # an input does not change the environment it was checked in
    third = check("val w = y", env=first.env)
    assert third.errors and "'y'" in third.errors[0].message


def test_references_to_earlier_inputs_are_global():
    first_program = parse_program("val x = 1")
    first = check_program(first_program)
    second_program = parse_program("val f = code x")
    second = check_program(second_program, env=first.env)
    assert second.ok
    var = next(n for n in walk(second_program) if isinstance(n, S.Var))
    assert second.elaboration.refs[id(var)] == VarRef(id(first_program.decs[0].binds[0].pat), "x", is_global=True)


# ------------------------------------------------------------- matchcheck


def test_match_witness_printing():
    nil, cons = mc.Ctor(("l", 0), "nil", 0, "con"), None
    family = mc.datatype_family([("nil", False), ("::", True)], "list")
    nil, cons = family.ctors
    opt = mc.datatype_family([("NONE", False), ("SOME", True)], "option")
    none, some = opt.ctors

    def lst(head, tail):
        return mc.Con(cons, [mc.Con(mc.tuple_ctor(2), [head, tail])])

    rows = [[mc.Con(nil)], [lst(mc.Con(none), mc.WILD)]]
    redundant, missing = mc.check_rows(rows)
    assert redundant == [] and mc.show_pattern(missing[0]) == "SOME _ :: _"
    assert mc.show_pattern(lst(lst(mc.WILD, mc.WILD), mc.Con(nil))) == "(_ :: _) :: []"
    assert mc.show_pattern(mc.Con(some, [mc.Con(some, [mc.WILD])])) == "SOME (SOME _)"
    assert mc.show_pattern(mc.Con(mc.tuple_ctor(0))) == "()"
    assert mc.show_pattern(mc.Con(mc.const_ctor("int", -3))) == "~3"
    assert mc.show_pattern(mc.Con(mc.const_ctor("char", "a"))) == '#"a"'
    assert mc.check_rows([[mc.WILD], [mc.Con(none)]]) == ([1], None)


# ------------------------------------------------------------- properties

from hypothesis import HealthCheck, given, settings  # noqa: E402

from mlbox.parser import parse_type  # noqa: E402
from tests import ast_strategies, staged_strategies as gen  # noqa: E402


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gen.programs())
def test_checker_recovers_the_generated_types(generated):
    """Well-typed staged programs drawn rule by rule: no errors, and each
    top-level binding's type is at least as general as the intended one."""
    result = check_program(generated.program)
    assert result.errors == []
    found = {b.name: b.type for b in result.elaboration.toplevel}
    for kind, name, intended in generated.intended:
        assert gen.is_instance(parse_type(found[name]), intended), (name, found[name], gen.show_type(intended))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ast_strategies.programs())
def test_checker_never_crashes_on_arbitrary_programs(program):
    """Mostly ill-typed trees: the checker reports, it never raises; and
    every type it made prints by an abbreviation only where that is true."""
    result = check_program(program)
    assert all(d.severity in ("error", "warning") for d in result.diagnostics)
    assert alias_violations(binding_types(result)) == []


def binding_types(result):
    """The types of a checked program's top-level bindings."""
    from mlbox.types import Type

    for b in result.elaboration.toplevel:
        if isinstance(b.scheme, Type.__args__):  # a val's or cogen's type itself
            yield b.scheme
        for field in ("ty", "arg", "body"):  # a constructor's, an exception's, an abbreviation's
            t = getattr(b.scheme, field, None)
            if t is not None:
                yield t


def alias_violations(types) -> list[str]:
    """Each type node printed by an abbreviation (types.Alias) whose
    expansion at the alias's arguments is not the node itself, structurally
    and with the same variables: what unification left out of step."""
    from mlbox.types import TVar, components, prune, show_type, substitute

    def same(a, b) -> bool:
        pending = [(a, b)]
        while pending:
            a, b = (prune(t) for t in pending.pop())
            if isinstance(a, TVar) or isinstance(b, TVar):
                if a is not b:
                    return False
                continue
            if type(a) is not type(b) or getattr(a, "tycon", None) is not getattr(b, "tycon", None):
                return False
            if len(components(a)) != len(components(b)):
                return False
            pending.extend(zip(components(a), components(b)))
        return True

    bad, seen, pending = [], set(), list(types)
    while pending:
        t = prune(pending.pop())
        if isinstance(t, TVar) or id(t) in seen:
            continue
        seen.add(id(t))
        pending.extend(components(t))
        alias = t.alias
        if alias is not None:
            pending.extend(alias.args)
            params = alias.abbrev.params
            expansion = substitute(alias.abbrev.body, {id(p): a for p, a in zip(params, alias.args)})
            if not same(expansion, t):
                bad.append(f"{alias.name}: {show_type(expansion)} against {show_type(t)}")
    return bad


def test_aliases_stay_in_step_with_their_expansions():
    result = ok("""
    type 'a pair = 'a * 'a
    type ('a, 'b) sw = 'b * 'a
    fun swap ((a, b) : 'a pair) : 'a pair = (b, a)
    val p = swap (1, 2)
    fun flip (x : ('a, 'b) sw) = x
    val q = flip (true, [SOME 1])
    datatype 'a box = Box of 'a pair list
    val b = Box [(SOME "x", NONE)]
    val r = fn rd => Int.scan StringCvt.DEC rd (Substring.full "12")
    """)
    types = list(binding_types(result))
    assert len(types) >= 8 and alias_violations(types) == []
    assert [b.type for b in result.elaboration.toplevel if b.name in ("p", "q")] == \
        ["int pair", "(int option list, bool) sw"]


@pytest.mark.parametrize("program, expected", [
    ('val x = #2 (1, "b", true)', {"x": "string"}),
    ("val f = fn (p : int * bool) => #2 p", {"f": "int * bool -> bool"}),
    ("val xs = map #1 [(1, #\"a\"), (2, #\"b\")]", {"xs": "int list"}),
    # the width fixed by a later declaration of the same unit: f is not polymorphic
    ("fun f p = #1 p\nval y = f (true, 2)", {"f": "bool * int -> bool", "y": "bool"}),
    ("val z = #2 (#1 ((1, (2, 3)), 4))", {"z": "int * int"}),
    ("val t = (fn p => #1 p = #2 p) (3, 4)", {"t": "bool"}),
    ("val c = code (fn (t : int * string) => #2 t)", {"c": "[int * string -> string]"}),
    # what the selector returns is not generalised apart from its tuple (else y : 'a)
    ("val y = let val g = fn () => fn p => #1 p in g () (1, 2) end", {"y": "int"}),
    ("val y = let val g = fn () => fn p => (p, #2 p) in #2 (g () (true, 3)) end", {"y": "int"}),
    # symbolic names beginning with # are names, not selectors
    ("infix 4 ##\nfun a ## b = a * b\nval #> = 2\nval w = 3 ## #>", {"##": "int * int -> int", "#>": "int", "w": "int"}),
])
def test_tuple_selectors(program, expected):
    assert types_of(program) == expected


@pytest.mark.parametrize("program, expected", [
    ("fun f p = #1 p : 'a\nval y = f (1, 2)", {"f": "int * int -> int", "y": "int"}),
    ("val f = fn p => (#2 p : 'a list)\nval y = f (1, [true])", {"f": "int * bool list -> bool list",
                                                                 "y": "bool list"}),
    # an application: weak, not the explicit 'a of f (it printed `y : 'a`)
    ("fun f p = #1 p : 'a\nval y = f (raise Fail \"\", 2)", {"f": "'_a * int -> '_a", "y": "'_a"}),
    ("fun g x = let fun f p = (#1 p : 'a) in f (x, 2) end\nval y = g 1", {"g": "'a -> 'a", "y": "int"}),
    # beside a binding the value restriction keeps from being generalised
    ("val 'a f = fn p => (#1 p : 'a) and r = ref 1\nval y = f (true, 2)",
     {"f": "bool * int -> bool", "r": "int ref", "y": "bool"}),
])
def test_an_explicit_type_variable_in_a_selectors_tuple_is_as_monomorphic_as_the_tuple(program, expected):
    # What a selector's tuple holds is never generalised, so 'a was not at
    # the end of its scope, and stayed explicit in the declarations after
    # it: each use of f at a type ("'a cannot be specialised") was refused.
    assert types_of(program) == expected


def test_an_explicit_type_variable_beside_a_tuple_of_known_width_is_generalised():
    assert types_of("fun f p = (#1 p : 'a, p : 'a * int)\nval y = f (true, 2)") == {
        "f": "'a * int -> 'a * ('a * int)", "y": "bool * (bool * int)"}


def test_a_selector_is_resolved_to_its_tuple_width():
    result = ok("val a = #2 (1, 2, 3)\nval b = #1 (4, 5)")
    widths = sorted(r.instance for r in result.elaboration.refs.values()
                    if isinstance(r, BasisRef) and r.name.startswith("#"))
    assert widths == ["2", "3"]


def test_an_abandoned_selector_leaves_a_weak_type_as_it_was():
    # the REPL checks an input against the session's types and puts them
    # back when it fails: the selector's tuple constraint must go with it
    from mlbox.types import Snapshot

    first = ok("val r = ref []")
    snapshot = Snapshot(first.env.types())
    assert check("val x = #1 (hd (!r)) + 1", env=first.env).errors
    snapshot.restore()
    assert types_of("val _ = r := [(1, 2)]\nval y = map #2 (!r)", env=first.env)["y"] == "int list"


def test_an_abandoned_input_leaves_a_weak_variable_free_for_later_datatypes():
    # merging s's '_a into r's (older, from before t) makes it as old; put
    # back, it may stand for t again, as if the failed input never was
    from mlbox.types import Snapshot

    first = ok("val r = ref []\ndatatype t = A\nval s = ref []")
    snapshot = Snapshot(first.env.types())
    assert check('val _ = (s := !r; 1 + "x")', env=first.env).errors
    snapshot.restore()
    assert not check("val _ = s := [A]", env=first.env).errors
    assert check("val _ = r := [A]", env=first.env).errors  # r's '_a is older than t


def test_a_snapshot_restores_a_tuple_constraint_merged_into_a_weak_variable():
    from mlbox.types import TTuple, TVar, Snapshot, prune, unify

    weak, selected = TVar(0), TVar(0)
    selected.fields = {1: TVar(0)}
    snapshot = Snapshot([weak])
    unify(selected, weak)  # `selected` is linked into `weak`, which takes its fields
    assert prune(selected) is weak and weak.fields
    snapshot.restore()
    assert weak.fields is None
    unify(weak, TTuple(()))  # unit: no longer required to be a tuple of one or more


def test_an_infix_name_read_as_a_type_constructor_is_explained():
    # `a : int div b` parses (div is a type constructor after a type, as in
    # SML): the unbound-type error says why and how to write the division
    from mlbox.checker import INFIX_AS_TYPE_NOTE

    [first, second] = check("fun f (a, b) = a : int div b").errors
    assert first.message == "unbound type constructor 'div'"
    assert first.notes == (INFIX_AS_TYPE_NOTE.format(name="div"),)
    assert second.message == "unbound type constructor 'b'" and not second.notes
    # a type constructor of that name, declared, is no error
    assert not check("datatype 'a div = D of 'a\nval x = D 1 : int div").errors
