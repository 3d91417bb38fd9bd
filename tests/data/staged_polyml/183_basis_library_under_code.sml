(* The basis inside generated code: String.tokens, Int.fmt, StringCvt padding and scanning, Substring, ListPair, Option, CharVector, Word.fmt, TextIO output, List functions, and a padded printer generated a stage deeper *)
fun say s = print (s ^ "\n")
val g = code (fn s =>
  let val toks = String.tokens (fn c => c = #" ") s
      val nums = List.mapPartial Int.fromString toks
      val hex = map (Int.fmt StringCvt.HEX) nums
      val padded = map (StringCvt.padLeft #"0" 6) hex
      val sub = Substring.full s
      val (l, r) = Substring.splitl Char.isAlpha sub
      val scanned = Int.scan StringCvt.DEC Substring.getc (Substring.full "  42rest")
      val pairs = ListPair.zip (toks, nums)
      val om = Option.map (fn x => x * 2) (List.find (fn x => x > 10) nums)
      val cv = CharVector.tabulate (5, fn i => Char.chr (65 + i))
      val words = map (Word.fmt StringCvt.BIN o Word.fromInt) nums
  in
    TextIO.print ("toks=" ^ String.concatWith "|" toks ^ "\n");
    TextIO.output (TextIO.stdOut, "padded=" ^ String.concatWith "," padded ^ "\n");
    print (Substring.string l ^ "/" ^ Substring.string r ^ "\n");
    print (case scanned of SOME (n, rest) => Int.toString n ^ ":" ^ Substring.string rest | NONE => "none");
    print "\n";
    print (String.concatWith ";" (map (fn (t, n) => t ^ "=" ^ Int.toString n) pairs) ^ "\n");
    print (case om of SOME v => Int.toString v | NONE => "-");
    print ("\n" ^ cv ^ " " ^ String.concatWith " " words ^ "\n");
    print (String.concatWith "," (map (fn c => Int.toString (Char.ord c)) (String.explode (String.map Char.toUpper s))) ^ "\n");
    length toks
  end)
val n = eval g "abc 12 7 def 255 x"
val _ = say (Int.toString n)
val g2 = code (fn fmt => let cogen f = lift (fn n => StringCvt.padRight #"." fmt (Int.toString n)) in code (fn l => String.concat (map f l)) end)
val _ = say ((eval (eval g2 6)) [1, 22, 333])
val g3 = code (List.app (fn (a, b) => print (a ^ Bool.toString b ^ " ")) (ListPair.zip (["x", "y", "z"], [true, false])))
val _ = (eval g3; say "")
val g4 = code (let val s = Substring.full "a,b,,c" in map Substring.string (Substring.fields (fn c => c = #",") s) end)
val _ = say (String.concatWith "|" (eval g4))
val g5 = code (fn l => (List.collate Int.compare (l, [1, 3]), Option.getOpt (NONE, 3), Option.isSome (SOME 1), List.last l, List.concat [l, l], List.revAppend (l, [0]), List.tabulate (3, fn i => i * i), List.getItem l))
val _ = case eval g5 [1, 2] of (o1, a, b, c, d, e, f, SOME (h, t)) => say ((case o1 of LESS => "lt" | _ => "ge") ^ Int.toString a ^ Bool.toString b ^ Int.toString c ^ String.concatWith "," (map Int.toString (d @ e @ f @ t)) ^ Int.toString h) | _ => ()
