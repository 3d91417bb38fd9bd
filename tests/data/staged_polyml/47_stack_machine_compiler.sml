(* A stack machine program known at generation time is compiled into a
   chain of generated functions on the stack (an int list). Jumps are
   resolved at generation time into a table of generated blocks; a
   backward jump becomes a call through a lifted array of block functions
   filled in after generation (tying the knot with a ref). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype instr = Push of int | Pop | Dup | Swap | Add | Sub | Mul | Jz of int | Jmp of int | Print | Halt
exception StackUnderflow of int

(* blocks.(pc) is the compiled program from pc on *)
fun compile (prog : instr list) : [int list -> int list] =
    let val n = length prog
        val blocks : (int list -> int list) array = Array.array (n + 1, fn s => s)
        cogen table = lift blocks
        fun gen pc : [int list -> int list] =
            if pc >= n then code (fn s => s)
            else
              let cogen pc' = lift pc
                  cogen next = gen (pc + 1)
                  fun under () = raise StackUnderflow pc
              in case List.nth (prog, pc) of
                   Push k => let cogen k' = lift k in code (fn s => next (k' :: s)) end
                 | Pop => code (fn (_ :: s) => next s | [] => raise StackUnderflow pc')
                 | Dup => code (fn (x :: s) => next (x :: x :: s) | [] => raise StackUnderflow pc')
                 | Swap => code (fn (x :: y :: s) => next (y :: x :: s) | _ => raise StackUnderflow pc')
                 | Add => code (fn (x :: y :: s) => next (y + x :: s) | _ => raise StackUnderflow pc')
                 | Sub => code (fn (x :: y :: s) => next (y - x :: s) | _ => raise StackUnderflow pc')
                 | Mul => code (fn (x :: y :: s) => next (y * x :: s) | _ => raise StackUnderflow pc')
                 | Print => code (fn (x :: s) => (print (Int.toString x ^ " "); next (x :: s)) | [] => raise StackUnderflow pc')
                 | Halt => code (fn s => s)
                 | Jmp t => let cogen t' = lift t in code (fn s => Array.sub (table, t') s) end
                 | Jz t => let cogen t' = lift t
                           in code (fn (x :: s) => if x = 0 then Array.sub (table, t') s else next s
                                     | [] => raise StackUnderflow pc') end
              end
        val compiled = List.tabulate (n, fn pc => eval (gen pc))
        val _ = List.app (fn (pc, f) => Array.update (blocks, pc, f)) (ListPair.zip (List.tabulate (n, fn i => i), compiled))
    in code (fn s => Array.sub (table, 0) s) end

fun show s = "[" ^ String.concatWith "," (map pi s) ^ "]"
fun runProg (name, prog, stack) =
    (print (name ^ ": "); pr (show (eval (compile prog) stack)))
    handle StackUnderflow pc => pr ("stack underflow at " ^ pi pc)

(* countdown: print n, n-1, ..., 1 *)
val countdown = [Dup, Jz 7, Print, Push 1, Sub, Jmp 0, Halt, Pop, Halt]
(* factorial: acc n -> acc*n! using a loop *)
val factorial = [Push 1, Swap, Dup, Jz 13, Dup, Push ~1, Add, Swap, Push 0, Add, Jmp 14, Halt, Halt, Pop, Halt]
val _ = runProg ("countdown", countdown, [5])
val _ = runProg ("countdown 0", countdown, [0])
val _ = runProg ("arith", [Push 2, Push 3, Add, Push 4, Mul, Print, Dup, Sub], [])
val _ = runProg ("underflow", [Push 1, Add], [])
val _ = runProg ("swap", [Swap, Sub], [10, 3])
val _ = runProg ("empty", [], [1, 2, 3])
(* a loop that sums 1..n: stack [n, acc] *)
val sumLoop = [Dup, Jz 11, Dup, Swap, Pop, Swap, Push 0, Add, Halt, Halt, Halt, Pop, Halt]
val _ = runProg ("sum", sumLoop, [0, 42])
(* the same generated program run several times *)
val cd = eval (compile countdown)
val _ = (cd [3]; cd [2]; pr "")
