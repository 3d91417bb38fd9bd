(* The Basis's qualified names of the built-in types, constructors and
   exceptions: the same types and constructors as the unqualified ones,
   in type expressions, expressions and patterns. *)

val i : Int.int = 42
val w : Word.word = 0w7
val s : String.string = "str"
val c : Char.char = #"c"
val c2 : String.char = #"d"
val s2 : Char.string = "ing"
val b : Bool.bool = Bool.true
val l : Int.int List.list = List.:: (1, List.:: (2, List.nil))
val opt : String.string Option.option = Option.SOME "some"
val a : Char.char Array.array = Array.array (2, #"z")
val v : Int.int Vector.vector = Vector.fromList [3, 4]
val u : General.unit = ()
val cmp : General.order = General.GREATER
val e : General.exn = General.Fail "boxed"

fun showOrder General.LESS = "LESS"
  | showOrder General.EQUAL = "EQUAL"
  | showOrder General.GREATER = "GREATER"

fun sum List.nil = 0
  | sum (List.:: (x, rest)) = x + sum rest

fun getOr (Option.SOME x, _) = x
  | getOr (Option.NONE, d) = d

(* the qualified constructors are the same constructors: mixing them in
   one match is exhaustive and the clauses meet *)
fun mixed (SOME x) = x
  | mixed Option.NONE = "none"

fun describe (General.Fail m) = "Fail " ^ m
  | describe General.Div = "Div"
  | describe General.Overflow = "Overflow"
  | describe General.Subscript = "Subscript"
  | describe General.Size = "Size"
  | describe General.Chr = "Chr"
  | describe General.Match = "Match"
  | describe General.Bind = "Bind"
  | describe List.Empty = "Empty"
  | describe Option.Option = "Option"
  | describe General.Domain = "Domain"
  | describe General.Span = "Span"
  | describe _ = "other"

val raisers : (unit -> int) list =
  [fn () => 1 div 0,
   fn () => Array.sub (Array.fromList [1], 5),
   fn () => raise General.Overflow,
   fn () => hd [],
   fn () => valOf NONE,
   fn () => raise Fail "f",
   fn () => let val SOME x = NONE in x end,
   fn () => (case 3 of 4 => 0),
   fn () => Char.ord (chr 999),
   fn () => Array.length (Array.array (~1, 0)),
   fn () => raise Domain,
   fn () => Substring.size (Substring.span (Substring.full "b", Substring.full "a"))]

val _ = print (Int.toString i ^ " " ^ Word.toString w ^ " " ^ s ^ s2 ^ " " ^ str c ^ str c2 ^ "\n")
val _ = print (Bool.toString b ^ " " ^ Bool.toString (not Bool.false) ^ " " ^ Int.toString (sum l) ^ " " ^ getOr (opt, "x") ^ " "
               ^ getOr (Option.NONE, "dflt") ^ " " ^ mixed (Option.SOME "m") ^ " " ^ mixed NONE ^ "\n")
val _ = print (str (Array.sub (a, 1)) ^ Int.toString (Vector.sub (v, 1)) ^ " " ^ showOrder cmp ^ " " ^ showOrder (Int.compare (1, 2)) ^ "\n")
val _ = app (fn f => print (describe ((ignore (f ()); General.Fail "none") handle x => x) ^ "\n")) raisers
val _ = print (describe e ^ " " ^ exnName e ^ " " ^ exnName List.Empty ^ " " ^ exnName Option.Option ^ "\n")

(* handlers name them too; a program's own Empty does not hide List.Empty *)
exception Empty
val caught = (hd [] handle List.Empty => "List.Empty caught") handle Empty => "own Empty"
val own = (raise Empty) handle List.Empty => "wrong" | Empty => "own Empty caught"
val _ = print (caught ^ ", " ^ own ^ "\n")
exception Gone = List.Empty
val _ = print (hd (tl [] handle Gone => ["replica of List.Empty caught"]) ^ "\n")

(* CharVector's abbreviations: its vector is string, its elem char *)
val cv : CharVector.vector = "char" ^ "vector"
fun firstOf (s : CharVector.vector) : CharVector.elem = CharVector.sub (s, 0)
val _ = print (cv ^ " " ^ str (firstOf cv) ^ " " ^ Int.toString (size (cv : string)) ^ "\n")
(* and Substring's abstract type is the top-level substring *)
fun middle (ss : Substring.substring) : substring = Substring.triml 1 (Substring.trimr 1 ss)
val _ = print (Substring.string (middle (Substring.full "[substring]")) ^ "\n")
