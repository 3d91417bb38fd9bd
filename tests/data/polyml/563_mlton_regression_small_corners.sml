(* Ported from MLton's regression suite: the small core programs
 * regression/3.sml, 6.sml, 7.sml, 9.sml, 11.sml, 13.sml (the functor's
 * body inlined), 14.sml, 21.sml, asterisk.sml, comment-end.sml,
 * bool-triple.sml, cases.sml (Word8 left out), deep-flatten.sml,
 * down.sml, exn.sml, exn2.sml (real as int), expansive-valbind.sml,
 * circular.sml and jump.sml, each made to print what it computes.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file. *)

(* 3: lexing type variables *)
type ('_a, '1a, ''a, '_, '', ''', ''1) t = int
type u = (int, int, int, int, int, int, int) t
val x : u = 3
val _ = print (Int.toString x ^ "\n")

(* 6 and 7: a ref to a function, not generalised *)
fun f x = x
val r = ref f
val _ = r := (fn y => y)
val _ = print (Int.toString (!r 13 + 1) ^ "\n")
fun h f = f 13
fun f x = let fun z x = z(x + 1) in h z end
val r : (int -> int) ref = ref f
val _ = print (Int.toString (h (fn x => x)) ^ "\n")

(* 9 and 21: explicit type variables *)
fun 'a f (x: 'a): 'a = x
val y: int -> int = f
val 'a rec g = fn x => x
val _ = print (Int.toString (y 4 + g 5) ^ "\n")

(* 11: SOME [] compared at two types *)
val _ = let val x = SOME [] in
          print (Bool.toString (valOf x = [1]) ^ " " ^ Bool.toString (valOf x = [true]) ^ "\n") end

(* 13: a function made infix after its use *)
fun plus (a, b) = a
val n = plus (plus (1, 2), 3)
infix plus
val _ = print (Int.toString (n + (10 plus 20)) ^ "\n")
nonfix plus

(* 14: equality through a constructor *)
datatype t = A | B
datatype u = C of t
val _ = print (Bool.toString (C A = C B) ^ " " ^ Bool.toString (C B = C B) ^ "\n")

(* asterisk and comment-end: a star before a closing parenthesis, outside a comment *)
val op* = (op*);
val _ = print (Int.toString (op* (6, 7)) ^ "\n")
val ** = 13
val x = ( **)
val _ = print (Int.toString (1 + ** + x) ^ "\n")

(* bool-triple *)
val a = Array.array (100, (true, false, true))
val _ = Array.update (a, 0, (false, true, false))
val b = Array.sub (a, 0) = Array.sub (a, 1) andalso Array.sub (a, 2) = Array.sub (a, 3)
val _ = print (concat [Bool.toString b, " ", Bool.toString (Array.sub (a, 1) = Array.sub (a, 99)), "\n"])

(* cases: constant patterns in val rec fn *)
fun test (f, a, r) = print (if f a = r then "ok\n" else "bug\n")
val rec f = fn 0 => 0 | 1 => 1 | 2 => 2 | i => f (i - 1)
val _ = test (f, 100, 2)
val rec f: word -> int = fn 0w0 => 0 | 0w1 => 1 | 0w2 => 2 | w => f (w - 0w1)
val _ = test (f, 0w100, 2)
val rec f: char -> int = fn #"a" => 0 | #"b" => 1 | #"c" => 2 | _ => f #"c"
val _ = test (f, #"d", 2)

(* deep-flatten: #1 of a ref's contents, its type found later *)
fun f r = case #1 (!r) of 3 => r := (5, 6) | _ => f (ref (7, 8))
val r = ref (1, 2)
val _ = r := (3, 4)
val _ = f r
val _ = print (concat [Int.toString (#1 (!r)), " ", Int.toString (#2 (!r)), "\n"])

(* down: mutual recursion through val rec ... and *)
val rec down = fn 0 => 0 | n => 1 + down' (n - 1) + down (n - 1)
and down' = fn 0 => 0 | n => 1 + down (n - 1) + down' (n - 1)
val _ = print (Int.toString (down 13) ^ "\n")

(* exn: a handler that re-raises at each level *)
exception E
fun loop n = if n = 0 then raise E else (loop (n - 1) handle e => (print "z"; raise e))
val _ = loop 13 handle _ => print "\n"

(* exn2: a local exception raised at any type *)
fun die (): 'a = let exception Die in raise Die end
val _ = let val _: string = die () val _: int = die () val _: bool = die () in () end
        handle e => print (exnName e ^ "\n")

(* expansive-valbind: val ... and with an expansive binding *)
val f = fn x => x
and r = ref 13
val _ = (f 1; f true)
val () = r := !r + 1
val () = r := !r + 1
val () = print (concat [Int.toString (!r), "\n"])
val 'a x = let exception E of 'a in () end
val 'a id = fn x: 'a => x
and     x = let exception E of 'a in () end
val _ = print (Int.toString (id 3) ^ "\n")

(* circular: a datatype through vectors *)
datatype t = T of t vector
fun makeT () = T (Vector.tabulate (0, fn _ => makeT ()))
fun destT (T v) = if Vector.length v > 0 then 1 + destT (Vector.sub (v, 0)) else 0
val _ = print (Int.toString (destT (makeT ())) ^ " " ^
               Int.toString (destT (T (Vector.fromList [T (Vector.fromList [makeT ()])]))) ^ "\n")

(* jump: a sparse constant match *)
fun doit 2 = "zero" | doit 6 = "one" | doit 10 = "two" | doit 14 = "three"
  | doit 18 = "four" | doit 22 = "five" | doit 26 = "six" | doit 30 = "seven"
  | doit 34 = "eight" | doit 38 = "nine" | doit 42 = "ten" | doit _ = "big"
val _ = List.app (fn i => print (doit i ^ " ")) (List.tabulate (50, fn i => i))
val _ = print "\n"
