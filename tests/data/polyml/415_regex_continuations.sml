(* A regular-expression matcher by continuations over char lists, with a
   small parser for the syntax: literals, ., *, +, ?, |, parentheses. *)
datatype regex = Chr of char | Any | Seq of regex * regex | Alt of regex * regex
               | Star of regex | Plus of regex | Opt of regex | Eps

exception BadRegex of string

fun parse s =
    let
      fun alt cs =
          let val (r, rest) = seqp cs in
            case rest of
              #"|" :: rest' => let val (r2, rest'') = alt rest' in (Alt (r, r2), rest'') end
            | _ => (r, rest)
          end
      and seqp cs =
          case cs of
            [] => (Eps, [])
          | #"|" :: _ => (Eps, cs)
          | #")" :: _ => (Eps, cs)
          | _ => let val (a, rest) = post cs
                     val (b, rest') = seqp rest
                 in (case b of Eps => a | _ => Seq (a, b), rest') end
      and post cs =
          let
            val (a, rest) = atom cs
            fun loop (r, #"*" :: t) = loop (Star r, t)
              | loop (r, #"+" :: t) = loop (Plus r, t)
              | loop (r, #"?" :: t) = loop (Opt r, t)
              | loop x = x
          in loop (a, rest) end
      and atom (#"(" :: cs) =
          (case alt cs of
             (r, #")" :: rest) => (r, rest)
           | _ => raise BadRegex "missing )")
        | atom (#"." :: cs) = (Any, cs)
        | atom (#"\\" :: c :: cs) = (Chr c, cs)
        | atom (c :: cs) = if c = #"*" orelse c = #"+" orelse c = #"?" then raise BadRegex ("nothing to repeat before " ^ str c)
                           else (Chr c, cs)
        | atom [] = raise BadRegex "unexpected end"
    in
      case alt (explode s) of
        (r, []) => r
      | (_, c :: _) => raise BadRegex ("unexpected " ^ str c)
    end

fun acc (Chr c) (x :: xs) k = c = x andalso k xs
  | acc (Chr _) [] _ = false
  | acc Any (_ :: xs) k = k xs
  | acc Any [] _ = false
  | acc Eps cs k = k cs
  | acc (Seq (a, b)) cs k = acc a cs (fn rest => acc b rest k)
  | acc (Alt (a, b)) cs k = acc a cs k orelse acc b cs k
  | acc (Opt r) cs k = acc r cs k orelse k cs
  | acc (Plus r) cs k = acc r cs (fn rest => acc (Star r) rest k)
  | acc (Star r) cs k =
    k cs orelse acc r cs (fn rest => if length rest < length cs then acc (Star r) rest k else false)

fun matches re s = acc re (explode s) null
fun search re s =
    let
      val cs = explode s
      fun from (i, []) = if acc re [] (fn _ => true) then SOME i else NONE
        | from (i, l as _ :: t) = if acc re l (fn _ => true) then SOME i else from (i + 1, t)
    in from (0, cs) end

fun show (Chr c) = str c
  | show Any = "."
  | show Eps = "()"
  | show (Seq (a, b)) = show a ^ show b
  | show (Alt (a, b)) = "(" ^ show a ^ "|" ^ show b ^ ")"
  | show (Star r) = "(" ^ show r ^ ")*"
  | show (Plus r) = "(" ^ show r ^ ")+"
  | show (Opt r) = "(" ^ show r ^ ")?"

val cases =
  [ ("a*b", ["b", "aaab", "aaa", "ab", "ba"]),
    ("(ab|cd)+", ["ab", "abcdab", "", "abc", "cdcd"]),
    ("colou?r", ["color", "colour", "colouur"]),
    ("a.c", ["abc", "a-c", "ac", "abbc"]),
    ("(a|b)*abb", ["abb", "aababb", "abab", "bbbbabb"]),
    ("x(y*)*z", ["xz", "xyyyz", "xyzz"]),
    ("1\\+1", ["1+1", "11"]) ]

val _ = app (fn (pat, inputs) =>
               let val re = parse pat in
                 print (pat ^ "  [" ^ show re ^ "]\n");
                 app (fn s => print ("   \"" ^ s ^ "\" " ^ (if matches re s then "yes" else "no") ^ "\n")) inputs
               end) cases

val _ = app (fn (pat, s) => print ("search " ^ pat ^ " in " ^ s ^ ": "
                                   ^ (case search (parse pat) s of SOME i => Int.toString i | NONE => "none") ^ "\n"))
            [("b+c", "aaabbbcd"), ("xyz", "xxyxyz"), ("q", "abc"), ("a*", "bbb")]
val _ = app (fn pat => (ignore (parse pat); print (pat ^ " ok\n"))
                       handle BadRegex m => print (pat ^ ": " ^ m ^ "\n"))
            ["(ab", "*a", "a)", "a||b", "((a))"]
val long = implode (List.tabulate (200, fn i => if i mod 2 = 0 then #"a" else #"b"))
val _ = print ("long: " ^ Bool.toString (matches (parse "(ab)*") long) ^ " " ^ Bool.toString (matches (parse "(a|b)*b") long) ^ "\n")
val _ = matches (parse "a**") "aaa" orelse raise BadRegex "star star"
val _ = print "end\n"
