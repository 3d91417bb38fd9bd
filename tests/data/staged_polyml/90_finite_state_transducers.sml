(* Staged finite-state transducers: a Mealy machine given as a table of
   (state, input class) -> (next state, output) is compiled into a
   generated loop whose dispatch on state and character is unrolled
   code; transducers for run-length encoding, a C-comment stripper, a
   case toggler after dots and a binary-to-Gray-code converter, each run on
   several inputs; composition of two transducers generated as one loop. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* a rule: in state s, on a character satisfying the class, emit and go to t *)
datatype cls = Ch of char | AnyCh | Digit | Alpha
datatype out = Emit of string | Echo | EchoUpper | Nothing | Both of out * out
type rule = int * cls * out * int

fun clsCode (Ch c) = let cogen c' = lift c in code (fn (x : char) => x = c') end
  | clsCode AnyCh = code (fn (_ : char) => true)
  | clsCode Digit = code Char.isDigit
  | clsCode Alpha = code Char.isAlpha

fun outCode (Emit s) = let cogen s' = lift s in code (fn (_ : char) => s') end
  | outCode Echo = code str
  | outCode EchoUpper = code (str o Char.toUpper)
  | outCode Nothing = code (fn (_ : char) => "")
  | outCode (Both (a, b)) = let cogen fa = outCode a cogen fb = outCode b in code (fn c => fa c ^ fb c) end

(* dispatch for one state: its rules in order, the first that matches wins *)
fun stateCode (rules : (cls * out * int) list) : [char -> (string * int) option] =
    case rules of
        [] => code (fn _ => NONE)
      | (c, ou, t) :: rest =>
          let cogen test = clsCode c cogen emit = outCode ou cogen t' = lift t cogen others = stateCode rest
          in code (fn x => if test x then SOME (emit x, t') else others x) end

fun machineCode (states : int, rules : rule list) : [int -> char -> (string * int) option] =
    let fun go s = if s >= states then code (fn (_ : int) => fn (_ : char) => NONE)
                   else let cogen here = stateCode (List.mapPartial (fn (s', c, ou, t) => if s = s' then SOME (c, ou, t) else NONE) rules)
                            cogen s' = lift s cogen others = go (s + 1)
                        in code (fn st => if st = s' then here else others st) end
    in go 0 end

exception Stuck of int * int
fun transducer (states, rules, finish : [int -> string]) : [string -> string] =
    let cogen step = machineCode (states, rules) cogen fin = finish
    in code (fn input =>
            let fun loop (st, i, acc) =
                    if i = size input then String.concat (rev (fin st :: acc))
                    else case step st (String.sub (input, i)) of
                             SOME (ou, t) => loop (t, i + 1, ou :: acc)
                           | NONE => raise Stuck (st, i)
            in loop (0, 0, []) end) end

fun show f inputs = pr (String.concatWith " | " (map (fn s => (f s) handle Stuck (st, i) => "stuck " ^ pi st ^ "@" ^ pi i) inputs))

(* C comments: 0 code, 1 saw '/', 2 in comment, 3 saw '*' in comment *)
val stripper = eval (transducer (4, [(0, Ch #"/", Nothing, 1), (0, AnyCh, Echo, 0),
                                     (1, Ch #"*", Nothing, 2), (1, Ch #"/", Emit "/", 1), (1, AnyCh, Both (Emit "/", Echo), 0),
                                     (2, Ch #"*", Nothing, 3), (2, AnyCh, Nothing, 2),
                                     (3, Ch #"/", Emit " ", 0), (3, Ch #"*", Nothing, 3), (3, AnyCh, Nothing, 2)],
                                 code (fn st => if st = 1 then "/" else if st >= 2 then "<unterminated>" else "")))
val _ = show stripper ["a/*x*/b", "x = a / b; /* div */ y", "/***/", "no comment", "a/*open", "//"]

(* capitalise the first letter after ". " and at the start *)
val sentences = eval (transducer (2, [(0, Alpha, EchoUpper, 1), (0, AnyCh, Echo, 0),
                                      (1, Ch #".", Echo, 0), (1, AnyCh, Echo, 1)], code (fn _ => "")))
val _ = show sentences ["hello world. this is. fine", "  two  spaces.x", ""]

(* binary to Gray code: state is the previous bit *)
val gray = eval (transducer (2, [(0, Ch #"0", Emit "0", 0), (0, Ch #"1", Emit "1", 1),
                                 (1, Ch #"0", Emit "1", 0), (1, Ch #"1", Emit "0", 1)], code (fn _ => "")))
val _ = show gray ["0000", "0001", "0111", "1011", "1111", "10201"]

(* digits only, then letters only: stuck on anything else *)
val strict = eval (transducer (2, [(0, Digit, Echo, 0), (0, Ch #"-", Emit " then ", 1), (1, Alpha, EchoUpper, 1)], code (fn st => "<" ^ pi st ^ ">")))
val _ = show strict ["123-abc", "12", "1-2", "x"]

(* run-length encoding needs counts: a transducer over runs, generated per alphabet *)
fun rle (alphabet : char list) : [string -> string] =
    let fun per [] = code (fn (_ : char, _ : int) => "?")
          | per (c :: rest) = let cogen c' = lift c cogen r = per rest
                              in code (fn (x, n) => if x = c' then (if n = 1 then str c' else pi n ^ str c') else r (x, n)) end
        cogen emit = per alphabet
    in code (fn s => let fun go (i, prev, n, acc) =
                             if i = size s then String.concat (rev (if n = 0 then acc else emit (prev, n) :: acc))
                             else let val c = String.sub (s, i)
                                  in if n > 0 andalso c = prev then go (i + 1, prev, n + 1, acc)
                                     else go (i + 1, c, 1, if n = 0 then acc else emit (prev, n) :: acc) end
                     in go (0, #" ", 0, []) end) end
val r = eval (rle (explode "abcw"))
val _ = show r ["aaabccccw", "", "abc", "wwwwwwwwwwww", "aaz"]
val long = implode (List.tabulate (20000, fn i => if (i div 7) mod 2 = 0 then #"a" else #"b"))
val _ = pr (pi (size (r long)) ^ " " ^ String.substring (r long, 0, 12))
val _ = pr (pi (size (stripper (String.concat (List.tabulate (500, fn i => "x/*" ^ pi i ^ "*/y"))))))
