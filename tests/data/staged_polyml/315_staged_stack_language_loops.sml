(* A stack language with loops (words: numbers, dup, drop, swap, over, +, -,
   *, <, if/else/then, begin/while/repeat), parsed from a string, run by an
   interpreter and compiled to ML code by a generator over the program; the
   compiled programs run many times on different initial stacks. Errors at
   run time (underflow) are exceptions raised by the generated code. *)
datatype tok = N of int | W of string
datatype prog = Lit of int | Prim of string | IfE of prog list * prog list | Loop of prog list * prog list

exception Syntax of string
exception Underflow of string

fun lex s = map (fn w => case Int.fromString w of SOME n => N n | NONE => W w) (String.tokens Char.isSpace s)

fun parse toks =
  let fun seq (ts, stops) =
        case ts of
            [] => if null stops then ([], []) else raise Syntax "unexpected end"
          | (W w :: rest) =>
              if List.exists (fn s => s = w) stops then ([], ts)
              else if w = "if" then
                let val (t, r1) = seq (rest, ["else", "then"])
                    val (e, r2) = case r1 of W "else" :: r => seq (r, ["then"]) | _ => ([], r1)
                    val r3 = case r2 of W "then" :: r => r | _ => raise Syntax "missing then"
                    val (more, r4) = seq (r3, stops)
                in (IfE (t, e) :: more, r4) end
              else if w = "begin" then
                let val (c, r1) = seq (rest, ["while"])
                    val (b, r2) = case r1 of W "while" :: r => seq (r, ["repeat"]) | _ => raise Syntax "missing while"
                    val r3 = case r2 of W "repeat" :: r => r | _ => raise Syntax "missing repeat"
                    val (more, r4) = seq (r3, stops)
                in (Loop (c, b) :: more, r4) end
              else let val (more, r) = seq (rest, stops) in (Prim w :: more, r) end
          | (N n :: rest) => let val (more, r) = seq (rest, stops) in (Lit n :: more, r) end
      val (p, rest) = seq (toks, [])
  in if null rest then p else raise Syntax "trailing words" end

fun prim "dup" (x :: s) = x :: x :: s
  | prim "drop" (_ :: s) = s
  | prim "swap" (x :: y :: s) = y :: x :: s
  | prim "over" (x :: y :: s) = y :: x :: y :: s
  | prim "rot" (x :: y :: z :: s) = z :: x :: y :: s
  | prim "+" (x :: y :: s) = y + x :: s
  | prim "-" (x :: y :: s) = y - x :: s
  | prim "*" (x :: y :: s) = y * x :: s
  | prim "<" (x :: y :: s) = (if y < x then 1 else 0) :: s
  | prim w _ = raise Underflow w

fun interp [] s = s
  | interp (Lit n :: p) s = interp p (n :: s)
  | interp (Prim w :: p) s = interp p (prim w s)
  | interp (IfE (t, e) :: p) (c :: s) = interp p (interp (if c <> 0 then t else e) s)
  | interp (IfE _ :: _) [] = raise Underflow "if"
  | interp (Loop (c, b) :: p) s =
      (case interp c s of
           0 :: s' => interp p s'
         | _ :: s' => interp (Loop (c, b) :: p) (interp b s')
         | [] => raise Underflow "while")

(* the compiled program: a function from stack to stack *)
fun gen [] : [int list -> int list] = code (fn s => s)
  | gen (Lit n :: p) = let cogen k = gen p cogen n' = lift n in code (fn s => k (n' :: s)) end
  | gen (Prim w :: p) =
      let cogen k = gen p
          cogen w' = lift w
      in case w of
             "dup" => code (fn s => case s of x :: s => k (x :: x :: s) | _ => raise Underflow w')
           | "+" => code (fn s => case s of x :: y :: s => k (y + x :: s) | _ => raise Underflow w')
           | "-" => code (fn s => case s of x :: y :: s => k (y - x :: s) | _ => raise Underflow w')
           | "*" => code (fn s => case s of x :: y :: s => k (y * x :: s) | _ => raise Underflow w')
           | _ => code (fn s => k (prim w' s))
      end
  | gen (IfE (t, e) :: p) =
      let cogen k = gen p cogen ct = gen t cogen ce = gen e
      in code (fn s => case s of c :: s => k (if c <> 0 then ct s else ce s) | [] => raise Underflow "if") end
  | gen (Loop (c, b) :: p) =
      let cogen k = gen p cogen cc = gen c cogen cb = gen b
      in code (fn s =>
           let fun loop s = case cc s of 0 :: s' => s' | _ :: s' => loop (cb s') | [] => raise Underflow "while"
           in k (loop s) end)
      end

fun showStack s = "[" ^ String.concatWith " " (map Int.toString (rev s)) ^ "]"

val programs =
  [("square", "dup *"),
   ("fact", "1 swap begin dup 1 swap < while dup rot * swap 1 - repeat drop"),
   ("sumto", "0 swap begin dup 0 swap < while dup rot + swap 1 - repeat drop"),
   ("abs", "dup 0 swap < if else 0 swap - then"),
   ("fib", "0 1 rot begin dup 0 swap < while rot rot dup rot + rot 1 - repeat drop drop"),
   ("bad", "+ +")]

val _ = app (fn (name, src) =>
  let val p = parse (lex src)
      val f = eval (gen p)
      fun both x = let val a = (showStack (interp p [x]) handle Underflow w => "underflow " ^ w)
                       val b = (showStack (f [x]) handle Underflow w => "underflow " ^ w)
                   in if a = b then a else a ^ " /= " ^ b end
  in print (name ^ ": " ^ String.concatWith " " (map both [0, 1, 5, 10, ~3]) ^ "\n") end) programs

(* run compiled code many times *)
val fact = eval (gen (parse (lex "1 swap begin dup 1 swap < while dup rot * swap 1 - repeat drop")))
val total = List.foldl (fn (i, acc) => acc + hd (fact [i mod 12])) 0 (List.tabulate (3000, fn i => i))
val _ = print ("sum of 3000 factorials: " ^ Int.toString total ^ "\n")
val _ = app (fn src => (ignore (parse (lex src)); print "parsed\n") handle Syntax m => print ("syntax: " ^ m ^ "\n"))
  ["1 if 2", "begin 1 repeat", "1 then", "if then"]
val _ = print (showStack (fact [20]) ^ "\n")
val _ = eval (gen (parse (lex "1 2 + dup * drop drop drop"))) []
