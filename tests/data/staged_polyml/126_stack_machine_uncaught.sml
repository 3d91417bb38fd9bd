(* A stack machine compiled to generated code: the program is a list of
   instructions, compiled by a right fold into nested generated
   functions on the stack (a list), with jumps compiled to calls of
   generated code for the target (a forward-only machine, so the fold
   terminates). Stack underflow raises an exception carrying the stack
   and the instruction; handlers at generation time and in generated
   code; the last program underflows with nobody to catch it. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun stackText st = "[" ^ String.concatWith "," (map pi st) ^ "]"

datatype instr = Push of int | Pop | Add | Mul | Neg | Dup | Swap | JumpIfZero of int | Print of string
exception Underflow of string * int list
exception BadJump of int

fun name (Push n) = "push " ^ pi n
  | name Pop = "pop" | name Add = "add" | name Mul = "mul" | name Neg = "neg"
  | name Dup = "dup" | name Swap = "swap"
  | name (JumpIfZero k) = "jz " ^ pi k
  | name (Print s) = "print " ^ s

(* compile from the end: code.(i) is the generated code of the suffix at i *)
fun compile (prog : instr list) : [int list -> int list] =
  let val n = length prog
      val suffixes : [int list -> int list] list ref = ref [code (fn st => st)]
      fun suffix i = List.nth (!suffixes, n - i) handle Subscript => raise BadJump i
      fun step (i, ins) =
        let cogen rest = suffix (i + 1)
            cogen label = lift (name ins)
            val g : [int list -> int list] =
              case ins of
                  Push k => let cogen c = lift k in code (fn st => rest (c :: st)) end
                | Pop => code (fn (_ :: st) => rest st | st => raise Underflow (label, st))
                | Add => code (fn (a :: b :: st) => rest (b + a :: st) | st => raise Underflow (label, st))
                | Mul => code (fn (a :: b :: st) => rest (b * a :: st) | st => raise Underflow (label, st))
                | Neg => code (fn (a :: st) => rest (~a :: st) | st => raise Underflow (label, st))
                | Dup => code (fn (a :: st) => rest (a :: a :: st) | st => raise Underflow (label, st))
                | Swap => code (fn (a :: b :: st) => rest (b :: a :: st) | st => raise Underflow (label, st))
                | Print s => let cogen msg = lift s in code (fn st => (pr ("  " ^ msg ^ " " ^ stackText st); rest st)) end
                | JumpIfZero k =>
                    if k <= i then raise BadJump k
                    else let cogen target = suffix k
                         in code (fn (0 :: st) => target st | (_ :: st) => rest st | [] => raise Underflow (label, [])) end
        in suffixes := (!suffixes) @ [g] end
      (* suffixes holds [end, n-1, n-2, ...]: index n - i is the suffix at i *)
      val () = List.app step (rev (ListPair.zip (List.tabulate (n, fn i => i), prog)))
  in suffix 0 end

fun runProgram (title, prog, input) =
  (pr (title ^ ":");
   (let val f = eval (compile prog)
    in pr ("  result " ^ stackText (f input)) end)
   handle BadJump k => pr ("  bad jump to " ^ pi k)
        | Underflow (what, st) => pr ("  underflow at " ^ what ^ " with " ^ stackText st))

val () = app runProgram
  [("arith", [Push 2, Push 3, Add, Push ~4, Mul, Print "after mul"], []),
   ("swap and neg", [Push 1, Push 2, Swap, Neg, Print "top negated"], [100]),
   ("branch taken", [Dup, JumpIfZero 4, Push 10, Add, Print "end"], [0]),
   ("branch not taken", [Dup, JumpIfZero 4, Push 10, Add, Print "end"], [5]),
   ("underflow caught", [Add], [1]),
   ("backward jump", [Push 0, JumpIfZero 0], []),
   ("jump off the end", [Push 0, JumpIfZero 9], [])]

(* the same code run on many inputs: generated once *)
val square = eval (compile [Dup, Mul, Dup, JumpIfZero 6, Push 1, Add])
val () = pr ("squares+1: " ^ String.concatWith " " (map (fn x => stackText (square [x])) [0, 1, ~3, 12]))

(* a handler in generated code that turns underflow into a default *)
fun safe (prog : instr list) (default : int) : [int list -> int] =
  let cogen f = compile prog cogen d = lift default in
  code (fn st => (case f st of top :: _ => top | [] => d) handle Underflow (_, left) => d - length left) end
val safeAdd = eval (safe [Add, Dup, Mul] ~100)
val () = pr ("safe: " ^ String.concatWith " " (map (pi o safeAdd) [[1, 2], [5], [], [3, 4, 9]]))

val () = pr "last program:"
val () = pr (stackText (eval (compile [Push 1, Pop, Pop]) [] ))
val () = pr "not reached"
