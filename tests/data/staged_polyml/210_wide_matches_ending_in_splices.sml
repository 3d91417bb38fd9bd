(* Matches of 24 to 40 arms inside code (int constants, a datatype of 30 constructors, strings) whose arms end in splices, lifts, inlined and curried applications of generators and handlers, generated with the environment kept beside the blocks; the same arms in a generator applied to arguments *)
fun say s = print (s ^ "\n")
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
datatype d = K0 | K1 | K2 | K3 | K4 | K5 | K6 | K7 | K8 | K9 | K10 | K11 | K12 | K13 | K14 | K15 | K16 | K17 | K18 | K19 | K20 | K21 | K22 | K23 | K24 | K25 | K26 | K27 | K28 | K29 | Other of int
cogen inc = code (fn v => v + 1)
cogen add = code (fn (a, b) => a + b)
cogen cur = code (fn a => fn b => a * 10 + b)
cogen one = lift (t "one" 1)
cogen zero = lift 0
cogen pr = code (t "pr" 42)
exception X of int
val p1 = code (fn (n, x) => case n of 0 => inc x | 1 => add (x, 1) | 2 => cur x 2 | 3 => one | 4 => pr | 5 => ((raise X 5) handle X m => inc m) | 6 => x + zero | 7 => cur (t "c" x) (inc x) | 8 => inc x | 9 => add (x, 9) | 10 => cur x 0 | 11 => one | 12 => pr | 13 => ((raise X 13) handle X m => inc m) | 14 => x + zero | 15 => cur (t "c" x) (inc x) | 16 => inc x | 17 => add (x, 17) | 18 => cur x 8 | 19 => one | 20 => pr | 21 => ((raise X 21) handle X m => inc m) | 22 => x + zero | 23 => cur (t "c" x) (inc x) | 24 => inc x | 25 => add (x, 25) | 26 => cur x 6 | 27 => one | 28 => pr | 29 => ((raise X 29) handle X m => inc m) | 30 => x + zero | 31 => cur (t "c" x) (inc x) | 32 => inc x | 33 => add (x, 33) | 34 => cur x 4 | 35 => one | 36 => pr | 37 => ((raise X 37) handle X m => inc m) | 38 => x + zero | 39 => cur (t "c" x) (inc x) | _ => zero)
val _ = say (sl (List.tabulate (42, fn n => eval p1 (n, n * 3))))
val _ = flush ()
cogen dsw = code (fn x => fn k => case k of K0 => inc x | K1 => add (x, one) | K2 => cur one x | K3 => pr | K4 => (x + zero) * one | K5 => inc x | K6 => add (x, one) | K7 => cur one x | K8 => pr | K9 => (x + zero) * one | K10 => inc x | K11 => add (x, one) | K12 => cur one x | K13 => pr | K14 => (x + zero) * one | K15 => inc x | K16 => add (x, one) | K17 => cur one x | K18 => pr | K19 => (x + zero) * one | K20 => inc x | K21 => add (x, one) | K22 => cur one x | K23 => pr | K24 => (x + zero) * one | K25 => inc x | K26 => add (x, one) | K27 => cur one x | K28 => pr | K29 => (x + zero) * one | Other m => cur m x)
val all = [K0, K1, K2, K3, K4, K5, K6, K7, K8, K9, K10, K11, K12, K13, K14, K15, K16, K17, K18, K19, K20, K21, K22, K23, K24, K25, K26, K27, K28, K29, Other 7]
val p2 = code (fn x => map (fn k => dsw (t "x" x) k) all)
val _ = say (sl (eval p2 4))
val _ = flush ()
val p3 = code (fn x => map (dsw x) all)
val _ = say (sl (eval p3 5))
val _ = flush ()
cogen ssw = code (fn s => fn x => case s of "a" => inc x | "b" => one | "c" => add (x, x) | "d" => cur x x | "e" => inc x | "f" => one | "g" => add (x, x) | "h" => cur x x | "i" => inc x | "j" => one | "k" => add (x, x) | "l" => cur x x | "m" => inc x | "n" => one | "o" => add (x, x) | "p" => cur x x | "q" => inc x | "r" => one | "s" => add (x, x) | "t" => cur x x | "u" => inc x | "v" => one | "w" => add (x, x) | "x" => cur x x | "y" => inc x | "z" => one | _ => zero)
val p4 = code (fn x => map (fn s => ssw s x) (List.tabulate (27, fn i => str (chr (97 + i)))))
val _ = say (sl (eval p4 2))
val _ = flush ()
fun table 0 = code (fn _ => ~1)
  | table n = let cogen rest = table (n - 1) cogen k = lift n in code (fn i => if i = k then cur k (inc i) else rest i) end
val _ = say (sl (List.tabulate (27, eval (table 25))))
