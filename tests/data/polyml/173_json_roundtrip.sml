(* A JSON-like value type with a printer (compact and indented) and a
   parser, checked by round trips; string escapes, numbers with signs,
   nested arrays and objects, and error positions. *)

datatype json =
    JNull
  | JBool of bool
  | JNum of int
  | JStr of string
  | JArr of json list
  | JObj of (string * json) list

exception ParseErr of int * string

local
  fun hex4 n = StringCvt.padLeft #"0" 4 (Int.fmt StringCvt.HEX n)
  fun escChar c =
    case c of
      #"\"" => "\\\""
    | #"\\" => "\\\\"
    | #"\n" => "\\n"
    | #"\t" => "\\t"
    | #"\r" => "\\r"
    | #"\b" => "\\b"
    | #"\f" => "\\f"
    | _ => if ord c < 32 orelse ord c >= 127 then "\\u" ^ hex4 (ord c) else str c
in
  fun quote s = "\"" ^ String.translate escChar s ^ "\""
end

fun numStr n = String.map (fn #"~" => #"-" | c => c) (Int.toString n)

fun compact v =
  case v of
    JNull => "null"
  | JBool b => Bool.toString b
  | JNum n => numStr n
  | JStr s => quote s
  | JArr vs => "[" ^ String.concatWith "," (map compact vs) ^ "]"
  | JObj kvs => "{" ^ String.concatWith "," (map (fn (k, v) => quote k ^ ":" ^ compact v) kvs) ^ "}"

fun indented v =
  let
    fun pad n = StringCvt.padLeft #" " n ""
    fun go ind v =
      case v of
        JArr [] => "[]"
      | JObj [] => "{}"
      | JArr vs =>
          "[\n" ^ String.concatWith ",\n" (map (fn x => pad (ind + 2) ^ go (ind + 2) x) vs) ^ "\n" ^ pad ind ^ "]"
      | JObj kvs =>
          "{\n" ^ String.concatWith ",\n" (map (fn (k, x) => pad (ind + 2) ^ quote k ^ ": " ^ go (ind + 2) x) kvs)
          ^ "\n" ^ pad ind ^ "}"
      | atom => compact atom
  in go 0 v end

(* Parser over a string with an index ref. *)
fun parse (s : string) : json =
  let
    val pos = ref 0
    val n = size s
    fun err m = raise ParseErr (!pos, m)
    fun peek () = if !pos < n then SOME (String.sub (s, !pos)) else NONE
    fun advance () = pos := !pos + 1
    fun skipWs () = while (case peek () of SOME c => Char.isSpace c | NONE => false) do advance ()
    fun expectChar c =
      (skipWs ();
       case peek () of
         SOME d => if c = d then advance () else err ("expected " ^ str c ^ " but found " ^ str d)
       | NONE => err ("expected " ^ str c ^ " at end"))
    fun keyword (w, v) =
      if !pos + size w <= n andalso String.substring (s, !pos, size w) = w
      then (pos := !pos + size w; v) else err "bad literal"
    fun hexDigit c =
      if Char.isDigit c then ord c - ord #"0"
      else if Char.isHexDigit c then ord (Char.toLower c) - ord #"a" + 10
      else err ("bad hex digit " ^ str c)
    fun str_ () =
      let
        val () = expectChar #"\""
        fun loop acc =
          case peek () of
            NONE => err "unterminated string"
          | SOME #"\"" => (advance (); implode (rev acc))
          | SOME #"\\" =>
              (advance ();
               case peek () of
                 SOME #"n" => (advance (); loop (#"\n" :: acc))
               | SOME #"t" => (advance (); loop (#"\t" :: acc))
               | SOME #"r" => (advance (); loop (#"\r" :: acc))
               | SOME #"b" => (advance (); loop (#"\b" :: acc))
               | SOME #"f" => (advance (); loop (#"\f" :: acc))
               | SOME #"u" =>
                   let val () = advance ()
                       val () = if !pos + 4 > n then err "short \\u escape" else ()
                       val code = foldl (fn (c, a) => a * 16 + hexDigit c) 0 (explode (String.substring (s, !pos, 4)))
                   in pos := !pos + 4;
                      if code > 255 then err "code point too large" else loop (chr code :: acc)
                   end
               | SOME c => (advance (); loop (c :: acc))
               | NONE => err "unterminated escape")
          | SOME c => (advance (); loop (c :: acc))
      in loop [] end
    fun number () =
      let
        val neg = peek () = SOME #"-"
        val () = if neg then advance () else ()
        val start = !pos
        val () = while (case peek () of SOME c => Char.isDigit c | NONE => false) do advance ()
        val digits = String.substring (s, start, !pos - start)
      in
        if digits = "" then err "digit expected"
        (* the sign goes in before conversion so that the least integer parses *)
        else valOf (Int.fromString (if neg then "~" ^ digits else digits))
      end
    fun value () =
      (skipWs ();
       case peek () of
         SOME #"n" => keyword ("null", JNull)
       | SOME #"t" => keyword ("true", JBool true)
       | SOME #"f" => keyword ("false", JBool false)
       | SOME #"\"" => JStr (str_ ())
       | SOME #"[" =>
           (advance (); skipWs ();
            if peek () = SOME #"]" then (advance (); JArr [])
            else let fun items acc =
                       let val v = value () in
                         skipWs ();
                         case peek () of
                           SOME #"," => (advance (); items (v :: acc))
                         | SOME #"]" => (advance (); JArr (rev (v :: acc)))
                         | _ => err "expected , or ]"
                       end
                 in items [] end)
       | SOME #"{" =>
           (advance (); skipWs ();
            if peek () = SOME #"}" then (advance (); JObj [])
            else let fun members acc =
                       let val () = skipWs ()
                           val k = str_ ()
                           val () = expectChar #":"
                           val v = value ()
                       in skipWs ();
                          case peek () of
                            SOME #"," => (advance (); members ((k, v) :: acc))
                          | SOME #"}" => (advance (); JObj (rev ((k, v) :: acc)))
                          | _ => err "expected , or }"
                       end
                 in members [] end)
       | SOME c => if c = #"-" orelse Char.isDigit c then JNum (number ()) else err ("unexpected " ^ Char.toString c)
       | NONE => err "unexpected end")
    val v = value ()
  in skipWs (); if !pos < n then err "trailing text" else v end

fun lookup path v =
  case (path, v) of
    ([], v) => SOME v
  | (k :: rest, JObj kvs) => Option.mapPartial (lookup rest) (Option.map (fn (_, x) => x) (List.find (fn (k', _) => k' = k) kvs))
  | (k :: rest, JArr vs) =>
      (case Int.fromString k of
         SOME i => (lookup rest (List.nth (vs, i)) handle Subscript => NONE)
       | NONE => NONE)
  | _ => NONE

val doc =
  JObj [("name", JStr "mlbox"), ("version", JNum 6), ("stable", JBool true), ("parent", JNull),
        ("tags", JArr [JStr "sml", JStr "modal\ttypes", JStr "quote\"and\\slash"]),
        ("limits", JObj [("min", JNum ~4611686018427387904), ("max", JNum 4611686018427387903), ("none", JArr [])]),
        ("control", JStr "bell\a nul\000 del\127 high\200"),
        ("matrix", JArr [JArr [JNum 1, JNum 0], JArr [JNum 0, JNum ~1]])]

val c = compact doc
val () = print (c ^ "\n")
val () = print (indented doc ^ "\n")
val () = print ("round trip compact: " ^ Bool.toString (parse c = doc) ^ "\n")
val () = print ("round trip indented: " ^ Bool.toString (parse (indented doc) = doc) ^ "\n")
val () = List.app (fn p =>
  print (String.concatWith "/" p ^ " => " ^
         (case lookup p doc of SOME v => compact v | NONE => "(none)") ^ "\n"))
  [["name"], ["tags", "1"], ["matrix", "1", "1"], ["limits", "min"], ["tags", "7"], ["nope"], []]

val () = List.app (fn s =>
  (print (s ^ " -> " ^ compact (parse s) ^ "\n"))
  handle ParseErr (i, m) => print (s ^ " -> error at " ^ Int.toString i ^ ": " ^ m ^ "\n"))
  ["  [1, -2 , 3]  ", "{\"a\":{\"b\":[true,false,null]}}", "\"\\u0041\\u00e9\\u0009\"", "[1,]", "{\"a\" 1}",
   "tru", "\"abc", "[1 2]", "-", "{} x", "\"\\u12\"", "\"\\u0100\"", "[\"\\q\"]", ""]
val _ = parse "{\"k\": [1, 2, {\"deep\": [}]}"
