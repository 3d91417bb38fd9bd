(* Code variables used as infix operators: bound by cogen before their infix declaration and with `cogen op` after it, at top level and in let inside code, left and right associative, applied to pairs with effects (so in the split-pair form), passed with op, folded next to lifted constants, and at two stages *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
cogen ++ = code (fn (a, b) => a * 10 + b)
infix 6 ++
infixr 7 **
cogen op ** = code (fn (a, b) => a - b)
infix 4 <<
cogen op << = code (fn (p as (a, _), b) => #2 p + a * b)
cogen zero = lift 0
cogen one = lift 1
val p1 = code (fn x =>
  let val pr = (x, x + 1)
  in [1 ++ 2 ++ x, x ** 1 ** 2, op ++ (x, x), (op **) (5, x), op ++ pr, 1 ++ x ** 2,
      t "a" x ++ t "b" 3, (t "c" x ** t "d" 1) ++ (t "e" 2 ** t "f" 3),
      (x + zero) ++ (one * x), (x, 2) << 3, (t "g" x, t "h" 1) << t "i" 2,
      foldl (op ++) 0 [1, 2, 3], foldr (op **) 0 [5, 3, 1]] end)
val _ = say (sl (eval p1 4))
val _ = flush ()
(* bound inside code, with and without op, and used at the next stage *)
val p2 = code (fn x =>
  let cogen op ++ = lift (fn (a : int, b : int) => a + b + 1000)
      cogen ## = code (fn (a, b) => (t "hash" a) * b)
      infix 5 ##
      cogen lx = lift x
  in code (fn y => (y ++ lx, y ## lx, (y ## 2) ++ (lx ## 3), (op ##) (lx, lx))) end)
val _ = case eval (eval p2 5) 2 of (a, b, c, d) => say (sl [a, b, c, d])
val _ = flush ()
(* an infix generator function: a ++ b is generated code that combines two generators *)
infix 3 >>
fun (f : [int -> int]) >> (g : [int -> int]) = let cogen f = f cogen g = g in code (fn x => g (f x)) end
cogen pipeline = (code (fn v => v ++ 1)) >> (code (fn v => v ** 3)) >> (code (fn v => t "last" v * 2))
val _ = say (si (eval (code (pipeline 4 + pipeline (t "arg" 0)))))
val _ = flush ()
