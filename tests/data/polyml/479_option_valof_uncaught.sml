(* Option: valOf and Option.valOf on NONE raise Option; getOpt, isSome,
   Option.map, Option.join and mapPartial avoid it; a lookup table built
   from association lists; Int.fromString results combined with valOf.
   The program ends when valOf of a failed parse, deep inside a map over
   a list of inputs, raises Option and nothing handles it. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showOpt NONE = "NONE" | showOpt (SOME n) = "SOME " ^ pi n

val _ = pr ("valOf (SOME 3) = " ^ pi (valOf (SOME 3)))
val _ = pr ("valOf NONE: " ^ (pi (valOf NONE) handle Option => "Option"))
val _ = pr ("Option.valOf NONE: " ^ (Option.valOf NONE handle Option.Option => "Option.Option"))
val _ = pr ("getOpt: " ^ pi (getOpt (NONE, 7)) ^ " " ^ pi (getOpt (SOME 8, 7)))
val _ = pr ("isSome: " ^ Bool.toString (isSome (SOME ())) ^ " " ^ Bool.toString (isSome NONE))
val _ = pr ("Option.map: " ^ showOpt (Option.map (fn x => x * 2) (SOME 21)) ^ " " ^ showOpt (Option.map (fn x => x * 2) NONE))
val _ = pr ("Option.join: " ^ showOpt (Option.join (SOME (SOME 1))) ^ " " ^ showOpt (Option.join (SOME NONE)))
val _ = pr ("mapPartial: " ^ showOpt (Option.mapPartial (fn x => if x > 0 then SOME (x - 1) else NONE) (SOME 5)) ^
            " " ^ showOpt (Option.mapPartial (fn x => if x > 0 then SOME (x - 1) else NONE) (SOME 0)))
val _ = pr ("Option.filter: " ^ showOpt (Option.filter (fn x => x mod 2 = 0) 4) ^ " " ^ showOpt (Option.filter (fn x => x mod 2 = 0) 5))

(* parsing numbers *)
val inputs = ["12", "  7", "-3", "~3", "4x", "", "x4", "+5", "0009"]
val _ = pr ("fromString: " ^ String.concatWith ", " (map (fn s => "\"" ^ s ^ "\" -> " ^ showOpt (Int.fromString s)) inputs))
fun sumParsed ss = foldl (fn (s, acc) => acc + getOpt (Int.fromString s, 0)) 0 ss
val _ = pr ("sum of parsable: " ^ pi (sumParsed inputs))
fun allOrNothing ss =
    SOME (map (fn s => valOf (Int.fromString s)) ss) handle Option => NONE
val _ = pr ("allOrNothing good: " ^ (case allOrNothing ["1", "2", "3"] of SOME xs => String.concatWith "+" (map pi xs) | NONE => "none"))
val _ = pr ("allOrNothing bad: " ^ (case allOrNothing ["1", "two", "3"] of SOME xs => String.concatWith "+" (map pi xs) | NONE => "none"))

(* a table with optional lookups *)
val table = [("alice", 31), ("bob", 27), ("carol", 45)]
fun find name = Option.map #2 (List.find (fn (n, _) => n = name) table)
fun ageOrDefault name = getOpt (find name, ~1)
val _ = pr ("ages: " ^ String.concatWith " " (map (pi o ageOrDefault) ["bob", "dave", "carol"]))
val _ = pr ("older of two: " ^ showOpt (case (find "alice", find "carol") of
                                            (SOME a, SOME c) => SOME (Int.max (a, c))
                                          | _ => NONE))
val _ = pr ("valOf of missing: " ^ (pi (valOf (find "erin")) handle Option => "Option"))

(* chains of options *)
fun safeDiv (a, b) = if b = 0 then NONE else SOME (a div b)
fun chain x = Option.mapPartial (fn y => safeDiv (100, y)) (safeDiv (x, 2))
val _ = pr ("chain: " ^ String.concatWith " " (map (showOpt o chain) [10, 1, 0, 400]))

(* the unhandled one: a report over inputs, one of which does not parse *)
fun report s = pr ("  " ^ s ^ " doubled is " ^ pi (2 * valOf (Int.fromString s)))
val _ = pr "report:"
val _ = List.app report ["5", "10", "fifteen", "20"]
val _ = pr "not reached"
