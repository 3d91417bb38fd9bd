(* A line editor with undo and redo kept as closures: each command
   returns the closure that reverses it, pushed on a stack in a ref;
   objects as tuples of closures over shared private state (two buffers
   made by one constructor do not share); counters captured by closures
   created in a loop (each sees its own binding, all see the one ref);
   commands given as a list of strings, parsed with char patterns. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun newBuffer name =
  let val lines : string list ref = ref []
      val undo : (unit -> unit) list ref = ref []
      val redo : (unit -> unit) list ref = ref []
      val edits = ref 0
      fun setLines new = let val old = !lines in lines := new; fn () => lines := old end
      fun record reverse = (undo := reverse :: !undo; redo := []; edits := !edits + 1)
      fun insert (i, text) =
        if i < 0 orelse i > length (!lines) then raise Subscript
        else record (setLines (List.take (!lines, i) @ text :: List.drop (!lines, i)))
      fun delete i =
        (case List.drop (!lines, i) of
             [] => raise Subscript
           | _ :: rest => record (setLines (List.take (!lines, i) @ rest)))
        handle Subscript => raise Fail (name ^ ": no line " ^ pi i)
      fun replace (from, to) =
        record (setLines (map (fn l => String.concatWith to (String.fields (fn c => c = String.sub (from, 0)) l)) (!lines)))
      fun step (src, dst) () =
        case !src of
            [] => false
          | f :: rest =>
              let val current = !lines
              in f (); src := rest;
                 dst := (fn () => lines := current) :: !dst; true end
      fun show () = pr (name ^ " [" ^ pi (!edits) ^ " edits]: " ^ String.concatWith " / " (!lines))
  in (insert, delete, replace, step (undo, redo), step (redo, undo), show) end

val (ins, del, rep, undo, redo, show) = newBuffer "main"
val (ins2, _, _, undo2, _, show2) = newBuffer "other"

fun command line =
  case explode line of
      #"i" :: #" " :: d :: #" " :: text => (ins (ord d - ord #"0", implode text); show ())
    | [#"d", #" ", d] => ((del (ord d - ord #"0"); show ()) handle Fail m => pr ("error: " ^ m))
    | #"r" :: #" " :: c :: #" " :: to => (rep (String.str c, implode to); show ())
    | [#"u"] => (pr (if undo () then "undone" else "nothing to undo"); show ())
    | [#"u", #"u"] => (undo (); undo (); show ())
    | [#"y"] => (pr (if redo () then "redone" else "nothing to redo"); show ())
    | _ => pr ("unknown command " ^ String.toString line)

val () = app command
  ["i 0 first", "i 1 second line", "i 1 middle", "r e E", "u", "u", "y", "y", "y", "d 5", "d 0", "uu",
   "i 9 too far" handle _ => "?", "x", "u", "u", "u", "u", "u"]
  handle Subscript => pr "insert out of range"
val () = (ins2 (0, "independent"); show2 (); ignore (undo2 ()); show2 (); show ())

(* closures made in a loop: each captures its own i and the shared ref *)
val shared = ref 0
val makers = List.tabulate (5, fn i => fn () => (shared := !shared + i; i * 100 + !shared))
val () = pr (String.concatWith " " (map (fn f => pi (f ())) makers))
val () = pr (String.concatWith " " (map (fn f => pi (f ())) (rev makers)))

(* a counter object with a reset that restores the value at creation *)
fun counter start =
  let val n = ref start
  in (fn () => (n := !n + 1; !n), fn () => n := start, fn () => !n) end
val (tickA, resetA, peekA) = counter 10
val (tickB, _, peekB) = counter ~3
val () = (tickA (); tickA (); tickB (); pr (pi (peekA ()) ^ " " ^ pi (peekB ()));
          resetA (); pr (pi (peekA ()) ^ " " ^ pi (tickA ()) ^ " " ^ pi (tickB ())))
