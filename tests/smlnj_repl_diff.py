"""Transcript differential of the REPL against SML/NJ 110.79 (a tool, not
collected by pytest: it needs `sml`; tests/test_repl.py runs its cases
when `sml` is installed).

Each case is a list of core-SML inputs (no staging). They are fed to `sml`
(one process per case, on a pipe) and to mlbox's REPL in process
(`mlbox.repl.Session.feed`, one input at a time), and the two transcripts
are compared line by line, after taking from SML/NJ's its banner, its
`[autoloading ...]`/`[library ...]` lines and its prompts.

SML/NJ stops reading at the first error or uncaught exception when its
input is not a terminal: only a case's last input may fail. (That mlbox's
session goes on after one is tested in tests/test_repl.py.)

What is compared as it is and what is not (docs/repl.md says the same):

- Replies, values and their layout (line breaks at 79 columns, SML/NJ's
  printDepth 5, printLength 12 and stringDepth 70) must be the same.
- Diagnostics are not compared: mlbox writes its own
  `FILE:LINE:COL: error: ...` with the source line and a caret (SPEC §2).
  Every error block, SML/NJ's or ours, becomes one `<error>` line; warning
  blocks are dropped on both sides (SML/NJ also warns where mlbox keeps a
  weak type variable, see below).
- SML/NJ's `raised at: FILE:LINE.COL` lines after an uncaught exception
  are dropped: mlbox's machines do not record where an exception was raised.

Cases listed in `KNOWN_DIFFERENCES` differ on purpose or through another
part of mlbox; the tool still shows their differences, and the test only
requires the other cases to agree:

- exception values: SML/NJ prints `Fail(-)`, without the argument (its
  printer does not know the argument's type); mlbox prints `Fail "x"`, as
  Poly/ML does.
- weak type variables: SML/NJ 110.79 instantiates a type variable that
  the value restriction keeps from being generalised to a dummy type
  (`?.X1`, with a warning); mlbox keeps it as `'_a`, which the next input
  may still fix (docs/language.md §3).
- type text: the type printer (mlbox/types.py) writes `('a, 'b) either`
  where SML/NJ writes `('a,'b) either`, `u` for a datatype declared in a
  `local` that no name denotes now (SML/NJ `?.u`), and `?.order` for a
  shadowed basis type (SML/NJ `?.Order.order`).
- constructs mlbox does not have (records), and how Poly/ML, whose type
  printing mlbox follows, prints `withtype` and datatype replication;
  `and rec` in a `val`, which SML/NJ rejects; `\\uXXXX` escapes, which
  SML/NJ 110.79's lexer rejects; a datatype's equality type parameter
  (`datatype ''a t`), which SML/NJ 110.79 drops.

    python -m tests.smlnj_repl_diff [--machine c|py] [--all] [CASE ...]

prints, per case, the differing lines (`sml` first, then mlbox) and exits
1 when a case outside KNOWN_DIFFERENCES differs (`--all` lists the known
ones too).
"""

from __future__ import annotations

import argparse
import difflib
import re
import shutil
import subprocess
import sys

SML = shutil.which("sml")

