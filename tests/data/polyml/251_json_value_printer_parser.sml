(* A JSON value type with a printer (escapes through String.translate and
   Int.fmt HEX) and a recursive-descent parser over a char list, shaped
   like the small JSON libraries in public SML repositories (a datatype
   with OBJECT of (string * value) list, a pretty-printer with
   indentation, a lexer/parser raising an error with the position). *)

datatype value = NULL
               | BOOL of bool
               | INT of int
               | STRING of string
               | ARRAY of value list
               | OBJECT of (string * value) list

fun escape s =
  String.translate
    (fn #"\"" => "\\\""
      | #"\\" => "\\\\"
      | #"\n" => "\\n"
      | #"\t" => "\\t"
      | c => if ord c < 32 then "\\u" ^ StringCvt.padLeft #"0" 4 (Int.fmt StringCvt.HEX (ord c))
             else str c) s

fun compact NULL = "null"
  | compact (BOOL b) = Bool.toString b
  | compact (INT n) = if n < 0 then "-" ^ Int.toString (~n) else Int.toString n
  | compact (STRING s) = "\"" ^ escape s ^ "\""
  | compact (ARRAY vs) = "[" ^ String.concatWith "," (map compact vs) ^ "]"
  | compact (OBJECT kvs) =
      "{" ^ String.concatWith "," (map (fn (k, v) => compact (STRING k) ^ ":" ^ compact v) kvs) ^ "}"

fun pretty indent v =
  let
    val pad = CharVector.tabulate (indent, fn _ => #" ")
    val pad2 = pad ^ "  "
  in
    case v of
        ARRAY [] => "[]"
      | OBJECT [] => "{}"
      | ARRAY vs => "[\n" ^ String.concatWith ",\n" (map (fn v => pad2 ^ pretty (indent + 2) v) vs) ^ "\n" ^ pad ^ "]"
      | OBJECT kvs =>
          "{\n" ^ String.concatWith ",\n"
                    (map (fn (k, v) => pad2 ^ compact (STRING k) ^ ": " ^ pretty (indent + 2) v) kvs)
          ^ "\n" ^ pad ^ "}"
      | _ => compact v
  end

exception Parse of int * string

fun parse text =
  let
    val n = size text
    fun peek i = if i < n then SOME (String.sub (text, i)) else NONE
    fun skip i = case peek i of SOME c => if Char.isSpace c then skip (i + 1) else i | NONE => i
    fun expect (i, c) = if peek i = SOME c then i + 1 else raise Parse (i, "expected " ^ str c)
    fun literal (i, word, v) =
      if i + size word <= n andalso String.substring (text, i, size word) = word then (v, i + size word)
      else raise Parse (i, "bad literal")
    fun str' (i, acc) =
      case peek i of
          NONE => raise Parse (i, "unterminated string")
        | SOME #"\"" => (implode (rev acc), i + 1)
        | SOME #"\\" =>
            (case peek (i + 1) of
                 SOME #"n" => str' (i + 2, #"\n" :: acc)
               | SOME #"t" => str' (i + 2, #"\t" :: acc)
               | SOME #"u" =>
                   (case StringCvt.scanString (Int.scan StringCvt.HEX) (String.substring (text, i + 2, 4)) of
                        SOME code => str' (i + 6, chr code :: acc)
                      | NONE => raise Parse (i, "bad \\u escape"))
               | SOME c => str' (i + 2, c :: acc)
               | NONE => raise Parse (i, "bad escape"))
        | SOME c => str' (i + 1, c :: acc)
    fun number i =
      let
        val (neg, j) = if peek i = SOME #"-" then (true, i + 1) else (false, i)
        fun digits k = case peek k of SOME c => if Char.isDigit c then digits (k + 1) else k | NONE => k
        val k = digits j
      in
        if k = j then raise Parse (i, "expected a value")
        else let val m = valOf (Int.fromString (String.substring (text, j, k - j)))
             in (INT (if neg then ~m else m), k) end
      end
    fun value i =
      let val i = skip i in
        case peek i of
            SOME #"n" => literal (i, "null", NULL)
          | SOME #"t" => literal (i, "true", BOOL true)
          | SOME #"f" => literal (i, "false", BOOL false)
          | SOME #"\"" => let val (s, j) = str' (i + 1, []) in (STRING s, j) end
          | SOME #"[" => elements (skip (i + 1), [])
          | SOME #"{" => members (skip (i + 1), [])
          | _ => number i
      end
    and elements (i, acc) =
      if peek i = SOME #"]" andalso null acc then (ARRAY [], i + 1)
      else
        let val (v, j) = value i
            val j = skip j
        in case peek j of
               SOME #"," => elements (j + 1, v :: acc)
             | SOME #"]" => (ARRAY (rev (v :: acc)), j + 1)
             | _ => raise Parse (j, "expected , or ]")
        end
    and members (i, acc) =
      if peek i = SOME #"}" andalso null acc then (OBJECT [], i + 1)
      else
        let val i = expect (skip i, #"\"")
            val (k, j) = str' (i, [])
            val j = expect (skip j, #":")
            val (v, j) = value j
            val j = skip j
        in case peek j of
               SOME #"," => members (j + 1, (k, v) :: acc)
             | SOME #"}" => (OBJECT (rev ((k, v) :: acc)), j + 1)
             | _ => raise Parse (j, "expected , or }")
        end
    val (v, i) = value 0
  in
    if skip i = n then v else raise Parse (skip i, "trailing text")
  end

val doc = OBJECT [("name", STRING "mlbox"), ("version", INT 16),
                  ("tags", ARRAY [STRING "sml", STRING "staging", STRING "tab\there"]),
                  ("ok", BOOL true), ("nothing", NULL), ("nested", OBJECT [("x", INT ~5), ("e", ARRAY [])])]
val text = compact doc
val _ = print (text ^ "\n")
val _ = print (pretty 0 doc ^ "\n")
val _ = print (Bool.toString (parse text = doc) ^ "\n")
val _ = print (compact (parse " [1, -2 , {\"a\" : [true,false,null]}, \"q\\\"\\u0041\"] ") ^ "\n")
val _ = List.app (fn s => (ignore (parse s); print "parsed?\n")
                          handle Parse (i, msg) => print ("error at " ^ Int.toString i ^ ": " ^ msg ^ "\n"))
                 ["[1, 2", "{\"a\" 1}", "tru", "\"open", "[1] x", "-"]
val _ = parse "{\"k\": [1, 2,]}"
