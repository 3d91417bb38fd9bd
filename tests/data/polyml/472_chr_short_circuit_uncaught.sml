(* Chr: chr and Char.chr outside 0..255, Char.succ past the last
   character and Char.pred before the first, each caught; a decoder
   turning lists of codes into strings that validates with andalso and
   orelse (short-circuit: the right operand runs only when needed). The
   program ends with Chr raised inside the right operand of an andalso,
   deep in a recursive decoder, with no handler. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun try name f = pr (name ^ ": " ^ (f () handle Chr => "Chr"))
val _ = try "chr 65" (fn () => str (chr 65))
val _ = try "chr 255" (fn () => pi (ord (chr 255)))
val _ = try "chr 256" (fn () => str (chr 256))
val _ = try "chr ~1" (fn () => str (chr (~1)))
val _ = try "Char.chr 0" (fn () => pi (ord (Char.chr 0)))
val _ = try "Char.succ #\"a\"" (fn () => str (Char.succ #"a"))
val _ = try "Char.succ (chr 255)" (fn () => str (Char.succ (chr 255)))
val _ = try "Char.pred (chr 0)" (fn () => str (Char.pred (chr 0)))
val _ = try "Char.maxOrd" (fn () => pi Char.maxOrd)

(* short-circuit evaluation order, traced *)
val trace = ref ""
fun t name b = (trace := !trace ^ name; b)
fun show b = Bool.toString b ^ " [" ^ !trace ^ "]" before trace := ""
val _ = pr ("andalso true/false: " ^ show (t "a" true andalso t "b" false))
val _ = pr ("andalso false skips: " ^ show (t "a" false andalso t "b" true))
val _ = pr ("orelse true skips: " ^ show (t "a" true orelse t "b" false))
val _ = pr ("orelse false/true: " ^ show (t "a" false orelse t "b" true))
val _ = pr ("mixed: " ^ show (t "a" false andalso t "b" true orelse t "c" true andalso t "d" true))
val _ = pr ("guarded chr: " ^ show (t "a" false andalso (chr 1000 = #"x")))
val _ = pr ("guarded chr orelse: " ^ show (t "a" true orelse (chr ~5 = #"x")))

(* a decoder: codes to text, with validation *)
fun valid c = c >= 32 andalso c < 127
fun decode [] = ""
  | decode (c :: cs) = (if valid c then str (chr c) else "?") ^ decode cs
val _ = pr ("decode: " ^ decode [72, 105, 33, 7, 300, 32, 77, 76])
fun decodeStrict cs = String.implode (map chr cs)
val _ = pr ("decodeStrict ok: " ^ decodeStrict [83, 77, 76])
val _ = pr ("decodeStrict bad: " ^ (decodeStrict [83, 77, 256] handle Chr => "Chr"))

(* shifting letters by an offset, wrapping or not *)
fun shiftWrap k c = chr ((ord c + k) mod 256)
fun shiftRaw k c = chr (ord c + k)
val _ = pr ("shiftWrap: " ^ String.map (shiftWrap 1) "HAL" ^ " " ^ pi (ord (shiftWrap 1 (chr 255))))
val _ = pr ("shiftRaw: " ^ String.map (shiftRaw 1) "HAL" ^ " " ^ (String.map (shiftRaw 200) "HAL" handle Chr => "Chr"))

(* counting characters that pass a test where the test may raise *)
fun countValid codes =
    foldl (fn (c, n) => (if Char.isAlpha (chr c) then n + 1 else n) handle Chr => n) 0 codes
val _ = pr ("countValid: " ^ pi (countValid [65, 66, 49, 999, 97, ~3, 122]))

(* a checksum that must also decode: the final, unhandled Chr *)
fun checkAll ([], acc) = acc
  | checkAll (c :: cs, acc) =
      if c mod 2 = 0 andalso Char.isPrint (chr (c div 2)) then checkAll (cs, acc + c)
      else checkAll (cs, acc)
val _ = pr ("checkAll small: " ^ pi (checkAll ([130, 131, 140, 2, 500], 0)))
val _ = pr ("checkAll: " ^ pi (checkAll (List.tabulate (200, fn i => i * 3), 0)))
val _ = pr "not reached"
