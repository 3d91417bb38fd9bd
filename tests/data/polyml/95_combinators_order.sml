(* before, o, ignore and sequencing in combinator-heavy code: a tiny
   parser-combinator library whose effects (a trace) show the order in
   which alternatives are tried; compositions of many functions built
   with foldr and foldl; before with exceptions on either side *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
val trace = ref []
fun note s = trace := s :: !trace
fun flush label = (p (label ^ ": " ^ String.concatWith " " (rev (!trace))); trace := [])
(* parsers: char list -> (value * rest) option *)
fun named name pa = fn input => (note name; pa input)
fun alt (pa, pb) = fn input => case pa input of NONE => pb input | some => some
fun seq (pa, pb) = fn input => case pa input of
                                 NONE => NONE
                               | SOME (a, r) => (case pb r of NONE => NONE | SOME (b, r') => SOME ((a, b), r'))
fun map' f pa = fn input => Option.map (fn (v, r) => (f v, r)) (pa input)
fun many pa = fn input => case pa input of
                            NONE => SOME ([], input)
                          | SOME (v, r) => (case many pa r of SOME (vs, r') => SOME (v :: vs, r') | NONE => SOME ([v], r))
fun lit c = named (str c) (fn (x :: r) => if x = c then SOME (c, r) else NONE | [] => NONE)
val digit = named "d" (fn (c :: r) => if Char.isDigit c then SOME (ord c - ord #"0", r) else NONE | [] => NONE)
val number = map' (fn (d, ds) => foldl (fn (x, acc) => acc * 10 + x) 0 (d :: ds)) (seq (digit, many digit))
(* expr := number ('+' number)* | '(' expr ')' *)
fun expr input = alt (map' (fn (n, rest) => foldl op + n (map (fn (_, m) => m) rest)) (seq (number, many (seq (lit #"+", number)))),
                      map' (fn ((_, e), _) => e) (seq (seq (lit #"(", expr), lit #")"))) input
fun parse s = case expr (explode s) of
                SOME (v, []) => i v
              | SOME (v, rest) => i v ^ " then [" ^ implode rest ^ "]"
              | NONE => "no parse"
val _ = app (fn s => (p (s ^ " => " ^ parse s); flush "tried")) ["12+3", "(4+5)", "7", "x", "1+", "((2))"]
(* composition chains *)
val fs = [fn x => x + 1, fn x => x * 2, fn x => x - 3, fn x => x * x]
val right = foldr (op o) (fn x => x) fs
val left = foldl (op o) (fn x => x) fs
val _ = p (i (right 5) ^ " " ^ i (left 5))
val traced = map (fn (name, f) => fn x => (note name; f x)) [("a", fn x => x + 1), ("b", fn x => x * 10), ("c", fn x => ~x)]
val _ = p (i (foldr (op o) (fn x => x) traced 1))
val _ = flush "o applies right to left"
(* before: the left value is kept, the right side runs after; exceptions on either side *)
val v1 = (note "left"; 1) before note "right"
val _ = flush ("before " ^ i v1)
val v2 = ((raise Fail "left") before note "right never") handle Fail m => (note ("caught " ^ m); 2)
val _ = flush ("before " ^ i v2)
val v3 = ((note "left ran"; 3) before (raise Fail "right")) handle Fail m => (note ("caught " ^ m); ~3)
val _ = flush ("before " ^ i v3)
val v4 = (1 before note "x") before note "y"
val _ = flush ("before chain " ^ i v4)
(* ignore evaluates its argument *)
val _ = ignore (note "ignored value"; 99)
val _ = ignore (map (fn x => note (i x)) [1, 2, 3])
val _ = flush "ignore"
(* o with ignore and before in a pipeline *)
val pipeline = ignore o (fn x => (note ("got " ^ i x); x)) o (fn x => x * 2 before note "doubled")
val _ = pipeline 21
val _ = flush "pipeline"
