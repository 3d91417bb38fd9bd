(* Generated code of about 10^5 instructions: a tariff table of 4,000
   bands, each with its own rate, fixed fee and surcharge rule, compiled
   to a balanced tree of comparisons whose leaves compute the price with
   the band's constants, then run on 2,000 queries and compared with the
   table interpreted by binary search over an array. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype surcharge = NoSurcharge | Percent of int | Flat of int | Cap of int
type band = int * int * int * surcharge   (* upper bound (exclusive), rate, fee, surcharge *)

val nBands = 4000
val bands : band array =
  Array.tabulate (nBands, fn i =>
    (10 * (i + 1) + i mod 7, 1 + (i * 37) mod 23, (i * i) mod 50,
     case i mod 4 of 0 => NoSurcharge | 1 => Percent (i mod 13) | 2 => Flat (i mod 31) | _ => Cap (500 + i)))

fun priceOf ((_, rate, fee, sur) : band, x : int) =
  let val base = rate * x + fee
  in case sur of NoSurcharge => base | Percent p => base + base * p div 100 | Flat f => base + f | Cap c => Int.min (base, c) end

(* interpreted: binary search for the first band whose bound exceeds x *)
fun priceU x =
  let fun search (lo, hi) =
        if lo >= hi then lo
        else let val mid = (lo + hi) div 2
             in if x < #1 (Array.sub (bands, mid)) then search (lo, mid) else search (mid + 1, hi) end
      val i = search (0, nBands)
  in if i = nBands then ~1 else priceOf (Array.sub (bands, i), x) end

(* staged: the search tree unrolled; each leaf has its band's constants *)
fun genLeaf i : [int -> int] =
  if i = nBands then code (fn x => ~1)
  else let val (_, rate, fee, sur) = Array.sub (bands, i)
           cogen r = lift rate cogen f = lift fee
       in case sur of
            NoSurcharge => code (fn x => r * x + f)
          | Percent p => let cogen p' = lift p in code (fn x => let val b = r * x + f in b + b * p' div 100 end) end
          | Flat k => let cogen k' = lift k in code (fn x => r * x + f + k') end
          | Cap c => let cogen c' = lift c in code (fn x => Int.min (r * x + f, c')) end
       end
fun genTree (lo, hi) : [int -> int] =
  if lo >= hi then genLeaf lo
  else let val mid = (lo + hi) div 2
           cogen left = genTree (lo, mid) cogen right = genTree (mid + 1, hi)
           cogen bound = lift (#1 (Array.sub (bands, mid)))
       in code (fn x => if x < bound then left x else right x) end

val price = eval (genTree (0, nBands))
val queries = List.tabulate (2000, fn k => (k * 7919) mod 41000 - 50)
val ps = map price queries
val us = map priceU queries
val _ = pr ("agree on 2000 queries: " ^ Bool.toString (ps = us))
val _ = pr ("first prices: " ^ String.concatWith " " (map pi (List.take (ps, 12))))
val _ = pr ("total: " ^ pi (foldl op+ 0 ps) ^ ", out of range: " ^ pi (length (List.filter (fn p => p = ~1) ps)))
(* the boundaries, where off-by-one errors would show *)
val edges = List.concat (List.tabulate (40, fn k => let val b = #1 (Array.sub (bands, k * 100)) in [b - 1, b, b + 1] end))
val _ = pr ("edges agree: " ^ Bool.toString (map price edges = map priceU edges))
