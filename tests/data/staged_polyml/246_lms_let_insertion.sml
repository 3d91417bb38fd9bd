(* Let-insertion in continuation-passing style, in the manner of LMS: a
   generator that would duplicate an expensive expression binds it once in
   the generated code instead. Compared: a naive generator that duplicates
   (counted by a run-time counter of calls to the expensive function) and
   the let-inserting one, both against the unstaged function. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val calls = ref 0
fun expensive x = (calls := !calls + 1; x * x + 1)

(* the unstaged function: uses e(x) = expensive x three times in a tree *)
fun spec (n, x) = if n = 0 then x else let val e = expensive x in spec (n - 1, e) + e - spec (n - 1, x) end

(* naive staging: the expression is copied wherever used *)
fun naive 0 = code (fn x => x)
  | naive n = let cogen r = naive (n - 1) in code (fn x => r (expensive x) + expensive x - r x) end

(* let-insertion: the generator for "bind e then continue" *)
fun letIns (e : [int -> int]) (k : [int -> int -> int]) : [int -> int] =
  let cogen e' = e cogen k' = k in code (fn x => let val v = e' x in k' x v end) end
fun withLet 0 = code (fn x => x)
  | withLet n =
      let cogen r = withLet (n - 1)
      in letIns (code (fn x => expensive x)) (code (let val rf = r in fn x => fn v => rf v + v - rf x end)) end

(* CPS generator: the continuation receives code for the bound value *)
fun cpsLet (e : [int -> int]) (k : [int -> int] -> [int -> int]) : [int -> int] =
  let cogen e' = e
      cogen body = k (code (fn v => v))
  in code (fn x => let val v = e' x in body v end) end

fun measure (name, f, xs) =
  let val _ = calls := 0
      val rs = map f xs
  in pr (name ^ ": " ^ String.concatWith " " (map pi rs) ^ "  (expensive called " ^ pi (!calls) ^ " times)"); rs end

val xs = [0, 1, 2]
val u = measure ("unstaged n=3", fn x => spec (3, x), xs)
val nv = measure ("naive    n=3", eval (naive 3), xs)
val wl = measure ("let-ins  n=3", eval (withLet 3), xs)
val _ = pr (if u = nv andalso u = wl then "all three agree" else "DISAGREE")

val c = eval (cpsLet (code (fn x => expensive x)) (fn v => let cogen v' = v in code (fn y => v' y * v' y) end))
val _ = calls := 0
val _ = pr ("cps let: " ^ pi (c 3) ^ " = " ^ pi (let val e = expensive 3 in e * e end) ^ ", calls " ^ pi (!calls))

(* the work difference grows with n: 2^n - 1 versus 3 * (2^n - 1)/... *)
val _ = List.app (fn n =>
  let val _ = calls := 0 val a = spec (n, 1) val cu = !calls
      val _ = calls := 0 val b = eval (naive n) 1 val cn = !calls
      val _ = calls := 0 val c = eval (withLet n) 1 val cl = !calls
  in pr ("n=" ^ pi n ^ " calls: unstaged " ^ pi cu ^ ", naive " ^ pi cn ^ ", let-inserted " ^ pi cl ^ (if a = b andalso b = c then " agree" else " DISAGREE")) end) [1, 2, 4]

val wl4 = eval (withLet 4)
fun benchUnstaged () = List.app (fn x => ignore (spec (4, x mod 2))) (List.tabulate (20, fn x => x))
fun benchStaged () = List.app (fn x => ignore (wl4 (x mod 2))) (List.tabulate (20, fn x => x))
val _ = (benchUnstaged (); benchStaged (); pr "done")
