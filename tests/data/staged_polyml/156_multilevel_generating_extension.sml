(* Multi-level generating extensions after Glück and Jørgensen, "Efficient
   Multi-Level Generating Extensions for Program Specialization" (PLILP
   1995) and "An Automatic Program Generator for Multi-Level
   Specialization" (LISP and Symbolic Computation 1997): a program whose
   inputs have three binding times is turned into a generator of
   generators. Here a little stack-machine program is known at level 0,
   a table of named constants at level 1 and the input stack at level 2.
   The level-1 code handles exceptions raised while it generates level-2
   code (an unknown constant), and the level-2 code raises on stack
   underflow, handled at level 0. A log ref is shared by all levels. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype instr = Push of int | Const of string | Add | Mul | Sub | Dup | Swap | Drop | IfPos of instr list * instr list
exception Underflow of int
exception Unknown of string
val log = ref ([] : string list)
fun note s = log := s :: !log

(* level 0: the program; level 1: constants; level 2: the stack *)
fun gen (prog : instr list) : [(string * int) list -> [int list -> int list]] =
    let fun one (i : instr) (pos : int) : [(string * int) list -> [int list -> int list]] =
            let cogen p = lift pos in
              case i of
                  Push n => let cogen n' = lift n in code (fn _ => code (fn st => n' :: st)) end
                | Const name =>
                    let cogen nm = lift name
                    in code (fn consts =>
                         let val v = case List.find (fn (k, _) => k = nm) consts of SOME (_, v) => v | NONE => raise Unknown nm
                             cogen v' = lift v
                         in note ("level 1 resolved " ^ nm); code (fn st => v' :: st) end) end
                | Add => code (fn _ => code (fn (a :: b :: st) => b + a :: st | _ => raise Underflow p))
                | Mul => code (fn _ => code (fn (a :: b :: st) => b * a :: st | _ => raise Underflow p))
                | Sub => code (fn _ => code (fn (a :: b :: st) => b - a :: st | _ => raise Underflow p))
                | Dup => code (fn _ => code (fn (a :: st) => a :: a :: st | _ => raise Underflow p))
                | Swap => code (fn _ => code (fn (a :: b :: st) => b :: a :: st | _ => raise Underflow p))
                | Drop => code (fn _ => code (fn (_ :: st) => st | [] => raise Underflow p))
                | IfPos (t, e) =>
                    let cogen t' = seq (t, pos * 10) cogen e' = seq (e, pos * 10 + 5)
                    in code (fn consts => let cogen tc = t' consts cogen ec = e' consts
                                          in code (fn (a :: st) => if a > 0 then tc st else ec st | [] => raise Underflow p) end) end
            end
        and seq ([], _) = code (fn _ => code (fn st => st))
          | seq (i :: rest, pos) =
              let cogen first = one i pos cogen more = seq (rest, pos + 1)
              in code (fn consts => let cogen f = first consts cogen m = more consts in code (fn st => m (f st)) end) end
    in seq (prog, 0) end

fun show st = "[" ^ String.concatWith "," (map pi st) ^ "]"
(* x -> |x| * scale + offset *)
val prog = [Dup, IfPos ([], [Push 0, Swap, Sub]), Const "scale", Mul, Const "offset", Add]
val level1 = eval (gen prog)
fun withConsts consts = eval (level1 consts) handle Unknown n => (note ("missing " ^ n); fn _ => [~999])
val f1 = withConsts [("scale", 3), ("offset", 100)]
val f2 = withConsts [("offset", ~1), ("scale", 10)]
val f3 = withConsts [("scale", 2)]
val _ = List.app (fn x => pr (pi x ^ ": " ^ show (f1 [x]) ^ " " ^ show (f2 [x, 7]) ^ " " ^ show (f3 [x]))) [5, ~5, 0]
val _ = pr (show (f1 []) handle Underflow p => "underflow at instruction " ^ pi p)
val _ = pr (show (eval (eval (gen [Push 1, IfPos ([Drop, Add], [])]) []) [4]) handle Underflow p => "underflow at instruction " ^ pi p)
(* a long program: sum of squares of 1..30 pushed as constants *)
val squares = List.concat (List.tabulate (30, fn i => [Push (i + 1), Dup, Mul])) @ List.tabulate (29, fn _ => Add)
val _ = pr ("sum of squares: " ^ show (eval (eval (gen squares) []) []))
val _ = pr ("log: " ^ String.concatWith "; " (rev (!log)))
