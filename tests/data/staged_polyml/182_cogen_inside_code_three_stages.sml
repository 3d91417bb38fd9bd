(* cogen declared inside code: its code variables used at stage one, spliced at stages two and three, lifted values of stage one, a ref lifted at stage one and shared by the code it makes *)
fun say s = print (s ^ "\n")
fun pi n = Int.toString n
val g = code (let cogen u = code (say "run-u"; 1) cogen l = lift (say "lift-l"; 10) in (u + l, code (u + l + 100), code (code (u * l))) end)
val (a, b, c) = eval g
val _ = say (pi a)
val _ = say (pi (eval b) ^ " " ^ pi (eval b))
val _ = say (pi (eval (eval c)))
val g2 = code (fn n => let cogen k = lift n cogen dbl = code (fn x => x * 2) in code (fn m => let cogen j = lift (m + k) in code (dbl j + k) end) end)
val s1 = eval g2 3
val s2 = eval s1 4
val _ = say (pi (eval s2))
val g3 = let cogen top = code (say "top"; 2) in code (let cogen mid = code (top * 3) in code (let cogen low = code (mid + top) in code (low * mid) end) end) end
val _ = say (pi (eval (eval (eval g3))))
val g4 = code (let val r = ref 0 in let cogen cnt = lift r in (code (cnt := !cnt + 1; !cnt), r) end end)
val (inc, rr) = eval g4
val _ = say (pi (eval inc) ^ pi (eval inc) ^ pi (!rr))
val (inc2, rr2) = eval g4
val _ = say (pi (eval inc2) ^ pi (!rr) ^ pi (!rr2))
