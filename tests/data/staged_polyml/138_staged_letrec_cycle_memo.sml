(* Staged recursive functions whose call graph has cycles. Rompf's LMS
   chapter (seed 002, "staged functions"): def foo(x: Rep[Int]) = { val f =
   (x: Rep[Int]) => foo(x + 1); lambda(f) ... } unfolds forever unless the
   generator remembers which functions it has already generated; and
   Yallop and Kiselyov, "Generating Mutually Recursive Definitions" (PEPM
   2019): letrec insertion for an unknown number of mutually recursive
   functions (even/odd and beyond). MetaOCaml's letrec insertion binds the
   functions as open code variables; ML□'s code is closed, so each
   generated function receives the table of all generated functions at
   run time (the closed modal analogue), filled once generation is done. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype exp = Arg | Num of int | Add of exp * exp | Sub of exp * exp | Mul of exp * exp
             | Div of exp * exp | Mod of exp * exp | If0 of exp * exp * exp | Call of string * exp

exception Undefined of string
type fnTable = (int -> int) array

(* memo: name -> slot; functions are generated once, in the order first met *)
fun compileProgram (defs : (string * exp) list) (main : string) : int -> int =
    let val slots = ref ([] : (string * int) list)
        val generated = ref ([] : (int * [fnTable -> int -> int]) list)
        fun slotOf name =
            case List.find (fn (n, _) => n = name) (!slots) of
                SOME (_, s) => s
              | NONE =>
                  let val s = length (!slots)
                      val body = case List.find (fn (n, _) => n = name) defs of
                                     SOME (_, b) => b | NONE => raise Undefined name
                  in slots := (name, s) :: !slots;
                     generated := (s, genFun body) :: !generated;   (* after the slot: cycles stop here *)
                     s
                  end
        and genFun body : [fnTable -> int -> int] = let cogen b = gen body in code (fn tbl => fn x => b (tbl, x)) end
        and gen e : [fnTable * int -> int] =
            case e of
                Arg => code (fn (_, x) => x)
              | Num n => let cogen n' = lift n in code (fn _ => n') end
              | Add (a, b) => bin (a, b, code (op +))
              | Sub (a, b) => bin (a, b, code (op -))
              | Mul (a, b) => bin (a, b, code (op * ))
              | Div (a, b) => bin (a, b, code (op div))
              | Mod (a, b) => bin (a, b, code (op mod))
              | If0 (c, t, f) => let cogen c' = gen c cogen t' = gen t cogen f' = gen f
                                 in code (fn env => if c' env = 0 then t' env else f' env) end
              | Call (name, a) => let cogen s = lift (slotOf name) cogen a' = gen a
                                  in code (fn (tbl, x) => Array.sub (tbl, s) (a' (tbl, x))) end
        and bin (a, b, f) = let cogen a' = gen a cogen b' = gen b cogen f' = f in code (fn env => f' (a' env, b' env)) end
        val mainSlot = slotOf main
        val n = length (!slots)
        val tbl = Array.array (n, fn _ => 0)
    in pr ("  generated " ^ pi n ^ " functions for " ^ main);
       List.app (fn (s, g) => let val f = eval g in Array.update (tbl, s, f tbl) end) (!generated);
       Array.sub (tbl, mainSlot)
    end

val defs =
  [("fact", If0 (Arg, Num 1, Mul (Arg, Call ("fact", Sub (Arg, Num 1))))),
   ("even", If0 (Arg, Num 1, Call ("odd", Sub (Arg, Num 1)))),
   ("odd", If0 (Arg, Num 0, Call ("even", Sub (Arg, Num 1)))),
   ("collatz", If0 (Sub (Arg, Num 1), Num 0,
                    Add (Num 1, If0 (Mod (Arg, Num 2), Call ("collatz", Div (Arg, Num 2)), Call ("collatz", Add (Mul (Num 3, Arg), Num 1)))))),
   ("fib", If0 (Arg, Num 0, If0 (Sub (Arg, Num 1), Num 1, Add (Call ("fib", Sub (Arg, Num 1)), Call ("fib", Sub (Arg, Num 2)))))),
   (* three-way cycle: a -> b -> c -> a, each counting down by one *)
   ("a", If0 (Arg, Num 100, Call ("b", Sub (Arg, Num 1)))),
   ("b", If0 (Arg, Num 200, Call ("c", Sub (Arg, Num 1)))),
   ("c", If0 (Arg, Num 300, Call ("a", Sub (Arg, Num 1)))),
   (* foo(x) = foo(x + 1) guarded: stops at 10 *)
   ("foo", If0 (Sub (Arg, Num 10), Arg, Call ("foo", Add (Arg, Num 1)))),
   ("broken", Call ("nowhere", Arg)),
   ("divider", Div (Num 100, Arg))]

fun show name args =
    let val f = compileProgram defs name
    in pr (name ^ ": " ^ String.concatWith " " (map (pi o f) args)) end
val _ = show "fact" [0, 1, 5, 10]
val _ = show "even" [0, 1, 10, 7, 1000]
val _ = show "collatz" [1, 6, 27, 97]
val _ = show "fib" [0, 1, 2, 10, 15]
val _ = show "a" [0, 1, 2, 3, 4, 5, 30]
val _ = show "foo" [0, 3, 10]
val _ = show "broken" [1] handle Undefined n => pr ("undefined function " ^ n ^ " found while generating")
val _ = show "divider" [5, 3, 0] handle General.Div => pr "Div raised by generated code"