CASES: dict[str, list[str]] = {
    "val": [
        "val x = 42;",
        "val y = x + 1;",
        'val (a, b) = (1, "two");',
        "val p = 1 val q = p + 1;",
        "val (c, d) = (1, 2) and m = 3;",
        "val _ = 5;",
        "val (e, (f, g)) = (1, (true, #\"z\"));",
    ],
    "fun": [
        "fun inc x = x + 1;",
        "fun fact 0 = 1 | fact n = n * fact (n - 1);",
        "fun even 0 = true | even n = odd (n - 1) and odd 0 = false | odd n = even (n - 1);",
        "fun add3 x y z = x + y + z;",
        "val rec down = fn 0 => 0 | n => down (n - 1);",
        "fun id x = x;",
        "fun pair x y = (x, y);",
    ],
    "it": [
        "42;",
        "it + 1;",
        "5; 6;",
        'print "hi";',
        'print "line\\n"; 7;',
        "val it = 3;",
        "it;",
    ],
    "datatype": [
        "datatype color = Red | Green | Blue;",
        "datatype mixed = b | A | a | B | C_ | C' | C1;",
        "datatype shape = Circle of int | Rect of int * int;",
        "datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree;",
        "datatype u = U of v and v = V of u | W;",
        "datatype n = Z | S of n;",
        "datatype big = Zeta | Alpha of int | Mu | Beta of string list;",
        "datatype r = R of int * int | RR of (int * int) | RL of int list | RS of string | RT of n;",
    ],
    "type": [
        "type t = int;",
        "type 'a pair = 'a * 'a;",
        "val p : int pair = (1, 2);",
        "type f = int -> int;",
    ],
    "exception": [
        "exception E;",
        "exception F of int * string;",
        "exception G = F;",
        "exception H of int -> int;",
        "exception D = Div;",
    ],
    "local": [
        "local val hidden = 1 in val shown = hidden + 1 end;",
        "local fun h x = x + 1 in fun k y = h y val z = k 1 end;",
        "let val a = 1 in a + 1 end;",
    ],
    "infix": [
        "infix 5 +++;",
        "infixr 6 ***;",
        "nonfix +++;",
        "infix 5 +++ ***;",
        "fun a +++ b = a + b;",
        "3 +++ 4;",
        "infix 0 before2;",
        "op +++;",
    ],
    "basis": [
        "List.length [1, 2];",
        "Int.toString 5;",
        "String.size;",
        "map;",
        "List.rev;",
        "size \"abc\";",
        "explode \"ab\";",
    ],
    "ints_and_words": ["~3;", "0;", "~0;", "1073741823;", "0wx7;", "0w255;", "0w0;", "[~1, 2, ~3];"],
    "chars": [
        '#"a";', '#"\\n";', '#"\\t";', '#"\\\\";', '#"\\"";', '#"\\^A";', '#"\\000";', '#"\\127";',
        '#"\\255";', '#"\\a";', '#" ";', '#"~";',
    ],
    "strings": [
        '"";',
        '"\\^A\\255\\t\\"\\\\ x\\127";',
        '"\\a\\b\\v\\f\\r\\n";',
        '"a\\   \\b";',
        '"tab\\tquote\\" backslash\\\\ nl\\n ctl\\001 high\\200";',
    ],
    "lists_and_tuples": [
        "[1,2,3];", "[[1,2],[]];", "[];", '(1,"a",());', "();", "((1,2),(3,(4,5)));", "[(1,[2])];",
        "([], [[]]);", "[true, false];",
    ],
    "options_and_refs": [
        "SOME 3;", "NONE;", "SOME (SOME [1]);", "ref 5;", "ref (SOME ~1);", "SOME (ref 1);", "ref (1,2);",
        "[ref 1];", "ref [1];", "SOME ();", "SOME (1,2);", "SOME ~1;", 'SOME #"c";', 'SOME "s";',
        "SOME true;", "SOME 0w1;", "ref (ref 1);",
    ],
    "arrays_and_vectors": [
        "Array.fromList [1,2];", "Vector.fromList [1,2];", "SOME (Vector.fromList [1]);",
        'Vector.fromList [Vector.fromList ["a"], Vector.fromList []];', "Array.array (0, 0);",
        "SOME (Array.fromList [1]);", "ref (Vector.fromList [SOME 1]);", "Vector.fromList [1] : int vector;",
    ],
    "constructors": [
        "datatype shape = Circle of int | Rect of int * int;",
        "Rect (2,3);",
        "[Circle 1, Rect (~1, 0)];",
        "datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree;",
        'Node (Leaf, "x", Leaf);',
        "Node (Leaf, SOME 1, Leaf);",
        "datatype w = Wrap of shape | Pair of shape * shape | Opt of shape option;",
        "(Wrap (Circle 1), Pair (Circle 1, Rect (1,2)), Opt (SOME (Circle 2)));",
        "datatype color = Red | Green;",
        "(Red, [Green], SOME Red);",
    ],
    "infix_constructors": [
        "infixr 5 ++;",
        "datatype t = N | ++ of int * t;",
        "1 ++ 2 ++ N;",
        "SOME (1 ++ N);",
        "[1 ++ N];",
        "infix 3 @@;",
        "datatype q = @@ of q * q | I of int;",
        "(I 1 @@ I 2) @@ I 3;",
        "I 1 @@ (I 2 @@ I 3);",
        "nonfix ++;",
        "++ (1, N);",
        "infix 4 %%;",
        "datatype c = %% of int;",
        "op %% 1;",
        "infix 7 **;",
        "datatype m = ** of m * m | K;",
        "(K @@ K) ** K;",
    ],
    "functions": [
        "fn x => x;",
        "(fn x => x, [1]);",
        "SOME (fn x => x + 1);",
        "datatype s = A of int -> int;",
        "A (fn x => x);",
        "ref (fn x => x + 1);",
        "[fn x => x + 1];",
    ],
    "abstract_values": [
        "TextIO.stdOut;",
    ],
    "long_values": [
        "List.tabulate (30, fn i => i);",
        "List.tabulate (12, fn i => i);",
        "List.tabulate (13, fn i => i);",
        "Array.tabulate (30, fn i => i);",
        "Vector.tabulate (13, fn i => i);",
        "Vector.tabulate (12, fn i => i);",
        'String.implode (List.tabulate (100, fn _ => #"a"));',
        'String.implode (List.tabulate (70, fn _ => #"b"));',
        'String.implode (List.tabulate (71, fn _ => #"c"));',
        '[String.implode (List.tabulate (80, fn _ => #"d"))];',
        'String.implode (List.tabulate (69, fn _ => #"\\n"));',
    ],
    "deep_values": [
        "datatype n = Z | S of n;",
        "S (S (S (S (S (S (S Z))))));",
        "S (S (S (S (S Z))));",
        "S (S (S (S Z)));",
        "[[[[[[[1]]]]]]];",
        "[[[[1]]]];",
        "[[[[[()]]]]];",
        "SOME (SOME (SOME (SOME (SOME (SOME 1)))));",
        "ref (ref (ref (ref (ref (ref 1)))));",
        "((((((1,2),3),4),5),6),7);",
        "[(1,[(2,[(3,[(4,[5])])])])];",
        "Array.fromList [Array.fromList [Array.fromList [Array.fromList [Array.fromList [Array.fromList [1]]]]]];",
        "SOME (SOME (SOME (SOME (fn x => x + 1))));",
        'SOME (SOME (SOME (SOME ("abc", 1))));',
    ],
    "wide_values": [
        "List.tabulate (13, fn i => List.tabulate (13, fn j => j));",
        'List.tabulate (10, fn i => "string number " ^ Int.toString i);',
        "List.tabulate (12, fn i => i * 1000000);",
        "val a_rather_long_name_for_a_value = List.tabulate (12, fn i => i * 100000);",
        "SOME (SOME (SOME (SOME (SOME (SOME 1)))));",
        "((((((1,2),3),4),5),6),7);",
        "datatype shape = Circle of int | Rect of int * int | Triangle of int * int * int | Polygon of int list;",
        "datatype verylongdatatypename = VeryLongConstructorNumberOne of int | VeryLongConstructorNumberTwo of string | Three;",
        "List.tabulate (6, fn i => (Rect (i, i * 100000), Triangle (i, i, i)));",
        'List.tabulate (3, fn i => (List.tabulate (8, fn j => j * 1000), "abcdefghijklmnopqrstuvwxyz"));',
    ],
    "cycles": [
        "datatype t = A | B of t ref;",
        "val r = ref A;",
        "r := B r;",
        "r;",
        "(r, [r]);",
        "SOME r;",
        "datatype u = U of u ref list | E;",
        "val s = ref E; val q = ref E;",
        "s := U [q, s]; q := U [s];",
        "s;",
        "val shared = ref 1;",
        "(shared, shared, [shared]);",
    ],
    "wide_nested_values": [
        "datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree;",
        "fun build 0 = Leaf | build n = Node (build (n - 1), n * 1000000, build (n - 1));",
        "build 3;",
        'SOME (List.tabulate (12, fn i => "abcdef"));',
        'ref (List.tabulate (12, fn i => "abcdef"));',
        'Vector.tabulate (12, fn i => "abcdef");',
        'Array.tabulate (12, fn i => "abcdef");',
        "List.tabulate (3, fn i => Vector.tabulate (12, fn j => j * 1000));",
        'val xs = List.tabulate (12, fn i => (i, "abc", [i, i]));',
        "infixr 5 ++; datatype t = N | ++ of string * t;",
        'SOME (List.foldr (op ++) N (List.tabulate (11, fn i => "elem" ^ Int.toString i)));',
        '(1, "a long string that takes up some room", "another long string here", [1,2,3]);',
        'String.implode (List.tabulate (76, fn _ => #"a"));',
        "val abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz = 1;",
        "datatype 'a big = Alpha of 'a * 'a * 'a * 'a * 'a * 'a * 'a * 'a * 'a | Beta of 'a list list list list;",
    ],
    "more_values": [
        "infix 5 +++; datatype p = +++ of int * int;",
        "~1 +++ ~2;",
        "SOME (~1 +++ 2);",
        "(op ::, op @);",
        "datatype 'a wrap = W of 'a;",
        "W (W (W (W (W (W 1)))));",
        "(W [W 1], W (1, 2), W (), W (fn x => x));",
        "(W, SOME);",
        'String.implode (List.tabulate (75, fn i => chr (i + 1)));',
    ],
    # added by the long differential campaign (all agreed with SML/NJ)
    "infix_constructor_precedences": [
        "infix 3 &&; infixr 7 %%;", "datatype e = && of e * e | %% of e * e | V of int;",
        "V 1 && V 2 %% V 3;", "(V 1 && V 2) %% V 3;", "V 1 %% (V 2 %% V 3) && V 4;",
        "infix 4 ##;", "datatype p = ## of p * p | Q of int;", "Q 1 ## (Q 2 ## Q 3);", "[Q ~1 ## Q 2];",
    ],
    "constructor_made_nonfix": ["infix 5 @@;", "datatype t = @@ of int * int;", "1 @@ 2;", "nonfix @@;", "@@ (3, 4);"],
    "constructors_shadowed": ["datatype t = A | B;", "val x = A;", "datatype t = A | C;", "x;", "A;"],
    "uncaught_with_tuple_argument": ["exception E of string * int;", "val x = 3;", 'raise E ("a", x);'],
    "uncaught_from_a_handler": ["(raise Div) handle Div => raise Overflow;"],
    "uncaught_match_of_a_fun": ["fun f (SOME x) = x;", "f (SOME 2);", "f NONE;"],
    "shadowed_types": [
        "datatype t = A;",
        "val a = A;",
        "datatype t = B;",
        "(a, B);",
        "[SOME a];",
        "fun f (x : t) = a;",
    ],
    "polymorphic_values": [
        "[];",
        "NONE;",
        "fn x => x;",
        "val l = [];",
        "fun twice f x = f (f x);",
        "(fn x => x, fn y => y);",
    ],
    "uncaught_div": ["val keep = 1;", "1 div 0;"],
    "uncaught_fail": ['raise Fail "boom";'],
    "uncaught_fail_escapes": ['raise Fail "a\\nb";'],
    "uncaught_user": ["exception E of int;", "raise E 3;"],
    "uncaught_empty": ["hd [];"],
    "uncaught_match": ["(fn 1 => 2) 3;"],
    "uncaught_bind": ["val SOME x = NONE : int option;"],
    "uncaught_overflow_after_output": ['val x = (print "a"; raise Overflow);'],
    "uncaught_subscript": ['String.sub ("abc", 5);'],
    "uncaught_chr": ["chr 300;"],
    "uncaught_option": ["valOf (NONE : int option);"],
    "uncaught_size": ["Array.array (~1, 0);"],
    "uncaught_aliased": ["exception D = Div;", "raise D;"],
    "uncaught_domain": ["raise Domain;"],
    "uncaught_through_a_handler": ["val x = 5 div 0 handle Overflow => 1;"],
    "uncaught_basis_domain_when_shadowed": ["exception Domain;", "raise General.Domain;"],
    "uncaught_shadowed_fail": ['exception Fail of string;', 'raise Fail "mine";'],
    "uncaught_in_a_later_declaration": ["val a = 1; val b = hd [];"],
    "long_declaration_replies": [
        "type tttttttttttttt = (int * string) list * (bool -> bool) * int option * string list * char;",
        "type t = int * int * int * int * int * int * int * int * int * int * int * int * unit;",
        "type 'a tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt = 'a;",
        "type tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt = int;",
        "exception Eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee of (int * string) list * (bool -> bool) * int option;",
        "exception Eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee of int;",
        "exception Eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee of int;",
        "exception Xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx;",
        "exception Ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff ="
        " Eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee;",
        "exception F = Eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee;",
    ],
    "long_types": [
        "exception E of int * int * int * int * int * int * int * int * int * int * int * int * int * int * int"
        " * int * int * int * int * int;",
        "val x : int option option option option option option option option option option option option option"
        " option list = [];",
        "val y : (int * int) option option option option option option option option option option option option"
        " option option list = [];",
        "fun f (g : int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int) = g;",
        "val z : int list list list list list list list list list list list list list list list list list list"
        " list = [];",
    ],
    "type_breaks_after_a_star": [
        "fn (a,b,c,d,e,f,g,h,i,j,k,l,m,n,o1,p) => (p,o1,n,m,l,k,j,i,h,g,f,e,d,c,b,a);",
        "datatype t = C of (int -> int) * (int -> int) * (int -> int) * (int -> int) * (int -> int) * (int -> int);",
        "fun h (p : (int * int) * (int * int) * (int * int) * (int * int) * (int * int) * (int * int) * (int * int)"
        " * (int * int)) = p;",
        "exception E of (int * string) list * int option * string list * char * int list list * int *"
        " (int * string) list * int option * string list * char * int list list * int;",
        "fun f (x : string list * int option * string list * char * int list list * bool * string list * int) = x;",
    ],
    "many_type_variables": [
        "fn (a,b,c,d,e,f,g,h,i,j,k,l,m,n,o1,p,q,r,s,t,u,v,w,x,y,z,aa,bb) => (bb,aa,z,a);",
        "fn (a,b,c,d,e,f,g,h,i,j,k,l,m,n,o1,p,q,r,s,t,u,v,w,x,y,z,aa,bb) => (a = a, bb = bb);",
    ],
    # deep types of every kind of reply (made by a random generator, kept)
    "deep_types": [
        "datatype 'a w = W of 'a;",
        "exception E0 of (word * int w option * ((string list * int -> int list w) list * (int w *"
        " string option option w * (unit -> word) option * (word -> bool) option -> int list) * int *"
        " int list * char) * (unit * unit * (unit list -> bool option) w -> ((int list -> bool * word) *"
        " (word * string option * bool * int * string option) list * ((int -> unit) * (int * unit * int"
        " list) * (char -> word) * int option)) w) * ((int list w -> unit list) * int list w w)) w;",
        "datatype d3 = D3 of ((string option -> char list list -> word) * (string option list w w *"
        " ((int list * string option * string * unit * int -> unit option) * string option * bool *"
        " (unit list -> bool w) * (int list w -> word w)) w * (unit list * (word -> unit) * char list)"
        " option option * ((bool -> char) -> ((string -> string option) * int option * unit option * int"
        " option) list) * bool list) * (string * int * char * int -> string option w) w option list *"
        " word option list option option * string list) list | DD3 of char list;",
        "val f5 = fn (x : (string option w * string list * string option * bool) w w option option list)"
        " => x;",
        "val f6 = fn (x : ((int list * word * string * string) w list * (string option list * string *"
        " (string * unit w * string option option) * (string option * word * unit) list * string) *"
        " (bool * int list * bool * string * char) list list * string * (bool -> int list) option w) w"
        " list list) => x;",
        "val f7 = fn (x : (char w * bool option w * ((string option option option -> (word -> bool) w)"
        " -> string) w) w) => x;",
        "type t8 = int w w * string list list * ((word * (bool * unit list w * int option list * (word"
        " -> word) list * unit) * word list w w) * int -> ((int list option -> (word -> string option)"
        " list) -> (string option * int list * char) option * (string option * int list * unit)) * (bool"
        " * bool * bool) option option list * (string option -> char option * string option * (char *"
        " unit * int list * unit)) w) * ((char w -> int w) -> bool -> string option w) w;",
    ],
    "val_rec_replies": [
        "val rec f = fn x => x;", "val rec g = fn 0 => 1 | n => n * g (n - 1) and h = fn x => x;",
        "val a = 1 val rec u = fn x => x and v = fn x => x + 1 and w = fn s => s ^ \"\" val b = 2;",
        "local val rec p = fn x => x in val rec q = fn x => p x and r = fn () => () end;",
    ],
    "fixity_of_basis_names": [
        "nonfix ::;", ":: (1, []);", "infixr 5 ::;", "1 :: [];", "nonfix +;", "+ (1, 2);", "infix 6 +;",
        "nonfix @;", "@ ([1], [2]);", "fun :+: (a, b) = a + b;", ":+: (1, 2);",
    ],
    "declarations_of_one_line": ['print "x\\n"; 5; print "y\\n"; val z = 1 val w = z;', "val a = 1; val b = a + \"x\";"],
    "type_error": ["val x = 1;", 'x + "a";'],
    "syntax_error": ["val ok = 1;", "val = 3;"],
    "unbound": ["nope;"],
    # known differences (see KNOWN_DIFFERENCES)
    "exception_values": [
        'val e = Fail "x";', "val e2 = Div;", "exception F of int * string;", 'val e3 = F (1, "a");',
        '[Div, Fail "y"];',
    ],
    "weak_type_variables": ["val r = ref [];", "val s = ref NONE;", "(fn x => x) [];", "Vector.fromList [];"],
    "type_wrapping": [
        "fun a_function_with_a_long_name (x : int list list, y : string list) (z : (int * string) option) = (x, y, z);",
        "datatype single = OnlyOneConstructorWithAVeryLongArgumentType of int * int * int * int * int * int * int;",
    ],
    "type_parameters": [
        "datatype ('a, 'b) either = L of 'b | R of 'a;", "L 1;", "type ('a, 'b) pp = 'a * 'b;",
    ],
    "hidden_types": ["local datatype u = D in val d = D end;", "datatype order = X;", "LESS;"],
    "records": ["{a=1, b=\"x\"};", "{1=1, 2=2};"],
    "withtype": ["datatype w = X of int * z withtype z = w list;", "X (1, []);"],
    "abstype": ["abstype set = Set of int list with val empty = Set [] fun add (Set l) x = Set (x :: l) end;",
                "val s = (add empty 1, 2);", "empty = empty;"],
    "datatype_replication": ["datatype o2 = datatype order;", "EQUAL;", "datatype 'a l = datatype list;"],
    "and_rec": ["val x = 1 and rec f = fn 0 => 0 | n => f (n - 1);"],
    "unicode_escapes": ['"\\u0041";'],
    "equality_datatype_parameter": ["datatype ''a t = A of ''a;"],
}

