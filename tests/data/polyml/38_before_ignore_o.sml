(* before, ignore and o: effects and their order, composition chains,
   before with exceptions *)
val log = ref ""
fun note s = log := !log ^ s
fun flush label = (print (label ^ ": " ^ !log ^ "\n"); log := "")
fun i n = Int.toString n
val a = (note "1"; 1) before note "2"
val _ = flush ("before " ^ i a)
val b = (note "a"; 10) before (note "b") before (note "c")
val _ = flush ("before chain " ^ i b)
val c = ((note "x"; 5) before (raise Fail "after")) handle Fail m => (note m; 0)
val _ = flush ("before raising " ^ i c)
val d = ((raise Fail "first"; 5) before note "never") handle Fail m => (note m; 1)
val _ = flush ("raise before " ^ i d)
val _ = ignore (note "ig"; 42)
val _ = ignore (map (fn x => note (i x)) [1, 2])
val _ = flush "ignore"
val e = (ignore (note "e1") ; ignore "string"; 3)
val _ = flush ("ignore seq " ^ i e)
fun inc x = (note "inc"; x + 1)
fun dbl x = (note "dbl"; x * 2)
fun neg x = (note "neg"; ~x)
val f = inc o dbl o neg
val _ = flush "composed (nothing yet)"
val r = f 5
val _ = flush ("inc o dbl o neg " ^ i r)
val r2 = (inc o inc o inc) 0
val _ = flush ("triple inc " ^ i r2)
val g = (fn s => s ^ "!") o Int.toString o (fn x => x * x)
val _ = print (g 12 ^ "\n")
val h = List.map (fn f => f 3) [inc, dbl o inc, inc o dbl]
val _ = flush (String.concat (map i h))
val compose = op o
val k = compose (size, fn n => Int.toString n) 123456
val _ = print (i k ^ "\n")
val idc = foldr (op o) (fn x => x) [inc, dbl, neg]
val _ = flush ("folded composition " ^ i (idc 4))
val x = ref 0
val y = !x before x := !x + 1 before x := !x * 10
val _ = print (i y ^ " " ^ i (!x) ^ "\n")
val z = (note "L"; fn v => v) o (note "R"; fn v => v)
val _ = flush ("o evaluates both sides " ^ i (z 1))
val u = () before ()
val _ = print (if u = () then "unit before unit\n" else "?\n")
val _ = print ((ignore (1 div 0); "no") handle Div => "ignore evaluates its argument\n")
