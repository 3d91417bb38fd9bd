(* A staged parser in the manner of the staged printf of the related
   work, turned around: a scanf-like format ("%d,%d;%w") is static, the
   input string dynamic.  The generator walks the format once and emits
   a parser where each literal character is a constant test and each
   directive a specialised reader; the run-time input is only scanned.
   A malformed input is refused by the generated code with its position;
   an unknown directive is refused while generating, and the last
   format, never handled, ends the program with that exception. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype item = I of int | W of string | C of char
fun showItem (I n) = pi n
  | showItem (W s) = "\"" ^ s ^ "\""
  | showItem (C c) = "#\"" ^ str c ^ "\""
fun showItems xs = "[" ^ String.concatWith ", " (map showItem xs) ^ "]"

exception NoParse of int
exception BadFormat of string

val emitted = ref 0

(* readers: from position i return the item and the next position *)
val readInt : [string * int -> item * int] =
    code (fn (s, i) =>
            let val n = size s
                val (neg, j) = if i < n andalso String.sub (s, i) = #"-" then (true, i + 1) else (false, i)
                fun digits (k, acc) = if k < n andalso Char.isDigit (String.sub (s, k))
                                      then digits (k + 1, acc * 10 + (ord (String.sub (s, k)) - ord #"0"))
                                      else (k, acc)
                val (k, v) = digits (j, 0)
            in if k = j then raise NoParse i else (I (if neg then ~v else v), k) end)
val readWord : [string * int -> item * int] =
    code (fn (s, i) =>
            let val n = size s
                fun go k = if k < n andalso Char.isAlpha (String.sub (s, k)) then go (k + 1) else k
                val k = go i
            in if k = i then raise NoParse i else (W (String.substring (s, i, k - i)), k) end)
val readChar : [string * int -> item * int] =
    code (fn (s, i) => if i < size s then (C (String.sub (s, i)), i + 1) else raise NoParse i)

fun gen (fmt : char list) : [string * int -> item list] =
    case fmt of
        [] => code (fn (s, i) => if i = size s then [] else raise NoParse i)
      | #"%" :: d :: rest =>
          let val reader = case d of
                               #"d" => readInt
                             | #"w" => readWord
                             | #"c" => readChar
                             | #"%" => code (fn (s, i) => if i < size s andalso String.sub (s, i) = #"%" then (C #"%", i + 1) else raise NoParse i)
                             | other => raise BadFormat ("unknown directive %" ^ str other)
              val _ = emitted := !emitted + 1
              cogen r = reader
              cogen more = gen rest
          in code (fn (s, i) => let val (x, j) = r (s, i) in x :: more (s, j) end) end
      | [#"%"] => raise BadFormat "format ends in %"
      | c :: rest =>
          let val _ = emitted := !emitted + 1
              cogen lit = lift c
              cogen more = gen rest
          in code (fn (s, i) => if i < size s andalso String.sub (s, i) = lit then more (s, i + 1) else raise NoParse i) end

fun scanf fmt : [string -> item list] =
    let cogen p = gen (explode fmt) in code (fn s => p (s, 0)) end

fun try (fmt, inputs) =
    let val _ = emitted := 0
        val parse = eval (scanf fmt)
    in pr ("format \"" ^ fmt ^ "\": " ^ pi (!emitted) ^ " pieces");
       app (fn s => pr ("  \"" ^ s ^ "\" -> " ^ (showItems (parse s) handle NoParse i => "no parse at " ^ pi i))) inputs
    end

val _ = try ("%d,%d;%w", ["12,34;abc", "-5,0;Z", "12,34;", "12;34;abc", "1,2;ab3", "7,-8;xyz"])
val _ = try ("(%d %c %d)", ["(3 + 4)", "(10 * -2)", "(1 +2)", "(5 / 5"])
val _ = try ("%w=%d%%", ["rate=50%", "x=1%", "y=2"])
val _ = try ("", ["", "a"])

(* the same parser reused: sum the numbers of many records *)
val record = eval (scanf "%w:%d")
val total = foldl (fn (s, acc) => case record s of [W _, I n] => acc + n | _ => acc) 0 ["a:1", "bb:20", "ccc:300", "d:4000"]
val _ = pr ("sum of records: " ^ pi total)

val _ = pr ("handled bad format: " ^ ((ignore (scanf "%d%q"); "built") handle BadFormat m => m))
val _ = pr "an unhandled bad format next:"
val _ = try ("%d and %x", ["1 and 2"])