KNOWN_DIFFERENCES: dict[str, str] = {
    "exception_values": "mlbox prints an exception value's argument (Fail \"x\"), SML/NJ Fail(-)",
    "weak_type_variables": "mlbox keeps weak type variables ('_a), SML/NJ 110.79 makes them dummy types (?.X1)",
    "hidden_types": "a type no name denotes prints as u (SML/NJ ?.u), a shadowed basis type as ?.order "
                    "(SML/NJ ?.Order.order) (mlbox/types.py)",
    "records": "mlbox has no records",
    "withtype": "a withtype abbreviation prints by its name in the datatype, as Poly/ML prints it "
                "(SML/NJ expands it)",
    "datatype_replication": "replicated constructors print with the new type name, as Poly/ML prints them "
                            "(SML/NJ uses the original's)",
    "and_rec": "`rec` after `and` in a val: SML '97 and Poly/ML accept it, SML/NJ 110.79 does not",
    "unicode_escapes": "SML/NJ 110.79's lexer rejects SML '97's \\uXXXX escapes (unclosed string); "
                       "mlbox accepts them, as Poly/ML does",
    "equality_datatype_parameter": "`datatype ''a t` keeps its equality type variable, as in Poly/ML (A applies "
                                   "to equality types only); SML/NJ 110.79 drops it (`datatype 'a t`)",
}

