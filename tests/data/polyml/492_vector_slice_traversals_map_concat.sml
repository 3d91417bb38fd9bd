(* VectorSlice's traversals, map and concat: the order in which each calls
   its function (left to right; foldr and foldri from the right, map and
   mapi left to right), the indices (from the slice's start), where find,
   findi, exists and all stop, the vectors map, mapi, vector and concat
   make, and getItem as a reader. Each on a slice in the middle, at the
   end, empty at the end and empty at the start, and on the whole vector. *)
fun sI (x : int) = Int.toString x
fun sL f l = "[" ^ String.concatWith "," (map f l) ^ "]"
val log = ref [] : string list ref
fun note s = log := s :: !log
fun report name result = (print (name ^ " = " ^ result ^ " | " ^ String.concatWith ";" (rev (!log)) ^ "\n"); log := [])
fun sV f v = "#" ^ sL f (Vector.foldr op :: [] v)

val vec = Vector.fromList [2, 7, 1, 8, 2, 8, 1, 8, 2]
val slices = [("middle", VectorSlice.slice (vec, 3, SOME 4)), ("end", VectorSlice.slice (vec, 6, NONE)),
              ("empty end", VectorSlice.slice (vec, 9, NONE)), ("empty start", VectorSlice.slice (vec, 0, SOME 0)),
              ("whole", VectorSlice.full vec)]

fun each (name, sl) =
    (report (name ^ " length") (sI (VectorSlice.length sl));
     report (name ^ " vector") (sV sI (VectorSlice.vector sl));
     report (name ^ " app") (VectorSlice.app (fn x => note (sI x)) sl; "()");
     report (name ^ " appi") (VectorSlice.appi (fn (i, x) => note (sI i ^ ":" ^ sI x)) sl; "()");
     report (name ^ " map") (sV sI (VectorSlice.map (fn x => (note (sI x); x * x)) sl));
     report (name ^ " mapi") (sV (fn s => s) (VectorSlice.mapi (fn (i, x) => (note (sI i); sI i ^ "=" ^ sI x)) sl));
     report (name ^ " foldl") (sI (VectorSlice.foldl (fn (x, acc) => (note (sI x); acc * 10 + x)) 0 sl));
     report (name ^ " foldr") (sI (VectorSlice.foldr (fn (x, acc) => (note (sI x); acc * 10 + x)) 0 sl));
     report (name ^ " foldli") (sL sI (VectorSlice.foldli (fn (i, x, acc) => (note (sI i); i * 100 + x :: acc)) [] sl));
     report (name ^ " foldri") (sL sI (VectorSlice.foldri (fn (i, x, acc) => (note (sI i); i * 100 + x :: acc)) [] sl));
     report (name ^ " find = 8") (case VectorSlice.find (fn x => (note (sI x); x = 8)) sl of
                                     NONE => "NONE" | SOME x => "SOME " ^ sI x);
     report (name ^ " findi odd index") (case VectorSlice.findi (fn (i, x) => (note (sI i); i mod 2 = 1)) sl of
                                             NONE => "NONE" | SOME (i, x) => "SOME (" ^ sI i ^ "," ^ sI x ^ ")");
     report (name ^ " exists = 1") (Bool.toString (VectorSlice.exists (fn x => (note (sI x); x = 1)) sl));
     report (name ^ " all even") (Bool.toString (VectorSlice.all (fn x => (note (sI x); x mod 2 = 0)) sl));
     report (name ^ " getItem") (case VectorSlice.getItem sl of
                                     NONE => "NONE"
                                   | SOME (x, rest) => let val (_, i, n) = VectorSlice.base rest
                                                       in "SOME (" ^ sI x ^ ", @" ^ sI i ^ "+" ^ sI n ^ ")" end))
val _ = app each slices

(* concat: the slices' items in order, whatever their bases *)
val other = Vector.tabulate (4, fn i => 100 + i)
val _ = report "concat []" (sV sI (VectorSlice.concat []))
val _ = report "concat of empties" (sV sI (VectorSlice.concat (map #2 [List.nth (slices, 2), List.nth (slices, 3)])))
val _ = report "concat mixed" (sV sI (VectorSlice.concat [VectorSlice.slice (vec, 7, NONE), VectorSlice.full other,
                                                          VectorSlice.slice (vec, 9, NONE), VectorSlice.slice (other, 1, SOME 2),
                                                          VectorSlice.slice (vec, 0, SOME 1)]))
val _ = report "concat the same slice thrice" (let val s = VectorSlice.slice (other, 2, NONE)
                                               in sV sI (VectorSlice.concat [s, s, s]) end)

(* map and mapi stop at an exception, the vector unmade *)
exception Stop of int
val _ = report "mapi stopped" ((sV sI (VectorSlice.mapi (fn (i, x) => (note (sI i); if i = 2 then raise Stop x else x))
                                                     (VectorSlice.full vec)))
                               handle Stop x => "Stop " ^ sI x)
val _ = report "foldri stopped" ((sI (VectorSlice.foldri (fn (i, x, _) => (note (sI i); if x = 1 then raise Stop i else 0)) 0
                                                         (VectorSlice.full vec)))
                                 handle Stop i => "Stop " ^ sI i)

(* a reader over a vector of chars: tokens by getItem *)
val text = Vector.fromList (explode "let x = 42 in x")
fun skip sl = case VectorSlice.getItem sl of
                  SOME (#" ", rest) => skip rest
                | _ => sl
fun word sl = case VectorSlice.getItem sl of
                  SOME (c, rest) => if c = #" " then ([], sl) else let val (w, r) = word rest in (c :: w, r) end
                | NONE => ([], sl)
fun tokens sl = let val sl = skip sl
                in if VectorSlice.isEmpty sl then []
                   else let val (w, rest) = word sl in implode w :: tokens rest end end
val _ = report "tokens" (String.concatWith "|" (tokens (VectorSlice.full text)))
val _ = report "tokens of a slice" (String.concatWith "|" (tokens (VectorSlice.slice (text, 5, SOME 7))))
val _ = report "strings" (VectorSlice.foldr (op ^) "" (VectorSlice.full (Vector.fromList ["a", "bc", "", "d"])))
