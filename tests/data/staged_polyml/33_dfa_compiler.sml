(* A DFA compiled to code: the transition table is static, so each state's
   transitions become a chain of character tests and the dispatch on the
   state a chain of integer tests; the run-time loop is a while over the
   subject. Checked against table-driven execution *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
(* states 0 .. n-1; transitions (state, low char, high char, next); missing = dead (~1) *)
datatype dfa = DFA of int * (int * char * char * int) list * int list
fun step (DFA (_, trans, _)) (st, c) =
  case List.find (fn (s, lo, hi, _) => s = st andalso c >= lo andalso c <= hi) trans of
    SOME (_, _, _, nx) => nx
  | NONE => ~1
fun accepts (d as DFA (_, _, finals)) s =
  let fun go (st, i) = if st < 0 then false
                       else if i = size s then List.exists (fn f => f = st) finals
                       else go (step d (st, String.sub (s, i)), i + 1)
  in go (0, 0) end
fun transGen [] = code (fn (_ : char) => ~1)
  | transGen ((_, lo, hi, nx) :: rest) =
      let cogen l = lift lo cogen h = lift hi cogen n = lift nx cogen more = transGen rest
      in if lo = hi then code (fn c => if c = l then n else more c)
         else code (fn c => if c >= l andalso c <= h then n else more c) end
fun dispatchGen (DFA (n, trans, _), st) =
  if st >= n then code (fn (_ : int, _ : char) => ~1)
  else let cogen here = transGen (List.filter (fn (s, _, _, _) => s = st) trans)
           cogen others = dispatchGen (DFA (n, trans, []), st + 1)
           cogen k = lift st
       in code (fn (s, c) => if s = k then here c else others (s, c)) end
fun finalGen [] = code (fn (_ : int) => false)
  | finalGen (f :: fs) = let cogen k = lift f cogen more = finalGen fs in code (fn s => s = k orelse more s) end
fun compile (d as DFA (_, _, finals)) =
  let cogen delta = dispatchGen (d, 0) cogen final = finalGen finals
  in code (fn s => let val st = ref 0 val i = ref 0
                   in while !st >= 0 andalso !i < size s do (st := delta (!st, String.sub (s, !i)); i := !i + 1);
                      !st >= 0 andalso final (!st) end) end
(* identifiers: letter (letter | digit | _)* *)
val ident = DFA (2, [(0, #"a", #"z", 1), (0, #"A", #"Z", 1), (1, #"a", #"z", 1), (1, #"A", #"Z", 1), (1, #"0", #"9", 1), (1, #"_", #"_", 1)], [1])
(* signed integers without leading zeros *)
val integer = DFA (4, [(0, #"~", #"~", 1), (0, #"0", #"0", 3), (0, #"1", #"9", 2), (1, #"1", #"9", 2), (2, #"0", #"9", 2)], [2, 3])
(* binary numbers divisible by three *)
val div3 = DFA (3, [(0, #"0", #"0", 0), (0, #"1", #"1", 1), (1, #"0", #"0", 2), (1, #"1", #"1", 0), (2, #"0", #"0", 1), (2, #"1", #"1", 2)], [0])
val tests = [("ident", ident, ["x", "x1", "_x", "Abc_9", "", "9a", "a-b"]),
             ("integer", integer, ["0", "~0", "12", "~12", "012", "~", "", "4611686018427387903"]),
             ("div3", div3, ["", "0", "11", "110", "111", "1001", "10010", "2"])]
fun b true = "1" | b false = "0"
val _ = app (fn (name, d, inputs) =>
          let val f = eval (compile d)
          in pr (name ^ ": " ^ String.concatWith " " (map (fn s => b (accepts d s) ^ b (f s)) inputs)) end) tests
(* every binary number below 2^10 through the compiled div3 *)
val f = eval (compile div3)
fun toBin 0 = "0" | toBin 1 = "1" | toBin n = toBin (n div 2) ^ (if n mod 2 = 0 then "0" else "1")
val agree = List.all (fn n => f (toBin n) = (n mod 3 = 0)) (List.tabulate (1024, fn i => i))
val _ = pr (if agree then "div3 agrees up to 1023" else "div3 DISAGREES")
val _ = pr (pi (length (List.filter (fn n => f (toBin n)) (List.tabulate (1024, fn i => i)))))
