(* How far handle, if, case, fn and annotations extend; andalso/orelse/= precedence; empty let/local *)
fun say s = print (s ^ "\n")
exception E
fun b x = Bool.toString x
val r1 = if true then 1 else (raise E) handle E => 2
val _ = say (Int.toString r1)
val r2 = (if false then 1 else raise E) handle E => 3
val _ = say (Int.toString r2)
val r3 = (fn x => x + 1 : int) 4
val _ = say (Int.toString r3)
val r4 = case 2 of 1 => "one" | n => case n of 2 => "two" | _ => "many"
val _ = say r4
val r5 = (case 1 of 1 => (case 2 of 3 => "a" | _ => "b") | _ => "c")
val _ = say r5
val _ = say (b (true orelse false andalso false) ^ b ((true orelse false) andalso false) ^ b (false andalso true orelse true))
val _ = say (b (1 = 1 = true) ^ b (2 < 3 = (3 < 2)))
val _ = say (b (not true = false))
val r6 = let in 6 end
val _ = say (Int.toString r6)
local in val r7 = 7 end
val _ = say (Int.toString r7)
val r8 = let val x = 1; val y = 2; in x; y end
val _ = say (Int.toString r8)
;;;
val r9 = ~ 9
val _ = say (Int.toString r9)
fun neg f = f ~ 3
val _ = say (Int.toString (neg (fn g => fn x => g x)))
val _ = say (Int.toString ((op ~) 4))
val r10 = (raise E) handle E => 10 | Div => 11
val _ = say (Int.toString r10)
val r11 = 1 + (case 2 of x => x) * 3
val _ = say (Int.toString r11)
val r12 = (fn 0 => "zero" | _ => "nonzero") 0 ^ (fn 0 => "zero" | _ => "nonzero") 1
val _ = say r12
val rec fact = fn 0 => 1 | n => n * fact (n - 1)
val _ = say (Int.toString (fact 10))
val rec ev = fn 0 => true | n => od (n - 1) and od = fn 0 => false | n => ev (n - 1)
val _ = say (b (ev 10) ^ b (od 7))
fun f (op :: (x, _)) = x | f [] = 0
val _ = say (Int.toString (f [5, 6]))
val r13 = 3 - 2 - 1
val r14 = 2 * 3 div 4 * 5 mod 7
val _ = say (Int.toString r13 ^ " " ^ Int.toString r14)
val r15 = "a" ^ "b" ^ "c" = "abc"
val _ = say (b r15)
val r16 = 1 :: 2 :: [] @ [3] @ 4 :: nil
val _ = say (String.concatWith "," (map Int.toString r16))
val r17 = (say "first"; say "second"; 17)
val _ = say (Int.toString r17)
val r18 = if 1 < 2 then if 2 < 1 then "a" else "b" else "c"
val _ = say r18
val r19 = (fn x => fn y => x ^ y) "cur" "ried"
val _ = say r19
val r20 = while false do () 
val _ = say (case r20 of () => "unit")
val r21 = (1; 2; 3)
val _ = say (Int.toString r21)
val r22 = let val x = 1 in let val x = x + 1 in x * 10 end + x end
val _ = say (Int.toString r22)
val r23 = (fn x => x) (fn y => y) 23
val _ = say (Int.toString r23)
val r24 = [1, 2] @ [] @ [3]
val _ = say (Int.toString (length r24))
val r25 = ((op ::) (1, [2]), (op @) ([1], [2]), (op o) (fn x => x + 1, fn x => x * 2) 5)
val (l1, l2, v25) = r25
val _ = say (Int.toString (length l1 + length l2) ^ " " ^ Int.toString v25)
val r26 = (fn (x, y) => x - y) (10, 3) - 1
val _ = say (Int.toString r26)
val r27 = if 1 = 1 then say "then" else say "else" before say "before"
val r28 = 1 + 2 before say "b28"
val _ = say (Int.toString r28)
