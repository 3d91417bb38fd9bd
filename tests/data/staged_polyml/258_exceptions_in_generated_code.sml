(* Exceptions raised and handled inside generated code: a specialised
   safe-division pipeline whose steps raise, handlers generated around
   spliced code, exceptions carrying lifted values, exceptions declared
   inside code (a new one each run), re-raising across splices, and an
   exception from generated code caught by the generator's caller. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Bad of string * int
exception Retry of int

(* a pipeline of steps known early; each may fail at run time *)
datatype step = DivBy of int | Sub of int | Check of int | Square
fun stepGen (DivBy d) = if d = 0 then code (fn (_ : int) => raise Bad ("division by constant zero", 0))
                        else let cogen dd = lift d in code (fn v => v div dd) end
  | stepGen (Sub k) = let cogen kk = lift k in code (fn v => v - kk) end
  | stepGen (Check lim) = let cogen l = lift lim
                          in code (fn v => if v > l then raise Bad ("over limit", v) else v) end
  | stepGen Square = code (fn v => v * v)
fun pipeGen [] = code (fn v => v)
  | pipeGen (s :: ss) = let cogen first = stepGen s cogen rest = pipeGen ss
                        in code (fn v => rest (first v)) end

(* the generated code handles Div and Overflow itself, Bad escapes *)
fun guarded steps =
    let cogen body = pipeGen steps
    in code (fn v => SOME (body v) handle Div => NONE | Overflow => NONE) end

val p1 = eval (guarded [Sub 10, Check 3037000500, Square, DivBy 3])
val p2 = eval (guarded [DivBy 0, Square])
fun showOpt NONE = "NONE" | showOpt (SOME v) = "SOME " ^ pi v
fun tryAll f = String.concatWith ", " (map (fn v => showOpt (f v) handle Bad (why, w) => "Bad(" ^ why ^ "," ^ pi w ^ ")")
                                           [0, 10, 20, 1011, 3037000510])
val _ = pr ("p1: " ^ tryAll p1)
val _ = pr ("p2: " ^ tryAll p2)

(* a generator whose code handles exceptions from a spliced generator *)
fun withDefault (g : [int -> int], dflt) =
    let cogen inner = g
        cogen d = lift dflt
    in code (fn v => inner v handle Bad (_, w) => d + w) end
val p3 = eval (withDefault (pipeGen [Check 5, Sub 1], ~1000))
val _ = pr ("withDefault: " ^ String.concatWith " " (map (pi o p3) [1, 5, 6, 100]))

(* a retry loop in generated code: Retry carries the next attempt *)
val retrying = code (fn (f : int -> int) =>
                       let fun attempt (n, tries) = (f n, tries) handle Retry m => attempt (m, tries + 1)
                       in attempt end)
val r = eval retrying (fn n => if n mod 7 = 0 then n else raise Retry (n + 1))
val (value, tries) = r (1, 0)
val _ = pr ("retry: reached " ^ pi value ^ " after " ^ pi tries ^ " retries")

(* an exception declared inside code is new at each run of the code *)
val localExn : [(int -> string) * ((int -> string) -> string)] =
    code (let exception Local of int
          in (fn n => raise Local n, fn f => (f 0; "no") handle Local n => "own Local " ^ pi n) end)
val (raise1, catch1) = eval localExn
val (raise2, catch2) = eval localExn
val _ = pr ("same run: " ^ catch1 (fn _ => raise1 4))
val _ = pr ("other run: " ^ ((catch2 (fn _ => raise1 5)) handle _ => "escaped the other run's handler"))

(* a handler that re-raises a different exception, through two splices *)
fun translate (g : [int -> int]) =
    let cogen inner = g
    in code (fn v => inner v handle Div => raise Bad ("translated Div", v)) end
val p4 = eval (translate (translate (pipeGen [DivBy 0])))
val p5 = eval (translate (code (fn v => 100 div v)))
val _ = pr ("translate: " ^ (pi (p5 4)) ^ ", " ^ ((pi (p5 0)) handle Bad (m, v) => m ^ " at " ^ pi v) ^
            ", " ^ ((pi (p4 9)) handle Bad (m, v) => m ^ " at " ^ pi v))
(* handlers at generation time around eval *)
val _ = pr ("eval under a handler: " ^ ((pi (eval (code (hd ([] : int list))))) handle Empty => "Empty"))
