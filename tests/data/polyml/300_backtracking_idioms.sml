(* Idioms of larger search programs (the kind of MLton's benchmarks):
   backtracking over logic variables with success continuations and a
   trail that undoes bindings; a fold over permutations that prunes by
   raising an exception, local to a polymorphic function, that carries the
   fold's state; a handler whose pattern is a variable named like a
   function in scope; constructors that shadow basis functions. *)

datatype tm = Atom of string | Num of int | Pair of tm * tm | Hole of tm option ref

val trail : tm option ref list ref = ref []
fun bind (r, t) = (r := SOME t; trail := r :: !trail)
fun undoTo mark =
  if length (!trail) > mark then
    (case !trail of
         r :: rest => (r := NONE; trail := rest; undoTo mark)
       | [] => ())
  else ()
(* run k, then forget whatever it bound *)
fun attempt k = let val mark = length (!trail) in k (); undoTo mark end

fun walk (t as Hole r) = (case !r of SOME u => walk u | NONE => t)
  | walk t = t

fun unify (a, b) k =
  case (walk a, walk b) of
      (Hole r, Hole s) => if r = s then k () else (bind (r, Hole s); k ())
    | (Hole r, t) => (bind (r, t); k ())
    | (t, Hole r) => (bind (r, t); k ())
    | (Atom x, Atom y) => if x = y then k () else ()
    | (Num m, Num n) => if m = n then k () else ()
    | (Pair (a1, a2), Pair (b1, b2)) => unify (a1, b1) (fn () => unify (a2, b2) k)
    | _ => ()

fun fresh () = Hole (ref NONE)
fun show t =
  case walk t of
      Atom s => s
    | Num n => Int.toString n
    | Pair (a, b) => "(" ^ show a ^ " . " ^ show b ^ ")"
    | Hole _ => "_"

fun list [] = Atom "nil"
  | list (t :: ts) = Pair (t, list ts)

(* every way x unifies with an element of the list l *)
fun member (x, l) k =
  case walk l of
      Pair (h, t) => (attempt (fn () => unify (x, h) k); member (x, t) k)
    | _ => ()

(* append(a, b, c) as a relation, run backwards to split a list *)
fun append (a, b, c) k =
  (attempt (fn () => unify (a, Atom "nil") (fn () => unify (b, c) k));
   let val h = fresh () and t = fresh () and r = fresh ()
   in attempt (fn () =>
        unify (a, Pair (h, t)) (fn () =>
          unify (c, Pair (h, r)) (fn () => append (t, b, r) k)))
   end)

val nums = list (map Num [1, 2, 3, 4, 5, 6])
val _ =
  let val x = fresh () and y = fresh ()
  in member (x, nums) (fn () =>
       member (y, nums) (fn () =>
         case (walk x, walk y) of
             (Num a, Num b) =>
               if a + b = 7 andalso a < b then print (show (Pair (x, y)) ^ "\n") else ()
           | _ => ()))
  end
val _ =
  let val front = fresh () and back = fresh ()
  in append (front, back, list (map Atom ["a", "b", "c"])) (fn () =>
       print (show front ^ " ++ " ^ show back ^ "\n"))
  end
val _ = print (Int.toString (length (!trail)) ^ " bindings left on the trail\n")

(* a pattern bound on one side, a structure on the other *)
val _ =
  let val z = fresh ()
  in unify (Pair (Atom "k", Num 3), Pair (fresh (), z)) (fn () => print ("z = " ^ show z ^ "\n"))
  end

fun 'st foldPerms (xs : int list, ok : int list * int -> bool, leaf : int list * 'st -> 'st, st0 : 'st) =
  let exception Cut of 'st
      fun extend (chosen, [], st) = leaf (rev chosen, st)
        | extend (chosen, rest, st) =
          let fun try (_, [], st) = st
                | try (seen, x :: after, st) =
                  let val st' =
                        (if ok (chosen, x)
                         then extend (x :: chosen, List.revAppend (seen, after), st)
                         else raise Cut st)
                        handle Cut s => s
                  in try (x :: seen, after, st') end
          in try ([], rest, st) end
  in extend ([], xs, st0) end

(* no two neighbours differ by one *)
fun apart ([], _) = true
  | apart (last :: _, x) = abs (last - x) <> 1
val (count, firsts) =
  foldPerms ([1, 2, 3, 4, 5, 6], apart,
             fn (p, (n, fs)) => (n + 1, if n < 3 then p :: fs else fs), (0, []))
val _ = print (Int.toString count ^ " permutations of 1..6 with no neighbours adjacent\n")
val _ = app (fn p => print (String.concatWith " " (map Int.toString p) ^ "\n")) (rev firsts)
(* the fold's state is a string here: the same function, another Cut *)
val _ = print (foldPerms ([3, 1, 2], fn _ => true, fn (p, s) => s ^ String.concat (map Int.toString p) ^ ";", "") ^ "\n")

(* a handler's variable pattern binds a new name, even one like a function in scope *)
fun lookup k = if k = 1 then "one" else raise Fail ("no key " ^ Int.toString k)
val _ = print (lookup 1 ^ "\n")
val _ = print ((lookup 9) handle lookup => "caught " ^ exnName lookup ^ "\n")
val _ = print (lookup 1 ^ " again\n")

(* constructors named like basis functions shadow them in their scope only *)
local
  datatype conv = real | floor | ord | size
  fun describe real = "real" | describe floor = "floor" | describe ord = "ord" | describe size = "size"
in
  val described = String.concatWith "," (map describe [size, ord, floor, real])
end
val _ = print (described ^ " " ^ Int.toString (size "abcd" + ord #"A") ^ "\n")
