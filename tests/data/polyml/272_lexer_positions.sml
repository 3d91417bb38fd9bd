(* A hand-written lexer for a small expression language over Substring: tokens carry their
   line and column, errors are exceptions carrying positions, comments nest, string literals are
   decoded with String.fromString, numbers with Int.fromString (overflow reported, not raised) *)
datatype token =
    Num of int
  | Ident of string
  | Str of string
  | Sym of string
  | Kw of string

exception LexError of int * int * string

val keywords = ["let", "in", "end", "if", "then", "else", "fn"]

fun tokName (Num n) = "Num " ^ Int.toString n
  | tokName (Ident s) = "Ident " ^ s
  | tokName (Str s) = "Str \"" ^ String.toString s ^ "\""
  | tokName (Sym s) = "Sym " ^ s
  | tokName (Kw s) = "Kw " ^ s

fun isSymChar c = Char.contains "+-*/<>=!&|:;,()" c

fun lex (text : string) : (int * int * token) list =
    let
        val n = size text
        fun peek i = if i < n then SOME (String.sub (text, i)) else NONE
        (* position bookkeeping: line and column of index i *)
        fun advance (i, line, col) =
            if String.sub (text, i) = #"\n" then (i + 1, line + 1, 1) else (i + 1, line, col + 1)
        fun skipComment (i, line, col, depth) =
            if i >= n then raise LexError (line, col, "unterminated comment")
            else if String.isPrefix "(*" (String.extract (text, i, NONE)) then
                skipComment (i + 2, line, col + 2, depth + 1)
            else if String.isPrefix "*)" (String.extract (text, i, NONE)) then
                (if depth = 1 then (i + 2, line, col + 2) else skipComment (i + 2, line, col + 2, depth - 1))
            else
                let val (i', l', c') = advance (i, line, col) in skipComment (i', l', c', depth) end
        fun span p i = if i < n andalso p (String.sub (text, i)) then span p (i + 1) else i
        fun stringEnd i =
            if i >= n then NONE
            else case String.sub (text, i) of
                     #"\"" => SOME i
                   | #"\\" => stringEnd (i + 2)
                   | #"\n" => NONE
                   | _ => stringEnd (i + 1)
        fun go (i, line, col, acc) =
            case peek i of
                NONE => rev acc
              | SOME c =>
                if Char.isSpace c then
                    let val (i', l', c') = advance (i, line, col) in go (i', l', c', acc) end
                else if c = #"(" andalso peek (i + 1) = SOME #"*" then
                    let val (i', l', c') = skipComment (i + 2, line, col + 2, 1) in go (i', l', c', acc) end
                else if Char.isDigit c then
                    let val j = span Char.isDigit i
                        val digits = String.substring (text, i, j - i)
                        val tok = case Int.fromString digits of
                                      SOME v => Num v
                                    | NONE => raise LexError (line, col, "bad number " ^ digits)
                    in go (j, line, col + (j - i), (line, col, tok) :: acc) end
                    handle Overflow => raise LexError (line, col, "number too large")
                else if Char.isAlpha c then
                    let val j = span (fn c => Char.isAlphaNum c orelse c = #"_" orelse c = #"'") i
                        val word = String.substring (text, i, j - i)
                        val tok = if List.exists (fn k => k = word) keywords then Kw word else Ident word
                    in go (j, line, col + (j - i), (line, col, tok) :: acc) end
                else if c = #"\"" then
                    (case stringEnd (i + 1) of
                         NONE => raise LexError (line, col, "unterminated string")
                       | SOME j =>
                         let val body = String.substring (text, i + 1, j - i - 1)
                         in case String.fromString body of
                                SOME s => go (j + 1, line, col + (j + 1 - i), (line, col, Str s) :: acc)
                              | NONE => raise LexError (line, col, "bad escape in " ^ body)
                         end)
                else if isSymChar c then
                    let val two = if i + 1 < n then String.substring (text, i, 2) else ""
                    in if List.exists (fn s => s = two) ["<=", ">=", "<>", "=>", "::", ":="] then
                           go (i + 2, line, col + 2, (line, col, Sym two) :: acc)
                       else go (i + 1, line, col + 1, (line, col, Sym (str c)) :: acc)
                    end
                else raise LexError (line, col, "illegal character " ^ Char.toString c)
    in go (0, 1, 1, []) end

fun report text =
    (List.app (fn (l, c, t) => print (Int.toString l ^ ":" ^ Int.toString c ^ " " ^ tokName t ^ "\n")) (lex text);
     print "--\n")
    handle LexError (l, c, msg) => print ("error at " ^ Int.toString l ^ ":" ^ Int.toString c ^ ": " ^ msg ^ "\n--\n")

val _ = report "let x = 42 in x + y' end"
val _ = report "if a<=b then \"yes\\n\" else \"no\\t\\\"q\\\"\""
val _ = report "(* outer (* inner *) still *) fn x => x :: xs\n  (* two\n lines *) z := 7"
val _ = report "a + 4611686018427387903"
val _ = report "a + 4611686018427387904"
val _ = report "x = \"abc"
val _ = report "x = \"a\\qb\""
val _ = report "x # y"
val _ = report "(* never closed (* *)"
val _ = report "\"\\065\\066\\^A\" <> \"\""
val _ = report "f(a,b);g(c)\n\n  h"
