"""The parser: grammar health and tables, precedence and associativity,
every construct, spans, syntax errors, and the REPL's incompleteness test."""

import os
import subprocess
import sys

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mlbox
from mlbox import _parsetab
from mlbox import syntax as S
from mlbox.diagnostics import CompileError, Source
from mlbox.lexer import MSG_UNTERMINATED_COMMENT, tokenize
from mlbox.parser import (
    MSG_ARROW_IN_RULE, MSG_CLAUSE_NAME, MSG_END_OF_FILE, MSG_HASH, MSG_INFIX_AS_OPERAND, MSG_LAYERED, MSG_EXPECTED,
    MSG_RULE_WITHOUT_BAR, COGEN_PLACE_NOTE, COGEN_SYNTAX_NOTE, NOTE_STILL_OPEN, MSG_FUN_WITHOUT_ARGUMENT,
    NOTE_MISSPELT_KEYWORD, MSG_MISSPELT_TOP_KEYWORD, NOTE_READ_AS_EXPRESSION, MSG_MINUS_AS_NEGATION,
    MSG_EQUALS_IN_RULE, MSG_SEMICOLON_BEFORE_BAR, MSG_LEADING_BAR_MATCH, MSG_LEADING_BAR_FUN, MSG_LEADING_BAR_DATATYPE, MSG_SINGLE_QUOTES, NOTE_MISSING_VAL, NOTE_CLAUSE_WITHOUT_BAR,
    MSG_INFIX_IN_CLAUSE_HEAD, NOTE_IF_WITHOUT_ELSE, NOTE_LIST_SEMICOLONS, NOTE_SEQUENCE_IN_BRANCH,
    NOTE_ASSIGN_IN_VAL, MSG_ASSIGN_IN_VAL,
    MSG_OPEN_ENDED_OPERAND, MSG_TRAILING_COMMA, MSG_UNEXPECTED, MSG_UNSUPPORTED,
    MSG_KEYWORD_AS_NAME, MSG_DARROW_IN_FUN, MSG_TYPE_AFTER_OF, MSG_AS_AFTER_PATTERN, NOTE_AND_ANDALSO,
    MSG_TUPLE_PATTERN_PARENS, MSG_NOTHING_AFTER_SEMICOLON, MSG_FUN_HEAD_WITHOUT_NAME, MSG_STAGING_IN_PATTERN,
    NOTE_BACKSLASH_LAMBDA, NOTE_DEC_IN_EXPRESSION, MSG_KEYWORD_AFTER_AND, MSG_OTHER_KIND_AFTER_AND,
    NOTE_TYPE_FOR_DATATYPE, NOTE_CONSTRUCTOR_WITHOUT_OF,
    analyse_grammar, grammar_signature, is_incomplete, parse_expression, parse_program, parse_type,
)
from mlbox.syntax import Span
from tests.conformance_data import PROGRAMS

CONFORMANCE = [str(p) for p in PROGRAMS]
PACKAGE_DIR = os.path.dirname(mlbox.__file__)


# ---------------------------------------------------------------- grammar and tables


def test_committed_tables_match_the_grammar():
    # Fails after a grammar change: run `python -m mlbox.parser --write-tables`.
    assert _parsetab._lr_signature == grammar_signature()


def test_grammar_has_no_unresolved_conflicts():
    report = analyse_grammar()
    assert report.shift_reduce == ()
    assert report.reduce_reduce == ()


def test_grammar_has_no_dead_parts():
    report = analyse_grammar()
    # RESERVED (`structure`, `local`, ...) is lexed only to be rejected
    # with a clear message.
    assert report.unused_tokens == ("RESERVED",)
    assert report.unused_rules == ()
    assert report.unreachable == ()


def _run_python(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=os.path.dirname(PACKAGE_DIR), check=True).stdout


def test_importing_and_first_parse_use_the_committed_tables():
    # docs/STATUS.md: parser tables are built once, not on every run. Importing
    # builds no parser, and the first parse loads the committed tables:
    # PLY generates tables (LRGeneratedTable) only when they are missing or
    # stale. (How long start-up takes is measured by `make bench`; a CPU
    # time bound here failed now and then, with modules compiled from
    # source where PYTHONDONTWRITEBYTECODE=1.)
    code = (
        "import ply.yacc\n"
        "generated = []\n"
        "class Spy(ply.yacc.LRGeneratedTable):\n"
        "    def __init__(self, *args, **kwargs):\n"
        "        generated.append(1)\n"
        "        super().__init__(*args, **kwargs)\n"
        "ply.yacc.LRGeneratedTable = Spy\n"
        "import mlbox.parser as P\n"
        "print(P._driver is None)\n"
        "P.parse_program('val x = 1')\n"
        "print(P._driver is not None, len(generated))\n"
    )
    assert _run_python(code).split() == ["True", "True", "0"]


def test_parsing_reads_the_tables_and_writes_no_files(tmp_path):
    before = set(os.listdir(PACKAGE_DIR))
    code = (
        "import time; import mlbox.parser as P; t = time.process_time(); "
        "P.parse_program('val x = 1'); print(time.process_time() - t)"
    )
    elapsed = min(float(_run_python(code)) for _ in range(3))
    # Building the LALR tables takes about a second; reading them, a few ms.
    assert elapsed < 0.3
    new_files = set(os.listdir(PACKAGE_DIR)) - before - {"__pycache__"}
    assert new_files == set()


# ---------------------------------------------------------------- helpers


def sexp(node) -> str:
    """A fully bracketed rendering of an expression, to state precedence
    and associativity compactly: `1 + 2 * 3` is `(+ 1 (* 2 3))`."""
    if isinstance(node, S.ConstExp):
        return str(node.const.value)
    if isinstance(node, S.Var):
        return ("op " if node.op else "") + node.name
    if isinstance(node, S.App):
        if isinstance(node.fn, S.Var) and not node.fn.op and node.fn.name in S.INFIX:
            left, right = node.arg.items
            return f"({node.fn.name} {sexp(left)} {sexp(right)})"
        return f"(app {sexp(node.fn)} {sexp(node.arg)})"
    if isinstance(node, S.Tuple):
        return "(tuple " + " ".join(sexp(i) for i in node.items) + ")"
    if isinstance(node, S.Andalso):
        return f"(andalso {sexp(node.left)} {sexp(node.right)})"
    if isinstance(node, S.Orelse):
        return f"(orelse {sexp(node.left)} {sexp(node.right)})"
    if isinstance(node, S.Typed):
        return f"(: {sexp(node.exp)} {node.ty.name})"
    if isinstance(node, S.If):
        return f"(if {sexp(node.cond)} {sexp(node.then)} {sexp(node.else_)})"
    if isinstance(node, S.Raise):
        return f"(raise {sexp(node.exp)})"
    if isinstance(node, S.Code):
        return f"(code {sexp(node.exp)})"
    if isinstance(node, S.Lift):
        return f"(lift {sexp(node.exp)})"
    if isinstance(node, (S.Handle, S.Case, S.Fn)):
        head = {S.Handle: "handle", S.Case: "case", S.Fn: "fn"}[type(node)]
        inner = [] if isinstance(node, S.Fn) else [sexp(node.exp)]
        rules = [f"[{r.pat.name if isinstance(r.pat, S.PVar) else '_'} {sexp(r.body)}]"
                 for r in node.rules]
        return f"({head} {' '.join(inner + rules)})"
    raise AssertionError(f"no s-expression for {node!r}")


def syntax_error(text):
    with pytest.raises(CompileError) as info:
        parse_program(Source("t.ml", text))
    return [(d.message, (d.span.line, d.span.col)) for d in info.value.diagnostics]


# ---------------------------------------------------------------- precedence


