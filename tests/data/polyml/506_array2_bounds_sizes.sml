(* Array2 at its bounds: array, tabulate and fromList with sizes around
   zero, negative (Size), past the int range (Size), ragged lists (Size);
   sub, update, row and column at every index around each end
   (Subscript); r x 0 arrays, whose rows are empty and which have no
   column. (A 0 x c array is left out here: Poly/ML 5.7 raises Subscript
   for its nCols, docs/language.md section 12.) Then equality, which is
   identity, also for arrays of functions. *)
fun opaque x = ! (ref x)
val maxI = opaque (valOf Int.maxInt)
fun sI (x : int) = Int.toString x
fun sL f l = "[" ^ String.concatWith "," (map f l) ^ "]"
fun sV v = sL sI (Vector.foldr op :: [] v)
fun t name f = print (name ^ " = " ^ (f () handle Subscript => "Subscript" | Size => "Size") ^ "\n")
fun rows a = List.tabulate (Array2.nRows a, fn i => Array2.row (a, i))
fun show a = let val (r, c) = Array2.dimensions a
             in sI r ^ "x" ^ sI c ^ " " ^ sL sV (rows a) end

val sizes = [(~1, 2), (2, ~1), (~1, ~1), (~1, 0), (1, 0), (3, 0), (1, 1), (1, 4), (4, 1), (2, 3),
             (maxI, 2), (2, maxI), (maxI, maxI)]
val _ = app (fn (r, c) =>
          (t ("array (" ^ sI r ^ ", " ^ sI c ^ ", 7)") (fn () => show (Array2.array (opaque r, opaque c, 7)));
           t ("tabulate RowMajor (" ^ sI r ^ ", " ^ sI c ^ ")")
             (fn () => show (Array2.tabulate Array2.RowMajor (opaque r, opaque c, fn (i, j) => 10 * i + j)));
           t ("tabulate ColMajor (" ^ sI r ^ ", " ^ sI c ^ ")")
             (fn () => show (Array2.tabulate Array2.ColMajor (opaque r, opaque c, fn (i, j) => 10 * i + j)))))
          sizes

val lists = [[[1, 2, 3], [4, 5, 6]], [[1, 2], [3]], [[1], [2, 3]], [[], [1]], [[1], []], [[]], [[], [], []],
             [[1]], [[1], [2], [3]], [[1, 2, 3, 4, 5]], [[1, 2], [3, 4], [5]], [[1, 2], [3, 4, 5], [6, 7]]]
val _ = app (fn l => t ("fromList " ^ sL (sL sI) l) (fn () => show (Array2.fromList l))) lists
val _ = t "nRows (fromList [])" (fn () => sI (Array2.nRows (Array2.fromList ([] : int list list))))

val m = Array2.tabulate Array2.RowMajor (3, 4, fn (i, j) => 10 * i + j)
val indices = map opaque [~2, ~1, 0, 1, 2, 3, 4, 5, maxI, valOf Int.minInt]
val _ = app (fn i => app (fn j =>
          t ("sub (m, " ^ sI i ^ ", " ^ sI j ^ ")") (fn () => sI (Array2.sub (m, i, j)))) indices) indices
val _ = app (fn i => t ("row (m, " ^ sI i ^ ")") (fn () => sV (Array2.row (m, i)))) indices
val _ = app (fn j => t ("column (m, " ^ sI j ^ ")") (fn () => sV (Array2.column (m, j)))) indices
val _ = app (fn (i, j) => t ("update (m, " ^ sI i ^ ", " ^ sI j ^ ", ~1)")
                            (fn () => (Array2.update (m, i, j, ~1); show m)))
            [(0, 0), (2, 3), (3, 0), (0, 4), (~1, 0), (0, ~1), (1, 2), (2, 0), (0, 3), (maxI, maxI)]

(* r x 0: rows, all empty; no column *)
val wide = Array2.array (3, 0, "x")
val _ = t "dimensions wide" (fn () => let val (r, c) = Array2.dimensions wide in sI r ^ "," ^ sI c end)
val _ = t "nRows wide" (fn () => sI (Array2.nRows wide))
val _ = t "nCols wide" (fn () => sI (Array2.nCols wide))
val _ = app (fn i => t ("row (wide, " ^ sI i ^ ")") (fn () => sI (Vector.length (Array2.row (wide, i))))) indices
val _ = app (fn j => t ("column (wide, " ^ sI j ^ ")") (fn () => sI (Vector.length (Array2.column (wide, j)))))
            indices
val _ = t "sub (wide, 0, 0)" (fn () => Array2.sub (wide, 0, 0))
val _ = t "fold wide" (fn () => sI (Array2.fold Array2.ColMajor (fn (_, n) => n + 1) 0 wide))

(* equality is identity *)
val a = Array2.fromList [[1, 2], [3, 4]]
val b = Array2.fromList [[1, 2], [3, 4]]
val same = a
val fs = Array2.array (1, 2, fn (x : int) => x)
fun sB b = if b then "true" else "false"
val _ = print ("a = a: " ^ sB (a = a) ^ ", a = b: " ^ sB (a = b) ^ ", a = same: " ^ sB (a = same)
               ^ ", a <> b: " ^ sB (a <> b) ^ "\n")
val _ = Array2.update (same, 0, 0, 100)
val _ = print ("after an update through same: a's (0,0) = " ^ sI (Array2.sub (a, 0, 0))
               ^ ", b's = " ^ sI (Array2.sub (b, 0, 0)) ^ "\n")
val _ = print ("fs = fs: " ^ sB (fs = fs) ^ ", in a list: "
               ^ sB ([a, b] = [same, b]) ^ " " ^ sB ([a, b] = [b, a]) ^ ", an option: "
               ^ sB (SOME fs = SOME (Array2.array (1, 2, fn (x : int) => x))) ^ "\n")
val _ = print ("array (1, 1, 0) = array (1, 1, 0): " ^ sB (Array2.array (1, 1, 0) = Array2.array (1, 1, 0)) ^ "\n")
