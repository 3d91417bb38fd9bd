(* In the style of Dan Grossman's CSE 341 (University of Washington)
   section code on datatypes and pattern matching
   (https://courses.cs.washington.edu/courses/cse341/): an expression
   datatype, functions written with case, old-style hd/tl/null list code
   next to pattern-matching versions, and a zip3 that raises. *)

datatype exp = Constant of int
             | Negate of exp
             | Add of exp * exp
             | Multiply of exp * exp

fun eval e =
    case e of
        Constant i => i
      | Negate e2 => ~ (eval e2)
      | Add(e1,e2) => (eval e1) + (eval e2)
      | Multiply(e1,e2) => (eval e1) * (eval e2)

fun number_of_adds e =
    case e of
        Constant i => 0
      | Negate e2 => number_of_adds e2
      | Add(e1,e2) => 1 + number_of_adds e1 + number_of_adds e2
      | Multiply(e1,e2) => number_of_adds e1 + number_of_adds e2

fun max_constant e =
    let fun max_of_two(e1,e2) = Int.max(max_constant e1, max_constant e2)
    in
        case e of
            Constant i => i
          | Negate e2 => max_constant e2
          | Add(e1,e2) => max_of_two(e1,e2)
          | Multiply(e1,e2) => max_of_two(e1,e2)
    end

val example_exp = Add (Constant 19, Negate (Constant 4))
val example_ans = eval example_exp
val test = max_constant (Multiply(Constant 3, Add(Constant 10, Negate(Constant 12))))

fun to_string e =
    case e of
        Constant i => Int.toString i
      | Negate e2 => "-(" ^ to_string e2 ^ ")"
      | Add(e1,e2) => "(" ^ to_string e1 ^ " + " ^ to_string e2 ^ ")"
      | Multiply(e1,e2) => to_string e1 ^ " * " ^ to_string e2

val _ = print (to_string example_exp ^ " = " ^ Int.toString example_ans ^ "\n");
val _ = print ("max constant " ^ Int.toString test ^ "\n");

(* the "bad style" list functions from the first weeks *)
fun sum_list (xs : int list) =
    if null xs
    then 0
    else hd xs + sum_list(tl xs)

fun countdown (x : int) =
    if x=0
    then []
    else x :: countdown(x-1)

fun append (xs : int list, ys : int list) =
    if null xs
    then ys
    else (hd xs) :: append((tl xs), ys)

(* and the good style *)
fun sum_list2 xs =
    case xs of
        [] => 0
      | x::xs' => x + sum_list2 xs'

exception ListLengthMismatch

fun zip3 list_triple =
    case list_triple of
        ([],[],[]) => []
      | (hd1::tl1,hd2::tl2,hd3::tl3) => (hd1,hd2,hd3)::zip3(tl1,tl2,tl3)
      | _ => raise ListLengthMismatch

fun unzip3 lst =
    case lst of
        [] => ([],[],[])
      | (a,b,c)::tl => let val (l1,l2,l3) = unzip3 tl
                       in
                           (a::l1,b::l2,c::l3)
                       end

val nums = append (countdown 5, [10, 20])
val _ = print (Int.toString (sum_list nums) ^ " " ^ Int.toString (sum_list2 nums) ^ "\n")

val (xs, ys, zs) = unzip3 (zip3 ([1,2,3], ["a","b","c"], [true,false,true]))
val _ = print (String.concat ys ^ " " ^ Int.toString (length xs) ^ " "
               ^ Bool.toString (List.nth (zs, 1)) ^ "\n")

val big = List.foldl (fn (i, e) => if i mod 2 = 0 then Add (e, Constant i)
                                   else Multiply (e, Negate (Constant i)))
                     (Constant 1) (countdown 6)
val _ = print (to_string big ^ " = " ^ Int.toString (eval big)
               ^ ", adds: " ^ Int.toString (number_of_adds big) ^ "\n")

val oops = zip3 ([1,2], [3], [4,5])
