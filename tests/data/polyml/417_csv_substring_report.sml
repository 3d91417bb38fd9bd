(* A CSV reader with quoted fields built on Substring, a report with
   column sums and padded output, and scanning numbers with Int.scan. *)
val data =
  "name,dept,salary,start\n\
  \\"Smith, Ann\",eng,5200,2019\n\
  \Bob,ops,3100,2021\n\
  \\"O\"\"Neil\",eng,4800,2018\n\
  \Dee,,2750,2022\n\
  \Eve,ops,x12,2020\n\
  \Fay,sales,6100,2017\n"

exception Unterminated of int

fun splitLine (line : substring) =
    let
      fun field (s, acc) =
          case Substring.getc s of
            SOME (#"\"", rest) => quoted (rest, [], acc)
          | _ =>
              let val (f, rest) = Substring.splitl (fn c => c <> #",") s
              in next (rest, Substring.string f :: acc) end
      and quoted (s, chars, acc) =
          case Substring.getc s of
            NONE => raise Unterminated (length acc)
          | SOME (#"\"", rest) =>
              (case Substring.getc rest of
                 SOME (#"\"", rest') => quoted (rest', #"\"" :: chars, acc)
               | _ => next (rest, implode (rev chars) :: acc))
          | SOME (c, rest) => quoted (rest, c :: chars, acc)
      and next (s, acc) =
          case Substring.getc s of
            NONE => rev acc
          | SOME (#",", rest) => field (rest, acc)
          | SOME (c, _) => raise Fail ("junk after field: " ^ str c)
    in field (line, []) end

val lines = Substring.tokens (fn c => c = #"\n") (Substring.full data)
val rows = map splitLine lines
val header = hd rows
val body = tl rows
val _ = print ("columns: " ^ String.concatWith " | " header ^ "\n")
val _ = print ("rows: " ^ Int.toString (length body) ^ "\n")

fun parseInt s = Int.scan StringCvt.DEC Substring.getc (Substring.full s)
fun showRow [name, dept, salary, start] =
    let val sal = case parseInt salary of
                    SOME (n, rest) => if Substring.isEmpty rest then Int.toString n else "?" ^ salary
                  | NONE => "?" ^ salary
    in StringCvt.padRight #" " 12 name ^ StringCvt.padRight #" " 7 (if dept = "" then "-" else dept)
       ^ StringCvt.padLeft #" " 7 sal ^ StringCvt.padLeft #" " 6 start ^ "\n"
    end
  | showRow r = "bad row with " ^ Int.toString (length r) ^ " fields\n"
val _ = app (print o showRow) body

fun salaryOf [_, _, s, _] = (case parseInt s of SOME (n, _) => SOME n | NONE => NONE)
  | salaryOf _ = NONE
val salaries = List.mapPartial salaryOf body
val _ = print ("total " ^ Int.toString (foldl op + 0 salaries) ^ " over " ^ Int.toString (length salaries) ^ "\n")
fun byDept d = List.filter (fn r => List.nth (r, 1) = d) body
val _ = app (fn d => print (d ^ ": " ^ Int.toString (length (byDept d)) ^ " people, "
                            ^ Int.toString (foldl op + 0 (List.mapPartial salaryOf (byDept d))) ^ "\n")) ["eng", "ops", "sales", ""]

(* substring utilities *)
val s = Substring.full "   padded text here   "
val _ = print ("[" ^ Substring.string (Substring.dropl Char.isSpace (Substring.dropr Char.isSpace s)) ^ "]\n")
val (pre, suf) = Substring.position "text" s
val _ = print ("before text: " ^ Int.toString (Substring.size pre) ^ ", from text: [" ^ Substring.string suf ^ "]\n")
val _ = print ("fields: " ^ String.concatWith "/" (map Substring.string (Substring.fields (fn c => c = #":") (Substring.full "a::b:c:")))  ^ "\n")
val sub = Substring.substring ("abcdefgh", 2, 4)
val _ = print (Substring.string sub ^ " base offset " ^ Int.toString (#2 (Substring.base sub)) ^ " first "
               ^ (case Substring.first sub of SOME c => str c | NONE => "-") ^ "\n")
val _ = print (Substring.string (Substring.triml 2 sub) ^ " " ^ Substring.string (Substring.trimr 3 sub) ^ " "
               ^ Substring.string (Substring.slice (sub, 1, SOME 2)) ^ "\n")
val _ = print (Int.toString (Substring.foldl (fn (c, n) => n + ord c) 0 sub) ^ "\n")
val _ = print (case StringCvt.scanString (Int.scan StringCvt.HEX) "  ff zz" of SOME n => Int.toString n | NONE => "none")
val _ = print "\n"
val _ = print (String.concatWith "|" (splitLine (Substring.full "a,\"b,c")) ^ "\n")
  handle Unterminated n => print ("unterminated quote after " ^ Int.toString n ^ " fields\n")
val _ = print (String.concatWith "|" (splitLine (Substring.full "a,\"b\"c")) ^ "\n")
