(* Which side of each operator is evaluated first: SML says left to right
   everywhere. Each operand logs a letter before giving its value. *)
val trail = ref ([] : string list)
fun note s v = (trail := s :: !trail; v)
fun show label = (print (label ^ ": " ^ String.concat (rev (!trail)) ^ "\n"); trail := [])

val _ = note "a" 1 + note "b" 2
val _ = show "+"
val _ = note "a" 7 - note "b" 2
val _ = show "-"
val _ = note "a" 3 * note "b" 4
val _ = show "*"
val _ = note "a" 9 div note "b" 2
val _ = show "div"
val _ = note "a" 9 mod note "b" 2
val _ = show "mod"
val _ = note "a" "x" ^ note "b" "y"
val _ = show "^"
val _ = note "a" 1 :: note "b" [2]
val _ = show "::"
val _ = note "a" [1] @ note "b" [2]
val _ = show "@"
val r = ref 0
val _ = note "a" r := note "b" 5
val _ = show ":="
val _ = note "a" 1 < note "b" 2
val _ = show "<"
val _ = note "a" 1 <= note "b" 2
val _ = show "<="
val _ = note "a" 1 > note "b" 2
val _ = show ">"
val _ = note "a" 1 >= note "b" 2
val _ = show ">="
val _ = note "a" 1 = note "b" 2
val _ = show "="
val _ = note "a" 1 <> note "b" 2
val _ = show "<>"
val _ = note "a" (fn x => x + 1) o note "b" (fn x => x * 2)
val _ = show "o"
val _ = note "a" 1 before note "b" ()
val _ = show "before"
val _ = note "a" false andalso note "b" true
val _ = show "andalso short"
val _ = note "a" true andalso note "b" true
val _ = show "andalso long"
val _ = note "a" true orelse note "b" true
val _ = show "orelse short"
val _ = note "a" false orelse note "b" true
val _ = show "orelse long"
val _ = note "a" 0w3 + note "b" 0w4
val _ = show "word +"
val _ = note "a" #"a" < note "b" #"b"
val _ = show "char <"
val _ = note "a" "ab" < note "b" "b"
val _ = show "string <"
val _ = (note "a" 1, note "b" 2, note "c" 3)
val _ = show "tuple"
val _ = [note "a" 1, note "b" 2, note "c" 3]
val _ = show "list"
val _ = (note "f" (fn x => x)) (note "x" 1)
val _ = show "function before argument"
val _ = note "f" (fn x => fn y => x + y) (note "x" 1) (note "y" 2)
val _ = show "curried"
val _ = Int.max (note "a" 1, note "b" 2)
val _ = show "Int.max"
val _ = (note "a" (); note "b" (); note "c" ())
val _ = show "sequence"
val _ = let val x = note "a" 1 val y = note "b" 2 in note "c" (x + y) end
val _ = show "let"
val _ = if note "a" true then note "b" 1 else note "c" 2
val _ = show "if"
val _ = case note "a" 3 of 1 => note "b" 0 | n => note "c" n
val _ = show "case"
val _ = SOME (note "a" 1)
val _ = show "constructor"
val _ = ! (note "a" r)
val _ = show "!"
val _ = ~ (note "a" 4)
val _ = show "~"
