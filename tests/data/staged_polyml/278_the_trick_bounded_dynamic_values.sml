(* "The Trick" of partial evaluation (a binding-time improvement named in
   the automatic-staging and online-PE literature): a dynamic value known
   to lie in a small static set is compared against each member in the
   generated code; inside each branch the value is static again, so the
   branch can be specialised to it.  Used three times: power with a
   run-time exponent from 0..6, a run-time weekday index mapped through a
   static table (lengths and checksums computed at generation time), and
   a tiny bytecode interpreter whose run-time opcodes come from a static
   instruction set. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Outside of int

val branches = ref 0

(* the trick itself: code that dispatches on d and runs the branch specialised to it *)
fun trick (values : int list, branch : int -> ['a -> 'b]) : [int -> 'a -> 'b] =
    case values of
        [] => code (fn d => fn _ => raise Outside d)
      | v :: vs =>
          let val _ = branches := !branches + 1
              cogen here = branch v
              cogen others = trick (vs, branch)
              cogen vv = lift v
          in code (fn d => fn x => if d = vv then here x else others d x) end

(* 1. power with a dynamic exponent in 0..6 *)
fun power e : [int -> int] =
    if e = 0 then code (fn _ => 1)
    else let cogen p = power (e - 1) in code (fn x => x * p x) end
fun slowPower (x, e) = if e = 0 then 1 else x * slowPower (x, e - 1)

val _ = branches := 0
val dynPower = eval (trick ([0, 1, 2, 3, 4, 5, 6], power))
val _ = pr ("power: " ^ pi (!branches) ^ " branches")
val _ = app (fn (x, e) => pr ("  " ^ pi x ^ "^" ^ pi e ^ " = " ^ pi (dynPower e x) ^ " / " ^ pi (slowPower (x, e))))
            [(2, 0), (2, 6), (3, 4), (~5, 3), (10, 5), (7, 1)]
val _ = pr ("  2^9: " ^ (pi (dynPower 9 2) handle Outside d => "exponent " ^ pi d ^ " is outside the set"))

(* 2. a run-time index into a static table: each branch knows its entry *)
val days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
fun checksum s = CharVector.foldl (fn (c, h) => (h * 31 + ord c) mod 1000003) 7 s
val computed = ref 0
fun dayBranch i : [string -> string] =
    let val name = List.nth (days, i)
        val _ = computed := !computed + 1
        cogen n = lift name
        cogen len = lift (size name)
        cogen sum = lift (checksum name)
    in code (fn prefix => prefix ^ n ^ " (" ^ pi len ^ " letters, checksum " ^ pi sum ^ ")") end
val _ = branches := 0
val describe = eval (trick ([0, 1, 2, 3, 4, 5, 6], dayBranch))
val _ = pr ("weekdays: " ^ pi (!branches) ^ " branches, " ^ pi (!computed) ^ " entries computed at generation")
val _ = app (fn d => pr ("  " ^ describe d ("day " ^ pi d ^ ": "))) [4, 0, 6, 2]
val _ = pr ("  entries computed after the calls: " ^ pi (!computed))

(* 3. bytecode whose opcodes are dynamic but drawn from a static set:
      0 push k, 1 add, 2 mul, 3 dup, 4 neg; each instruction is (op, arg) *)
fun opBranch opc : [int * int list -> int list] =
    case opc of
        0 => code (fn (k, st) => k :: st)
      | 1 => code (fn (_, a :: b :: st) => b + a :: st | (_, st) => st)
      | 2 => code (fn (_, a :: b :: st) => b * a :: st | (_, st) => st)
      | 3 => code (fn (_, a :: st) => a :: a :: st | (_, st) => st)
      | _ => code (fn (_, a :: st) => ~a :: st | (_, st) => st)
val _ = branches := 0
val step = eval (trick ([0, 1, 2, 3, 4], opBranch))
fun runProg prog = List.foldl (fn ((opc, k), st) => step opc (k, st)) [] prog
fun slowStep ((0, k), st) = k :: st
  | slowStep ((1, _), a :: b :: st) = b + a :: st
  | slowStep ((2, _), a :: b :: st) = b * a :: st
  | slowStep ((3, _), a :: st) = a :: a :: st
  | slowStep ((4, _), a :: st) = ~a :: st
  | slowStep ((opc, _), _) = raise Outside opc
fun showStack st = "[" ^ String.concatWith "," (map pi st) ^ "]"
val progs = [[(0, 3), (0, 4), (1, 0), (3, 0), (2, 0)],
             [(0, 5), (4, 0), (0, 2), (2, 0), (0, 1), (1, 0)],
             [(0, 7), (3, 0), (3, 0), (2, 0), (2, 0)]]
val _ = pr ("bytecode: " ^ pi (!branches) ^ " branches")
val _ = app (fn p => pr ("  " ^ showStack (runProg p) ^ " / " ^ showStack (List.foldl slowStep [] p))) progs
val _ = pr ("  opcode 9: " ^ (showStack (runProg [(0, 1), (9, 0)]) handle Outside d => "opcode " ^ pi d ^ " rejected"))
