(* Tuple selectors under code and in the early stage: a dot product of
   pairs specialised to the weights (#1 read while generating, #2 at run
   time), and a selector spliced in as a value. *)
fun dot nil = code (fn (v : (int * int) list) => 0)
  | dot (w :: ws) =
      let cogen k = lift (#1 w)
          cogen rest = dot ws
      in code (fn v => k * #2 (hd v) + rest (tl v)) end

val weighted = eval (dot [(3, 0), (5, 0), (7, 0)])
val _ = print (Int.toString (weighted [(0, 1), (0, 2), (0, 3)]) ^ "\n")

val pick = code (fn (t : string * string * string) => #3 t ^ #1 t)
val _ = print (eval pick ("a", "b", "c") ^ "\n")

val seconds = eval (code (map #2))
val _ = print (String.concat (seconds [(1, "x"), (2, "y")]) ^ "\n")
