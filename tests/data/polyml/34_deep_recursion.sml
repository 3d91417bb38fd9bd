(* Non-tail recursion 10^5 and 10^6 deep: plain, through handlers, through
   closures and through mutual recursion; tail recursion 10^7 *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun depth 0 = 0 | depth n = 1 + depth (n - 1)
val _ = p (i (depth 100000) ^ " " ^ i (depth 1000000))
fun sumTo 0 = 0 | sumTo n = n + sumTo (n - 1)
val _ = p (i (sumTo 1000000))
exception Bottom of int
fun dive 0 = raise Bottom 0 | dive n = 1 + dive (n - 1)
val _ = p (i (dive 1000000) handle Bottom k => "bottom " ^ i k)
fun guarded 0 = raise Bottom 7 | guarded n = (1 + guarded (n - 1)) handle Div => 0
val _ = p (i (guarded 100000) handle Bottom k => "through 100000 handlers " ^ i k)
fun rethrow 0 = raise Bottom 0 | rethrow n = (1 + rethrow (n - 1)) handle Bottom k => raise Bottom (k + 1)
val _ = p (i (rethrow 100000) handle Bottom k => "rethrown " ^ i k)
fun isEven 0 = true | isEven n = not (isOdd (n - 1))
and isOdd 0 = false | isOdd n = not (isEven (n - 1))
val _ = p ((if isEven 1000000 then "even" else "odd") ^ " " ^ (if isOdd 999999 then "odd" else "even"))
fun build 0 = (fn x => x) | build n = let val f = build (n - 1) in fn x => f x + 1 end
val _ = p (i (build 100000 0))
fun countdown 0 = 0 | countdown n = countdown (n - 1)
val _ = p (i (countdown 10000000))
fun loop (0, acc) = acc | loop (n, acc) = loop (n - 1, acc + n mod 7)
val _ = p (i (loop (5000000, 0)))
fun ack (0, n) = n + 1 | ack (m, 0) = ack (m - 1, 1) | ack (m, n) = ack (m - 1, ack (m, n - 1))
val _ = p (i (ack (2, 2000)))
fun strDepth 0 = "" | strDepth n = (if n mod 100000 = 0 then "|" else "") ^ strDepth (n - 1)
val _ = p (strDepth 1000000)
val r = ref 0
fun effects 0 = () | effects n = (effects (n - 1); r := !r + n)
val _ = effects 1000000
val _ = p (i (!r))
fun nest 0 = [] | nest n = [n] :: nest (n - 1)
val _ = p (i (length (nest 1000000)))
