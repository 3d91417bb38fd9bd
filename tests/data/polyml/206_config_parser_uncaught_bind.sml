(* A configuration reader written the quick way: `val [key, value] =
   String.fields ...` inside a let (non-exhaustive: Poly/ML and mlbox
   warn), a clause-by-clause converter of typed values with constants in
   nested patterns (non-exhaustive too), sections as a stack in a ref,
   and errors reported through exceptions that carry the line number.
   The last input has a line without `=`, and the binding fails with an
   uncaught Bind after the good lines are printed. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype value = Int of int | Bool of bool | Str of string | List of value list
exception BadValue of int * string

fun trim s = Substring.string (Substring.dropr Char.isSpace (Substring.dropl Char.isSpace (Substring.full s)))

fun parseValue (lineNo, text) =
  case explode text of
      [] => Str ""
    | #"[" :: _ =>
        if String.isSuffix "]" text
        then List (map (fn item => parseValue (lineNo, trim item))
                       (List.filter (fn s => trim s <> "") (String.fields (fn c => c = #",") (String.substring (text, 1, size text - 2)))))
        else raise BadValue (lineNo, "unclosed list")
    | #"\"" :: rest => Str (implode (List.take (rest, length rest - 1)))
    | _ => (case (text, Int.fromString text) of
                ("true", _) => Bool true
              | ("false", _) => Bool false
              | (_, SOME n) => if pi n = text orelse "~" ^ pi (~n) = text then Int n else raise BadValue (lineNo, text)
              | (_, NONE) => Str text)

fun show (Int n) = pi n
  | show (Bool b) = Bool.toString b
  | show (Str s) = String.toString s
  | show (List vs) = "[" ^ String.concatWith ", " (map show vs) ^ "]"

(* non-exhaustive on purpose: only the shapes the program expects *)
fun port (Int n) = if n > 0 andalso n < 65536 then n else raise BadValue (0, "port " ^ pi n)
  | port (Str "http") = 80
  | port (List [Int n]) = n

val section = ref ["global"]
fun parseLine (lineNo, line) =
  let val line = trim line
  in if line = "" orelse String.isPrefix "#" line then NONE
     else if String.isPrefix "[" line then (section := trim (String.substring (line, 1, size line - 2)) :: !section; NONE)
     else let val [key, value] = String.fields (fn c => c = #"=") line
          in SOME (hd (!section) ^ "." ^ trim key, parseValue (lineNo, trim value)) end
  end

fun parseAll lines =
  let fun go (_, [], acc) = rev acc
        | go (n, l :: ls, acc) = go (n + 1, ls, case parseLine (n, l) of NONE => acc | SOME kv => kv :: acc)
  in go (1, lines, []) end

val good = ["# sample", "name = \"demo\"", "debug = false", "", "[server]", "port = 8080",
            "hosts = [\"a\", \"b\", 3]", "  retries =  ~2 ", "[client]", "port = http", "tags = []"]
val entries = parseAll good
val () = app (fn (k, v) => pr (k ^ " -> " ^ show v)) entries
val ports = List.mapPartial (fn (k, v) => if String.isSuffix ".port" k then SOME (k, port v) else NONE) entries
val () = app (fn (k, p) => pr (k ^ " port " ^ pi p)) ports
val () = pr ((pi (port (List [Int 9]))) ^ " " ^ ((pi (port (Int 70000))) handle BadValue (_, m) => m))
val () = pr ((pi (port (Bool true))) handle Match => "port of a bool: Match")
val () = pr ((show (parseValue (7, "[1, 2"))) handle BadValue (n, m) => "line " ^ pi n ^ ": " ^ m)
val () = pr ((show (parseValue (8, "12x"))) handle BadValue (n, m) => "line " ^ pi n ^ ": " ^ m)
val () = pr ("sections seen: " ^ String.concatWith " " (rev (!section)))

val () = pr "reading the broken file:"
val broken = parseAll ["a = 1", "b = 2", "this line has no equals sign", "c = 3"]
val () = pr ("not reached " ^ pi (length broken))
