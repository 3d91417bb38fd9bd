(* Specialised averaging over fixed-size windows: the window size is
   early, the data late. The generated code divides by a count it
   computes at run time from a filter; it works on good data, a bad
   window is handled once, and finally a window with no valid samples
   makes the generated code raise Div, which nothing handles. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* windowGen n : [int list -> int list]: averages of consecutive windows of n valid samples *)
fun takeGen 0 = code (fn xs => ([], xs))
  | takeGen n = let cogen rest = takeGen (n - 1)
                in code (fn (x :: xs) => let val (w, r) = rest xs in (x :: w, r) end
                          | [] => ([], [])) end
fun windowGen n =
    let cogen take = takeGen n
    in code (let fun avg w = let val valid = List.filter (fn v => v >= 0) w
                             in foldl op+ 0 valid div length valid end
                 fun go [] = []
                   | go xs = let val (w, rest) = take xs in avg w :: go rest end
             in go end)
    end

val avg3 = eval (windowGen 3)
val avg2 = eval (windowGen 2)
fun show xs = String.concatWith " " (map pi xs)
val _ = pr ("avg3: " ^ show (avg3 [1, 2, 3, 10, 20, 30, 5]))
val _ = pr ("avg2 with invalid samples: " ^ show (avg2 [4, ~1, 8, 6, ~5, 9]))
val _ = pr ("a bad window, handled: " ^ ((show (avg2 [1, 1, ~1, ~1])) handle Div => "Div"))
val _ = pr "now unhandled:"
val _ = pr ("avg3: " ^ show (avg3 [3, 3, 3, ~1, ~2, ~3, 9, 9, 9]))
val _ = pr "not reached"