@pytest.mark.parametrize("text, expected", [
    # infix levels, SML's table
    ("1 + 2 * 3", "(+ 1 (* 2 3))"),
    ("1 * 2 + 3", "(+ (* 1 2) 3)"),
    ("a div b mod c", "(mod (div a b) c)"),
    ("1 - 2 - 3", "(- (- 1 2) 3)"),
    ('"a" ^ "b" ^ "c"', "(^ (^ a b) c)"),
    ("1 :: 2 :: l", "(:: 1 (:: 2 l))"),
    ("a @ b @ c", "(@ a (@ b c))"),
    ("a @ b :: c", "(@ a (:: b c))"),
    ("x :: a @ b", "(:: x (@ a b))"),
    ("1 + 2 :: l", "(:: (+ 1 2) l)"),
    ("a = b :: c", "(= a (:: b c))"),
    ("a < b = c", "(= (< a b) c)"),
    ("a <> b", "(<> a b)"),
    ("r := !r + 1", "(:= r (+ (app ! r) 1))"),
    ("f o g o h", "(o (o f g) h)"),
    ("a := b = c", "(:= a (= b c))"),
    ("x before y := 1", "(before x (:= y 1))"),
    ("a before b before c", "(before (before a b) c)"),
    # application binds tighter than any infix, and is left-associative
    ("f x y + g z", "(+ (app (app f x) y) (app g z))"),
    ("f ~1", "(app f -1)"),
    ("~ x", "(app ~ x)"),
    ("f (op +) (1, 2)", "(app (app f op +) (tuple 1 2))"),
    ("op + (1, 2) * 3", "(* (app op + (tuple 1 2)) 3)"),
    # andalso > orelse, both above handle; `:` tightest
    ("a orelse b andalso c", "(orelse a (andalso b c))"),
    ("a andalso b orelse c", "(orelse (andalso a b) c)"),
    ("a andalso b andalso c", "(andalso (andalso a b) c)"),
    ("a = 1 andalso b", "(andalso (= a 1) b)"),
    ("a andalso b : bool", "(andalso a (: b bool))"),
    ("x + 1 : int", "(: (+ x 1) int)"),
    ("a orelse b handle E => c", "(handle (orelse a b) [E c])"),
    # prefix forms extend as far right as possible
    ("if a then b else c + 1", "(if a b (+ c 1))"),
    ("if a then b else c handle E => d", "(if a b (handle c [E d]))"),
    ("a andalso if b then c else d orelse e", "(andalso a (if b c (orelse d e)))"),
    ("raise E handle F => 1", "(raise (handle E [F 1]))"),
    ("fn x => x handle E => 0", "(fn [x (handle x [E 0])])"),
    ("fn x => x : int", "(fn [x (: x int)])"),
    ("code lift x + 1", "(code (lift (+ x 1)))"),
    ("code f x andalso y", "(code (andalso (app f x) y))"),
    # the dangling match: later rules belong to the innermost match
    ("case a of x => case b of y => 1 | z => 2", "(case a [x (case b [y 1] [z 2])])"),
    ("fn x => fn y => 1 | z => 2", "(fn [x (fn [y 1] [z 2])])"),
    ("e handle x => f handle y => 1 | z => 2", "(handle e [x (handle f [y 1] [z 2])])"),
    ("(case a of x => 1) handle E => 2", "(handle (case a [x 1]) [E 2])"),
])
def test_precedence_and_associativity(text, expected):
    assert sexp(parse_expression(text)) == expected


def test_dangling_match_in_fun_clauses_follows_sml():
    # As in SML, the `|` after a case arm continues the case, so a
    # following clause must be protected with parentheses.
    with pytest.raises(CompileError):
        parse_program("fun f x = case x of 0 => 1 | n => 2\n  | f _ = 3")
    prog = parse_program("fun f x = (case x of 0 => 1 | n => 2)\n  | f _ = 3")
    assert len(prog.decs[0].binds[0].clauses) == 2


# ---------------------------------------------------------------- constructs


def exp(text):
    return parse_expression(text)


def one_dec(text):
    [dec] = parse_program(text).decs
    return dec


V = S.Var


def C(n):
    return S.ConstExp(S.IntConst(n))


def pair(a, b):
    return S.Tuple((a, b))


def infix(op, a, b):
    return S.App(V(op), pair(a, b))


@pytest.mark.parametrize("text, expected", [
    ("42", C(42)),
    ("~42", C(-42)),
    ("0w7", S.ConstExp(S.WordConst(7))),
    ('"hi\\n"', S.ConstExp(S.StringConst("hi\n"))),
    ('#"c"', S.ConstExp(S.CharConst("c"))),
    ("true", V("true")),
    ("()", S.Tuple(())),
    ("(1, 2, 3)", S.Tuple((C(1), C(2), C(3)))),
    ("[]", S.ListExp(())),
    ("[1, 2]", S.ListExp((C(1), C(2)))),
    ("f x", S.App(V("f"), V("x"))),
    ("Int.toString 3", S.App(V("Int.toString"), C(3))),
    ("Word.<< (a, b)", S.App(V("Word.<<"), pair(V("a"), V("b")))),
    ("op +", V("+", op=True)),
    ("op ::", V("::", op=True)),
    ("(x)", V("x")),
    ("(a; b; c)", S.Seq((V("a"), V("b"), V("c")))),
    ("let val x = 1 in x end",
     S.Let((S.ValDec((), (S.ValBind(S.PVar("x"), C(1)),)),), V("x"))),
    ("let in a; b end", S.Let((), S.Seq((V("a"), V("b"))))),
    ("let val x = 1; val y = 2; in x end",
     S.Let((S.ValDec((), (S.ValBind(S.PVar("x"), C(1)),)),
            S.ValDec((), (S.ValBind(S.PVar("y"), C(2)),))), V("x"))),
    ("if a then b else c", S.If(V("a"), V("b"), V("c"))),
    ("a andalso b", S.Andalso(V("a"), V("b"))),
    ("a orelse b", S.Orelse(V("a"), V("b"))),
    ("case x of 0 => a | _ => b",
     S.Case(V("x"), (S.Rule(S.PConst(S.IntConst(0)), V("a")), S.Rule(S.PWild(), V("b"))))),
    ("fn x => x", S.Fn((S.Rule(S.PVar("x"), V("x")),))),
    ("raise Fail \"no\"", S.Raise(S.App(V("Fail"), S.ConstExp(S.StringConst("no"))))),
    ("f x handle Div => 0", S.Handle(S.App(V("f"), V("x")), (S.Rule(S.PVar("Div"), C(0)),))),
    ("while !i < 10 do i := !i + 1",
     S.While(infix("<", S.App(V("!"), V("i")), C(10)),
             infix(":=", V("i"), infix("+", S.App(V("!"), V("i")), C(1))))),
    ("(x : int)", S.Typed(V("x"), S.TyCon("int"))),
    ("code (fn x => x)", S.Code(S.Fn((S.Rule(S.PVar("x"), V("x")),)))),
    ("lift (n + 1)", S.Lift(infix("+", V("n"), C(1)))),
    ("let cogen u = g in u end", S.Let((S.CogenDec("u", V("g")),), V("u"))),
    ("a :: b", infix("::", V("a"), V("b"))),
])
def test_expression_constructs(text, expected):
    assert exp(text) == expected


def P(text):
    """The pattern of `fn PAT => ()`."""
    return exp(f"fn {text} => ()").rules[0].pat


@pytest.mark.parametrize("text, expected", [
    ("_", S.PWild()),
    ("x", S.PVar("x")),
    ("~1", S.PConst(S.IntConst(-1))),
    ('"s"', S.PConst(S.StringConst("s"))),
    ('#"a"', S.PConst(S.CharConst("a"))),
    ("0w1", S.PConst(S.WordConst(1))),
    ("()", S.PTuple(())),
    ("(a, _)", S.PTuple((S.PVar("a"), S.PWild()))),
    ("[]", S.PList(())),
    ("[a, b]", S.PList((S.PVar("a"), S.PVar("b")))),
    ("x :: y :: rest", S.PCon("::", S.PTuple((S.PVar("x"), S.PCon("::", S.PTuple((S.PVar("y"), S.PVar("rest")))))))),
    ("SOME x", S.PCon("SOME", S.PVar("x"))),
    ("SOME x :: xs", S.PCon("::", S.PTuple((S.PCon("SOME", S.PVar("x")), S.PVar("xs"))))),
    ("op :: (h, t)", S.PCon("::", S.PTuple((S.PVar("h"), S.PVar("t"))))),
    ("op ::", S.PVar("::", op=True)),
    ("ref r", S.PRef(S.PVar("r"))),
    ("all as x :: _", S.PAs("all", S.PCon("::", S.PTuple((S.PVar("x"), S.PWild()))))),
    ("x : int", S.PTyped(S.PVar("x"), S.TyCon("int"))),
    ("x :: xs : int list", S.PTyped(S.PCon("::", S.PTuple((S.PVar("x"), S.PVar("xs")))),
                                    S.TyCon("list", (S.TyCon("int"),)))),
    ("(x : int, y)", S.PTuple((S.PTyped(S.PVar("x"), S.TyCon("int")), S.PVar("y")))),
    # SML's layered pattern with a type: `x : t as p` is `x as (p : t)`
    ("all : int list as x :: _", S.PAs("all", S.PTyped(S.PCon("::", S.PTuple((S.PVar("x"), S.PWild()))),
                                                       S.TyCon("list", (S.TyCon("int"),))))),
])
def test_pattern_constructs(text, expected):
    assert P(text) == expected


