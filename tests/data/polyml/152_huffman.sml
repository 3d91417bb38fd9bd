(* Huffman coding: frequency count, tree building with a sorted list as
   the priority queue, code table, encoding to a bit string, decoding back *)
datatype htree = Leaf of char * int | Node of htree * htree * int
fun weight (Leaf (_, w)) = w
  | weight (Node (_, _, w)) = w
fun frequencies s =
  let fun bump (c, []) = [(c, 1)]
        | bump (c, (d, n) :: rest) = if c = d then (d, n + 1) :: rest else (d, n) :: bump (c, rest)
  in foldl bump [] (explode s) end
fun insertTree (t, []) = [t]
  | insertTree (t, u :: us) = if weight t <= weight u then t :: u :: us else u :: insertTree (t, us)
fun build [] = raise Empty
  | build [t] = t
  | build (a :: b :: rest) = build (insertTree (Node (a, b, weight a + weight b), rest))
fun codes (Leaf (c, _), prefix) = [(c, if prefix = "" then "0" else prefix)]
  | codes (Node (l, r, _), prefix) = codes (l, prefix ^ "0") @ codes (r, prefix ^ "1")
fun lookup c table = case List.find (fn (d, _) => d = c) table of SOME (_, code) => code | NONE => raise Fail ("no code for " ^ str c)
fun encode (table, s) = String.concat (map (fn c => lookup c table) (explode s))
fun decode (tree, bits) =
  let fun walk (Leaf (c, _), rest, acc) = if rest = [] then rev (c :: acc) else walk (tree, rest, c :: acc)
        | walk (Node (l, r, _), b :: rest, acc) = walk (if b = #"0" then l else r, rest, acc)
        | walk (Node _, [], acc) = raise Fail "truncated"
  in case tree of
       Leaf (c, n) => implode (List.tabulate (size bits, fn _ => c))
     | _ => if bits = "" then "" else implode (walk (tree, explode bits, []))
  end
fun sortTable table =
  let fun ins (x, []) = [x]
        | ins (x as (c, code), (y as (d, code')) :: ys) =
            if size code < size code' orelse (size code = size code' andalso c < d) then x :: y :: ys else y :: ins (x, ys)
  in foldl ins [] table end
fun demo s =
  let val freqs = frequencies s
      val leaves = foldl insertTree [] (map Leaf freqs)
      val tree = build leaves
      val table = codes (tree, "")
      val bits = encode (table, s)
  in print ("\"" ^ s ^ "\": " ^ Int.toString (size bits) ^ " bits vs " ^ Int.toString (8 * size s) ^ "\n");
     app (fn (c, code) => print ("  " ^ Char.toString c ^ " " ^ code ^ "\n")) (sortTable table);
     print ("  round trip: " ^ Bool.toString (decode (tree, bits) = s) ^ "\n")
  end
val _ = demo "abracadabra"
val _ = demo "mississippi river"
val _ = demo "aaaa"
val t = build (foldl insertTree [] [Leaf (#"x", 1), Leaf (#"y", 2)])
val _ = print (decode (t, "0110") ^ "\n")
val _ = decode (t, "01101")
