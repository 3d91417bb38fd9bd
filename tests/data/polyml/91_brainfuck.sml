(* A Brainfuck interpreter: bracket matching precomputed into an array,
   a tape of 300 cells with wrap-around bytes, output collected with
   chr; runs a hello-world program, a program that adds digits from its
   input, and rejects unbalanced programs *)
fun p s = print (s ^ "\n")
exception Unbalanced of int
exception TapeOverrun of int
fun matchBrackets prog =
  let val n = size prog
      val jumps = Array.array (n, ~1)
      fun go (k, stack) =
        if k >= n then (case stack of [] => () | open' :: _ => raise Unbalanced open')
        else case String.sub (prog, k) of
               #"[" => go (k + 1, k :: stack)
             | #"]" => (case stack of
                          [] => raise Unbalanced k
                        | open' :: rest => (Array.update (jumps, k, open'); Array.update (jumps, open', k); go (k + 1, rest)))
             | _ => go (k + 1, stack)
  in go (0, []); jumps end
fun run (prog, input) =
  let val jumps = matchBrackets prog
      val tape = Array.array (300, 0)
      val out = ref []
      val steps = ref 0
      fun step (pc, ptr, inp) =
        if pc >= size prog then ()
        else (steps := !steps + 1;
              case String.sub (prog, pc) of
                #">" => if ptr + 1 >= 300 then raise TapeOverrun pc else step (pc + 1, ptr + 1, inp)
              | #"<" => if ptr = 0 then raise TapeOverrun pc else step (pc + 1, ptr - 1, inp)
              | #"+" => (Array.update (tape, ptr, (Array.sub (tape, ptr) + 1) mod 256); step (pc + 1, ptr, inp))
              | #"-" => (Array.update (tape, ptr, (Array.sub (tape, ptr) + 255) mod 256); step (pc + 1, ptr, inp))
              | #"." => (out := chr (Array.sub (tape, ptr)) :: !out; step (pc + 1, ptr, inp))
              | #"," => (case inp of c :: rest => (Array.update (tape, ptr, ord c); step (pc + 1, ptr, rest))
                                   | [] => (Array.update (tape, ptr, 0); step (pc + 1, ptr, [])))
              | #"[" => if Array.sub (tape, ptr) = 0 then step (Array.sub (jumps, pc) + 1, ptr, inp) else step (pc + 1, ptr, inp)
              | #"]" => if Array.sub (tape, ptr) <> 0 then step (Array.sub (jumps, pc) + 1, ptr, inp) else step (pc + 1, ptr, inp)
              | _ => step (pc + 1, ptr, inp))
  in step (0, 0, explode input); (implode (rev (!out)), !steps) end
fun show (prog, input) =
  (let val (out, steps) = run (prog, input) in p ("[" ^ String.toString out ^ "] in " ^ Int.toString steps ^ " steps") end)
  handle Unbalanced k => p ("unbalanced bracket at " ^ Int.toString k) | TapeOverrun k => p ("tape overrun at " ^ Int.toString k)
val hello = "++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.>++."
val _ = show (hello, "")
(* reads two digits, prints their sum as a digit *)
val addDigits = ",>,[<+>-]<------------------------------------------------."
val _ = show (addDigits, "34")
val _ = show (addDigits, "00")
(* echo until end of input (a zero) *)
val _ = show (",[.,]", "echo me")
(* wrap-around: 0 - 1 = 255 *)
val _ = show ("-.", "")
val _ = show ("+[+]++.", "")
val _ = show ("[[]", "")
val _ = show ("]", "")
val _ = show ("<", "")
val _ = show ("+[>+]", "")
(* reverse a string: read all, then print backwards *)
val _ = show (">,[>,]<[.<]", "stressed")
(* comments are ignored *)
val _ = show ("this is a comment ++ with + signs +++ and a dot.", "")