INT = S.TyCon("int")
A = S.TyVar("'a")


@pytest.mark.parametrize("text, expected", [
    ("int", INT),
    ("'a", A),
    ("''eq", S.TyVar("''eq")),
    ("'a list", S.TyCon("list", (A,))),
    ("int list list", S.TyCon("list", (S.TyCon("list", (INT,)),))),
    ("(int, string) pair", S.TyCon("pair", (INT, S.TyCon("string")))),
    ("int * int * int", S.TyTuple((INT, INT, INT))),
    ("(int * int) * int", S.TyTuple((S.TyTuple((INT, INT)), INT))),
    ("int -> int -> int", S.TyArrow(INT, S.TyArrow(INT, INT))),
    ("(int -> int) -> int", S.TyArrow(S.TyArrow(INT, INT), INT)),
    ("int * int -> int", S.TyArrow(S.TyTuple((INT, INT)), INT)),
    ("[int]", S.TyBox(INT)),
    ("[int -> int] list", S.TyCon("list", (S.TyBox(S.TyArrow(INT, INT)),))),
    ("int -> [int]", S.TyArrow(INT, S.TyBox(INT))),
    ("Word.word", S.TyCon("Word.word")),
])
def test_types(text, expected):
    assert parse_type(text) == expected


def test_val_declarations():
    assert one_dec("val (a, b) = p") == S.ValDec((), (S.ValBind(S.PTuple((S.PVar("a"), S.PVar("b"))), V("p")),))
    dec = one_dec("val rec f = fn x => x and g = h")
    assert dec.rec and [b.pat.name for b in dec.binds] == ["f", "g"]
    assert one_dec("val 'a x = y").tyvars == ("'a",)
    assert one_dec("val ('a, 'b) rec x = y").tyvars == ("'a", "'b")
    assert one_dec("val x : int = 1").binds[0].pat == S.PTyped(S.PVar("x"), INT)


def test_fun_declarations():
    dec = one_dec("fun f 0 = 1\n  | f n = n * f (n - 1)\nand g x y : int = x")
    f, g = dec.binds
    assert f.name == "f" and len(f.clauses) == 2
    assert f.clauses[0].pats == (S.PConst(S.IntConst(0)),)
    assert g.clauses[0].pats == (S.PVar("x"), S.PVar("y"))
    assert g.clauses[0].result_ty == INT
    assert one_dec("fun f (x : int) : int = x").binds[0].clauses[0].result_ty == INT
    assert one_dec("fun 'a id (x : 'a) = x").tyvars == ("'a",)
    assert one_dec("fun op + (a, b) = a").binds[0].name == "+"
    assert one_dec("fun List.length l = 0").binds[0].name == "List.length"


def test_datatype_replication_and_and_rec_parse():
    # Poly/ML and SML/NJ accept datatype replication, Poly/ML `and rec` in a
    # val (found by tests/polyml_types_diff.py); a replication has no type
    # parameters (it takes u's): the message says so
    from mlbox.parser import MSG_REPLICATION

    assert one_dec("datatype t = datatype bool") == S.DatatypeReplDec("t", "bool")
    assert syntax_error("datatype 'a t = datatype option") == [(MSG_REPLICATION.format(unexpected("'datatype'")),
                                                                 (1, 17))]
    dec = one_dec("val x = 1 and rec f = fn n => n and g = fn n => n")
    assert (dec.rec, dec.rec_from, len(dec.binds)) == (False, 1, 3)
    assert [b.pat for b in dec.recursive_binds] == [S.PVar("f"), S.PVar("g")]
    assert [b.pat for b in dec.plain_binds] == [S.PVar("x")]
    # `rec` again inside a `val rec` changes nothing
    assert one_dec("val rec f = fn n => n and rec g = fn n => n") == one_dec("val rec f = fn n => n and g = fn n => n")
    # SML '97's `rec valbind` nests: `rec rec` is one `rec` (MLton's
    # valrec.sml; Poly/ML accepts it, mlbox said "unexpected 'rec'")
    assert one_dec("val rec rec rec f = fn n => n") == one_dec("val rec f = fn n => n")
    assert one_dec("val 'a rec rec f = fn n => n") == one_dec("val 'a rec f = fn n => n")
    assert one_dec("val x = 1 and rec rec f = fn n => n") == one_dec("val x = 1 and rec f = fn n => n")
    # the same tokens elsewhere get the general message
    assert syntax_error("val x = datatype") == [(unexpected("'datatype'"), (1, 9))]
    assert syntax_error("fun f x = x and rec g y = y") == [(unexpected("'rec'"), (1, 17))]


def test_infix_names_are_type_constructors_after_a_type():
    # fixity is a value identifier's: `+`, `<>`, `::`, `o`, `div` ... name
    # type constructors as any other identifier does, in every place one
    # stands (Poly/ML and SML/NJ read them so; mlbox said "unexpected '<>'",
    # found by HaMLet's id.sml)
    from mlbox.parser import MSG_INFIX_AFTER_TYPE

    assert one_dec("type 'a <> = 'a list") == S.TypeDec((S.TypeBind(("'a",), "<>", S.TyCon("list", (S.TyVar("'a"),))),))
    assert [b.name for b in one_dec("datatype 'a o = O of 'a and div = D").binds] == ["o", "div"]
    assert one_dec("datatype mod = datatype ::") == S.DatatypeReplDec("mod", "::")
    assert parse_type("(int, bool) + before") == S.TyCon("before", (S.TyCon("+", (S.TyCon("int"), S.TyCon("bool"))),))
    assert parse_type("int :: @ ^") == S.TyCon("^", (S.TyCon("@", (S.TyCon("::", (S.TyCon("int"),)),)),))
    # so an operator after a typed expression is a type constructor: said
    assert syntax_error("val x = 1 : int + 2") == [(MSG_INFIX_AFTER_TYPE.format(unexpected("'2'"), "+", "+"),
                                                   (1, 19))]
    assert syntax_error("val l = 1 : int :: []") == [(MSG_INFIX_AFTER_TYPE.format(unexpected("'['"), "::", "::"),
                                                     (1, 20))]
    assert syntax_error("infix ++\nval y = 1 : int ++ 2") == [
        (MSG_INFIX_AFTER_TYPE.format(unexpected("'2'"), "++", "++"), (2, 20))]


def test_a_fun_clause_names_its_function_without_parentheses():
    # SML's `fun op f p = ...` has no parenthesised form (Poly/ML and SML/NJ
    # reject `fun (op +) x = ...`; tests/polyml_types_diff.py found mlbox
    # accepting it)
    from mlbox.parser import MSG_PARENTHESIZED_FUN_NAME

    assert syntax_error("fun (op +) (a, b) = a") == [(MSG_PARENTHESIZED_FUN_NAME.format("'('"), (1, 5))]
    assert syntax_error("fun f x = x | (op f) y = y")[0][1] == (1, 15)
    assert one_dec("fun f (op +) = 1 + 2").binds[0].clauses[0].pats == (S.PVar("+", op=True),)


def test_a_constructor_applied_in_a_pattern_is_not_parenthesised():
    # `(op ::) x` is an atomic pattern followed by another, not a
    # constructor applied (SML '97: `<op> longvid atpat`); Poly/ML and
    # SML/NJ reject it, as mlbox did `(SOME) x`, but it took `(op ::) x`
    # for `op :: x` (found by tests/polyml_types_diff.py)
    from mlbox.parser import MSG_PARENTHESIZED_CONSTRUCTOR

    assert syntax_error("val f = fn ((op ::) x) => x") == [(MSG_PARENTHESIZED_CONSTRUCTOR.format("'('"), (1, 13))]
    assert syntax_error("fun f ((op SOME) (x, y)) = x")[0][1] == (1, 8)
    assert syntax_error("val (op SOME) x = SOME 1")[0][1] == (1, 5)
    assert one_dec("val f = fn (op :: x) => x").binds[0].exp.rules[0].pat == S.PCon("::", S.PVar("x"))


