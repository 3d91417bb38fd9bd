(* Okasaki's red-black trees with polymorphic keys: insertion by the
   four-case balance (a layered, nested pattern), membership, black-height *)
datatype color = R | B
datatype 'a rb = L | T of color * 'a rb * 'a * 'a rb
fun balance (B, T (R, T (R, a, x, b), y, c), z, d) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, T (R, a, x, T (R, b, y, c)), z, d) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, a, x, T (R, T (R, b, y, c), z, d)) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, a, x, T (R, b, y, T (R, c, z, d))) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (c, l, x, r) = T (c, l, x, r)
fun insert lt (x, t) =
  let fun ins L = T (R, L, x, L)
        | ins (s as T (c, a, y, b)) =
            if lt (x, y) then balance (c, ins a, y, b)
            else if lt (y, x) then balance (c, a, y, ins b)
            else s
  in case ins t of T (_, a, y, b) => T (B, a, y, b) | L => L end
fun member lt (x, L) = false
  | member lt (x, T (_, a, y, b)) =
      if lt (x, y) then member lt (x, a) else if lt (y, x) then member lt (x, b) else true
exception RedRed
exception BlackHeight
fun blackHeight L = 1
  | blackHeight (T (c, a, _, b)) =
      let val ha = blackHeight a val hb = blackHeight b
          val _ = case (c, a, b) of
                    (R, T (R, _, _, _), _) => raise RedRed
                  | (R, _, T (R, _, _, _)) => raise RedRed
                  | _ => ()
      in if ha <> hb then raise BlackHeight else if c = B then ha + 1 else ha end
fun toList L = []
  | toList (T (_, a, x, b)) = toList a @ x :: toList b
val ints = foldl (insert (op <)) L (List.tabulate (500, fn i => (i * 37) mod 500))
val _ = print ("black height " ^ Int.toString (blackHeight ints) ^ "\n")
val _ = print ("size " ^ Int.toString (length (toList ints)) ^ "\n")
val _ = print (Bool.toString (member (op <) (123, ints)) ^ " " ^ Bool.toString (member (op <) (500, ints)) ^ "\n")
val strs = foldl (insert (op <)) L ["m", "c", "x", "a", "e", "z", "b", "m"]
val _ = print (concat (toList strs) ^ "\n")
fun colors L = "L"
  | colors (T (c, a, x, b)) = "(" ^ colors a ^ (if c = R then "r" else "b") ^ Int.toString x ^ colors b ^ ")"
val _ = print (colors (foldl (insert (op <)) L [1, 2, 3, 4, 5]) ^ "\n")
val broken = T (B, T (R, T (R, L, 1, L), 2, L), 3, L)
val _ = print (Int.toString (blackHeight broken) ^ "\n") handle RedRed => print "red-red violation\n"
val _ = blackHeight (T (B, T (B, L, 1, L), 2, L))
