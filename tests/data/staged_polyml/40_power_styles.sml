(* Staged power written the ways a student would: unrolled with cogen in
   the recursion, with an accumulator generator, with binary exponents and
   let-bound squares, returning [int] for a known base and unknown
   exponent bounds, and over words. Each is checked against plain power. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun power (_, 0) = 1
  | power (b, n) = b * power (b, n - 1)

(* style 1: the generator takes the code of the base *)
fun powerC (n, x : [int]) : [int] =
    if n = 0 then code 1
    else let cogen b = x cogen r = powerC (n - 1, x) in code (b * r) end
fun pow1 n = let cogen n' = lift n in code (fn b => let cogen r = powerC (n', lift b) in r end) end

(* style 2: accumulator *)
fun powAcc (0, acc : [int -> int]) = acc
  | powAcc (n, acc) = let cogen a = acc in powAcc (n - 1, code (fn b => b * a b)) end
fun pow2 n = powAcc (n, code (fn _ => 1))

(* style 3: squaring, with the square bound by a let in generated code *)
fun pow3 n =
    if n = 0 then code (fn _ => 1)
    else if n mod 2 = 0 then let cogen h = pow3 (n div 2) in code (fn b => let val y = h b in y * y end) end
    else let cogen p = pow3 (n - 1) in code (fn b => b * p b) end

(* style 4: known base, unknown exponent: a table of the powers *)
fun powersOf (b, k) =
    let fun table i = if i > k then [] else power (b, i) :: table (i + 1)
        cogen t = lift (table 0)
    in code (fn n => List.nth (t, n) handle Subscript => ~1) end

(* style 5: on words, with wrap-around *)
fun powW n = if n = 0 then code (fn (_ : word) => 0w1)
             else let cogen p = powW (n - 1) in code (fn b => b * p b) end

val _ = app (fn n =>
    let val f1 = eval (pow1 n) val f2 = eval (pow2 n) val f3 = eval (pow3 n)
    in pr (pi n ^ ": " ^ pi (f1 3) ^ " " ^ pi (f2 3) ^ " " ^ pi (f3 3) ^ " " ^ pi (f3 ~2) ^
           (if f1 7 = power (7, n) andalso f2 ~5 = power (~5, n) andalso f3 11 = power (11, n) then " ok" else " BAD"))
    end) [0, 1, 2, 3, 4, 7, 10, 16]
val p2 = eval (powersOf (2, 20))
val _ = pr (String.concatWith " " (map (pi o p2) [0, 5, 10, 20, 21, ~1]))
val _ = pr (Word.toString (eval (powW 70) 0w3) ^ " " ^ Word.toString (eval (powW 62) 0w2) ^ " " ^ Word.toString (eval (powW 63) 0w2))
(* overflow in generated code is Overflow, as in plain code *)
val _ = pr ((pi (eval (pow3 70) 3)) handle Overflow => "Overflow at 3^70")
val _ = pr ((pi (eval (pow2 62) 2)) handle Overflow => "Overflow at 2^62")
val _ = pr (pi (eval (pow2 61) 2) ^ " " ^ pi (eval (pow3 61) ~2) ^ " " ^ pi (eval (pow1 61) ~2))
