(* Exceptions raised inside handle arms, in `before`, and in nested handlers *)
exception A of int
exception B of string
exception C
fun say s = print (s ^ "\n")
fun t1 n = (if n > 0 then raise A n else n) handle A k => raise B (Int.toString k)
val _ = say (Int.toString (t1 0))
val _ = say ((Int.toString (t1 5)) handle B s => "B " ^ s)
fun t2 () = (raise C) handle C => (raise A 1) handle A k => k + 100
val _ = say (Int.toString (t2 ()))
fun t3 () = ((raise C) handle A _ => 1) handle C => 2
val _ = say (Int.toString (t3 ()))
val r = ref 0
fun t4 () = (r := !r + 1; !r) before (r := !r * 10)
val _ = say (Int.toString (t4 ()) ^ " " ^ Int.toString (!r))
fun t5 () = (1 before (raise C)) handle C => 99
val _ = say (Int.toString (t5 ()))
fun t6 () = ((raise A 3) before say "not printed") handle A k => k
val _ = say (Int.toString (t6 ()))
fun t7 () = (say "left" ; 5) before (say "right")
val _ = say (Int.toString (t7 ()))
fun t8 x = (x div 0) handle Div => (x mod 0) handle Div => ~1
val _ = say (Int.toString (t8 7))
fun t9 x = (case x of 0 => raise C | n => n) handle C => (case x of 0 => raise B "zero" | _ => 0)
val _ = say ((Int.toString (t9 0)) handle B s => s)
val _ = say (Int.toString (t9 4))
fun t10 () = let val x = (raise A 7) handle A n => n * 2 in x + 1 end
val _ = say (Int.toString (t10 ()))
fun t11 k = (raise A k) handle A 1 => "one" | A 2 => "two" | e => (case e of A n => "other " ^ Int.toString n | _ => "?")
val _ = app (fn k => say (t11 k)) [1, 2, 3]
fun t12 () = (raise Overflow) handle Div => "div" | Overflow => "ovf"
val _ = say (t12 ())
val _ = say ((Int.toString (valOf NONE)) handle Option => "Option")
val e = A 42
val _ = say ((raise e) handle A n => Int.toString n)
fun rethrow f = f () handle ex => (say "cleanup"; raise ex)
val _ = say ((rethrow (fn () => raise B "inner")) handle B s => "caught " ^ s)
val _ = say (Int.toString ((rethrow (fn () => 3))))
val z = ((raise C) handle C => 1) + ((raise C) handle C => 2)
val _ = say (Int.toString z)
fun t13 () = (raise B "x") handle B s => (s ^ "y" before say "in before")
val _ = say (t13 ())
fun count n = if n = 0 then raise C else 1 + count (n - 1) handle A _ => 0
val _ = say ((Int.toString (count 5)) handle C => "count C")
val _ = say (exnName (A 1) ^ " " ^ exnName C ^ " " ^ exnName Div ^ " " ^ exnName (Fail "x"))
val _ = (raise B "done") before say "never"
