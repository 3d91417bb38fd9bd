(* Core SML using mlbox's staging words code, lift and cogen as ordinary names: as arguments
   (h lift code), operands (x + lift), an infix operator (infix lift), curried parameters in a
   fun clause, constructor patterns after handle and of, an exception raised with raise code n,
   a type and a datatype; Poly/ML has no such words, so all of it is plain SML *)
fun show s = print (s ^ "\n")
val code = 3
val lift = 4
val cogen = 5
val _ = show (Int.toString (code + lift * cogen))
fun twice f x = f (f x)
val h = fn a => fn b => a * 10 + b
val _ = show (Int.toString (h lift code))
val _ = show (Int.toString (h code lift + h cogen code))
val _ = show (Int.toString (1 + code - lift))
fun apply code lift = h code lift
val _ = show (Int.toString (apply 7 8))
fun pick (code, lift) cogen = if cogen then code else lift
val _ = show (pick ("code", "lift") true ^ " " ^ pick ("code", "lift") false)
val xs = map (fn code => code * 2) [code, lift, cogen]
val _ = show (String.concatWith "," (map Int.toString xs))
val pairs = [(1, "one"), (2, "two")]
fun lookup code = case List.find (fn (k, _) => k = code) pairs of SOME (_, v) => v | NONE => "?"
val _ = show (lookup 2 ^ lookup 5)
val total = foldl (fn ((code, _), lift) => code + lift) 0 pairs
val _ = show (Int.toString total)
type code = string
datatype lift = Lift of code | Drop
fun describe (Lift s) = "lifted " ^ s
  | describe Drop = "dropped"
val _ = show (describe (Lift "x") ^ ", " ^ describe Drop)
exception code of int
exception lift of string
fun risky n = if n > 2 then raise code n else if n = 2 then raise lift "two" else n
fun try n = Int.toString (risky n) handle code k => "code " ^ Int.toString k | lift s => "lift " ^ s
val _ = show (String.concatWith "; " (map try [1, 2, 3]))
datatype staged = cogen of int | plain
fun unstage v = case v of cogen n => n | plain => 0
val _ = show (Int.toString (unstage (cogen 9) + unstage plain))
val r = (raise code 42) handle code n => n
val _ = show (Int.toString r)
infix 6 lift
fun a lift b = a * 100 + b
val _ = show (Int.toString (3 lift 4 lift 5))
val _ = show (Int.toString (op lift (1, 2)))
