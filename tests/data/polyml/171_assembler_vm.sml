(* A two-pass assembler with labels and a stack virtual machine with a
   call stack, running a counting loop 100000 times, a recursive
   factorial, and programs that fault in various ways. *)

datatype instr =
    Push of int | Pop | Dup | Swap | Over
  | Add | Sub | Mul | Quot | Rem | Neg   (* not Div: that would hide the exception *)
  | Eq | Lt | Gt | Not
  | Jmp of int | Jz of int | Jnz of int
  | Call of int | Ret
  | Load of int | Store of int
  | Print | Halt

exception AsmError of int * string       (* line, message *)
exception VmError of int * string        (* pc, message *)

(* Source lines: "label:" or "op arg" or comments after ';' *)
fun clean line =
  let val noComment = case String.fields (fn c => c = #";") line of s :: _ => s | [] => ""
  in String.tokens Char.isSpace noComment end

fun assemble (src : string list) : instr vector =
  let
    (* "label: instr" counts as two lines with the same number *)
    fun split (ln, (w :: rest)) =
          if String.isSuffix ":" w andalso not (null rest) then [(ln, [w]), (ln, rest)] else [(ln, w :: rest)]
      | split (ln, []) = [(ln, [])]
    val numbered = List.concat (map split (ListPair.zip (List.tabulate (length src, fn i => i + 1), map clean src)))
    (* pass 1: label addresses *)
    fun pass1 ([], _, labels) = labels
      | pass1 ((_, []) :: rest, pc, labels) = pass1 (rest, pc, labels)
      | pass1 ((ln, [w]) :: rest, pc, labels) =
          if String.isSuffix ":" w then
            let val name = String.substring (w, 0, size w - 1)
            in if List.exists (fn (n, _) => n = name) labels
               then raise AsmError (ln, "duplicate label " ^ name)
               else pass1 (rest, pc, (name, pc) :: labels)
            end
          else pass1 (rest, pc + 1, labels)
      | pass1 (_ :: rest, pc, labels) = pass1 (rest, pc + 1, labels)
    val labels = pass1 (numbered, 0, [])
    fun target ln s =
      case List.find (fn (n, _) => n = s) labels of
        SOME (_, a) => a
      | NONE => raise AsmError (ln, "undefined label " ^ s)
    fun number ln s =
      case Int.fromString s of
        SOME n => n
      | NONE => raise AsmError (ln, "bad number " ^ s)
    fun instr (ln, ws) =
      case ws of
        ["push", n] => SOME (Push (number ln n))
      | ["pop"] => SOME Pop | ["dup"] => SOME Dup | ["swap"] => SOME Swap | ["over"] => SOME Over
      | ["add"] => SOME Add | ["sub"] => SOME Sub | ["mul"] => SOME Mul
      | ["div"] => SOME Quot | ["mod"] => SOME Rem | ["neg"] => SOME Neg
      | ["eq"] => SOME Eq | ["lt"] => SOME Lt | ["gt"] => SOME Gt | ["not"] => SOME Not
      | ["jmp", l] => SOME (Jmp (target ln l))
      | ["jz", l] => SOME (Jz (target ln l))
      | ["jnz", l] => SOME (Jnz (target ln l))
      | ["call", l] => SOME (Call (target ln l))
      | ["ret"] => SOME Ret
      | ["load", n] => SOME (Load (number ln n))
      | ["store", n] => SOME (Store (number ln n))
      | ["print"] => SOME Print | ["halt"] => SOME Halt
      | [] => NONE
      | [w] => if String.isSuffix ":" w then NONE else raise AsmError (ln, "unknown instruction " ^ w)
      | w :: _ => raise AsmError (ln, "bad operands for " ^ w)
  in Vector.fromList (List.mapPartial instr numbered) end

fun run (prog : instr vector) (maxSteps : int) : string list * int =
  let
    val stack = Array.array (256, 0)
    val sp = ref 0
    val mem = Array.array (16, 0)
    val calls = ref [] : int list ref
    val out = ref [] : string list ref
    val steps = ref 0
    fun push pc v = if !sp >= Array.length stack then raise VmError (pc, "stack overflow")
                    else (Array.update (stack, !sp, v); sp := !sp + 1)
    fun pop pc = if !sp = 0 then raise VmError (pc, "stack underflow")
                 else (sp := !sp - 1; Array.sub (stack, !sp))
    fun binop pc f = let val b = pop pc val a = pop pc in push pc (f (a, b)) end
    fun bool b = if b then 1 else 0
    fun exec pc =
      if !steps >= maxSteps then raise VmError (pc, "step limit")
      else if pc < 0 orelse pc >= Vector.length prog then raise VmError (pc, "pc out of range")
      else
        (steps := !steps + 1;
         case Vector.sub (prog, pc) of
           Push n => (push pc n; exec (pc + 1))
         | Pop => (ignore (pop pc); exec (pc + 1))
         | Dup => let val v = pop pc in push pc v; push pc v; exec (pc + 1) end
         | Swap => let val b = pop pc val a = pop pc in push pc b; push pc a; exec (pc + 1) end
         | Over => let val b = pop pc val a = pop pc in push pc a; push pc b; push pc a; exec (pc + 1) end
         | Add => (binop pc op+; exec (pc + 1))
         | Sub => (binop pc op-; exec (pc + 1))
         | Mul => (binop pc op*; exec (pc + 1))
         | Quot => ((binop pc op div handle Div => raise VmError (pc, "division by zero")); exec (pc + 1))
         | Rem => ((binop pc op mod handle Div => raise VmError (pc, "division by zero")); exec (pc + 1))
         | Neg => (push pc (~ (pop pc)); exec (pc + 1))
         | Eq => (binop pc (bool o op=); exec (pc + 1))
         | Lt => (binop pc (bool o op<); exec (pc + 1))
         | Gt => (binop pc (bool o op>); exec (pc + 1))
         | Not => (push pc (bool (pop pc = 0)); exec (pc + 1))
         | Jmp t => exec t
         | Jz t => if pop pc = 0 then exec t else exec (pc + 1)
         | Jnz t => if pop pc <> 0 then exec t else exec (pc + 1)
         | Call t => if length (!calls) >= 64 then raise VmError (pc, "call depth")
                     else (calls := (pc + 1) :: !calls; exec t)
         | Ret => (case !calls of
                     [] => raise VmError (pc, "return with empty call stack")
                   | r :: rest => (calls := rest; exec r))
         | Load a => (push pc (Array.sub (mem, a) handle Subscript => raise VmError (pc, "bad address"));
                      exec (pc + 1))
         | Store a => ((Array.update (mem, a, pop pc) handle Subscript => raise VmError (pc, "bad address"));
                       exec (pc + 1))
         | Print => (out := Int.toString (pop pc) :: !out; exec (pc + 1))
         | Halt => ())
  in exec 0; (rev (!out), !steps) end

fun runSource name src limit =
  let val prog = assemble src
      val (out, steps) = run prog limit
  in print (name ^ ": " ^ String.concatWith " " out ^ "  (" ^ Int.toString (Vector.length prog) ^
            " instructions, " ^ Int.toString steps ^ " steps)\n")
  end
  handle AsmError (ln, m) => print (name ^ ": assembly error, line " ^ Int.toString ln ^ ": " ^ m ^ "\n")
       | VmError (pc, m) => print (name ^ ": runtime error at " ^ Int.toString pc ^ ": " ^ m ^ "\n")

val loop = [
  "; sum 1..100000 and count multiples of 7",
  "        push 0", "        store 0      ; i",
  "        push 0", "        store 1      ; sum",
  "        push 0", "        store 2      ; sevens",
  "top:    load 0", "        push 100000", "        lt", "        jz done",
  "        load 0", "        push 1", "        add", "        dup", "        store 0",
  "        load 1", "        add", "        store 1",
  "        load 0", "        push 7", "        mod", "        jnz top",
  "        load 2", "        push 1", "        add", "        store 2",
  "        jmp top",
  "done:   load 1", "        print", "        load 2", "        print", "        halt"
]

val fact = [
  "        push 10", "        call fact", "        print", "        push 20", "        call fact", "        print", "        halt",
  "fact:   dup", "        push 1", "        gt", "        jz base",
  "        dup", "        push 1", "        sub", "        call fact", "        mul", "        ret",
  "base:   pop", "        push 1", "        ret"
]

val gcd = [
  "        push 1071", "        push 462",
  "again:  dup", "        jz finish", "        swap", "        over", "        mod", "        jmp again",
  "finish: pop", "        print", "        halt"
]

val () = runSource "loop" loop 2000000
val () = runSource "fact" fact 10000
val () = runSource "gcd" gcd 1000
val () = runSource "underflow" ["push 1", "add", "halt"] 100
val () = runSource "divzero" ["push 1", "push 0", "div", "halt"] 100
val () = runSource "runaway" ["x: jmp x"] 5000
val () = runSource "deep" ["r: call r"] 5000
val () = runSource "badlabel" ["jmp nowhere"] 10
val () = runSource "duplabel" ["a:", "a:", "halt"] 10
val () = runSource "badop" ["push 1", "frobnicate", "halt"] 10
val () = runSource "badnum" ["push 12x"] 10
val () = runSource "address" ["push 5", "store 99", "halt"] 10
val () = runSource "falloff" ["push 3", "print"] 10
val () = runSource "ret" ["ret"] 10
(* An assembly error outside any handler ends the program. *)
val _ = assemble ["push 1", "push"]
