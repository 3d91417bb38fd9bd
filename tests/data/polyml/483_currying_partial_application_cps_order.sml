(* Curried functions and partial application: the order in which a
   curried call evaluates the function and its arguments (traced), a
   partially applied function that does work before returning the next
   closure (the work happens once per partial application), flip, curry
   and uncurry, point-free pipelines built with o, and continuation-
   passing versions of recursive functions. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val log = ref ([] : string list)
fun note s = log := s :: !log
fun flush label = (pr (label ^ ": " ^ String.concatWith " " (rev (!log))); log := [])
fun arg name v = (note name; v)

fun add3 a b c = (note "body"; a + b + c)
val r = (note "f"; add3) (arg "a" 1) (arg "b" 2) (arg "c" 3)
val _ = flush ("curried call " ^ pi r)
val r2 = (note "f"; fn (a, b) => a * b) (arg "x" 6, arg "y" 7)
val _ = flush ("tupled call " ^ pi r2)

(* work done between arguments *)
fun scaler factor =
    let val () = note ("setup " ^ pi factor)
        val table = List.tabulate (5, fn i => i * factor)
    in fn i => List.nth (table, i) end
val times3 = scaler 3
val _ = flush "after partial application"
val uses = map times3 [0, 1, 4]
val _ = flush ("three uses " ^ String.concatWith "," (map pi uses))
val direct = map (fn i => scaler 2 i) [1, 2]
val _ = flush ("unshared " ^ String.concatWith "," (map pi direct))

(* combinators *)
fun flip f x y = f y x
fun curry f x y = f (x, y)
fun uncurry f (x, y) = f x y
val minus = curry op -
val _ = pr ("curry/flip: " ^ pi (minus 10 3) ^ " " ^ pi (flip minus 10 3) ^ " " ^ pi (uncurry minus (5, 8)))
val _ = pr ("curried cons reverses: " ^ String.concatWith "," (map pi (foldl (uncurry (curry op ::)) [] [1, 2, 3])))
val pipeline = String.concat o map (fn c => str c ^ str c) o rev o explode
val _ = pr ("pipeline: " ^ pipeline "abc")
val countIf = fn p => length o List.filter p
val _ = pr ("countIf: " ^ pi (countIf Char.isUpper (explode "Hello World ML")))
fun iterate 0 _ x = x
  | iterate n f x = iterate (n - 1) f (f x)
val _ = pr ("iterate: " ^ pi (iterate 10 (fn x => x * 2) 1) ^ " " ^ iterate 3 (fn s => s ^ s) "ab")
fun twice f = f o f
val _ = pr ("twice twice: " ^ pi (twice twice (fn x => x + 1) 0) ^ " " ^ pi (twice (twice twice) (fn x => x + 1) 0))

(* continuation-passing style *)
fun factK 0 k = k 1
  | factK n k = factK (n - 1) (fn v => k (n * v))
fun fibK n k = if n < 2 then k n else fibK (n - 1) (fn a => fibK (n - 2) (fn b => k (a + b)))
fun sumTreeK [] k = k 0
  | sumTreeK (x :: xs) k = sumTreeK xs (fn s => k (x + s))
val _ = pr ("cps: " ^ factK 10 pi ^ " " ^ fibK 15 pi ^ " " ^ sumTreeK (List.tabulate (1000, fn i => i)) pi)
fun findK p [] succ fail = fail ()
  | findK p (x :: xs) succ fail = if p x then succ x else findK p xs succ fail
val _ = pr ("findK: " ^ findK (fn x => x > 5) [1, 7, 3, 9] (fn x => "found " ^ pi x) (fn () => "none") ^ " " ^
            findK (fn x => x > 50) [1, 7] (fn x => "found " ^ pi x) (fn () => "none"))

(* evaluation order of arguments in nested curried calls *)
fun pairUp a b = (a, b)
val p = pairUp (arg "outer1" (pairUp (arg "inner1" 1) (arg "inner2" 2))) (arg "outer2" 3)
val _ = flush ("nested curried " ^ pi (#1 (#1 p)) ^ pi (#2 (#1 p)) ^ pi (#2 p))
val sum = (arg "l" 1) + (arg "m" 2) * (arg "r" 3)
val _ = flush ("operators " ^ pi sum)
val lst = [arg "e1" 1, arg "e2" 2] @ [arg "e3" 3]
val _ = flush ("list and append " ^ pi (length lst))
