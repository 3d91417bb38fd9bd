(* A generator that validates its early input while generating: a table
   of field widths is turned into a specialised record formatter, and a
   bad width raises an exception at generation time, before any code is
   run. Good tables first, then a handled failure, then an uncaught one. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception BadWidth of string * int

val generated = ref 0
fun pad (s, w) = if size s >= w then String.substring (s, 0, w) else s ^ implode (List.tabulate (w - size s, fn _ => #"."))

(* fieldsGen : (string * int) list -> [string list -> string] *)
fun fieldsGen [] = code (fn _ => "|")
  | fieldsGen ((name, w) :: rest) =
      if w <= 0 then raise BadWidth (name, w)
      else (generated := !generated + 1;
            let cogen more = fieldsGen rest
                cogen width = lift w
            in code (fn vals => let val (v, vs) = case vals of v :: vs => (v, vs) | [] => ("", [])
                                in "|" ^ pad (v, width) ^ more vs end) end)

val layout = [("name", 8), ("age", 3), ("city", 6)]
val fmt = eval (fieldsGen layout)
val _ = pr ("generated " ^ pi (!generated) ^ " fields")
val _ = app (pr o fmt) [["Ada", "36", "London"], ["Grace", "85", "Arlington"], ["Alan"], []]

val narrow = eval (fieldsGen [("id", 1), ("flag", 1)])
val _ = pr (narrow ["42", "yes"])

(* a bad width is found while generating: nothing of the formatter runs *)
val _ = generated := 0
val _ = pr ((ignore (fieldsGen [("a", 2), ("b", 0), ("c", 5)]); "built")
            handle BadWidth (n, w) => "BadWidth " ^ n ^ " " ^ pi w ^ " after " ^ pi (!generated) ^ " fields")

(* the generator runs lazily only where the code variable is bound: here
   the failing generator is bound by cogen and raises at once *)
val _ = pr "building a formatter with a negative width:"
val broken = let cogen f = fieldsGen [("x", 4), ("y", ~3)]
             in code (fn vals => f vals) end
val _ = pr "not reached"
