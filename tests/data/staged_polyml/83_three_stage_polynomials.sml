(* Three and four stages of specialisation of polynomial evaluation: the
   coefficients are known at the first stage, a modulus at the second, the
   point at the third. Generators of type [int list -> [int -> [int -> int]]]
   and [[[int -> int]]], eval at every level, a counter of each stage's
   work, and the same generators used many times at the last stage. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val stageWork = Array.array (4, 0)
fun tick k = Array.update (stageWork, k, Array.sub (stageWork, k) + 1)
fun report label = (pr (label ^ ": " ^ String.concatWith "," (List.tabulate (4, fn k => pi (Array.sub (stageWork, k)))));
                    Array.modify (fn _ => 0) stageWork)

(* stage 1 knows the coefficients: Horner's rule unrolled into code that
   still waits for a modulus, which then generates code waiting for x *)
fun horner (cs : int list) : [int -> [int -> int]] =
    let fun body [] = code (fn (m : int) => code (fn (x : int) => 0))
          | body (c :: rest) =
              let cogen rest' = body rest cogen c' = lift c
              in code (fn m => let cogen tail = rest' m cogen cm = lift (c' mod m) cogen m' = lift m
                               in code (fn x => (cm + x * tail x) mod m') end) end
    in (tick 0; body cs) end

val p1 = horner [1, 2, 3]           (* 1 + 2x + 3x^2 *)
val _ = report "built"
val stage2 = eval p1
val mod97 = eval (stage2 97)
val mod5 = eval (stage2 5)
val _ = pr (String.concatWith " " (map (fn x => pi (mod97 x) ^ "/" ^ pi (mod5 x)) [0, 1, 2, 3, 10, 100]))

(* a ladder of moduli: many third-stage functions from one second stage *)
val moduli = [2, 3, 7, 11, 13, 1000003]
val fs = map (fn m => eval (stage2 m)) moduli
val _ = pr (String.concatWith " " (map (fn f => pi (f 12345)) fs))

(* four levels: code (code (code ...)) where each level lifts its input *)
val g : [int -> [int -> [int -> [int]]]] =
    code (fn a => (tick 0; let cogen a' = lift a
                  in code (fn b => (tick 1; let cogen b' = lift b cogen ab = lift (a' * b)
                                   in code (fn c => (tick 2; let cogen c' = lift c cogen abc = lift (ab + c)
                                                    in code (tick 3; a' * 1000 + b' * 100 + c' * 10 + abc) end)) end)) end))
val l1 = eval g
val l2 = l1 3
val l3 = eval l2 4
val l4 = eval l3 5
val _ = report "after one chain"
val _ = pr (pi (eval l4) ^ " " ^ pi (eval l4) ^ " " ^ pi (eval (eval (eval (eval g 1) 1) 1)))
val _ = report "after evals"

(* generators of generators in a list, each level doing generation-time work *)
fun tower (n : int) : [[int]] =
    let cogen n' = lift n
    in code (let cogen sq = lift (n' * n') cogen inner = (tick 1; code (tick 3; 7))
             in code (sq + inner) end) end
val towers = List.tabulate (6, tower)
val _ = report "towers built"
val mids = map eval towers
val _ = report "towers level 1"
val _ = pr (String.concatWith " " (map (fn m => pi (eval m)) mids))
val _ = report "towers level 2"

(* the polynomial with many coefficients, evaluated 10^4 times at the last stage *)
val big = eval (eval (horner (List.tabulate (30, fn i => i * i - 7))) 1000000007)
val acc = ref 0
val _ = List.app (fn x => acc := (!acc + big x) mod 1000000007) (List.tabulate (10000, fn i => i))
val _ = pr ("sum " ^ pi (!acc))
val _ = report "big"

(* a staged power whose exponent is known at stage 2 and whose base is
   multiplied by a factor known at stage 3 *)
val powerOf : [int -> [int -> [int -> int]]] =
    code (fn n => let fun gen 0 = code (fn (k : int) => code (fn (x : int) => 1))
                        | gen i = let cogen r = gen (i - 1)
                                  in code (fn k => let cogen rk = r k cogen k' = lift k in code (fn x => k' * x * rk x) end) end
                  in gen n end)
val pw = eval powerOf
val cube = eval (pw 3)
val _ = pr (String.concatWith " " (map (fn k => pi (eval (cube k) 2)) [1, 2, 3]) ^ " " ^ pi (eval (eval (pw 0) 9) 9))
