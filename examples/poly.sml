(* Polynomials, the paper's §4.1: an interpreter (evalPoly), a closure
   builder (specPoly) and a run-time code generator (compPoly). A
   polynomial a0 + a1 x + ... + an x^n is the list [a0, a1, ..., an].
   Run with --stats to see the reductions; the paper's Table 1 counts these
   same computations. *)
fun pr s = print (s ^ "\n")

type poly = int list;

val poly1 = [2,4,0,2333];

(* val evalPoly : int * poly -> int *)
fun evalPoly (x, nil) = 0
  | evalPoly (x, a::p) = a + (x * evalPoly (x, p));

fun specPoly (nil) = (fn x => 0)
  | specPoly (a::p) =
    let val polyp = specPoly p
    in fn x => a + (x * polyp x) end

val poly1target = specPoly poly1;

(* val compPoly : poly -> [int -> int] *)
fun compPoly (nil) = code (fn x => 0)
  | compPoly (a::p) =
    let cogen f = compPoly p
        cogen a' = lift a
    in code (fn x => a' + (x * f x)) end

val codeGenerator = compPoly poly1;
val mlPolyFun = eval codeGenerator;

val _ = pr ("evalPoly (47, poly1) = " ^ Int.toString (evalPoly (47, poly1)))
val _ = pr ("poly1target 47       = " ^ Int.toString (poly1target 47))
val _ = pr ("mlPolyFun 47         = " ^ Int.toString (mlPolyFun 47))
