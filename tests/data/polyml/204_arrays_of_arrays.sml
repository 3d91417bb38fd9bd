(* Arrays of arrays: a jagged triangle (Pascal's), a matrix built with
   tabulate and one built with `array` whose rows are all the SAME array
   (the classic aliasing mistake, shown), transposition, row swaps by
   exchanging the inner arrays, an array of refs, vectors of arrays, and
   Subscript raised from the inner and from the outer index. *)
fun pr s = print (s ^ "\n")
fun rowText a = String.concatWith " " (Array.foldr (fn (x, acc) => Int.toString x :: acc) [] a)
fun showMatrix m = Array.app (fn row => pr ("  " ^ rowText row)) m

val pascal = Array.tabulate (7, fn i => Array.array (i + 1, 1))
val () = Array.appi (fn (i, row) =>
           if i < 2 then ()
           else Array.modifyi (fn (j, x) =>
                  if j = 0 orelse j = i then x
                  else Array.sub (Array.sub (pascal, i - 1), j - 1) + Array.sub (Array.sub (pascal, i - 1), j)) row)
         pascal
val () = pr "pascal:"
val () = showMatrix pascal

(* all rows aliased: one update shows in every row *)
val aliased = Array.array (3, Array.array (3, 0))
val () = Array.update (Array.sub (aliased, 0), 1, 7)
val () = pr "aliased:"
val () = showMatrix aliased
val () = pr ("rows identical: " ^ Bool.toString (Array.sub (aliased, 0) = Array.sub (aliased, 2)))
val fresh = Array.tabulate (3, fn _ => Array.array (3, 0))
val () = Array.update (Array.sub (fresh, 0), 1, 7)
val () = pr "fresh:"
val () = showMatrix fresh
val () = pr ("rows identical: " ^ Bool.toString (Array.sub (fresh, 0) = Array.sub (fresh, 2)))

fun matrix (r, c, f) = Array.tabulate (r, fn i => Array.tabulate (c, fn j => f (i, j)))
fun get m (i, j) = Array.sub (Array.sub (m, i), j)
fun set m (i, j) v = Array.update (Array.sub (m, i), j, v)
fun rows m = Array.length m
fun cols m = if rows m = 0 then 0 else Array.length (Array.sub (m, 0))
fun transpose m = matrix (cols m, rows m, fn (i, j) => get m (j, i))
fun multiply (a, b) =
  matrix (rows a, cols b, fn (i, j) =>
    let fun loop (k, acc) = if k = cols a then acc else loop (k + 1, acc + get a (i, k) * get b (k, j))
    in loop (0, 0) end)

val m = matrix (2, 3, fn (i, j) => i * 3 + j - 2)
val () = pr "m:"
val () = showMatrix m
val () = pr "transpose:"
val () = showMatrix (transpose m)
val () = pr "m * m^T:"
val () = showMatrix (multiply (m, transpose m))

(* swap rows by exchanging the inner arrays: no copying *)
fun swapRows m (i, j) =
  let val t = Array.sub (m, i) in Array.update (m, i, Array.sub (m, j)); Array.update (m, j, t) end
val before0 = Array.sub (m, 0)
val () = swapRows m (0, 1)
val () = pr "swapped:"
val () = showMatrix m
val () = pr ("old row 0 is now row 1: " ^ Bool.toString (Array.sub (m, 1) = before0))

(* Gaussian-style elimination on integers (fraction-free) for a determinant *)
fun det3 a =
  let val m = matrix (3, 3, fn (i, j) => get a (i, j))
      fun pivot k = case List.find (fn i => get m (i, k) <> 0) (List.tabulate (3 - k, fn d => k + d)) of
                        NONE => NONE | SOME i => SOME i
      fun elim (k, sign, prev) =
        if k = 2 then sign * get m (2, 2)
        else case pivot k of
                 NONE => 0
               | SOME p =>
                 let val sign' = if p <> k then (swapRows m (p, k); ~sign) else sign
                 in app (fn i => app (fn j => set m (i, j) ((get m (k, k) * get m (i, j) - get m (i, k) * get m (k, j)) div prev))
                                     (List.tabulate (3, fn j => j)))
                        (List.tabulate (2 - k, fn d => k + 1 + d));
                    elim (k + 1, sign', get m (k, k))
                 end
  in elim (0, 1, 1) end
val () = app (fn a => pr ("det " ^ Int.toString (det3 a)))
  [matrix (3, 3, fn (i, j) => if i = j then 2 else 0),
   matrix (3, 3, fn (i, j) => i + j),
   matrix (3, 3, fn (i, j) => if i = 0 then j + 1 else if i = 1 then 3 - j else (i * j + 1) * (if j = 1 then ~1 else 1)),
   matrix (3, 3, fn (i, j) => if (i, j) = (0, 0) then 0 else i * 2 + j + 1)]

(* an array of refs and a vector of arrays *)
val counters = Array.tabulate (4, fn i => ref (i * 10))
val () = Array.app (fn r => r := !r + 1) counters
val () = Array.app (fn r => r := !r * 2) counters
val () = pr ("counters " ^ String.concatWith "," (Array.foldr (fn (r, acc) => Int.toString (!r) :: acc) [] counters))
val vecOfArrays = Vector.tabulate (3, fn i => Array.array (2, i))
val () = Array.update (Vector.sub (vecOfArrays, 2), 0, ~9)
val () = pr ("vector of arrays " ^ String.concatWith " / " (Vector.foldr (fn (a, acc) => rowText a :: acc) [] vecOfArrays))

fun probe (i, j) = Int.toString (get pascal (i, j)) handle Subscript => "Subscript"
val () = pr (String.concatWith " " (map probe [(6, 3), (6, 7), (7, 0), (0, 0), (3, ~1)]))
