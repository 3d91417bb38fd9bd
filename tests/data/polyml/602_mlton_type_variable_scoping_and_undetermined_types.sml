(* Ported from MLton's regression/type-check.sml and undetermined.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * Explicit type variables bound where they do not show in the type,
 * rebound by nested datatypes; replication of an abbreviation
 * (datatype u = datatype t, t = 'a * 'a); non-generalised top-level
 * values fixed by a later use in the same or a later declaration.
 * Port: the structures and the record pattern left out; results printed. *)
val 'a f = fn x =>
  let
     exception E of 'a
     fun g (E y) = y
       | g _ = raise Fail "bug"
  in
     E x
  end

fun 'a f () =
   let
      val x: 'a = raise Fail "bug"
   in
      ()
   end

val 'a x =
   fn () =>
   let
      datatype 'a t = T of 'a
   in
      ()
   end

type 'a t = 'a * 'a
datatype u = datatype t
val _: int u = (13, 14);

fun f (x: 'a) =
   let
      fun g (y: 'a) = y
   in
      ()
   end

fun f (x: 'a) =
   let
      fun 'b g (y: 'b) = y
   in
      ()
   end

fun 'a f (x: 'a) =
   let
      fun g (y: 'a) = y
   in
      ()
   end

fun 'a f (x: 'a) =
   let
      fun 'b g (y: 'b) = y
   in
      ()
   end

val 'a x =
   fn () =>
   let
      datatype 'a t = T of 'a
   in
      ()
   end
val f = (fn x => x) (fn x => x)
val y = f 7
;

val x = ref nil
val _ = 1 :: !x
;
;
;
val _ =
   let
      val x = ref nil
      val _ = 1 :: !x
   in
      ()
   end
;
(* 2.sml *)
val id = (fn x => x) (fn x => x)
val _ = id 13
;
(* 4.sml *)
datatype t = T
val id = (fn x => x) (fn x => x)
val _ = id T
;
(* 5.sml *)
local
   val id = (fn x => x) (fn x => x)
in
   val _ = id 13
end
;
(* 7.sml *)
val id = (fn x => x) (fn x => x)
val _ = id 13
val id = ()
;
val _ = print (Int.toString y ^ "\n")
val _ = print "ok\n"
