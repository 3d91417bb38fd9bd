(* Polymorphism of code values: `code (fn x => x)` is a syntactic value, so
   a generator bound to it is polymorphic and used at several types; a
   generator that is the result of an application is not, and is given one
   type by its first use; box types in annotations ([t], ['a -> 'a],
   [[t]], [t] list, [t] option) on vals, funs, patterns and expressions;
   polymorphic generator combinators (compose, pair, map over code) used
   at several instances within one program. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val idc = code (fn x => x)
val constc = code (fn x => fn _ => x)
val idInt : int -> int = eval idc
val idStr : string -> string = eval idc
val idList = eval idc [1, 2, 3]
val _ = pr (pi (idInt 7) ^ " " ^ idStr "seven" ^ " " ^ pi (length idList) ^ " " ^ eval constc "k" 99)

(* combinators over generators, polymorphic in the generated types *)
fun composeC (f : ['b -> 'c], g : ['a -> 'b]) : ['a -> 'c] =
  let cogen f' = f cogen g' = g in code (fn x => f' (g' x)) end
fun pairC (f : ['a -> 'b], g : ['a -> 'c]) : ['a -> 'b * 'c] =
  let cogen f' = f cogen g' = g in code (fn x => (f' x, g' x)) end
fun mapC (f : ['a -> 'b]) : ['a list -> 'b list] =
  let cogen f' = f in code (fn xs => map f' xs) end
fun liftList (xs : 'a list) : ['a list] = let cogen l = lift xs in code l end

val lenC : [string -> int] = code size
val showC : [int -> string] = code Int.toString
val doubleC = code (fn (n : int) => n * 2)
val strLenTwice = eval (composeC (doubleC, lenC))
val roundTrip = eval (composeC (lenC, composeC (showC, doubleC)))
val _ = pr (pi (strLenTwice "abcd") ^ " " ^ pi (roundTrip 123456))
val both = eval (pairC (showC, doubleC))
val both2 = eval (pairC (idc, composeC (idc, lenC)))
val _ = pr (#1 (both 21) ^ "/" ^ pi (#2 (both 21)) ^ " " ^ #1 (both2 "xyz") ^ "/" ^ pi (#2 (both2 "xyz")))
val mapped = eval (mapC (pairC (idc, showC))) [1, 22, 333]
val _ = pr (String.concatWith ";" (map (fn (n, s) => pi (n + size s)) mapped))
val _ = pr (String.concatWith "," (eval (liftList ["a", "b"])) ^ " " ^ pi (foldl op+ 0 (eval (liftList [4, 5, 6]))))

(* the value restriction: an applied generator is monomorphic, fixed by its first use *)
val applied = composeC (idc, idc)
val _ = pr (pi (eval applied 5))
val annotated : [bool -> bool] = composeC (idc, idc)
val _ = pr (Bool.toString (eval annotated false))
(* but a generator made polymorphic by eta-expansion is fine at two types *)
fun twiceC () = composeC (idc, idc)
val _ = pr (pi (eval (twiceC ()) 8) ^ " " ^ eval (twiceC ()) "eight")

(* box types nested and in data *)
val nested : [[int -> int]] = code (code (fn x => x + 1))
val gens : [int -> int] list = [doubleC, code (fn x => x - 1), eval nested]
val _ = pr (String.concatWith " " (map (fn g => pi (eval g 10)) gens))
fun firstSome ([] : ['a] option list) = NONE
  | firstSome (NONE :: r) = firstSome r
  | firstSome (SOME g :: _) = SOME (eval g)
val _ = pr (case firstSome [NONE, SOME (code "found"), SOME (code "later")] of SOME s => s | NONE => "none")
val _ = pr (case firstSome [NONE, NONE, SOME (lift 3)] of SOME n => pi n | NONE => "none")
(* a pattern annotated with a box type *)
val (g1 : [int], g2 : [string]) = (lift 1, code "two")
val _ = pr (pi (eval g1) ^ eval g2)

(* a polymorphic generator of folds, used at int, string and list types *)
fun foldC (f : ['a * 'b -> 'b]) (z : ['b]) : ['a list -> 'b] =
  let cogen f' = f cogen z' = z in code (fn xs => foldl f' z' xs) end
val sumF = eval (foldC (code op+) (lift 0))
val catF = eval (foldC (code (fn (s, acc) => acc ^ s)) (code ""))
val revF = eval (foldC (code op::) (code []))
val countF = eval (foldC (code (fn (_, n) => n + 1)) (lift 0))
val _ = pr (pi (sumF [1, 2, 3, 4]) ^ " " ^ catF ["x", "y", "z"] ^ " " ^ String.implode (revF [#"a", #"b", #"c"]) ^ " " ^ pi (countF ["a", "b"]) ^ " " ^ pi (eval (foldC (code (fn (_, n) => n + 1)) (lift 0)) [[1], [2], [3]]))
(* polymorphic code variables: a cogen-bound polymorphic generator applied at two types inside one code *)
val twoTypes = eval (let cogen i = idc in code (fn (n : int, s : string) => (i n, i s, i (n, s))) end)
val (tn, ts, (tn2, ts2)) = twoTypes (3, "three")
val _ = pr (pi tn ^ ts ^ pi tn2 ^ ts2)
