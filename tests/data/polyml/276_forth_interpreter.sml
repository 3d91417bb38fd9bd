(* A small Forth: a data stack in an array with explicit depth, a dictionary of user words
   (a list searched newest first, so redefinition shadows), IF ELSE THEN and DO LOOP compiled to
   a tree, errors (underflow, overflow, unknown word, division by zero) as exceptions caught per
   line, and output through a buffer flushed with TextIO.output *)
datatype instr =
    Push of int
  | Call of string
  | If of instr list * instr list
  | Loop of instr list
  | Dot
  | Emit
  | Print of string

exception Underflow of string
exception StackFull
exception Unknown of string
exception Syntax of string

val stack = Array.array (16, 0)
val depth = ref 0
fun push v = if !depth = Array.length stack then raise StackFull
             else (Array.update (stack, !depth, v); depth := !depth + 1)
fun pop w = if !depth = 0 then raise Underflow w
            else (depth := !depth - 1; Array.sub (stack, !depth))

val out = ref [] : string list ref
fun emit s = out := s :: !out
fun flush () = (TextIO.output (TextIO.stdOut, String.concat (rev (!out))); out := [])

val dict = ref [] : (string * instr list) list ref
val loopIndex = ref [] : int list ref

fun binop w f = let val b = pop w val a = pop w in push (f (a, b)) end

fun exec (Push n) = push n
  | exec Dot = emit (Int.toString (pop ".") ^ " ")
  | exec Emit = emit (str (chr (pop "emit")))
  | exec (Print s) = emit s
  | exec (If (t, e)) = if pop "if" <> 0 then List.app exec t else List.app exec e
  | exec (Loop body) =
    let val start = pop "do" val limit = pop "do"
        fun go i = if i >= limit then ()
                   else (loopIndex := i :: !loopIndex;
                         (List.app exec body; loopIndex := tl (!loopIndex))
                         handle e => (loopIndex := tl (!loopIndex); raise e);
                         go (i + 1))
    in go start end
  | exec (Call w) =
    case List.find (fn (n, _) => n = w) (!dict) of
        SOME (_, body) => List.app exec body
      | NONE => prim w
and prim "+" = binop "+" (op +)
  | prim "-" = binop "-" (op -)
  | prim "*" = binop "*" (op * )
  | prim "/" = binop "/" (op div)
  | prim "mod" = binop "mod" (op mod)
  | prim "=" = binop "=" (fn (a, b) => if a = b then ~1 else 0)
  | prim "<" = binop "<" (fn (a, b) => if a < b then ~1 else 0)
  | prim "dup" = let val a = pop "dup" in push a; push a end
  | prim "drop" = ignore (pop "drop")
  | prim "swap" = let val b = pop "swap" val a = pop "swap" in push b; push a end
  | prim "over" = let val b = pop "over" val a = pop "over" in push a; push b; push a end
  | prim "i" = (case !loopIndex of i :: _ => push i | [] => raise Syntax "i outside a loop")
  | prim "cr" = emit "\n"
  | prim w = raise Unknown w

(* parsing: words are separated by spaces; ." text " prints *)
fun parse (words : string list) : instr list * string list =
    case words of
        [] => ([], [])
      | "then" :: rest => ([], "then" :: rest)
      | "else" :: rest => ([], "else" :: rest)
      | "loop" :: rest => ([], "loop" :: rest)
      | "if" :: rest =>
        let val (t, rest1) = parse rest
            val (e, rest2) = case rest1 of
                                 "else" :: r => parse r
                               | _ => ([], rest1)
        in case rest2 of
               "then" :: r => let val (more, r') = parse r in (If (t, e) :: more, r') end
             | _ => raise Syntax "if without then"
        end
      | "do" :: rest =>
        let val (body, rest1) = parse rest
        in case rest1 of
               "loop" :: r => let val (more, r') = parse r in (Loop body :: more, r') end
             | _ => raise Syntax "do without loop"
        end
      | ".\"" :: rest =>
        let fun text (acc, "\"" :: r) = (String.concatWith " " (rev acc), r)
              | text (acc, w :: r) = text (w :: acc, r)
              | text (_, []) = raise Syntax "unterminated string"
            val (s, r) = text ([], rest)
            val (more, r') = parse r
        in (Print s :: more, r') end
      | w :: rest =>
        let val (more, r) = parse rest
            (* a number is all digits after an optional sign (Int.fromString alone would
               also take "12abc" as 12) *)
            val digits = case explode w of
                             c :: r => if c = #"-" orelse c = #"~" orelse c = #"+" then r else c :: r
                           | [] => []
            val i = if not (null digits) andalso List.all Char.isDigit digits then Push (valOf (Int.fromString w))
                    else if w = "." then Dot else if w = "emit" then Emit else Call w
        in (i :: more, r) end

fun line text =
    let val words = String.tokens Char.isSpace text
    in (case words of
            ":" :: name :: body =>
            (case rev body of
                 ";" :: rbody =>
                 (case parse (rev rbody) of
                      (code, []) => (dict := (name, code) :: !dict; emit ("defined " ^ name))
                    | (_, w :: _) => raise Syntax ("unexpected " ^ w))
               | _ => raise Syntax "definition without ;")
          | _ =>
            (case parse words of
                 (code, []) => List.app exec code
               | (_, w :: _) => raise Syntax ("unexpected " ^ w)));
       emit (" ok [" ^ Int.toString (!depth) ^ "]\n")
    end
    handle Underflow w => (depth := 0; emit ("stack underflow in " ^ w ^ "\n"))
         | StackFull => (depth := 0; emit "stack overflow\n")
         | Unknown w => emit (w ^ " ?\n")
         | Syntax m => emit ("syntax: " ^ m ^ "\n")
         | Div => (emit "division by zero\n")

val program = [
  "2 3 + .",
  ": square dup * ;",
  "7 square .",
  ": cube dup square * ;",
  "3 cube . -4 cube .",
  "10 0 do i . loop",
  ": fizz dup 3 mod 0 = if .\" Fizz \" drop else . then ;",
  "16 1 do i fizz loop",
  "1 0 /",
  "+",
  "frobnicate",
  "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17",
  ": square dup dup * * ;",
  "2 square .",
  "72 emit 105 emit 33 emit cr",
  ": countdown 0 swap do i . loop ;",
  "5 countdown",
  "1 if 2 .",
  "3 4 over . . .",
  "5 0 do 3 0 do i . loop .\" | \" loop",
  ": fact dup 1 < if drop 1 else dup 1 - fact * then ;",
  "10 fact .",
  "20 fact .",
  "12abc",
  "1 2"
]
val _ = List.app (fn l => (emit ("> " ^ l ^ "\n"); line l; flush ())) program
