(* Lifting text and structured values into generated code: strings with
   every escape (control characters, NUL, quotes, backslashes, high
   bytes), empty strings, characters, long strings; lists, options and
   tuples of them; a datatype of documents with strings inside; an
   exception carrying a string and a list. Each lifted value is checked
   in the generated code against the original (equality and size), then
   used: a generated escaper with a table built at generation time from
   a lifted vector, and a generated renderer of a lifted document. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val samples = ["", "plain", "tab\there", "nl\nnl", "quote\"back\\slash", "nul\000mid", "\255\254\128\127",
               "\^A\^Z\^_", String.implode (List.tabulate (256, chr)), CharVector.tabulate (3000, fn i => chr (65 + i mod 26))]

fun roundTrip (s : string) : [string * int * bool] =
  let cogen t = lift s
      cogen n = lift (size s)
  in code (t, size t, size t = n) end
val () = app (fn s => let val (t, n, ok) = eval (roundTrip s)
                      in pr (pi n ^ " " ^ Bool.toString (ok andalso t = s) ^ " " ^ String.toString (String.substring (t, 0, Int.min (size t, 12)))) end) samples

(* characters at the edges *)
val chars = [#"\000", #"\n", #"\"", #"\\", #"'", #"\127", #"\255", #" "]
val liftedChars = eval (let cogen cs = lift chars in code (map ord cs) end)
val () = pr (String.concatWith "," (map pi liftedChars))
val () = pr (String.concatWith " " (map Char.toString (eval (lift chars))))

(* structures of strings *)
val nested = [(SOME "a\tb", ["x", ""]), (NONE, []), (SOME "", ["\"q\""])]
val back = eval (lift nested)
val () = pr ("nested equal: " ^ Bool.toString (back = nested))
val () = app (fn (label, items) => pr (getOpt (Option.map String.toString label, "-") ^ ": " ^ String.concatWith "|" (map String.toString items))) back

(* an escaper generated from a table computed at generation time *)
fun escapeTable () : string vector =
  Vector.tabulate (256, fn i => let val c = chr i in
                                  if Char.isAlphaNum c orelse c = #" " then String.str c
                                  else "%" ^ StringCvt.padLeft #"0" 2 (Int.fmt StringCvt.HEX i) end)
val escaper : [string -> string] =
  let cogen table = lift (escapeTable ())
  in code (fn s => String.translate (fn c => Vector.sub (table, ord c)) s) end
val esc = eval escaper
val () = app (fn s => pr (esc s)) ["a b", "100%", "x=1&y=\"2\"", "\000\255", ""]

(* a lifted document rendered by generated code *)
datatype doc = Text of string | Line | Indent of int * doc list | Quote of doc
fun render (d : doc) : [string] =
  case d of
      Text s => lift s
    | Line => lift "\n"
    | Indent (n, ds) =>
        let cogen pad = lift (StringCvt.padLeft #" " n "")
            cogen parts = foldr (fn (x, acc) => let cogen h = render x cogen t = acc in code (h :: t) end) (code []) ds
        in code (pad ^ String.concatWith pad (String.fields (fn c => c = #"\n") (String.concat parts))) end
    | Quote inner => let cogen s = render inner in code ("\"" ^ String.toString s ^ "\"") end
val document = Indent (2, [Text "title:", Line, Indent (2, [Text "a\tb", Line, Quote (Text "say \"hi\"\n")]), Line, Text "end"])
val () = print (eval (render document) ^ "\n")
(* the same document lifted whole and rendered at the next stage *)
val later : [[string]] = let cogen d = lift document in code (render d) end
val () = print (eval (eval later) ^ "\n")

(* an exception carrying text, lifted, raised by generated code, its argument checked *)
exception Report of string * string list
val packet = Report ("line\n2", ["\"", "\\", ""])
val () = (eval (let cogen e = lift packet in code (raise e) end) : unit)
         handle Report (msg, parts) => pr ("report " ^ String.toString msg ^ " " ^ pi (length parts) ^ " " ^ String.concat parts)
val () = pr (eval (let cogen e = lift (Fail "lifted fail") in code (exnName e) end))
