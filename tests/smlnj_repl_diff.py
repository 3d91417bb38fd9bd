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
  `FILE:LINE:COL: error: ...` with the source line and a caret (docs/language.md §11).
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
  printing mlbox follows, prints `withtype`, an abbreviation in a datatype
  (`datatype d = D of t` for `type t = int * int`) and datatype replication;
- the range of int: 63 bits, as in Poly/ML, where SML/NJ 110.79's has 31;
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
    # added by session 32 (values at the printing limits, types in replies, declarations, uncaught
    # exceptions; all agreed with SML/NJ)
    "string_escape_at_the_cut": [
        'String.implode (List.tabulate (69, fn _ => #"a")) ^ "\\n";',
        'String.implode (List.tabulate (69, fn _ => #"a")) ^ "\\n\\n";',
        'String.implode (List.tabulate (70, fn _ => #"a")) ^ "\\t";',
        'String.implode (List.tabulate (68, fn _ => #"a")) ^ "\\"\\\\\\"";',
    ],
    "string_high_bytes": [
        '"\\128\\200\\255";', "String.implode (List.tabulate (20, fn i => chr (i + 236)));", '"caf\\233";',
        "String.implode [chr 0, chr 31, chr 127];",
    ],
    "string_control_escapes": [
        '"\\^@\\^A\\^Z\\^[\\^\\\\^]\\^^\\^_";', '"\\001\\002\\026\\027\\031";', '#"\\^_";',
    ],
    "strings_in_structures": [
        '["a\\nb", "c\\td"];', '("\\"quoted\\"", #"\\"");', 'SOME "\\\\";', 'ref "x\\ny";',
        'Vector.fromList ["\\255", "\\000"];',
    ],
    "long_string_lists": [
        "List.tabulate (5, fn i => String.implode (List.tabulate (30, fn _ => chr (97 + i))));",
        'SOME (String.implode (List.tabulate (80, fn _ => #"z")));',
        '(String.implode (List.tabulate (80, fn _ => #"x")), 1);',
    ],
    "char_lists": [
        'explode "hello\\n";', '[#"a", #"\\t", #"\\255"];', 'String.explode "";', 'map Char.toUpper (explode "abc");',
        '(#"a", #"b");', 'SOME #"\\000";',
    ],
    "char_functions": [
        'Char.ord #"A";', "Char.chr 66;", 'Char.isDigit #"5";', 'Char.toString #"\\n";', 'String.toString "a\\nb";',
        "ord;", "chr;",
    ],
    "negative_numbers": [
        "~1073741823;", "[~1, ~2, ~3];", "(~5, ~6);", "SOME ~7;", "ref ~8;", "~5 div 2;", "~5 mod 2;",
        "Int.quot (~5, 2);", "Int.rem (~5, 2);", "abs ~4;",
    ],
    "words": [
        "0wxFF;", "0wx0;", "0w10 + 0w5;", "[0w1, 0w2];", "SOME 0wxabc;", "Word.fromInt 255;", "Word.toInt 0w77;",
        "Word.andb (0wxF0, 0wx3C);", "Word.<< (0w1, 0w4);", "0w7 div 0w2;",
    ],
    "int_functions": [
        "Int.max (3, 7);", "Int.min;", "Int.toString ~12;", 'Int.fromString "42";', 'Int.fromString "x";', "Int.abs;",
        "Int.compare (1, 2);",
    ],
    "deep_lists_of_options": [
        "[SOME [SOME [SOME 1]]];", "[SOME [SOME [SOME [SOME 1]]]];", "SOME [SOME [SOME [1,2,3]]];",
    ],
    "deep_tuples": [
        "(1, (2, (3, (4, (5, (6, 7))))));", "(1, (2, (3, (4, 5))));", "[(1, [(2, 3)])];",
        "((1, 2), [((3, 4), [5])]);",
    ],
    "deep_datatypes": [
        "datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree;",
        "fun full 0 = Leaf | full n = Node (full (n - 1), n, full (n - 1));", "full 2;", "full 3;", "full 5;",
        "Node (Leaf, [Node (Leaf, 1, Leaf)], Leaf);",
    ],
    "deep_refs": [
        "ref (ref (ref (ref 1)));", "ref (ref (ref (ref (ref 1))));", "ref [ref 1, ref 2];",
        "SOME (ref (SOME (ref (SOME 1))));", "val r = ref (ref 0);", "!r := 5;", "r;",
    ],
    "long_lists_nested": [
        "List.tabulate (13, fn i => [i]);", "List.tabulate (15, fn i => SOME i);",
        "[List.tabulate (20, fn i => i), List.tabulate (3, fn i => i)];", "SOME (List.tabulate (13, fn i => i));",
        "(List.tabulate (13, fn i => i), List.tabulate (13, fn i => i));",
    ],
    "length_and_depth_together": [
        "List.tabulate (14, fn i => SOME (SOME (SOME (SOME (SOME i)))));",
        "List.tabulate (13, fn i => List.tabulate (13, fn j => [[j]]));",
    ],
    "arrays_of_datatypes": [
        "datatype c = R | G | B;", "Array.fromList [R, G, B];", "Array.array (3, SOME R);",
        "Array.tabulate (14, fn _ => G);", "Array.fromList [[R], [G, B]];", "Vector.fromList [(R, 1), (B, 2)];",
    ],
    "arrays_mutated": [
        "val a = Array.array (4, 0);", "Array.update (a, 1, 7);", "a;", "Array.sub (a, 1);", "Array.length a;",
        "Array.fromList [a];", "val v = Array.vector a;",
    ],
    "vectors": [
        "Vector.fromList [[1], []];", "Vector.fromList [1, 2, 3];", "Vector.sub (Vector.fromList [4, 5], 1);",
        "Vector.length (Vector.fromList [1]);", "Vector.map (fn x => x * 2) (Vector.fromList [1, 2]);",
        "Vector.fromList [] : int vector;", "Vector.tabulate (20, fn i => i);",
    ],
    "refs_of_structures": [
        'ref (1, "a");', "ref [SOME 1, NONE];", "ref (fn x => x + 1);", "[ref (ref 1), ref (ref 2)];",
        "ref (Array.fromList [1]);", "ref ();", "ref NONE : int option ref;",
    ],
    "functions_inside_values": [
        "(fn x => x + 1, 2);", "[SOME (fn x => x)];", "Vector.fromList [fn (x : int) => x];", "(op +, op -);",
        "(hd, tl);", "ref (fn () => ());",
    ],
    "unit_and_bool": [
        "();", "[(), ()];", "SOME ();", "true andalso false;", "not true;", "(true, [false]);",
        "if 1 < 2 then () else ();",
    ],
    "equality_types": [
        "fn x => x = x;", "fn (x, y) => x <> y;", "fun mem x [] = false | mem x (y :: ys) = x = y orelse mem x ys;",
        "op =;", "fn x => [x] = [x];", "fun eqpair (a, b) (c, d) = a = c andalso b = d;",
    ],
    "polymorphic_functions": [
        "fun const x y = x;", "fun compose f g x = f (g x);", "fun swap (x, y) = (y, x);", "fun flip f x y = f y x;",
        "fun curry f x y = f (x, y);", "fun uncurry f (x, y) = f x y;", "fn f => fn g => fn x => (f x, g x);",
    ],
    "polymorphic_datatypes": [
        "datatype ('a, 'b) pair = P of 'a * 'b;", 'P (1, "x");', "P;", "fn x => P (x, x);",
        "datatype ('a, 'b, 'c) three = T1 of 'a | T2 of 'b | T3 of 'c;", "T2 true;", '[T1 1, T3 #"c"];',
    ],
    "datatype_with_functions": [
        "datatype 'a stream = Nil | Cons of 'a * (unit -> 'a stream);", "Cons (1, fn () => Nil);",
        "fun from n = Cons (n, fn () => from (n + 1));", "from 0;",
    ],
    "type_abbreviations": [
        "type ('a, 'b) fnpair = ('a -> 'b) * ('b -> 'a);", "type point = int * int;", "val origin : point = (0, 0);",
        "fun mv ((x, y) : point) : point = (x + 1, y);", "type 'a env = (string * 'a) list;",
        'val e : int env = [("a", 1)];', "type t = int list option;",
    ],
    "type_abbreviation_of_a_datatype": [
        "datatype 'a box = Box of 'a;", "type ibox = int box;", "val b : ibox = Box 1;", "type 'a bb = 'a box box;",
        "Box (Box 1) : int bb;",
    ],
    "abstype_with_parameters": [
        "abstype 'a stack = S of 'a list with val empty = S [] fun push (S l, x) = S (x :: l) fun top (S (x :: _)) = x end;",
        "val s = push (empty, 3);", "top s;", "[s, s];",
    ],
    "abstype_replies": [
        "abstype t = T of int with fun mk n = T n fun get (T n) = n val zero = T 0 end;", "mk 5;", "get (mk 5);",
        "(zero, SOME zero);",
    ],
    "exception_declarations": [
        "exception A; exception B of int; exception C of string * int list;", "exception D of int -> int;",
        "exception F of int option;", "exception G = A;", "exception H and I of bool;",
    ],
    "exceptions_handled": [
        "exception E of int;", "(raise E 5) handle E n => n;", "fun safe f x = f x handle _ => 0;",
        "safe (fn x => x div 0) 3;", "(hd []) handle Empty => 9;", "(1 div 0) handle Div => ~1;",
        '(raise Fail "x") handle Fail s => s;',
    ],
    "fixity_declarations": [
        "infix 9 <<<;", "infixr 0 >>>;", "infix 2 a b c;", "nonfix a b;", "infix <|>;", "infixr $$;",
        "fun x <<< y = x + y;", "1 <<< 2;", "fun f >>> g = g o f;", "nonfix <<<;", "<<< (3, 4);",
    ],
    "local_declarations": [
        "local val a = 1 val b = 2 in val c = a + b val d = a * b end;",
        "local fun sq x = x * x in fun quad x = sq (sq x) end;",
        "local exception Secret in fun guarded f = f () handle Secret => 0 end;", "local in val nothing = 0 end;",
        "local val x = 1 in end;", "local val x = 1 in local val y = x + 1 in val z = y + 1 end end;",
    ],
    "basis_list_functions": [
        "List.map;", "List.filter;", "List.foldl;", "List.foldr;", "List.exists;", "List.all;", "List.nth;",
        "List.take;", "List.drop;", "List.partition;", "List.find;", "List.null;", "List.concat;",
    ],
    "basis_list_results": [
        "List.map (fn x => x * 2) [1, 2, 3];", "List.filter (fn x => x > 1) [1, 2, 3];",
        "List.foldl op + 0 [1, 2, 3];", "List.partition (fn x => x < 2) [1, 2, 3];", "List.find (fn x => x > 5) [1];",
        "List.nth ([1, 2], 1);", "List.concat [[1], [2, 3]];", "List.rev [1, 2, 3];", "List.last [1, 2];",
        "[1, 2] @ [3];", "length [1, 2, 3];",
    ],
    "basis_string_functions": [
        "String.concat;", 'String.concat ["a", "b"];', 'String.concatWith ", " ["a", "b"];',
        'String.substring ("hello", 1, 3);', 'String.tokens Char.isSpace "a b  c";', "String.fields;",
        'String.isPrefix "he" "hello";', "String.translate;", '"a" ^ "b";', 'String.map Char.toUpper "abc";',
        "implode;", "concat;",
    ],
    "basis_option_functions": [
        "Option.map;", "Option.getOpt (NONE, 3);", "Option.isSome (SOME 1);", "valOf;", "isSome;", "getOpt;",
        "Option.join (SOME (SOME 1));",
    ],
    "basis_toplevel_functions": [
        "map;", "app;", "foldl;", "foldr;", "rev;", "null;", "hd;", "tl;", "length;", "op o;", "ignore;", "print;",
        "size;", "op ^;", "op @;", "op ::;", "not;", "!;", "op :=;",
    ],
    "overloaded_operators": [
        "op +;", "op *;", "op <;", "op ~;", "fn x => x + 1;", "fn (x, y) => x * y;", 'fn x => x < #"a";',
        'fn x => x ^ "!";', "fn (x : word) => x + 0w1;", "abs;",
    ],
    "shadowed_types_in_structures": [
        "datatype t = A | B;", "val xs = [A, B];", "val o1 = SOME A;", "datatype t = C;", "xs;", "o1;", "(xs, C);",
        "val r = ref A;", "r;",
    ],
    "shadowed_type_abbreviation": [
        "datatype t = A;", "type u = t;", "val x : u = A;", "datatype t = B;", "x;", "fn (y : u) => y;",
    ],
    "shadowed_polymorphic_datatype": [
        "datatype 'a t = A of 'a;", "val v = A 1;", "datatype 'a t = B of 'a;", "v;", "[v];", '(v, B "s");',
    ],
    "shadowed_twice": [
        "datatype t = A;", "val a = A;", "datatype t = B;", "val b = B;", "datatype t = C;", "(a, b, C);",
    ],
    "multiple_declarations": [
        "val a = 1 val b = 2 fun f x = x + a + b;", "val x = 1; val y = 2; val z = x + y;",
        "datatype t = T; val v = T; exception E of t;", "fun g x = x; val h = g 3; type k = int;",
        "val a = 10 and b = 20;", "val (a, b) = (b, a);",
    ],
    "val_it_forms": [
        "val it = 5;", "it * 2;", 'val it = "s";', "it ^ it;", "it;", "val (it, other) = (1, 2);", "it;",
    ],
    "val_underscore": [
        "val _ = 1;", 'val _ = print "side\\n";', "val _ = (1, 2);", "val _ = fn x => x;",
    ],
    "val_patterns": [
        "val (a, b) = (1, 2);", "val (x, _, z) = (1, 2, 3);", "val [p, q] = [1, 2];", "val h :: t = [1, 2, 3];",
        'val SOME s = SOME "x";', "val (m as (n, _)) = (4, 5);", 'val ((u, v), w) = ((1, "a"), [true]);',
    ],
    "val_constructor_patterns": [
        "datatype t = K of int * string;", 'val K (n, s) = K (1, "one");', 'val (K (m, _), r) = (K (2, "x"), 3);',
    ],
    "side_effects_before_replies": [
        'val x = (print "computing\\n"; 42);', '(print "a"; print "b\\n"; 3);', 'print "no newline";',
        'val _ = print "abc\\n"; val y = 5;', 'fun say s = print (s ^ "\\n");', 'say "hi";',
        '(say "one"; say "two");',
    ],
    "print_in_a_loop": [
        'fun loop 0 = () | loop n = (print (Int.toString n ^ " "); loop (n - 1));', "loop 5;",
        'app (fn s => print (s ^ "\\n")) ["x", "y"];',
    ],
    "fun_several_clauses": [
        "fun len [] = 0 | len (_ :: xs) = 1 + len xs;",
        "fun zip ([], _) = [] | zip (_, []) = [] | zip (x :: xs, y :: ys) = (x, y) :: zip (xs, ys);",
        'zip ([1, 2, 3], ["a", "b"]);', "fun fib 0 = 0 | fib 1 = 1 | fib n = fib (n - 1) + fib (n - 2);", "fib 15;",
        'fun classify 0 = "zero" | classify n = if n < 0 then "neg" else "pos";', "map classify [~1, 0, 1];",
    ],
    "fun_curried_clauses": [
        "fun take 0 _ = [] | take _ [] = [] | take n (x :: xs) = x :: take (n - 1) xs;", "take 2 [1, 2, 3];",
        "fun merge [] ys = ys | merge xs [] = xs | merge (x :: xs) (y :: ys) = if x < y then x :: merge xs (y :: ys) else y :: merge (x :: xs) ys;",
        "merge [1, 4] [2, 3];",
    ],
    "fun_with_type_annotations": [
        "fun f (x : int) : string = Int.toString x;", "fun g (xs : 'a list) = xs;",
        "fun h (x : 'a) (y : 'b) = (y, x);", "val k : int -> int = fn x => x;", "fn (x : int list) => x;",
    ],
    "let_expressions": [
        "let val x = 1 val y = 2 in x + y end;", "let fun f 0 = 1 | f n = n * f (n - 1) in f 5 end;",
        "let datatype t = A | B in 1 end;", "let exception E in (raise E) handle E => 2 end;",
        "let val (a, b) = (1, 2) in (b, a) end;",
    ],
    "case_expressions": [
        "case [1, 2] of [] => 0 | x :: _ => x;", 'case SOME 3 of NONE => "no" | SOME n => Int.toString n;',
        "fn x => case x of 0 => true | _ => false;", "case (1, 2) of (a, b) => a + b;",
    ],
    "sequences_and_whiles": [
        "val r = ref 0;", "while !r < 5 do r := !r + 1;", "!r;", "(r := 10; !r);", "r;",
    ],
    "uncaught_overflow": [
        "val big = 1073741823;", 'Int.fromString "x"; raise Overflow;',
    ],
    "uncaught_subscript_array": [
        "val a = Array.array (2, 0);", "Array.sub (a, 5);",
    ],
    "uncaught_subscript_list": [
        "List.nth ([1, 2], 3);",
    ],
    "uncaught_subscript_vector": [
        "Vector.sub (Vector.fromList [1], ~1);",
    ],
    "uncaught_user_string": [
        "exception Oops of string;", 'raise Oops "bad input";',
    ],
    "uncaught_user_no_argument": [
        "exception Stop;", "val x = 1;", "raise Stop;",
    ],
    "uncaught_user_list_argument": [
        "exception L of int list;", "raise L [1, 2, 3];",
    ],
    "uncaught_user_datatype_argument": [
        "datatype t = A | B of int;", "exception X of t;", "raise X (B 3);",
    ],
    "uncaught_after_print": [
        'print "before\\n";', '(print "during\\n"; raise Fail "after");',
    ],
    "uncaught_in_a_function": [
        "fun f 0 = raise Div | f n = f (n - 1);", "f 3;",
    ],
    "uncaught_after_bindings_on_the_line": [
        "val x = 1; val y = 2; val z = x div 0;",
    ],
    "uncaught_mod_zero": [
        "7 mod 0;",
    ],
    "uncaught_empty_tl": [
        "tl [];",
    ],
    "uncaught_match_case": [
        'case 3 of 1 => "one" | 2 => "two";',
    ],
    "uncaught_nested_handler": [
        '(raise Fail "inner") handle Div => 0;',
    ],
    "uncaught_reraised": [
        "exception E of int;", "(raise E 1) handle E n => raise E (n + 1);",
    ],
    "uncaught_substring": [
        'String.substring ("abc", 2, 5);',
    ],
    "uncaught_list_take": [
        "List.take ([1], 2);",
    ],
    "uncaught_valof_in_tuple": [
        "val (a, b) = (1, valOf NONE);",
    ],
    "uncaught_fail_long_message": [
        'raise Fail "a rather long failure message that goes on and on and on and on and on";',
    ],
    "long_function_types": [
        "fun f (a : int) (b : string) (c : bool) (d : char) (e : int list) (g : string list) (h : bool list) = a;",
        "fun g (x : (int -> int) -> (string -> string) -> (bool -> bool) -> (char -> char) -> unit) = x;",
        "val k = fn (a : int, b : string, c : bool, d : char, e : unit, f : int list, g : word) => (g, f, e, d, c, b, a);",
    ],
    "long_datatype_replies": [
        "datatype token = Identifier of string | Number of int | Plus | Minus | Times | Divide | LeftParen | RightParen | EndOfFile;",
        "datatype 'a result = Ok of 'a | Error of string * int * int | Warning of string list * 'a;",
        "datatype ('key, 'value) tree = Empty | Node of ('key, 'value) tree * 'key * 'value * ('key, 'value) tree;",
    ],
    "long_tuple_values": [
        "(1000000, 2000000, 3000000, 4000000, 5000000, 6000000, 7000000, 8000000, 9000000, 10000000, 11000000);",
        '("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda");',
        '[("alpha", 1), ("beta", 2), ("gamma", 3), ("delta", 4), ("epsilon", 5), ("zeta", 6), ("eta", 7)];',
    ],
    "long_constructor_values": [
        "datatype e = Num of int | Add of e * e | Mul of e * e;",
        "Add (Mul (Num 100000, Num 200000), Add (Num 300000, Mul (Num 400000, Num 500000)));",
        "List.tabulate (6, fn i => Add (Num i, Num (i * 1000000)));",
    ],
    "long_names": [
        'val this_is_a_really_long_name_for_a_list_of_strings = ["first", "second", "third", "fourth"];',
        "fun a_function_whose_name_is_long_enough_to_push_the_type_onto_the_next_line (x : int) = x;",
        "datatype a_datatype_with_a_long_name = A_constructor_with_a_long_name | Another_constructor_with_a_long_name;",
    ],
    "long_exceptions": [
        "exception ParseErrorWithAVeryLongName of string * int * int * string list * (int * int) option;",
    ],
    "long_type_abbreviations": [
        "type ('a, 'b, 'c) triple_of_functions = ('a -> 'b) * ('b -> 'c) * ('c -> 'a) * ('a * 'b * 'c -> unit);",
    ],
    "cycles_through_lists_and_pairs": [
        "datatype t = L of t list ref;", "val r : t list ref = ref [];", "val x = L r;", "r := [x, x];", "x;", "r;",
        "[x];", "datatype p = P of int * p ref | E;", "val q = ref E;", "q := P (1, q);", "q;", "(!q, 2);",
    ],
    "array_cycle": [
        "datatype t = T of t array | E;", "val a = Array.array (2, E);", "Array.update (a, 0, T a);", "a;", "SOME a;",
    ],
    "type_variables_in_order": [
        "fn (x, y) => (x = x, y);", "fn (x, y) => (y, x);", "val f = fn (x : 'b) => x;", "fun f (x : ''a) = x;",
        "fn x => fn y => fn z => (z, y, x);",
    ],
    "phantom_type_parameters": [
        "datatype 'a p = P;", "P;", "[P, P];", "datatype ('a, 'b) q = Q of 'b;", "Q 1;",
    ],
    "multi_line_inputs": [
        "val x =\n  1 + 2;", "fun f 0 = 1\n  | f n = n;", "datatype t =\n A\n | B;", "(* a comment *) 5;",
        "val y = (* inside *) 3;", "(* multi\nline *) val z = 4;",
    ],
    "constructor_arguments": [
        "SOME NONE;", "SOME (SOME NONE);", "SOME [NONE];", "datatype t = A of int list | B of t option;", "A [1];",
        "B (SOME (A []));", "B NONE;", "[B (SOME (B (SOME (B (SOME (B NONE))))))];",
    ],
    "abbreviations_with_parameters": [
        "type 'a pair = 'a * 'a;", "fun f (x : int pair) = x;", "fun g (x : 'a pair) = x;",
        'val p : string pair = ("a", "b");', "[p];", "type t = int * int;", "exception E of t;", "fun h (x : t) = x;",
    ],
    "depth_of_infix_constructors": [
        "infixr 5 ++;", "datatype t = N | ++ of int * t;", "SOME (SOME (SOME (1 ++ 2 ++ N)));",
        "SOME (SOME (SOME (SOME (1 ++ N))));", "[[[[1 ++ N]]]];",
        "List.foldr (op ++) N (List.tabulate (8, fn i => i));",
    ],
    "long_infix_values": [
        "infixr 5 ++;", "datatype t = N | ++ of string * t;",
        '"aaaaaaaaaa" ++ "bbbbbbbbbb" ++ "cccccccccc" ++ "dddddddddd" ++ "eeeeeeeeee" ++ "ffffffffff" ++ N;',
        "infix 5 --;", "datatype u = L of string | -- of u * u;",
        'L "aaaaaaaaaaaaaa" -- L "bbbbbbbbbbbbbbbb" -- L "cccccccccccccccccc" -- L "ddddddddddddddd" -- L "eeeeeeeeeeee";',
    ],
    "before_and_ignore": [
        "1 before ();", "ignore 5;", "ignore;", "op before;",
    ],
    "uncaught_deep_argument": [
        "exception D of int list list list list list list;", "raise D [[[[[[1]]]]]];",
    ],
    "vector_slices": [
        "val v = Vector.fromList [1, 2, 3, 4];", "val s = VectorSlice.slice (v, 1, SOME 2);", "[s, VectorSlice.full v];",
        "SOME (VectorSlice.subslice (s, 1, NONE));", "VectorSlice.base s;", "VectorSlice.vector s;",
        "VectorSlice.getItem s;", "VectorSlice.foldr;", "VectorSlice.concat;", "VectorSlice.mapi (fn (i, x) => i * x) s;",
    ],
    "array_slice_results": [
        "val a = Array.fromList [1, 2, 3];", "ArraySlice.vector (ArraySlice.slice (a, 1, NONE));",
        "ArraySlice.base (ArraySlice.slice (a, 1, NONE));", "ArraySlice.foldli;", "ArraySlice.collate;",
        "fn s => ArraySlice.sub (s, 0) + 1;",
    ],
    "array2": [
        "val a = Array2.tabulate Array2.RowMajor (2, 3, fn (i, j) => 10 * i + j);", "[a];", "SOME (a, 1);",
        "Array2.row (a, 1);", "Array2.column (a, 2);", "Array2.dimensions a;", "a = a;",
        "Array2.fold Array2.ColMajor (op ::) [] a;", "Array2.tabulate;", "Array2.fold;", "Array2.sub;",
        "fn b => Array2.sub (b, 0, 0) + 1;", "Array2.ColMajor;", "[Array2.RowMajor, Array2.ColMajor];",
        "Array2.dimensions (Array2.fromList [[1, 2], [3]]);",
    ],
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
    "abbreviation_in_datatype": [
        "type t = int * int;", "datatype d = D of t;",
    ],
    "int_range": [
        "1073741823;", "1073741823 + 1;",
    ],
    "array_slice_values": ["val s = ArraySlice.full (Array.fromList [1, 2]);", "[s];"],
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
    "abbreviation_in_datatype": "a type abbreviation prints by its name in a datatype reply, as Poly/ML prints it "
                                "(SML/NJ expands it), as with withtype",
    "int_range": "int is 63-bit, as in Poly/ML (docs/language.md), SML/NJ 110.79's 31-bit: "
                 "1073741823 + 1 overflows there only",
    "array_slice_values": "an array slice prints as `-`, as a substring and a vector slice do in both; SML/NJ "
                          "110.79 prints its representation (SL {base=[|1,2|],start=0,stop=2}), Poly/ML 5.7 "
                          "its items (fromList[1, 2])",
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
