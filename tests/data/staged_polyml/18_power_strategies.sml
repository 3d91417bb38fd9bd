(* Staged power, dot product and matrix-vector product with several
   generation strategies (unrolled, by squaring, by the exponent's bits,
   sparse skipping zeros, through a generated loop); all agree with the
   unstaged versions, and the counts of generator calls differ *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val calls = ref 0
fun tick () = calls := !calls + 1
fun power (b, 0) = 1 | power (b, n) = b * power (b, n - 1)
fun unrolled 0 = (tick (); code (fn _ => 1))
  | unrolled n = (tick (); let cogen r = unrolled (n - 1) in code (fn b => b * r b) end)
fun squaring 0 = (tick (); code (fn _ => 1))
  | squaring n = (tick ();
                  if n mod 2 = 0 then let cogen h = squaring (n div 2) in code (fn b => let val x = h b in x * x end) end
                  else let cogen r = squaring (n - 1) in code (fn b => b * r b) end)
(* right to left over the bits: acc holds b^(2^k) *)
fun bits n = let fun go (0, _) = code (fn (_ : int, acc : int) => acc)
                   | go (1, _) = code (fn (sq, acc) => acc * sq)
                   | go (k, i) = let cogen rest = go (k div 2, i + 1)
                                 in if k mod 2 = 1 then code (fn (sq, acc) => rest (sq * sq, acc * sq))
                                    else code (fn (sq, acc) => rest (sq * sq, acc)) end
             in tick (); let cogen g = go (n, 0) in code (fn b => g (b, 1)) end end
fun looped n = (tick (); let cogen k = lift n in code (fn b => let val r = ref 1 val i = ref 0 in while !i < k do (r := !r * b; i := !i + 1); !r end) end)
val strategies = [("unrolled", unrolled), ("squaring", squaring), ("bits", bits), ("looped", looped)]
val _ = app (fn (name, s) =>
          let val _ = calls := 0
              val fs = map (fn n => (n, eval (s n))) [0, 1, 2, 5, 13, 31, 62]
              val ok = List.all (fn (n, f) => List.all (fn b => (f b = power (b, n)) handle Overflow => ((power (b, n); false) handle Overflow => true)) [~2, ~1, 0, 1, 2, 3]) fs
          in pr (name ^ ": " ^ (if ok then "agree" else "DISAGREE") ^ ", generator calls " ^ pi (!calls)) end) strategies
val _ = pr ((pi (eval (squaring 63) 2)) handle Overflow => "2^63 Overflow")
val _ = pr (pi (eval (bits 61) ~2) ^ " " ^ pi (eval (unrolled 3) ~1000000))
(* dot product with a static vector *)
fun dot (u, v) = ListPair.foldl (fn (a, b, s) => s + a * b) 0 (u, v)
fun dotGen [] = code (fn (_ : int list) => 0)
  | dotGen (0 :: us) = let cogen r = dotGen us in code (fn (_ :: vs) => r vs | [] => 0) end
  | dotGen (1 :: us) = let cogen r = dotGen us in code (fn (v :: vs) => v + r vs | [] => 0) end
  | dotGen (u :: us) = let cogen k = lift u cogen r = dotGen us in code (fn (v :: vs) => k * v + r vs | [] => 0) end
val u = [3, 0, 1, ~2, 0, 7]
val du = eval (dotGen u)
val vs = [[1, 1, 1, 1, 1, 1], [0, 9, 0, 9, 0, 9], [~1, 2, ~3, 4, ~5, 6], [5, 5]]
val _ = pr (String.concat (map (fn v => pi (dot (u, v)) ^ "/" ^ pi (du v) ^ " ") vs))
(* matrix-vector product: one generated dot product per row *)
fun mvGen [] = code (fn (_ : int list) => [] : int list)
  | mvGen (row :: rows) = let cogen d = dotGen row cogen rest = mvGen rows in code (fn v => d v :: rest v) end
val m = [[1, 0, 0], [0, 2, 0], [1, 1, 1], [0, 0, 0], [~4, 5, ~6]]
val mv = eval (mvGen m)
val _ = app (fn v => pr (String.concat (map (fn x => pi x ^ " ") (mv v)) ^ "| " ^ String.concat (map (fn r => pi (dot (r, v)) ^ " ") m))) [[1, 2, 3], [0, 0, 0], [~1, 10, 100]]
(* composing: M applied three times, generated as one function *)
fun iterGen (0, _) = code (fn (v : int list) => v)
  | iterGen (n, g) = let cogen once = g cogen rest = iterGen (n - 1, g) in code (fn v => rest (once v)) end
val m3 = eval (iterGen (3, mvGen [[0, 1], [1, 1]]))
val _ = pr (String.concat (map (fn x => pi x ^ " ") (m3 [0, 1])) ^ "| " ^ String.concat (map (fn x => pi x ^ " ") (eval (iterGen (80, mvGen [[0, 1], [1, 1]])) [0, 1])))
