(* A tower of three stages: the operator table of a small expression
   language is known at stage 1 (producing a compiler), the program at
   stage 2 (producing code), the input at stage 3. The stage-2 compiler
   is itself generated code that generates code, so programs compiled
   by it are generated at run time of stage-1 code; it compiles
   programs of a few thousand nodes. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Lit of int | In of int | Op of string * exp * exp | Cond of exp * exp * exp | Let of exp * exp | Bound of int

exception NoOp of string
(* stage 1: the operators; the result, when run, is a compiler for programs over them *)
fun language (ops : (string * [int * int -> int]) list) : [exp -> [int vector -> int]] =
    let fun lookupOp [] = code (fn name => raise NoOp name)
          | lookupOp ((n, f) :: rest) =
              let cogen n' = lift n cogen f' = f cogen r = lookupOp rest
              in code (fn name => if name = n' then f' else r name) end
        cogen opOf = lookupOp ops
    in code (fn program =>
         let (* stage 2: compile the program with the operators resolved now *)
             fun comp (e, depth) : [int vector * int list -> int] =
                 case e of
                     Lit n => let cogen n' = lift n in code (fn _ => n') end
                   | In i => let cogen i' = lift i in code (fn (v, _) => Vector.sub (v, i')) end
                   | Bound k => let cogen k' = lift (depth - 1 - k) in code (fn (_, env) => List.nth (env, k')) end
                   | Op (name, a, b) =>
                       let cogen f = lift (opOf name) cogen ca = comp (a, depth) cogen cb = comp (b, depth)
                       in code (fn inp => f (ca inp, cb inp)) end
                   | Cond (c, t, f) =>
                       let cogen cc = comp (c, depth) cogen ct = comp (t, depth) cogen cf = comp (f, depth)
                       in code (fn inp => if cc inp <> 0 then ct inp else cf inp) end
                   | Let (a, body) =>
                       let cogen ca = comp (a, depth) cogen cb = comp (body, depth + 1)
                       in code (fn (v, env) => cb (v, ca (v, env) :: env)) end
             cogen whole = comp (program, 0)
         in code (fn v => whole (v, [])) end)
    end

val arith = [("+", code (op +)), ("-", code (op -)), ("*", code (op * )), ("max", code Int.max), ("min", code Int.min),
             ("<", code (fn (a, b) => if a < b then 1 else 0)), ("mod", code (fn (a, b) => if b = 0 then 0 else a mod b))]
val compiler = eval (language arith)
val p1 = Let (Op ("+", In 0, In 1), Op ("*", Bound 0, Bound 0))                      (* (x+y)^2 *)
val p2 = Cond (Op ("<", In 0, In 1), Op ("-", In 1, In 0), Op ("-", In 0, In 1))    (* |x-y| *)
val p3 = Let (Op ("max", In 0, In 1), Let (Op ("min", In 0, In 1), Op ("mod", Bound 1, Bound 0)))
val run1 = eval (compiler p1)
val run2 = eval (compiler p2)
val run3 = eval (compiler p3)
val inputs = [(3, 4), (10, 2), (~5, 5), (0, 0), (17, 5)]
val _ = List.app (fn (x, y) => let val v = Vector.fromList [x, y]
                               in pr (pi x ^ "," ^ pi y ^ ": " ^ pi (run1 v) ^ " " ^ pi (run2 v) ^ " " ^ pi (run3 v)) end) inputs
val _ = pr ((pi (eval (compiler (Op ("^", Lit 1, Lit 2))) (Vector.fromList []))) handle NoOp n => "no operator " ^ n)

(* a second language from the same stage-1 generator: bitwise operators on words *)
fun wordOp (f : [word * word -> word]) : [int * int -> int] =
    let cogen f' = f in code (fn (a, b) => Word.toInt (f' (Word.fromInt a, Word.fromInt b))) end
val bitLang = eval (language [("and", wordOp (code Word.andb)), ("or", wordOp (code Word.orb)), ("xor", wordOp (code Word.xorb)),
                              ("shl", wordOp (code (fn (a, b) => Word.<< (a, b))))])
val mix = eval (bitLang (Op ("xor", Op ("shl", In 0, Lit 3), Op ("and", In 1, Lit 255))))
val _ = pr (String.concatWith " " (map (fn (x, y) => pi (mix (Vector.fromList [x, y]))) [(1, 1), (5, 1023), (255, 256)]))
val _ = pr ((pi (eval (bitLang (Op ("+", Lit 1, Lit 2))) (Vector.fromList []))) handle NoOp n => "bits has no " ^ n)

(* a big program: a chain of 2000 lets, each adding its input, compiled at stage 2 and run *)
fun chain 0 = In 0
  | chain n = Let (Op ("+", chain (n - 1), Lit n), Op ("mod", Bound 0, Lit 1000003))
val bigProgram = chain 2000
val big = eval (compiler bigProgram)
val _ = pr ("chain: " ^ pi (big (Vector.fromList [5])) ^ " " ^ pi (big (Vector.fromList [0])))
(* a balanced tree of 4095 operator nodes *)
fun tree (0, i) = In (i mod 2)
  | tree (d, i) = Op (if d mod 2 = 0 then "+" else "max", tree (d - 1, 2 * i), tree (d - 1, 2 * i + 1))
val wide = eval (compiler (tree (12, 0)))
val _ = pr ("tree: " ^ pi (wide (Vector.fromList [1, 2])) ^ " " ^ pi (wide (Vector.fromList [3, ~3])))
(* one compiled program run many times *)
val total = ref 0
val _ = List.app (fn i => total := !total + run3 (Vector.fromList [i, i mod 13 + 1])) (List.tabulate (5000, fn i => i))
val _ = pr ("runs: " ^ pi (!total))
