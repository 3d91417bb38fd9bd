(* an AVL tree of ints with heights stored in the nodes; rotations keep it
   balanced while inserting sorted input; an invariant check walks it *)
datatype avl = E | N of avl * int * avl * int   (* left, key, right, height *)
fun h E = 0 | h (N (_, _, _, k)) = k
fun node (l, x, r) = N (l, x, r, 1 + Int.max (h l, h r))
fun rotR (N (N (a, x, b, _), y, c, _)) = node (a, x, node (b, y, c))
  | rotR t = t
fun rotL (N (a, x, N (b, y, c, _), _)) = node (node (a, x, b), y, c)
  | rotL t = t
fun balance (t as N (l, x, r, _)) =
      let val bf = h l - h r in
        if bf > 1 then
          (case l of N (ll, _, lr, _) => if h ll >= h lr then rotR t else rotR (node (rotL l, x, r))
                   | E => t)
        else if bf < ~1 then
          (case r of N (rl, _, rr, _) => if h rr >= h rl then rotL t else rotL (node (l, x, rotR r))
                   | E => t)
        else t
      end
  | balance E = E
fun insert (x, E) = node (E, x, E)
  | insert (x, t as N (l, y, r, _)) =
      if x < y then balance (node (insert (x, l), y, r))
      else if x > y then balance (node (l, y, insert (x, r)))
      else t
exception Unbalanced of int
fun check E = 0
  | check (N (l, x, r, k)) =
      let val hl = check l val hr = check r in
        if abs (hl - hr) > 1 orelse k <> 1 + Int.max (hl, hr) then raise Unbalanced x else k
      end
fun inorder E acc = acc
  | inorder (N (l, x, r, _)) acc = inorder l (x :: inorder r acc)
fun build l = foldl insert E l
val t1 = build (List.tabulate (1000, fn i => i))
val _ = print ("height of 1000 sorted: " ^ Int.toString (check t1) ^ "\n")
val t2 = build (List.tabulate (1000, fn i => 1000 - i))
val _ = print ("height of 1000 reversed: " ^ Int.toString (check t2) ^ "\n")
val t3 = build [5, 3, 8, 1, 4, 7, 9, 2, 6, 5, 3]
val _ = print (String.concatWith " " (map Int.toString (inorder t3 [])) ^ " h=" ^ Int.toString (check t3) ^ "\n")
fun show E = "."
  | show (N (l, x, r, _)) = "(" ^ show l ^ " " ^ Int.toString x ^ " " ^ show r ^ ")"
val _ = print (show (build [1, 2, 3, 4, 5, 6, 7]) ^ "\n")
val _ = print (show (build [3, 1, 2]) ^ "\n")
val _ = print (show (build [1, 3, 2]) ^ "\n")
val bad = N (E, 1, N (E, 2, N (E, 3, E, 1), 2), 3)
val _ = print (Int.toString (check bad) ^ "\n")
