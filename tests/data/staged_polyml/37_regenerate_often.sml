(* Generating code over and over: thousands of generators built, run and
   dropped in loops (the generated code must be reclaimed), generated code
   that itself generates code on every call, and generators whose lifted
   values are big lists and strings *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun lin (a, b) = let cogen ca = lift a cogen cb = lift b in code (fn x => ca * x + cb) end
(* 4000 generators, each evaluated once *)
fun loop (0, acc) = acc
  | loop (n, acc) = loop (n - 1, (acc + eval (lin (n mod 17, n mod 5)) n) mod 1000000007)
val _ = pr (pi (loop (4000, 0)))
(* a generated function that generates and runs code at every call *)
val meta = code (fn n => let cogen k = lift n cogen sq = code (fn x => x * x) in eval (code (sq k + k)) end)
val m = eval meta
fun sumMeta (0, acc) = acc | sumMeta (n, acc) = sumMeta (n - 1, acc + m n)
val _ = pr (pi (sumMeta (1000, 0)))
(* a big lifted list and a big lifted string, used by code run many times *)
val bigList = List.tabulate (5000, fn i => i mod 101)
val bigString = implode (List.tabulate (5000, fn i => chr (ord #"a" + i mod 26)))
val count = let cogen l = lift bigList cogen s = lift bigString
            in code (fn (k, c) => (length (List.filter (fn x => x = k) l), length (List.filter (fn x => x = c) (explode s)))) end
val counter = eval count
val _ = pr (String.concatWith " " (map (fn (k, c) => case counter (k, c) of (a, b) => pi a ^ "/" ^ pi b) [(0, #"a"), (100, #"z"), (200, #"!")]))
(* a generator rebuilt from a growing list, 300 times, each time longer *)
fun sumGen [] = code 0
  | sumGen (x :: r) = let cogen v = lift x cogen rest = sumGen r in code (v + rest) end
fun grow (0, _, acc) = acc
  | grow (n, xs, acc) = grow (n - 1, n :: xs, acc + eval (sumGen xs))
val _ = pr (pi (grow (120, [], 0)))
(* closures returned by generated code outlive the generator that made them *)
val makers = List.tabulate (2000, fn i => eval (let cogen k = lift i in code (fn x => x + k) end))
val _ = pr (pi (foldl (fn (f, acc) => f acc) 0 makers))
(* nested generation in a loop: code that builds code that builds code *)
fun tri n = let cogen nn = lift n in eval (eval (eval (code (let cogen a = lift nn in code (let cogen b = lift (a * 2) in code (a + b) end) end)))) end
fun triLoop (0, acc) = acc | triLoop (n, acc) = triLoop (n - 1, acc + tri n)
val _ = pr (pi (triLoop (1000, 0)))
