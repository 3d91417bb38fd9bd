(* Every kind of variable as an argument of inlined curried chains: lifted code variables bound at each stage and at top level, code variables whose code logs (spliced once per use), constructors, exception constructors, basis and prelude functions, op +, names rebound by cogen and val in between; then the scoping the erasure must respect: code variables shadowed by fn, case, handle, fun, val rec and layered patterns inside code, by functions of their own name, constructors named v and w next to lifts, and a program type named unit *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
datatype d = A of int | B
exception X of int
cogen kt = lift 40
cogen u3 = code (fn a => fn b => fn c => a * 100 + b * 10 + c)
cogen ap = code (fn f => fn a => fn b => f (a, b))
cogen ap1 = code (fn f => fn a => f a)
cogen dd = code (fn g => fn n => case g n of A m => m | B => ~1)
cogen ex = code (fn g => fn n => (raise g n) handle X m => m * 2)
cogen sk = code (t "sk" 3)
val q = code (fn x =>
  let cogen k = lift (t "k" (x + 1))
      cogen r = code (t "r" 5)
      val y = x * 2
  in [u3 x k y, u3 y x k, u3 k kt x, u3 x r r, u3 r x r, u3 x sk k, u3 sk sk sk,
      ap op+ x k, ap op- k x, ap (fn (a, b) => a div b) x kt, ap Int.max r sk,
      dd A x, dd A k, dd (fn n => if n > 3 then B else A n) k, ex X x, ex X k,
      ap1 (size o Int.toString) x, ap1 List.length [x, k], ap1 hd (rev [k, x]), ap1 ~ k, ap1 abs r,
      let cogen x = lift 7 in u3 x y x end, let val k = 9 in u3 k k x end, let cogen u3 = code (fn a => fn b => fn c => a - b - c) in u3 x k r end]
  end)
val _ = say (sl (eval q 3))
val _ = flush ()
cogen x = lift 1
cogen f = code (fn a => a * 10)
exception Ex of int
val q = code (fn y =>
  [ (fn x => x + 2) 5, case 7 of x => x + x, (raise Ex 3) handle Ex x => x + x, x,
    let fun f x = x + 100 in f 1 end, f x, let val rec f = fn 0 => 0 | n => n + f (n - 1) in f 4 end,
    let fun g f = f 2 in g (fn z => z * 3) end, (fn (x as (f, _)) => f + #2 x) (3, 4),
    let val (x, f) = (5, fn z => z + 1) in f x end, f (let val f = 2 in f end), x + f x,
    let cogen f = code (fn (x, y) => x - y) in f (x, y) end, f y ])
val _ = say (sl (eval q 9))
fun h x = let cogen x = lift (x * 2) in code (x + (fn x => x) 1) end
val _ = say (si (eval (h 5)))
local cogen x = lift 50 in fun gx () = code (x + 1) end
val _ = say (si (eval (gx ())))
datatype t = v of int | w
cogen z = lift (v 3)
cogen zz = lift w
val _ = say (si (eval (code (case z of v n => n | w => 0)) + eval (code (case zz of v n => n | w => 77))))
type unit = int
cogen q2 = code (fn (n : unit) => n + 1)
val _ = say (si (eval (code (q2 4))))
