(* A type checker and evaluator for a small typed language whose syntax
   is mutually recursive (expressions contain declarations and the other
   way round), with error messages collected rather than raised, local
   infix operators, and environments as functions. *)

datatype ty = TInt | TBool | TArrow of ty * ty | TList of ty | TTuple of ty list

datatype exp =
    EInt of int
  | EBool of bool
  | EVar of string
  | EApp of exp * exp
  | EFn of string * ty * exp
  | ELet of dec list * exp
  | EIf of exp * exp * exp
  | EPrim of string * exp list
  | ETuple of exp list
  | ESel of int * exp
  | ENil of ty
  | ECons of exp * exp
  | ECase of exp * exp * string * string * exp        (* case e of [] => e1 | x :: xs => e2 *)
and dec =
    DVal of string * exp
  | DFun of string * string * ty * ty * exp            (* fun f (x : t1) : t2 = e *)
  | DSeq of dec list

fun tyStr t =
  case t of
    TInt => "int"
  | TBool => "bool"
  | TArrow (a as TArrow _, b) => "(" ^ tyStr a ^ ") -> " ^ tyStr b
  | TArrow (a, b) => tyStr a ^ " -> " ^ tyStr b
  | TList (a as TArrow _) => "(" ^ tyStr a ^ ") list"
  | TList a => tyStr a ^ " list"
  | TTuple [] => "unit"
  | TTuple ts => "(" ^ String.concatWith " * " (map tyStr ts) ^ ")"

exception TypeErr of string

(* Environments are functions; extension shadows. *)
type 'a env = string -> 'a option
val empty : 'a env = fn _ => NONE

local
  infix 1 |->
  fun (x |-> v) env = fn y => if x = y then SOME v else env y
in
  fun bind (env, x, v) = (x |-> v) env
end

fun primType (name, argTys) =
  let fun expect ts result =
        if ts = argTys then result
        else raise TypeErr ("primitive " ^ name ^ " expects " ^ tyStr (TTuple ts) ^ " but got " ^ tyStr (TTuple argTys))
  in
    if List.exists (fn p => p = name) ["+", "-", "*", "div"] then expect [TInt, TInt] TInt
    else if List.exists (fn p => p = name) ["<", "="] then expect [TInt, TInt] TBool
    else if name = "not" then expect [TBool] TBool
    else raise TypeErr ("unknown primitive " ^ name)
  end

fun check env e =
  case e of
    EInt _ => TInt
  | EBool _ => TBool
  | EVar x => (case env x of SOME t => t | NONE => raise TypeErr ("unbound " ^ x))
  | EApp (f, a) =>
      (case (check env f, check env a) of
         (TArrow (t1, t2), t) => if t = t1 then t2
                                 else raise TypeErr ("argument is " ^ tyStr t ^ ", expected " ^ tyStr t1)
       | (t, _) => raise TypeErr ("applying a non-function of type " ^ tyStr t))
  | EFn (x, t, body) => TArrow (t, check (bind (env, x, t)) body)
  | ELet (ds, body) => check (checkDecs env ds) body
  | EIf (c, a, b) =>
      (case check env c of
         TBool => let val ta = check env a and tb = check env b
                  in if ta = tb then ta else raise TypeErr ("branches differ: " ^ tyStr ta ^ " vs " ^ tyStr tb) end
       | t => raise TypeErr ("condition has type " ^ tyStr t))
  | EPrim (p, args) => primType (p, map (check env) args)
  | ETuple es => TTuple (map (check env) es)
  | ESel (i, e) =>
      (case check env e of
         TTuple ts => (List.nth (ts, i - 1) handle Subscript => raise TypeErr ("no component " ^ Int.toString i))
       | t => raise TypeErr ("selecting from " ^ tyStr t))
  | ENil t => TList t
  | ECons (h, t) =>
      (case (check env h, check env t) of
         (th, TList te) => if th = te then TList te else raise TypeErr ("cons of " ^ tyStr th ^ " onto " ^ tyStr (TList te))
       | (_, t) => raise TypeErr ("cons onto " ^ tyStr t))
  | ECase (scrut, nilCase, x, xs, consCase) =>
      (case check env scrut of
         TList t =>
           let val t1 = check env nilCase
               val t2 = check (bind (bind (env, x, t), xs, TList t)) consCase
           in if t1 = t2 then t1 else raise TypeErr ("case arms differ: " ^ tyStr t1 ^ " vs " ^ tyStr t2) end
       | t => raise TypeErr ("case on " ^ tyStr t))

