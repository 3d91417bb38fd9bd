(* Generators that raise: during generation, inside generated code, from
   nested cogen, handled at either level; the program ends with an
   exception escaping generated code *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
exception Unsupported of string
exception Runtime of int
datatype op' = Add | Sub | Mul | Div' | Unknown of string
fun opGen Add = code (fn (a, b) => a + b)
  | opGen Sub = code (fn (a, b) => a - b)
  | opGen Mul = code (fn (a, b) => a * b)
  | opGen Div' = code (fn (a, b) => if b = 0 then raise Runtime a else a div b)
  | opGen (Unknown s) = raise Unsupported s
fun try' (o', a, b) = (pi (eval (opGen o') (a, b)) handle Runtime n => "Runtime " ^ pi n | Div => "Div")
                      handle Unsupported s => "Unsupported " ^ s
val _ = pr (String.concat (map (fn t => try' t ^ "; ") [(Add, 1, 2), (Sub, 1, 2), (Mul, 4611686018427387903, 1), (Div', 7, 0), (Unknown "pow", 1, 1), (Div', ~7, 2)]))
val _ = pr ((pi (eval (opGen Mul) (4611686018427387903, 2))) handle Overflow => "Overflow in generated code")
(* a cogen whose generator raises: the enclosing generator raises too *)
fun compose (o1, o2) = let cogen f = opGen o1 cogen g = opGen o2 in code (fn (a, b, c) => g (f (a, b), c)) end
val _ = pr (pi (eval (compose (Add, Mul)) (1, 2, 3)))
val _ = pr ((ignore (compose (Add, Unknown "x")); "built") handle Unsupported s => "compose failed on " ^ s)
(* handled inside the generated code *)
val safeDiv = let cogen d = opGen Div' in code (fn (a, b) => d (a, b) handle Runtime n => ~n) end
val _ = pr (pi (eval safeDiv (10, 3)) ^ " " ^ pi (eval safeDiv (10, 0)))
(* handled at generation time: fall back to another generator *)
fun opOrAdd o' = opGen o' handle Unsupported _ => opGen Add
val _ = pr (pi (eval (opOrAdd (Unknown "?")) (20, 22)))
(* raise inside a lifted value's computation *)
val _ = pr ((let cogen v = lift (10 div 0) in eval (code v) end; "lifted") handle Div => "lift raised Div at generation")
(* Match and Bind from generated code *)
val partial = code (fn 0 => "zero" | 1 => "one")
val _ = pr (eval partial 1 ^ " " ^ ((eval partial 2) handle Match => "Match from generated code"))
val binder = code (fn xs => let val [a, b] = xs in a + b end)
val _ = pr (pi (eval binder [1, 2]) ^ " " ^ ((pi (eval binder [1])) handle Bind => "Bind from generated code"))
(* the exception escapes at the end *)
val f = eval (compose (Div', Add))
val _ = pr (pi (f (10, 2, 1)))
val _ = pr (pi (f (10, 0, 1)))
val _ = pr "unreached"
