(* Ported from MLton's regression/valrec.sml (a test from HaMLet's suite, as MLton distributes it).
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * val rec: parenthesised and repeated rec, explicit type variables, and
 * rec bindings that rebind basis constructors (LESS, NONE, SOME) as values.
 * Port: unchanged but for this comment. *)
val rec ((((((((x)))))))) = fn () => ()

val _ = x ()

local
   val 'a rec f = fn () => ()
in
end

local
   val x = "Hello, world!\n"
      
   val x = "BUG\n"
   and rec f = fn () => print x
in
   val _ = f ()
end

local
   val x = "BUG\n"

   val x = "Hello, world!\n"
   and rec f = fn y => print y
in
   val _ = f x
end

local
   val rec rec f = fn () => ()
in
end

local
   val rec f = fn () => ()
   and rec g = fn () => ()
in
end

(* valrec.sml *)

(* Checks parsing, scoping, typing and dynamic semantics of "val rec". *)

fun x x = x
val _ =
   case x 1 of
      1 => ()
    | _ => raise Fail "bug"

val a = fn x => x
val a = 1
and rec b = fn x => a(b(c(d(e(f(g x))))))
and c : 'a -> 'a as d : 'a -> 'a = fn x => x
and rec e as f as g = fn x => x
and h : 'b -> 'b : 'b -> 'b = fn x => x;

val rec LESS = fn x => x
and NONE as SOME = fn x => x
val SOME = 13
val _ = print (concat [Int.toString SOME, "\n"])
