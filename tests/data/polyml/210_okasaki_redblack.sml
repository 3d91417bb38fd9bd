(* Red-black trees after Okasaki, "Purely Functional Data Structures"
   (Cambridge, 1998), figure 3.5, with the structure RedBlackSet flattened
   to top-level declarations. The balance function is the book's single
   four-clause match with nested constructor patterns and `as`. *)

datatype color = R | B
datatype 'a tree = E | T of color * 'a tree * 'a * 'a tree

val empty = E

fun member (x, E) = false
  | member (x, T (_, a, y, b)) =
      if x < y then member (x, a)
      else if y < x then member (x, b)
      else true

fun balance (B, T (R, T (R, a, x, b), y, c), z, d) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, T (R, a, x, T (R, b, y, c)), z, d) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, a, x, T (R, T (R, b, y, c), z, d)) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance (B, a, x, T (R, b, y, T (R, c, z, d))) = T (R, T (B, a, x, b), y, T (B, c, z, d))
  | balance body = T body

fun insert (x, s) =
  let fun ins E = T (R, E, x, E)
        | ins (s as T (color, a, y, b)) =
            if x < y then balance (color, ins a, y, b)
            else if y < x then balance (color, a, y, ins b)
            else s
      val T (_, a, y, b) = ins s   (* guaranteed to be non-empty *)
  in T (B, a, y, b) end

(* Checks of the invariants: no red node has a red child, and every path
   from the root to a leaf has the same number of black nodes. *)
fun redOk E = true
  | redOk (T (R, T (R, _, _, _), _, _)) = false
  | redOk (T (R, _, _, T (R, _, _, _))) = false
  | redOk (T (_, a, _, b)) = redOk a andalso redOk b

exception Unbalanced
fun blackHeight E = 1
  | blackHeight (T (c, a, _, b)) =
      let val ha = blackHeight a
          val hb = blackHeight b
      in if ha <> hb then raise Unbalanced
         else ha + (case c of B => 1 | R => 0)
      end

fun toList t =
  let fun go (E, acc) = acc
        | go (T (_, a, x, b), acc) = go (a, x :: go (b, acc))
  in go (t, []) end

fun depth E = 0
  | depth (T (_, a, _, b)) = 1 + Int.max (depth a, depth b)

(* A linear congruential generator, so the insertion order is scrambled. *)
fun lcg seed = (seed * 1103515245 + 12345) mod 2147483648

fun build (0, _, t) = t
  | build (n, seed, t) = build (n - 1, lcg seed, insert (seed mod 1000, t))

val t1 = build (500, 42, empty)
val t2 = foldl insert empty (List.tabulate (255, fn i => i))

fun report name t =
  print (name ^ ": size " ^ Int.toString (length (toList t))
         ^ ", depth " ^ Int.toString (depth t)
         ^ ", black height " ^ Int.toString (blackHeight t)
         ^ ", red ok " ^ Bool.toString (redOk t) ^ "\n")

val _ = report "random" t1
val _ = report "ascending" t2
val _ = print (String.concatWith " " (map Int.toString (List.take (toList t1, 12))) ^ "\n")
val _ = print (Bool.toString (member (500, t2)) ^ " " ^ Bool.toString (member (254, t2)) ^ "\n")

val _ = blackHeight (T (B, T (B, E, 1, E), 2, E))
