(* A staged interpreter for arithmetic expressions with variables, let,
   conditionals and division. Variables bound to constants are substituted
   at generation time; the others live in a run-time frame list whose
   positions are known statically, so lookup becomes a chain of tl's.
   Unbound names are found during generation, Div when the code runs *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype exp = Num of int | Var of string | Add of exp * exp | Sub of exp * exp
             | Mul of exp * exp | Quot of exp * exp | Let of string * exp * exp
             | If0 of exp * exp * exp | Arg
datatype binding = Static of int | Dynamic of int
exception Unbound of string
fun lookup (x, []) = raise Unbound x
  | lookup (x, (y, v) :: env) = if x = y then v else lookup (x, env)
fun interp env a e =
  case e of
    Num n => n
  | Var x => lookup (x, env)
  | Arg => a
  | Add (l, r) => interp env a l + interp env a r
  | Sub (l, r) => interp env a l - interp env a r
  | Mul (l, r) => interp env a l * interp env a r
  | Quot (l, r) => interp env a l div interp env a r
  | Let (x, d, b) => interp ((x, interp env a d) :: env) a b
  | If0 (c, t, f) => if interp env a c = 0 then interp env a t else interp env a f
(* the element i places from the head of the frame *)
fun access 0 = code (fn (rt : int list) => hd rt)
  | access i = let cogen rest = access (i - 1) in code (fn rt => rest (tl rt)) end
val generated = ref 0
(* the frame holds the argument at the bottom (level 0) and one value per
   enclosing dynamic let; depth is its length *)
fun gen env depth e =
  (generated := !generated + 1;
   case e of
     Num n => let cogen k = lift n in code (fn _ => k) end
   | Arg => access (depth - 1)
   | Var x => (case lookup (x, env) of
                 Static n => gen env depth (Num n)
               | Dynamic level => access (depth - 1 - level))
   | Add (l, r) => let cogen f = gen env depth l cogen g = gen env depth r in code (fn rt => f rt + g rt) end
   | Sub (l, r) => let cogen f = gen env depth l cogen g = gen env depth r in code (fn rt => f rt - g rt) end
   | Mul (l, r) => let cogen f = gen env depth l cogen g = gen env depth r in code (fn rt => f rt * g rt) end
   | Quot (l, r) => let cogen f = gen env depth l cogen g = gen env depth r in code (fn rt => f rt div g rt) end
   | Let (x, Num n, b) => gen ((x, Static n) :: env) depth b
   | Let (x, d, b) =>
       let cogen dv = gen env depth d
           cogen body = gen ((x, Dynamic depth) :: env) (depth + 1) b
       in code (fn rt => body (dv rt :: rt)) end
   | If0 (c, t, f) => let cogen cc = gen env depth c cogen tt = gen env depth t cogen ff = gen env depth f
                      in code (fn rt => if cc rt = 0 then tt rt else ff rt) end)
fun compile e = let cogen body = gen [] 1 e in code (fn a => body [a]) end
fun show f = pi (f ()) handle Div => "Div" | Overflow => "Overflow" | Unbound x => "unbound " ^ x
val programs =
  [Add (Num 1, Mul (Arg, Num 3)),
   Let ("x", Num 5, Add (Var "x", Var "x")),
   Let ("x", Add (Arg, Num 5), Let ("y", Mul (Var "x", Num 2), Sub (Var "y", Var "x"))),
   Let ("x", Num 1, Let ("x", Mul (Arg, Num 7), Var "x")),
   Quot (Num 100, Arg),
   If0 (Arg, Num 42, Quot (Num 1000, Arg)),
   Let ("z", Sub (Arg, Arg), Quot (Num 1, Var "z")),
   Add (Var "nope", Num 1),
   Let ("a", Arg, Let ("b", Mul (Var "a", Var "a"), Let ("c", Mul (Var "b", Var "b"), Add (Var "c", Var "a")))),
   Mul (Arg, Mul (Arg, Mul (Arg, Arg))),
   Let ("big", Num 4611686018427387903, Add (Var "big", Arg)),
   If0 (Sub (Arg, Num 5), Let ("q", Arg, Var "q"), Var "q")]
val _ = app (fn p =>
          let val _ = generated := 0
              val staged = (SOME (eval (compile p))) handle Unbound x => (pr ("generation: unbound " ^ x); NONE)
          in pr (pi (!generated) ^ ": " ^
                 String.concat (map (fn a => show (fn () => interp [] a p) ^ "/" ^
                                              (case staged of SOME f => show (fn () => f a) | NONE => "-") ^ " ")
                                    [0, 1, 5, ~3, 55109]))
          end) programs
