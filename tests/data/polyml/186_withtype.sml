(* withtype: abbreviations declared with a datatype, visible in its
   constructors and after it; type parameters, `and` on both sides, in let
   and local *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype tree = Node of int * forest
withtype forest = tree list

fun size (Node (_, f)) = 1 + sizes f
and sizes (f : forest) = foldl (fn (t, n) => n + size t) 0 f
fun sum (Node (v, f)) = foldl (fn (t, s) => s + sum t) v f
val t = Node (1, [Node (2, []), Node (3, [Node (4, []), Node (5, [])])])
val _ = pr (pi (size t) ^ " " ^ pi (sum t))
val empty : forest = []
val _ = pr (pi (sizes empty) ^ " " ^ pi (sizes [t, t]))

(* parameters, and mutual recursion through abbreviations *)
datatype 'a rose = Rose of 'a * 'a garden
     and 'b hedge = Hedge of 'b bush
withtype 'a garden = 'a rose list
     and 'c bush = 'c hedge option * int

fun flatten (Rose (x, g)) = x :: List.concat (map flatten g)
fun depth (Hedge (NONE, n)) = n
  | depth (Hedge (SOME h, n)) = n + depth h
val r = Rose ("a", [Rose ("b", []), Rose ("c", [Rose ("d", [])])])
val _ = pr (String.concat (flatten r))
val _ = pr (pi (depth (Hedge (SOME (Hedge (SOME (Hedge (NONE, 1)), 2)), 3))))

(* equality through an abbreviation *)
datatype key = K of int * label withtype label = string
val _ = pr (if K (1, "x") = K (1, "x") andalso K (1, "x") <> K (2, "x") then "eq ok" else "eq bad")

(* a withtype whose abbreviation is a function type: no equality *)
datatype handler = H of action withtype action = int -> int
fun run (H f) = f 10
val _ = pr (pi (run (H (fn x => x * x))))

(* inside let and local *)
val n =
  let
    datatype expr = Num of int | Add of operands | Neg of expr
    withtype operands = expr * expr
    fun ev (Num k) = k
      | ev (Add (a, b)) = ev a + ev b
      | ev (Neg e) = ~ (ev e)
  in
    ev (Add (Num 3, Neg (Add (Num 1, Num 1))))
  end
val _ = pr (pi n)

local
  datatype 'a queue = Q of 'a stack * 'a stack
  withtype 'a stack = 'a list
  fun push (Q (f, b)) x = Q (f, x :: b)
  fun pop (Q ([], [])) = NONE
    | pop (Q ([], b)) = pop (Q (rev b, []))
    | pop (Q (x :: f, b)) = SOME (x, Q (f, b))
  fun drain q = case pop q of NONE => [] | SOME (x, q') => x :: drain q'
in
  val drained = drain (push (push (push (Q ([], [])) 1) 2) 3)
end
val _ = pr (String.concatWith "," (map pi drained))
