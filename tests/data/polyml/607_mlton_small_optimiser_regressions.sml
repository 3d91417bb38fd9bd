(* Ported from MLton's regression/ tak, unary, unary.2, poly-equal, poly-equal.2,
 * polymorphic-recursion, redundant.1, ref-flatten, ref-flatten.2,
 * ref-flatten.3, local-ref, lambda-list-ref, taut, rem-unused.1, layout,
 * lex, vector2, vector3 and substring-overflow (one after the other).
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * Small programs each of which once broke an optimiser: a nested
 * recursive datatype used at one instance, refs inside constructors in
 * arrays, a ref shared by every tuple of a list, empty vectors compared.
 * Port: reals became ints, Word16 became word, results printed. *)

(* tak *)
fun tak(x,y,z) =
   if y >= x
      then z
   else tak(tak(x - 1, y, z),
	    tak(y - 1, z, x),
	    tak(z - 1, x, y))

val _ = print(concat[Int.toString(tak(18,12,6)), "\n"])

(* unary *)
datatype num = Z | S of num

val rec plus =
   fn (n, Z) => n
    | (n, S m) => S (plus (n,m))

val zero = Z
val one = S Z
val two = plus (one,one)

val rec times =
   fn (_, Z) => Z
    | (n, S m) => plus (n, times (n,m))

val square = fn n => times (n,n)

val four = square two

val sixteen = square four

val two56 = square sixteen

val rec fib =
   fn Z => Z
    | S Z => S Z
    | S (S n) => plus (fib (S n), fib n)

val x = fib (S Z)

val rec fact =
   fn Z => S Z
    | n as S m => times (n, fact m)

val y = fact (S (S (S Z)))
fun toInt Z = 0 | toInt (S n) = 1 + toInt n
val _ = print (Int.toString (toInt two56) ^ " " ^ Int.toString (toInt x) ^ " " ^ Int.toString (toInt y) ^ " " ^ Int.toString (toInt (fib sixteen)) ^ "\n")

(* poly-equal *)
val _ =
   print(if ([1, 2, 3], [4, 5]) = ([1, 2, 3], [4])
            then "true\n"
         else "false\n")

(* poly-equal.2 *)
fun assert (msg,b) =
   if b then ()
   else print ("assertion failed: " ^ msg ^ "\n")

datatype 'a tree =
   Leaf of 'a
  | Node of 'a * 'a tree * 'a tree
      
val _ =
   (assert ("string equal", "foobar" = "foobar") ;
    assert ("string not equal", "foobar" <> "foobaz") ;
    assert ("tuple equal", (1,2,3) = (1,2,3)) ;
    assert ("tuple not equal", (1,2,3) <> (1,2,4)) ;
    assert ("list equal", [1,2,3] = [1,2,3]) ;
    assert ("list not equal", [1,2,3] <> [1,2,3,4]) ;
    assert ("pair list equal", [(1,2), (3,4)] = [(1,2), (3,4)]) ;
    assert ("pair list not equal", [(1,2), (3,4)] <> [(1,2), (3,5)]) ;
    assert ("tree equal",
	   let val t = Node (1, Leaf 2, Node (3, Leaf 4, Leaf 5))
	   in t = t
	   end))

(* polymorphic-recursion *)
datatype 'a t = R of 'a | L of 'a t t

val rec build: int -> int t =
   fn 0 => R 17
    | n => L (R (build (n - 1)))

val rec depth: int t -> int =
   fn R _ => 0
    | L (R z) => 1 + depth z
    | _ => raise Match
	 
val n = depth (build 13)
val _ =
   if n = 13
      then ()
   else raise Fail "bug"
val _ = print (Int.toString n ^ "\n")

(* redundant.1 *)

datatype ilist = nill | cons of int * ilist

fun f Xs =
 case Xs of
   nill => nill
 | cons( z, zs ) =>
 let
   fun g( a, b, c, ds ) =
     case ds of
       nill => cons( c, nill )
     | cons( e, es ) =>
     case ( e < b ) of
       false => cons( c, ds )
     | true =>
         cons(
           e,
           case ( z < a ) of
             false =>
               g( b, c, c, es )
           | true => cons( c, nill )
           )
 in
   case zs of
     nill => Xs
   | cons( y, ys ) =>
       g(
         z,
         z,
         z,
         f( g( z, z, y, ys ) )
         )
 end

fun print_ilist( nill ) = print "\n"
  | print_ilist( cons( X, Xs ) ) = ( print (Int.toString X ^ " "); print_ilist Xs )

val Input = cons( 6, cons( 5, cons( 7, cons( 3, cons( 1, cons( 2, cons( 4, nill ) ) ) ) ) ) )

val _ = print_ilist( f Input )

