(* A make-like build planner: rules parsed from text lines with
   String.tokens/fields, a depth-first topological order with cycle
   detection (the exception carries the cycle), timestamps deciding what to
   rebuild, and missing sources reported by a re-raised exception. *)
exception Cycle of string list
exception Missing of string * string   (* target, what it needs *)

fun parseRule line =
  case String.fields (fn c => c = #":") line of
    [target, deps] => (String.concatWith "" (String.tokens Char.isSpace target), String.tokens Char.isSpace deps)
  | _ => raise Fail ("bad rule: " ^ line)

val makefile = "app: main.o util.o lib.a\nmain.o: main.c util.h\nutil.o: util.c util.h\n\
               \lib.a: a.o b.o\na.o: a.c\nb.o: b.c util.h\n"
val rules = map parseRule (String.tokens (fn c => c = #"\n") makefile)
val sources = [("main.c", 5), ("util.h", 2), ("util.c", 3), ("a.c", 1), ("b.c", 9)]

fun depsOf (rules, t) = Option.map #2 (List.find (fn (t', _) => t' = t) rules)

fun order (rules, goal) =
  let fun visit (t, path, done) =
        if List.exists (fn d => d = t) done then done
        else if List.exists (fn p => p = t) path
        then let fun upTo (p :: ps) = if p = t then [p] else p :: upTo ps | upTo [] = []
             in raise Cycle (rev (t :: upTo path)) end
        else case depsOf (rules, t) of
               NONE => done
             | SOME ds => t :: foldl (fn (d, acc) => visit (d, t :: path, acc)) done ds
  in rev (visit (goal, [], [])) end

fun timeOf (stamps, f) = Option.map #2 (List.find (fn (g, _) => g = f) stamps)

fun build (rules, srcs, goal) =
  let val clock = ref (foldl (fn ((_, s), m) => Int.max (s, m)) 10 srcs)   (* builds are newer than any file *)
      val stamps = ref srcs
      fun make t =
        case depsOf (rules, t) of
          NONE => (case timeOf (!stamps, t) of SOME s => s | NONE => raise Missing (t, t))
        | SOME ds =>
            let val newest = foldl Int.max 0 (map (fn d => make d handle Missing (_, what) => raise Missing (t, what)) ds)
            in case timeOf (!stamps, t) of
                 SOME s => if s >= newest then s else rebuild (t, ds)
               | NONE => rebuild (t, ds)
            end
      and rebuild (t, ds) =
        (clock := !clock + 1;
         print ("  build " ^ StringCvt.padRight #" " 7 t ^ " from " ^ String.concatWith " " ds ^ "  @" ^ Int.toString (!clock) ^ "\n");
         stamps := (t, !clock) :: List.filter (fn (f, _) => f <> t) (!stamps);
         !clock)
  in fn () => (make goal; !stamps) end

val _ = print ("order: " ^ String.concatWith " " (order (rules, "app")) ^ "\n")
val _ = print "first build:\n"
val stamps1 = build (rules, sources, "app") ()
val _ = print "nothing changed:\n"
val stamps2 = build (rules, stamps1, "app") ()
val _ = print (if stamps1 = stamps2 then "  (up to date)\n" else "  CHANGED\n")
val _ = print "touch util.h:\n"
val stamps3 = build (rules, ("util.h", 100) :: List.filter (fn (f, _) => f <> "util.h") stamps2, "app") ()
val _ = print "remove b.c:\n"
val _ = (build (rules, List.filter (fn (f, _) => f <> "b.c") sources, "app") (); ())
        handle Missing (t, what) => print ("  no rule to make " ^ what ^ ", needed by " ^ t ^ "\n")
val cyclic = rules @ [("a.c", ["gen.py"]), ("gen.py", ["lib.a"])]
val _ = print (String.concatWith " -> " (order (cyclic, "app")) ^ "\n")
        handle Cycle c => print ("cycle: " ^ String.concatWith " -> " c ^ "\n")
val _ = parseRule "no colon here"
