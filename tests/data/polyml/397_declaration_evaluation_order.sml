(* The order in which declarations run: val ... and ..., local, nested
   lets, and a declaration that raises part way through a sequence. *)
fun say s = print (s ^ "\n")
val a = (say "a"; 1) and b = (say "b"; 2) and c = (say "c"; 3)
val _ = say (Int.toString (a + b + c))
(* `and` binds simultaneously: the right side sees the outer x *)
val x = 10
val x = 1 and y = x
val _ = say (Int.toString x ^ " " ^ Int.toString y)
local
  val hidden = (say "local part"; 5)
  fun twice n = n * 2
in
  val shown = (say "in part"; twice hidden)
end
val _ = say (Int.toString shown)
(* a failing binding inside a let: later bindings never run *)
val r = let
          val p = (say "p"; 1)
          val q = (say "q"; raise Fail "q failed")
          val z = (say "never"; 3)
        in p + q + z end
        handle Fail m => (say m; ~1)
val _ = say (Int.toString r)
(* a val with a pattern: the whole right side first, then the match *)
val (m, n) = ((say "left"; 4), (say "right"; 5))
val _ = say (Int.toString (m * n))
(* fun declarations run nothing until called *)
fun noisy () = say "noisy called"
val _ = say "after fun"
val _ = noisy ()
(* a nested let: inner declarations each run once, in order *)
val total =
  let val t1 = (say "t1"; 1)
  in let val t2 = (say "t2"; t1 + 1)
         val t3 = (say "t3"; t2 + 1)
     in let val t4 = (say "t4"; t3 + t2 + t1) in t4 end
     end
  end
val _ = say (Int.toString total)
(* exception declarations are generative at each evaluation *)
fun gen () = let exception G in G end
val g1 = gen () and g2 = gen ()
val _ = (raise g1) handle e => say (exnName e ^ " caught")
(* datatype declared in a let, used only inside *)
val d = let datatype color = Red | Green of int
            fun f Red = 0 | f (Green k) = k
        in f (Green 7) + f Red end
val _ = say (Int.toString d)
(* a top-level raise stops the program after what was printed *)
val _ = say "last line"
val (SOME k) = (say "binding"; NONE : int option)
val _ = say "not reached"
