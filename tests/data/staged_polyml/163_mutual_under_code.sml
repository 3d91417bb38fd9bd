(* Mutually recursive datatypes and functions under code; while in generated code; op on constructors *)
datatype tree = Node of int * forest | Leaf of int
and forest = Nil | Cons of tree * forest
fun say s = print (s ^ "\n")
val sumc = code (let
  fun sumt (Leaf n) = n
    | sumt (Node (n, f)) = n + sumf f
  and sumf Nil = 0
    | sumf (Cons (t, f)) = sumt t + sumf f
in sumt end)
val t = Node (1, Cons (Leaf 2, Cons (Node (3, Cons (Leaf 4, Nil)), Nil)))
val _ = say (Int.toString ((eval sumc) t))
val buildc = code (let
  fun build 0 = Leaf 0
    | build n = Node (n, fbuild (n - 1) n)
  and fbuild _ 0 = Nil
    | fbuild d k = Cons (build (d), fbuild d (k - 1))
in build end)
val _ = say (Int.toString ((eval sumc) ((eval buildc) 3)))
val mkc = code (List.map Leaf [1, 2, 3])
val _ = say (Int.toString (length (eval mkc)))
val consc = code (op Cons (Leaf 5, Nil))
val _ = say (Int.toString ((eval sumc) (Node (0, eval consc))))
val opc = code (List.foldr (op ::) [] [1, 2, 3])
val _ = say (String.concatWith " " (map Int.toString (eval opc)))
val pairs = code (ListPair.map (op Node) ([1, 2], [Nil, Cons (Leaf 9, Nil)]))
val _ = say (String.concatWith " " (map (Int.toString o (eval sumc)) (eval pairs)))
fun genloop n = let cogen m = lift (~n) cogen k = lift (n * 2) in code (let val i = ref 0 val s = ref 0 in while !i < m do (s := !s + !i * k; i := !i + 1); !s end) end
val _ = say (Int.toString (eval (genloop ~5)))
val _ = say (Int.toString (eval (genloop 0)))
fun evenc n = if n = 0 then code true else oddc (n - 1)
and oddc n = if n = 0 then code false else let cogen e = evenc (n - 1) in code (not e) end
val _ = say (Bool.toString (eval (evenc 7)) ^ " " ^ Bool.toString (eval (oddc 7)))
datatype 'a seq = E | S of 'a * (unit -> 'a seq)
val natsc = code (let fun from n = S (n, fn () => from (n + 1)) in from end)
fun takes 0 _ = [] | takes _ E = [] | takes n (S (x, k)) = x :: takes (n - 1) (k ())
val _ = say (String.concatWith " " (map Int.toString (takes 5 ((eval natsc) 10))))
val asc = code (fn (whole as Node (n, f as Cons (first as Leaf k, _))) => (n, k, (eval sumc) whole, (eval sumc) first)
                 | other => (0, 0, 0, 0))
val (p, q, r, s) = (eval asc) t
val _ = say (String.concatWith " " (map Int.toString [p, q, r, s]))
val (p, q, r, s) = (eval asc) (Leaf 3)
val _ = say (String.concatWith " " (map Int.toString [p, q, r, s]))
