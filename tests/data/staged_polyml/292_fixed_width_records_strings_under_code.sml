(* A fixed-width record reader and writer generated from a layout: the
   generated code slices, trims and converts with String, Substring,
   StringCvt and Char functions, raises BadField (column, text) for a field
   that does not convert, and the generator's caller handles it with a
   pattern on the carried values.  The unstaged reader interprets the
   same layout; both run on every line and must agree. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype field = Num of string * int | Txt of string * int | Skip of int
datatype value = I of int | S of string
exception BadField of int * string

fun trim s = Substring.string (Substring.dropr Char.isSpace (Substring.dropl Char.isSpace (Substring.full s)))
fun toNum (col, s) =
  case Int.fromString (trim s) of
    SOME n => if CharVector.all (fn c => Char.isDigit c orelse Char.isSpace c orelse c = #"~") s then n else raise BadField (col, s)
  | NONE => raise BadField (col, s)

(* unstaged: interpret the layout *)
fun readU layout line =
  let fun go ([], _) = []
        | go (Skip w :: fs, col) = go (fs, col + w)
        | go (Num (_, w) :: fs, col) = I (toNum (col, String.substring (line, col, w))) :: go (fs, col + w)
        | go (Txt (_, w) :: fs, col) = S (String.map Char.toLower (trim (String.substring (line, col, w)))) :: go (fs, col + w)
  in go (layout, 0) end

(* staged: one generated reader per layout, the columns and widths constants *)
fun readS layout : [string -> value list] =
  let fun go ([], _) = code (fn line : string => [])
        | go (Skip w :: fs, col) = go (fs, col + w)
        | go (Num (_, w) :: fs, col) =
            let cogen rest = go (fs, col + w) cogen c = lift col cogen w' = lift w
            in code (fn line => I (toNum (c, String.substring (line, c, w'))) :: rest line) end
        | go (Txt (_, w) :: fs, col) =
            let cogen rest = go (fs, col + w) cogen c = lift col cogen w' = lift w
            in code (fn line => S (String.map Char.toLower (trim (String.substring (line, c, w')))) :: rest line) end
  in go (layout, 0) end

(* a writer: pads numbers left and text right, as the layout says *)
fun writeS layout : [value list -> string] =
  let fun go [] = code (fn vs : value list => case vs of [] => "" | _ => raise Fail "too many values")
        | go (Skip w :: fs) = let cogen rest = go fs cogen pad = lift (CharVector.tabulate (w, fn _ => #" ")) in code (fn vs => pad ^ rest vs) end
        | go (Num (_, w) :: fs) =
            let cogen rest = go fs cogen w' = lift w
            in code (fn (I n :: vs) => StringCvt.padLeft #" " w' (Int.toString n) ^ rest vs
                      | _ => raise Fail "expected a number") end
        | go (Txt (_, w) :: fs) =
            let cogen rest = go fs cogen w' = lift w
            in code (fn (S s :: vs) => StringCvt.padRight #"." w' (String.map Char.toUpper s) ^ rest vs
                      | _ => raise Fail "expected text") end
  in go layout end

fun showV (I n) = pi n
  | showV (S s) = "\"" ^ String.toString s ^ "\""
fun showVs vs = "[" ^ String.concatWith ", " (map showV vs) ^ "]"

val layout = [Txt ("name", 8), Skip 1, Num ("qty", 5), Skip 2, Num ("price", 6), Txt ("code", 4)]
val reader = eval (readS layout)
val writer = eval (writeS layout)
val lines = ["Apple   |   12     150ab12",
             "  Pear       3      75XY99",
             "KIWI        ~7       0 z  ",
             "Fig        1x2       9q   ",
             "Plum         4    1234abcd",
             "Lime        99  123x5 abc ",
             "Date        ~0    77      "]

fun attempt line =
  let val u = (SOME (readU layout line) handle BadField (c, s) => (pr ("  unstaged: bad field at column " ^ pi c ^ ": \"" ^ s ^ "\""); NONE))
      val s = (SOME (reader line) handle BadField (c, t) => (pr ("  staged:   bad field at column " ^ pi c ^ ": \"" ^ t ^ "\""); NONE))
  in case (u, s) of
       (SOME a, SOME b) => (pr (showVs b ^ (if a = b then " agree" else " DISAGREE"));
                            pr ("  rewritten: |" ^ writer b ^ "|"))
     | (NONE, NONE) => pr "  both rejected"
     | _ => pr "  DISAGREE on rejection"
  end
val _ = List.app attempt lines

(* a line too short: Subscript escapes the generated reader *)
val _ = (ignore (reader "short"); pr "no error") handle Subscript => pr "short line: Subscript"
(* the writer given the wrong shape *)
val _ = pr (writer [S "x", I 1, I 2, S "q"]) handle Fail m => pr ("writer: " ^ m)
val _ = pr (writer [S "x", I 1, S "y", S "q"]) handle Fail m => pr ("writer: " ^ m)
val _ = pr (writer [S "x", I 1, I 2, S "q", I 0]) handle Fail m => pr ("writer: " ^ m)

(* round trip many generated lines *)
val rows = List.tabulate (40, fn k => [S (String.implode (List.tabulate (1 + k mod 6, fn j => Char.chr (97 + (k + j) mod 26)))), I (k * 37 mod 1000), I (k * k), S (pi (k mod 10))])
val ok = List.all (fn r => let val line = writer r
                               val back = reader (String.translate (fn #"." => " " | c => str c) line)
                           in back = r end handle BadField _ => false) rows
val _ = pr ("round trip of 40 rows: " ^ Bool.toString ok)
