(* A finite automaton given as a transition table, the way a lexer
   generator's user holds one, specialised into code: each state becomes a
   chain of character-range tests (ranges of equal targets merged at
   generation time), and the whole automaton one loop over the input whose
   state dispatch is a balanced tree of comparisons. Checked against the
   table-driven interpreter. *)

(* states 0..n-1; delta : state -> char -> state option; accepting states listed *)
type dfa = int * (int -> char -> int option) * int list

fun runTable ((_, delta, acc) : dfa) (s : string) : bool =
  let fun go (st, i) = if i = size s then List.exists (fn a => a = st) acc
                       else case delta st (String.sub (s, i)) of
                              NONE => false
                            | SOME st' => go (st', i + 1)
  in go (0, 0) end

(* the ranges [lo, hi] of characters with the same target, over 0..127 *)
fun ranges (delta : int -> char -> int option) (st : int) : (int * int * int) list =
  let fun go (c, cur, acc) =
        if c = 128 then rev (case cur of NONE => acc | SOME r => r :: acc)
        else let val t = delta st (Char.chr c)
             in case (cur, t) of
                  (SOME (lo, hi, x), SOME y) => if x = y andalso hi = c - 1 then go (c + 1, SOME (lo, c, x), acc)
                                                else go (c + 1, SOME (c, c, y), (lo, hi, x) :: acc)
                | (SOME r, NONE) => go (c + 1, NONE, r :: acc)
                | (NONE, SOME y) => go (c + 1, SOME (c, c, y), acc)
                | (NONE, NONE) => go (c + 1, NONE, acc)
             end
  in go (0, NONE, []) end

(* one state's transition: ~1 means reject *)
fun genState (delta : int -> char -> int option) (st : int) : [char -> int] =
  let fun chain [] = code (fn _ => ~1)
        | chain ((lo, hi, t) :: rest) =
            let cogen t' = lift t
                cogen more = chain rest
                cogen lo' = lift (Char.chr lo)
                cogen hi' = lift (Char.chr hi)
            in if lo = hi then code (fn c => if c = lo' then t' else more c)
               else code (fn c => if c >= lo' andalso c <= hi' then t' else more c)
            end
  in chain (ranges delta st) end

(* dispatch on the state by bisection over [lo, hi) *)
fun genDispatch (delta : int -> char -> int option) (lo : int) (hi : int) : [int * char -> int] =
  if hi - lo = 1 then let cogen f = genState delta lo in code (fn (_, c) => f c) end
  else let val mid = (lo + hi) div 2
           cogen left = genDispatch delta lo mid
           cogen right = genDispatch delta mid hi
           cogen mid' = lift mid
       in code (fn (st, c) => if st < mid' then left (st, c) else right (st, c)) end

fun genAccepting (acc : int list) : [int -> bool] =
  foldr (fn (a, rest) => let cogen a' = lift a cogen r = rest in code (fn st => st = a' orelse r st) end)
        (code (fn _ => false)) acc

fun compile ((n, delta, acc) : dfa) : [string -> bool] =
  let cogen step = genDispatch delta 0 n
      cogen final = genAccepting acc
  in code (fn s =>
       let val len = size s
           fun go (st, i) = if st < 0 then false
                            else if i = len then final st
                            else go (step (st, String.sub (s, i)), i + 1)
       in go (0, 0) end)
  end

(* identifiers: letter (letter | digit | _)* *)
val ident : dfa = (2, fn st => fn c =>
  if Char.isAlpha c then SOME 1 else if st = 1 andalso (Char.isDigit c orelse c = #"_") then SOME 1 else NONE, [1])

(* decimal numbers with an optional fraction and exponent: 0 start, 1 int, 2 dot, 3 frac, 4 e, 5 sign, 6 exp *)
val number : dfa = (7, fn st => fn c =>
  case (st, c) of
    (0, #"-") => SOME 7 | _ =>
  if Char.isDigit c then (case st of 0 => SOME 1 | 1 => SOME 1 | 2 => SOME 3 | 3 => SOME 3
                                   | 4 => SOME 6 | 5 => SOME 6 | 6 => SOME 6 | 7 => SOME 1 | _ => NONE)
  else case (st, c) of
         (1, #".") => SOME 2 | (1, #"e") => SOME 4 | (3, #"e") => SOME 4 | (1, #"E") => SOME 4
       | (3, #"E") => SOME 4 | (4, #"+") => SOME 5 | (4, #"-") => SOME 5 | _ => NONE, [1, 3, 6])
(* state 7 (after a minus) exists: the automaton has 8 states *)
val number : dfa = (8, #2 number, #3 number)

(* strings over {a,b} whose number of a's is divisible by 3 and that end in b *)
val mod3 : dfa = (6, fn st => fn c =>
  case c of #"a" => SOME ((st mod 3 + 1) mod 3) | #"b" => SOME (st mod 3 + 3) | _ => NONE, [3])

val inputs = ["x", "x1_y", "9lives", "", "abc", "12", "-12.5e+3", "1.", "1.5E7", "3e", "--1", "-",
              "aaab", "ab", "aaaaaab", "baaab", "aab", "bbb", "aaa"]

val _ = app (fn (name, d) =>
  let val f = eval (compile d)
      val rs = map (fn s => (f s, runTable d s)) inputs
      val ok = List.all (fn (a, b) => a = b) rs
      val (n, delta, _) = d
      val nranges = foldl op+ 0 (List.tabulate (n, fn st => length (ranges delta st)))
  in print (name ^ " (" ^ Int.toString nranges ^ " ranges): "
            ^ String.concat (map (fn (a, _) => if a then "1" else "0") rs)
            ^ (if ok then "" else " MISMATCH") ^ "\n") end)
  [("ident", ident), ("number", number), ("mod3", mod3)]

(* the generated recogniser, run over many words *)
val isNum = eval (compile number)
val words = List.tabulate (300, fn i => Int.toString (i * 37 - 500) ^ (if i mod 3 = 0 then ".5" else if i mod 7 = 0 then "e" else ""))
val _ = print ("numbers among 300 words: " ^ Int.toString (length (List.filter isNum words)) ^ "\n")
