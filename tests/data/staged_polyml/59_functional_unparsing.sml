(* Danvy's functional unparsing, staged: typed format directives are
   combinators in continuation-passing style whose types compute the type
   of the printf function (int -> string -> string ...). The staged
   version composes generators, so the format's structure is interpreted
   once and the generated function only concatenates. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* unstaged, for comparison *)
fun lit s k acc = k (acc ^ s)
fun int k acc = fn n => k (acc ^ pi n)
fun str k acc = fn s => k (acc ^ s)
fun ++ (f, g) k = f (g k)
infix ++
fun format fmt = fmt (fn s => s) ""

(* staged: a directive maps the generator of a continuation to a generator *)
fun slit s (k : [string -> 'a]) : [string -> 'a] = let cogen k' = k cogen s' = lift s in code (fn acc => k' (acc ^ s')) end
fun sint (k : [string -> 'a]) : [string -> int -> 'a] = let cogen k' = k in code (fn acc => fn n => k' (acc ^ Int.toString n)) end
fun sstr (k : [string -> 'a]) : [string -> string -> 'a] = let cogen k' = k in code (fn acc => fn s => k' (acc ^ s)) end
fun sbool (k : [string -> 'a]) : [string -> bool -> 'a] = let cogen k' = k in code (fn acc => fn b => k' (acc ^ (if b then "yes" else "no"))) end
fun slist (k : [string -> 'a]) : [string -> int list -> 'a] =
    let cogen k' = k in code (fn acc => fn xs => k' (acc ^ "[" ^ String.concatWith ";" (map Int.toString xs) ^ "]")) end
infix ==
fun (f == g) k = f (g k)
fun sformat fmt = let cogen f = fmt (code (fn (s : string) => s)) in code (f "") end

val _ = pr (format (lit "x = " ++ int ++ lit ", name = " ++ str) 42 "forty-two")
val greet = eval (sformat (slit "Hello, " == sstr == slit "! You are " == sint == slit " years old."))
val _ = pr (greet "Ada" 36)
val _ = pr (greet "Alan" 41)
val report = eval (sformat (sstr == slit ": " == slist == slit " (sorted: " == sbool == slit ")"))
val _ = pr (report "primes" [2, 3, 5, 7] true)
val _ = pr (report "mixed" [] false)
val noArgs = eval (sformat (slit "constant " == slit "text"))
val _ = pr noArgs
val twoInts = eval (sformat (sint == slit "+" == sint))
val _ = pr (String.concatWith " " (map (fn (a, b) => twoInts a b) [(1, 2), (~3, 4), (100, 0)]))
(* partial application of a generated printf keeps the accumulated prefix *)
val half = twoInts 9
val _ = pr (half 1 ^ " " ^ half 2)
(* the same directive list reused: a generated function per use *)
val pair = sint == slit "/" == sint
val p1 = eval (sformat pair)
val p2 = eval (sformat (slit "<" == pair == slit ">"))
val _ = pr (p1 3 4 ^ " " ^ p2 5 6)
