(* ArraySlice and VectorSlice at their bounds: slice, subslice, sub and
   update at every start and length around a base's ends (negative, past
   the end, the empty slice at the end), and starts and lengths near the
   int range's ends (Overflow where start + length passes maxInt, as
   Poly/ML computes it), each printed with the triple base gives. *)
fun opaque x = ! (ref x)
val maxI = opaque (valOf Int.maxInt)
val minI = opaque (valOf Int.minInt)
fun sI (x : int) = Int.toString x
fun sL f l = "[" ^ String.concatWith "," (map f l) ^ "]"
fun sOpt NONE = "NONE" | sOpt (SOME n) = "SOME " ^ sI n
fun t name f = print (name ^ " = " ^ (f () handle Subscript => "Subscript" | Overflow => "Overflow") ^ "\n")

val arr = Array.tabulate (5, fn i => 10 * (i + 1))
val vec = Vector.tabulate (5, fn i => 10 * (i + 1))
fun showA sl = let val (a, i, n) = ArraySlice.base sl
               in sL sI (Array.foldr op :: [] a) ^ "@" ^ sI i ^ "+" ^ sI n ^ " " ^ sL sI (ArraySlice.foldr op :: [] sl) end
fun showV sl = let val (v, i, n) = VectorSlice.base sl
               in sL sI (Vector.foldr op :: [] v) ^ "@" ^ sI i ^ "+" ^ sI n ^ " " ^ sL sI (VectorSlice.foldr op :: [] sl) end

val starts = map opaque [~1, 0, 1, 4, 5, 6]
val lengths = NONE :: map (SOME o opaque) [~1, 0, 1, 4, 5, 6]
val _ = app (fn i => app (fn m =>
            (t ("ArraySlice.slice (arr, " ^ sI i ^ ", " ^ sOpt m ^ ")") (fn () => showA (ArraySlice.slice (arr, i, m)));
             t ("VectorSlice.slice (vec, " ^ sI i ^ ", " ^ sOpt m ^ ")") (fn () => showV (VectorSlice.slice (vec, i, m)))))
            lengths) starts

(* subslices of the middle three items, in positions of the base *)
val mid = ArraySlice.slice (arr, 1, SOME 3)
val vmid = VectorSlice.slice (vec, 1, SOME 3)
val _ = app (fn j => app (fn m =>
            (t ("ArraySlice.subslice (mid, " ^ sI j ^ ", " ^ sOpt m ^ ")") (fn () => showA (ArraySlice.subslice (mid, j, m)));
             t ("VectorSlice.subslice (vmid, " ^ sI j ^ ", " ^ sOpt m ^ ")") (fn () => showV (VectorSlice.subslice (vmid, j, m)))))
            (NONE :: map (SOME o opaque) [~1, 0, 1, 2, 3, 4])) (map opaque [~1, 0, 1, 2, 3, 4])

(* near the int range's ends *)
val big = [(maxI, SOME maxI), (opaque 2, SOME maxI), (opaque 1, SOME (maxI - 1)), (opaque ~1, SOME maxI),
           (maxI, SOME (opaque ~1)), (maxI, NONE), (minI, NONE), (minI, SOME maxI), (opaque 0, SOME minI),
           (opaque 6, SOME maxI), (opaque 5, SOME maxI)]
val _ = app (fn (i, m) =>
            (t ("ArraySlice.slice (arr, " ^ sI i ^ ", " ^ sOpt m ^ ")") (fn () => showA (ArraySlice.slice (arr, i, m)));
             t ("VectorSlice.slice (vec, " ^ sI i ^ ", " ^ sOpt m ^ ")") (fn () => showV (VectorSlice.slice (vec, i, m)));
             t ("ArraySlice.subslice (mid, " ^ sI i ^ ", " ^ sOpt m ^ ")") (fn () => showA (ArraySlice.subslice (mid, i, m)));
             t ("VectorSlice.subslice (vmid, " ^ sI i ^ ", " ^ sOpt m ^ ")") (fn () => showV (VectorSlice.subslice (vmid, i, m)))))
        big

(* sub and update count from the slice's start *)
val _ = app (fn k =>
            (t ("ArraySlice.sub (mid, " ^ sI k ^ ")") (fn () => sI (ArraySlice.sub (mid, k)));
             t ("VectorSlice.sub (vmid, " ^ sI k ^ ")") (fn () => sI (VectorSlice.sub (vmid, k)));
             t ("ArraySlice.update (mid, " ^ sI k ^ ", ~k)") (fn () => (ArraySlice.update (mid, k, ~k); showA mid))))
        (map opaque [~1, 0, 1, 2, 3, 5] @ [maxI, minI])
val empty = ArraySlice.slice (arr, 5, NONE)
val _ = t "ArraySlice.sub (empty at the end, 0)" (fn () => sI (ArraySlice.sub (empty, 0)))
val _ = t "ArraySlice.update (empty at the end, 0, 1)" (fn () => (ArraySlice.update (empty, 0, 1); "updated"))
val _ = t "VectorSlice.sub (empty at the start, 0)" (fn () => sI (VectorSlice.sub (VectorSlice.slice (vec, 0, SOME 0), 0)))
val _ = t "length, isEmpty" (fn () => sL sI [ArraySlice.length mid, ArraySlice.length empty, VectorSlice.length vmid,
                                            VectorSlice.length (VectorSlice.full (Vector.fromList []))]
                                     ^ " " ^ Bool.toString (ArraySlice.isEmpty empty) ^ Bool.toString (ArraySlice.isEmpty mid)
                                     ^ Bool.toString (VectorSlice.isEmpty (VectorSlice.subslice (vmid, 3, NONE)))
                                     ^ Bool.toString (VectorSlice.isEmpty vmid))
val _ = t "full" (fn () => showA (ArraySlice.full arr) ^ " " ^ showV (VectorSlice.full vec) ^ " "
                           ^ showA (ArraySlice.full (Array.fromList [])))
