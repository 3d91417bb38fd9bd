(* A compiler for a tiny filter language that validates while generating:
   good filters compile and run, a bad one is rejected by a handled
   exception, and the last one raises an exception during generation that
   nothing handles: the program dies of it before the code ever runs *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype filter = Gt of int | Lt of int | Eq of int | And of filter * filter | Or of filter * filter
                | Not of filter | Field of int * filter
exception Invalid of string * int
val depth = ref 0
fun gen f =
  case f of
    Gt k => let cogen c = lift k in code (fn (x : int list) => hd x > c) end
  | Lt k => let cogen c = lift k in code (fn x => hd x < c) end
  | Eq k => let cogen c = lift k in code (fn x => hd x = c) end
  | And (a, b) => let cogen p = gen a cogen q = gen b in code (fn x => p x andalso q x) end
  | Or (a, b) => let cogen p = gen a cogen q = gen b in code (fn x => p x orelse q x) end
  | Not a => let cogen p = gen a in code (fn x => not (p x)) end
  | Field (i, a) => if i < 0 orelse i > 3 then raise Invalid ("field out of range", i)
                    else let cogen p = gen a cogen k = lift i in code (fn x => p (List.drop (x, k))) end
fun compile f = (print "[compiling] "; let cogen p = gen f in code (fn rows => List.filter p rows) end)
val rows = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 0, 0, 0]]
fun show rs = String.concatWith " | " (map (fn r => String.concatWith "," (map pi r)) rs)
val f1 = And (Field (0, Gt 0), Field (3, Lt 10))
val _ = pr (show (eval (compile f1) rows))
val f2 = Or (Field (1, Eq 6), Not (Field (2, Gt 1)))
val _ = pr (show (eval (compile f2) rows))
val _ = pr ((show (eval (compile (Field (7, Eq 0))) rows)) handle Invalid (m, i) => "rejected: " ^ m ^ " " ^ pi i)
(* a valid filter whose generated code fails at run time on a short row *)
val _ = pr ((show (eval (compile (Field (3, Eq 4))) [[1, 2, 3, 4], [1, 2]])) handle Empty => "Empty at run time" | Subscript => "Subscript at run time")
(* nothing handles this one: the exception escapes during generation *)
val deepBad = And (Field (0, Gt 0), Or (Not (Field (1, Lt 3)), Field (~2, Eq 1)))
val g = compile deepBad
val _ = pr "not reached: generated"
val _ = pr (show (eval g rows))
