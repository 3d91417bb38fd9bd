(* Generators kept in data structures: a list of named generators, an
   array of generators indexed by opcode, a ref holding the current
   generator that is extended in a loop, an option and a tree of
   generators combined by a fold, and eval called inside loops. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* a list of named generators *)
val ops : (string * [int -> int -> int]) list =
    [("add", code (fn a => fn b => a + b)), ("sub", code (fn a => fn b => a - b)),
     ("mul", code (fn a => fn b => a * b)), ("max", code (fn a => fn b => if a > b then a else b))]
val _ = app (fn (name, g) => pr (name ^ " 7 3 = " ^ pi (eval g 7 3))) ops

(* an array of generators indexed by opcode, and a program compiled from it *)
val table : [int -> int -> int] array = Array.fromList (map #2 ops)
fun compileOps [] = code (fn acc => acc)
  | compileOps ((opc, arg) :: rest) =
      let cogen f = Array.sub (table, opc)
          cogen a = lift arg
          cogen more = compileOps rest
      in code (fn acc => more (f acc a)) end
val prog = [(0, 5), (2, 10), (1, 7), (3, 100), (2, 2)]
val compiled = eval (compileOps prog)
val _ = pr ("compiled ops on 1: " ^ pi (compiled 1) ^ ", on 20: " ^ pi (compiled 20))
(* replacing an entry of the table changes later compilations only *)
val _ = Array.update (table, 3, code (fn a => fn b => if a < b then a else b))
val recompiled = eval (compileOps prog)
val _ = pr ("after replacing max by min: old " ^ pi (compiled 1) ^ ", new " ^ pi (recompiled 1))

(* a ref holding a generator, extended step by step in a loop *)
val current : [int -> int] ref = ref (code (fn x => x))
val i = ref 1
val _ = while !i <= 5 do
          let val prev = !current
              val k = !i
          in current := (let cogen p = prev cogen kk = lift k in code (fn x => p x * 10 + kk) end);
             i := !i + 1
          end
val _ = pr ("generator built in a loop, on 0: " ^ pi (eval (!current) 0) ^ ", on 9: " ^ pi (eval (!current) 9))

(* eval inside a loop: one specialisation per iteration *)
fun scaleGen k = let cogen kk = lift k in code (fn x => x * kk) end
val results = ref []
val j = ref 0
val _ = while !j < 6 do (results := eval (scaleGen (!j)) (!j + 1) :: !results; j := !j + 1)
val _ = pr ("eval in a while loop: " ^ String.concatWith " " (map pi (rev (!results))))
val viaFold = foldl (fn (k, acc) => eval (scaleGen k) acc) 1 [2, 3, 4, 5]
val _ = pr ("eval in a fold: " ^ pi viaFold)

(* a tree of generators folded into one *)
datatype gtree = Leaf of [int] | Node of string * gtree * gtree
fun combine (Leaf g) = g
  | combine (Node (opname, l, r)) =
      let cogen a = combine l
          cogen b = combine r
      in case opname of
             "+" => code (a + b)
           | "*" => code (a * b)
           | _ => code (a - b)
      end
val tree = Node ("+", Node ("*", Leaf (lift 6), Leaf (code (3 + 4))), Node ("-", Leaf (lift 100), Leaf (lift 58)))
val _ = pr ("tree of generators: " ^ pi (eval (combine tree)))

(* options and pairs of generators *)
val maybe : [string] option list = [SOME (lift "a"), NONE, SOME (code ("b" ^ "c"))]
val _ = pr ("options: " ^ String.concat (map (fn SOME g => eval g | NONE => "_") maybe))
val gpairs = ListPair.zip (map #2 ops, [(1, 2), (3, 4), (5, 6), (7, 8)])
val _ = pr ("zipped with arguments: " ^ String.concatWith " " (map (fn (g, (a, b)) => pi (eval g a b)) gpairs))

(* a generator that is the result of a lookup in an association list at generation time *)
fun findGen name = case List.find (fn (n, _) => n = name) ops of
                       SOME (_, g) => g
                     | NONE => code (fn _ => fn _ => 0)
fun exprGen names = foldl (fn (nm, acc) => let cogen f = findGen nm cogen prev = acc
                                           in code (f prev 2) end) (lift 1) names
val _ = pr ("folded lookups: " ^ pi (eval (exprGen ["add", "mul", "mul", "sub", "nope", "add"])))
