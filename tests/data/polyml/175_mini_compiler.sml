(* A compiler for arithmetic with let-bound variables and conditionals:
   constant folding, code generation to a stack machine with local
   slots, a peephole pass, and random differential testing against a
   direct interpreter.  Overflow and division by zero must agree. *)

datatype exp =
    Const of int
  | Var of string
  | Add of exp * exp
  | Sub of exp * exp
  | Mul of exp * exp
  | Quo of exp * exp         (* not Div, which would hide the exception *)
  | Let of string * exp * exp
  | IfZero of exp * exp * exp

datatype ins = IPush of int | ILoad of int | IStore of int | IAdd | ISub | IMul | IDiv
             | IJmp of int | IJz of int | ILabel of int | IPop

exception Unbound of string
exception Machine of string

(* --- direct interpreter --- *)
fun interp env e =
  case e of
    Const n => n
  | Var x => (case List.find (fn (y, _) => x = y) env of SOME (_, v) => v | NONE => raise Unbound x)
  | Add (a, b) => interp env a + interp env b
  | Sub (a, b) => interp env a - interp env b
  | Mul (a, b) => interp env a * interp env b
  | Quo (a, b) => interp env a div interp env b
  | Let (x, a, b) => interp ((x, interp env a) :: env) b
  | IfZero (c, a, b) => if interp env c = 0 then interp env a else interp env b

