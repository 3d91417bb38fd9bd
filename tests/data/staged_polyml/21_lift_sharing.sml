(* lift of every shape of value, and what is shared: a lifted ref or array
   is the same cell at generation time and in every run of the generated
   code; a lifted list of refs shares its refs; a lifted closure keeps the
   refs it captured; a ref created inside the code is fresh at every run *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype shape = Circle of int | Poly of (int * int) list | Named of string * shape
fun area (Circle r) = 3 * r * r
  | area (Poly ps) = length ps
  | area (Named (_, s)) = area s
fun quote x = let cogen c = lift x in code c end
(* strings with every byte, chars at the edges *)
val allBytes = implode (List.tabulate (256, chr))
val back = eval (quote allBytes)
val _ = pr (pi (size back) ^ " " ^ (if back = allBytes then "same bytes" else "different bytes") ^ " " ^ pi (ord (String.sub (back, 255))))
val _ = pr (String.concat (map (fn c => pi (ord (eval (quote c))) ^ " ") [#"\000", #"\t", #"\"", #"\\", #"\127", #"\128", #"\255"]))
(* datatypes and tuples lifted and matched in generated code *)
val shapes = [Circle 2, Poly [(0, 0), (1, 0), (0, 1)], Named ("unit", Circle 1), Named ("nested", Named ("deep", Poly []))]
val areas = let cogen ss = lift shapes in code (map area ss) end
val _ = pr (String.concat (map (fn a => pi a ^ " ") (eval areas)))
val names = let cogen ss = lift shapes
            in code (List.mapPartial (fn Named (n, Named (m, _)) => SOME (n ^ "/" ^ m) | Named (n, _) => SOME n | _ => NONE) ss) end
val _ = pr (String.concatWith "," (eval names))
(* a lifted ref: shared between generation time and every run *)
val cell = ref 0
val bump = let cogen c = lift cell in code (fn k => (c := !c + k; !c)) end
val f1 = eval bump
val f2 = eval bump
val _ = pr (pi (f1 1) ^ " " ^ pi (f2 10) ^ " " ^ pi (f1 100) ^ " " ^ pi (!cell))
val _ = cell := ~5
val _ = pr (pi (f2 0))
(* a ref created inside the code: fresh at every evaluation of the code *)
val fresh = code (let val c = ref 0 in fn k => (c := !c + k; !c) end)
val g1 = eval fresh
val g2 = eval fresh
val _ = pr (pi (g1 1) ^ " " ^ pi (g2 10) ^ " " ^ pi (g1 100))
(* a ref created by the lifted expression: once, when the lift is evaluated *)
val lifted = let cogen c = lift (ref 1000) in code (fn k => (c := !c + k; !c)) end
val h1 = eval lifted
val h2 = eval lifted
val _ = pr (pi (h1 1) ^ " " ^ pi (h2 1))
fun liftedEach () = let cogen c = lift (ref 1000) in code (fn k => (c := !c + k; !c)) end
val _ = pr (pi (eval (liftedEach ()) 1) ^ " " ^ pi (eval (liftedEach ()) 1))
(* equality of lifted refs is identity *)
val r = ref 3
val _ = pr ((if eval (quote r) = r then "same" else "other") ^ " " ^ (if eval (quote (ref 3)) = r then "same" else "other"))
val pairOfRefs = let val shared = ref "s" in (shared, shared) end
val _ = pr (case eval (quote pairOfRefs) of (a, b) => (a := "changed"; !b ^ " " ^ (case pairOfRefs of (c, _) => !c)))
(* arrays: lifted arrays are shared; Array.array inside code is fresh *)
val arr = Array.array (3, 0)
val setG = let cogen a = lift arr in code (fn i => Array.update (a, i, Array.sub (a, i) + i + 1)) end
val set = eval setG
val _ = (set 0; set 2; set 2; eval setG 1)
val _ = pr (String.concat (map (fn i => pi (Array.sub (arr, i)) ^ " ") [0, 1, 2]))
val _ = pr ((eval setG 3; "no error") handle Subscript => "Subscript on the shared array")
(* a closure that captured a ref, lifted: the capture survives *)
fun counterFrom n = let val c = ref n in fn () => (c := !c + 1; !c) end
val next = counterFrom 41
val nextG = let cogen f = lift next in code (f () + f ()) end
val _ = pr (pi (next ()) ^ " " ^ pi (eval nextG) ^ " " ^ pi (next ()))
(* a list of refs and a ref of a list *)
val refs = [ref 1, ref 2, ref 3]
val _ = app (fn r => r := !r * 10) (eval (quote refs))
val _ = pr (String.concat (map (fn r => pi (!r) ^ " ") refs))
val lref = ref [1]
val pushG = let cogen l = lift lref in code (fn x => l := x :: !l) end
val _ = (eval pushG 2; eval pushG 3; lref := 0 :: !lref)
val _ = pr (String.concat (map pi (!lref)))
(* a ref of a generator, lifted: later updates are seen by the generated code *)
val genRef = ref (code 1)
val viaRef = let cogen r = lift genRef in code (fn () => eval (!r)) end
val run = eval viaRef
val _ = pr (pi (run ()))
val _ = genRef := (code 2)
val _ = pr (pi (run ()))