and checkDecs env ds = foldl (fn (d, env) => checkDec env d) env ds

and checkDec env d =
  case d of
    DVal (x, e) => bind (env, x, check env e)
  | DFun (f, x, t1, t2, body) =>
      let val env' = bind (env, f, TArrow (t1, t2))
          val tb = check (bind (env', x, t1)) body
      in if tb = t2 then env' else raise TypeErr ("body of " ^ f ^ " has type " ^ tyStr tb ^ ", declared " ^ tyStr t2) end
  | DSeq ds => checkDecs env ds

(* --- evaluation --- *)
datatype value = VInt of int | VBool of bool | VFun of value -> value | VList of value list | VTuple of value list

fun showV v =
  case v of
    VInt n => Int.toString n
  | VBool b => Bool.toString b
  | VFun _ => "fn"
  | VList vs => "[" ^ String.concatWith "," (map showV vs) ^ "]"
  | VTuple vs => "(" ^ String.concatWith "," (map showV vs) ^ ")"

fun eval env e =
  case e of
    EInt n => VInt n
  | EBool b => VBool b
  | EVar x => valOf (env x)
  | EApp (f, a) => (case eval env f of VFun g => g (eval env a) | _ => raise Match)
  | EFn (x, _, body) => VFun (fn v => eval (bind (env, x, v)) body)
  | ELet (ds, body) => eval (evalDecs env ds) body
  | EIf (c, a, b) => (case eval env c of VBool true => eval env a | _ => eval env b)
  | EPrim (p, args) =>
      (case (p, map (eval env) args) of
         ("+", [VInt a, VInt b]) => VInt (a + b)
       | ("-", [VInt a, VInt b]) => VInt (a - b)
       | ("*", [VInt a, VInt b]) => VInt (a * b)
       | ("div", [VInt a, VInt b]) => VInt (a div b)
       | ("<", [VInt a, VInt b]) => VBool (a < b)
       | ("=", [VInt a, VInt b]) => VBool (a = b)
       | ("not", [VBool b]) => VBool (not b))
  | ETuple es => VTuple (map (eval env) es)
  | ESel (i, e) => (case eval env e of VTuple vs => List.nth (vs, i - 1))
  | ENil _ => VList []
  | ECons (h, t) => (case eval env t of VList vs => VList (eval env h :: vs))
  | ECase (s, n, x, xs, c) =>
      (case eval env s of
         VList [] => eval env n
       | VList (v :: vs) => eval (bind (bind (env, x, v), xs, VList vs)) c)

and evalDecs env ds = foldl (fn (d, env) => evalDec env d) env ds

and evalDec env d =
  case d of
    DVal (x, e) => bind (env, x, eval env e)
  | DFun (f, x, _, _, body) =>
      (* the function's environment includes itself: tie the knot through a ref *)
      let val self = ref (fn _ : value => VInt 0)
          val envRef = ref env
          val fv = VFun (fn v => !self v)
          val env' = bind (env, f, fv)
      in self := (fn v => eval (bind (env', x, v)) body); envRef := env'; env' end
  | DSeq ds => evalDecs env ds

fun run (name, e) =
  let val t = check empty e
  in print (name ^ " : " ^ tyStr t ^ " = " ^ showV (eval empty e) ^ "\n") end
  handle TypeErr m => print (name ^ " : TYPE ERROR " ^ m ^ "\n")
       | Div => print (name ^ " : division by zero\n")

(* helpers to build programs *)
fun v x = EVar x
fun app2 (f, a, b) = EApp (EApp (f, a), b)
val intList = TList TInt
fun list xs = foldr (fn (x, acc) => ECons (EInt x, acc)) (ENil TInt) xs

val lengthDec = DFun ("length", "l", intList, TInt,
                      ECase (v "l", EInt 0, "h", "t", EPrim ("+", [EInt 1, EApp (v "length", v "t")])))
val sumDec = DFun ("sum", "l", intList, TInt, ECase (v "l", EInt 0, "h", "t", EPrim ("+", [v "h", EApp (v "sum", v "t")])))
val mapDec = DFun ("map", "f", TArrow (TInt, TInt), TArrow (intList, intList),
                   EFn ("l", intList, ECase (v "l", ENil TInt, "h", "t", ECons (EApp (v "f", v "h"), app2 (v "map", v "f", v "t")))))
val factDec = DFun ("fact", "n", TInt, TInt, EIf (EPrim ("<", [v "n", EInt 1]), EInt 1, EPrim ("*", [v "n", EApp (v "fact", EPrim ("-", [v "n", EInt 1]))])))
val rangeDec = DFun ("range", "n", TInt, intList,
                     EIf (EPrim ("=", [v "n", EInt 0]), ENil TInt, ECons (v "n", EApp (v "range", EPrim ("-", [v "n", EInt 1])))))

val programs = [
  ("arith", EPrim ("+", [EInt 2, EPrim ("*", [EInt 3, EInt 4])])),
  ("length", ELet ([lengthDec], EApp (v "length", list [5, 6, 7, 8]))),
  ("sum-map", ELet ([DSeq [sumDec, mapDec]], EApp (v "sum", app2 (v "map", EFn ("x", TInt, EPrim ("*", [v "x", v "x"])), list [1, 2, 3, 4])))),
  ("fact", ELet ([factDec], ETuple [EApp (v "fact", EInt 10), EApp (v "fact", EInt 20)])),
  ("range", ELet ([rangeDec, sumDec], ETuple [EApp (v "range", EInt 5), EApp (v "sum", EApp (v "range", EInt 1000))])),
  ("select", ESel (2, ETuple [EInt 1, EBool false, ENil TBool])),
  ("curried", ELet ([DVal ("add", EFn ("a", TInt, EFn ("b", TInt, EPrim ("+", [v "a", v "b"]))))], EApp (v "add", EInt 1))),
  ("shadow", ELet ([DVal ("x", EInt 1), DVal ("x", EBool true)], EPrim ("not", [v "x"]))),
  ("bad-if", EIf (EInt 1, EInt 2, EInt 3)),
  ("bad-branches", EIf (EBool true, EInt 2, EBool false)),
  ("bad-app", EApp (EInt 3, EInt 4)),
  ("bad-arg", ELet ([factDec], EApp (v "fact", EBool true))),
  ("bad-prim", EPrim ("+", [EInt 1, EBool true])),
  ("unknown-prim", EPrim ("pow", [EInt 1, EInt 2])),
  ("bad-select", ESel (3, ETuple [EInt 1])),
  ("bad-cons", ECons (EBool true, list [1])),
  ("bad-fun", ELet ([DFun ("f", "x", TInt, TBool, v "x")], EInt 0)),
  ("unbound", EPrim ("+", [v "y", EInt 1])),
  ("div-zero", EPrim ("div", [EInt 1, EPrim ("-", [EInt 2, EInt 2])])),
  ("higher", ELet ([mapDec, DVal ("twice", EFn ("f", TArrow (TInt, TInt), EFn ("x", TInt, EApp (v "f", EApp (v "f", v "x")))))],
                   app2 (v "map", EApp (v "twice", EFn ("n", TInt, EPrim ("*", [v "n", EInt 3]))), list [1, 2, 3])))
]

val () = List.app run programs
val () = print (tyStr (TArrow (TArrow (TInt, TBool), TList (TArrow (TInt, TTuple [TInt, TBool, TTuple []])))) ^ "\n")
(* Evaluating an ill-typed program without checking it fails in the evaluator. *)
val _ = eval empty (EPrim ("+", [EInt 1, EBool true]))
