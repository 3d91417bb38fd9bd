(* Handlers that match several exceptions: one handler with many rules,
   including builtin exceptions, exceptions with arguments matched on
   their argument's shape, a layered pattern binding the exception
   value, a wildcard that re-raises, and handlers in nested functions
   deciding which of them catches. Exceptions escape from closures stored
   in a list and are caught where the closures are called. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Parse of string * int
exception Limit of int
exception Stop

fun describe thunk =
    (pi (thunk ()))
    handle Div => "Div"
         | Overflow => "Overflow"
         | Subscript => "Subscript"
         | Parse ("", pos) => "Parse at " ^ pi pos ^ " (no message)"
         | Parse (msg, 0) => "Parse at start: " ^ msg
         | Parse (msg, pos) => "Parse: " ^ msg ^ " at " ^ pi pos
         | Limit n => if n > 100 then "big Limit " ^ pi n else "Limit " ^ pi n
         | e as Fail m => "Fail(" ^ m ^ ") named " ^ exnName e
         | e => "other: " ^ exnName e

val tests = [fn () => 10 div 0, fn () => 7,
             fn () => Array.sub (Array.array (3, 0), 5),
             fn () => raise Parse ("", 4), fn () => raise Parse ("unexpected )", 0),
             fn () => raise Parse ("bad digit", 12),
             fn () => raise Limit 5, fn () => raise Limit 500,
             fn () => raise Fail "boom", fn () => raise Stop,
             fn () => hd [], fn () => String.size (String.substring ("abc", 2, 5)),
             fn () => valOf NONE, fn () => ord (chr 300)]
val _ = List.app (fn t => pr (describe t)) tests

(* which handler catches: the innermost one with a matching rule *)
val log : string list ref = ref []
fun note s = log := s :: !log
fun inner k = (if k = 0 then raise Stop else if k = 1 then raise Limit k else k * 10)
              handle Stop => (note "inner caught Stop"; ~1)
fun middle k = inner k handle Limit n => (note ("middle caught Limit " ^ pi n); raise Limit (n + 1))
fun outer k = middle k handle Limit n => (note ("outer caught Limit " ^ pi n); n * 100)
val results = map outer [0, 1, 2]
val _ = pr ("results: " ^ String.concatWith " " (map pi results))
val _ = pr ("log: " ^ String.concatWith "; " (rev (!log)))

(* re-raise with a wildcard after looking at it *)
val seen = ref 0
fun watch f x = f x handle e => (seen := !seen + 1; raise e)
val r1 = (watch (fn x => x div 0) 3) handle Div => ~99
val r2 = (watch (fn x => x + 1) 3) handle Div => ~99
val r3 = (watch (watch (fn _ => raise Stop)) 0) handle Stop => ~7
val _ = pr ("watched: " ^ pi r1 ^ " " ^ pi r2 ^ " " ^ pi r3 ^ ", seen " ^ pi (!seen))

(* closures that raise, built in a loop and stored *)
fun makeCheckers limits =
    map (fn lim => fn v => if v > lim then raise Limit lim else v) limits
val checkers = makeCheckers [10, 20, 30]
fun tryAll v = map (fn c => (pi (c v) handle Limit l => "over " ^ pi l)) checkers
val _ = pr ("checkers 15: " ^ String.concatWith ", " (tryAll 15))
val _ = pr ("checkers 31: " ^ String.concatWith ", " (tryAll 31))

(* a handler whose own body raises: the new exception goes outward *)
fun convert f = f () handle Parse (m, p) => raise Limit (size m + p)
val _ = pr ("converted: " ^ ((pi (convert (fn () => raise Parse ("abc", 4)))) handle Limit n => "Limit " ^ pi n))
val _ = pr ("unconverted: " ^ ((pi (convert (fn () => raise Stop))) handle Limit n => "Limit " ^ pi n | Stop => "Stop passed through"))

(* handle inside a loop: counting how many inputs fail, and how *)
fun parseDigit c = if Char.isDigit c then ord c - ord #"0" else raise Parse (str c, 0)
fun tally (s, (ok, bad)) =
    (foldl (fn (c, acc) => acc * 10 + parseDigit c) 0 (explode s); (ok + 1, bad))
    handle Parse (c, _) => (ok, c :: bad)
val (ok, bad) = foldl tally (0, []) ["123", "4x6", "", "99", "-1", "7a7", "000"]
val _ = pr ("parsed " ^ pi ok ^ ", bad characters " ^ String.concat (rev bad))