(* ref-flatten *)
datatype t =
   A of int ref * int
 | B

val n = 100

val a = Array.tabulate (n, fn i =>
			case i mod 3 of
			   0 => B
			 | 1 => A (ref 13, 14)
			 | 2 => A (ref 15, 16))

val a' =
   Array.tabulate (n, fn i =>
		   case Array.sub (a, i) of
		      B => B
		    | A (r, n) => A (r, n + 1))

val _ = Array.app (fn A (r, n) => r := 17 + n + !r  | B => ()) a

val _ =
   case Array.sub (a', 1) of
      A (r, _) => print (concat [Int.toString (!r), "\n"])
    | B => ()

(* ref-flatten.2 *)
datatype t =
   A of word ref * word ref * int list
 | B

val a = Array.tabulate (100, fn i =>
			case i mod 2 of
			   0 => A (ref 0w13, ref 0w123, [100 + i, 2, 3])
			 | 1 => B)

val _ =
   Array.app
   (fn B => ()
     | A (r, r', l) => (r := !r + Word.fromInt (hd l)
			; r' := !r' + !r))
   a

val A (w, w', _) = Array.sub (a, 0)

val _ = print (concat [Word.toString (!w), " ",
		       Word.toString (!w'), "\n"])

(* ref-flatten.3 *)
fun loop i =
   if i = 0
      then ()
   else
      let
	 val r = ref 13
	 val l = List.tabulate (10, fn i => (r, ref i))
	 val (r1, r2) = List.nth (l, 0)
	 val () = r1 := !r2
	 val (r1, _) = List.nth (l, 1)
	 val () = print (concat [Int.toString (!r1), "\n"])
      in
	 loop (i - 1)
      end

val () = loop 2

(* local-ref *)

local
   val c = ref 0
in
   fun fib n
     = let
          val _ = if !c mod 5 = 0
                    then print (concat [Int.toString (!c),
                                        "th invocation of fib\n"])
                    else ()
          val _ = c := !c + 1
       in
          case n
            of 0 => 1
             | 1 => 1
             | n => (fib (n-1)) + (fib (n-2))
       end
end

val n = fib 5 

val _ = print (concat ["fib(5) = ", Int.toString n, "\n"])

(* lambda-list-ref *)
val r : (int -> int) list ref = ref []

val _ = r := (fn x => x + 1) :: ! r
val _ = r := (fn x => x + 2) :: ! r

val _ = app (fn f => (f 13; ())) (!r)
val _ = app (fn f => print (Int.toString (f 13) ^ "\n")) (!r)

(* taut *)
(* a tautology checker *)

datatype t =
   Base of bool
 | Fun of bool -> t

val rec taut =
   fn Base b => b
    | Fun f => taut (f true) andalso taut (f false)

val rec bigTrue =
   fn 0 => Base true
    | n => Fun (fn _ => bigTrue (n - 1))

val _ = print (Bool.toString (taut (bigTrue 12)) ^ "\n")
val _ = print (Bool.toString (taut (Fun (fn b => Fun (fn c => Base (b orelse not c))))) ^ "\n")

(* rem-unused.1 *)
datatype ttt = AAA | BBB of ttt vector

val z = AAA
val y = BBB (Vector.tabulate (1, fn _ => z))
val x = BBB (Vector.tabulate (1, fn _ => z))
val _ = print (concat [Bool.toString (y = x), "\n"])

val a : ttt vector = Vector.tabulate (0, fn _ => raise Fail "a")
val b : ttt vector = Vector.tabulate (0, fn _ => raise Fail "b")

val _ = print (concat [Bool.toString (a = b), "\n"])

(* layout *)
fun layout (cbs : (string * int) list list) : string =
  let 
    val layoutcb =
      map (fn (con,_) => con)

    fun layoutdb cb = "{" ^ concat(layoutcb cb) ^ "}"
  in concat(map layoutdb cbs)
  end
val _ = print (layout [[("a", 1), ("b", 2)], [], [("c", 3)]] ^ "\n")

(* lex *)
  fun token0(tokFn) = tokFn

  and token1(tokFn, value) = tokFn(value)

  val a = token1(fn _ => "1", 2)
  val _ = print (a ^ token0 "2" ^ "\n")

(* vector2 *)
val v = Vector.tabulate(13, fn i => fn j => i + j)
val _ = print(Int.toString(Vector.sub(v, 5) 1))
val _ = print "\n"
val v = Vector.tabulate (1000, fn i => ())
val r = ref 0
val _ = r := Vector.length v
val _ = print (concat [Int.toString (!r), "\n"])

(* substring-overflow *)
val _ =
   (Substring.slice (Substring.full "abc", 1, SOME (valOf Int.maxInt))
    ; print "ERROR\n")
   handle Subscript => print "OK\n"