def test_infix_fun_clauses_mean_op_on_a_pair():
    infix_form = one_dec("fun [] @ ys = ys\n  | (x :: xs) @ ys = x :: xs @ ys")
    prefix_form = one_dec("fun op @ ([], ys) = ys\n  | op @ (x :: xs, ys) = x :: xs @ ys")
    assert infix_form == prefix_form
    assert infix_form.binds[0].name == "@"
    assert one_dec("fun f o g = fn x => f (g x)").binds[0].clauses[0].pats == (
        S.PTuple((S.PVar("f"), S.PVar("g"))),)


def test_type_level_declarations():
    tree = S.TyCon("tree", (A,))
    assert one_dec("datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree and t = T") == S.DatatypeDec((
        S.DataBind(("'a",), "tree", (
            S.ConBind("Leaf", None),
            S.ConBind("Node", S.TyTuple((tree, A, tree))))),
        S.DataBind((), "t", (S.ConBind("T", None),)),
    ))
    assert one_dec("datatype ('k, 'v) m = M of ('k * 'v) list").binds[0].tyvars == ("'k", "'v")
    assert one_dec("type point = int * int and 'a p = 'a") == S.TypeDec((
        S.TypeBind((), "point", S.TyTuple((INT, INT))), S.TypeBind(("'a",), "p", A)))
    assert one_dec("exception E and F of string") == S.ExceptionDec((
        S.ExnBind("E", None), S.ExnBind("F", S.TyCon("string"))))
    assert one_dec("cogen u = g x") == S.CogenDec("u", S.App(V("g"), V("x")))


def test_cogen_op_binds_a_name_declared_infix():
    # as `val op ++ = e`: once ++ is infix, `cogen ++ = e` is a syntax error
    # and the name can only be bound with `op` (it was refused altogether)
    prog = parse_program("infix 6 ++\ncogen op ++ = code (fn (a, b) => a - b)\nval x = code (1 ++ 2)")
    assert prog.decs[1] == S.CogenDec("++", S.Code(S.Fn((S.Rule(S.PTuple((S.PVar("a"), S.PVar("b"))),
                                                             S.App(V("-"), S.Tuple((V("a"), V("b"))))),))))
    assert one_dec("cogen op f = g") == S.CogenDec("f", V("g"))
    # printed back with `op` where the name is infix, so that it parses again
    from mlbox.printer import show_program
    assert "cogen op ++ = " in show_program(prog)
    assert parse_program(show_program(prog)) == prog


def test_top_level_expressions_and_semicolons():
    prog = parse_program("print \"a\";\nval x = 1;;\nx + 1;\nf x")
    assert [type(d).__name__ for d in prog.decs] == ["ExpDec", "ValDec", "ExpDec", "ExpDec"]
    assert parse_program("").decs == ()
    assert parse_program(";;").decs == ()


def test_staging_keywords_as_names_in_plain_sml():
    prog = parse_program("val code = 3\nval y = if code = 3 then code else lift")
    assert prog.decs[1].binds[0].exp == S.If(infix("=", V("code"), C(3)), V("code"), V("lift"))


@pytest.mark.parametrize("path", CONFORMANCE, ids=os.path.basename)
def test_conformance_programs_parse(path):
    with open(path) as f:
        prog = parse_program(Source(path, f.read()))
    assert prog.decs


def test_conformance_programs_were_found():
    assert len(CONFORMANCE) > 20


# ---------------------------------------------------------------- spans


def test_spans_point_at_the_source():
    text = "val x =\n  f (a + b) c\nfun g y = y"
    valdec, fundec = parse_program(text).decs
    assert valdec.span == Span(1, 1, 2, 14)
    app = valdec.binds[0].exp  # (f (a + b)) c
    assert app.span == Span(2, 3, 2, 14)
    assert app.fn.span == Span(2, 3, 2, 12)
    plus = app.fn.arg  # parentheses included
    assert plus.span == Span(2, 5, 2, 12)
    assert plus.fn.span == Span(2, 8, 2, 9)  # the operator itself
    assert plus.arg.items[1].span == Span(2, 10, 2, 11)
    assert app.arg.span == Span(2, 13, 2, 14)
    assert fundec.span == Span(3, 1, 3, 12)
    clause = fundec.binds[0].clauses[0]
    assert clause.pats[0].span == Span(3, 7, 3, 8)
    assert clause.body.span == Span(3, 11, 3, 12)


def test_spans_of_patterns_types_and_rules():
    e = exp("case l of (x : int) :: _ => [x]\n | _ => []")
    first, second = e.rules
    assert first.span == Span(1, 11, 1, 32)
    assert first.pat.arg.items[0].span == Span(1, 11, 1, 20)
    assert first.pat.arg.items[0].ty.span == Span(1, 16, 1, 19)
    assert second.span == Span(2, 4, 2, 11)
    assert e.span == Span(1, 1, 2, 11)
    assert parse_type("int -> 'a list").res.span == Span(1, 8, 1, 15)


def _children(node):
    for field in attrs.fields(type(node)):
        if field.name == "span":
            continue
        value = getattr(node, field.name)
        for item in value if isinstance(value, tuple) else (value,):
            if attrs.has(type(item)):
                yield item


def _within(inner, outer):
    return ((outer.line, outer.col) <= (inner.line, inner.col)
            and (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col))


@pytest.mark.parametrize("path", CONFORMANCE[::4], ids=os.path.basename)
def test_every_node_has_a_span_inside_its_parent(path):
    with open(path) as f:
        prog = parse_program(f.read())
    stack = [prog]
    while stack:
        node = stack.pop()
        assert node.span.line >= 1 and (node.span.end_line, node.span.end_col) > (node.span.line, node.span.col), node
        for child in _children(node):
            assert _within(child.span, node.span), (child, node)
            stack.append(child)


def test_let_body_sequence_span():
    e = exp("let val x = 1 in\n  a;\n  b end")
    assert e.body.span == Span(2, 3, 3, 4)
    assert e.span == Span(1, 1, 3, 8)


# ---------------------------------------------------------------- errors


def unexpected(token, expected=None):
    message = MSG_UNEXPECTED.format(token)
    return MSG_EXPECTED.format(message, expected) if expected else message


def open_ended(keyword):
    return MSG_OPEN_ENDED_OPERAND.format(unexpected(f"'{keyword}'"), keyword, keyword)


def infix_as_operand(name):
    return MSG_INFIX_AS_OPERAND.format(f"'{name}'", name)


EOF = MSG_END_OF_FILE


