(* Staged list functions: map, filter and fold specialised to a function
   and to a list length known early (unrolled), a staged "all" of
   predicates, and a memo table of specialised functions kept in an
   array indexed by the early argument. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showL xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

(* mapN n f: a map over lists of exactly n elements, unrolled *)
exception WrongLength
fun mapN 0 (f : [int -> int]) = code (fn [] => [] | _ => raise WrongLength)
  | mapN n f = let cogen fc = f
                   cogen rest = mapN (n - 1) f
               in code (fn (x :: xs) => fc x :: rest xs | [] => raise WrongLength) end
val sq = code (fn x => x * x)
val map3sq = eval (mapN 3 sq)
val _ = pr ("map3sq: " ^ showL (map3sq [2, 3, 4]) ^ " " ^ ((showL (map3sq [1, 2])) handle WrongLength => "WrongLength"))

(* filter specialised to a predicate built from early bounds *)
fun rangeFilter (lo, hi) =
    let cogen l = lift lo cogen h = lift hi
    in code (List.filter (fn x => l <= x andalso x <= h)) end
val teens = eval (rangeFilter (13, 19))
val _ = pr ("teens: " ^ showL (teens [1, 13, 20, 15, 19, 12, 100, 17]))

(* a fold whose operator and unit are early; the list is late *)
fun foldGen (f : [int * int -> int], z) =
    let cogen fc = f cogen zc = lift z
    in code (let fun go [] = zc | go (x :: xs) = fc (x, go xs) in go end) end
val sum = eval (foldGen (code (op +), 0))
val prod = eval (foldGen (code (op * ), 1))
val horner = eval (foldGen (code (fn (c, acc) => c + 10 * acc), 0))
val _ = pr ("sum, product, digits: " ^ pi (sum [1, 2, 3, 4]) ^ " " ^ pi (prod [1, 2, 3, 4]) ^ " " ^ pi (horner [3, 2, 1]))

(* all-of-predicates: unrolled conjunction with a count of tests run *)
val tests = ref 0
fun allGen [] = code (fn (_ : int) => true)
  | allGen (p :: ps) = let cogen pc = p cogen rest = allGen ps
                       in code (fn x => (tests := !tests + 1; pc x) andalso rest x) end
val valid = eval (allGen [code (fn x => x > 0), code (fn x => x mod 2 = 0), code (fn x => x < 1000)])
val _ = app (fn x => (tests := 0; pr (pi x ^ ": " ^ Bool.toString (valid x) ^ " after " ^ pi (!tests) ^ " tests")))
            [42, ~4, 7, 2000]

(* a memo table of specialised sum-of-powers functions, one per exponent *)
val generations = ref 0
fun powGen 0 = code (fn _ => 1)
  | powGen e = let cogen p = powGen (e - 1) in code (fn x => x * p x) end
fun sumPowGen e =
    (generations := !generations + 1;
     let cogen p = powGen e in code (foldl (fn (x, acc) => acc + p x) 0) end)
val memo : (int list -> int) option array = Array.array (10, NONE)
fun sumPow e =
    case Array.sub (memo, e) of
        SOME f => f
      | NONE => let val f = eval (sumPowGen e) in Array.update (memo, e, SOME f); f end
val xs = [1, 2, 3, 4, 5]
val answers = map (fn e => sumPow e xs) [2, 3, 2, 9, 3, 0, 2]
val _ = pr ("sums of powers: " ^ showL answers ^ " with " ^ pi (!generations) ^ " generations")
val _ = pr ("out of the table: " ^ ((pi (sumPow 10 xs)) handle Subscript => "Subscript"))

(* zipWith specialised to the combining function, used on long lists *)
fun zipWithGen (f : [int * int -> int]) =
    let cogen fc = f
    in code (let fun go (x :: xs, y :: ys) = fc (x, y) :: go (xs, ys) | go _ = [] in go end) end
val dots = eval (zipWithGen (code (fn (a, b) => a * b)))
val long = List.tabulate (1000, fn i => i mod 7)
val _ = pr ("zipWith on 1000 elements: sum " ^ pi (sum (dots (long, rev long))) ^ ", length " ^ pi (length (dots (long, tl long))))
