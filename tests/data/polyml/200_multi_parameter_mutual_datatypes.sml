(* Datatypes with two and three type parameters, mutually recursive
   through `and`, with a parameter used at different instances inside
   (nested lists and options); polymorphic functions over them that are
   themselves mutually recursive; let-polymorphism used at several types
   in one body; maps that change every parameter. *)
fun pr s = print (s ^ "\n")

datatype ('k, 'v) tree = Leaf | Node of ('k, 'v) tree * 'k * 'v * ('k, 'v) tree
datatype ('a, 'b, 'c) tri = First of 'a | Second of 'b | Third of 'c | Trio of 'a * 'b * 'c
datatype ('a, 'b) rose = Rose of 'a * ('a, 'b) forest
     and ('a, 'b) forest = Nil | Cons of ('a, 'b) rose * ('a, 'b) forest | Note of 'b * ('a, 'b) forest

fun insert cmp (k, v) Leaf = Node (Leaf, k, v, Leaf)
  | insert cmp (k, v) (t as Node (l, k', v', r)) =
      (case cmp (k, k') of
           LESS => Node (insert cmp (k, v) l, k', v', r)
         | GREATER => Node (l, k', v', insert cmp (k, v) r)
         | EQUAL => Node (l, k, v, r))
fun toList Leaf = []
  | toList (Node (l, k, v, r)) = toList l @ (k, v) :: toList r
fun mapTree f g Leaf = Leaf
  | mapTree f g (Node (l, k, v, r)) = Node (mapTree f g l, f k, g v, mapTree f g r)

val byInt = foldl (fn (kv, t) => insert Int.compare kv t) Leaf [(5, "five"), (~3, "minus three"), (9, "nine"), (0, "zero"), (5, "FIVE")]
val () = pr (String.concatWith "; " (map (fn (k, v) => Int.toString k ^ "=" ^ v) (toList byInt)))
val swapped = mapTree (fn k => k * 2) size byInt
val () = pr (String.concatWith "; " (map (fn (k, v) => Int.toString k ^ ":" ^ Int.toString v) (toList swapped)))
val byString = foldl (fn (kv, t) => insert String.compare kv t) Leaf [("pear", [1]), ("apple", [2, 3]), ("fig", [])]
val () = pr (String.concatWith " " (map (fn (k, v) => k ^ "/" ^ Int.toString (length v)) (toList byString)))

fun triName (First a) fa _ _ = "first " ^ fa a
  | triName (Second b) _ fb _ = "second " ^ fb b
  | triName (Third c) _ _ fc = "third " ^ fc c
  | triName (Trio (a, b, c)) fa fb fc = "trio " ^ fa a ^ "," ^ fb b ^ "," ^ fc c
val tris : (int, string, bool) tri list = [First ~4, Second "s", Third false, Trio (7, "t", true)]
val () = app (fn t => pr (triName t Int.toString (fn s => s) Bool.toString)) tris
fun rotate (First a) = Third a
  | rotate (Second b) = First b
  | rotate (Third c) = Second c
  | rotate (Trio (a, b, c)) = Trio (b, c, a)
val () = app (fn t => pr (triName t (fn s => s) Bool.toString Int.toString)) (map rotate tris)

(* mutually recursive functions over the mutually recursive types *)
fun size (Rose (_, f)) = 1 + sizeF f
and sizeF Nil = 0
  | sizeF (Cons (r, f)) = size r + sizeF f
  | sizeF (Note (_, f)) = sizeF f
fun notes (Rose (_, f)) = notesF f
and notesF Nil = []
  | notesF (Cons (r, f)) = notes r @ notesF f
  | notesF (Note (n, f)) = n :: notesF f
fun labels (Rose (a, f)) = a :: labelsF f
and labelsF Nil = []
  | labelsF (Cons (r, f)) = labels r @ labelsF f
  | labelsF (Note (_, f)) = labelsF f
fun mapRose f g (Rose (a, fo)) = Rose (f a, mapForest f g fo)
and mapForest f g Nil = Nil
  | mapForest f g (Cons (r, fo)) = Cons (mapRose f g r, mapForest f g fo)
  | mapForest f g (Note (b, fo)) = Note (g b, mapForest f g fo)

val leaf = fn a => Rose (a, Nil)
val sample = Rose ("root", Note (1, Cons (leaf "a", Cons (Rose ("b", Note (2, Note (3, Cons (leaf "c", Nil)))), Note (4, Nil)))))
val () = pr ("size " ^ Int.toString (size sample) ^ ", notes " ^ String.concatWith "," (map Int.toString (notes sample)))
val () = pr ("labels " ^ String.concatWith "," (labels sample))
val doubled = mapRose (fn s => s ^ s) (fn n => [n, ~n]) sample
val () = pr ("labels " ^ String.concatWith "," (labels doubled) ^ ", notes " ^
             String.concatWith "|" (map (fn l => String.concatWith "," (map Int.toString l)) (notes doubled)))

(* let-polymorphism: one local function used at four types *)
val summary =
  let fun twice f x = f (f x)
      fun pairUp x = (x, x)
      val a = twice (fn n => n * 3) 2
      val b = twice (fn s => s ^ "!") "hey"
      val (c, _) = twice (fn (x, y) => (y, x)) (pairUp [true])
      val d = twice (mapTree (fn k => k + 1) (fn v => v)) byInt
  in Int.toString a ^ " " ^ b ^ " " ^ Int.toString (length c) ^ " " ^
     String.concatWith "," (map (fn (k, _) => Int.toString k) (toList d))
  end
val () = pr summary

(* a polymorphic function on a nested instance: ('a list, 'a option) tree *)
fun collect t = List.concat (map (fn (ks, SOME v) => v :: ks | (ks, NONE) => ks) (toList t))
val nested = insert (fn (a, b) => Int.compare (length a, length b)) ([1, 2], SOME 9)
               (insert (fn (a, b) => Int.compare (length a, length b)) ([3], NONE) Leaf)
val () = pr (String.concatWith "," (map Int.toString (collect nested)))