@pytest.mark.parametrize("text, errors", [
    ("val f = fn x -> x + 1", [(MSG_ARROW_IN_RULE.format(unexpected("'->'")), (1, 14))]),
    ("val y = case x of 0 -> 1 | _ -> 2", [(MSG_ARROW_IN_RULE.format(unexpected("'->'")), (1, 21))]),
    ('val z = case y of 1 => "a" 2 => "b"', [(MSG_RULE_WITHOUT_BAR.format(unexpected("'=>'")), (1, 30))]),
    ("fun f x = x handle Div => 1 Overflow => 2", [(MSG_RULE_WITHOUT_BAR.format(unexpected("'=>'")), (1, 38))]),
    ("val x = [1, 2,]", [(MSG_TRAILING_COMMA.format(unexpected("']'")), (1, 15))]),
    ("val x = (1, 2,)", [(MSG_TRAILING_COMMA.format(unexpected("')'")), (1, 15))]),
    ("val x = 1 = raise E", [(open_ended("raise"), (1, 13))]),
    ("val x = 1 :: raise E", [(open_ended("raise"), (1, 14))]),
    ("val a = f fn y => y", [(open_ended("fn"), (1, 11))]),
    ("val b = 1 + if true then 1 else 2", [(open_ended("if"), (1, 13))]),
    ("val c = f (1) case x of _ => 2", [(open_ended("case"), (1, 15))]),
    ("val d = 2 * while false do ()", [(open_ended("while"), (1, 13))]),
    # an infix identifier used or bound without `op`: Poly/ML takes it with a
    # warning, the Definition and SML/NJ refuse it; the message says how to write it
    ("val before = 3", [(infix_as_operand("before"), (1, 5))]),
    ("val x = (before)", [(infix_as_operand("before"), (1, 10))]),
    ("val f = fn (i, o) => i", [(infix_as_operand("o"), (1, 16))]),
    ("fun mod x = x", [(infix_as_operand("mod"), (1, 5))]),
    ("fun f x = x\n  | o y = y", [(infix_as_operand("o"), (2, 5))]),
    ("infix foo\nval foo = 1", [(infix_as_operand("foo"), (2, 5))]),
    # not these slips: the plain message
    ("val x = fn => 1", [(unexpected("'=>'"), (1, 12))]),
    # (a pattern, not an operand: a reserved word where a name is bound)
    ("val fn = 3", [(MSG_KEYWORD_AS_NAME.format(unexpected("'fn'"), "fn"), (1, 5))]),
    ("val x = case 1 of fn => 2", [(MSG_KEYWORD_AS_NAME.format(unexpected("'fn'"), "fn"), (1, 19))]),
    ("val x = (,)", [(unexpected("','", "')'"), (1, 10))]),
    # session 26: keywords bound as names, a missing '=' or '=>', `=>` in a
    # `fun`, an `of` without its type, `as` with the pattern on its left
    ("val of = 2", [(MSG_KEYWORD_AS_NAME.format(unexpected("'of'"), "of"), (1, 5))]),
    ("fun f type = type + 1", [(MSG_KEYWORD_AS_NAME.format(unexpected("'type'"), "type"), (1, 7))]),
    ("fun end x = x", [(MSG_KEYWORD_AS_NAME.format(unexpected("'end'"), "end"), (1, 5))]),
    ("val x 3", [(unexpected(EOF, "'='"), (1, 8))]),
    ("fun f x x + 1", [(unexpected(EOF, "'='"), (1, 14))]),
    ("val f = fn x x + 1", [(unexpected(EOF, "'=>'"), (1, 19))]),
    ("datatype t A | B", [(unexpected("'A'", "'='"), (1, 12))]),
    ("fun f x => x + 1", [(MSG_DARROW_IN_FUN.format(unexpected("'=>'")), (1, 9))]),
    ("datatype t = A of | B", [(MSG_TYPE_AFTER_OF.format(unexpected("'|'")), (1, 19))]),
    ("exception E of | F", [(MSG_TYPE_AFTER_OF.format(unexpected("'|'")), (1, 16))]),
    ("fun g ((a, b) as p) = p", [(MSG_AS_AFTER_PATTERN.format(unexpected("'as'")), (1, 15))]),
    ("val s = map (fn a, b => a + b) l", [(MSG_TUPLE_PATTERN_PARENS.format(unexpected("','")), (1, 18))]),
    ("val t = case p of a, b => a", [(MSG_TUPLE_PATTERN_PARENS.format(unexpected("','")), (1, 20))]),
    ("val x = let val a = 1 in a; end", [(MSG_NOTHING_AFTER_SEMICOLON.format(unexpected("'end'")), (1, 29))]),
    ('val y = (print "a"; )', [(MSG_NOTHING_AFTER_SEMICOLON.format(unexpected("')'")), (1, 21))]),
    # session 27: a `fun` head that does not begin with its name (was the
    # bare "unexpected '('"); `code`/`lift` in a pattern (was "expected ')'")
    ("fun (x) = x", [(MSG_FUN_HEAD_WITHOUT_NAME.format("'('"), (1, 5))]),
    ("fun (a, b) = a", [(MSG_FUN_HEAD_WITHOUT_NAME.format("'('"), (1, 5))]),
    ("fun g 0 = 1 | (g) n = n", [(MSG_FUN_HEAD_WITHOUT_NAME.format("'('"), (1, 15))]),
    ("fun f (code x) = x", [(MSG_STAGING_IN_PATTERN.format(unexpected("'code'"), "code"), (1, 8))]),
    ("fun f (a, lift b) = a", [(MSG_STAGING_IN_PATTERN.format(unexpected("'lift'"), "lift"), (1, 11))]),
    ("val h = fn [code x] => x", [(MSG_STAGING_IN_PATTERN.format(unexpected("'code'"), "code"), (1, 13))]),
    ("val h = fn x => case x of (code y) => y",
     [(MSG_STAGING_IN_PATTERN.format(unexpected("'code'"), "code"), (1, 28))]),
    # (in a type, `code` is no pattern: the plain message)
    ("datatype t = A of (code x)", [(unexpected("'code'"), (1, 20))]),
    # (nor is an exception's `of` a case's: no '=>' is expected; it was)
    ("exception E of int 3", [(unexpected("'3'"), (1, 20))]),
])
def test_common_slips_are_named(text, errors):
    assert syntax_error(text) == errors


@pytest.mark.parametrize("text, errors", [
    ("val x = let val y = 1 in y", [(unexpected(EOF, "'end'"), (1, 27))]),
    ("val x = (1, 2\n", [(unexpected(EOF, "')'"), (1, 14))]),
    ("val x = [1, 2", [(unexpected(EOF, "']'"), (1, 14))]),
    ("fun f x =\n  if x then 1", [(unexpected(EOF, "'else'"), (2, 14))]),
    ("val x = if x 1 else 2", [(unexpected("'else'", "'then'"), (1, 16))]),
    ("val x = case y with A => 1", [(unexpected("'with'", "'of'"), (1, 16))]),
    ("val x = while true 1", [(unexpected(EOF, "'do'"), (1, 21))]),
    ("val x = let val y = 1 y end", [(unexpected("'end'", "'in'"), (1, 25))]),
    ("val = 3", [(unexpected("'='"), (1, 5))]),
    # a `fun` without an argument, where `val` was meant: the message says so
    ("fun f = 3", [(MSG_FUN_WITHOUT_ARGUMENT.format("'='"), (1, 7))]),
    ("fun f x = 1\n  | f = 2", [(MSG_FUN_WITHOUT_ARGUMENT.format("'='"), (2, 7))]),
    ("val x = 1 +\n\n", [(unexpected(EOF), (1, 12))]),
    ("val x = 1 + * 2", [(infix_as_operand("*"), (1, 13))]),
    ("val x = fn => 1", [(unexpected("'=>'"), (1, 12))]),
    ("datatype t = A | of int", [(unexpected("'of'"), (1, 18))]),
    ("type t = int ->", [(unexpected(EOF), (1, 16))]),
    ("val x = 1 end", [(unexpected("'end'"), (1, 11))]),
    ("val s = \"a long string literal\" \"b\" )", [(unexpected("')'"), (1, 37))]),
    ("structure S = struct end",
     [(MSG_UNSUPPORTED.format(unexpected("'structure'"), "structure"), (1, 1))]),
    # a record selector or SML/NJ's vector literal: the message names both, not modules
    ("val v = #[1, 2]", [(MSG_HASH.format(unexpected("'#'"), "#"), (1, 9))]),
    ("val x = #a (1, 2)", [(MSG_HASH.format(unexpected("'#'"), "#"), (1, 9))]),
    ("fun f 0 = 1\n  | g n = 2", [(MSG_CLAUSE_NAME.format("f", "g"), (2, 5))]),
    ("(* never closed\nval x = 1", [(MSG_UNTERMINATED_COMMENT, (1, 1))]),
])
def test_syntax_errors(text, errors):
    assert syntax_error(text) == errors


def syntax_notes(text):
    with pytest.raises(CompileError) as info:
        parse_program(text)
    return [(d.span.line, d.span.col, d.notes) for d in info.value.diagnostics]


@pytest.mark.parametrize("text, position", [
    # a pattern or a type after cogen makes the lexer read it as a name
    ("cogen (a, b) = code (1, 2)", (1, 16)),
    ("cogen u : [int] = code 1", (1, 17)),
    ("cogen (u : int) = code 1", (1, 19)),
    ("cogen _ = code 1", (1, 7)),
    ("val x = 1\ncogen u : int = code 1", (2, 15)),
    ("val g = let cogen u : int = code 1 in code u end", (1, 13)),
    ("val g = let cogen (a, b) = code (1, 2) in code a end", (1, 13)),
    # one code variable per cogen
    ("val g = let cogen a = code 1 and b = code 2 in code (a + b) end", (1, 30)),
    ("val g = code (let cogen u = code (let val x = 1 in x end) and v = code 2 in u end)", (1, 59)),
    ("cogen a = code [(1, 2)] and b = code 2", (1, 25)),
])
def test_a_cogen_written_otherwise_is_explained(text, position):
    assert syntax_notes(text) == [(*position, (COGEN_SYNTAX_NOTE,))]


@pytest.mark.parametrize("text, position", [
    ("fun f x = cogen u = code 1", (1, 11)),
    ("val g = code (cogen u = code 1)", (1, 15)),
    ("val g = (1; cogen u = code 1)", (1, 13)),
])
def test_a_cogen_where_no_declaration_goes_is_explained(text, position):
    assert syntax_notes(text) == [(*position, (COGEN_PLACE_NOTE,))]


