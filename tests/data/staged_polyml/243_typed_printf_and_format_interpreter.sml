(* A staged printf: a format is a list of directives; the interpreter walks
   it for every call, the generator builds a curried function of exactly
   the arguments the format asks for, with the literal text joined at
   generation time. Arguments are a universal datatype in the unstaged
   version and typed in the staged one. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype dir = Lit of string | D | S | B | Pad of int * dir
datatype arg = I of int | Str of string | Bo of bool

exception BadArgs

fun padTo (n, s) = if size s >= n then s else padTo (n, " " ^ s)

fun fmt1 (D, I n) = pi n
  | fmt1 (S, Str s) = s
  | fmt1 (B, Bo b) = if b then "yes" else "no"
  | fmt1 (Pad (n, d), a) = padTo (n, fmt1 (d, a))
  | fmt1 _ = raise BadArgs

fun interp ([], [], acc) = String.concat (rev acc)
  | interp (Lit s :: ds, args, acc) = interp (ds, args, s :: acc)
  | interp (d :: ds, a :: args, acc) = interp (ds, args, fmt1 (d, a) :: acc)
  | interp _ = raise BadArgs
fun sprintf ds args = interp (ds, args, [])

(* merge adjacent literals at generation time *)
fun merge (Lit a :: Lit b :: ds) = merge (Lit (a ^ b) :: ds)
  | merge (d :: ds) = d :: merge ds
  | merge [] = []

(* typed staged formats, Danvy style: each directive turns a continuation
   expecting the text so far into one expecting one more argument *)
fun lit s = let cogen s' = lift s in code (fn k => fn acc => k (acc ^ s')) end
val int = code (fn k => fn acc => fn n => k (acc ^ Int.toString n))
val str = code (fn k => fn acc => fn s => k (acc ^ s))
val bool = code (fn k => fn acc => fn b => k (acc ^ (if b then "yes" else "no")))
fun padInt w = let cogen w' = lift w in code (fn k => fn acc => fn n => k (acc ^ padTo (w', Int.toString n))) end
fun seq (a, b) = let cogen a' = a cogen b' = b in code (fn k => a' (b' k)) end
fun finish f = let cogen f' = f in code (f' (fn s => s) "") end

val f1 = [Lit "x = ", D, Lit ", ", Lit "name = ", S, Lit "!"]
val g1 = eval (finish (seq (lit "x = ", seq (int, seq (lit ", name = ", seq (str, lit "!"))))))
val f2 = [Lit "[", Pad (5, D), Lit "|", Pad (6, S), Lit "] ok: ", B]
val g2 = eval (finish (seq (lit "[", seq (padInt 5, seq (lit "|", seq (code (fn k => fn acc => fn s => k (acc ^ padTo (6, s))), seq (lit "] ok: ", bool)))))))
val f3 = [Lit "no arguments at all"]
val g3 = eval (finish (lit "no arguments at all"))

fun check (u, s) = pr (s ^ (if u = s then "  (agree)" else "  DISAGREE " ^ u))

val _ = check (sprintf f1 [I 42, Str "ml"], g1 42 "ml")
val _ = check (sprintf f1 [I ~3, Str ""], g1 ~3 "")
val _ = check (sprintf f2 [I 7, Str "ab", Bo true], g2 7 "ab" true)
val _ = check (sprintf f2 [I 123456, Str "abcdefgh", Bo false], g2 123456 "abcdefgh" false)
val _ = check (sprintf f3 [], g3)
val _ = pr ("merged literals of f1: " ^ pi (length (merge f1)) ^ " directives (from " ^ pi (length f1) ^ ")")
val _ = pr ((sprintf f1 [I 1]) handle BadArgs => "BadArgs: too few arguments for f1")
val _ = pr ((sprintf f1 [Str "x", I 1]) handle BadArgs => "BadArgs: wrong kinds for f1")

(* the partial applications of a generated printf are ordinary closures *)
val tag = g1 2026
val _ = List.app (fn n => check (sprintf f1 [I 2026, Str n], tag n)) ["a", "bb", "ccc"]
val table = map (fn i => g2 (i * i) (pi i) (i mod 2 = 0)) [1, 2, 3]
val _ = List.app pr table

fun benchUnstaged () = let fun loop 0 = () | loop i = (ignore (sprintf f1 [I i, Str "n"]); ignore (sprintf f2 [I i, Str "s", Bo true]); loop (i - 1)) in loop 60 end
fun benchStaged () = let fun loop 0 = () | loop i = (ignore (g1 i "n"); ignore (g2 i "s" true); loop (i - 1)) in loop 60 end
val _ = (benchUnstaged (); benchStaged (); pr "done")
