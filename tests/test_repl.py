"""The REPL through its programmatic API (mlbox/repl.py Session): replies
in SML/NJ's format for every kind of binding and value, errors and
exceptions that leave the session as it was, commands, interrupts, and
the bounded value printer (mlbox/valueprint.py)."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import threading

import pytest

from mlbox import driver, repl, valueprint
from mlbox.repl import Session, transcript_steps
from tests import smlnj_repl_diff

MACHINES = ["c", "py"]

COMP_POLY = """fun compPoly (nil) = code (fn x => 0)
  | compPoly (a::p) =
    let cogen f = compPoly p
        cogen a' = lift a
    in code (fn x => a' + (x * f x)) end;"""


@pytest.fixture(params=MACHINES)
def session(request):
    return Session(machine=request.param)


def replay(session: Session, transcript: str) -> None:
    for text, expected in transcript_steps(transcript):
        assert session.feed(text) == expected, f"for input {text!r}"


# ------------------------------------------------------------ replies


REPLIES = r"""
- val x = 42;
val x = 42 : int
- fun f y = x + y;
val f = fn : int -> int
- val g = code (fn z => z * 2);
val g = <code> : [int -> int]
- "hi";
val it = "hi" : string
- it ^ "!";
val it = "hi!" : string
- [1,2,3];
val it = [1,2,3] : int list
- (1,"a");
val it = (1,"a") : int * string
- ();
val it = () : unit
- SOME 3;
val it = SOME 3 : int option
- NONE;
val it = NONE : 'a option
- datatype shape = Circle of int | Rect of int * int;
datatype shape = Circle of int | Rect of int * int
- Rect (2,3);
val it = Rect (2,3) : shape
- [Circle 1, Rect (~1, 0)];
val it = [Circle 1,Rect (~1,0)] : shape list
- ~3;
val it = ~3 : int
- #"a";
val it = #"a" : char
- "tab\tquote\" backslash\\ nl\n ctl\001 high\200";
val it = "tab\tquote\" backslash\\ nl\n ctl\^A high\200" : string
- ref 5;
val it = ref 5 : int ref
- ref (SOME ~1);
val it = ref (SOME ~1) : int option ref
- SOME (SOME [1]);
val it = SOME (SOME [1]) : int list option option
- Array.fromList [1,2];
val it = [|1,2|] : int array
- Vector.fromList [1,2];
val it = #[1,2] : int vector
- SOME (Vector.fromList [Vector.fromList ["a"], Vector.fromList []]);
val it = SOME #[#["a"],#[]] : string vector vector option
- Fail "boom";
val it = Fail "boom" : exn
- 0w255;
val it = 0wxFF : word
- true andalso false;
val it = false : bool
- exception E;
exception E
- exception F of int * string;
exception F of int * string
- type 'a pair = 'a * 'a;
type 'a pair = 'a * 'a
- datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree;
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
- datatype color = Red | Green | Blue;
datatype color = Blue | Green | Red
- exception G = F;
exception G = F
- exception D = General.Div;
exception D = Div
- infix 0 ++; infixr 0 **; infix 3 %%;
infix ++
infixr **
infix 3 %%
- datatype ('a, 'b) either = L of 'b | R of 'a and t = T;
datatype ('a,'b) either = L of 'b | R of 'a
datatype t = T
- L 1;
val it = L 1 : ('a,int) either
- Node (Leaf, "x", Leaf);
val it = Node (Leaf,"x",Leaf) : string tree
- fn x => x;
val it = fn : 'a -> 'a
- [];
val it = [] : 'a list
- (fn x => x, [code 1]);
val it = (fn,[<code>]) : ('a -> 'a) * [int] list
- val (a, b) = (1, "two");
val a = 1 : int
val b = "two" : string
- val p = 1 val q = p + 1;
val p = 1 : int
val q = 2 : int
- cogen u = lift 7;
cogen u = <code> : int
- u + 1;
val it = 8 : int
"""


def test_replies_in_smlnj_format(session):
    replay(session, REPLIES)


def test_a_multi_line_input_and_the_paper_example(session):
    assert session.feed(COMP_POLY) == "val compPoly = fn : int list -> [int -> int]\n"
    assert session.feed("eval (compPoly [2,4,0,2333]) 47;") == "val it = 242219249 : int\n"
    assert session.feed("it + 1;") == "val it = 242219250 : int\n"


def test_program_output_comes_before_the_reply(session):
    replay(session, """
- print "hello\\n"; 5;
hello
val it = () : unit
val it = 5 : int
""")
    # output that does not end a line runs into the reply, as in SML/NJ
    assert session.feed('print "hi";') == "hival it = () : unit\n"


def test_val_rec_bindings_reply_last_first_as_smlnj_replies(session):
    """SML/NJ replies to the bindings of a `val rec` last first (those of
    a `fun ... and`, or a plain `val ... and`, in order); mlbox replied in
    order."""
    replay(session, """
- val rec f = fn x => x and g = fn 0 => 1 | n => n * g (n - 1) and h = fn s => s ^ "!";
val h = fn : string -> string
val g = fn : int -> int
val f = fn : 'a -> 'a
- val a = 1 val rec u = fn x => x and v = fn x => x + 1 val b = 2;
val a = 1 : int
val v = fn : int -> int
val u = fn : 'a -> 'a
val b = 2 : int
- local val rec p = fn x => x in val rec q = fn x => p x and r = fn () => () end;
val r = fn : unit -> unit
val q = fn : 'a -> 'a
- fun m x = x and n y = y + 1;
val m = fn : 'a -> 'a
val n = fn : int -> int
""")
    # after a plain binding with `and rec` (SML/NJ rejects it): the
    # recursive ones last first, as in a `val rec`
    replay(session, """
- val c = 1 and rec k = fn x => x and l = fn x => x + 1;
val c = 1 : int
val l = fn : int -> int
val k = fn : 'a -> 'a
""")


def test_weak_type_variables_print_with_an_underscore(session):
    assert session.feed("val r = ref [];") == "val r = ref [] : '_a list ref\n"


def test_an_error_names_an_earlier_input_s_weak_type_variable_as_its_reply_did(session):
    """'_a, not 'a: the variable is s's, not one this input left open; the
    input's own unknowns stay 'a (named after it)."""
    replay(session, """
- val s = ref [];
val s = ref [] : '_a list ref
- val q = ref (fn x => x);
val q = ref fn : ('_a -> '_a) ref
""")
    assert "has type int but '_a list is expected" in session.feed("s := 3;")
    assert "has type 'b -> 'b but '_a list is expected" in session.feed("s := (fn x => x);")
    assert "has type ('_a -> '_a) ref and is not a function" in session.feed("q 3;")


def test_an_input_that_does_not_check_fixes_no_weak_type_variable(session):
    replay(session, """
- val r = ref [];
val r = ref [] : '_a list ref
- :type r := [1]
r := [1] : unit
- r := ["s"];
val it = () : unit
- r;
val it = ref ["s"] : string list ref
- val s = ref [];
val s = ref [] : '_a list ref
""")
    # the error comes after the use that would fix '_a, in the same declaration
    reply = session.feed('val _ = s := [1] val x = 1 + "a";')
    assert "this operand of '+' has type string" in reply
    assert session.feed("s;") == "val it = ref [] : '_a list ref\n"
    assert session.feed('s := ["s"];') == "val it = () : unit\n"
    assert "unbound variable or constructor 'x'" in session.feed("x;")


def test_an_input_that_ran_keeps_how_it_fixed_weak_type_variables(session):
    """The part that ran stored an int list in q: forgetting that q is now
    an int list ref would let a later input read the int as a string."""
    replay(session, """
- val q = ref [];
val q = ref [] : '_a list ref
- val _ = q := [1] val y = 1 div 0;

uncaught exception Div [divide by zero]
- q;
val it = ref [1] : int list ref
""")
    assert "this operand of '^' has type int" in session.feed('val s = hd (!q) ^ "x";')
    assert "unbound variable or constructor 'y'" in session.feed("y;")


def test_exception_values_print_with_their_argument(session):
    replay(session, """
- Div;
val it = Div : exn
- exception E of int * string;
exception E of int * string
- [E (1,"a"), Fail "b c"];
val it = [E (1,"a"),Fail "b c"] : exn list
- SOME (Fail "x");
val it = SOME (Fail "x") : exn option
- exception R of exn;
exception R of exn
- R (R Div);
val it = R (R Div) : exn
- exception N;
exception N
- ref N;
val it = ref N : exn ref
""")


def test_a_value_of_a_local_exception_prints_its_argument_as_polyml_does(session):
    """An exception declared inside an expression, a `local` or a function
    has no top-level name (each evaluation makes a new exception): the
    checker records every declaration, and the printer takes the argument
    type that the declarations of the value's name agree on (it printed
    `L -`). Poly/ML 5.7 prints, line by line: `val it = L 3: exn`, `val v =
    L 3: exn`, `val it = Fail 3: exn` (a local Fail takes an int, not the
    basis's string), `val mk = fn: int -> exn`, `val it = M (1, "a"): exn`,
    `val it = (M (1, "a"), M (2, "b")): exn * exn`."""
    replay(session, """
- let exception L of int in L 3 end;
val it = L 3 : exn
- local exception L of int in val v = L 3 end;
val v = L 3 : exn
- let exception Fail of int in Fail 3 end;
val it = Fail 3 : exn
- fun mk (n, s) = let exception M of int * string in M (n, s) end;
val mk = fn : int * string -> exn
- mk (1, "a");
val it = M (1,"a") : exn
- (mk (1, "a"), mk (2, "b"));
val it = (M (1,"a"),M (2,"b")) : exn * exn
- Fail "still the basis's";
val it = Fail "still the basis's" : exn
""")


def test_a_local_exception_made_by_generated_code_prints_its_argument(session):
    """Under `code` too (Poly/ML has no `code`; without it, it prints
    `val it = L 3: exn` and `val it = M ("a", 5): exn`)."""
    replay(session, """
- val g = code (let exception L of int in L 3 end);
val g = <code> : [exn]
- eval g;
val it = L 3 : exn
- val h = code (fn n => let exception M of string * int in M ("a", n) end);
val h = <code> : [int -> exn]
- eval h 5;
val it = M ("a",5) : exn
""")


def test_a_local_exception_value_kept_by_an_input_that_bound_nothing_prints_its_argument(session):
    """The input stopped (no binding of it is made), or was a :gen command,
    but an earlier ref holds a value of its local exception."""
    replay(session, """
- val r = ref Div;
val r = ref Div : exn ref
- (r := (let exception K of int * int in K (1, 2) end); raise Fail "stop");

uncaught exception Fail [Fail: stop]
- !r;
val it = K (1,2) : exn
- :gen (r := (let exception Q of int in Q 1 end); code 1)
'1
1 instruction generated (26 reductions, 2 of them generating code)
- !r;
val it = Q 1 : exn
""")


def test_a_local_exception_s_argument_of_unknown_type_prints_as_a_dash(session):
    """Where the type is truly unknown the argument is `-`: a type variable
    (Poly/ML prints `val it = E ?: exn`, not knowing it either), and local
    declarations of one name with different types, as the value carries
    only the name (Poly/ML, which keeps the type with the exception,
    prints `val it = T 1: exn` then `val it = T "s": exn`). An uncaught
    local exception is reported by name, as SML/NJ reports it (Poly/ML:
    `Exception- L 3 raised`)."""
    replay(session, """
- fun f (x : 'a) = let exception E of 'a in E x end;
val f = fn : 'a -> exn
- f 3;
val it = E - : exn
- let exception T of int in T 1 end;
val it = T 1 : exn
- let exception T of string in T "s" end;
val it = T - : exn
- let exception L of int in raise L 3 end;

uncaught exception L
""")


def test_a_replicated_exception_prints_and_matches_as_the_exception_it_names(session):
    """`exception F = E` makes F another name of E: a handler for either
    catches the other's packets, and a value prints with E's name, as
    SML/NJ prints it (`exception F = E`, `val it = E(-) : exn`, `uncaught
    exception E`): the machine's value carries E's name, which is what a
    handler tests. Poly/ML replies `exception F of string` and prints
    `val it = F "q": exn` (its packets carry the name they were made
    with); mlbox's replies are SML/NJ's (docs/repl.md)."""
    replay(session, """
- exception E of string; exception F = E; exception G = F;
exception E of string
exception F = E
exception G = F
- (F "q", G "z");
val it = (E "q",E "z") : exn * exn
- ((raise F "q") handle E s => s, (raise E "r") handle G s => s);
val it = ("q","r") : string * string
- (case F "m" of E s => s | _ => "no", case E "n" of F s => s | _ => "no");
val it = ("m","n") : string * string
- exception E of int;
exception E of int
- (F "kept", E 1, (raise F "f") handle E _ => "int E" | F s => s);
val it = (E "kept",E 1,"f") : exn * exn * string
- raise G "x";

uncaught exception E
""")


def test_a_value_of_a_shadowed_exception_prints_its_argument_as_polyml_does(session):
    """The printer finds an exception's declaration by the exception's
    identity (its name value, as a handler matches it), not by the name,
    which a later declaration may take: Poly/ML 5.7 prints each line as
    here (`val it = E 3: exn`, `(E "kept", E 2)`, ...)."""
    replay(session, """
- exception E of int;
exception E of int
- val v = E 3;
val v = E 3 : exn
- exception E of string;
exception E of string
- v;
val it = E 3 : exn
- val old = E "kept";
val old = E "kept" : exn
- exception E of bool;
exception E of bool
- (v, old, E true, [SOME v]);
val it = (E 3,E "kept",E true,[SOME (E 3)])
  : exn * exn * exn * exn option list
- exception Fail of int;
exception Fail of int
- (Fail 1, General.Fail "basis");
val it = (Fail 1,Fail "basis") : exn * exn
""")


def test_a_value_of_a_shadowed_datatype_prints_as_polyml_prints_it(session):
    """The same with a datatype of the same name and constructor: Poly/ML
    5.7 prints `val it = A 1: ?.t`."""
    replay(session, """
- datatype t = A of int;
datatype t = A of int
- val v = A 1;
val v = A 1 : t
- datatype t = A of string;
datatype t = A of string
- v;
val it = A 1 : ?.t
- (v, A "s");
val it = (A 1,A "s") : ?.t * t
""")


def test_a_datatype_named_like_a_basis_type_prints_as_its_own_constructors(session):
    """A program may name its datatype int, bool, list or option; its
    values are its constructors, not the basis type's (they printed as
    ~1, false and [1,2]), as SML/NJ 110.79 prints them."""
    replay(session, """
- datatype 'a list = Nil | Cons of 'a * 'a list;
datatype 'a list = Cons of 'a * 'a list | Nil
- val l = Cons (1, Cons (2, Nil));
val l = Cons (1,Cons (2,Nil)) : int list
- datatype int = A | B;
datatype int = A | B
- val x = (A, 7);
val x = (A,7) : int * ?.int
- datatype bool = T | F;
datatype bool = F | T
- val y = (T, 1 < 2);
val y = (T,true) : bool * ?.bool
""")


def test_a_shadowed_or_hidden_type_prints_as_polyml_prints_it(session):
    """`?.t` when the name t now denotes another type (a later datatype,
    an abbreviation, or the one outside a `local`); plain `t` when the
    name denotes nothing, as Poly/ML 5.7 prints them."""
    replay(session, """
- datatype t = A;
datatype t = A
- val a = A;
val a = A : t
- datatype t = B;
datatype t = B
- val b = (a, B, [SOME a]);
val b = (A,B,[SOME A]) : ?.t * t * ?.t option list
- fun f (x : t) = a;
val f = fn : t -> ?.t
- local datatype t = C in val c = C end;
val c = C : ?.t
- local datatype u = D in val d = D end;
val d = D : u
- type t = int;
type t = int
- (B, 1 : t);
val it = (B,1) : ?.t * t
- datatype order = X;
datatype order = X
- LESS;
val it = LESS : ?.order
- datatype unit = U;
datatype unit = U
- ();
val it = () : ?.unit
""")
    # the qualified names of the basis name its types still: no confusion
    assert session.feed("val n : Int.int = 3;") == "val n = 3 : int\n"


def test_another_name_of_a_datatype_prints_as_polyml_prints_it(session):
    """A replication `datatype t = datatype u` (or `type t = u`) is another
    name of u's datatype. Shadowed, it gives way to u; once no name denotes
    the datatype, Poly/ML 5.7 writes the name the type was written with,
    `?.t` (mlbox wrote `?.u`). Hidden by a `local`, it gives way to the
    datatype's own name while that name denotes it (mlbox kept the hidden
    name), and is written plain after (it denotes nothing else)."""
    replay(session, """
- datatype u = A | B;
datatype u = A | B
- datatype t = datatype u;
datatype t = A | B
- val x = A;
val x = A : t
- datatype t = D;
datatype t = D
- x;
val it = A : u
- datatype u = E;
datatype u = E
- (x, [x]);
val it = (A,[A]) : ?.t * ?.t list
- datatype w = datatype t;
datatype w = D
- local datatype s = datatype w in val y = D end;
val y = D : t
- datatype w = F;
datatype w = F
- y;
val it = D : t
- datatype t = G;
datatype t = G
- y;
val it = D : s
""")


def test_a_type_shadowed_within_one_program_prints_against_each_declaration():
    from mlbox.checker import check_program, describe_binding
    from mlbox.parser import parse_program

    program = "datatype t = A\nval a = A\ntype old = t\ndatatype t = B of old\nexception E of t\nval b = (a, B a)\n"
    result = check_program(parse_program(program))
    assert [describe_binding(b) for b in result.elaboration.toplevel] == [
        "datatype t", "con A : t", "val a : t", "type old = t", "datatype t", "con B : old -> t",
        "exception E of t", "val b : ?.t * t"]


# ------------------------------------------------------------ errors keep the session


def test_uncaught_exception_adds_no_binding(session):
    replay(session, """
- val keep = 1;
val keep = 1 : int
- val lost = 2 val boom = 1 div 0;

uncaught exception Div [divide by zero]
- keep;
val it = 1 : int
""")
    reply = session.feed("lost;")
    assert "unbound variable or constructor 'lost'" in reply
    assert session.feed("exception Mine; raise Mine;") == "exception Mine\n\nuncaught exception Mine\n"
    assert session.feed('raise Fail "x";') == "\nuncaught exception Fail [Fail: x]\n"


def test_an_uncaught_domain_says_domain_error_as_smlnj_says_it(session):
    # Domain is the prelude's (mlbox/basis.py PRELUDE_EXCEPTIONS), not the machine's
    assert session.feed("exception Domain; raise Domain;") == "exception Domain\n\nuncaught exception Domain\n"
    assert session.feed("raise General.Domain;") == "\nuncaught exception Domain [domain error]\n"


def test_type_error_is_rendered_and_the_session_goes_on(session):
    session.feed("fun double x = 2 * x;")
    reply = session.feed('double "a";')
    assert reply.startswith("stdIn:1:8: error: this argument has type string")
    assert '    double "a";\n' in reply and "^^^" in reply
    assert session.feed("double 4;") == "val it = 8 : int\n"


def test_staging_error_names_the_variable_and_the_fix(session):
    reply = session.feed("fun bad x = code x;")
    assert "stdIn:1:18: error: value variable 'x' cannot be used inside 'code'" in reply
    assert "cogen x' = lift x" in reply
    assert session.feed("fun good x = let cogen x' = lift x in code x' end;") == "val good = fn : 'a -> ['a]\n"
    assert "unbound variable or constructor 'bad'" in session.feed("bad;")
    assert session.feed("eval (good 5);") == "val it = 5 : int\n"


def test_syntax_error(session):
    reply = session.feed("val = 3;")
    assert reply.startswith("stdIn:1:5: error:")
    assert session.feed("1 + 1;") == "val it = 2 : int\n"


def test_a_failed_declaration_binds_nothing_even_when_declared_early(session):
    # the first binding is fine, the second has a type error: neither is bound
    reply = session.feed('val fine = 1 val wrong = fine + "s";')
    assert "error" in reply and "val fine = 1 : int" not in reply
    assert "unbound variable or constructor 'fine'" in session.feed("fine;")


def test_each_declaration_up_to_its_semicolon_runs_before_the_next(session):
    """As SML/NJ reads its input: the declarations before a failing one
    are answered and kept, those after it are dropped, and each one's
    output comes before its own reply."""
    reply = session.feed('val fine = 1; val wrong = fine + "s"; val after = 2;')
    assert reply.startswith("val fine = 1 : int\nstdIn:1:34: error: this operand of '+' has type string")
    assert '    val fine = 1; val wrong = fine + "s"; val after = 2;\n' in reply  # the whole line is quoted
    assert session.feed("fine;") == "val it = 1 : int\n"
    assert "unbound variable or constructor 'after'" in session.feed("after;")
    replay(session, """
- 5; print "out\\n"; val a = 1; val b = hd [];
val it = 5 : int
out
val it = () : unit
val a = 1 : int

uncaught exception Empty
- val x = (1; 2); let val y = 1 in y; y end;
val x = 2 : int
val it = 1 : int
- a;
val it = 1 : int
""")
    assert "unbound variable or constructor 'b'" in session.feed("b;")


@pytest.mark.parametrize("text, segments", [
    ("val a = 1;", ["val a = 1;"]),
    ("val a = 1; val b = 2", ["val a = 1;", "           val b = 2"]),
    ("a;\nb;", ["a;", "  \nb;"]),
    ("(a; b); [c]; let val x = 1 in x; x end; local val y = 1 in val z = y end;",
     ["(a; b);", "        [c];", " " * 12 + " let val x = 1 in x; x end;",
      " " * 39 + " local val y = 1 in val z = y end;"]),
    ("a; (* ; *)", ["a;"]),
    ('"unterminated; x;', ['"unterminated; x;']),  # left to the lexer to report
])
def test_top_level_segments(text, segments):
    assert repl.top_level_segments(text) == segments


def test_warnings_are_printed_and_the_binding_made(session):
    reply = session.feed("fun h [] = 0;")
    assert reply.startswith("stdIn:1:5: warning: match nonexhaustive")
    assert reply.endswith("val h = fn : 'a list -> int\n")
    assert session.feed("h [1];") == "\nuncaught exception Match [nonexhaustive match failure]\n"


def test_machine_errors_are_reported_and_the_machine_stays_usable(session):
    session.feed("fun deep n = 1 + deep (n + 1);")
    session.machine.max_stack = 10_000
    reply = session.feed("deep 0;")
    assert reply.startswith(repl.MACHINE_ERROR.format(status="STACK_LIMIT", message=""))
    assert session.feed("deep;") == "val it = fn : int -> int\n"


def test_interrupt_keeps_earlier_bindings(session):
    """SIGINT while a loop runs (what Ctrl-C sends): the input stops with
    `Interrupt`, nothing its declaration bound is bound, the machine goes on."""
    session.feed("val before_ = 41;")
    done = threading.Event()

    def on_sigint(signum, frame):
        if not done.is_set():
            raise KeyboardInterrupt

    def keep_interrupting():
        # several times: one signal may land between Python code and the
        # C machine's own handler, where it is only noted
        while not done.wait(0.3):
            os.kill(os.getpid(), signal.SIGINT)

    previous = signal.signal(signal.SIGINT, on_sigint)
    sender = threading.Thread(target=keep_interrupting)
    sender.start()
    try:
        reply = session.feed("fun loop () = loop (); val lost = 0 val it = loop ();")
    finally:
        done.set()
        sender.join()
        signal.signal(signal.SIGINT, previous)
    assert reply == "val loop = fn : unit -> 'a\n" + repl.INTERRUPT + "\n"
    assert session.feed("before_ + 1;") == "val it = 42 : int\n"
    assert "unbound" in session.feed("lost;")


# ------------------------------------------------------------ completeness


@pytest.mark.parametrize("text, complete", [
    ("val x = 1;", True),
    ("val x = 1", False),
    ("fun f x =\n  x + 1;", True),
    ("let val x = 1 in x;", False),  # a `;` inside let ... end
    ("(* a comment; *)", True),
    ("(* unfinished; ", False),
    ("val x = 1; (* trailing *)", True),  # comments are not tokens
    ("", True),
    ("   ", True),
    (":type 1 + 1", True),
    ("1 +;", True),  # a syntax error is reported, not waited on
    ('"unterminated;', True),
])
def test_is_complete(text, complete):
    assert Session(machine="py").is_complete(text) is complete


def test_blank_and_comment_inputs_print_nothing(session):
    assert session.feed("") == ""
    assert session.feed("(* nothing *)") == ""


# ------------------------------------------------------------ commands


def test_type_command(session):
    session.feed(COMP_POLY)
    assert session.feed(":type compPoly") == "compPoly : int list -> [int -> int]\n"
    assert session.feed(":type compPoly [1]") == "compPoly [1] : [int -> int]\n"
    assert session.feed(":type fn x => x") == "fn x => x : 'a -> 'a\n"
    # :type binds nothing, not even `it`
    assert "unbound" in session.feed("it;")
    assert session.feed(":type val y = 1") == repl.NOT_AN_EXPRESSION.format(name="type") + "\n"
    assert session.feed(":type") == repl.NEEDS_ARGUMENT.format(name="type", what="an expression") + "\n"
    assert "error: unbound variable or constructor 'nope'" in session.feed(":type nope")


def test_a_long_type_is_broken_as_a_val_reply_is(session):
    session.feed("fun f (a, b, c, d, e, g, h, i, j) = (a + 1, b ^ \"\", [c], d andalso e, g, h, i, j, fn x => x);")
    val_reply = session.feed("f;")
    assert val_reply.startswith("val it = fn\n  : ")
    # was all on one line of 170 columns
    assert session.feed(":type f") == "f" + val_reply[len("val it = fn"):]
    assert session.feed(":set linewidth 40") == "linewidth 40\n"
    assert all(len(line) <= 40 for line in session.feed(":type f").splitlines())


def test_gen_command_shows_the_generated_code(session):
    session.feed(COMP_POLY)
    reply = session.feed(":gen compPoly [2,4,0,2333]")
    lines = reply.splitlines()
    assert lines[0] == "Cur("
    assert "'2333" in reply and "mul" in reply and "add" in reply
    summary = lines[-1]
    assert summary.startswith("34 instructions generated (")
    # `f x` is beta-reduced while generating, and the coefficient 0 folded away
    assert reply.count("Cur(") == 1 and "'0, " not in reply
    # Cur, then generator.INVOKE (push, quote the mode, swap, push, arena, cons,
    # app), the generator's test of the mode (swap, switch), then 5 emits;
    # arena and emits generate
    assert session.feed(":gen code (1 + 2)") == "'1; ⟨'2⟩; add\n" + \
        repl.GEN_SUMMARY.format(count=5, instructions="instructions", reductions=15, generating=6) + "\n"


def test_gen_counts_one_instruction_in_the_singular(session):
    assert session.feed(":gen code 1") == "'1\n" + \
        repl.GEN_SUMMARY.format(count=1, instructions="instruction", reductions=11, generating=2) + "\n"
    assert "1 instruction generated (" in session.feed(":gen code 1")


def test_gen_with_a_lifted_value(session):
    session.feed("cogen seven = lift 7;")
    reply = session.feed(":gen code (seven * 2)")
    assert reply.startswith("'7; ⟨'2⟩; mul\n")


def test_gen_shows_lifted_closures_refs_arrays_and_exceptions(session):
    session.feed("exception E;")
    assert session.feed(":gen let val r = ref 3 in lift (fn () => !r) end").startswith("'[((), ref(3)) : 2 ins]\n")
    assert session.feed(":gen lift (Array.fromList [1, 2])").startswith("'[|1, 2|]\n")
    assert session.feed(":gen lift (Vector.fromList [1, 2])").startswith("'#[1, 2]\n")
    assert session.feed(":gen lift E").startswith("'E\n")


def test_gen_shows_a_lifted_value_that_contains_itself(session):
    # A cycle through a ref or an array is shown as `…`. The C machine makes
    # a new Python object at each read of a handle, so ccam.values.show
    # knows them by their C identity: `:gen` used to loop for ever there.
    session.feed("datatype node = N of int * node option ref;")
    session.feed("val r = ref NONE;")
    session.feed("val _ = r := SOME (N (1, r));")
    assert session.feed(":gen lift r").startswith("'ref(C1(C0((1, …))))\n")
    session.feed("datatype t = L | A of t array;")
    session.feed("val a = Array.array (2, L);")
    session.feed("val _ = Array.update (a, 1, A a);")
    assert session.feed(":gen lift a").startswith("'[|C0, C1(…)|]\n")


def test_gen_needs_a_generator_and_says_how_to_make_one(session):
    assert session.feed(":gen 3") == "".join(line + "\n" for line in [
        repl.NOT_A_GENERATOR.format(type="int"), repl.GEN_LIFT_OR_CODE.format(e="3")])
    # an expression with spaces in parentheses; a function's value lifted is
    # an opaque closure: only `code` shows its code
    assert session.feed(":gen 1 + 2;").endswith(repl.GEN_LIFT_OR_CODE.format(e="(1 + 2)") + "\n")
    assert session.feed(":gen fn x => x").endswith(repl.GEN_CODE_OF_FUNCTION.format(e="(fn x => x)") + "\n")
    # an atomic expression needs none (`:gen lift ([1, 2])` was suggested)
    for atomic in ("[1, 2]", "(1, 2)", '"a b"', "(1 + 2)", "let val y = 2 in y end", "()"):
        assert session.feed(f":gen {atomic}").endswith(repl.GEN_LIFT_OR_CODE.format(e=atomic) + "\n")
    for compound in ("SOME 3", "(1, 2) = (3, 4)", "let val y = 2 in y end + 1", "[1] @ [2]"):
        assert session.feed(f":gen {compound}").endswith(repl.GEN_LIFT_OR_CODE.format(e=f"({compound})") + "\n")
    # what the notes suggest is accepted
    assert session.feed(":gen lift 3").startswith("'3\n")
    assert "1 instruction generated" in session.feed(":gen lift [1, 2]")
    assert session.feed(":gen code (1 + 2)").startswith("'1; ⟨'2⟩; add\n")
    assert session.feed(":gen code (fn x => x)").startswith("Cur(acc 0)\n")


def test_gen_of_a_generator_function_says_to_apply_it(session):
    # `:gen codePower` for `:gen codePower 3`: the reply named the type only
    session.feed("fun codePower e = if e = 0 then code (fn _ => 1) "
                 "else let cogen p = codePower (e - 1) in code (fn b => b * (p b)) end;")
    assert session.feed(":gen codePower") == "".join(line + "\n" for line in [
        repl.NOT_A_GENERATOR.format(type="int -> [int -> int]"),
        repl.GEN_APPLY_FIRST.format(example=" (:gen codePower ARG)")])
    session.feed("fun two (a : int) b = lift (a + b);")
    assert session.feed(":gen two 1").endswith(repl.GEN_APPLY_FIRST.format(example="") + "\n")


def test_gen_reports_an_exception_in_the_generator(session):
    assert session.feed(":gen ((raise Div) : [int])") == "\nuncaught exception Div [divide by zero]\n"
    assert session.feed(":gen code (1 div 0)").startswith("'1; ⟨'0⟩; div\n")


def test_dis_command(session):
    session.feed("fun f y = y + 1;")
    assert session.feed(":dis fn x => x + 1") == "Cur(acc 0; ⟨'1⟩; add)\n"
    reply = session.feed(":dis f 2")
    assert "getglobal" in reply and ":f" in reply and "app" in reply


def test_stats_command_toggles_the_counts(session):
    session.feed("fun sq x = x * x;")
    assert session.feed(":stats") == repl.STATS_ON + "\n"
    reply = session.feed("sq 3;")
    first, second = reply.splitlines()
    assert first == "val it = 9 : int"
    assert second.startswith("[reductions: ") and "0 generating code" in second
    staged = session.feed("eval (code (sq 3));").splitlines()[-1]
    assert "emitted: 0" not in staged
    assert session.feed(":stats") == repl.STATS_OFF + "\n"
    assert session.feed("sq 4;") == "val it = 16 : int\n"


def test_stats_on_and_off_set_the_counts_and_nothing_toggles_them():
    s = Session(machine="py")
    assert s.feed(":stats on") == repl.STATS_ON + "\n"
    assert s.feed(":stats on") == repl.STATS_ON + "\n"  # still on: a setting, not a toggle
    assert s.feed(":stats OFF") == repl.STATS_OFF + "\n"
    assert s.feed(":stats") == repl.STATS_ON + "\n"
    assert s.feed(":stats yes") == ":stats takes on, off or nothing (to toggle), not 'yes'\n"
    assert s.stats


def test_stats_option():
    s = Session(machine="py", stats=True)
    assert s.feed("1;").splitlines()[-1].startswith("[reductions: ")


@pytest.mark.parametrize("machine", ["c", "py"])
def test_load_header_comes_before_the_files_prints_on_a_stream(machine, tmp_path):
    # With an output stream (the interactive REPL), prints are written as
    # they happen and the replies after the input: the header, kept with
    # the replies, came out after everything the file printed.
    if machine == "c" and not driver.c_machine_available():
        pytest.skip("the C machine is not built")
    lib = tmp_path / "lib.sml"
    lib.write_text('val _ = print "loaded\\n"\nval base = 10\n')
    stream = io.BytesIO()
    reply = Session(machine=machine, out=stream).feed(f":load {lib}")
    assert stream.getvalue().decode() == f"[loading {lib}]\nloaded\n"
    assert reply == "val base = 10 : int\n"


def test_load_command(session, tmp_path):
    good = tmp_path / "lib.sml"
    good.write_text('val base = 10\nfun add x = x + base\nval _ = print "loaded\\n"\n')
    reply = session.feed(f":load {good}")
    assert reply == f"[loading {good}]\nloaded\nval base = 10 : int\nval add = fn : int -> int\n"
    assert session.feed("add 5;") == "val it = 15 : int\n"
    bad = tmp_path / "bad.sml"
    bad.write_text('val ok = 1\nval no = ok + "x"\n')
    reply = session.feed(f":load {bad}")
    assert f"{bad}:2:" in reply and "error" in reply
    assert "unbound" in session.feed("ok;")
    bad.write_text('val ok = 1;\nval no = ok + "x";\n')  # one declaration, `;` or not (docs/repl.md)
    assert f"{bad}:2:" in session.feed(f":load {bad}") and "unbound" in session.feed("ok;")
    missing = tmp_path / "missing.sml"
    assert session.feed(f":load {missing}") == \
        f"cannot read {missing}: no such file\n"  # as the command line says it (cli.read_source)
    assert session.feed(":load") == repl.NEEDS_ARGUMENT.format(name="load", what="a file name") + "\n"


def test_help_quit_and_unknown_commands(session):
    assert session.feed(":help") == repl.HELP + "\n"
    for command in ("type", "gen", "dis", "stats", "load", "help", "quit"):
        assert f":{command}" in repl.HELP
    assert session.feed(":frobnicate") == repl.UNKNOWN_COMMAND.format(name="frobnicate") + "\n"
    assert not session.finished
    assert session.feed(":quit") == ""
    assert session.finished


def test_an_input_that_starts_with_a_symbolic_identifier_is_not_a_command(session):
    """`::` made nonfix, or a symbolic function such as `:+:`, may start an
    input; it was taken for an unknown command `::`. (Command names are
    alphanumeric; `:` alone is still an unknown command.)"""
    replay(session, """
- nonfix ::;
nonfix ::
- :: (1, []);
val it = [1] : int list
- fun :+: (a, b) = a + b;
val :+: = fn : int * int -> int
- :+: (1, 2);
val it = 3 : int
""")
    assert session.is_complete(":+: (1,") is False
    assert session.is_complete(":+: (1, 2);") is True
    assert session.feed(":") == repl.UNKNOWN_COMMAND.format(name="") + "\n"
    assert session.feed(":tpye x") == repl.UNKNOWN_COMMAND.format(name="tpye") + "\n"


def test_use_as_in_other_top_levels_points_to_load(session):
    reply = session.feed('use "prog.sml";')
    assert "unbound variable or constructor 'use'" in reply
    assert reply.rstrip("\n").endswith("note: " + repl.USE_HINT)
    assert "mlbox run" not in reply
    session.feed("fun use f = size f;")  # a program's own `use` is no mistake
    assert session.feed('use "prog.sml";') == "val it = 8 : int\n"
    assert repl.USE_HINT not in session.feed("usee 1;")


# ------------------------------------------------------------ bounded printing


def test_long_lists_and_strings_are_cut_as_smlnj_cuts_them(session):
    """printLength 12, stringDepth 70: a 100 000-element list shows 12."""
    session.feed("fun upto (i, n) = if i > n then [] else i :: upto (i + 1, n);")
    assert session.feed("upto (1, 100000);") == "val it = [1,2,3,4,5,6,7,8,9,10,11,12,...] : int list\n"
    assert session.feed("upto (1, 12);") == "val it = [1,2,3,4,5,6,7,8,9,10,11,12] : int list\n"
    # past the line width, the reply breaks (after `=`, before `:`)
    reply = session.feed('String.concat (map (fn _ => "ab") (upto (1, 1000)));')
    assert reply == 'val it =\n  "' + "ab" * 35 + '#"\n  : string\n'
    assert session.feed("Array.array (1000, 0);") == "val it = [|0,0,0,0,0,0,0,0,0,0,0,0,...|] : int array\n"
    assert session.feed("Vector.tabulate (13, fn i => i);") == \
        "val it = #[0,1,2,3,4,5,6,7,8,9,10,11,...] : int vector\n"


def test_an_array_holding_itself_is_shown_with_its_cycle(session):
    # the C machine reads an array's items in one C call (ccam_read), which
    # gives up when it meets the array again inside; the items are then read
    # one by one
    replay(session, """
- datatype knot = Knot of knot array | End;
datatype knot = End | Knot of knot array
- val a = Array.array (2, End);
val a = [|End,End|] : knot array
- Array.update (a, 1, Knot a);
val it = () : unit
- a;
val it = [|End,Knot %0|] as %0 : knot array
- Array.tabulate (3, fn i => if i = 1 then Knot a else End);
val it = [|End,Knot [|End,Knot %1|] as %1,End|] : knot array
""")


def test_deep_and_cyclic_values_are_cut_as_smlnj_cuts_them(session):
    """printDepth 5: every tuple, list, constructor and ref is a level."""
    replay(session, """
- datatype t = A | B of t ref;
datatype t = A | B of t ref
- val r = ref A;
val r = ref A : t ref
- r := B r;
val it = () : unit
- r;
val it = ref (B %0) as %0 : t ref
- (r, SOME r, [r]);
val it = (ref (B %1) as %1,SOME (ref (B %2)) as %2,[ref (B %3) as %3])
  : t ref * t ref option * t ref list
- datatype u = U of u ref list | E;
datatype u = E | U of u ref list
- val s = ref E; val q = ref E; s := U [q, s]; q := U [s];
val s = ref E : u ref
val q = ref E : u ref
val it = () : unit
val it = () : unit
- s;
val it = ref (U [ref (U #),%4]) as %4 : u ref
- val shared = ref 1;
val shared = ref 1 : int ref
- (shared, [shared]);
val it = (ref 1,[ref 1]) : int ref * int ref list
- datatype n = Z | S of n;
datatype n = S of n | Z
- fun mk 0 = Z | mk k = S (mk (k - 1));
val mk = fn : int -> n
- mk 100000;
val it = S (S (S (S (S #)))) : n
- mk 4;
val it = S (S (S (S Z))) : n
- ((((((1,2),3),4),5),6),7);
val it = (((((#,#),4),5),6),7)
  : (((((int * int) * int) * int) * int) * int) * int
- [[[[[()]]]]];
val it = [[[[[#]]]]] : unit list list list list list
""")


def test_set_changes_how_much_of_a_value_is_shown(session):
    session.feed("fun upto (i, n) = if i > n then [] else i :: upto (i + 1, n);")
    assert session.feed(":set") == "printDepth 5\nprintLength 12\nstringDepth 70\nlinewidth 79\n"
    assert session.feed(":set printLength 3") == "printLength 3\n"
    assert session.feed("upto (1, 10);") == "val it = [1,2,3,...] : int list\n"
    assert session.feed(":set printlength 0") == "printLength 0\n"  # the name in any case
    assert session.feed("(upto (1, 10), Vector.fromList [1]);") == "val it = ([...],#[...]) : int list * int vector\n"
    assert session.feed(":set printLength 100") == "printLength 100\n"
    assert session.feed("upto (1, 100);").count(",") == 99
    assert session.feed(":set printDepth 2") == "printDepth 2\n"
    assert session.feed("SOME (SOME (SOME 1));") == "val it = SOME (SOME #) : int option option option\n"
    assert session.feed(":set printDepth 0") == "printDepth 0\n"
    assert session.feed("1;") == "val it = # : int\n"
    session.feed(":set printDepth 5")
    assert session.feed(":set stringDepth 2") == "stringDepth 2\n"
    assert session.feed('"abc";') == 'val it = "ab#" : string\n'
    assert session.feed(":set linewidth 20") == "linewidth 20\n"
    assert session.feed('"abcdefghijklmnopqrstuvwxyz";') == 'val it = "ab#"\n  : string\n'
    assert session.feed(":set printDepth") == repl.SET_USAGE.format(names=", ".join(repl.SETTINGS)) + "\n"
    assert session.feed(":set depth 3") == repl.SET_USAGE.format(names=", ".join(repl.SETTINGS)) + "\n"
    assert session.feed(":set printDepth ~1") == "printDepth takes a number from 0 to 200, not '~1'\n"
    assert session.feed(":set linewidth 0") == "linewidth takes a number from 1 to 1000000, not '0'\n"
    assert session.feed(":set") == "printDepth 5\nprintLength 100\nstringDepth 2\nlinewidth 20\n"


@pytest.mark.parametrize("machine", MACHINES)
def test_the_deepest_print_depth_fits_the_stack(machine):
    session = Session(machine=machine)
    session.feed("datatype n = Z | S of n; fun mk 0 = Z | mk k = S (mk (k - 1));")
    session.feed("datatype tree = Leaf | Node of tree option list * int ref;")
    session.feed("fun deep 0 = Leaf | deep k = Node ([SOME (deep (k - 1))], ref k);")
    high = repl.SETTINGS["printDepth"][1]
    session.feed(f":set printDepth {high}")
    session.feed(":set linewidth 1000000")
    assert session.feed("mk 100000;") == "val it = " + "S (" * (high - 1) + "S #" + ")" * (high - 1) + " : n\n"
    reply = session.feed("deep 1000;")
    assert reply.startswith("val it = Node ([SOME (Node ([SOME (Node ([") and reply.endswith(",ref 1000) : tree\n")
    assert "#" in reply


def test_long_replies_break_as_smlnj_breaks_them(session):
    replay(session, """
- List.tabulate (10, fn i => "string number " ^ Int.toString i);
val it =
  ["string number 0","string number 1","string number 2","string number 3",
   "string number 4","string number 5","string number 6","string number 7",
   "string number 8","string number 9"] : string list
- datatype shape = Circle of int | Rect of int * int | Triangle of int * int * int | Polygon of int list;
datatype shape
  = Circle of int
  | Polygon of int list
  | Rect of int * int
  | Triangle of int * int * int
- datatype r = R of int * int | RR of (int * int) | RL of int list | RS of string | RT of r;
datatype r
  = R of int * int | RL of int list | RR of int * int | RS of string | RT of r
- List.tabulate (6, fn i => (Rect (i, i * 100000), Triangle (i, i, i)));
val it =
  [(Rect (0,0),Triangle (0,0,0)),(Rect (1,100000),Triangle (1,1,1)),
   (Rect (2,200000),Triangle (2,2,2)),(Rect (3,300000),Triangle (3,3,3)),
   (Rect (4,400000),Triangle (4,4,4)),(Rect (5,500000),Triangle (5,5,5))]
  : (shape * shape) list
""")


def test_long_types_and_declarations_break_as_smlnj_breaks_them(session):
    # (the replies SML/NJ 110.79 gives)
    replay(session, """
- fun apply (f : int list -> string list -> (int * string) list) xs ys = f xs ys;
val apply = fn
  : (int list -> string list -> (int * string) list)
    -> int list -> string list -> (int * string) list
- exception Bad of (int * string) list * (string -> int) * int option * string list;
exception Bad of
  (int * string) list * (string -> int) * int option * string list
- exception Eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee of int;
exception Eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee of
  int
- exception F = Eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee;
exception F =
  Eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee
- type t = int * int * int * int * int * int * int * int * int * int * int * int * unit;
type t =
  int * int * int * int * int * int * int * int * int * int * int * int * unit
- type 'a tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt = 'a;
type 'a
  tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt =
  'a
""")


def test_a_tuple_type_breaks_after_a_star_that_fits(session):
    # SML/NJ 110.79's replies (its lines end in "* ", with the space)
    replay(session, "- datatype t = C of (int -> int) * (int -> int) * (int -> int) * (int -> int)"
                    " * (int -> int) * (int -> int);\n"
                    "datatype t\n"
                    "  = C of (int -> int) * (int -> int) * (int -> int) * (int -> int) * \n"
                    "         (int -> int) * (int -> int)\n"
                    "- fun f (x : string list * int option * string list * char * int list list * bool"
                    " * string list * int) = x;\n"
                    "val f = fn\n"
                    "  : string list * int option * string list * char * int list list * bool * \n"
                    "    string list * int\n"
                    "    -> string list * int option * string list * char * int list list * bool * \n"
                    "       string list * int\n")


def test_type_variables_past_z_are_named_as_smlnj_names_them(session):
    replay(session, """
- fn (a,b,c,d,e,f,g,h,i,j,k,l,m,n,o1,p,q,r,s,t,u,v,w,x,y,z,aa,bb) => (bb,aa,z,a);
val it = fn
  : 'a * 'b * 'c * 'd * 'e * 'f * 'g * 'h * 'i * 'j * 'k * 'l * 'm * 'n * 'o
    * 'p * 'q * 'r * 's * 't * 'u * 'v * 'w * 'x * 'y * 'z * 'ba * 'bb
    -> 'bb * 'ba * 'z * 'a
""")


def test_a_type_document_is_the_type_s_text_on_one_line():
    from mlbox.diagnostics import Source
    from mlbox.driver import front_end
    from mlbox.pretty import flat
    from mlbox.types import TypePrinter

    _, result = front_end(Source("t", "datatype ('a, 'b) e = L of 'a | R of 'b; "
                                      "fun f (g : (int * string) list -> ('a -> 'b) -> 'a option) "
                                      "(x : (int, [int -> unit]) e) = g;"))
    ty = result.elaboration.toplevel[-1].scheme
    assert flat(TypePrinter().doc(ty)) == TypePrinter().show(ty) == \
        "((int * string) list -> ('a -> 'b) -> 'a option) -> (int, [int -> unit]) e -> " \
        "(int * string) list -> ('a -> 'b) -> 'a option"


def test_infix_constructors_print_infix_while_they_are_infix(session):
    replay(session, """
- infixr 5 ++;
infixr 5 ++
- datatype t = N | ++ of int * t;
datatype t = ++ of int * t | N
- 1 ++ 2 ++ N;
val it = 1 ++ 2 ++ N : t
- (SOME (1 ++ N), [1 ++ N]);
val it = (SOME (1 ++ N),[1 ++ N]) : t option * t list
- infix 3 @@;
infix 3 @@
- datatype q = @@ of q * q | I of int;
datatype q = @@ of q * q | I of int
- ((I 1 @@ I 2) @@ I 3, I 1 @@ (I 2 @@ I 3));
val it = (I 1 @@ I 2 @@ I 3,I 1 @@ (I 2 @@ I 3)) : q * q
- infix 7 **;
infix 7 **
- datatype m = ** of m * m | K;
datatype m = ** of m * m | K
- ((K ** K) ** K, K ** (K ** K));
val it = (K ** K ** K,K ** (K ** K)) : m * m
- nonfix ++;
nonfix ++
- ++ (1, ++ (2, N));
val it = ++ (1,++ (2,N)) : t
""")


# ------------------------------------------------------------ the value printer itself


@pytest.mark.parametrize("code, text", [
    (ord("a"), "a"), (ord('"'), '\\"'), (ord("\\"), "\\\\"), (10, "\\n"), (9, "\\t"), (7, "\\a"),
    (13, "\\r"), (0, "\\^@"), (27, "\\^["), (127, "\\127"), (255, "\\255"),
])
def test_sml_character_escapes(code, text):
    assert valueprint.escape_char(code) == text


def test_literals():
    assert valueprint.int_literal(-5) == "~5"
    assert valueprint.word_literal(-1) == "0wx7FFFFFFFFFFFFFFF"
    assert valueprint.char_literal(10) == '#"\\n"'
    assert valueprint.string_literal(b"ab", truncated=True) == '"ab#"'


def test_custom_limits():
    from ccam.values import Con, Pair
    from mlbox.checker import BUILTIN_TYCONS, INT
    from mlbox.types import TCon

    value = Con(0)
    for i in reversed(range(5)):
        value = Con(1, Pair(i, value))
    list_of_int = TCon(BUILTIN_TYCONS["list"], (INT,))
    show = valueprint.show_value
    assert show(valueprint.PyReader(), value, list_of_int) == "[0,1,2,3,4]"
    assert show(valueprint.PyReader(), value, list_of_int, valueprint.Limits(length=2)) == "[0,1,...]"
    nested = Con(1, Pair(value, Con(0)))
    assert show(valueprint.PyReader(), nested, TCon(BUILTIN_TYCONS["list"], (list_of_int,)),
                valueprint.Limits(depth=1)) == "[#]"


# ------------------------------------------------------------ transcripts and the command line


def test_transcript_steps():
    steps = transcript_steps("""intro text
- val x =
=   1;
val x = 1 : int
- print "a\\n";
a
val it = () : unit
""")
    assert steps == [("val x =\n  1;", "val x = 1 : int\n"),
                     ('print "a\\n";', "a\nval it = () : unit\n")]


@pytest.mark.parametrize("argv", [[], ["--machine", "py"], ["repl", "--machine", "c", "--stats"]])
def test_mlbox_without_a_command_starts_the_repl(argv, tmp_path):
    env = dict(os.environ, MLBOX_HISTORY=str(tmp_path / "h"))
    done = subprocess.run([sys.executable, "-m", "mlbox", *argv], input="val x = 6 * 7;\nx;\n",
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert "val x = 42 : int" in done.stdout and "val it = 42 : int" in done.stdout
    assert done.stderr == ""
    if "--stats" in argv:
        assert "[reductions: " in done.stdout


@pytest.mark.parametrize("tail, reply", [
    ("val last = 6 * 7\n", "val last = 42 : int\n"),  # no `;` before the end of input
    ('val s = "open\n', "stdIn:1:9: error: unterminated string literal\n"),
    ("val c = (* open\n", "stdIn:1:9: error: unterminated comment\n"),
    ("val y =\n  1 +\n", "stdIn:2:6: error: syntax error: unexpected end of file\n"),
])
def test_an_input_unfinished_at_the_end_is_run_or_reported_not_dropped(tail, reply, tmp_path):
    # as Poly/ML does at the end of its input; it was dropped without a word
    env = dict(os.environ, MLBOX_HISTORY=str(tmp_path / "h"))
    done = subprocess.run([sys.executable, "-m", "mlbox", "repl"], input="val x = 1;\n" + tail,
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0 and done.stderr == ""
    after_the_first = done.stdout.split("val x = 1 : int\n", 1)[1]
    assert reply in after_the_first, done.stdout


def test_a_command_ends_an_unfinished_input(tmp_path):
    # `val x = 3` without its `;`, then a command: the command was read as
    # more of the input (a syntax error at `type`), and `:quit` could not
    # leave; the unfinished input is now run as at the end of the input
    env = dict(os.environ, MLBOX_HISTORY=str(tmp_path / "h"))
    done = subprocess.run([sys.executable, "-m", "mlbox", "repl"],
                          input="val x = 3\n:type x\nval y = (1,\n:quit\nval z = 2;\n",
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0 and done.stderr == ""
    assert "val x = 3 : int\nx : int\n" in done.stdout
    assert "unexpected end of file" in done.stdout  # `val y = (1,`, reported
    assert "val z" not in done.stdout  # :quit left


def test_a_colon_continuing_an_input_is_still_a_type_constraint():
    session = Session()
    assert not session.is_command("  : int;") and not session.is_command(":")
    assert session.is_command(":type x") and session.is_command(" :quit ")


@pytest.mark.parametrize("encoding", [None, "utf-8"], ids=["locale", "strict-utf-8"])
def test_a_line_that_is_not_utf8_is_a_located_error_and_the_session_goes_on(encoding, tmp_path):
    # it was an internal error (UnicodeEncodeError in the lexer) or, with a
    # strict stdin, UnicodeDecodeError out of input() that lost the rest
    env = dict(os.environ, MLBOX_HISTORY=str(tmp_path / "h"))
    if encoding:
        env["PYTHONIOENCODING"] = encoding
    done = subprocess.run([sys.executable, "-m", "mlbox", "repl"], input=b'val s = "a\xffb";\nval x = 1;\n',
                          capture_output=True, timeout=120, env=env)
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode == 0 and done.stderr == b""
    assert "stdIn:1:11: error: not UTF-8 text (byte 0xff) in a literal" in out
    assert "val x = 1 : int" in out and "internal error" not in out


def test_a_byte_that_is_not_utf8_outside_a_literal_is_named_as_a_byte(tmp_path):
    # it was "illegal character '\udcff'": the escape Python reads it as
    env = dict(os.environ, MLBOX_HISTORY=str(tmp_path / "h"))
    done = subprocess.run([sys.executable, "-m", "mlbox", "repl"], input=b'val a\xff = 1;\nval x = 2;\n',
                          capture_output=True, timeout=120, env=env)
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode == 0 and done.stderr == b""
    assert "stdIn:1:6: error: not UTF-8 text (byte 0xff)\n" in out
    assert "udcff" not in out and "val x = 2 : int" in out


@pytest.mark.parametrize("machine", MACHINES)
def test_limits_bound_each_input_and_the_session_goes_on(machine):
    s = Session(machine=machine, limits={"max_reductions": 20_000, "max_stack": 500})
    s.feed("fun loop n = loop (n + 1);")
    reply = s.feed("loop 0;")
    assert reply.startswith("machine error (REDUCTION_LIMIT): more than 20000 reductions\n")
    assert "--max-reductions N" in reply
    s.feed("fun deep 0 = 0 | deep n = 1 + deep (n - 1);")
    reply = s.feed("deep 100000;")
    assert reply.startswith("machine error (STACK_LIMIT)") and "the stack holds 500 entries" in reply
    # each input has the whole budget; the prelude ran before the limits were set
    assert s.feed("deep 100;") == "val it = 100 : int\n"
    assert s.feed("val x = 6 * 7;") == "val x = 42 : int\n"


@pytest.mark.skipif(not driver.c_machine_available(), reason="the C machine is not built")
def test_an_input_loaded_at_the_heap_limit_is_a_limit_not_an_internal_error():
    """Each input's code is loaded into the same heap (run_more): at
    --max-heap the loader failed, and the session said `internal error:
    BytecodeError: out of memory while loading`."""
    s = Session(machine="c", limits={"max_heap": 1024})  # less than the prelude holds
    s.feed("val x = 1;")  # (the prelude's run stops at the limit)
    for _ in range(2):
        reply = s.feed("val y = 2;")
        assert reply.startswith("machine error (HEAP_LIMIT): heap limit exceeded while loading (")
        assert "raise it with --max-heap SIZE" in reply and "internal error" not in reply


@pytest.mark.skipif(not driver.c_machine_available(), reason="the C machine is not built")
def test_an_input_that_fits_once_the_garbage_is_collected_is_loaded():
    """The last run left the heap within a few KB of the limit, mostly
    garbage: the loader collects and loads the input rather than fail."""
    from ccam.cmachine import lib

    s = Session(machine="c")
    s.feed("fun junk 0 = [] | junk n = n :: junk (n - 1);")
    # the limit just above what junk's list needs, from what the session
    # holds (a fixed 1,000,000 broke when the prelude grew)
    s.machine.collect()
    s.machine.max_heap = limit = lib.ccam_heap_live(s.machine._m) + 48 * 14_000 + 20_000  # (48 bytes a cell)
    assert s.feed("val _ = length (junk 14000);") == ""
    assert lib.ccam_heap_live(s.machine._m) > limit - 30_000  # (what the loader counts against the limit)
    big = "val big = [" + ",".join(f'"{i}"' for i in range(1_500)) + "];"
    assert s.feed(big).startswith("val big = [")
    assert s.feed("length big;") == "val it = 1500 : int\n"


def test_the_repl_takes_the_limit_options_of_run(tmp_path):
    env = dict(os.environ, MLBOX_HISTORY=str(tmp_path / "h"))
    done = subprocess.run([sys.executable, "-m", "mlbox", "--max-reductions", "1000"],
                          input="fun loop n = loop (n + 1);\nloop 0;\nval x = 1;\n",
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert "machine error (REDUCTION_LIMIT): more than 1000 reductions" in done.stdout
    assert "val x = 1 : int" in done.stdout


# ------------------------------------------------------------ against SML/NJ


@pytest.mark.skipif(shutil.which("sml") is None, reason="SML/NJ (`sml`) is not installed (it is not in CI)")
@pytest.mark.parametrize("case", [c for c in smlnj_repl_diff.CASES if c not in smlnj_repl_diff.KNOWN_DIFFERENCES])
def test_replies_are_smlnj_s(case):
    """The transcript of each case of tests/smlnj_repl_diff.py is SML/NJ
    110.79's, diagnostics and `raised at:` aside (see the tool)."""
    assert smlnj_repl_diff.compare(case) == []


def test_the_differential_cases_are_well_formed():
    # SML/NJ stops at the first error or uncaught exception on a pipe:
    # nothing after one would be compared (the known differences include
    # constructs mlbox rejects)
    for name, inputs in smlnj_repl_diff.CASES.items():
        if name in smlnj_repl_diff.KNOWN_DIFFERENCES:
            continue
        session = Session(machine="py")
        replies = [session.feed(text) for text in inputs]
        for reply in replies[:-1]:
            assert "error:" not in reply and "uncaught exception" not in reply, name
    assert set(smlnj_repl_diff.KNOWN_DIFFERENCES) <= set(smlnj_repl_diff.CASES)


def test_the_differential_normalises_diagnostics_and_prompts():
    sml = """Standard ML of New Jersey v110.79 [built: Mon Oct  3 21:03:45 2022]
- val x = 1 : int
[autoloading]
[library $SMLNJ-BASIS/basis.cm is stable]
[autoloading done]
stdIn:2.1-2.8 Warning: type vars not generalized because of
   value restriction are instantiated to dummy types (X1,X2,...)

uncaught exception Empty
  raised at: smlnj/init/pervasive.sml:209.19-209.24
             stdIn:1.38
stdIn:2.5-2.16 Error: operator and operand don't agree [tycon mismatch]
  operator domain: int * int
stdIn:3.1-3.8 Error: syntax error: deleting  VAL ID EQUALOP
- """
    assert smlnj_repl_diff.sml_lines(sml) == ["val x = 1 : int", "", "uncaught exception Empty", "<error>"]
    ours = "val x = 1 : int\nstdIn:1:5: warning: match nonexhaustive\n    fun h [] = 0;\n        ^\n" \
           "stdIn:1:5: error: unbound variable or constructor 'y'\n    y;\n    ^\n"
    assert smlnj_repl_diff.mlbox_lines(ours) == ["val x = 1 : int", "<error>"]


# ------------------------------------------------------------ the layout (mlbox/pretty.py)


def test_a_packed_box_breaks_only_where_the_next_piece_does_not_fit():
    from mlbox.pretty import PACK, Box, Break, Text, flat, render

    items = [Text("[")]
    for i in range(6):
        items += [Text("abcd,"), Break(0, 0)] if i < 5 else [Text("abcd")]
    doc = Box(PACK, 0, [Text("val x ="), Break(1, 2), Box(PACK, 1, items + [Text("]")]), Break(1, 2),
                        Text(": t")])
    assert flat(doc) == "val x = [abcd,abcd,abcd,abcd,abcd,abcd] : t"
    assert render(doc, 44) == flat(doc)
    assert render(doc, 40) == "val x = [abcd,abcd,abcd,abcd,abcd,abcd]\n  : t"
    assert render(doc, 38) == "val x =\n  [abcd,abcd,abcd,abcd,abcd,abcd] : t"
    assert render(doc, 20) == "val x =\n  [abcd,abcd,abcd,\n   abcd,abcd,abcd]\n  : t"


def test_an_all_box_breaks_every_break_or_none():
    from mlbox.pretty import ALL, Box, Break, Text, render

    doc = Box(ALL, 0, [Text("datatype t"), Break(1, 2),
                       Box(ALL, 0, [Text("= A"), Break(1, 0), Text("| B of int"), Break(1, 0), Text("| C")])])
    assert render(doc, 30) == "datatype t = A | B of int | C"
    assert render(doc, 21) == "datatype t\n  = A | B of int | C"
    # as SML/NJ's, a box that would end exactly at the line width breaks
    assert render(doc, 20) == render(doc, 12) == "datatype t\n  = A\n  | B of int\n  | C"


LAYOUT_CASES = json.load(open(os.path.join(os.path.dirname(__file__), "data", "smlnj_layout.json")))["cases"]


@pytest.mark.parametrize("case", LAYOUT_CASES, ids=[case["name"] for case in LAYOUT_CASES])
def test_layout_at_the_edge_is_smlnj_s(case):
    """Where a reply meets the line width, or indents past it, it breaks as
    SML/NJ 110.79's did (recorded in tests/data/smlnj_layout.json): a line
    may not end exactly at column 79, and a deeply nested value keeps
    indenting (SML/NJ's own layout algorithm, mlbox/pretty.py)."""
    lines = smlnj_repl_diff.mlbox_lines(smlnj_repl_diff.run_mlbox(case["mlbox"], machine="py"))
    lines = [line for line in lines if not line.startswith("print")]  # the replies to :set
    if "until" in case:
        lines = lines[:next(i for i, line in enumerate(lines) if line.startswith(case["until"]))]
    assert lines == case["smlnj"]


def test_layout_is_not_recursive():
    from mlbox.pretty import PACK, Box, Break, Text, flat, render

    # Three times Python's default recursion limit. Not deeper: the lines
    # indent as deep as the boxes nest (as SML/NJ's do), so the layout of n
    # boxes is n² characters (100,000 took two minutes and 10 GB).
    depth = 3 * sys.getrecursionlimit()
    doc = Text("x")
    for _ in range(depth):
        doc = Box(PACK, 2, [Text("S"), Break(1, 0), doc])
    assert flat(doc) == "S " * depth + "x"
    assert render(doc, 79).count("\n") == depth


def test_the_radix_constructors_print_and_replicate_by_their_own_names(session):
    """StringCvt.radix is known only under its structure's name, but its
    constructors print as BIN ... HEX (as SML/NJ and Poly/ML print them;
    mlbox printed StringCvt.BIN), and `datatype r = datatype
    StringCvt.radix` binds them unqualified, as SML does (HEX was unbound
    after it: found by MLton's fixed-integer regression test)."""
    replay(session, """
- StringCvt.HEX;
val it = HEX : StringCvt.radix
- datatype r = datatype StringCvt.radix;
datatype r = BIN | DEC | HEX | OCT
- (Int.fmt HEX 255, Int.fmt BIN 5, [OCT, StringCvt.DEC]);
val it = ("FF","101",[OCT,DEC]) : string * string * r list
""")
