(* Three stages, after dynamic staging's dot product: the length is known
   first, the first vector second, the second vector last. Stage one
   unrolls the loop; stage two (code run at stage one's run time) lifts
   the coefficients; the innermost code does the arithmetic. cogen appears
   inside lets inside code, at depths 2 and 3. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun dot (a, b) = ListPair.foldl (fn (x, y, s) => s + x * y) 0 (a, b)

(* stage 1: n. Gives code that, given the first vector, generates code for the second *)
fun gen1 n : [int list -> [int list -> int]] =
  let fun unroll i : [int list -> [int list -> int]] =
        if i = n then code (fn _ => code (fn _ => 0))
        else let cogen rest = unroll (i + 1)
                 cogen ii = lift i
             in code (fn a =>
                  let val ai = List.nth (a, ii)
                      cogen restG = rest a
                      cogen k = lift ai
                      cogen idx = lift ii
                  in if ai = 0 then code (fn b => restG b)
                     else code (fn b => k * List.nth (b, idx) + restG b) end)
             end
  in unroll 0 end

val stage1 = eval (gen1 4)             (* int list -> [int list -> int] *)
val avecs = [[1, 2, 3, 4], [0, 5, 0, ~1], [0, 0, 0, 0]]
val bvecs = [[1, 1, 1, 1], [10, 20, 30, 40], [~3, 7, 0, 2]]
val _ = List.app (fn a =>
  let val f = eval (stage1 a)
  in List.app (fn b => pr (pi (f b) ^ (if f b = dot (a, b) then " agree" else " DISAGREE"))) bvecs end) avecs

(* a code value that itself contains a three-level tower: code of code of code *)
val tower : [int -> [int -> [int -> int]]] =
  code (fn x => let cogen x' = lift x
                in code (fn y => let cogen y' = lift y
                                     cogen s = code (x' + y')
                                 in code (fn z => s * z + x' - y') end) end)
val t = eval tower
val _ = pr ("tower 2 3 4 = " ^ pi (eval (eval (t 2) 3) 4) ^ " (expect " ^ pi ((2 + 3) * 4 + 2 - 3) ^ ")")

(* a generator run at the second stage many times, each output run many times *)
val counts = ref 0
val gens = map (fn a => eval (stage1 a)) avecs
val total = foldl (fn (f, acc) => foldl (fn (b, acc) => (counts := !counts + 1; acc + f b)) acc bvecs) 0 gens
val expected = foldl (fn (a, acc) => foldl (fn (b, acc) => acc + dot (a, b)) acc bvecs) 0 avecs
val _ = pr ("total " ^ pi total ^ " over " ^ pi (!counts) ^ " runs" ^ (if total = expected then " agree" else " DISAGREE"))

(* the second stage raises: a vector that is too short, at generation of stage three *)
val _ = (ignore (stage1 [1, 2]); pr "generated") handle Subscript => pr "Subscript while generating stage three"
val f3 = eval (stage1 [1, 2, 3, 4])
val _ = pr (pi (f3 [1, 2]) handle Subscript => "Subscript at stage three")

val fa = eval (stage1 [1, 2, 3, 4])
fun benchUnstaged () = List.app (fn i => ignore (dot ([1, 2, 3, 4], [i, i, i, i]))) (List.tabulate (50, fn i => i))
fun benchStaged () = List.app (fn i => ignore (fa [i, i, i, i])) (List.tabulate (50, fn i => i))
val _ = (benchUnstaged (); benchStaged (); pr "done")
