(* layered patterns with a type: `x : t as p` (SML's `vid : ty as pat`) *)
fun f (x : int as 3) = x + 1
  | f (y : int as _) = y
val (a : int * int as (b, c)) = (1, 2)
val _ = print (Int.toString (f 3) ^ " " ^ Int.toString (f 5) ^ " " ^ Int.toString (b + c + (case a of (p, _) => p)) ^ "\n")
