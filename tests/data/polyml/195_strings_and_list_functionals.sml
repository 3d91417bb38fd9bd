(* String building and the list functionals, with the order in which
   they call their function made visible by a trace: foldl/foldr,
   map/app, filter, partition, find/exists/all (which stop early),
   mapPartial, tabulate, collate, ListPair's functions on unequal
   lengths and the Eq versions' exceptions; strings built by concat,
   concatWith, implode, translate, tokens/fields and padding, and a
   simple text justifier. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val trace = ref ([] : string list)
fun note s = trace := s :: !trace
fun show label = (pr (label ^ ": " ^ String.concatWith " " (rev (!trace))); trace := [])
fun seen f x = (note (pi x); f x)

val xs = [1, 2, 3, 4, 5]
val _ = foldl (fn (x, acc) => (note (pi x); x + acc)) 0 xs
val () = show "foldl"
val _ = foldr (fn (x, acc) => (note (pi x); x + acc)) 0 xs
val () = show "foldr"
val _ = map (seen (fn x => x)) xs
val () = show "map"
val _ = List.filter (seen (fn x => x mod 2 = 0)) xs
val () = show "filter"
val (evens, odds) = List.partition (seen (fn x => x mod 2 = 0)) xs
val () = show ("partition " ^ pi (length evens) ^ "/" ^ pi (length odds))
val found = List.find (seen (fn x => x > 2)) xs
val () = show ("find " ^ (case found of SOME x => pi x | NONE => "none"))
val e = List.exists (seen (fn x => x = 3)) xs
val a = List.all (seen (fn x => x < 3)) xs
val () = show ("exists then all " ^ Bool.toString e ^ " " ^ Bool.toString a)
val mp = List.mapPartial (seen (fn x => if x mod 2 = 1 then SOME (x * 10) else NONE)) xs
val () = show ("mapPartial " ^ String.concatWith "," (map pi mp))
val tb = List.tabulate (4, seen (fn i => i * i))
val () = show ("tabulate " ^ String.concatWith "," (map pi tb))
val () = show ("tabulate ~1: " ^ ((ignore (List.tabulate (~1, fn i => i)); "ok") handle Size => "Size"))
fun ordName LESS = "LESS" | ordName EQUAL = "EQUAL" | ordName GREATER = "GREATER"
val c1 = List.collate (fn (a, b) => (note (pi a ^ "?" ^ pi b); Int.compare (a, b))) ([1, 2, 3], [1, 2, 4, 0])
val c2 = List.collate Int.compare ([1, 2], [1, 2, 0])
val () = show ("collate " ^ ordName c1 ^ " " ^ ordName c2 ^ " " ^ ordName (List.collate Int.compare ([], [])))

(* ListPair on unequal lengths *)
val ys = ["a", "b", "c"]
val () = pr ("zip: " ^ String.concatWith " " (map (fn (n, s) => pi n ^ s) (ListPair.zip (xs, ys))))
val _ = ListPair.map (fn (n, s) => (note (pi n ^ s); n)) (xs, ys)
val () = show "ListPair.map"
val () = pr ("ListPair.foldr: " ^ ListPair.foldr (fn (n, s, acc) => acc ^ s ^ pi n) "" (xs, ys))
val () = pr ("ListPair.all on unequal: " ^ Bool.toString (ListPair.all (fn (n, _) => n < 3) ([1, 2], ys))
             ^ " allEq: " ^ Bool.toString (ListPair.allEq (fn (n, _) => n < 3) ([1, 2], ys)))
val r = (ListPair.appEq (fn (n, s) => note (pi n ^ s)) (xs, ys); "done") handle ListPair.UnequalLengths => "UnequalLengths"
val () = show ("appEq " ^ r)
val r2 = (ignore (ListPair.foldrEq (fn (n, s, acc) => (note (pi n ^ s); acc)) 0 (xs, ys)); "done") handle ListPair.UnequalLengths => "UnequalLengths"
val () = show ("foldrEq " ^ r2)
val (us, vs) = ListPair.unzip [(1, #"x"), (2, #"y")]
val () = pr ("unzip: " ^ pi (foldl op+ 0 us) ^ " " ^ implode vs)

(* nth/take/drop and their exceptions *)
fun attempt f = (f ()) handle Subscript => "Subscript" | Empty => "Empty"
val () = pr (String.concatWith " " [attempt (fn () => pi (List.nth (xs, 4))), attempt (fn () => pi (List.nth (xs, 5))),
                                     attempt (fn () => pi (length (List.take (xs, 5)))), attempt (fn () => pi (length (List.drop (xs, 6)))),
                                     attempt (fn () => pi (List.last [])), attempt (fn () => pi (List.nth (xs, ~1)))])

(* strings *)
val words = String.tokens Char.isSpace "  the quick\tbrown  fox\njumps over the lazy dog  "
val () = pr ("tokens: " ^ pi (length words) ^ " [" ^ String.concatWith "|" words ^ "]")
val () = pr ("fields: [" ^ String.concatWith "|" (String.fields (fn c => c = #",") ",a,,b,") ^ "]")
val () = pr ("translate: " ^ String.translate (fn #"a" => "4" | #"e" => "" | c => str (Char.toUpper c)) "a needle in the haystack")
val () = pr ("implode rev: " ^ implode (rev (explode "stressed")))
val () = pr ("pads: [" ^ StringCvt.padLeft #"." 8 "abc" ^ "][" ^ StringCvt.padRight #"-" 6 "abcdefgh" ^ "][" ^ StringCvt.padLeft #" " 0 "" ^ "]")

fun justify width ws =
    let fun line (w :: rest, acc, len) =
              if len + 1 + size w > width then (rev acc, w :: rest) else line (rest, w :: acc, len + 1 + size w)
          | line ([], acc, _) = (rev acc, [])
        fun spread [w] = StringCvt.padRight #" " width w
          | spread ws' =
            let val gaps = length ws' - 1
                val spaces = width - foldl (fn (w, n) => n + size w) 0 ws'
                fun build (_, [w]) = w
                  | build (i, w :: rest) = w ^ CharVector.tabulate (spaces div gaps + (if i < spaces mod gaps then 1 else 0), fn _ => #" ") ^ build (i + 1, rest)
                  | build (_, []) = ""
            in build (0, ws') end
        fun go [] = []
          | go (w :: rest) = let val (l, more) = line (rest, [w], size w) in (if null more then StringCvt.padRight #" " width (String.concatWith " " l) else spread l) :: go more end
    in go ws end
val () = app (fn l => pr ("|" ^ l ^ "|")) (justify 16 (words @ ["and", "then", "some", "more", "words"]))
val built = foldl (fn (i, acc) => acc ^ (if i mod 10 = 0 then "\n" else "") ^ pi (i mod 10)) "" (List.tabulate (35, fn i => i))
val () = pr ("built " ^ pi (size built) ^ ":" ^ built)
val () = pr (String.concatWith ", " (map String.toString ["tab\there", "nl\n", "q\"", "bs\\", "\001\127\200"]))
