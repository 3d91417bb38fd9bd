(* Polymorphic generators used at several types, and the value
   restriction around code: `code e` is a value (generalised), `lift e`
   and code-variable uses are not; polymorphic staged list functions
   (map, filter, fold, zip) specialised to generated element functions of
   several types; polymorphic code variables bound at top level by cogen
   and used at two types; equality-polymorphic generators. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* generic generators: the element operations are code *)
fun mapG (f : ['a -> 'b]) : ['a list -> 'b list] =
    let cogen f' = f in code (fn xs => let fun go [] = [] | go (x :: r) = f' x :: go r in go xs end) end
fun filterG (p : ['a -> bool]) : ['a list -> 'a list] =
    let cogen p' = p in code (fn xs => let fun go [] = [] | go (x :: r) = if p' x then x :: go r else go r in go xs end) end
fun foldG (f : ['a * 'b -> 'b], z : ['b]) : ['a list -> 'b] =
    let cogen f' = f cogen z' = z in code (fn xs => let fun go [] = z' | go (x :: r) = f' (x, go r) in go xs end) end
fun composeG (f : ['a -> 'b], g : ['b -> 'c]) : ['a -> 'c] = let cogen f' = f cogen g' = g in code (fn x => g' (f' x)) end
fun zipWithG (f : ['a * 'b -> 'c]) : ['a list * 'b list -> 'c list] =
    let cogen f' = f in code (fn (xs, ys) => let fun go (x :: a, y :: b) = f' (x, y) :: go (a, b) | go _ = [] in go (xs, ys) end) end

(* code values are values: these are polymorphic and used at several types *)
val idC = code (fn x => x)
val pairC = code (fn x => (x, x))
val swapC = code (fn (x, y) => (y, x))
val nilC = code []
val _ = pr (pi (eval idC 3) ^ eval idC "s" ^ (if eval idC true then "T" else "F") ^ pi (length (eval nilC : int list)) ^ pi (length (eval nilC : string list)))
val _ = pr (case eval (composeG (pairC, swapC)) "a" of (x, y) => x ^ y)

val sumSquares = eval (composeG (mapG (code (fn x => x * x)), foldG (code (op +), code 0)))
val longWords = eval (composeG (filterG (code (fn s => size s > 3)), mapG (code (fn s => s ^ "!"))))
val lens = eval (mapG (code size))
val evens = eval (filterG (code (fn (n : int) => n mod 2 = 0)))
val _ = pr (pi (sumSquares [1, 2, 3, 4]) ^ " " ^ String.concatWith "," (longWords ["a", "tree", "is", "green"]) ^ " "
            ^ String.concatWith "," (map pi (lens ["", "ab", "abc"])) ^ " " ^ String.concatWith "," (map pi (evens [1, 2, 3, 4, 6])))
(* zipWithG (...) is an application, not generalised: a function makes one generator per type *)
fun zipper () = zipWithG (code (fn (a, b) => (a, b)))
val zi = eval (zipper ())
val _ = pr (String.concatWith " " (map (fn (n, s) => pi n ^ s) (zi ([1, 2, 3], ["a", "b"]))))
val zs = eval (zipper ())
val _ = pr (String.concatWith " " (map (fn (b, c) => (if b then "t" else "f") ^ str c) (zs ([true, false], [#"x", #"y", #"z"]))))

(* a generator producing generators, polymorphic at both levels *)
fun twiceG (f : ['a -> 'a]) : [['a -> 'a]] = let cogen f' = f in code (let cogen g = code (fn x => f' (f' x)) in code (fn x => g (g x)) end) end
val inc4 = eval (eval (twiceG (code (fn x => x + 1))))
val bang4 = eval (eval (twiceG (code (fn s => s ^ "!"))))
val _ = pr (pi (inc4 0) ^ " " ^ bang4 "hi")

(* equality-polymorphic: a generated lookup table of known keys *)
fun lookupG (table : (''k * 'v) list, default : 'v) : [''k -> 'v] =
    case table of
        [] => let cogen d = lift default in code (fn _ => d) end
      | (k, v) :: rest => let cogen k' = lift k cogen v' = lift v cogen r = lookupG (rest, default) in code (fn x => if x = k' then v' else r x) end
val colour = eval (lookupG ([("red", 1), ("green", 2), ("blue", 3)], 0))
val named = eval (lookupG ([(1, "one"), (2, "two")], "many"))
val byPair = eval (lookupG ([((1, #"a"), [1]), ((2, #"b"), [2, 2])], []))
val byOpt = eval (lookupG ([(SOME [1], true), (NONE, false)], false))
val _ = pr (pi (colour "green") ^ pi (colour "black") ^ " " ^ named 2 ^ named 7 ^ " " ^ pi (length (byPair (2, #"b"))) ^ pi (length (byPair (2, #"a")))
            ^ " " ^ Bool.toString (byOpt (SOME [1])) ^ Bool.toString (byOpt (SOME [2])))

(* top-level cogen of a code value: a polymorphic code variable used at two types *)
cogen dup = code (fn x => [x, x])
cogen first = code (fn (x, _) => x)
val useBoth = code (length (dup 1) + length (dup "s") + first (10, "ignored") + size (first ("abc", 0)))
val _ = pr (pi (eval useBoth))

(* lift is not a value: a lifted empty list is monomorphic, fixed by its first use *)
val liftedNil = lift []
val _ = pr (pi (length (1 :: eval liftedNil)))
val liftedRef = lift (ref 0)
val bumper = let cogen r = liftedRef in code (fn () => (r := !r + 1; !r)) end
val bump = eval bumper
val _ = (bump (); bump ())
val _ = pr (pi (bump ()) ^ " " ^ pi (!(eval liftedRef)))
(* a polymorphic function returned from generated code is generalised at each eval *)
fun mkPair (k : int) : ['a -> int * 'a] = let cogen k' = lift k in code (fn x => (k', x)) end
val p1 = eval (mkPair 1) "x"
val p2 = eval (mkPair 2) [true]
val _ = pr (case (p1, p2) of ((a, s), (b, l)) => pi a ^ s ^ pi b ^ pi (length l))