ERROR = "<error>"

_SML_NOISE = re.compile(r"^\[(autoloading|library |loading )")
_PROMPTS = re.compile(r"^(?:[-=] )+")
_SML_DIAGNOSTIC = re.compile(r"^\S+:\d+\.\d+(?:-\d+\.\d+)? (Error|Warning): ")
_MLBOX_DIAGNOSTIC = re.compile(r"^\S+:\d+:\d+: (error|warning): ")
_RAISED_AT = re.compile(r"^  raised at: ")


def _diagnostics(lines: list[str], header: re.Pattern) -> list[str]:
    """Each diagnostic block (its header line, then the indented lines after
    it) as one ERROR line (consecutive errors as one), warnings dropped."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        match = header.match(lines[i])
        if not match:
            out.append(lines[i])
            i += 1
            continue
        i += 1
        while i < len(lines) and lines[i][:1].isspace():
            i += 1
        if match.group(1).lower() == "error" and (not out or out[-1] != ERROR):
            out.append(ERROR)
    return out


def sml_lines(output: str) -> list[str]:
    """SML/NJ's transcript without its banner, noise and prompts."""
    lines = output.splitlines()
    if lines and lines[0].startswith("Standard ML of New Jersey"):
        lines = lines[1:]
    kept = []
    raised_at = False
    for line in lines:
        line = _PROMPTS.sub("", line)
        # (`raised at:` goes on, indented, with each handler it went through)
        raised_at = bool(_RAISED_AT.match(line)) or (raised_at and line.startswith("             "))
        if _SML_NOISE.match(line) or raised_at:
            continue
        kept.append(line)
    while kept and not kept[-1]:
        kept.pop()  # the last prompt's line
    return _diagnostics(kept, _SML_DIAGNOSTIC)


