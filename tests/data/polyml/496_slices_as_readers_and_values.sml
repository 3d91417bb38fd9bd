(* Slices as values: getItem as a StringCvt reader (Int.scan, Bool.scan
   and a hand-written scanner reading a char vector through VectorSlice,
   the rest left as a slice whose base shows where it stopped), slices of
   slices nested many levels deep (positions always in the base), slices
   kept in lists, options, refs and datatypes, slices of functions and of
   lists, and polymorphic functions over both kinds of slice. *)
fun sI (x : int) = Int.toString x
fun pr s = print (s ^ "\n")
fun pos sl = let val (_, i, n) = VectorSlice.base sl in "@" ^ sI i ^ "+" ^ sI n end

val chars = Vector.fromList (explode "  123 true -7x 0042")
val full = VectorSlice.full chars
val _ = case Int.scan StringCvt.DEC VectorSlice.getItem full of
            SOME (n, rest) => pr ("Int.scan: " ^ sI n ^ " rest " ^ pos rest)
          | NONE => pr "Int.scan: NONE"
val _ = case Bool.scan VectorSlice.getItem (VectorSlice.slice (chars, 5, NONE)) of
            SOME (b, rest) => pr ("Bool.scan: " ^ Bool.toString b ^ " rest " ^ pos rest)
          | NONE => pr "Bool.scan: NONE"
val _ = case Int.scan StringCvt.DEC VectorSlice.getItem (VectorSlice.slice (chars, 10, NONE)) of
            SOME (n, rest) => pr ("Int.scan negative: " ^ sI n ^ " rest " ^ pos rest)
          | NONE => pr "Int.scan negative: NONE"
val _ = case Int.scan StringCvt.DEC VectorSlice.getItem (VectorSlice.slice (chars, 13, SOME 1)) of
            SOME (n, rest) => pr ("Int.scan x: " ^ sI n ^ " rest " ^ pos rest)
          | NONE => pr "Int.scan x: NONE"
fun all_ints sl = case Int.scan StringCvt.DEC VectorSlice.getItem sl of
                      SOME (n, rest) => sI n :: all_ints rest
                    | NONE => if VectorSlice.isEmpty sl then []
                              else "?" :: all_ints (VectorSlice.subslice (sl, 1, NONE))
val _ = pr ("every int: " ^ String.concatWith " " (all_ints full))
(* a reader over int arrays: the sum of a prefix while it is positive *)
fun positives rd s = case rd s of
                         SOME (x, s') => if x > 0 then (case positives rd s' of (sum, rest) => (x + sum, rest)) else (0, s)
                       | NONE => (0, s)
val nums = Array.fromList [3, 4, 5, ~1, 6]
val (sum, rest) = positives ArraySlice.getItem (ArraySlice.full nums)
val _ = pr ("positive prefix: " ^ sI sum ^ ", stopped at " ^ (case ArraySlice.base rest of (_, i, n) => sI i ^ "+" ^ sI n))

(* deep nesting: each level drops the first and keeps the rest *)
val big = Vector.tabulate (1000, fn i => i)
fun nest (sl, 0) = sl
  | nest (sl, k) = nest (VectorSlice.subslice (sl, 1, SOME (VectorSlice.length sl - 2)), k - 1)
val deep = nest (VectorSlice.full big, 400)
val _ = pr ("400 levels deep: " ^ pos deep ^ " first " ^ sI (VectorSlice.sub (deep, 0)) ^ " sum " ^ sI (VectorSlice.foldl op + 0 deep))

(* slices in data *)
datatype 'a rope = Leaf of 'a VectorSlice.slice | Node of 'a rope * 'a rope
fun ropeLength (Leaf s) = VectorSlice.length s
  | ropeLength (Node (l, r)) = ropeLength l + ropeLength r
fun ropeItems (Leaf s) = [VectorSlice.vector s]
  | ropeItems (Node (l, r)) = ropeItems l @ ropeItems r
fun flatten rope = Vector.concat (ropeItems rope)
val words = Vector.fromList ["the", "quick", "brown", "fox", "jumps"]
val rope = Node (Leaf (VectorSlice.slice (words, 3, NONE)), Node (Leaf (VectorSlice.slice (words, 0, SOME 1)),
                                                                  Leaf (VectorSlice.slice (words, 5, NONE))))
val _ = pr ("rope of " ^ sI (ropeLength rope) ^ ": " ^ String.concatWith " " (Vector.foldr op :: [] (flatten rope)))
val saved = ref (NONE : int ArraySlice.slice option)
val _ = saved := SOME (ArraySlice.slice (nums, 1, SOME 2))
val _ = Array.update (nums, 2, 50)
val _ = pr ("through a ref: " ^ (case !saved of SOME s => sI (ArraySlice.foldl op + 0 s) | NONE => "none"))
val table = [("a", ArraySlice.full nums), ("b", ArraySlice.slice (nums, 4, NONE)), ("c", ArraySlice.slice (nums, 5, NONE))]
val _ = pr ("lengths: " ^ String.concatWith " " (map (fn (k, s) => k ^ "=" ^ sI (ArraySlice.length s)) table))

(* slices of functions and of lists *)
val fs = Vector.fromList [fn x => x + 1, fn x => x * 2, fn x => x - 3, fn x => x * x]
val composed = VectorSlice.foldl (fn (f, g) => f o g) (fn x => x) (VectorSlice.slice (fs, 1, SOME 3))
val _ = pr ("composed: " ^ sI (composed 5))
val lists = Array.fromList [[1], [], [2, 3], [4, 5, 6]]
val _ = pr ("appended: " ^ String.concatWith "," (map sI (ArraySlice.foldr op @ [] (ArraySlice.slice (lists, 1, NONE)))))
val _ = pr ("longest: " ^ (case ArraySlice.findi (fn (_, l) => length l > 2) (ArraySlice.full lists) of
                             SOME (i, l) => sI i ^ " of " ^ sI (length l) | NONE => "none"))

(* one polymorphic function over both kinds *)
fun count (fold : ('a * int -> int) -> int -> 's -> int) p s = fold (fn (x, n) => if p x then n + 1 else n) 0 s
val _ = pr ("counts: " ^ sI (count ArraySlice.foldl (fn x => x > 4) (ArraySlice.full nums)) ^ " "
            ^ sI (count VectorSlice.foldr Char.isDigit full))
