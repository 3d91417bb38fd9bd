(* Ported from MLton's regression/withtype.sml, withtype2.sml and withtype4.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * A withtype binding that rebinds a type name the datatype and its
 * sibling bindings still mean by the outer binding.
 * Port: real became char or string; the values are printed. *)
(* withtype.sml *)

(* Checks scoping rules of withtype *)

type u = int

datatype t = T of u * v
withtype u = bool
and      v = u

val x = T(true, 6);
val _ = case x of T (b, n) => print (Bool.toString b ^ " " ^ Int.toString n ^ "\n")

type u = char

datatype t = A of v | B of u
withtype u = int
and v = u

val a = A #"1"
val b = B 1

val x : v = #"x"
val y : u = 1

fun uEq (a: u, b: u) = a = b
val _ = case (a, b) of (A s, B n) => print (str s ^ Int.toString n ^ Bool.toString (uEq (y, 1)) ^ str x ^ "\n") | _ => ()

type u = string

datatype t = T of u * v
withtype u = int
and      v = u

val x = T(1, "1.0");

fun uEq (a: u, b: u) = a = b
val _ = print (Bool.toString (uEq (3, 3)) ^ "\n")
