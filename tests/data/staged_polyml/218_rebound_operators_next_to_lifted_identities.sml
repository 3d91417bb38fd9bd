(* Built-in operators rebound, as code variables (cogen op +) and as values inside and outside code, next to lifted 0, 1 and "": x + 0 must not fold to x once + is not addition; the basis operators again after the rebinding ends *)
fun say s = print (s ^ "\n")
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
cogen zero = lift 0
cogen one = lift 1
cogen empty = lift ""
val before1 = code (fn x => (x + zero, x * one, x div one, x - zero))
val p0 = code (fn x =>
  let cogen op + = code (fn (a : int, b) => a * b)
      cogen op * = lift (fn (a : int, b : int) => t "times" (a - b))
      cogen op ^ = code (fn (a : string, b) => b ^ "|" ^ a)
      cogen x = lift x
  in code (fn y => [y + zero, zero + y, y * one, one * y, y + x, size (Int.toString y ^ empty), size (empty ^ "ab")]) end)
val _ = case eval before1 9 of (a, b, c, d) => say (sl [a, b, c, d])
val _ = say (sl (eval (eval p0 3) 7))
val _ = flush ()
val p1 = code (fn x =>
  let val op + = fn (a, b) => t "plus" (a * 10 + b)
      val op div = fn (a, b) => a - b
      fun a - b = a * b
  in [x + zero, zero + x, x div one, x - zero, zero - x] end)
val _ = say (sl (eval p1 4))
val _ = flush ()
(* top level: rebound after code that uses the basis + was generated, then restored *)
val old = code (fn x => x + zero)
cogen op + = code (fn (a : int, b : int) => a - b - 100)
val new = code (fn x => x + zero)
val op + = Int.+
val newest = code (fn x => x + zero + one)
val _ = say (sl [eval old 5, eval new 5, eval newest 5])
infix 6 ++
cogen op ++ = code (fn (a : int, b : int) => a + b)
val viaop = code (fn x => (x ++ zero, zero ++ x, op ++ (x, one)))
val _ = case eval viaop 8 of (a, b, c) => say (sl [a, b, c])
