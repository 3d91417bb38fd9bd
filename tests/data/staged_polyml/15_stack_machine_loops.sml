(* A tiny stack machine with structured loops, compiled to code: the
   program is static, the stack and a register file (an array made at run
   time, one per call) are dynamic. Loops become while loops inside the
   generated code; the stack is threaded through a ref *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype instr = Push of int | Load of int | Store of int | Add | Sub | Mul
               | Dup | Drop | Print | While of instr list | IfZ of instr list * instr list
exception Underflow of string
exception BadReg of int
fun pop (r : int list ref, what) = case !r of x :: rest => (r := rest; x) | [] => raise Underflow what
fun push (r : int list ref, x) = r := x :: !r
(* the unstaged machine, for comparison *)
fun exec (prog, regs, st) =
  let fun one (Push n) = push (st, n)
        | one (Load i) = push (st, Array.sub (regs, i))
        | one (Store i) = Array.update (regs, i, pop (st, "store"))
        | one Add = let val b = pop (st, "add") val a = pop (st, "add") in push (st, a + b) end
        | one Sub = let val b = pop (st, "sub") val a = pop (st, "sub") in push (st, a - b) end
        | one Mul = let val b = pop (st, "mul") val a = pop (st, "mul") in push (st, a * b) end
        | one Dup = let val a = pop (st, "dup") in push (st, a); push (st, a) end
        | one Drop = ignore (pop (st, "drop"))
        | one Print = print (pi (pop (st, "print")) ^ " ")
        | one (While body) = while pop (st, "while") <> 0 do app one body
        | one (IfZ (t, f)) = if pop (st, "ifz") = 0 then app one t else app one f
  in app one prog end
fun stackOf (_ : int array, st : int list ref) = st
fun checkReg i = if i < 0 orelse i >= 4 then raise BadReg i else i
fun genInstr ins =
  case ins of
    Push n => let cogen k = lift n in code (fn (_, st) => push (st, k)) end
  | Load i => let cogen k = lift (checkReg i) in code (fn (regs, st) => push (st, Array.sub (regs, k))) end
  | Store i => let cogen k = lift (checkReg i) in code (fn (regs, st) => Array.update (regs, k, pop (st, "store"))) end
  | Add => code (fn (_, st) => let val b = pop (st, "add") val a = pop (st, "add") in push (st, a + b) end)
  | Sub => code (fn (_, st) => let val b = pop (st, "sub") val a = pop (st, "sub") in push (st, a - b) end)
  | Mul => code (fn (_, st) => let val b = pop (st, "mul") val a = pop (st, "mul") in push (st, a * b) end)
  | Dup => code (fn (_, st) => let val a = pop (st, "dup") in push (st, a); push (st, a) end)
  | Drop => code (fn (_, st) => ignore (pop (st, "drop")))
  | Print => code (fn (_, st) => print (pi (pop (st, "print")) ^ " "))
  | While body => let cogen b = genBlock body in code (fn m => while pop (stackOf m, "while") <> 0 do b m) end
  | IfZ (t, f) => let cogen tt = genBlock t cogen ff = genBlock f
                  in code (fn m => if pop (stackOf m, "ifz") = 0 then tt m else ff m) end
and genBlock [] = code (fn _ => ())
  | genBlock (i :: rest) = let cogen first = genInstr i cogen others = genBlock rest in code (fn m => (first m; others m)) end
fun compile prog = let cogen body = genBlock prog
                   in code (fn input => let val regs = Array.array (4, 0) val st = ref [input]
                                        in body (regs, st); !st end) end
val factorial = [Store 0, Push 1, Store 1, Load 0, While [Load 1, Load 0, Mul, Store 1, Load 0, Push 1, Sub, Dup, Store 0], Load 1]
val countdown = [Dup, While [Dup, Print, Push 1, Sub, Dup], Drop, Push 99]
val classify = [IfZ ([Push 100], [Push 200]), Dup, Print]
val underflow = [Drop, Add]
val badReg = [Store 7]
val programs = [("factorial", factorial), ("countdown", countdown), ("classify", classify), ("underflow", underflow), ("badReg", badReg)]
fun showStack st = "[" ^ String.concat (map (fn x => pi x ^ ";") st) ^ "]"
fun runBoth (name, prog) =
  (pr ("== " ^ name);
   let val compiled = (SOME (eval (compile prog))) handle BadReg i => (pr ("rejected register " ^ pi i); NONE)
   in app (fn input =>
            (let val regs = Array.array (8, 0) val st = ref [input]
             in exec (prog, regs, st); pr ("interp " ^ showStack (!st)) end
             handle Underflow w => pr ("interp underflow in " ^ w);
             case compiled of
               NONE => ()
             | SOME f => pr ("staged " ^ showStack (f input)) handle Underflow w => pr ("staged underflow in " ^ w)))
          [0, 3, 10]
   end)
val _ = app runBoth programs