@pytest.mark.parametrize("text, position, note", [
    # the tutorial's compPoly with its `in` left out: the error is at the
    # `end`, lines below the `let` that is waiting for it
    ("fun compPoly nil = code (fn x => 0)\n  | compPoly (a :: p) =\n      let cogen f = compPoly p\n"
     "          cogen a' = lift a\n      code (fn x => a' + (x * f x)) end", (5, 37),
     NOTE_STILL_OPEN.format(opener="'let'", line=3, col=7, closer="'in'")),
    ("val x = (1 +\n  2", (2, 4), NOTE_STILL_OPEN.format(opener="'('", line=1, col=9, closer="')'")),
    ("fun f x =\n  case x of\n    0 => [1,\n  2", (4, 4),
     NOTE_STILL_OPEN.format(opener="'['", line=3, col=10, closer="']'")),
])
def test_an_unclosed_construct_lines_above_is_pointed_at(text, position, note):
    assert syntax_notes(text) == [(*position, (note,))]


@pytest.mark.parametrize("text, position, keyword", [
    ("fun f p =\n  let cogne g = f p\n  in g end", (2, 7), "cogen"),  # was a bare "unexpected 'cogne'"
    ("val x = let vall y = 1 in y end", (1, 13), "val"),
    ("val x = let datatyp t = A in 1 end", (1, 13), "datatype"),
])
def test_a_misspelt_declaration_keyword_is_suggested(text, position, keyword):
    assert syntax_notes(text) == [(*position, (NOTE_MISSPELT_KEYWORD.format(keyword=keyword),))]


@pytest.mark.parametrize("text, word, keyword, following, stop, found", [
    # each was a bare syntax error further on (`unexpected '|'`) or at the
    # next line's `val`, with no word about the misspelling
    ("datatyp t = A | B\nval x = A", "datatyp", "datatype", "t", (1, 15), "'|'"),
    ("val x = 1\ndatatyp t = A | B", "datatyp", "datatype", "t", (2, 15), "'|'"),
    ("value y = 2\nval z = y + 1", "value", "val", "y", (2, 1), "'val'"),
    ("func f x = x + 1\nval y = f 2", "func", "fun", "f", (2, 1), "'val'"),
    ("exeption E\nval y = 2", "exeption", "exception", "E", (2, 1), "'val'"),
])
def test_a_misspelt_keyword_beginning_a_top_level_line_is_the_error(text, word, keyword, following,
                                                                     stop, found):
    with pytest.raises(CompileError) as info:
        parse_program(text)
    [d] = info.value.diagnostics
    line = text.split("\n").index(next(l for l in text.split("\n") if l.startswith(word))) + 1
    assert (d.span.line, d.span.col) == (line, 1)
    assert d.message == MSG_MISSPELT_TOP_KEYWORD.format(word=word, keyword=keyword)
    assert d.notes == (NOTE_READ_AS_EXPRESSION.format(word=word, next=following, line=stop[0], col=stop[1],
                                                      found=found),)


@pytest.mark.parametrize("text", [
    "val x = 1\n  value y = 2 |",   # not at column 1: a continuation line
    "val x = 1\nfoo y = 2 |",       # not close to a keyword
    "val vals = 1\nval x = vals + + 2",  # the error's declaration begins with `val`
])
def test_a_name_that_is_no_misspelt_top_level_keyword_is_left_alone(text):
    with pytest.raises(CompileError) as info:
        parse_program(text)
    assert all(not d.message.startswith(MSG_MISSPELT_TOP_KEYWORD.format(word="", keyword="")[:20])
               for d in info.value.diagnostics)


@pytest.mark.parametrize("text, error", [
    # C's negative literal: was "write `op -` to use it as a value"
    ("val x = -1", (MSG_MINUS_AS_NEGATION.format("'-'"), (1, 9))),
    ("val x = 2 * -y", (MSG_MINUS_AS_NEGATION.format("'-'"), (1, 13))),
    # `=` for `=>`: was a bare "unexpected '='"
    ("val f = fn x = x + 1", (MSG_EQUALS_IN_RULE.format(unexpected("'='")), (1, 14))),
    ("fn f x = x + 1", (MSG_EQUALS_IN_RULE.format(unexpected("'='")), (1, 8))),
    ("fun f x = case x of 0 = 1 | _ => 2", (MSG_EQUALS_IN_RULE.format(unexpected("'='")), (1, 23))),
    # `;` between clauses: was a bare "unexpected '|'"
    ("fun f 0 = 1; | f n = n", (MSG_SEMICOLON_BEFORE_BAR.format(unexpected("'|'")), (1, 14))),
    ("val g = fn 0 => 1; | n => n", (MSG_SEMICOLON_BEFORE_BAR.format(unexpected("'|'")), (1, 20))),
    # a `|` before the first rule, clause or constructor (OCaml's, F#'s): was a bare "unexpected '|'"
    ("val x = case 1 of | 1 => 2 | _ => 3", (MSG_LEADING_BAR_MATCH.format(unexpected("'|'")), (1, 19))),
    ("val f = fn | 0 => 1", (MSG_LEADING_BAR_MATCH.format(unexpected("'|'")), (1, 12))),
    ("val x = 1 handle | Div => 0", (MSG_LEADING_BAR_MATCH.format(unexpected("'|'")), (1, 18))),
    ("fun\n  | f 0 = 1\n  | f n = n", (MSG_LEADING_BAR_FUN.format(unexpected("'|'")), (2, 3))),
    ("datatype t = | A | B", (MSG_LEADING_BAR_DATATYPE.format(unexpected("'|'")), (1, 14))),
    ("datatype ('a, 'b) t = | A", (MSG_LEADING_BAR_DATATYPE.format(unexpected("'|'")), (1, 23))),
    ("datatype t = A and 'a u = | B", (MSG_LEADING_BAR_DATATYPE.format(unexpected("'|'")), (1, 27))),
    ("abstype t = | A with end", (MSG_LEADING_BAR_DATATYPE.format(unexpected("'|'")), (1, 13))),
    # not a datatype: no such message
    ("type t = int and u = | int", (unexpected("'|'"), (1, 22))),
    # single quotes: was a bare "unexpected ''a''"
    ("val c = 'a'", (MSG_SINGLE_QUOTES.format(unexpected("''a''")), (1, 9))),
    ("val s = f 'ab'", (MSG_SINGLE_QUOTES.format(unexpected("''ab''")), (1, 11))),
    # '' is a type variable (as in SML), so an empty pair of quotes is this slip too
    ("val e = ''", (MSG_SINGLE_QUOTES.format(unexpected("''''")), (1, 9))),
])
def test_slips_from_other_languages_are_named(text, error):
    assert syntax_error(text) == [error]


@pytest.mark.parametrize("text", [
    # a next clause without its `|` whose body cannot be an operand: was the
    # open-ended-operand error alone
    "fun f 0 = 1\n  f n = if n > 0 then 1 else 2",
    "fun f 0 = 1\n  | f 1 = 2\n  f n = case n of _ => 3",
])
def test_a_clause_without_its_bar_is_noted_on_a_syntax_error(text):
    [(_line, _col, notes)] = syntax_notes(text)
    assert notes == (NOTE_CLAUSE_WITHOUT_BAR,)


@pytest.mark.parametrize("text", [
    "fun f 0 = 1\n  g n = if n > 0 then 1 else 2",  # another name
    "fun f 0 = 1 + if true then 1 else 2",  # on the clause's own line
])
def test_no_missing_bar_note_on_other_lines(text):
    [(_line, _col, notes)] = syntax_notes(text)
    assert NOTE_CLAUSE_WITHOUT_BAR not in notes


@pytest.mark.parametrize("text, col", [
    # was a bare "unexpected '::'"
    ("fun len [] = 0\n  | len x::xs = 1 + len xs", 10),
    ("fun f x :: xs = 1", 9),
])
def test_an_infix_pattern_as_a_fun_argument_needs_parentheses(text, col):
    assert syntax_error(text) == [(MSG_INFIX_IN_CLAUSE_HEAD.format("'::'", "::"), (text.count("\n") + 1, col))]


