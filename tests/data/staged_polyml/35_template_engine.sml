(* A text template engine: "Dear {name}, you owe {amount|money}." is parsed
   at generation time into literal pieces and holes with filters; the
   generated code looks variables up in an association list at run time
   and raises Missing for an absent one *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype piece = Lit of string | Hole of string * string list
exception Missing of string
exception BadTemplate of string
fun split (c, s) = String.fields (fn x => x = c) s
fun parse s =
  let fun lit ([], acc) = if null acc then [] else [Lit (implode (rev acc))]
        | lit (#"{" :: #"{" :: r, acc) = lit (r, #"{" :: acc)
        | lit (#"{" :: r, acc) = (if null acc then [] else [Lit (implode (rev acc))]) @ hole (r, [])
        | lit (c :: r, acc) = lit (r, c :: acc)
      and hole ([], _) = raise BadTemplate "unclosed {"
        | hole (#"}" :: r, acc) = (case split (#"|", implode (rev acc)) of
                                     "" :: _ => raise BadTemplate "empty hole"
                                   | name :: filters => Hole (name, filters) :: lit (r, [])
                                   | [] => raise BadTemplate "impossible")
        | hole (c :: r, acc) = hole (r, c :: acc)
  in lit (explode s, []) end
fun money s = case Int.fromString s of
                SOME n => (if n < 0 then "-" else "") ^ "$" ^ pi (abs n div 100) ^ "." ^ (if abs n mod 100 < 10 then "0" else "") ^ pi (abs n mod 100)
              | NONE => "$?"
fun filterGen "upper" = code (String.map Char.toUpper)
  | filterGen "lower" = code (String.map Char.toLower)
  | filterGen "money" = code money
  | filterGen "trim" = code (fn s => String.concatWith " " (String.tokens Char.isSpace s))
  | filterGen "quote" = code (fn s => "\"" ^ String.toString s ^ "\"")
  | filterGen f = raise BadTemplate ("unknown filter " ^ f)
fun chainGen [] = code (fn (s : string) => s)
  | chainGen (f :: fs) = let cogen g = filterGen f cogen rest = chainGen fs in code (fn s => rest (g s)) end
fun find (name, []) = raise Missing name
  | find (name, (k, v) :: env) = if k = name then v else find (name, env)
fun gen [] = code (fn (_ : (string * string) list) => [] : string list)
  | gen (Lit s :: r) = let cogen ls = lift s cogen rest = gen r in code (fn env => ls :: rest env) end
  | gen (Hole (name, fs) :: r) = let cogen n = lift name cogen f = chainGen fs cogen rest = gen r
                                 in code (fn env => f (find (n, env)) :: rest env) end
fun compile t = let cogen g = gen (parse t) in code (fn env => String.concat (g env)) end
val env1 = [("name", "Ada Lovelace"), ("amount", "123456"), ("note", "  lots   of\tspace "), ("q", "say \"hi\"\n")]
val env2 = [("name", "bob"), ("amount", "~5")]
val templates = ["Dear {name}, you owe {amount|money}.", "{name|upper}/{name|lower}", "{{literal}} and {note|trim|upper}!",
                 "{q|quote}", "no holes at all", "", "{name", "{}", "{name|shout}", "{missing}", "{amount|money|quote}"]
val _ = app (fn t => pr ((let val f = eval (compile t)
                          in f env1 ^ " || " ^ (f env2 handle Missing m => "missing " ^ m) end)
                         handle BadTemplate m => "bad template: " ^ m | Missing m => "missing " ^ m)) templates
val letter = eval (compile "{name|upper}: {amount|money}\n")
val _ = app (fn (n, a) => print (letter [("name", n), ("amount", pi a)])) [("x", 0), ("y", 5), ("z", 100), ("w", ~250), ("v", 4611686018427387903)]
