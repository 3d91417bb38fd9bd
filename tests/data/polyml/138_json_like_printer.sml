(* a JSON-like value type with a pretty printer (indentation), string
   escaping, a path query, and a structural equality check *)
datatype json = JNull
              | JBool of bool
              | JNum of int
              | JStr of string
              | JArr of json list
              | JObj of (string * json) list
fun escape s = String.translate (fn #"\"" => "\\\"" | #"\\" => "\\\\" | #"\n" => "\\n" | c => str c) s
fun compact JNull = "null"
  | compact (JBool b) = Bool.toString b
  | compact (JNum n) = if n < 0 then "-" ^ Int.toString (~n) else Int.toString n
  | compact (JStr s) = "\"" ^ escape s ^ "\""
  | compact (JArr items) = "[" ^ String.concatWith "," (map compact items) ^ "]"
  | compact (JObj fields) = "{" ^ String.concatWith "," (map (fn (k, v) => "\"" ^ escape k ^ "\":" ^ compact v) fields) ^ "}"
fun indent n = implode (List.tabulate (2 * n, fn _ => #" "))
fun pretty level v =
  case v of
    JArr [] => "[]"
  | JObj [] => "{}"
  | JArr items => "[\n" ^ String.concatWith ",\n" (map (fn x => indent (level + 1) ^ pretty (level + 1) x) items) ^ "\n" ^ indent level ^ "]"
  | JObj fields => "{\n" ^ String.concatWith ",\n" (map (fn (k, x) => indent (level + 1) ^ "\"" ^ escape k ^ "\": " ^ pretty (level + 1) x) fields) ^ "\n" ^ indent level ^ "}"
  | _ => compact v
val doc = JObj [("name", JStr "mlbox"), ("version", JNum 5), ("stable", JBool true),
                ("tags", JArr [JStr "sml", JStr "staging", JStr "say \"hi\"\n"]),
                ("deps", JArr []), ("owner", JNull),
                ("stats", JObj [("tests", JNum 3660), ("delta", JNum ~12), ("nested", JObj [])])]
val _ = print (compact doc ^ "\n")
val _ = print (pretty 0 doc ^ "\n")
datatype step = Key of string | Index of int
exception NotFound of string
fun query v [] = v
  | query (JObj fields) (Key k :: rest) =
      (case List.find (fn (k', _) => k' = k) fields of
         SOME (_, x) => query x rest
       | NONE => raise NotFound k)
  | query (JArr items) (Index i :: rest) = (query (List.nth (items, i)) rest handle Subscript => raise NotFound (Int.toString i))
  | query _ (Key k :: _) = raise NotFound k
  | query _ (Index i :: _) = raise NotFound (Int.toString i)
fun show path = print ((compact (query doc path) handle NotFound k => "not found: " ^ k) ^ "\n")
val _ = show [Key "tags", Index 1]
val _ = show [Key "stats", Key "delta"]
val _ = show [Key "stats", Key "missing"]
val _ = show [Key "tags", Index 7]
val _ = show [Key "name", Index 0]
fun count (JArr items) = 1 + foldl (fn (x, n) => n + count x) 0 items
  | count (JObj fields) = 1 + foldl (fn ((_, x), n) => n + count x) 0 fields
  | count _ = 1
val _ = print (Int.toString (count doc) ^ " nodes\n")
val _ = print (Bool.toString (doc = doc) ^ " " ^ Bool.toString (query doc [Key "deps"] = JArr []) ^ " " ^ Bool.toString (JNum 1 = JNum 2) ^ "\n")
val _ = query doc [Key "owner", Key "x"]
