(* Session 17's soundness campaign: exceptions raised by spliced code and
   handled around it, exceptions declared in generated code are new at each
   run (a handler of one run does not catch another run's), replicated
   exceptions under code, a lifted local exception, code variables used
   three and five levels down, exceptions carrying generators. *)
exception E of int
cogen r = code (raise E 1)
cogen f = code (fn x => x * 2)
cogen g = code (fn x => if x > 3 then raise E x else x)
cogen h = code (fn x => fn y => (g x) + (g y))
val c = code (fn n =>
  ((r; 1) handle E k => k + 10) +
  ((f (raise E 2)) handle E k => k * 100) +
  ((h n (n + 1)) handle E k => k * 1000) +
  (let val p = h 1 in (p n handle E k => ~k) end))
val _ = print (Int.toString (eval c 3) ^ " " ^ Int.toString (eval c 5) ^ "\n")
val d = code (fn n => let cogen k = lift n in code (fn m => (h k m) handle E z => z + k) end)
val _ = print (Int.toString (eval (eval d 2) 9) ^ " " ^ Int.toString (eval (eval d 9) 1) ^ "\n")
val g = code (let exception E in (fn () => raise E, fn f => (f (); 0) handle E => 1) end)
val (r1, h1) = eval g
val (r2, h2) = eval g
val _ = print (Int.toString (h1 r1) ^ "\n")
val _ = print ((Int.toString (h1 r2)) handle _ => "not caught (right)\n")
val _ = print "\n"
cogen gg = g
val k = code (fn () => let val (ra, ha) = gg val (rb, hb) = gg in (ha rb) handle _ => 7 end)
val _ = print (Int.toString (eval k ()) ^ "\n")
val l = eval k
val _ = print (Int.toString (l () + l ()) ^ "\n")
fun mk () = code (let exception F of int in fn n => (raise F n) handle F m => m end)
val m = code (fn x => let cogen a = mk () in a x end)
val _ = print (Int.toString (eval m 4) ^ "\n")
exception G of int
val c = code (let exception E exception F = E exception H = G in ((raise F) handle E => 1) + ((raise H 5) handle G n => n) end)
val _ = print (Int.toString (eval c) ^ "\n")
val d = code (fn k => let exception E of int in let cogen e = lift E cogen kk = lift k in code ((raise e kk) handle G _ => 0) end end)
val _ = print (((Int.toString (eval (eval d 3))) handle _ => "escaped (right)") ^ "\n")
local exception L of string in val l = code ((raise L "x") handle L s => s ^ "!") end
val _ = print (eval l ^ "\n")
val c = code (fn a => let cogen a1 = lift a in code (fn b => let cogen b1 = lift (b * 10) in code (fn c => let cogen c1 = lift (c * 100) in code (a1 + b1 + c1) end) end) end)
val _ = print (Int.toString (eval (eval (eval (eval c 1) 2) 3)) ^ "\n")
cogen top = code (print "T")
val d = code (let cogen x = code (print "X") in code (let cogen y = code (top; x) in code (y; x; top) end) end)
val _ = eval (eval (eval d))
val _ = print "\n"
fun tower 0 = code 0
  | tower n = let cogen t = tower (n - 1) cogen k = lift n in code (k + t) end
val _ = print (Int.toString (eval (tower 10)) ^ "\n")
val deep = code (code (code (code (let cogen z = code 77 in code (code z) end))))
val _ = print (Int.toString (eval (eval (eval (eval (eval (eval deep)))))) ^ "\n")
exception C of [int]
exception E of int
val a = (raise C (code 5)) handle C g => eval g
val b = eval (code (raise E 7)) handle E n => n + 100
val g = code (fn n => if n = 0 then raise E 3 else n)
val d = (eval g 0) handle E n => n
val _ = print (Int.toString (a + b + d) ^ "\n")
fun g () = let exception E = Fail in code (raise E "x") end
val _ = (eval (g ())) handle Fail s => print ("caught " ^ s ^ "\n")
fun h () = let exception E = Fail in code (fn () => (raise E "y") handle E s => s) end
val _ = print (eval (h ()) () ^ "\n")
