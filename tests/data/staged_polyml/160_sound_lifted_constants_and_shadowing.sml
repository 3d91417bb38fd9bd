(* Session 17's soundness campaign: lifted constants at the ends of the
   int range and the generation-time folding of identities (a + 0, 1 * b,
   a div 1, "" ^ s) next to overflow and division by zero; words; top-level
   code variables and values shadowed after code captured them; a local ref
   lifted into generated code is the same ref. *)
fun show f = (Int.toString (f ())) handle Overflow => "Ovf" | Div => "Div"
val mn = valOf Int.minInt
val mx = valOf Int.maxInt
cogen a = lift mn
cogen b = lift mx
cogen z = lift 0
cogen one = lift 1
cogen m1 = lift ~1
val gs = [code (fn () => a + z), code (fn () => b + one), code (fn () => z + b), code (fn () => a - one),
          code (fn () => b * one), code (fn () => one * a), code (fn () => a * m1), code (fn () => a div m1),
          code (fn () => a div one), code (fn () => b div z), code (fn () => ~ a), code (fn () => abs a),
          code (fn () => a mod m1), code (fn () => b - z), code (fn () => z - a), code (fn () => (a + z) + one)]
val _ = print (String.concatWith " " (map (fn g => show (eval g)) gs) ^ "\n")
cogen w = lift 0w0
cogen w1 = lift 0w1
cogen wm = lift (Word.fromInt ~1)
val ws = [code (fn () => wm + w1), code (fn () => w + wm), code (fn () => w - w1), code (fn () => wm * w1), code (fn () => wm div w1), code (fn () => w1 div w)]
val _ = print (String.concatWith " " (map (fn g => (Word.toString (eval g ())) handle Div => "Div") ws) ^ "\n")
cogen e = lift ""
val ss = code (fn s => e ^ s ^ e)
val _ = print (eval ss "abc" ^ "\n")
cogen u = code 1
val c = code (u + 1)
cogen u = code "s"
val _ = print (Int.toString (eval c) ^ u ^ "\n")
val u = 10
val d = code (u * 2)
cogen u = code (print "gen\n")
val _ = print (Int.toString (eval d) ^ "\n")
val _ = u
val x = 1
val c = code x
val x = "s"
val _ = print (Int.toString (eval c + 1) ^ x ^ "\n")
fun mk () = let val q = ref 1 in (let cogen q' = lift q in code (q' := !q' + 10) end, q) end
val (g, q) = mk ()
val _ = eval g
val _ = eval g
val _ = print (Int.toString (!q) ^ "\n")