@pytest.mark.parametrize("text", ["fun f x = if x > 0 then print \"pos\"\nval y = 2",
                                  "fun f x = (if x then print \"a\"; 2)",
                                  # the later `else` is the second `if`'s
                                  "fun f x = if x > 0 then print \"a\"; if x > 1 then print \"b\" else ()",
                                  # the `else` is outside the parentheses the `if` is in
                                  "fun f x = if x then (if x then print \"a\"; 2) else 3"])
def test_an_if_without_else_is_told_that_ml_needs_one(text):
    [(_line, _col, notes)] = syntax_notes(text)
    assert notes[-1] == NOTE_IF_WITHOUT_ELSE


@pytest.mark.parametrize("text, col", [
    # was "unexpected end of file, expected '='", or "'val' is a reserved word
    # of ML and cannot be used as a name" at the next declaration
    ("val x := 5", 7),
    ("val x := 5\nval y = 3", 7),
    ("fun f () = let val c := 0 in c end", 22),
    ("val x = 1 val (a, b) := (1, 2) val z = 3", 22),
])
def test_an_assignment_for_a_val_s_equals_is_one_error_at_it(text, col):
    assert syntax_notes(text) == [(1, col, (NOTE_ASSIGN_IN_VAL,))]
    assert syntax_error(text) == [(MSG_ASSIGN_IN_VAL, (1, col))]


@pytest.mark.parametrize("text", [
    # was told that an ML `if` always has an `else`: it has, after the sequence
    "fun f x = if x > 0 then print \"pos\"; print \"done\" else print \"neg\"",
    "fun f x =\n  let val y = 1 in\n    if x > 0 then print \"a\"; print \"b\" else (if y = 1 then () else ())\n  end",
])
def test_a_sequence_in_a_then_branch_is_told_to_take_parentheses(text):
    [(_line, _col, notes)] = syntax_notes(text)
    assert notes[-1] == NOTE_SEQUENCE_IN_BRANCH


@pytest.mark.parametrize("text", ["val l = [1; 2; 3]", "val l = [(1, 2); (3, 4)]"])
def test_a_list_written_with_semicolons_is_told_about_commas(text):
    [(_line, _col, notes)] = syntax_notes(text)
    assert notes == (NOTE_LIST_SEMICOLONS,)


@pytest.mark.parametrize("text", ["val l = [1, 2", "val x = (1; 2]"])
def test_no_list_semicolon_note_where_no_semicolon_stands_in_a_list(text):
    assert all(NOTE_LIST_SEMICOLONS not in notes for _line, _col, notes in syntax_notes(text))


def test_a_declaration_without_its_keyword_in_a_let_is_noted():
    # was a bare "unexpected 'y'"
    assert syntax_notes("val x = let y = 2 in y end") == [(1, 13, (NOTE_MISSING_VAL.format(name="y"),))]


def test_a_name_unlike_any_keyword_gets_no_suggestion():
    # (the keyword it lacks is noted, no misspelling)
    assert syntax_notes("val x = let count = 1 in 2 end") == [(1, 13, (NOTE_MISSING_VAL.format(name="count"),))]


@pytest.mark.parametrize("text", [
    "val x = let val y = 1 in y",  # the `let` is on the error's line: no note
    "val x = let val y = 1 y end",
])
def test_an_unclosed_construct_on_the_errors_line_has_no_note(text):
    assert [notes for _l, _c, notes in syntax_notes(text)] == [()]


@pytest.mark.parametrize("text", [
    "val x = let val y = 1 and z = 2 in y end and w = 3 and",
    "val g = let cogen a = code (let val x = 1 and y = 2 in x end) in a end end",
    "val cogen = 1\nval x = cogen + + 1",
    "val f = fn cogen => cogen\nval y = 1 + * 2",
])
def test_other_syntax_errors_have_no_cogen_note(text):
    assert [notes for _l, _c, notes in syntax_notes(text)] == [()]


def test_long_tokens_are_shortened_in_messages():
    [(message, _pos)] = syntax_error('val s = "a very long string literal indeed" )')
    assert message == unexpected("')'")
    [(message, _pos)] = syntax_error('datatype "a very long string literal indeed" = A')
    assert message == unexpected("'\"a very long stri...'")


def test_several_errors_are_reported_after_recovery():
    text = "val x = )\nval y = 1\nfun f = 2\nval z = [\nval w = 3"
    assert [pos for _m, pos in syntax_error(text)] == [(1, 9), (3, 7), (5, 1)]


def test_errors_in_expressions_and_types_have_positions():
    with pytest.raises(CompileError) as info:
        parse_expression("f (x")
    assert info.value.diagnostics[0].span.line == 1
    with pytest.raises(CompileError) as info:
        parse_type("int ->")
    assert info.value.diagnostics[0].message == unexpected(EOF)


# ---------------------------------------------------------------- REPL support


@pytest.mark.parametrize("text, incomplete", [
    ("val x = 1;", False),
    ("val x = 1", False),
    ("1 + 2;", False),
    ("", False),
    ("fun f x =", True),
    ("fun f x =\n  case x of\n", True),
    ("val x = let val y = 1 in y", True),
    ("val x = (1,\n", True),
    ("(* a comment\n", True),
    ('val s = "gap \\\n', True),
    ("val x = 1 +", True),
    ("val x = )", False),
    ('val s = "abc\n', False),
    ("val x = 1.5", False),
])
def test_is_incomplete(text, incomplete):
    assert is_incomplete(text) is incomplete


# Inputs read a line at a time whose lines end in `;` inside an unfinished
# construct, with errors a line or more after it opened: GrowingInput parses
# each line's tokens on from the lines before, and must answer as
# is_incomplete does at every line.
GROWING_INPUTS = [
    "fun f () =\n let val x = 1 in\n print \"a\";\n x;\n x\n end;",
    "fun f () =\n let val x = 1 in\n print \"a\";\n (1 +;\n 2\n end;",  # an operator before `;`
    "(print \"a\";\n print \"b\";\n 1 :: 2 @ [3] = 4 + 5 :: [];\n 3);",
    # fixity declared inside the construct, and a mixed associativity
    "let infix 5 ++ infixr 5 +++\nfun a ++ b = a\nfun a +++ b = a\nin (1 ++ 2;\n 1 +++ 2;\n 1 ++ 2 +++ 3;\n 0) end;",
    # `;` inside strings, gaps and comments spanning lines
    "(print \"a;\n\";\n print \"b\\\n  \\c;\";\n (* a ; comment\n ; *) 1;\n 2);",
    "(code 1;\n lift 2;\n code;\n 3);",
    "(val x = 2;\n 3);",
    "(1;\n 2 $ 3;\n 4);",  # a lexical error
    "(1;\n #\"ab\";\n 4);",
    "let val x = [1,\n 2];\n val y = (x;\n x) in x end;",
    "(1;\n end;\n 2);",
    "(fn x => x;\n fn => 1;\n 2);",
    "(1; (* c *)\n 2; (* d *)\n 3) (* e *);",
    "local val x = 1;\n val y = 2;\n in val z = 3; end;",
    "abstype t = T with val x = T;\n val y = 1;\n end;",
    "(cogen op ;\n = 1);",
    "(1;\n 2;",
    "(1;\n (* a comment;\n of lines;\n ending in `;` *) 2;\n \"a string\\\n ;\\ gap;\";\n 3);",
    "(1;\n (* a comment;\n (* nested; *);\n 2;",
]


@pytest.mark.parametrize("text", GROWING_INPUTS)
def test_an_input_read_a_line_at_a_time_is_incomplete_as_when_parsed_whole(text):
    from mlbox.parser import GrowingInput

    growing = GrowingInput()
    lines = text.split("\n")
    answers, expected = [], []
    for k in range(1, len(lines) + 1):
        prefix = "\n".join(lines[:k])
        answers.append(growing.is_incomplete(prefix))
        expected.append(is_incomplete(prefix))
    assert answers == expected
    assert growing.is_incomplete("(1;") and not growing.is_incomplete("(1);")  # another input


def complete_as_a_whole(text: str) -> bool:
    """The REPL's test of a complete input on the whole text, as it was
    made before GrowingInput.is_complete: parsed and lexed at each line."""
    if is_incomplete(text):
        return False
    tokens, errors = tokenize(text)
    if not tokens and not errors:
        return True
    return (bool(tokens) and tokens[-1].type == "SEMICOLON") or (bool(errors) and text.strip().endswith(";"))


