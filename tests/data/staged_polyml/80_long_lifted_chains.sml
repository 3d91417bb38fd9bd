(* Long expressions written out by hand inside code, the way a staged
   program spells out a fixed formula: a sum of twenty lifted
   coefficients, a degree-12 polynomial in Horner form with lifted
   coefficients, an HTML template concatenating a lifted tag many times,
   and a code variable applied to itself fifteen levels deep. Each
   optimisation that keeps two alternatives must not translate the shared
   operand twice per level (that was exponential in the chain's length). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun sum20 k =
    let cogen a = lift k cogen b = lift (k + 1) cogen z = lift 0
    in code (fn x => x + a + b + a + b + z + a + b + a + b + z + a + b + a + b + z + a + b + a + b + z) end
val _ = pr (String.concatWith " " (map (fn k => pi (eval (sum20 k) 100)) [0, 1, 10]))

fun horner (c0, c1, c2, c3) =
    let cogen a = lift c0 cogen b = lift c1 cogen c = lift c2 cogen d = lift c3 cogen one = lift 1
    in code (fn x => ((((((((((((a * x + b) * x + c) * x + d) * x + a) * x + b) * x + c) * x + d) * x + a) * x + b) * x + c) * x + d) * one)) end
val h = eval (horner (1, 0, ~1, 2))
val _ = pr (String.concatWith " " (map (pi o h) [0, 1, 2, ~1]))
val h0 = eval (horner (0, 0, 0, 0))
val _ = pr (pi (h0 5))

fun element tag =
    let cogen t = lift tag cogen empty = lift ""
    in code (fn body => "<" ^ t ^ ">" ^ empty ^ body ^ "</" ^ t ^ ">" ^ empty ^ "<" ^ t ^ "/>" ^ empty ^ "<!-- " ^ t ^ " " ^ t ^ " " ^ t ^ " -->" ^ empty) end
val _ = pr (eval (element "p") "text")
val _ = pr (eval (element "") "")

fun nest15 (f : [int -> int]) =
    let cogen u = f in code (fn x => u (u (u (u (u (u (u (u (u (u (u (u (u (u (u (x)))))))))))))))) end
val _ = pr (pi (eval (nest15 (code (fn y => y + 1))) 0) ^ " " ^ pi (eval (nest15 (code (fn y => y * 2))) 1))
val _ = pr (pi (eval (nest15 (let cogen k = lift 3 in code (fn y => y + k) end)) 0))
