(* Lifted constants at the edges: ints at both ends of the 63-bit range, words with the top bit, strings and chars with high and NUL bytes, trees, word lists, exception packets, refs, functions and nested options; identity folding on lifted 0, 1, 0w0, 0w1 and "" next to arithmetic that overflows or divides by zero, at stage 1 and on values lifted at stage 1 into stage 2, an inlined chain returning lifted values, and lifts reaching cogen through a function, a tuple or an if, applied curried and to pairs *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
cogen k0 = lift 0
cogen k1 = lift 1
cogen kmax = lift 4611686018427387903
cogen kmin = lift ~4611686018427387904
cogen ks = lift ""
cogen kh = lift "\255\128\000a"
cogen kw = lift 0wx7FFFFFFFFFFFFFFF
cogen kw0 = lift 0w0
cogen kw1 = lift 0w1
cogen kc = lift #"\255"
val p = code (fn x => [x + k0, k0 + x, x - k0, k0 - x, x * k1, k1 * x, x div k1, k1 div x,
   (kmax + k0), (k0 + kmin), kmin * k1, kmin div k1, (kmax + x) handle Overflow => ~3, (kmin - k1) handle Overflow => ~4,
   size (ks ^ kh), size (kh ^ ks), ord (String.sub (kh ^ ks, 0)), ord kc,
   Word.toIntX ((kw * kw1 + kw0) div kw1 - kw0), Word.toInt (kw0 + kw1 * Word.fromInt x),
   (x div k0) handle Div => ~5, (x mod k1)])
val _ = say (sl (eval p 7))
val p2 = code (fn x => let cogen lx = lift x in code (lx + k0, kmax * lx, lx div k1, k0 - lx) end)
val (a, b, c, d) = eval (eval p2 1)
val _ = say (sl [a, b, c, d])
val (a, b, c, d) = (eval (eval p2 2)) handle Overflow => (0, 0, 0, 0)
val _ = say (sl [a, b, c, d])
val p3 = code (fn s => let cogen ls = lift s in code (ls ^ ks, ks ^ ls ^ ks, size ls) end)
val (s1, s2, n) = eval (eval p3 "\200\n\t")
val _ = say (String.toString s1 ^ String.toString s2 ^ si n)
datatype 'a tr = L | N of 'a tr * 'a * 'a tr
exception P of string * int
fun sum L = 0 | sum (N (a, v, b)) = sum a + v + sum b
cogen lt = lift (N (N (L, 4611686018427387903, L), ~4611686018427387904, N (L, 1, L)))
cogen ll = lift [0w0, 0wx7FFFFFFFFFFFFFFF, 0w1]
cogen lp = lift (P ("\255\254\n", ~4611686018427387904))
cogen lr = lift (ref "\128")
cogen lf = lift (fn (a, b) => a ^ b)
cogen lc = lift (#"\000", #"\255")
cogen lo = lift (SOME (SOME ""))
cogen ls = lift ""
cogen z0 = lift 0
cogen u = code (fn s => fn n => fn w => (lf (s, ls), n + z0, w))
val q = code (fn x =>
  let val (s, n, w) = u (ls ^ #1 (valOf (case lr of ref s => SOME (s, 1) | _ => NONE))) (sum lt + x) (hd (tl ll) div hd (tl (tl ll)))
      val e = (raise lp) handle P (m, k) => u m (k + z0) (hd ll + 0w1)
  in (lr := !lr ^ ls ^ "\000"; [size s, ord (String.sub (s, 0)), n, Word.toIntX w, size (#1 e), #2 e, Word.toInt (#3 e), ord (#1 lc), ord (#2 lc),
      case lo of SOME (SOME "") => 1 | _ => 0, size (!lr)]) end)
val _ = say (sl (eval q 1))
val _ = say (sl (eval q 2))
val _ = say (String.toString (! (let val r = ref "" in r end)))
(* lifted values reaching cogen through a function, a tuple or an if: generators the caller cannot fold, applied as chains *)
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun id g = g
cogen l1 = id (lift (fn a => fn b => t "l1" (a * 10 + b)))
cogen l2 = #1 (lift (fn (a, b) => a - b), 0)
cogen l0 = id (lift 0)
cogen l3 = if true then lift (fn a => a + 1) else code (fn a => a)
val q = code (fn x =>
  let cogen lx = id (lift (x * 2))
      cogen lf = id (lift (fn a => fn b => a + b + x))
      val p = (x, 1)
  in [l1 (t "a" x) (t "b" 2), l2 (x, t "c" 3), l2 p, x + l0, l0 * x, l3 x, lf x lx, lf (lf 1 2) (l1 1 1),
      eval (code (lf lx lx + l1 lx l0 + l2 (lx, l0) + l3 (l3 lx))), let val g = l1 x in g 1 + g 2 end] end)
val _ = say (sl (eval q 4))
val _ = flush ()
