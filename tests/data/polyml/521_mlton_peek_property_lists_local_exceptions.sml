(* Ported from MLton's benchmark/tests/peek.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * Written by Stephen Weeks (sweeks@sweeks.com).
 * A property list keyed by a local polymorphic exception per property.
 * Port: structure Plist inlined; the record {add, peek} became a pair;
 * a second property of another type added; 2*10^4 lookups, not 10^7. *)
datatype t = T of exn list ref

fun new () = T (ref [])

fun addPeek () =
   let
      exception E of 'a
      fun add (T r, x) = r := E x :: !r
      fun peek (T r) =
         let
            val rec loop =
               fn [] => NONE
                | E x :: _ => SOME x
                | _ :: l => loop l
         in loop (!r)
         end
   in (add, peek)
   end

fun inner () =
   let
      val l = new ()
      val (add, peek) = addPeek ()
      val (addS, peekS) = addPeek ()
      val _ = if isSome (peek l) then raise Fail "bug0" else ()
      val _ = add (l, 13)
      val _ = addS (l, "thirteen")
      val _ = if isSome (peek (new ())) then raise Fail "bug1" else ()
      fun loop (i, ac) =
         if i = 0
            then ac
         else loop (i - 1, ac + valOf (peek l))
      val n = loop (20000, 0)
      val _ =
         if n <> 260000
            then raise Fail "bug"
            else ()
   in print (Int.toString n ^ " " ^ valOf (peekS l) ^ "\n")
   end

fun doit size =
   let
      fun loop i =
         if i = 0
            then ()
         else (inner (); loop (i - 1))
   in loop size
   end
val _ = doit 3
