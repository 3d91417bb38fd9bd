(* ArraySlice's traversals: the order in which each calls its function
   (left to right; foldr and foldri from the right), the indices it gives
   (from the slice's start, not the base's), where find, findi, exists and
   all stop, and what modify and update change: the base array's items,
   seen through the base, through other slices over it and through vectors
   made before and after. Each on a slice in the middle, at the end, empty
   at the end and empty at the start, and on the whole array. *)
fun sI (x : int) = Int.toString x
fun sL f l = "[" ^ String.concatWith "," (map f l) ^ "]"
val log = ref [] : string list ref
fun note s = log := s :: !log
fun report name result = (print (name ^ " = " ^ result ^ " | " ^ String.concatWith ";" (rev (!log)) ^ "\n"); log := [])
fun sA a = sL sI (Array.foldr op :: [] a)
fun sV v = sL sI (Vector.foldr op :: [] v)

val arr = Array.fromList [3, 1, 4, 1, 5, 9, 2, 6]
val slices = [("middle", ArraySlice.slice (arr, 2, SOME 4)), ("end", ArraySlice.slice (arr, 5, NONE)),
              ("empty end", ArraySlice.slice (arr, 8, NONE)), ("empty start", ArraySlice.slice (arr, 0, SOME 0)),
              ("whole", ArraySlice.full arr)]

fun each (name, sl) =
    (report (name ^ " length") (sI (ArraySlice.length sl));
     report (name ^ " vector") (sV (ArraySlice.vector sl));
     report (name ^ " app") (ArraySlice.app (fn x => note (sI x)) sl; "()");
     report (name ^ " appi") (ArraySlice.appi (fn (i, x) => note (sI i ^ ":" ^ sI x)) sl; "()");
     report (name ^ " foldl") (sI (ArraySlice.foldl (fn (x, acc) => (note (sI x); acc * 10 + x)) 0 sl));
     report (name ^ " foldr") (sI (ArraySlice.foldr (fn (x, acc) => (note (sI x); acc * 10 + x)) 0 sl));
     report (name ^ " foldli") (sL sI (ArraySlice.foldli (fn (i, x, acc) => (note (sI i); i * 100 + x :: acc)) [] sl));
     report (name ^ " foldri") (sL sI (ArraySlice.foldri (fn (i, x, acc) => (note (sI i); i * 100 + x :: acc)) [] sl));
     report (name ^ " find odd > 1") (case ArraySlice.find (fn x => (note (sI x); x > 1 andalso x mod 2 = 1)) sl of
                                          NONE => "NONE" | SOME x => "SOME " ^ sI x);
     report (name ^ " findi index >= 2") (case ArraySlice.findi (fn (i, x) => (note (sI i); i >= 2)) sl of
                                              NONE => "NONE" | SOME (i, x) => "SOME (" ^ sI i ^ "," ^ sI x ^ ")");
     report (name ^ " exists > 4") (Bool.toString (ArraySlice.exists (fn x => (note (sI x); x > 4)) sl));
     report (name ^ " all < 9") (Bool.toString (ArraySlice.all (fn x => (note (sI x); x < 9)) sl));
     report (name ^ " getItem") (case ArraySlice.getItem sl of
                                     NONE => "NONE"
                                   | SOME (x, rest) => let val (_, i, n) = ArraySlice.base rest
                                                       in "SOME (" ^ sI x ^ ", @" ^ sI i ^ "+" ^ sI n ^ ")" end))
val _ = app each slices

(* a list from the items by getItem, as a reader *)
fun items sl = case ArraySlice.getItem sl of NONE => [] | SOME (x, rest) => x :: items rest
val _ = report "items of the middle" (sL sI (items (ArraySlice.slice (arr, 2, SOME 4))))

(* changes go to the base, and every slice over it sees them *)
val before_ = Array.vector arr
val mid = ArraySlice.slice (arr, 2, SOME 4)
val overlap = ArraySlice.slice (arr, 4, NONE)
val _ = report "modify (x * 2) middle" (ArraySlice.modify (fn x => (note (sI x); x * 2)) mid; sA arr)
val _ = report "modifyi (i * 1000 + x) overlap" (ArraySlice.modifyi (fn (i, x) => (note (sI i ^ ":" ^ sI x); i * 1000 + x)) overlap; sA arr)
val _ = report "middle seen" (sV (ArraySlice.vector mid))
val _ = Array.update (arr, 3, 77)
val _ = report "after Array.update (arr, 3, 77)" (sV (ArraySlice.vector mid) ^ " " ^ sI (ArraySlice.sub (mid, 1)))
val _ = ArraySlice.update (overlap, 0, ~5)
val _ = report "after ArraySlice.update (overlap, 0, ~5)" (sA arr ^ " " ^ sI (ArraySlice.sub (mid, 2)))
val _ = report "the vector made before" (sV before_)
val _ = report "modify on empty" (ArraySlice.modify (fn x => (note "called"; x)) (ArraySlice.slice (arr, 8, NONE)); sA arr)
val _ = report "modifyi on the whole" (ArraySlice.modifyi (fn (i, x) => (note (sI i); x - i)) (ArraySlice.full arr); sA arr)

(* an exception from the function stops the traversal where it is *)
exception Stop of int
val _ = report "app stopped at 3rd" ((ArraySlice.appi (fn (i, _) => (note (sI i); if i = 2 then raise Stop i else ())) mid; "done")
                                     handle Stop i => "Stop " ^ sI i)
val _ = report "foldr stopped" ((sI (ArraySlice.foldr (fn (x, acc) => (note (sI x); if acc > 0 then raise Stop x else acc + 1)) 0 mid))
                                handle Stop x => "Stop " ^ sI x)
val _ = report "modify stopped" ((ArraySlice.modifyi (fn (i, x) => if i = 1 then raise Stop x else 0) mid; "done")
                                 handle Stop x => "Stop " ^ sI x ^ " " ^ sA arr)

(* slices of strings and of slices' results *)
val words = Array.fromList ["alpha", "beta", "gamma", "delta"]
val _ = report "concat of the last three" (ArraySlice.foldr (op ^) "" (ArraySlice.slice (words, 1, NONE)))
val _ = report "length sum" (sI (ArraySlice.foldl (fn (w, n) => n + size w) 0 (ArraySlice.full words)))
val _ = report "vector of a subslice" (String.concatWith "," (Vector.foldr op :: []
                                        (ArraySlice.vector (ArraySlice.subslice (ArraySlice.full words, 1, SOME 2)))))
