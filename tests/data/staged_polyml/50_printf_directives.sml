(* Staged printf: a format string known at generation time is parsed once
   and compiled into code that takes its arguments as a list of a
   datatype; directives %d %s %c %b %x and %% and padding %5d / %-5s.
   A malformed format fails at generation time with Fail; an argument of
   the wrong kind fails at run time with a local exception. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype arg = I of int | S of string | C of char | B of bool
exception BadArg of string

fun pad (w, left, s) =
    if size s >= w then s
    else let val sp = implode (List.tabulate (w - size s, fn _ => #" ")) in if left then s ^ sp else sp ^ s end

fun hex n = if n < 16 then String.str (String.sub ("0123456789abcdef", n)) else hex (n div 16) ^ hex (n mod 16)

fun format (fmt : string) : [arg list -> string] =
    let fun lit (i, acc) = if i < size fmt andalso String.sub (fmt, i) <> #"%" then lit (i + 1, acc ^ String.str (String.sub (fmt, i))) else (i, acc)
        fun width (i, w) = if i < size fmt andalso Char.isDigit (String.sub (fmt, i)) then width (i + 1, w * 10 + ord (String.sub (fmt, i)) - ord #"0") else (i, w)
        fun go i : [arg list -> string] =
            if i >= size fmt then code (fn [] => "" | _ => raise BadArg "too many arguments")
            else if String.sub (fmt, i) <> #"%" then
              let val (j, s) = lit (i, "") cogen s' = lift s cogen rest = go j in code (fn args => s' ^ rest args) end
            else if i + 1 >= size fmt then raise Fail "format ends with %"
            else if String.sub (fmt, i + 1) = #"%" then let cogen rest = go (i + 2) in code (fn args => "%" ^ rest args) end
            else
              let val left = String.sub (fmt, i + 1) = #"-"
                  val (j, w) = width (if left then i + 2 else i + 1, 0)
                  val _ = if j >= size fmt then raise Fail "format ends inside a directive" else ()
                  cogen rest = go (j + 1)
                  cogen w' = lift w
                  cogen left' = lift left
                  cogen conv =
                    (case String.sub (fmt, j) of
                       #"d" => code (fn I n => pi n | _ => raise BadArg "%d")
                     | #"x" => code (fn I n => hex n | _ => raise BadArg "%x")
                     | #"s" => code (fn S s => s | _ => raise BadArg "%s")
                     | #"c" => code (fn C c => String.str c | _ => raise BadArg "%c")
                     | #"b" => code (fn B b => Bool.toString b | _ => raise BadArg "%b")
                     | c => raise Fail ("unknown directive %" ^ String.str c))
              in code (fn (a :: more) => pad (w', left', conv a) ^ rest more | [] => raise BadArg "missing argument") end
    in go 0 end

fun printf fmt args = print (eval (format fmt) args)
val _ = printf "%d + %d = %d\n" [I 2, I 3, I 5]
val _ = printf "[%5d] [%-5d] [%3s] [%-6s|]\n" [I 42, I 7, S "abcd", S "ab"]
val _ = printf "%c%c%c and %b/%b, 100%%, hex %x %x\n" [C #"a", C #"b", C #"c", B true, B false, I 255, I 4096]
val row = eval (format "| %-8s | %4d | %4d |\n")
val _ = app (fn (n, a, b) => print (row [S n, I a, I b])) [("apples", 3, 120), ("kiwis", 12, 4), ("figs", 0, 9999)]
fun attempt (fmt, args) = (print (eval (format fmt) args)) handle Fail m => pr ("format error: " ^ m) | BadArg m => pr ("bad argument: " ^ m)
val _ = attempt ("%d%", [I 1])
val _ = attempt ("%q", [])
val _ = attempt ("%12", [])
val _ = attempt ("%d and %s\n", [I 1, I 2])
val _ = attempt ("%d\n", [])
val _ = attempt ("no directives\n", [S "extra"])
val _ = attempt ("", [])
