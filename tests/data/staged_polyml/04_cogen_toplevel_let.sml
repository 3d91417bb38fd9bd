(* cogen at top level and in let: order of evaluation of the generator
   expressions, shadowing of code variables, code variables used several
   times, cogen of a generator built from other code variables *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val trace : string list ref = ref []
fun note s = trace := s :: !trace
fun flush label = (pr (label ^ ": " ^ String.concat (map (fn s => s ^ " ") (rev (!trace)))); trace := [])
cogen top = (note "top generated"; code (note "top ran"; 21))
val _ = flush "after top-level cogen"
val doubled = top + top
val _ = flush ("top + top = " ^ pi doubled)
cogen greeting = lift "hello"
val _ = pr (greeting ^ " " ^ pi (size greeting))
cogen top = lift 5
val _ = pr ("shadowed top = " ^ pi top)
val useTop = code (top * top)
val _ = pr (pi (eval useTop))
fun twoLevels x =
  let cogen a = (note "gen a"; lift x)
      cogen b = (note "gen b"; code (a + 1))
      val middle = (note "middle value"; 3)
      cogen c = (note "gen c"; lift (middle * x))
  in note "body"; code (note "run"; a * 100 + b * 10 + c) end
val g = twoLevels 2
val _ = flush "built twoLevels"
val _ = pr (pi (eval g))
val _ = flush "ran twoLevels"
val _ = pr (pi (eval g))
val _ = flush "ran twoLevels again"
fun shadow x = let cogen u = lift x cogen u = code (u + u) cogen u = code (u * 10) in code u end
val _ = pr (pi (eval (shadow 4)))
val viaVal = let val u = 1000 cogen v = lift u in code (let val u = 1 in u + v end) end
val _ = pr (pi (eval viaVal))
cogen f = code (fn n => n * 3)
cogen h = code (fn n => f (f n))
val _ = pr (pi (h 2) ^ " " ^ pi (eval (code (h 1))))
val gs = let cogen x = lift 1 cogen y = lift 2 in (code (x + y), code (x * y), code (x - y)) end
val _ = pr (case gs of (p, q, r) => pi (eval p) ^ " " ^ pi (eval q) ^ " " ^ pi (eval r))
fun seqCogen n = if n = 0 then code 0 else let cogen rest = seqCogen (n - 1) cogen k = lift n in code (k + rest) end
val _ = pr (pi (eval (seqCogen 100)))
val failing = (let cogen z = (note "before raise"; raise Fail "in generator") in code (z + 1) end) handle Fail m => (note m; code 0)
val _ = flush ("failing cogen gives " ^ pi (eval failing))
