(* After the Rosetta Code task "Tree traversal": the tree
         1
        / \
       2   3
      / \  /
     4  5 6
    /     / \
   7     8   9
   traversed preorder, inorder, postorder and level-order, written as in
   the Standard ML entry with an option-free datatype and a queue for the
   level order, plus folds over the tree and a pretty-printer. *)

datatype 'a tree = Empty | Node of 'a * 'a tree * 'a tree

val tree =
  Node (1,
        Node (2,
              Node (4, Node (7, Empty, Empty), Empty),
              Node (5, Empty, Empty)),
        Node (3,
              Node (6, Node (8, Empty, Empty), Node (9, Empty, Empty)),
              Empty))

fun preorder Empty = []
  | preorder (Node (v, l, r)) = v :: preorder l @ preorder r

fun inorder Empty = []
  | inorder (Node (v, l, r)) = inorder l @ [v] @ inorder r

fun postorder Empty = []
  | postorder (Node (v, l, r)) = postorder l @ postorder r @ [v]

fun levelorder t =
  let
    fun bfs [] = []
      | bfs (Empty :: q) = bfs q
      | bfs (Node (v, l, r) :: q) = v :: bfs (q @ [l, r])
  in bfs [t] end

fun show xs = String.concatWith " " (map Int.toString xs)

val _ = print ("preorder:    " ^ show (preorder tree) ^ "\n")
val _ = print ("inorder:     " ^ show (inorder tree) ^ "\n")
val _ = print ("postorder:   " ^ show (postorder tree) ^ "\n")
val _ = print ("level-order: " ^ show (levelorder tree) ^ "\n")

fun fold f acc Empty = acc
  | fold f acc (Node (v, l, r)) = fold f (f (v, fold f acc l)) r

fun map' f Empty = Empty
  | map' f (Node (v, l, r)) = Node (f v, map' f l, map' f r)

fun height Empty = 0
  | height (Node (_, l, r)) = 1 + Int.max (height l, height r)

fun leaves Empty = 0
  | leaves (Node (_, Empty, Empty)) = 1
  | leaves (Node (_, l, r)) = leaves l + leaves r

fun mirror Empty = Empty
  | mirror (Node (v, l, r)) = Node (v, mirror r, mirror l)

val _ = print ("sum " ^ Int.toString (fold op+ 0 tree) ^ ", height " ^ Int.toString (height tree)
               ^ ", leaves " ^ Int.toString (leaves tree) ^ "\n")
val _ = print ("mirrored inorder: " ^ show (inorder (mirror tree)) ^ "\n")
val _ = print ("squares preorder: " ^ show (preorder (map' (fn x => x * x) tree)) ^ "\n")
val _ = print (Bool.toString (mirror (mirror tree) = tree) ^ " " ^ Bool.toString (mirror tree = tree) ^ "\n")

(* sideways drawing, right subtree on top *)
fun draw t =
  let fun go (Empty, _) = ()
        | go (Node (v, l, r), depth) =
            (go (r, depth + 1);
             print (CharVector.tabulate (4 * depth, fn _ => #" ") ^ Int.toString v ^ "\n");
             go (l, depth + 1))
  in go (t, 0) end
val _ = draw tree

(* rebuild from preorder and inorder (distinct labels) *)
exception Malformed
fun rebuild ([], []) = Empty
  | rebuild (v :: pre, ino) =
      let
        fun splitAt (x :: xs, acc) = if x = v then (rev acc, xs) else splitAt (xs, x :: acc)
          | splitAt ([], _) = raise Malformed
        val (li, ri) = splitAt (ino, [])
        val lp = List.take (pre, length li)
        val rp = List.drop (pre, length li)
      in Node (v, rebuild (lp, li), rebuild (rp, ri)) end
  | rebuild _ = raise Malformed
val _ = print (Bool.toString (rebuild (preorder tree, inorder tree) = tree) ^ "\n")
val _ = rebuild ([1, 2], [3, 1])
