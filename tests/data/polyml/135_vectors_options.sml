(* Vector and Option functions used together: lookup tables, histograms,
   safe indexing with options, mapPartial/filter pipelines *)
val primes = Vector.fromList [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
fun safeSub (v, i) = if i >= 0 andalso i < Vector.length v then SOME (Vector.sub (v, i)) else NONE
val _ = print (String.concatWith " " (map (fn i => case safeSub (primes, i) of SOME p => Int.toString p | NONE => "-") [0, 4, 9, 10, ~1]) ^ "\n")
val squares = Vector.tabulate (8, fn i => i * i)
val _ = print (Vector.foldr (fn (x, s) => Int.toString x ^ " " ^ s) "\n" squares)
val _ = print (Int.toString (Vector.foldl op+ 0 squares) ^ "\n")
val _ = Vector.appi (fn (i, x) => if i mod 3 = 0 then print (Int.toString i ^ ":" ^ Int.toString x ^ " ") else ()) squares
val _ = print "\n"
val doubled = Vector.map (fn x => 2 * x) primes
val _ = print (Int.toString (Vector.sub (doubled, 9)) ^ "\n")
val _ = print (case Vector.find (fn p => p > 10) primes of SOME p => Int.toString p | NONE => "none")
val _ = print (case Vector.findi (fn (i, p) => i > 2 andalso p mod 10 = 3) primes of SOME (i, p) => " at " ^ Int.toString i ^ ": " ^ Int.toString p ^ "\n" | NONE => "\n")
val _ = print (Bool.toString (Vector.exists (fn p => p mod 2 = 0) primes) ^ " " ^ Bool.toString (Vector.all (fn p => p > 1) primes) ^ "\n")
fun histogram (data, buckets) =
  let val counts = Array.array (buckets, 0)
  in app (fn x => let val b = Int.min (x div 10, buckets - 1) in Array.update (counts, b, Array.sub (counts, b) + 1) end) data;
     Array.vector counts end
val h = histogram ([3, 14, 15, 92, 65, 35, 89, 79, 32, 38, 46, 26, 43, 38, 32, 79, 50, 28, 84, 19, 71, 69, 39, 9], 10)
val _ = Vector.appi (fn (i, n) => print (StringCvt.padLeft #" " 2 (Int.toString (i * 10)) ^ "| " ^ implode (List.tabulate (n, fn _ => #"*")) ^ "\n")) h
val words = ["12", "x", "7", "", "30", "4a", "~5"]
val nums = List.mapPartial Int.fromString words
val _ = print (String.concatWith "," (map Int.toString nums) ^ "\n")
val _ = print (Int.toString (Option.getOpt (Option.map (fn x => x * 2) (Int.fromString "21"), 0)) ^ " "
               ^ Int.toString (getOpt (Option.map (fn x => x * 2) (Int.fromString "zz"), ~1)) ^ "\n")
val half = fn n => if n mod 2 = 0 then SOME (n div 2) else NONE
val _ = print (String.concatWith " " (map (fn n => case Option.mapPartial half (half n) of SOME q => Int.toString q | NONE => "odd") [8, 6, 5, 12]) ^ "\n")
val _ = print (Bool.toString (isSome (Option.filter (fn x => x > 3) 5)) ^ " " ^ Bool.toString (Option.isSome (Option.filter (fn x => x > 3) 2)) ^ "\n")
val _ = print (Int.toString (valOf (Option.join (SOME (SOME 9)))) ^ "\n")
val _ = Option.app (fn s => print ("app " ^ s ^ "\n")) (SOME "here")
val _ = Option.app (fn s => print ("app " ^ s ^ "\n")) NONE
val composed = Option.compose (fn x => x + 1, half)
val _ = print (String.concatWith " " (map (fn n => case composed n of SOME v => Int.toString v | NONE => "none") [4, 5]) ^ "\n")
val v2 = Vector.update (primes, 0, 1)
val _ = print (Int.toString (Vector.sub (primes, 0)) ^ " " ^ Int.toString (Vector.sub (v2, 0)) ^ "\n")
val cat = Vector.concat [Vector.fromList [1, 2], Vector.fromList [], Vector.fromList [3]]
val _ = print (Int.toString (Vector.length cat) ^ " " ^ Bool.toString (cat = Vector.fromList [1, 2, 3]) ^ "\n")
val _ = print (case Vector.collate Int.compare (primes, v2) of LESS => "LESS\n" | EQUAL => "EQUAL\n" | GREATER => "GREATER\n")
val _ = valOf (safeSub (primes, 10))
