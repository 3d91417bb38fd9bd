(* Fixity directives on `=`: it is a value identifier like any other, so
   `nonfix =`, `infix n =` and `infixr n =` apply to it, scoped as usual. *)
fun p s = print (s ^ "\n")
val b = Bool.toString
local nonfix = in
  val _ = p (b (= (1, 1)) ^ " " ^ b (= ("a", "b")))
end
val _ = p (b (1 + 1 = 2))
local infixr 4 = in
  val _ = p (b (false = 2 = 3))  (* false = (2 = 3) *)
end
local infix 7 = in
  val _ = p (Int.toString (1 + (if 2 = 2 then 10 else 20)))
  val _ = p (b (2 * 3 = 6))  (* 2 * 3 and = 6 at one level, left to right *)
end
fun eq (x, y) = let nonfix = in = (x, y) end
val _ = p (b (eq (3, 3)) ^ " " ^ b (eq (3, 4)))
