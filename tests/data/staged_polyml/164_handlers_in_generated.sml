(* Handlers and raises in generated code: break out of while, handle arms that are code, re-raise across levels *)
exception Break of int
exception Stop
fun say s = print (s ^ "\n")
fun firstOver limit = let cogen lim = lift limit in code (fn arr =>
  let val i = ref 0 in
    (while !i < Array.length arr do (if Array.sub (arr, !i) > lim then raise Break (!i) else (); i := !i + 1); ~1)
    handle Break k => k
  end) end
val f = eval (firstOver 10)
val _ = say (Int.toString (f (Array.fromList [1, 5, 11, 20])) ^ " " ^ Int.toString (f (Array.fromList [1, 2])))
fun guarded g = let cogen gg = lift g in code ((gg ()) handle Div => (print "div at run time "; 0)) end
val h = guarded (fn () => 10 div 0)
val _ = say "generated h"
val _ = say (Int.toString (eval h))
val _ = say (Int.toString (eval (let cogen one = lift 1 in code (one + 2) end)))
fun safeDiv n = let cogen k = lift n in code (fn x => (x div k) handle Div => ~1) end
val _ = say (Int.toString ((eval (safeDiv 0)) 5) ^ " " ^ Int.toString ((eval (safeDiv 2)) 5))
fun genOrFail n = if n < 0 then raise Stop else let cogen k = lift n in code k end
val g1 = (genOrFail ~1) handle Stop => code 77
val _ = say (Int.toString (eval g1))
val g2 = code ((raise Stop) handle Stop => 88)
val _ = say (Int.toString (eval g2))
val g3 = code (fn n => (if n = 0 then raise Stop else n) handle Stop => (raise Break 5) handle Break b => b * 10)
val _ = say (Int.toString ((eval g3) 0) ^ " " ^ Int.toString ((eval g3) 3))
fun levels 0 = code (raise Break 0)
  | levels n = let cogen inner = levels (n - 1) cogen m = lift n in code ((inner) handle Break k => if k < m - 1 then raise Break (k + 1) else k + 100) end
val _ = say (Int.toString (eval (levels 3)))
val g4 = code (let val r = ref 0 in (while true do (r := !r + 1; if !r = 5 then raise Stop else ())) handle Stop => (); !r end)
val _ = say (Int.toString (eval g4))
val g5 = code (fn l => List.foldl (fn (x, acc) => if x < 0 then raise Break acc else acc + x) 0 l handle Break a => ~a)
val _ = say (Int.toString ((eval g5) [1, 2, 3]) ^ " " ^ Int.toString ((eval g5) [1, 2, ~3, 4]))
val g6 = code (code ((raise Stop) : int))
val inner6 = eval g6
val _ = say "inner6 built"
val _ = say ((Int.toString (eval inner6)) handle Stop => "Stop at second stage")
val g7 = code (print "running g7\n"; (raise Break 9) : unit)
val _ = say "g7 built"
val _ = (eval g7) handle Break n => say ("g7 raised " ^ Int.toString n)
val _ = print "about to fail\n"
val final = code (print "in final "; List.hd (List.tl [1]))
val _ = say (Int.toString (eval final))