@pytest.mark.parametrize("text", GROWING_INPUTS + [
    "let (* a *)\n val x = 1 (* b *)\n val y = 2 (* c; *)\n in x end (* d *)\n ;",
    "(* only *)\n (* comments *)",
    "val x = 1 $ (* e *)\n val y = 2;",  # a lexical error, then `;`
    "val x = 1 (* e *)\n $\n (* f *)",
    "$ (* g *)\n ; (* h *)",
    "\"gap\\\n(* open;",  # a string cut at a gap's `\` (a lexical error) goes on on the next line
])
def test_an_input_read_a_line_at_a_time_is_complete_as_when_lexed_and_parsed_whole(text):
    from mlbox.parser import GrowingInput

    growing = GrowingInput()
    lines = text.split("\n")
    prefixes = ["\n".join(lines[:k]) for k in range(1, len(lines) + 1)]
    assert [growing.is_complete(prefix) for prefix in prefixes] == [complete_as_a_whole(p) for p in prefixes]
    assert not growing.is_complete("(1;") and growing.is_complete("(1);")  # another input


# Pieces of lines: constructs opened and closed, `;` in and out of them,
# comments and strings (spanning lines, holding `;`), lexical errors.
LINE_PIECES = ["val x = 1", "x", "(", ")", "[", "]", "let", "in", "end", "local", "abstype t = T with",
               ";", ";", "(* c; *)", "(* open;", "*)", "\"s;\"", "\"gap\\", "\\ ;\"", "$", "#\"ab\"",
               "code", "lift", "1 +", "fun f y =", "infix 5 ++", "1 ++ 2", "cogen u =", "op"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(LINE_PIECES), max_size=5), min_size=1, max_size=8))
def test_growing_input_answers_as_the_whole_text_at_every_line_of_random_lines(pieces):
    from mlbox.parser import GrowingInput

    lines = [" ".join(line) for line in pieces]
    prefixes = ["\n".join(lines[:k]) for k in range(1, len(lines) + 1)]
    for ask, whole in [(GrowingInput().is_complete, complete_as_a_whole), (GrowingInput().is_incomplete, is_incomplete)]:
        assert [ask(prefix) for prefix in prefixes] == [whole(prefix) for prefix in prefixes], whole.__name__


def test_only_a_variable_can_be_layered_with_a_type():
    assert syntax_error("val ((x, y) : int * int as z) = (1, 2)") == [(MSG_LAYERED, (1, 6))]


def test_and_for_andalso_is_explained():
    # `true and false`: `and` reads as joining a second declaration
    with pytest.raises(CompileError) as info:
        parse_program(Source("t.ml", "val b = true and false"))
    (diag,) = info.value.diagnostics
    assert diag.message == unexpected(EOF, "'='")
    assert diag.notes == (NOTE_AND_ANDALSO,)
    # a second binding with a pattern but no '=' is not so noted
    with pytest.raises(CompileError) as info:
        parse_program(Source("t.ml", "val a = 1 and b 2"))
    assert info.value.diagnostics[0].notes == ()
    # `and` of a `fun` or `datatype` is not noted
    with pytest.raises(CompileError) as info:
        parse_program(Source("t.ml", "datatype t = A and u B"))
    assert NOTE_AND_ANDALSO not in info.value.diagnostics[0].notes


def test_a_syntax_error_after_a_star_in_parentheses_comment_says_where_the_comment_ran():
    from mlbox.parser import NOTE_STAR_COMMENT

    # `(*)` meant as the multiplication function: a later `*)` closes the
    # comment it opens, and the code between silently disappears
    with pytest.raises(CompileError) as info:
        parse_program(Source("t.ml", "val f = (*)\nval g = 1 *)\nval z = 3"))
    (diag,) = info.value.diagnostics
    assert (diag.span.line, diag.span.col) == (3, 1)
    assert diag.notes[-1] == NOTE_STAR_COMMENT.format(line=1, col=9, end_line=2, end_col=11)
    # an ordinary comment gets no such note
    with pytest.raises(CompileError) as info:
        parse_program(Source("t.ml", "val f = (* c *)\nval z = 3"))
    assert not info.value.diagnostics[0].notes


@pytest.mark.parametrize("text, col", [("val f = \\x => x", 12), ("val g = map (\\(a, b) => a) []", 22),
                                       ("val h = fn x => \\ y => y", 21)])
def test_a_backslash_lambda_says_how_ml_writes_it(text, col):
    with pytest.raises(CompileError) as info:
        parse_program(Source("t.ml", text))
    (diag,) = info.value.diagnostics
    assert diag.message == unexpected("'=>'")  # (not "each rule ... begins with '|'")
    assert (diag.span.line, diag.span.col) == (1, col)
    assert diag.notes == (NOTE_BACKSLASH_LAMBDA,)


def test_a_second_rule_without_its_bar_is_not_taken_for_a_lambda():
    with pytest.raises(CompileError) as info:
        parse_program(Source("t.ml", "val h = fn 0 => 1 1 => 2"))
    assert NOTE_BACKSLASH_LAMBDA not in info.value.diagnostics[0].notes
    assert info.value.diagnostics[0].message == MSG_RULE_WITHOUT_BAR.format(unexpected("'=>'"))


@pytest.mark.parametrize("text, position, keyword", [
    # each was a bare "unexpected 'val'"
    ("fun f x =\n  val y = x + 1\n  y * 2", (2, 3), "val"),
    ("fun f x =\n  val y = 1 in x + y end", (2, 3), "val"),
    ('fun f x = (print "a"; val y = 2; y)', (1, 23), "val"),
    ("val g = fn x => fun h y = y", (1, 17), "fun"),
    ("fun f x = if x then datatype t = A else 2", (1, 21), "datatype"),
])
def test_a_declaration_where_an_expression_goes_is_told_about_let(text, position, keyword):
    assert syntax_notes(text) == [(*position, (NOTE_DEC_IN_EXPRESSION.format(keyword=keyword),))]


@pytest.mark.parametrize("text", [
    "fun f x = if x then print \"a\"\nval y = 2",  # (after an expression: the missing `else`)
    "val x = let val y = 1 in val z = 2 end",  # (after `in`)
    "val f =\nval z = 3",  # (a top-level declaration: the expression before it is missing)
])
def test_no_let_note_after_a_complete_expression_or_in(text):
    assert all(not any("go in a `let`" in note for note in notes) for _line, _col, notes in syntax_notes(text))


@pytest.mark.parametrize("text, error", [
    # was "'val' is a reserved word of ML and cannot be used as a name"
    ("fun even 0 = true\n  | even n = odd (n - 1)\nand val odd = fn n => not (even n)",
     (MSG_OTHER_KIND_AFTER_AND.format(unexpected("'val'"), kind="fun", other="val", example="f x = ...",
                                      second="g y = ..."), (3, 5))),
    ("val a = 1 and val b = 2",
     (MSG_KEYWORD_AFTER_AND.format(unexpected("'val'"), kind="val", example="a = 1", second="b = 2"), (1, 15))),
    ("fun f x = x and fun g y = y",
     (MSG_KEYWORD_AFTER_AND.format(unexpected("'fun'"), kind="fun", example="f x = ...", second="g y = ..."),
      (1, 17))),
])
def test_a_keyword_after_and_is_explained(text, error):
    assert syntax_error(text) == [error]


@pytest.mark.parametrize("text, position, note", [
    # each was a bare "unexpected '|'" or "unexpected 'int'"
    ("type color = Red | Green", (1, 18), NOTE_TYPE_FOR_DATATYPE.format(name="color")),
    ("type t = A of int", (1, 12), NOTE_TYPE_FOR_DATATYPE.format(name="t")),
    ("datatype t = A int | B", (1, 16), NOTE_CONSTRUCTOR_WITHOUT_OF.format(name="A", type="int")),
    ("datatype t = A | B (int * int)", (1, 20), NOTE_CONSTRUCTOR_WITHOUT_OF.format(name="B", type="(...)")),
    ("exception Bad string", (1, 15), NOTE_CONSTRUCTOR_WITHOUT_OF.format(name="Bad", type="string")),
    # a type variable meets the parser in another state (the name not reduced yet): was no note
    ("datatype 'a t = A 'a | B", (1, 19), NOTE_CONSTRUCTOR_WITHOUT_OF.format(name="A", type="'a")),
    ("datatype 'a t = B | A 'a list", (1, 23), NOTE_CONSTRUCTOR_WITHOUT_OF.format(name="A", type="'a")),
])
def test_a_type_declaration_written_as_another_is_explained(text, position, note):
    assert syntax_notes(text) == [(*position, (note,))]
