(* A small imperative language (assignments, if, while, print) compiled to a
   stack machine with absolute jumps, held in an array, and run by a VM
   whose variables live in an array. Errors at run time carry the pc. *)
datatype exp = Num of int | Var of string | Add of exp * exp | Sub of exp * exp
             | Mul of exp * exp | Quo of exp * exp | Lt of exp * exp | Eq of exp * exp
datatype stm = Assign of string * exp | If of exp * stm list * stm list
             | While of exp * stm list | Print of exp
datatype instr = PUSH of int | LOAD of int | STORE of int | ADD | SUB | MUL | DIV
               | LT | EQ | JMP of int | JZ of int | PRINT | HALT

exception VmError of int * string

(* variable slots are assigned in order of first appearance *)
fun slotOf (names : string list ref) x =
  let fun find (_, []) = (names := !names @ [x]; length (!names) - 1)
        | find (i, y :: ys) = if x = y then i else find (i + 1, ys)
  in find (0, !names) end

fun compile prog =
  let val names = ref [] : string list ref
      val code = ref [] : instr list ref   (* reversed *)
      val pc = ref 0
      fun emit i = (code := i :: !code; pc := !pc + 1)
      (* jumps are emitted with a placeholder and patched afterwards *)
      val patches = ref [] : (int * int) list ref
      fun here () = !pc
      fun exp (Num n) = emit (PUSH n)
        | exp (Var x) = emit (LOAD (slotOf names x))
        | exp (Add (a, b)) = (exp a; exp b; emit ADD)
        | exp (Sub (a, b)) = (exp a; exp b; emit SUB)
        | exp (Mul (a, b)) = (exp a; exp b; emit MUL)
        | exp (Quo (a, b)) = (exp a; exp b; emit DIV)
        | exp (Lt (a, b)) = (exp a; exp b; emit LT)
        | exp (Eq (a, b)) = (exp a; exp b; emit EQ)
      fun stm (Assign (x, e)) = (exp e; emit (STORE (slotOf names x)))
        | stm (Print e) = (exp e; emit PRINT)
        | stm (If (c, t, f)) =
            let val _ = exp c
                val jz = here ()
                val _ = emit (JZ ~1)
                val _ = app stm t
                val jmp = here ()
                val _ = emit (JMP ~1)
                val _ = patches := (jz, here ()) :: !patches
                val _ = app stm f
            in patches := (jmp, here ()) :: !patches end
        | stm (While (c, body)) =
            let val top = here ()
                val _ = exp c
                val jz = here ()
                val _ = emit (JZ ~1)
                val _ = app stm body
                val _ = emit (JMP top)
            in patches := (jz, here ()) :: !patches end
      val _ = app stm prog
      val _ = emit HALT
      val arr = Array.fromList (rev (!code))
      fun patch (at, target) =
        case Array.sub (arr, at) of
            JZ _ => Array.update (arr, at, JZ target)
          | JMP _ => Array.update (arr, at, JMP target)
          | _ => raise Fail "patch"
  in app patch (!patches); (arr, length (!names)) end

fun run (code, nvars) =
  let val vars = Array.array (nvars, 0)
      val out = ref []
      fun step (pc, stack, steps) =
        if steps > 100000 then raise VmError (pc, "step limit")
        else case (Array.sub (code, pc), stack) of
            (HALT, _) => (rev (!out), steps)
          | (PUSH n, s) => step (pc + 1, n :: s, steps + 1)
          | (LOAD i, s) => step (pc + 1, Array.sub (vars, i) :: s, steps + 1)
          | (STORE i, v :: s) => (Array.update (vars, i, v); step (pc + 1, s, steps + 1))
          | (ADD, b :: a :: s) => step (pc + 1, a + b :: s, steps + 1)
          | (SUB, b :: a :: s) => step (pc + 1, a - b :: s, steps + 1)
          | (MUL, b :: a :: s) => step (pc + 1, a * b :: s, steps + 1)
          | (DIV, b :: a :: s) =>
              step (pc + 1, (a div b handle Div => raise VmError (pc, "division by zero")) :: s, steps + 1)
          | (LT, b :: a :: s) => step (pc + 1, (if a < b then 1 else 0) :: s, steps + 1)
          | (EQ, b :: a :: s) => step (pc + 1, (if a = b then 1 else 0) :: s, steps + 1)
          | (JMP t, s) => step (t, s, steps + 1)
          | (JZ t, v :: s) => step (if v = 0 then t else pc + 1, s, steps + 1)
          | (PRINT, v :: s) => (out := v :: !out; step (pc + 1, s, steps + 1))
          | (_, _) => raise VmError (pc, "stack underflow")
  in step (0, [], 0) end

fun show name prog =
  let val (code, n) = compile prog
      val (outs, steps) = run (code, n)
  in print (name ^ ": " ^ Int.toString (Array.length code) ^ " instrs, " ^ Int.toString n ^ " vars, "
            ^ Int.toString steps ^ " steps: " ^ String.concatWith " " (map Int.toString outs) ^ "\n")
  end handle VmError (pc, msg) => print (name ^ ": error at " ^ Int.toString pc ^ ": " ^ msg ^ "\n")

val fact = [Assign ("n", Num 10), Assign ("acc", Num 1),
            While (Lt (Num 0, Var "n"), [Assign ("acc", Mul (Var "acc", Var "n")), Assign ("n", Sub (Var "n", Num 1))]),
            Print (Var "acc")]
val fib = [Assign ("a", Num 0), Assign ("b", Num 1), Assign ("i", Num 0),
           While (Lt (Var "i", Num 15), [Print (Var "a"), Assign ("t", Add (Var "a", Var "b")),
                                          Assign ("a", Var "b"), Assign ("b", Var "t"), Assign ("i", Add (Var "i", Num 1))])]
val collatz = [Assign ("x", Num 27), Assign ("k", Num 0),
               While (Lt (Num 1, Var "x"),
                 [If (Eq (Sub (Var "x", Mul (Quo (Var "x", Num 2), Num 2)), Num 0),
                      [Assign ("x", Quo (Var "x", Num 2))],
                      [Assign ("x", Add (Mul (Var "x", Num 3), Num 1))]),
                  Assign ("k", Add (Var "k", Num 1))]),
               Print (Var "k")]
val primes = [Assign ("p", Num 2),
              While (Lt (Var "p", Num 40),
                [Assign ("d", Num 2), Assign ("isp", Num 1),
                 While (Lt (Mul (Var "d", Var "d"), Add (Var "p", Num 1)),
                   [If (Eq (Mul (Quo (Var "p", Var "d"), Var "d"), Var "p"), [Assign ("isp", Num 0)], []),
                    Assign ("d", Add (Var "d", Num 1))]),
                 If (Var "isp", [Print (Var "p")], []),
                 Assign ("p", Add (Var "p", Num 1))])]
val divzero = [Assign ("z", Num 3), While (Lt (Num 0, Var "z"), [Print (Quo (Num 12, Sub (Var "z", Num 1))), Assign ("z", Sub (Var "z", Num 1))])]
val forever = [Assign ("x", Num 0), While (Num 1, [Assign ("x", Add (Var "x", Num 1))])]

val _ = show "fact" fact
val _ = show "fib" fib
val _ = show "collatz" collatz
val _ = show "primes" primes
val _ = show "divzero" divzero
val _ = show "forever" forever
