(* A program may rebind any basis name, the ones beyond SPEC §1 included:
   its own order datatype, str, concat, compare functions, getOpt *)
fun p s = print (s ^ "\n")
val before_ = Int.compare (1, 2)
datatype order = GREATER | LESS | EQUAL | UNORDERED
fun compare (a, b) = if a = b then EQUAL else if a < b then LESS else if b < a then GREATER else UNORDERED
fun show LESS = "less" | show EQUAL = "equal" | show GREATER = "greater" | show UNORDERED = "unordered"
val _ = p (show (compare (1, 2)) ^ " " ^ show UNORDERED)
val _ = p (if before_ = Int.compare (0, 5) then "basis order still there" else "other")
fun str n = Int.toString n ^ "!"
val _ = p (str 5)
val concat = foldr (fn (x, acc) => x + acc) 0
val _ = p (Int.toString (concat [1, 2, 3]))
fun getOpt x = case x of SOME y => y | NONE => ~1
val _ = p (Int.toString (getOpt NONE))
local datatype t = LESS | EQUAL in
  fun tag LESS = 0 | tag EQUAL = 1
  val _ = p (Int.toString (tag EQUAL))
end
