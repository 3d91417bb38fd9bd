(* A stack-machine interpreter and its staged version: the program is
   known at generation time, the input at run time *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype instr = Push of int | Arg | Add | Mul | Sub | Dup | Swap | Pop
               | JmpZ of int | Jmp of int | Neg | Fail' of string
exception StackUnderflow of int
exception Program of string
fun run (prog, x) =
  let val code' = Array.fromList prog
      fun step (pc, stack) =
        if pc >= Array.length code' then (case stack of v :: _ => v | [] => raise StackUnderflow pc)
        else case (Array.sub (code', pc), stack) of
               (Push n, s) => step (pc + 1, n :: s)
             | (Arg, s) => step (pc + 1, x :: s)
             | (Add, a :: b :: s) => step (pc + 1, b + a :: s)
             | (Mul, a :: b :: s) => step (pc + 1, b * a :: s)
             | (Sub, a :: b :: s) => step (pc + 1, b - a :: s)
             | (Dup, a :: s) => step (pc + 1, a :: a :: s)
             | (Swap, a :: b :: s) => step (pc + 1, b :: a :: s)
             | (Pop, _ :: s) => step (pc + 1, s)
             | (Neg, a :: s) => step (pc + 1, ~a :: s)
             | (JmpZ t, a :: s) => step (if a = 0 then t else pc + 1, s)
             | (Jmp t, s) => step (t, s)
             | (Fail' m, _) => raise Program m
             | _ => raise StackUnderflow pc
  in step (0, []) end
(* the staged version: one code block per (forward-only) program point *)
fun compile prog =
  let val code' = Array.fromList prog
      fun gen pc =
        if pc >= Array.length code' then
          let cogen p = lift pc in code (fn (_, stack) => case stack of v :: _ => v | [] => raise StackUnderflow p) end
        else
          let cogen next = gen (pc + 1)
              cogen p = lift pc
          in case Array.sub (code', pc) of
               Push n => let cogen k = lift n in code (fn (x, s) => next (x, k :: s)) end
             | Arg => code (fn (x, s) => next (x, x :: s))
             | Add => code (fn (x, a :: b :: s) => next (x, b + a :: s) | _ => raise StackUnderflow p)
             | Mul => code (fn (x, a :: b :: s) => next (x, b * a :: s) | _ => raise StackUnderflow p)
             | Sub => code (fn (x, a :: b :: s) => next (x, b - a :: s) | _ => raise StackUnderflow p)
             | Dup => code (fn (x, a :: s) => next (x, a :: a :: s) | _ => raise StackUnderflow p)
             | Swap => code (fn (x, a :: b :: s) => next (x, b :: a :: s) | _ => raise StackUnderflow p)
             | Pop => code (fn (x, _ :: s) => next (x, s) | _ => raise StackUnderflow p)
             | Neg => code (fn (x, a :: s) => next (x, ~a :: s) | _ => raise StackUnderflow p)
             | JmpZ t => if t <= pc then raise Program "backward jump"
                         else let cogen target = gen t
                              in code (fn (x, a :: s) => if a = 0 then target (x, s) else next (x, s) | _ => raise StackUnderflow p) end
             | Jmp t => if t <= pc then raise Program "backward jump" else gen t
             | Fail' m => let cogen msg = lift m in code (fn _ => raise Program msg) end
          end
      cogen entry = gen 0
  in code (fn x => entry (x, [])) end
val programs =
  [[Arg, Dup, Mul, Push 1, Add],
   [Arg, JmpZ 4, Push 10, Jmp 5, Push 20],
   [Push 3, Arg, Sub, Neg, Dup, Add],
   [Arg, Push 5, Swap, Sub],
   [Add],
   [Arg, JmpZ 3, Fail' "nonzero", Push 0],
   [Push 1, Pop, Pop],
   [Arg, Arg, Arg, Mul, Mul, Push 4611686018427387903, Add]]
fun show f x = pi (f x) handle StackUnderflow pc => "underflow@" ^ pi pc | Program m => "program:" ^ m | Overflow => "overflow"
val _ = app (fn prog =>
          let val staged = eval (compile prog)
          in pr (String.concat (map (fn x => show (fn x => run (prog, x)) x ^ "/" ^ show staged x ^ " ") [0, 1, 7, ~3]))
          end) programs
val _ = pr ((ignore (compile [Jmp 0]); "compiled") handle Program m => "rejected: " ^ m)
