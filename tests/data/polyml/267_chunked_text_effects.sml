(* Effects and exceptions inside the functions given to CharVector.tabulate, String.map and
   String.translate on strings longer than 4096 characters (the chunk size mlbox builds them in):
   every call is made once, in order, and an exception stops them where it is raised *)
fun say s = print (s ^ "\n")
val calls = ref 0
val marks = ref [] : int list ref
fun note i = (calls := !calls + 1; if i = 0 orelse i = 4095 orelse i = 4096 orelse i = 4099 then marks := i :: !marks else ())
fun report name = (say (name ^ ": " ^ Int.toString (!calls) ^ " calls, marks " ^ String.concatWith "," (map Int.toString (rev (!marks)))); calls := 0; marks := [])
val s = CharVector.tabulate (4100, fn i => (note i; chr (97 + i mod 26)))
val _ = report "tabulate"
val _ = say (String.substring (s, 4090, 10))
exception Stop of int
val pos = ref 0
val r = (String.map (fn c => (if !pos = 4097 then raise Stop (!pos) else (); note (!pos); pos := !pos + 1; Char.toUpper c)) s; "finished")
        handle Stop n => "map stopped at " ^ Int.toString n
val _ = say r
val _ = report "map"
val pos = ref 0
val tr = String.translate (fn c => (note (!pos); pos := !pos + 1; if c = #"a" then "<A>" else if c = #"z" then "" else str c)) s
val _ = report "translate"
val _ = say (Int.toString (size tr) ^ " " ^ String.substring (tr, 0, 30) ^ " " ^ String.extract (tr, size tr - 12, NONE))
