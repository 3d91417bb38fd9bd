(* Generated code that raises and handles exceptions: a record validator
   compiled from a schema (each field's check raises Invalid with the field
   and the reason, caught per record to count failures), a safe calculator
   whose generated code turns Div and Overflow into a default, and a retry
   combinator generated around an operation that fails a known number of
   times. The program ends with an exception escaping the generated code. *)

datatype check = Range of int * int | NonEmpty | MaxLen of int | OneOf of string list
datatype field = IntField of string * check list | StrField of string * check list
datatype value = I of int | S of string

exception Invalid of string * string   (* field, reason *)
exception Shape of int                 (* wrong number or kind of values at this position *)

fun checkInt (name, Range (lo, hi), n) =
      if n < lo orelse n > hi then raise Invalid (name, Int.toString n ^ " not in " ^ Int.toString lo ^ ".." ^ Int.toString hi) else ()
  | checkInt (name, _, _) = ()
fun checkStr (name, NonEmpty, s) = if s = "" then raise Invalid (name, "empty") else ()
  | checkStr (name, MaxLen m, s) = if size s > m then raise Invalid (name, "longer than " ^ Int.toString m) else ()
  | checkStr (name, OneOf ok, s) = if List.exists (fn x => x = s) ok then () else raise Invalid (name, "unknown " ^ s)
  | checkStr (_, Range _, _) = ()

(* the interpreter *)
fun validate (schema : field list) (vs : value list) : unit =
  let fun go (_, [], []) = ()
        | go (i, IntField (n, cs) :: fs, I x :: rest) = (app (fn c => checkInt (n, c, x)) cs; go (i + 1, fs, rest))
        | go (i, StrField (n, cs) :: fs, S x :: rest) = (app (fn c => checkStr (n, c, x)) cs; go (i + 1, fs, rest))
        | go (i, _, _) = raise Shape i
  in go (0, schema, vs) end