def mlbox_lines(output: str) -> list[str]:
    lines = output.splitlines()
    while lines and not lines[-1]:
        lines.pop()
    return _diagnostics(lines, _MLBOX_DIAGNOSTIC)


def run_sml(inputs: list[str]) -> str:
    done = subprocess.run([SML], input="\n".join(inputs) + "\n", capture_output=True, text=True,
                          timeout=120, errors="replace")
    return done.stdout


def run_mlbox(inputs: list[str], machine: str = "c") -> str:
    from mlbox.repl import Session

    session = Session(machine=machine)
    return "".join(session.feed(text) for text in inputs)


def compare(name: str, machine: str = "c") -> list[str]:
    """The differences of one case as unified-diff lines (empty when the
    transcripts agree)."""
    inputs = CASES[name]
    theirs = sml_lines(run_sml(inputs))
    ours = mlbox_lines(run_mlbox(inputs, machine))
    if theirs == ours:
        return []
    return list(difflib.unified_diff(theirs, ours, "sml", "mlbox", lineterm="", n=1))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", help="cases to run (default: all)")
    parser.add_argument("--machine", choices=["c", "py"], default="c")
    parser.add_argument("--all", action="store_true", help="show the known differences too")
    args = parser.parse_args(argv)
    if SML is None:
        print("smlnj_repl_diff: `sml` is not installed", file=sys.stderr)
        return 2
    unknown = [name for name in args.cases if name not in CASES]
    if unknown:
        parser.error(f"no such case: {', '.join(unknown)}")
    failed = 0
    for name in args.cases or CASES:
        known = KNOWN_DIFFERENCES.get(name)
        if known and not args.all and not args.cases:
            continue
        diff = compare(name, args.machine)
        if not diff:
            print(f"{name}: same")
            continue
        print(f"{name}: differs" + (f" (known: {known})" if known else ""))
        for line in diff[2:]:
            print("    " + line)
        failed += known is None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
