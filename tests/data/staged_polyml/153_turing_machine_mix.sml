(* The Turing machine interpreter that Jones, Gomard and Sestoft specialise
   with mix in "Partial Evaluation and Automatic Program Generation" (1993),
   §4.4 (the first Futamura projection: specialising the interpreter to a
   Turing program gives a target program in the interpreter's language).
   Their machine language: instructions numbered from 0, `right`, `left`,
   `write a`, `goto i`, `if a goto i`; the tape is a list to the right of
   the head and a reversed list to the left; the program halts past its
   last instruction. Here the program is static and the tape dynamic: each
   instruction becomes a generated function, jumps are calls through a
   table filled when the target program is set up (generated code is
   closed in ML□), and straight-line runs of instructions are fused into
   one block at generation time. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype instr = Right | Left | Write of char | Goto of int | IfGoto of char * int
type tape = char list * char list      (* left (reversed), right; head is hd right *)
fun right (l, []) = (#"B" :: l, [])
  | right (l, [c]) = (c :: l, [#"B"])
  | right (l, c :: r) = (c :: l, r)
fun left ([], r) = ([], #"B" :: r)
  | left (c :: l, r) = (l, c :: r)
fun write a (l, []) = (l, [a])
  | write a (l, _ :: r) = (l, a :: r)
fun firstSym (_, []) = #"B"
  | firstSym (_, c :: _) = c
fun show (l, r) = implode (rev l) ^ "|" ^ implode r

(* the interpreter, unstaged, with a step bound *)
exception OutOfSteps
fun interp (prog : instr vector) (tape : tape) =
    let fun run (pc, t, fuel) =
            if fuel = 0 then raise OutOfSteps
            else if pc >= Vector.length prog then t
            else case Vector.sub (prog, pc) of
                     Right => run (pc + 1, right t, fuel - 1)
                   | Left => run (pc + 1, left t, fuel - 1)
                   | Write a => run (pc + 1, write a t, fuel - 1)
                   | Goto i => run (i, t, fuel - 1)
                   | IfGoto (a, i) => run (if firstSym t = a then i else pc + 1, t, fuel - 1)
    in run (0, tape, 150) end

(* the generating extension: one block per instruction, fall-through fused *)
datatype block = Block of block vector * tape * int -> tape
fun jump (tbl, i, t, fuel) = if fuel = 0 then raise OutOfSteps else let val Block f = Vector.sub (tbl, i) in f (tbl, t, fuel - 1) end
fun compileTM (prog : instr vector) : [tape -> tape] =
    let val n = Vector.length prog
        fun block pc : [block vector * tape * int -> tape] =
            if pc >= n then code (fn (_, t, _) => t)
            else case Vector.sub (prog, pc) of
                     Right => let cogen k = block (pc + 1) in code (fn (tbl, t, fuel) => k (tbl, right t, fuel)) end
                   | Left => let cogen k = block (pc + 1) in code (fn (tbl, t, fuel) => k (tbl, left t, fuel)) end
                   | Write a => let cogen k = block (pc + 1) cogen a' = lift a in code (fn (tbl, t, fuel) => k (tbl, write a' t, fuel)) end
                   | Goto i => let cogen i' = lift i in code (fn (tbl, t, fuel) => jump (tbl, i', t, fuel)) end
                   | IfGoto (a, i) =>
                       let cogen a' = lift a cogen i' = lift i cogen next = lift (pc + 1)
                       in code (fn (tbl, t, fuel) => jump (tbl, if firstSym t = a' then i' else next, t, fuel)) end
        fun blocks pc : [block list] =
            if pc > n then code [] else let cogen b = block pc cogen rest = blocks (pc + 1) in code (Block b :: rest) end
        cogen all = blocks 0
    in code (let val tbl = Vector.fromList all in fn t => jump (tbl, 0, t, 150) end) end

fun tapeOf s = ([], explode s)
(* JGS's example: find the first 0 and change it to 1 *)
val firstZero = Vector.fromList [IfGoto (#"0", 3), Right, Goto 0, Write #"1"]
(* unary increment: move right past the 1s, write 1 *)
val incr = Vector.fromList [IfGoto (#"B", 3), Right, Goto 0, Write #"1"]
(* binary increment of a number written least significant bit first *)
val binInc = Vector.fromList [IfGoto (#"1", 3), Write #"1", Goto 6, Write #"0", Right, Goto 0]
(* loops forever: stopped by the step bound *)
val forever = Vector.fromList [Goto 0]
(* walks left off the tape and back *)
val wander = Vector.fromList [Left, Left, Write #"x", Right, Right, Right, Write #"y"]
val programs = [("firstZero", firstZero), ("incr", incr), ("binInc", binInc), ("wander", wander), ("forever", forever)]
val tapes = ["110101", "1111", "", "0", "111B"]
val _ = List.app (fn (name, prog) =>
          let val target = eval (compileTM prog)
              fun one s = let val a = (show (target (tapeOf s)) handle OutOfSteps => "steps")
                              val b = (show (interp prog (tapeOf s)) handle OutOfSteps => "steps")
                          in if a = b then a else a ^ "/" ^ b ^ " MISMATCH" end
          in pr (name ^ ": " ^ String.concatWith " " (map one tapes)) end) programs
(* the target program reused: increment a binary counter 20 times *)
val inc = eval (compileTM binInc)
fun times (0, t) = t | times (n, t) = times (n - 1, let val (l, r) = inc t in ([], rev l @ r) end)
val _ = pr ("20 increments of 0: " ^ show (times (20, tapeOf "0")))
