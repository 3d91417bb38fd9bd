(* A compiler from arithmetic expressions with variables and
   let-bindings to a stack machine, and the machine that runs the code:
   instructions in a list, a value stack as a list, variables addressed
   by their depth in the stack. The code is printed, run, and compared
   with a direct evaluator; machine faults are exceptions with
   arguments. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = N of int | X of string | Plus of exp * exp | Minus of exp * exp
             | Times of exp * exp | Quo of exp * exp | Let of string * exp * exp
             | IfZero of exp * exp * exp

datatype instr = Push of int | Load of int | Add | Sub | Mul | Quot
               | Slide of int | JumpIfNotZero of int | Jump of int

exception Unbound of string
exception Fault of string * int

fun showInstr (Push n) = "push " ^ pi n
  | showInstr (Load k) = "load " ^ pi k
  | showInstr Add = "add" | showInstr Sub = "sub" | showInstr Mul = "mul" | showInstr Quot = "div"
  | showInstr (Slide k) = "slide " ^ pi k
  | showInstr (JumpIfNotZero k) = "jnz +" ^ pi k
  | showInstr (Jump k) = "jmp +" ^ pi k

(* env maps names to their slot counted from the stack bottom; depth is
   the number of values on the stack when the code runs *)
fun slot (x, []) = raise Unbound x
  | slot (x, (y, k) :: rest) = if x = y then k else slot (x, rest)

fun compile (e, env : (string * int) list, depth) =
    case e of
        N n => [Push n]
      | X x => [Load (depth - 1 - slot (x, env))]
      | Plus (a, b) => bin (a, b, Add, env, depth)
      | Minus (a, b) => bin (a, b, Sub, env, depth)
      | Times (a, b) => bin (a, b, Mul, env, depth)
      | Quo (a, b) => bin (a, b, Quot, env, depth)
      | Let (x, a, b) => compile (a, env, depth) @ compile (b, (x, depth) :: env, depth + 1) @ [Slide 1]
      | IfZero (c, t, f) =>
          let val cc = compile (c, env, depth)
              val tc = compile (t, env, depth)
              val fc = compile (f, env, depth)
          in cc @ [JumpIfNotZero (length tc + 1)] @ tc @ [Jump (length fc)] @ fc end
and bin (a, b, opr, env, depth) = compile (a, env, depth) @ compile (b, env, depth + 1) @ [opr]

fun run code =
    let val prog = Vector.fromList code
        fun step (pc, stack) =
            if pc = Vector.length prog then
                (case stack of [v] => v | _ => raise Fault ("stack left with " ^ pi (length stack) ^ " values", pc))
            else
                case (Vector.sub (prog, pc), stack) of
                    (Push n, s) => step (pc + 1, n :: s)
                  | (Load k, s) => step (pc + 1, List.nth (s, k) :: s)
                  | (Add, b :: a :: s) => step (pc + 1, a + b :: s)
                  | (Sub, b :: a :: s) => step (pc + 1, a - b :: s)
                  | (Mul, b :: a :: s) => step (pc + 1, a * b :: s)
                  | (Quot, 0 :: _ :: _) => raise Fault ("division by zero", pc)
                  | (Quot, b :: a :: s) => step (pc + 1, a div b :: s)
                  | (Slide k, v :: s) => step (pc + 1, v :: List.drop (s, k))
                  | (JumpIfNotZero k, v :: s) => step (if v <> 0 then pc + 1 + k else pc + 1, s)
                  | (Jump k, s) => step (pc + 1 + k, s)
                  | (i, _) => raise Fault ("stack underflow at " ^ showInstr i, pc)
    in step (0, []) end

fun eval (e, env) =
    case e of
        N n => n
      | X x => (case List.find (fn (y, _) => y = x) env of SOME (_, v) => v | NONE => raise Unbound x)
      | Plus (a, b) => eval (a, env) + eval (b, env)
      | Minus (a, b) => eval (a, env) - eval (b, env)
      | Times (a, b) => eval (a, env) * eval (b, env)
      | Quo (a, b) => eval (a, env) div eval (b, env)
      | Let (x, a, b) => eval (b, (x, eval (a, env)) :: env)
      | IfZero (c, t, f) => if eval (c, env) = 0 then eval (t, env) else eval (f, env)

fun test (name, e) =
    let val code = compile (e, [], 0)
        val machine = pi (run code) handle Fault (m, pc) => "fault at " ^ pi pc ^ ": " ^ m
        val direct = pi (eval (e, [])) handle Div => "Div"
    in pr (name ^ ": " ^ pi (length code) ^ " instructions, machine " ^ machine ^ ", direct " ^ direct);
       if length code <= 12 then pr ("  " ^ String.concatWith "; " (map showInstr code)) else ()
    end
    handle Unbound x => pr (name ^ ": unbound variable " ^ x)

val _ = test ("constant", N 42)
val _ = test ("arith", Minus (Times (N 6, N 7), Quo (N 10, N 3)))
val _ = test ("let", Let ("x", N 5, Plus (X "x", Times (X "x", N 2))))
val _ = test ("nested let", Let ("a", N 3, Let ("b", Plus (X "a", N 1), Let ("a", Times (X "a", X "b"), Minus (X "a", X "b")))))
val _ = test ("if zero", Let ("z", Minus (N 4, N 4), IfZero (X "z", N 100, N 200)))
val _ = test ("if nonzero", IfZero (N 1, N 100, Plus (N 1, N 2)))
val _ = test ("division by zero", Quo (N 1, Minus (N 2, N 2)))
val _ = test ("unbound", Plus (N 1, X "q"))
fun sumTo 0 = N 0
  | sumTo n = Let ("v" ^ pi n, N n, Plus (X ("v" ^ pi n), sumTo (n - 1)))
val _ = test ("deep lets", sumTo 30)
val _ = pr ("bad code: " ^ (pi (run [Push 1, Add]) handle Fault (m, pc) => m ^ " (pc " ^ pi pc ^ ")"))
val _ = pr ("leftover: " ^ (pi (run [Push 1, Push 2]) handle Fault (m, pc) => m ^ " (pc " ^ pi pc ^ ")"))
