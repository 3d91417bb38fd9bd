(* printf-like formatting from a format descriptor, parsed from a format
   string at generation time: %d, %s, %c, %b, %x with optional width and
   '-' (left) or '0' padding, and %% . The generated formatter takes the
   arguments as a list of tagged values and raises Format when one has the
   wrong tag or is missing; literal runs are merged into one constant. *)

datatype arg = I of int | S of string | C of char | B of bool
datatype pad = Right | Left | Zero
datatype directive = Lit of string | Dec of pad * int | Str of pad * int | Chr | Bool | Hex of pad * int

exception Format of string
exception BadFormat of int   (* position in the format string *)

fun parse (fmt : string) : directive list =
  let val n = size fmt
      fun lit (i, acc, ds) = if acc = [] then ds else Lit (implode (rev acc)) :: ds
      fun go (i, acc, ds) =
        if i = n then rev (lit (i, acc, ds))
        else if String.sub (fmt, i) <> #"%" then go (i + 1, String.sub (fmt, i) :: acc, ds)
        else if i + 1 < n andalso String.sub (fmt, i + 1) = #"%" then go (i + 2, #"%" :: acc, ds)
        else let val (pad, j) = if i + 1 < n andalso String.sub (fmt, i + 1) = #"-" then (Left, i + 2)
                                else if i + 1 < n andalso String.sub (fmt, i + 1) = #"0" then (Zero, i + 2)
                                else (Right, i + 1)
                 fun width (k, w) = if k < n andalso Char.isDigit (String.sub (fmt, k))
                                    then width (k + 1, 10 * w + Char.ord (String.sub (fmt, k)) - 48) else (k, w)
                 val (k, w) = width (j, 0)
                 val d = if k >= n then raise BadFormat i
                         else case String.sub (fmt, k) of
                                #"d" => Dec (pad, w) | #"s" => Str (pad, w) | #"x" => Hex (pad, w)
                              | #"c" => Chr | #"b" => Bool | _ => raise BadFormat k
             in go (k + 1, [], d :: lit (i, acc, ds)) end
  in go (0, [], []) end

fun padTo (Right, w, s) = StringCvt.padLeft #" " w s
  | padTo (Left, w, s) = StringCvt.padRight #" " w s
  | padTo (Zero, w, s) =
      if size s > 0 andalso String.sub (s, 0) = #"~"
      then "~" ^ StringCvt.padLeft #"0" (w - 1) (String.extract (s, 1, NONE))
      else StringCvt.padLeft #"0" w s

fun hex n = if n < 0 then "-" ^ Int.fmt StringCvt.HEX (~ n) else Int.fmt StringCvt.HEX n

(* the interpreter *)
fun sprintf (fmt : string) (args : arg list) : string =
  let fun go ([], [], acc) = String.concat (rev acc)
        | go ([], _ :: _, _) = raise Format "too many arguments"
        | go (Lit s :: ds, args, acc) = go (ds, args, s :: acc)
        | go (_ :: _, [], _) = raise Format "too few arguments"
        | go (d :: ds, a :: args, acc) =
            let val s = case (d, a) of
                          (Dec (p, w), I n) => padTo (p, w, Int.toString n)
                        | (Hex (p, w), I n) => padTo (p, w, hex n)
                        | (Str (p, w), S s) => padTo (p, w, s)
                        | (Chr, C c) => str c
                        | (Bool, B b) => Bool.toString b
                        | _ => raise Format "argument of the wrong kind"
            in go (ds, args, s :: acc) end
  in go (parse fmt, args, []) end

(* the staged formatter: the directives are consumed at generation time;
   the generated code takes the argument list apart with one match per
   directive and concatenates the pieces in one call *)
fun genDirective (d : directive) : [arg -> string] =
  case d of
    Dec (p, w) => let cogen p' = lift p cogen w' = lift w
                  in code (fn I n => padTo (p', w', Int.toString n) | _ => raise Format "argument of the wrong kind") end
  | Hex (p, w) => let cogen p' = lift p cogen w' = lift w
                  in code (fn I n => padTo (p', w', hex n) | _ => raise Format "argument of the wrong kind") end
  | Str (Right, 0) => code (fn S s => s | _ => raise Format "argument of the wrong kind")
  | Str (p, w) => let cogen p' = lift p cogen w' = lift w
                  in code (fn S s => padTo (p', w', s) | _ => raise Format "argument of the wrong kind") end
  | Chr => code (fn C c => str c | _ => raise Format "argument of the wrong kind")
  | Bool => code (fn B b => Bool.toString b | _ => raise Format "argument of the wrong kind")
  | Lit s => raise Fail "literal as a directive"

fun genFormat (ds : directive list) : [arg list -> string list] =
  case ds of
    [] => code (fn [] => [] | _ => raise Format "too many arguments")
  | Lit s :: rest => let cogen s' = lift s cogen r = genFormat rest in code (fn args => s' :: r args) end
  | d :: rest => let cogen f = genDirective d cogen r = genFormat rest
                 in code (fn a :: args => f a :: r args | [] => raise Format "too few arguments") end

fun sprintfGen (fmt : string) : [arg list -> string] =
  let cogen g = genFormat (parse fmt) in code (fn args => String.concat (g args)) end

val cases = [("%d + %d = %d", [I 2, I 3, I 5]),
             ("[%5d|%-5d|%05d]", [I 42, I 42, I ~42]),
             ("%s has %d items (%b)%c", [S "cart", I 3, B true, C #"!"]),
             ("100%% of %x is %08x", [I 255, I 48879]),
             ("|%-8s|%8s|", [S "left", S "right"]),
             ("no directives at all", []),
             ("%d", [S "not a number"]),
             ("%d %d", [I 1]),
             ("%s", [S "a", S "b"])]

fun attempt f = f () handle Format m => "Format: " ^ m

val _ = app (fn (fmt, args) =>
  let val g = eval (sprintfGen fmt)
      val a = attempt (fn () => g args)
      val b = attempt (fn () => sprintf fmt args)
  in print (a ^ (if a = b then "" else "   INTERPRETER: " ^ b) ^ "\n") end) cases

(* a bad format fails at generation time, before any argument is seen *)
val _ = (ignore (sprintfGen "%d and %q"); print "not reached\n")
        handle BadFormat i => print ("bad format at " ^ Int.toString i ^ "\n")
val _ = (ignore (sprintfGen "trailing %-"); print "not reached\n")
        handle BadFormat i => print ("bad format at " ^ Int.toString i ^ "\n")

(* one formatter generated once and run over a table *)
val row = eval (sprintfGen "%-6s %4d %04x %b\n")
val _ = app (fn (n, k) => print (row [S n, I k, I (k * 17), B (k mod 2 = 0)]))
            [("alpha", 1), ("beta", 22), ("gamma", 333), ("delta", 4444), ("epsilon", ~5)]