(* the compiler: one generated test per check, the schema gone *)
fun genInt (name : string) (c : check) : [int -> unit] =
  case c of
    Range (lo, hi) =>
      let cogen lo' = lift lo cogen hi' = lift hi cogen n' = lift name
          cogen msg = lift (" not in " ^ Int.toString lo ^ ".." ^ Int.toString hi)
      in code (fn n => if n < lo' orelse n > hi' then raise Invalid (n', Int.toString n ^ msg) else ()) end
  | _ => code (fn _ => ())

fun genStr (name : string) (c : check) : [string -> unit] =
  let cogen n' = lift name
  in case c of
       NonEmpty => code (fn s => if s = "" then raise Invalid (n', "empty") else ())
     | MaxLen m => let cogen m' = lift m cogen msg = lift ("longer than " ^ Int.toString m)
                   in code (fn s => if size s > m' then raise Invalid (n', msg) else ()) end
     | OneOf ok => let fun test [] = code (fn s => raise Invalid (n', "unknown " ^ s))
                         | test (w :: ws) = let cogen w' = lift w cogen r = test ws in code (fn s => if s = w' then () else r s) end
                   in test ok end
     | Range _ => code (fn _ => ())
  end

fun genAll (g : 'a -> ['b -> unit]) (cs : 'a list) : ['b -> unit] =
  foldr (fn (c, rest) => let cogen t = g c cogen r = rest in code (fn x => (t x; r x)) end) (code (fn _ => ())) cs

fun genValidate (schema : field list) : [value list -> unit] =
  let fun go (i, []) = let cogen i' = lift i in code (fn [] => () | _ => raise Shape i') end
        | go (i, f :: fs) =
            let cogen i' = lift i
                cogen rest = go (i + 1, fs)
            in case f of
                 IntField (n, cs) => let cogen t = genAll (genInt n) cs
                                     in code (fn I x :: vs => (t x; rest vs) | _ => raise Shape i') end
               | StrField (n, cs) => let cogen t = genAll (genStr n) cs
                                     in code (fn S x :: vs => (t x; rest vs) | _ => raise Shape i') end
            end
  in go (0, schema) end

val schema = [StrField ("name", [NonEmpty, MaxLen 8]), IntField ("age", [Range (0, 150)]),
              StrField ("role", [OneOf ["admin", "user", "guest"]]), IntField ("level", [Range (1, 5), Range (1, 3)])]

val records = [[S "ann", I 34, S "admin", I 2], [S "", I 20, S "user", I 1], [S "bartholomew", I 20, S "user", I 1],
               [S "cy", I ~1, S "user", I 1], [S "dee", I 40, S "root", I 1], [S "eve", I 40, S "guest", I 4],
               [S "fay", I 40, S "guest"], [I 3, I 40, S "guest", I 1], [S "gus", I 150, S "guest", I 3, I 9]]

fun outcome f r = (f r; "ok") handle Invalid (fld, why) => fld ^ ": " ^ why | Shape i => "shape at " ^ Int.toString i

val v = eval (genValidate schema)
val _ = app (fn r => let val a = outcome v r val b = outcome (validate schema) r
                     in print (a ^ (if a = b then "" else "   INTERPRETER: " ^ b) ^ "\n") end) records

(* counting failures by handling in generated code *)
fun genCount (schema : field list) : [value list list -> int * int] =
  let cogen v = genValidate schema
  in code (fn rs => foldl (fn (r, (ok, bad)) => (v r; (ok + 1, bad)) handle Invalid _ => (ok, bad + 1) | Shape _ => (ok, bad + 1)) (0, 0) rs) end
val (ok, bad) = eval (genCount schema) records
val _ = print (Int.toString ok ^ " valid, " ^ Int.toString bad ^ " invalid\n")

(* a safe calculator: division and overflow handled in the generated code *)
datatype expr = N of int | Plus of expr * expr | Times of expr * expr | Quot of expr * expr | X
fun genExpr (e : expr) : [int -> int] =
  case e of
    N n => let cogen n' = lift n in code (fn _ => n') end
  | X => code (fn x => x)
  | Plus (a, b) => let cogen a' = genExpr a cogen b' = genExpr b in code (fn x => a' x + b' x) end
  | Times (a, b) => let cogen a' = genExpr a cogen b' = genExpr b in code (fn x => a' x * b' x) end
  | Quot (a, b) => let cogen a' = genExpr a cogen b' = genExpr b in code (fn x => a' x div b' x) end
fun genSafe (e : expr) (default : int) : [int -> int] =
  let cogen f = genExpr e cogen d = lift default
  in code (fn x => f x handle Div => d | Overflow => d - 1) end
val e1 = Plus (Quot (N 100, X), Times (X, Times (X, X)))
val safe = eval (genSafe e1 ~1000)
val _ = print (String.concatWith " " (map (fn x => Int.toString (safe x)) [~3, ~1, 0, 1, 5, 3000000, 2097152]) ^ "\n")

(* retry: the generated code calls op up to n times, handling Fail each time but the last *)
fun genRetry (n : int) : [(unit -> int) -> int] =
  if n <= 1 then code (fn f => f ())
  else let cogen r = genRetry (n - 1) in code (fn f => f () handle Fail _ => r f) end
val attempts = ref 0
fun flaky k () = (attempts := !attempts + 1; if !attempts < k then raise Fail ("attempt " ^ Int.toString (!attempts)) else 42)
val retry3 = eval (genRetry 3)
val _ = (attempts := 0; print ("after 2 failures: " ^ Int.toString (retry3 (flaky 3)) ^ " in " ^ Int.toString (!attempts) ^ " attempts\n"))
val _ = (attempts := 0; print ((Int.toString (retry3 (flaky 4))) handle Fail m => "gave up at " ^ m ^ "\n"))
(* and finally a validation failure that nobody handles *)
val _ = print "validating the last record unprotected\n"
val _ = v [S "zed", I 200, S "user", I 1]
val _ = print "not reached\n"
