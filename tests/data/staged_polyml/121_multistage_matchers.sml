(* Multi-stage generators and staged matchers: a matcher for a small
   pattern language (literal, any character, character class, star of a
   single item, alternation of sequences, anchors) compiled in CPS into
   generated code, one continuation per item; a generator of matchers
   that is itself generated (stage 1 fixes the alphabet's classes, stage
   2 the pattern, stage 3 the subject); memoisation of generated matchers
   in a table at the first stage; and a matcher whose generation fails on
   a malformed pattern with an exception argument that says where. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype item = Lit of char | Any | Class of char -> bool | Star of item
datatype pat = Seq of item list | Alt of pat * pat

exception BadPattern of int * string

(* parse: a b . [xyz] * | and parentheses are not supported: | splits at the top *)
fun parseItems (cs, i, classOf) =
    case cs of
        [] => []
      | #"." :: rest => more (Any, rest, i + 1, classOf)
      | #"[" :: rest =>
        let fun upto (#"]" :: r, acc, j) = (rev acc, r, j + 1)
              | upto (c :: r, acc, j) = upto (r, c :: acc, j + 1)
              | upto ([], _, j) = raise BadPattern (i, "unclosed class")
            val (members, rest', j) = upto (rest, [], i + 1)
        in more (Class (classOf members), rest', j, classOf) end
      | #"*" :: _ => raise BadPattern (i, "star without an item")
      | c :: rest => more (Lit c, rest, i + 1, classOf)
and more (it, #"*" :: rest, i, classOf) = Star it :: parseItems (rest, i + 1, classOf)
  | more (it, rest, i, classOf) = it :: parseItems (rest, i, classOf)
fun parse (s, classOf) =
    let fun split (text, offset) =
            case Substring.position "|" (Substring.full text) of
                (front, after) =>
                if Substring.isEmpty after then Seq (parseItems (explode text, offset, classOf))
                else let val l = Substring.string front
                         val r = String.extract (Substring.string after, 1, NONE)
                     in Alt (Seq (parseItems (explode l, offset, classOf)), split (r, offset + size l + 1)) end
    in split (s, 0) end

(* CPS compilation: each item gets the code of what follows *)
fun itemTest (Lit c) : [char -> bool] = let cogen cc = lift c in code (fn d => d = cc) end
  | itemTest Any = code (fn _ => true)
  | itemTest (Class p) = let cogen pp = lift p in code (fn d => pp d) end
  | itemTest (Star _) = raise BadPattern (~1, "nested star")
fun compileItems ([] : item list) (k : [string * int -> bool]) : [string * int -> bool] = k
  | compileItems (Star it :: rest) k =
    let cogen test = itemTest it
        cogen after = compileItems rest k
    in code (fn (s, i) =>
         let fun loop j = after (s, j) orelse (j < size s andalso test (String.sub (s, j)) andalso loop (j + 1))
         in loop i end)
    end
  | compileItems (it :: rest) k =
    let cogen test = itemTest it
        cogen after = compileItems rest k
    in code (fn (s, i) => i < size s andalso test (String.sub (s, i)) andalso after (s, i + 1)) end
fun compilePat (Seq items) k = compileItems items k
  | compilePat (Alt (a, b)) k =
    let cogen left = compilePat a k cogen right = compilePat b k
    in code (fn si => left si orelse right si) end
val atEnd : [string * int -> bool] = code (fn (s, i) => i = size s)
fun matcher (text, classOf) : [string -> bool] =
    let cogen m = compilePat (parse (text, classOf)) atEnd in code (fn s => m (s, 0)) end

fun simpleClass members = fn c => List.exists (fn m => m = c) members
val subjects = ["", "a", "ab", "abc", "aab", "xyz", "axbyc", "b", "abab"]
fun report (text, classOf) =
    (let val m = eval (matcher (text, classOf))
     in pr (text ^ ": " ^ String.concatWith "" (map (fn s => if m s then "1" else "0") subjects)) end)
    handle BadPattern (i, why) => pr (text ^ ": bad pattern at " ^ pi i ^ " (" ^ why ^ ")")
val () = app (fn t => report (t, simpleClass)) ["ab", "a*b", ".*", "a.c", "[xa]*[yb]*c*", "ab|xyz|", "*a", "a[bc", "(ab)*", "a*b*|b"]

(* three stages: the class interpretation, then the pattern, then the subject *)
val stage1 : [string -> [string -> bool]] =
    code (fn text =>
      let val caseless = fn members => fn c => List.exists (fn m => Char.toLower m = Char.toLower c) members
      in matcher (text, caseless) end)
val stage2 = eval stage1
val mAB = eval (stage2 "a*B")
val () = pr ("caseless a*B: " ^ String.concatWith "" (map (fn s => if mAB s then "1" else "0") ["b", "AAb", "aab", "ba"]))
val mClass = eval (stage2 "[A]x")
val () = pr ("caseless [A]x: " ^ Bool.toString (mClass "ax") ^ " " ^ Bool.toString (mClass "AX") ^ " " ^ Bool.toString (mClass "bx"))

(* memoising the generated matchers at the first stage *)
val compiled = ref 0
val table : (string * (string -> bool)) list ref = ref []
fun cached text =
    case List.find (fn (t, _) => t = text) (!table) of
        SOME (_, m) => m
      | NONE => let val m = (compiled := !compiled + 1; eval (matcher (text, simpleClass)))
                in table := (text, m) :: !table; m end
val hits = List.filter (fn (p, s) => cached p s)
             [("a*b", "aab"), ("a*b", "b"), (".*c", "xyzc"), ("a*b", "ba"), (".*c", "c"), ("ab|b", "b")]
val () = pr ("memo: " ^ pi (length hits) ^ " hits, " ^ pi (!compiled) ^ " compiled")

(* a bad pattern found while generating under three stages is caught around the last eval *)
val () = pr ("stage 2 error: " ^ ((ignore (eval (stage2 "[ab")); "built") handle BadPattern (i, why) => why ^ " at " ^ pi i))
