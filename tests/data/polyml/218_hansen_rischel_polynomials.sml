(* Polynomials as coefficient lists with user-declared infix operators, in
   the manner of Hansen & Rischel, "Introduction to Programming using SML"
   (Addison-Wesley 1999), chapter on lists: infix declarations with
   precedences, `op` to pass operators to folds, and a pretty-printer. *)

infix 6 ++ --
infix 7 ** *%

(* [a0, a1, a2] is a0 + a1 x + a2 x^2 *)
fun [] ++ qs = qs
  | ps ++ [] = ps
  | (p :: ps) ++ (q :: qs) = (p + q) :: (ps ++ qs)

fun a *% ps = map (fn p => a * p) ps

fun ps -- qs = ps ++ (~1 *% qs)

fun [] ** _ = []
  | (p :: ps) ** qs = (p *% qs) ++ (0 :: (ps ** qs))

fun normalize ps =
  let fun strip (0 :: rest) = strip rest
        | strip l = l
  in rev (strip (rev ps)) end

fun eval ps x = foldr (fn (a, acc) => a + x * acc) 0 ps

fun power (_, 0) = [1]
  | power (ps, n) = ps ** power (ps, n - 1)

fun derivative [] = []
  | derivative (_ :: ps) =
      let fun d (_, []) = []
            | d (k, a :: rest) = k * a :: d (k + 1, rest)
      in d (1, ps) end

fun term (a, 0) = Int.toString a
  | term (a, 1) = (if a = 1 then "" else if a = ~1 then "-" else Int.toString a) ^ "x"
  | term (a, n) = (if a = 1 then "" else if a = ~1 then "-" else Int.toString a)
                  ^ "x^" ^ Int.toString n

fun toString ps =
  let
    fun terms (_, []) = []
      | terms (n, 0 :: rest) = terms (n + 1, rest)
      | terms (n, a :: rest) = term (a, n) :: terms (n + 1, rest)
  in
    case rev (terms (0, normalize ps)) of
        [] => "0"
      | t :: ts => foldl (fn (s, acc) => acc ^ (if String.isPrefix "~" s orelse String.isPrefix "-" s
                                               then " - " ^ String.extract (s, 1, NONE)
                                               else " + " ^ s)) t ts
  end

val p = [1, 1]            (* 1 + x *)
val q = [~1, 0, 2]        (* -1 + 2x^2 *)

val _ = print (toString p ^ "\n")
val _ = print (toString q ^ "\n")
val _ = print (toString (p ++ q) ^ "\n")
val _ = print (toString (p -- q) ^ "\n")
val _ = print (toString (p ** q) ^ "\n")
val _ = print (toString (power (p, 5)) ^ "\n")
val _ = print (toString (derivative (power (p, 5))) ^ "\n")
val _ = print (toString (q -- q) ^ "\n")
val _ = print (Int.toString (eval (power (p, 10)) 1) ^ " " ^ Int.toString (eval q 3) ^ "\n")
(* precedence: ** binds tighter than ++ *)
val _ = print (toString (p ++ p ** q) ^ " / " ^ toString ((p ++ p) ** q) ^ "\n")
val sumAll = foldl (op ++) [] [p, q, [0, 0, 0, 5]]
val _ = print (toString sumAll ^ "\n")
val _ = print (toString (foldr (op **) [1] [p, p, q]) ^ "\n")
