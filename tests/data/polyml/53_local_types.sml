(* Datatypes, exceptions and type abbreviations declared inside let and
   inside functions; shadowing of types and constructors; a local
   exception carrying a local datatype, handled inside *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val r1 = let datatype t = A | B of int
             fun f A = 0 | f (B n) = n
         in f (B 5) + f A end
val _ = p (i r1)
fun classify n =
  let datatype sign = Neg | Zero | Pos
      exception Found of sign
      fun sign k = if k < 0 then Neg else if k = 0 then Zero else Pos
      fun name Neg = "neg" | name Zero = "zero" | name Pos = "pos"
  in (raise Found (sign n)) handle Found s => name s end
val _ = p (String.concat (map (fn n => classify n ^ " ") [~3, 0, 8]))
val r2 = let type pair = int * int
             fun swap ((a, b) : pair) : pair = (b, a)
             val (x, y) = swap (1, 2)
         in x * 10 + y end
val _ = p (i r2)
datatype t = A | B
val outer = A
val r3 = let datatype t = A | C of string
             val inner = C "local"
         in case inner of C s => s | A => "A" end
val _ = p (r3 ^ " " ^ (case outer of A => "outer A" | B => "outer B"))
fun counterWithReset () =
  let datatype cmd = Inc | Reset | Get
      val c = ref 0
      fun run Inc = (c := !c + 1; !c) | run Reset = (c := 0; 0) | run Get = !c
  in (fn () => run Inc, fn () => run Reset, fn () => run Get) end
val (inc, reset, get) = counterWithReset ()
val _ = (inc (); inc (); inc ())
val before' = get ()
val _ = reset ()
val _ = p (i before' ^ " " ^ i (get ()) ^ " " ^ i (inc ()))
fun tree n =
  let datatype tr = L | N of tr * tr
      fun build 0 = L | build k = N (build (k - 1), build (k - 1))
      fun count L = 1 | count (N (a, b)) = count a + count b
  in count (build n) end
val _ = p (String.concat (map (fn n => i (tree n) ^ " ") [0, 1, 5, 10]))
val r4 = let exception E of int
             fun f 0 = raise E 0 | f n = f (n - 1) handle E k => raise E (k + 1)
         in f 20 handle E k => k end
val _ = p (i r4)
type 'a pair = 'a * 'a
val r5 = let type 'a pair = 'a list in length ([1, 2, 3] : int pair) end
val _ = p (i r5 ^ " " ^ (case ((1, 2) : int pair) of (a, b) => i (a + b)))
val r6 = let val x = 1 in let datatype u = X of int in case X (x + 1) of X n => n end end
val _ = p (i r6)
