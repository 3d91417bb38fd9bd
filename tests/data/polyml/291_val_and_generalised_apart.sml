(* SML '97 closes each binding of a `val ... and ...` on its own: a
   polymorphic function declared with an explicit 'a beside an expansive
   binding (a ref, an application) stays polymorphic, while the expansive
   one gets a monotype fixed by its use. mlbox once refused the whole
   declaration (found while running MLton's regression programs). *)
fun show s = print (s ^ "\n")

val 'a same = fn (x : 'a) => x and total = ref 0
val _ = total := same 40 + same 2
val _ = show (same "total: " ^ Int.toString (!total))

val pairUp = fn (y : 'b) => (y, y) and log = ref []
fun note s = log := s :: !log
val (l, r) = pairUp "ab"
val _ = (note l; note r; note (same "c"))
val _ = show (String.concatWith "," (rev (!log)))

(* the expansive binding may itself mention a fresh type variable of its own *)
val 'a wrap = fn (x : 'a) => [x] and stack = ref []
val _ = stack := wrap 1 @ wrap 2 @ !stack
val _ = show (Int.toString (length (!stack)) ^ " " ^ Int.toString (hd (!stack)))
val _ = show (String.concat (wrap "one" @ wrap "two"))

(* inside a let, and with a function and a counter made by one application *)
fun counter start = let val c = ref start in fn () => (c := !c + 1; !c) end
val result =
  let
    val 'c swap = fn ((a : 'c), b) => (b, a) and tick = counter 10
    val (p, q) = swap (tick (), tick ())
    val (s, t) = swap (true, "x")
  in
    Int.toString p ^ " " ^ Int.toString q ^ " " ^ s ^ " " ^ Bool.toString t
  end
val _ = show result
