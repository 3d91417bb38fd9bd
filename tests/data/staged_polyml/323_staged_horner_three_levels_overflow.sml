(* Polynomials at three stages: the coefficients are known first, then the
   modulus, then x. A generator of generators: the first stage unrolls
   Horner's rule over the coefficients, producing a generator that, given
   the modulus, emits code reducing after each step. Without a modulus the
   same code overflows at the 63-bit edge, caught by a handler in the
   generated code that reports the coefficient reached. *)
exception TooBig of int

fun horner cs x = foldr (fn (c, acc) => c + x * acc) 0 cs

fun genPlain [] : [int -> int] = code (fn x => 0)
  | genPlain (c :: cs) =
      let cogen rest = genPlain cs cogen c' = lift c cogen k = lift (length cs)
      in code (fn x => c' + x * rest x handle Overflow => raise TooBig k) end

(* stage 1: coefficients; stage 2: modulus; stage 3: x *)
fun genMod (cs : int list) : [int -> [int -> int]] =
  let fun go [] = code (fn (m : int) => code (fn (x : int) => 0))
        | go (c :: rest) =
            let cogen g = go rest cogen c' = lift c
            in code (fn m =>
                 let cogen tail = g m
                     cogen m' = lift m
                     cogen cm = lift (c' mod m)
                 in code (fn x => (cm + (x mod m') * tail x) mod m') end)
            end
  in go cs end

val coeffs = [3, 0, ~2, 5, 1]
val plain = eval (genPlain coeffs)
val _ = print ("plain: " ^ String.concatWith " " (map (fn x => Int.toString (plain x) ^ "=" ^ Int.toString (horner coeffs x)) [0, 1, ~1, 7, 100]) ^ "\n")

val stage2 = eval (genMod coeffs)
val mods = [7, 1000003, 2]
val _ = app (fn m =>
  let val f = eval (stage2 m)
  in print ("mod " ^ Int.toString m ^ ": " ^ String.concatWith " " (map (fn x => Int.toString (f x) ^ (if f x = horner coeffs x mod m then "" else "!")) [0, 1, 2, 3, 10, 123]) ^ "\n") end) mods

(* big x: plain overflows, the modular one does not *)
val big = [1, 1, 1, 1, 1, 1, 1, 1]
val pb = eval (genPlain big)
val mb = eval (eval (genMod big) 1000000007)
val _ = app (fn x => print (Int.toString x ^ ": " ^ ((Int.toString (pb x)) handle TooBig k => "too big at degree " ^ Int.toString k)
                           ^ ", mod p " ^ Int.toString (mb x) ^ "\n")) [2, 100, 1000, 300000, ~300000]

(* generators built once, specialised to many moduli, each run many times *)
val total = List.foldl (fn (m, acc) => let val f = eval (stage2 m) in List.foldl (fn (x, a) => a + f x) acc (List.tabulate (200, fn x => x)) end)
                       0 (List.tabulate (20, fn i => i + 2))
val _ = print ("total " ^ Int.toString total ^ "\n")
val _ = eval (stage2 0)
val _ = print "generated mod 0\n"
val _ = eval (stage2 0) 5
