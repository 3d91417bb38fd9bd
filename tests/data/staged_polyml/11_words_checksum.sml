(* Word arithmetic in generated code: a checksum specialised to its
   parameters, masks and shifts lifted, shifts by amounts >= 63, Div from
   Word.div, comparisons with the unstaged version *)
fun pr s = print (s ^ "\n")
fun w x = Word.toString x
fun mix (seed, mult, shift) s =
  foldl (fn (c, h) => Word.xorb (Word.>> (h, shift), h * mult + Word.fromInt (ord c))) seed (explode s)
fun mixGen (seed, mult, shift) =
  let cogen sd = lift seed cogen m = lift mult cogen sh = lift shift
  in code (fn s => foldl (fn (c, h) => Word.xorb (Word.>> (h, sh), h * m + Word.fromInt (ord c))) sd (explode s)) end
val params = [(0w0, 0w31, 0w7), (0w5381, 0w33, 0w0), (0wxFFFF, 0wx100000001B3, 0w63), (0wx7FFFFFFFFFFFFFFF, 0w3, 0w64), (0w1, 0w0, 0w1)]
val inputs = ["", "a", "hello world", "\000\255\127"]
val _ = app (fn p => let val f = eval (mixGen p)
                     in pr (String.concat (map (fn s => w (mix p s) ^ (if f s = mix p s then "=" else "!") ^ " ") inputs)) end) params
fun maskGen bits =
  let cogen mask = lift (Word.<< (0w1, bits) - 0w1) cogen nb = lift bits
  in code (fn x => (Word.andb (x, mask), Word.~>> (x, nb), Word.<< (x, nb))) end
val _ = app (fn bits => let val f = eval (maskGen bits)
                            val (a, b, c) = f 0wx4000000000000ABC
                        in pr (w bits ^ ": " ^ w a ^ " " ^ w b ^ " " ^ w c) end) [0w0, 0w4, 0w32, 0w62, 0w63, 0w70]
fun divGen d = let cogen dd = lift d in code (fn x => (x div dd, x mod dd)) end
val _ = app (fn d => pr (w d ^ ": " ^ ((let val (q, r) = eval (divGen d) 0w1000 in w q ^ " " ^ w r end) handle Div => "Div"))) [0w1, 0w7, 0w0, 0w1001]
val toIntG = code (fn x => Word.toInt x)
val _ = pr (Int.toString (eval toIntG 0w42) ^ " " ^ ((Int.toString (eval toIntG 0wx4000000000000000)) handle Overflow => "Overflow"))
val fromIntG = code (fn (i : int) => (Word.fromInt i, Word.toIntX (Word.fromInt i)))
val _ = pr (case eval fromIntG ~1 of (a, b) => w a ^ " " ^ Int.toString b)
val cmpG = code (fn (a : word, b) => (a < b, a >= b, a = b))
val _ = pr (case eval cmpG (0w1, 0wx7FFFFFFFFFFFFFFF) of (x, y, z) => (if x then "lt" else "ge") ^ (if y then " ge" else " lt") ^ (if z then " eq" else " ne"))
val wordCase = code (fn 0w0 => "zero" | 0wxFF => "ff" | _ => "other")
val _ = pr (String.concat (map (fn x => eval wordCase x ^ " ") [0w0, 0w255, 0w3]))
