(* Polymorphic generators and the value restriction: code of a fn is a
   value, so a generator bound by val is generalised and used at several
   types; generators returned by polymorphic functions; eval of a
   polymorphic generator at different types; a generator of a polymorphic
   datatype; a non-value generator (an application) stays monomorphic and
   is used at one type only. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val idG = code (fn x => x)
val _ = pr (pi (eval idG 3) ^ eval idG "s" ^ (if eval idG true then "T" else "F"))

fun mapG (f : ['a -> 'b]) : ['a list -> 'b list] = let cogen f' = f in code (map f') end
val lens = eval (mapG (code size)) ["a", "bb", "ccc"]
val strs = eval (mapG (code Int.toString)) [1, 22, 333]
val _ = pr (String.concatWith "," (map pi lens) ^ " " ^ String.concatWith "," strs)

fun composeG (f : ['b -> 'c], g : ['a -> 'b]) : ['a -> 'c] = let cogen f' = f cogen g' = g in code (fn x => f' (g' x)) end
val sizeThenDouble = eval (composeG (code (fn n => n * 2), code size))
val _ = pr (pi (sizeThenDouble "hello"))
val swapG = code (fn (a, b) => (b, a))
val _ = pr (case (eval swapG (1, "one"), eval swapG ("two", 2)) of ((s, n), (m, t)) => s ^ pi n ^ pi m ^ t)

datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
fun buildG ([] : 'a list) : ['a tree] = code Leaf
  | buildG (x :: xs) =
    let val half = length xs div 2
        cogen l = buildG (List.take (xs, half)) cogen r = buildG (List.drop (xs, half)) cogen x' = lift x
    in code (Node (l, x', r)) end
fun inorder Leaf = [] | inorder (Node (l, x, r)) = inorder l @ [x] @ inorder r
val _ = pr (String.concatWith " " (map pi (inorder (eval (buildG [4, 2, 6, 1, 3, 5, 7])))))
val _ = pr (String.concat (inorder (eval (buildG ["m", "a", "z"]))))
val _ = pr (pi (length (inorder (eval (buildG ([] : bool list))))))

(* a polymorphic generator of generators *)
val twiceG = code (fn (g : ['a -> 'a]) => let cogen h = g in code (fn x => h (h x)) end)
val tw = eval twiceG
val _ = pr (pi (eval (tw (code (fn n => n + 1))) 0) ^ " " ^ eval (eval twiceG (code (fn s => s ^ "!"))) "hey")

(* not a value: an application, so monomorphic; used at one type *)
val appliedG = mapG (code (fn x => x))
val _ = pr (String.concatWith "," (eval appliedG ["only", "strings"]))
(* a polymorphic function whose body is code with a lift of its argument *)
fun constG x = let cogen c = lift x in code (fn _ => c) end
val _ = pr (pi (eval (constG 5) "ignored") ^ eval (constG "k") 0)
(* lift of a polymorphic empty list, used at the type the context gives *)
val emptyG = let cogen e = lift [] in code (e @ [1]) end
val _ = pr (pi (length (eval emptyG)))
(* equality on a polymorphic generator's results *)
fun eqG (a : [''a], b : [''a]) = let cogen x = a cogen y = b in code (x = y) end
val _ = pr (Bool.toString (eval (eqG (code [1, 2], code [1, 2]))) ^ " " ^ Bool.toString (eval (eqG (code "a", code "b"))))
