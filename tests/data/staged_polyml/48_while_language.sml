(* A tiny imperative language with assignment, while loops, if and
   output, compiled by staging: variables are refs allocated when the
   generated code starts (a fresh store per run), statements become
   generated unit functions over the store, loops become recursive local
   functions in generated code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype aexp = N of int | V of string | Plus of aexp * aexp | Minus of aexp * aexp | Times of aexp * aexp | Mod of aexp * aexp
datatype bexp = Lt of aexp * aexp | Eq of aexp * aexp | Not of bexp | And of bexp * bexp
datatype stmt = Assign of string * aexp | Seq of stmt list | While of bexp * stmt | If of bexp * stmt * stmt | Out of aexp

(* variables are numbered at generation time; the store is an int array *)
fun index (vars, x) =
    let fun go (_, []) = raise Fail ("undeclared " ^ x)
          | go (i, y :: r) = if x = y then i else go (i + 1, r)
    in go (0, vars) end

fun cA (vars, N n) = let cogen n' = lift n in code (fn (_ : int array) => n') end
  | cA (vars, V x) = let cogen i = lift (index (vars, x)) in code (fn st => Array.sub (st, i)) end
  | cA (vars, Plus (a, b)) = let cogen x = cA (vars, a) cogen y = cA (vars, b) in code (fn st => x st + y st) end
  | cA (vars, Minus (a, b)) = let cogen x = cA (vars, a) cogen y = cA (vars, b) in code (fn st => x st - y st) end
  | cA (vars, Times (a, b)) = let cogen x = cA (vars, a) cogen y = cA (vars, b) in code (fn st => x st * y st) end
  | cA (vars, Mod (a, b)) = let cogen x = cA (vars, a) cogen y = cA (vars, b) in code (fn st => x st mod y st) end
fun cB (vars, Lt (a, b)) = let cogen x = cA (vars, a) cogen y = cA (vars, b) in code (fn st => x st < y st) end
  | cB (vars, Eq (a, b)) = let cogen x = cA (vars, a) cogen y = cA (vars, b) in code (fn st => x st = y st) end
  | cB (vars, Not b) = let cogen x = cB (vars, b) in code (fn st => not (x st)) end
  | cB (vars, And (a, b)) = let cogen x = cB (vars, a) cogen y = cB (vars, b) in code (fn st => x st andalso y st) end
fun cS (vars, Assign (x, a)) = let cogen i = lift (index (vars, x)) cogen v = cA (vars, a) in code (fn st => Array.update (st, i, v st)) end
  | cS (vars, Seq []) = code (fn (_ : int array) => ())
  | cS (vars, Seq (s :: r)) = let cogen h = cS (vars, s) cogen t = cS (vars, Seq r) in code (fn st => (h st; t st)) end
  | cS (vars, While (b, s)) =
      let cogen test = cB (vars, b) cogen body = cS (vars, s)
      in code (fn st => while test st do body st) end
  | cS (vars, If (b, s1, s2)) =
      let cogen test = cB (vars, b) cogen t = cS (vars, s1) cogen e = cS (vars, s2)
      in code (fn st => if test st then t st else e st) end
  | cS (vars, Out a) = let cogen v = cA (vars, a) in code (fn st => print (Int.toString (v st) ^ " ")) end

fun program (vars, inputs, body) =
    let cogen b = cS (vars, body) cogen n = lift (length vars) cogen ins = lift inputs
    in code (fn args => let val st = Array.array (n, 0)
                        in ListPair.app (fn (i, v) => Array.update (st, i, v)) (ins, args); b st; st end)
    end

(* gcd by subtraction, factorial, primes below n *)
val gcdP = program (["a", "b"], [0, 1], While (Not (Eq (V "a", V "b")),
              If (Lt (V "a", V "b"), Assign ("b", Minus (V "b", V "a")), Assign ("a", Minus (V "a", V "b")))))
val factP = program (["n", "r"], [0], Seq [Assign ("r", N 1), While (Lt (N 0, V "n"), Seq [Assign ("r", Times (V "r", V "n")), Assign ("n", Minus (V "n", N 1))])])
val primesP = program (["n", "i", "j", "p"], [0],
   Seq [Assign ("i", N 2),
        While (Lt (V "i", V "n"),
          Seq [Assign ("j", N 2), Assign ("p", N 1),
               While (And (Lt (Times (V "j", V "j"), Plus (V "i", N 1)), Eq (V "p", N 1)),
                 Seq [If (Eq (Mod (V "i", V "j"), N 0), Assign ("p", N 0), Seq []), Assign ("j", Plus (V "j", N 1))]),
               If (Eq (V "p", N 1), Out (V "i"), Seq []),
               Assign ("i", Plus (V "i", N 1))])])
val gcd = eval gcdP
val _ = pr (String.concatWith " " (map (fn (a, b) => pi (Array.sub (gcd [a, b], 0))) [(12, 18), (17, 5), (100, 75), (7, 7)]))
val fact = eval factP
val _ = pr (String.concatWith " " (map (fn n => pi (Array.sub (fact [n], 1))) [0, 1, 5, 10, 20]))
val _ = (eval primesP [60]; pr "")
val _ = pr ((ignore (eval (program (["x"], [0], Assign ("y", N 1)))); "compiled") handle Fail m => "generation failed: " ^ m)
val _ = pr ((ignore (eval (program (["x"], [0], Out (Mod (N 1, V "x")))) [0]); "ran") handle Div => "Div at run time")
