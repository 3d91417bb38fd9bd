(* Lifted constants next to arithmetic the generator may fold (x + 0, 0 + x, x - 0, x * 1, 1 * x, x div 1, s ^ "") and next to arithmetic it must not fold: x * 0 and 0 * x with effects, 0 - x, 1 div x, x div 0, x mod 1, overflow, word arithmetic wrapping, at depths 1, 2 and 3 *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
fun fold_with k =
  let cogen c = lift k
  in code (fn x => [x + c, c + x, x - c, c - x, x * c, c * x, t "m1" x * c, c * t "m2" x,
                    x div c handle Div => ~1, c div x handle Div => ~2, x mod c handle Div => ~3,
                    (x + c) * c - c, c + (c + (c + x)), (x * c) div c handle Div => ~4,
                    (t "o1" x + c) + (c * t "o2" x)]) end
val _ = app (fn k => (say (si k ^ ": " ^ sl (eval (fold_with k) 7)); flush ())) [0, 1, ~1, 2]
val _ = say (sl (eval (fold_with 0) 0))
val _ = flush ()
val _ = say (sl (eval (fold_with 1) ~5))
val _ = flush ()
(* overflow must still happen where the folded form would not hide it *)
fun big k =
  let cogen c = lift k
  in code (fn x => (x + c) handle Overflow => (t "ov" 0)) end
val _ = say (si (eval (big 0) (valOf Int.maxInt)))
val _ = say (si (eval (big 1) (valOf Int.maxInt)))
val _ = say (si (eval (big 0) (valOf Int.minInt)))
val _ = flush ()
fun mulbig k =
  let cogen c = lift k
  in code (fn x => (x * c, c * x) handle Overflow => (t "mov" (0, 0))) end
val _ = (fn (a, b) => say (si a ^ " " ^ si b)) (eval (mulbig 1) (valOf Int.minInt))
val _ = (fn (a, b) => say (si a ^ " " ^ si b)) (eval (mulbig ~1) 5)
val _ = (fn (a, b) => say (si a ^ " " ^ si b)) ((eval (mulbig ~1) (valOf Int.minInt)) handle Overflow => (~9, ~9))
val _ = flush ()
(* x div 0 and ~x div 1 *)
fun divs k =
  let cogen c = lift k
  in code (fn x => (x div c, x mod c, ~x div c, (~x) mod c, Int.quot (x, c), Int.rem (x, c))) end
fun show6 (a, b, c, d, e, f) = say (sl [a, b, c, d, e, f])
val _ = show6 (eval (divs 1) 17)
val _ = show6 (eval (divs ~1) 17)
val _ = (show6 (eval (divs 1) (valOf Int.minInt))) handle Overflow => say "Overflow at ~x"
val _ = (show6 (eval (divs ~1) (valOf Int.minInt))) handle Overflow => say "Overflow"
val _ = (show6 (eval (divs 0) 3)) handle Div => say "Div"
(* words *)
fun wops k =
  let cogen c = lift k
  in code (fn w : word => [w + c, c + w, w - c, c - w, w * c, c * w, w div c handle Div => 0w99, w mod c handle Div => 0w98]) end
fun sw l = String.concatWith "," (map Word.toString l)
val _ = say (sw (eval (wops 0w0) 0w5))
val _ = say (sw (eval (wops 0w1) 0w5))
val _ = say (sw (eval (wops 0w0) 0w0))
val _ = say (sw (eval (wops 0w1) (Word.fromInt ~1)))
val _ = say (sw (eval (wops 0w2) (Word.fromInt ~1)))
(* strings *)
fun sops k =
  let cogen c = lift k
  in code (fn s => [s ^ c, c ^ s, c ^ (s ^ c), t "s1" s ^ c, c ^ t "s2" s, String.^ (s, c), concat [c, s, c]]) end
val _ = say (String.concatWith "|" (eval (sops "") "ab"))
val _ = say (String.concatWith "|" (eval (sops "<>") "ab"))
val _ = say (String.concatWith "|" (eval (sops "") ""))
val _ = flush ()
(* depth 2 and 3: the constant known only when the outer generated code runs *)
val two = code (fn k => let cogen c = lift k in code (fn x => (x + c) * c + (c * t "d2" x) - c) end)
val _ = app (fn k => say (si k ^ ": " ^ si (eval (eval two k) 10))) [0, 1, 3]
val _ = flush ()
val three = code (fn k => let cogen c = lift k in
  code (fn j => let cogen d = lift (j + c) in code (fn x => x * d + c + (d - c) * x + (x div d handle Div => 77)) end) end)
val _ = app (fn (k, j) => say (si k ^ " " ^ si j ^ ": " ^ si (eval (eval (eval three k) j) 6))) [(0, 0), (0, 1), (1, 0), (2, ~1), (~1, 2)]
(* a chain of lifted operands, some folded, some not *)
fun chain ks =
  case ks of [] => code (fn x => x)
   | k :: rest => let cogen c = lift k cogen r = chain rest in code (fn x => r (x * c + c)) end
val _ = say (si (eval (chain [1, 0, 1, 2, 0, 1, 1, 3]) 5))
val _ = say (si (eval (chain [0, 0, 0, 0]) 5))
val _ = say (si (eval (chain [1, 1, 1, 1]) 5))
