(* String and char escapes, printed raw: \a \b \t \n \v \f \r \\ \" \^c
   \ddd \uxxxx and gaps *)
val _ = print "tab:[\t] backslash:[\\] quote:[\"] bell:[\a] bs:[\b] vt:[\v] ff:[\f] cr:[\r]\n"
val _ = print "ctrl:[\^@\^A\^B\^Z\^[\^\\^]\^^\^_] del:[\127] high:[\128\200\255]\n"
val _ = print "decimal:[\065\066\067\048\057\032] unicode:[\u0041\u0062\u007e\u00ff\u0000]\n"
val _ = print "gap:[a\      \b\
              \c\   
   \d]\n"
val _ = print "\"quoted\" and 'single' and \\n literal\n"
val _ = print ("" ^ "\n" ^ "" ^ "")
val _ = print (implode [#"\t", #"\"", #"\\", #"\^A", #"\065", #"\u0042", #"\n"])
fun codes s = String.concat (map (fn c => Int.toString (ord c) ^ ",") (explode s))
val _ = print (codes "\a\b\t\n\v\f\r\\\"\^@" ^ "\n")
val _ = print (codes "\^G\^H\^I\^J\^K\^L\^M" ^ "\n")
val _ = print (Int.toString (size "\t\n\\\"\^A\001\u0001") ^ "\n")
val _ = print (if "\t" = "\009" andalso "\n" = "\^J" andalso "\u000a" = "\010" then "same\n" else "differ\n")
val chars = [#"a", #"\n", #"\\", #"\"", #"\000", #"\255", #"\^_", #" "]
val _ = print (String.concat (map (fn c => Int.toString (ord c) ^ " ") chars) ^ "\n")
fun esc c = if c = #"\n" then "\\n" else if c = #"\t" then "\\t" else if c = #"\\" then "\\\\"
            else if c = #"\"" then "\\\"" else if ord c < 32 then "\\^" ^ implode [chr (ord c + 64)]
            else if ord c > 126 then "\\" ^ Int.toString (ord c) else implode [c]
fun escape s = "\"" ^ String.concat (map esc (explode s)) ^ "\""
val _ = print (escape "line1\nline2\ttab \"q\" back\\slash \^C \200" ^ "\n")
val all = implode (List.map chr (let fun up n = if n > 255 then [] else n :: up (n + 1) in up 0 end))
val _ = print (Int.toString (size all) ^ " " ^ Int.toString (ord (String.sub (all, 255))) ^ "\n")
val _ = print (String.substring (all, 32, 95) ^ "\n")
val _ = print "end without newline"
