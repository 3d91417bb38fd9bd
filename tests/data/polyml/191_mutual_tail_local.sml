(* Mutual recursion, tail calls and local declarations: even/odd and a
   three-state machine in mutual tail calls thirty thousand deep (constant
   stack), mutually recursive functions inside let and local, shadowing
   of a local helper by a later top-level one, local exceptions and
   datatypes whose names are reused afterwards, and a tail call through
   a handler (which is not a tail call: the handler stays). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun pb b = Bool.toString b

fun isEven 0 = true
  | isEven n = isOdd (n - 1)
and isOdd 0 = false
  | isOdd n = isEven (n - 1)
val () = pr ("even 30001: " ^ pb (isEven 30001) ^ ", odd 30001: " ^ pb (isOdd 30001))

(* a three-state machine counting a's, b's and c's in a long string by mutual tail calls *)
fun countRuns s =
    let val n = size s
        fun inA (i, acc) = if i = n then acc else
                           (case String.sub (s, i) of #"a" => inA (i + 1, acc) | #"b" => inB (i + 1, acc + 1) | _ => inC (i + 1, acc + 1))
        and inB (i, acc) = if i = n then acc else
                           (case String.sub (s, i) of #"b" => inB (i + 1, acc) | #"a" => inA (i + 1, acc + 1) | _ => inC (i + 1, acc + 1))
        and inC (i, acc) = if i = n then acc else
                           (case String.sub (s, i) of #"c" => inC (i + 1, acc) | #"a" => inA (i + 1, acc + 1) | _ => inB (i + 1, acc + 1))
    in inA (0, 0) end
val long = CharVector.tabulate (12000, fn i => String.sub ("aabbbcacbbca", i mod 12))
val () = pr ("run changes: " ^ pi (countRuns long))

(* local: helpers invisible afterwards; a later top-level helper of the same name is another function *)
local
  fun helper x = x * 2
  val base = 100
in
  fun scaled x = helper x + base
  val scaledTen = scaled 10
end
fun helper x = x - 1
val () = pr ("scaled 10 = " ^ pi scaledTen ^ ", helper 10 = " ^ pi (helper 10) ^ ", scaled 1 = " ^ pi (scaled 1))

(* local with a mutually recursive group and a datatype used only inside *)
local
  datatype tree = Leaf | Node of tree * int * tree
  fun insert (x, Leaf) = Node (Leaf, x, Leaf)
    | insert (x, t as Node (l, y, r)) = if x < y then Node (insert (x, l), y, r)
                                        else if x > y then Node (l, y, insert (x, r)) else t
  fun sizeT Leaf = 0
    | sizeT (Node (l, _, r)) = sizeL l + 1 + sizeR r
  and sizeL t = sizeT t
  and sizeR t = sizeT t
in
  fun distinct xs = sizeT (foldl insert Leaf xs)
end
datatype tree = Leaf of string
val () = pr ("distinct: " ^ pi (distinct [5, 3, 5, 9, 1, 3, 3, 7]) ^ "; new tree: " ^ (case Leaf "leaf" of Leaf s => s))

(* let-bound mutual recursion capturing an outer variable *)
fun collatzSteps start =
    let val limit = 1000
        fun stepEven (n, k) = if k > limit then ~1 else if n = 1 then k else if n mod 2 = 0 then stepEven (n div 2, k + 1) else stepOdd (n, k)
        and stepOdd (n, k) = stepEven (3 * n + 1, k + 1)
    in stepEven (start, 0) end
val () = pr ("collatz: " ^ String.concatWith " " (map (pi o collatzSteps) [1, 2, 3, 6, 7, 27, 97, 871]))

(* a loop through a handler is not a tail call, but 10000 deep is fine *)
exception Done of int
fun sumTo (0, acc) = raise Done acc
  | sumTo (n, acc) = (sumTo (n - 1, acc + n) handle Overflow => ~1)
val () = pr ("sumTo 10000 = " ^ ((ignore (sumTo (10000, 0)); "no") handle Done s => pi s))

(* a tail call thirty thousand deep in an accumulating loop with a tuple state *)
fun fib (0, a, _) = a
  | fib (n, a, b) = fib (n - 1, b, (a + b) mod 1000000007)
val () = pr ("fib 30000 mod p = " ^ pi (fib (30000, 0, 1)))

(* local inside let and nested local *)
val combined =
    let local val hidden = 7 in val shown = hidden * 6 end
        local local val deep = 2 in val mid = deep + 1 end in val outer = mid * 10 end
    in (shown, outer) end
val (c1, c2) = combined
val () = pr ("combined = " ^ pi c1 ^ ", " ^ pi c2)
