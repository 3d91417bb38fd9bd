(* Exceptions with arguments: matching on the argument (constants, tuples,
   lists, nested constructors), handler order, nested handle, re-raise,
   exceptions raised in handlers, handle in the middle of expressions;
   ends with an uncaught exception carrying a value *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
datatype level = Low | High of int
exception Code of int
exception Msg of string
exception Pair of int * string
exception Lst of int list
exception Lvl of level
exception Nested of exn
fun classify e = (raise e) handle Code 0 => "code zero" | Code n => "code " ^ i n
  | Msg "" => "empty msg" | Msg s => "msg " ^ s | Pair (0, s) => "pair zero " ^ s | Pair (n, _) => "pair " ^ i n
  | Lst [] => "empty list" | Lst [x] => "one " ^ i x | Lst (x :: _) => "many from " ^ i x
  | Lvl Low => "low" | Lvl (High 10) => "high ten" | Lvl (High n) => "high " ^ i n
  | Nested (Code n) => "nested code " ^ i n | Nested e => "nested " ^ classify e
  | Div => "div" | Fail s => "fail " ^ s | _ => "unknown"
val _ = app (fn e => p (classify e)) [Code 0, Code ~3, Msg "", Msg "hi", Pair (0, "z"), Pair (5, "q"), Lst [], Lst [4], Lst [7, 8],
                                      Lvl Low, Lvl (High 10), Lvl (High 2), Nested (Code 1), Nested (Msg "deep"), Nested (Nested Div), Div, Fail "f", Overflow]
(* a handler that raises: caught by the next enclosing handler, not itself *)
val _ = p (((raise Code 1) handle Code n => raise Code (n + 1)) handle Code n => "outer got " ^ i n)
val _ = p ((((raise Code 1) handle Msg _ => "wrong") handle Code 1 => raise Msg "converted") handle Msg m => m)
(* re-raise the same packet with `as` *)
fun cleanup f = f () handle e as Code _ => (p "cleaning"; raise e)
val _ = p ((cleanup (fn () => raise Code 9); "no") handle Code n => "re-raised " ^ i n)
(* handle in the middle of expressions *)
fun risky n = if n < 0 then raise Code n else n
val _ = p (i (1 + (risky ~5 handle Code c => c * 10) + 1000))
val _ = p (i (risky 3 + risky 4 handle Code _ => 0) ^ " " ^ i ((risky 3 + risky ~4) handle Code c => c))
val _ = p (String.concat [i (risky 1), (i (risky ~2) handle Code _ => "X"), i (risky 3)])
val _ = p (if (risky ~1 > 0 handle Code _ => true) then "handled in condition" else "no")
val xs = map (fn n => risky n handle Code c => ~c * 100) [1, ~2, 3]
val _ = p (String.concat (map (fn x => i x ^ " ") xs))
(* the argument expression of raise is evaluated before raising *)
val _ = p ((raise Pair (risky 2, "two")) handle Pair (n, s) => s ^ i n)
val _ = p ((raise Pair (risky ~7, "never")) handle Pair _ => "pair" | Code c => "code from argument " ^ i c)
(* exceptions as first-class values *)
val handlers = [fn () => raise Code 1, fn () => raise Msg "m", fn () => raise Lst [1, 2]]
val _ = p (String.concat (map (fn f => (f (); "") handle e => classify e ^ "; ") handlers))
fun wrap e = Nested e
val _ = p (classify (wrap (wrap (Code 3))))
fun firstMsg [] = "none" | firstMsg (Msg m :: _) = m | firstMsg (_ :: r) = firstMsg r
val _ = p (firstMsg [Code 1, Div, Msg "found", Msg "later"])
(* deep handler stacks unwinding *)
fun nest 0 = raise Code 0 | nest k = (nest (k - 1) handle Msg _ => ~1) + 1
val _ = p (i (nest 1000) handle Code n => "unwound to " ^ i n)
val _ = p (i (let val x = raise Code 5 in x end handle Code n => n))
val _ = raise Pair (42, "the end")
