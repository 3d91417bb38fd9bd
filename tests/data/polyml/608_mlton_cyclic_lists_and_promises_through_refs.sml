(* Ported from MLton's regression/ref-flatten.4.sml, ref-flatten.5.sml and
 * ref-flatten.6.sml (one after the other).
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * Refs held in constructors that an optimiser once flattened: a list made
 * cyclic through a ref under a withtype abbreviation, refs shared between
 * two arrays of different datatypes, and promises (SRFI 45's, a status
 * ref ref) forced through chains of lazy ones, storing an exception.
 * Port: structure CList inlined; equality of two cycles and a failing
 * promise forced twice added. *)
(* ref-flatten.4 *)
      datatype 'a clist' = Cons of 'a * 'a clist ref
      withtype 'a clist = 'a clist' option

      fun cnil () = NONE
      fun ccons (h, t) = SOME (Cons (h, ref t))

      fun match cl nilCase consCase =
	 case cl of
	    NONE => nilCase ()
	  | SOME (Cons (h, t)) => consCase (h, !t)

      fun fromList l =
	 case l of
	    [] => cnil ()
	  | h::t => ccons (h, fromList t)

      fun repeat x =
	 let
	    val r = ref NONE
	    val cl = SOME (Cons (x, r))
	    val () = r := cl
	 in
	    cl
	 end

      local
	 val max = 1000
	 fun length' (cl, n) =
	    if n >= max
	       then NONE
	       else match cl
		          (fn () => SOME n)
			  (fn (_,t) => length' (t, n + 1))
      in
	 fun length cl = length' (cl, 0)
      end

val cl = repeat #"x"
val n = length cl
val () =
   case n of
      NONE => print "NONE\n"
    | SOME n => print (concat ["SOME ", Int.toString n, "\n"])

val cl = fromList [1,2,3,4,5,6,7,8,9]
val n = length cl
val () =
   case n of
      NONE => print "NONE\n"
    | SOME n => print (concat ["SOME ", Int.toString n, "\n"])
val c1 = repeat 1 val c2 = repeat 1
val () = print (Bool.toString (c1 = c2) ^ Bool.toString (c1 = c1) ^ "\n")

(* ref-flatten.5 *)
datatype t =
   A of int ref * int
 | B

val n = 100

val a = Array.tabulate (n, fn i =>
			case i mod 3 of
			   0 => B
			 | 1 => A (ref 13, 14)
			 | 2 => A (ref 15, 16))

datatype t =
   A' of int ref * int
 | B'

val a' =
   Array.tabulate (n, fn i =>
		   case Array.sub (a, i) of
		      B => B'
		    | A (r, n) => A' (r, n + 1))

val _ = Array.app (fn A (r, n) => r := 17 + n + !r  | B => ()) a

val _ =
   case Array.sub (a', 1) of
      A' (r, n) => print (concat [Int.toString (!r + n), "\n"])
    | B' => ()

(* ref-flatten.6 *)
datatype ('a, 'b) either = LEFT of 'a | RIGHT of 'b

fun eval thunk =
    LEFT (thunk ()) handle e => RIGHT e

datatype 'a status = LAZY of unit -> 'a promise
                   | EAGER of ('a, exn) either
withtype 'a promise = 'a status ref ref

fun lazy exp =
    ref (ref (LAZY exp))

fun delay exp =
    lazy (fn () => ref (ref (EAGER (eval exp))))

fun force promise =
    case !(!promise)
     of EAGER (LEFT x) => x
      | EAGER (RIGHT x) => raise x
      | LAZY exp =>
        let
          val promise' = exp ()
        in
          (case !(!promise)
            of LAZY _ => (!promise := !(!promise') ;
                          promise' := !promise)
             | _ => ())
        ; force promise
        end

exception Assertion

fun check (b, e) = if b then () else raise e
fun verify b = check (b, Assertion)

val () =
    let
      val r = delay (fn () => (print "hi\n" ; 1))
      val s = lazy (fn () => r)
      val t = lazy (fn () => s)
    in
      verify (1 = force t)
    ; verify (1 = force r)
    end
val bad = delay (fn () => raise Fail "boom")
val () = (force bad; ()) handle Fail m => print (m ^ "\n")
val () = (force bad; ()) handle Fail m => print (m ^ " again\n")
