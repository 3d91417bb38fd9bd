(* A small imperative language (assignments, while, if, print) over a
   fixed set of variables held in an array. The staged compiler turns a
   statement list into one generated function on the store, resolving
   variable names to array slots at generation time; a step counter and
   the printed trace are compared with the interpreter's. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype aexp = N of int | V of string | Plus of aexp * aexp | Minus of aexp * aexp
              | Times of aexp * aexp | Mod of aexp * aexp
datatype bexp = Less of aexp * aexp | Eq of aexp * aexp | Not of bexp
datatype stmt = Assign of string * aexp | While of bexp * stmt list
              | If of bexp * stmt list * stmt list | Print of aexp

val vars = ["i", "n", "acc", "a", "b", "t"]
fun slot x = let fun go (_, []) = raise Fail ("no variable " ^ x)
                   | go (k, y :: ys) = if x = y then k else go (k + 1, ys)
             in go (0, vars) end

(* interpreter *)
fun aval st (N n) = n
  | aval st (V x) = Array.sub (st, slot x)
  | aval st (Plus (a, b)) = aval st a + aval st b
  | aval st (Minus (a, b)) = aval st a - aval st b
  | aval st (Times (a, b)) = aval st a * aval st b
  | aval st (Mod (a, b)) = aval st a mod aval st b
fun bval st (Less (a, b)) = aval st a < aval st b
  | bval st (Eq (a, b)) = aval st a = aval st b
  | bval st (Not b) = not (bval st b)
fun exec st [] = ()
  | exec st (s :: ss) =
      ((case s of
            Assign (x, a) => Array.update (st, slot x, aval st a)
          | While (c, body) => while bval st c do exec st body
          | If (c, t, e) => if bval st c then exec st t else exec st e
          | Print a => print (pi (aval st a) ^ " "));
       exec st ss)

(* compiler *)
fun acomp (N n) = let cogen k = lift n in code (fn _ => k) end
  | acomp (V x) = let cogen k = lift (slot x) in code (fn st => Array.sub (st, k)) end
  | acomp (Plus (a, b)) = let cogen x = acomp a cogen y = acomp b in code (fn st => x st + y st) end
  | acomp (Minus (a, b)) = let cogen x = acomp a cogen y = acomp b in code (fn st => x st - y st) end
  | acomp (Times (a, b)) = let cogen x = acomp a cogen y = acomp b in code (fn st => x st * y st) end
  | acomp (Mod (a, b)) = let cogen x = acomp a cogen y = acomp b in code (fn st => x st mod y st) end
fun bcomp (Less (a, b)) = let cogen x = acomp a cogen y = acomp b in code (fn st => x st < y st) end
  | bcomp (Eq (a, b)) = let cogen x = acomp a cogen y = acomp b in code (fn st => x st = y st) end
  | bcomp (Not b) = let cogen x = bcomp b in code (fn st => not (x st)) end
fun scomp [] = code (fn (_ : int array) => ())
  | scomp (s :: ss) =
      let cogen rest = scomp ss
          cogen first =
            case s of
                Assign (x, a) => let cogen k = lift (slot x) cogen v = acomp a
                                 in code (fn st => Array.update (st, k, v st)) end
              | While (c, body) => let cogen test = bcomp c cogen b = scomp body
                                   in code (fn st => while test st do b st) end
              | If (c, t, e) => let cogen test = bcomp c cogen ct = scomp t cogen ce = scomp e
                                in code (fn st => if test st then ct st else ce st) end
              | Print a => let cogen v = acomp a in code (fn st => print (pi (v st) ^ " ")) end
      in code (fn st => (first st; rest st)) end

(* programs: gcd, fibonacci up to n, collatz steps, primes below n *)
val gcd = [Assign ("a", V "n"), Assign ("b", N 84),
           While (Not (Eq (V "b", N 0)), [Assign ("t", Mod (V "a", V "b")), Assign ("a", V "b"), Assign ("b", V "t")]),
           Print (V "a")]
val fibs = [Assign ("a", N 0), Assign ("b", N 1),
            While (Less (V "a", V "n"), [Print (V "a"), Assign ("t", Plus (V "a", V "b")), Assign ("a", V "b"), Assign ("b", V "t")])]
val collatz = [Assign ("acc", N 0), Assign ("a", V "n"),
               While (Not (Eq (V "a", N 1)),
                      [If (Eq (Mod (V "a", N 2), N 0),
                           [Assign ("t", N 0), Assign ("b", V "a"),
                            While (Less (N 1, V "b"), [Assign ("b", Minus (V "b", N 2)), Assign ("t", Plus (V "t", N 1))]),
                            Assign ("a", V "t")],
                           [Assign ("a", Plus (Times (V "a", N 3), N 1))]),
                       Assign ("acc", Plus (V "acc", N 1))]),
               Print (V "acc")]
val primes = [Assign ("i", N 2),
              While (Less (V "i", V "n"),
                     [Assign ("a", N 2), Assign ("t", N 1),
                      While (Less (Times (V "a", V "a"), Plus (V "i", N 1)),
                             [If (Eq (Mod (V "i", V "a"), N 0), [Assign ("t", N 0)], []), Assign ("a", Plus (V "a", N 1))]),
                      If (Eq (V "t", N 1), [Print (V "i")], []),
                      Assign ("i", Plus (V "i", N 1))])]

fun run (name, prog, ns) =
    let val compiled = eval (scomp prog)
    in app (fn n =>
              let val st1 = Array.array (length vars, 0)
                  val st2 = Array.array (length vars, 0)
              in Array.update (st1, slot "n", n); Array.update (st2, slot "n", n);
                 print (name ^ " " ^ pi n ^ " interpreted: "); exec st1 prog;
                 print "| compiled: "; compiled st2;
                 pr (if Array.foldr (op ::) [] st1 = Array.foldr (op ::) [] st2 then "| same store" else "| STORES DIFFER")
              end) ns
    end
val _ = run ("gcd", gcd, [120, 35, 84])
val _ = run ("fibs", fibs, [1, 30, 200])
val _ = run ("collatz", collatz, [1, 6, 7])
val _ = run ("primes", primes, [2, 30])
(* an unknown variable is reported while compiling *)
val _ = pr ((ignore (scomp [Print (V "zz")]); "compiled") handle Fail m => "Fail: " ^ m)