(* --- constant folding: only where it cannot change an exception --- *)
fun fold e =
  case e of
    Add (a, b) => (case (fold a, fold b) of
                     (Const 0, b') => b'
                   | (a', Const 0) => a'
                   | (Const x, Const y) => (Const (x + y) handle Overflow => Add (Const x, Const y))
                   | (a', b') => Add (a', b'))
  | Sub (a, b) => (case (fold a, fold b) of
                     (a', Const 0) => a'
                   | (Const x, Const y) => (Const (x - y) handle Overflow => Sub (Const x, Const y))
                   | (a', b') => Sub (a', b'))
  | Mul (a, b) => (case (fold a, fold b) of
                     (Const 1, b') => b'
                   | (a', Const 1) => a'
                   | (Const x, Const y) => (Const (x * y) handle Overflow => Mul (Const x, Const y))
                   | (a', b') => Mul (a', b'))
  | Quo (a, b) => (case (fold a, fold b) of
                     (a', Const 1) => a'
                   | (Const x, Const y) => (Const (x div y) handle Div => Quo (Const x, Const y)
                                                             | Overflow => Quo (Const x, Const y))
                   | (a', b') => Quo (a', b'))
  | Let (x, a, b) => Let (x, fold a, fold b)
  | IfZero (c, a, b) => (case fold c of
                           Const 0 => fold a
                         | Const _ => fold b
                         | c' => IfZero (c', fold a, fold b))
  | e => e

(* --- code generation: variables live in numbered slots --- *)
local
  val labelCounter = ref 0
  fun newLabel () = (labelCounter := !labelCounter + 1; !labelCounter)
in
  fun codegen e =
    let
      fun gen (env, depth) e k =
        case e of
          Const n => IPush n :: k
        | Var x => (case List.find (fn (y, _) => x = y) env of
                      SOME (_, slot) => ILoad slot :: k
                    | NONE => raise Unbound x)
        | Add (a, b) => gen (env, depth) a (gen (env, depth) b (IAdd :: k))
        | Sub (a, b) => gen (env, depth) a (gen (env, depth) b (ISub :: k))
        | Mul (a, b) => gen (env, depth) a (gen (env, depth) b (IMul :: k))
        | Quo (a, b) => gen (env, depth) a (gen (env, depth) b (IDiv :: k))
        | Let (x, a, b) => gen (env, depth) a (IStore depth :: gen ((x, depth) :: env, depth + 1) b k)
        | IfZero (c, a, b) =>
            let val lElse = newLabel () and lEnd = newLabel ()
            in gen (env, depth) c
                 (IJz lElse :: gen (env, depth) b (IJmp lEnd :: ILabel lElse :: gen (env, depth) a (ILabel lEnd :: k)))
            end
    in labelCounter := 0; gen ([], 0) e [] end
end

(* IJz jumps when the value is zero, so the zero branch is at the label. *)
fun peephole code =
  case code of
    IPush _ :: IPop :: rest => peephole rest
    | IStore s :: ILoad s' :: rest =>
        if s = s' then IStore s :: ILoad s :: peephole rest else IStore s :: peephole (ILoad s' :: rest)
    | IJmp l :: ILabel l' :: rest => if l = l' then ILabel l' :: peephole rest else IJmp l :: peephole (ILabel l' :: rest)
    | i :: rest => i :: peephole rest
    | [] => []

fun execute code =
  let
    val prog = Vector.fromList code
    val labels = Vector.foldli (fn (i, ILabel l, acc) => (l, i) :: acc | (_, _, acc) => acc) [] prog
    fun addr l = case List.find (fn (l', _) => l = l') labels of SOME (_, i) => i | NONE => raise Machine "label"
    val slots = Array.array (64, 0)
    fun run (pc, stack) =
      if pc = Vector.length prog then
        (case stack of [v] => v | _ => raise Machine ("final stack of " ^ Int.toString (length stack)))
      else
        case (Vector.sub (prog, pc), stack) of
          (IPush n, s) => run (pc + 1, n :: s)
        | (ILoad i, s) => run (pc + 1, Array.sub (slots, i) :: s)
        | (IStore i, v :: s) => (Array.update (slots, i, v); run (pc + 1, s))
        | (IAdd, b :: a :: s) => run (pc + 1, a + b :: s)
        | (ISub, b :: a :: s) => run (pc + 1, a - b :: s)
        | (IMul, b :: a :: s) => run (pc + 1, a * b :: s)
        | (IDiv, b :: a :: s) => run (pc + 1, a div b :: s)
        | (IJmp l, s) => run (addr l, s)
        | (IJz l, v :: s) => if v = 0 then run (addr l, s) else run (pc + 1, s)
        | (ILabel _, s) => run (pc + 1, s)
        | (IPop, _ :: s) => run (pc + 1, s)
        | (_, _) => raise Machine ("stack underflow at " ^ Int.toString pc)
  in run (0, []) end

fun showIns i =
  case i of
    IPush n => "push " ^ Int.toString n | ILoad s => "load " ^ Int.toString s
  | IStore s => "store " ^ Int.toString s | IAdd => "add" | ISub => "sub" | IMul => "mul"
  | IDiv => "div" | IJmp l => "jmp L" ^ Int.toString l | IJz l => "jz L" ^ Int.toString l
  | ILabel l => "L" ^ Int.toString l ^ ":" | IPop => "pop"

fun showExp e =
  case e of
    Const n => Int.toString n
  | Var x => x
  | Add (a, b) => "(" ^ showExp a ^ " + " ^ showExp b ^ ")"
  | Sub (a, b) => "(" ^ showExp a ^ " - " ^ showExp b ^ ")"
  | Mul (a, b) => "(" ^ showExp a ^ " * " ^ showExp b ^ ")"
  | Quo (a, b) => "(" ^ showExp a ^ " / " ^ showExp b ^ ")"
  | Let (x, a, b) => "let " ^ x ^ " = " ^ showExp a ^ " in " ^ showExp b ^ " end"
  | IfZero (c, a, b) => "ifz " ^ showExp c ^ " then " ^ showExp a ^ " else " ^ showExp b

datatype outcome = Value of int | Raised of string
fun outcome f = Value (f ()) handle Overflow => Raised "Overflow" | Div => Raised "Div"
                                   | Unbound x => Raised ("Unbound " ^ x)
fun showOutcome (Value n) = Int.toString n
  | showOutcome (Raised s) = "raises " ^ s

val sample =
  Let ("x", Add (Const 3, Const 4),
       Let ("y", Mul (Var "x", Sub (Var "x", Const 1)),
            IfZero (Sub (Var "y", Const 42), Quo (Var "y", Const 0), Add (Var "y", Mul (Const 1, Var "x")))))

val () = print (showExp sample ^ "\n")
val () = print (showExp (fold sample) ^ "\n")
val () = List.app (fn i => print ("  " ^ showIns i ^ "\n")) (peephole (codegen (fold sample)))
val () = print ("interp: " ^ showOutcome (outcome (fn () => interp [] sample)) ^ ", compiled: " ^
                showOutcome (outcome (fn () => execute (peephole (codegen (fold sample))))) ^ "\n")

(* Random expressions over a few variables and awkward constants. *)
val seed = ref 2024
fun rand n = (seed := (!seed * 48271) mod 2147483647; !seed mod n)
val consts = Vector.fromList [0, 1, 2, 7, ~3, 100, 4611686018427387903, ~4611686018427387904, 1000000000]
val names = Vector.fromList ["a", "b", "c"]

fun genExp (depth, scope) =
  if depth = 0 orelse rand 5 = 0 then
    (case (scope, rand 3) of
       (_ :: _, 0) => Var (List.nth (scope, rand (length scope)))
     | _ => Const (Vector.sub (consts, rand (Vector.length consts))))
  else
    case rand 7 of
      0 => Add (genExp (depth - 1, scope), genExp (depth - 1, scope))
    | 1 => Sub (genExp (depth - 1, scope), genExp (depth - 1, scope))
    | 2 => Mul (genExp (depth - 1, scope), genExp (depth - 1, scope))
    | 3 => Quo (genExp (depth - 1, scope), genExp (depth - 1, scope))
    | 4 => let val x = Vector.sub (names, rand 3)
           in Let (x, genExp (depth - 1, scope), genExp (depth - 1, x :: scope)) end
    | _ => IfZero (genExp (depth - 1, scope), genExp (depth - 1, scope), genExp (depth - 1, scope))

fun tally trials =
  let
    val agree = ref 0 and values = ref 0 and overflows = ref 0 and divs = ref 0
    fun one _ =
      let val e = genExp (5, [])
          val r1 = outcome (fn () => interp [] e)
          val r2 = outcome (fn () => interp [] (fold e))
          val r3 = outcome (fn () => execute (peephole (codegen (fold e))))
      in
        if r1 = r2 andalso r2 = r3 then agree := !agree + 1
        else print ("MISMATCH " ^ showExp e ^ ": " ^ showOutcome r1 ^ " / " ^ showOutcome r2 ^ " / " ^ showOutcome r3 ^ "\n");
        case r1 of
          Value _ => values := !values + 1
        | Raised "Overflow" => overflows := !overflows + 1
        | Raised "Div" => divs := !divs + 1
        | Raised _ => ()
      end
  in
    List.app one (List.tabulate (trials, fn i => i));
    print (Int.toString (!agree) ^ "/" ^ Int.toString trials ^ " agree; " ^ Int.toString (!values) ^ " values, "
           ^ Int.toString (!overflows) ^ " overflows, " ^ Int.toString (!divs) ^ " divisions by zero\n")
  end

val () = tally 400
val () = print (showExp (genExp (3, ["a"])) ^ "\n")
val _ = execute (codegen (Var "free"))
