(* Polymorphism and the value restriction as a program can see it:
   let-bound polymorphic functions used at several types, a polymorphic
   function passed as an argument (monomorphic inside), partial
   applications made polymorphic again by eta-expansion, refs holding
   lists given a type by annotation, a polymorphic identity generalised
   through a val of a syntactic function, and polymorphic datatypes. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun id x = x
fun pair x = (x, x)
val _ = pr ("id at three types: " ^ pi (id 3) ^ " " ^ id "s" ^ " " ^ Bool.toString (id true))
val ((a, b), (c, d)) = (pair 1, pair "x")
val _ = pr ("pair: " ^ pi (a + b) ^ " " ^ c ^ d)

(* let-polymorphism: a local function used at two types *)
val both =
    let fun twice f x = f (f x)
    in (twice (fn n => n * 3) 2, twice (fn s => s ^ "!") "hey") end
val _ = pr ("let-polymorphism: " ^ pi (#1 both) ^ " " ^ #2 both)

(* eta-expanded partial applications stay polymorphic *)
fun mapPair f (x, y) = (f x, f y)
fun swapAll xs = map (fn (x, y) => (y, x)) xs
val firsts = fn xs => map (fn (a, _) => a) xs
val _ = pr ("firsts: " ^ String.concatWith "," (map pi (firsts [(1, "a"), (2, "b")])) ^ " " ^
            String.concat (firsts [("p", 0), ("q", 1)]))
val _ = pr ("swapAll: " ^ String.concatWith "," (map (fn (s, n) => s ^ pi n) (swapAll [(1, "a"), (2, "b")])))
val lengths = mapPair length ([1, 2, 3], [4])
val _ = pr ("mapPair length: " ^ pi (#1 lengths) ^ " " ^ pi (#2 lengths))

(* a ref of an empty list needs its type fixed *)
val stack : int list ref = ref []
fun push x = stack := x :: !stack
fun pop () = case !stack of [] => NONE | x :: rest => (stack := rest; SOME x)
val _ = (push 1; push 2; push 3)
val popped = [pop (), pop (), pop (), pop ()]
val _ = pr ("stack pops: " ^ String.concatWith " " (map (fn NONE => "none" | SOME x => pi x) popped))

(* a ref created inside a function is fresh at each call and each type *)
fun newCounter () = let val r = ref 0 in fn () => (r := !r + 1; !r) end
val c1 = newCounter ()
val c2 = newCounter ()
val _ = (c1 (); c1 (); c2 ())
val _ = pr ("counters: " ^ pi (c1 ()) ^ " " ^ pi (c2 ()))
fun memoList () = let val cache = ref [] in fn x => (cache := x :: !cache; length (!cache)) end
val mi : int -> int = memoList ()
val ms : string -> int = memoList ()
val _ = pr ("memo lists: " ^ pi (mi 1 + mi 2) ^ " " ^ pi (ms "a"))

(* polymorphic datatypes and functions over them *)
datatype ('a, 'b) either = Left of 'a | Right of 'b
fun partitionEither xs =
    foldr (fn (Left l, (ls, rs)) => (l :: ls, rs) | (Right r, (ls, rs)) => (ls, r :: rs)) ([], []) xs
val (ls, rs) = partitionEither [Left 1, Right "one", Left 2, Right "two", Left 3]
val _ = pr ("partitionEither: " ^ String.concatWith "," (map pi ls) ^ " / " ^ String.concatWith "," rs)
fun either f g (Left x) = f x
  | either f g (Right y) = g y
val _ = pr ("either: " ^ String.concatWith " " (map (either pi (fn s => s)) [Left 7, Right "x"]))

(* a polymorphic function passed as an argument is used at one type inside *)
fun applyBoth (f : int -> int) (x, y) = (f x, f y)
val _ = pr ("applyBoth id: " ^ pi (#1 (applyBoth id (4, 5))) ^ " " ^ pi (#2 (applyBoth id (4, 5))))
fun applyTwoTypes f = (f 1, f 2)
val (s1, s2) = applyTwoTypes (fn n => "#" ^ pi n)
val _ = pr ("applyTwoTypes: " ^ s1 ^ s2)

(* polymorphic composition of generic functions *)
val compose3 = fn f => fn g => fn h => f o g o h
val render : int list -> string = compose3 (fn s => "[" ^ s ^ "]") pi length
val _ = pr ("compose3: " ^ render [1, 2, 3] ^ " " ^ render [])
val revTwice = fn xs => rev (rev xs)
val _ = pr ("revTwice: " ^ String.concat (revTwice ["a", "b"]) ^ " " ^ pi (hd (revTwice [9, 8])))

(* options of polymorphic values; a polymorphic empty value used twice *)
val nothing = NONE
val _ = pr ("nothing: " ^ (case (nothing : int option, nothing : string option) of (NONE, NONE) => "both none" | _ => "?"))
val emptyList = []
val _ = pr ("empty list at two types: " ^ pi (length (1 :: emptyList) + length ("a" :: emptyList)))
