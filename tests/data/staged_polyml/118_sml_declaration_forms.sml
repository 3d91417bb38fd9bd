(* withtype, abstype, datatype replication and symbolic constructors under
   code, at depth 1 and 2, and declared at top level, used in code *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype tree = Node of int * forest withtype forest = tree list
abstype bag = Bag of int list
with
  val none = Bag []
  fun put (Bag l) x = Bag (x :: l)
  fun total (Bag l) = foldl op + 0 l
end
datatype ord = datatype order
datatype pt = <> of int * int
infix 5 <>

(* top-level declarations used in generated code *)
val g1 = code (fn n => let fun sum (Node (v, f)) = foldl (fn (t, s) => s + sum t) v f
                       in (sum (Node (n, [Node (n + 1, [])])), total (put (put none n) 10),
                           case Int.compare (n, 3) of LESS => "lt" | EQUAL => "eq" | GREATER => "gt",
                           case n <> n * 2 of a <> b => a + b)
                       end)
val _ = pr (case eval g1 3 of (s, t, c, p) => pi s ^ " " ^ pi t ^ " " ^ c ^ " " ^ pi p)

(* the forms declared inside code *)
val g2 = code (fn n =>
  let
    datatype 'a rose = Rose of 'a * 'a garden withtype 'a garden = 'a rose list
    abstype counter = C of int ref
    with
      fun make k = C (ref k)
      fun tick (C r) = (r := !r + 1; !r)
    end
    datatype o2 = datatype ord
    datatype e = ++ of int * int | ~~ of int
    infix 6 ++
    fun flat (Rose (x, g)) = x :: List.concat (map flat g)
    fun ev (a ++ b) = a + b
      | ev (~~ a) = ~ a
    val c = make n
  in
    (length (flat (Rose (1, [Rose (2, []), Rose (3, [])]))), (tick c; tick c),
     (case (Int.compare (n, 0) : o2) of GREATER => "pos" | _ => "nonpos"), ev (n ++ 4) + ev (~~ 1))
  end)
val _ = pr (case eval g2 5 of (a, b, c, d) => pi a ^ " " ^ pi b ^ " " ^ c ^ " " ^ pi d)

(* depth 2: code that builds code declaring them *)
val g3 = code (fn n => let cogen nn = lift n
                       in code (let abstype acc = A of int with fun start () = A nn fun add (A k) j = A (k + j)
                                                                fun get (A k) = k end
                                    datatype t = L of int | N of ts withtype ts = t list
                                    fun count (L _) = 1 | count (N l) = foldl (fn (x, s) => s + count x) 0 l
                                in get (add (add (start ()) 1) 2) + count (N [L 1, N [L 2, L 3]]) end)
                       end)
val _ = pr (pi (eval (eval g3 100)))

(* abstype values lifted into generated code *)
fun gen_total 0 = code 0
  | gen_total k = let cogen rest = gen_total (k - 1) cogen b = lift (put none k) in code (total b + rest) end
val _ = pr (pi (eval (gen_total 4)))
