(* Fibonacci: naive, memoised in an array of options, iterative with refs,
   and by fast doubling; plus a memoised binomial table and stair climbing *)
fun naive n = if n < 2 then n else naive (n - 1) + naive (n - 2)
fun memo n =
  let val table = Array.array (n + 1, NONE : int option)
      fun f k =
        case Array.sub (table, k) of
          SOME v => v
        | NONE => let val v = if k < 2 then k else f (k - 1) + f (k - 2)
                  in Array.update (table, k, SOME v); v end
  in f n end
fun iter n =
  let val a = ref 0 and b = ref 1 and i = ref 0
  in while !i < n do (let val t = !a + !b in a := !b; b := t end; i := !i + 1); !a end
fun doubling 0 = (0, 1)
  | doubling n =
      let val (a, b) = doubling (n div 2)
          val c = a * (2 * b - a)
          val d = a * a + b * b
      in if n mod 2 = 0 then (c, d) else (d, c + d) end
val _ = print (Int.toString (naive 20) ^ " " ^ Int.toString (memo 20) ^ " " ^ Int.toString (iter 20) ^ " " ^ Int.toString (let val (f, _) = doubling 20 in f end) ^ "\n")
val _ = print (Int.toString (memo 90) ^ "\n")
val _ = print (Int.toString (iter 90) ^ "\n")
val _ = List.app (fn n => print (Int.toString n ^ ":" ^ Int.toString (memo n) ^ " ")) [0, 1, 2, 10, 50]
val _ = print "\n"
fun binomial (n, k) =
  let val t = Array.tabulate (n + 1, fn _ => Array.array (k + 1, 0))
      fun get (i, j) = Array.sub (Array.sub (t, i), j)
      fun set (i, j, v) = Array.update (Array.sub (t, i), j, v)
  in
    Array.appi (fn (i, row) =>
      Array.appi (fn (j, _) =>
        set (i, j, if j = 0 orelse j = i then 1 else if j > i then 0 else get (i - 1, j - 1) + get (i - 1, j))) row) t;
    get (n, k)
  end
val _ = print (Int.toString (binomial (10, 5)) ^ " " ^ Int.toString (binomial (30, 15)) ^ " " ^ Int.toString (binomial (60, 30)) ^ "\n")
fun stairs n =
  let val ways = Array.array (n + 1, 0)
  in Array.update (ways, 0, 1);
     Array.modifyi (fn (i, _) => if i = 0 then 1 else
                       Array.sub (ways, i - 1) + (if i >= 2 then Array.sub (ways, i - 2) else 0)
                                    + (if i >= 3 then Array.sub (ways, i - 3) else 0)) ways;
     Array.sub (ways, n)
  end
val _ = print (String.concatWith " " (List.tabulate (12, fn i => Int.toString (stairs i))) ^ "\n")
val _ = print (Int.toString (iter 92) ^ "\n")
val _ = print (Int.toString (iter 93) ^ "\n")
