(* Let-insertion as in Lightweight Modular Staging: Rompf, "Lightweight
   Modular Staging and Embedded Compilers" (the staging chapter shown in
   seed 002): `perform` gives each staged statement a fresh name, in
   order, and `accumulate` collects the statements of a block, so the
   generated program is in administrative normal form and effects keep
   their order:
     val x1 = computeA(); val x3 = { val x2 = computeB() + x1; x2 }; ...
   Without let-insertion, `val x = [[computeA()]]` spliced into power
   runs computeA once per use. In ML□ generated code is closed, so a fresh
   name is a slot of a register array that the generated block receives
   (the closed modal analogue of LMS's fresh identifiers), and `perform`
   also logs the statement's text, as LMS's string back end prints it. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val inputs = ref [3, 5, 7, 2, 4]
fun computeA () = case !inputs of x :: rest => (pr ("  computeA -> " ^ pi x); inputs := rest; x) | [] => 0
fun computeB () = (pr "  computeB -> 10"; 10)

type rep = [int array -> int]
val nextSlot = ref 0
val block = ref ([] : [int array -> unit] list)
val listing = ref ([] : string list)
fun emitText s = listing := s :: !listing

fun perform (text : string, stm : rep) : string * rep =
    let val n = !nextSlot
        val name = "x" ^ pi n
        cogen s = stm
        cogen n' = lift n
    in nextSlot := n + 1;
       emitText ("val " ^ name ^ " = " ^ text);
       block := (code (fn regs => Array.update (regs, n', s regs))) :: !block;
       (name, code (fn regs => Array.sub (regs, n')))
    end

fun accumulate (f : unit -> string * rep) : string * rep =
    let val saved = !block
        val _ = block := []
        val (name, res) = f ()
        val stms = rev (!block)
        cogen r = res
        val body = foldr (fn (st, k) => let cogen st' = st cogen k' = k in code (fn regs => (st' regs; k' regs)) end)
                         (code (fn regs => r regs)) stms
    in block := saved; (name, body) end

fun liftInt n = let cogen n' = lift n in perform (pi n, code (fn _ => n')) end
fun times ((a, ca) : string * rep, (b, cb) : string * rep) =
    let cogen x = ca cogen y = cb in perform (a ^ " * " ^ b, code (fn regs => x regs * y regs)) end
fun plus ((a, ca) : string * rep, (b, cb) : string * rep) =
    let cogen x = ca cogen y = cb in perform (a ^ " + " ^ b, code (fn regs => x regs + y regs)) end
fun ifThenElse ((c, cc) : string * rep, a : unit -> string * rep, b : unit -> string * rep) =
    let val (an, ac) = accumulate a
        val (bn, bc) = accumulate b
        cogen c' = cc cogen a' = ac cogen b' = bc
    in perform ("if (" ^ c ^ " <> 0) {" ^ an ^ "} else {" ^ bn ^ "}", code (fn regs => if c' regs <> 0 then a' regs else b' regs)) end

fun power (b, 0) = liftInt 1
  | power (b, n) = times (b, power (b, n - 1))

fun compile (f : unit -> string * rep) : unit -> int =
    let val _ = (nextSlot := 0; listing := [])
        val (_, body) = accumulate f
        val size = !nextSlot
        val run = eval body
    in List.app (fn s => pr ("    " ^ s)) (rev (!listing));
       fn () => run (Array.array (size, 0))
    end

val _ = pr "generating the paper's example:"
val prog = compile (fn () =>
    let val x1 = perform ("computeA()", code (fn _ => computeA ()))
        val (x3name, x3) = accumulate (fn () => plus (perform ("computeB()", code (fn _ => computeB ())), x1))
        val x3' = perform ("{ ... " ^ x3name ^ " }", x3)
    in power (x3', 4) end)
val _ = pr "running it:"
val _ = pr ("result " ^ pi (prog ()))
val _ = pr ("result " ^ pi (prog ()))

(* without let-insertion: the effectful expression's code is spliced at each use *)
fun naivePower (b : [int], 0) : [int] = code 1
  | naivePower (b, n) = let cogen b' = b cogen r = naivePower (b, n - 1) in code (b' * r) end
val _ = pr "naive power: computeA runs at every use"
val _ = pr ("result " ^ pi (eval (naivePower (code (computeA ()), 3))))

(* a staged conditional: only the taken branch's statements run *)
val _ = inputs := [0, 9]
val cond = compile (fn () =>
    let val c = perform ("computeA()", code (fn _ => computeA ()))
    in ifThenElse (c, fn () => times (perform ("computeB()", code (fn _ => computeB ())), liftInt 2),
                      fn () => liftInt 42) end)
val _ = pr ("cond with 0: " ^ pi (cond ()))
val _ = pr ("cond with 9: " ^ pi (cond ()))
val _ = pr ("cond with nothing left: " ^ pi (cond ()))
