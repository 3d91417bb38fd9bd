(* After the Rosetta Code task "Universal Turing machine": a machine given
   as a list of rules (state, read, write, move, next), the tape as a
   zipper of two lists, run on the task's "simple incrementer", the
   three-state busy beaver and the four-state busy beaver (107 steps),
   printing the tape around the head. *)

datatype move = L | R | N

type rule = string * char * char * move * string

datatype tape = Tape of char list * char * char list   (* left (reversed), head, right *)

fun moveTape blank (Tape (l, h, r), L) =
      (case l of [] => Tape ([], blank, h :: r) | x :: l' => Tape (l', x, h :: r))
  | moveTape blank (Tape (l, h, r), R) =
      (case r of [] => Tape (h :: l, blank, []) | x :: r' => Tape (h :: l, x, r'))
  | moveTape _ (t, N) = t

fun showTape (Tape (l, h, r)) = implode (rev l) ^ "[" ^ str h ^ "]" ^ implode r

exception NoRule of string * char

fun run (rules : rule list, blank, start, halt, input, limit) =
  let
    val tape0 = case input of [] => Tape ([], blank, []) | x :: xs => Tape ([], x, xs)
    fun step (state, tape as Tape (_, h, _), n) =
      if state = halt then (tape, n)
      else if n >= limit then raise Fail "step limit"
      else
        case List.find (fn (s, c, _, _, _) => s = state andalso c = h) rules of
            NONE => raise NoRule (state, h)
          | SOME (_, _, w, m, next) =>
              let val Tape (l, _, r) = tape
              in step (next, moveTape blank (Tape (l, w, r), m), n + 1) end
  in step (start, tape0, 0) end

fun count c (Tape (l, h, r)) = length (List.filter (fn x => x = c) (h :: l @ r))

val incrementer = [("q0", #"1", #"1", R, "q0"), ("q0", #"B", #"1", N, "qf")]
val (t1, n1) = run (incrementer, #"B", "q0", "qf", explode "111", 100)
val _ = print ("incrementer: " ^ showTape t1 ^ " after " ^ Int.toString n1 ^ " steps\n")

val beaver3 = [("a", #"0", #"1", R, "b"), ("a", #"1", #"1", L, "c"),
               ("b", #"0", #"1", L, "a"), ("b", #"1", #"1", R, "b"),
               ("c", #"0", #"1", L, "b"), ("c", #"1", #"1", N, "halt")]
val (t2, n2) = run (beaver3, #"0", "a", "halt", [], 1000)
val _ = print ("busy beaver 3: " ^ showTape t2 ^ ", " ^ Int.toString (count #"1" t2)
               ^ " ones after " ^ Int.toString n2 ^ " steps\n")

val beaver4 = [("A", #"0", #"1", R, "B"), ("A", #"1", #"1", L, "B"),
               ("B", #"0", #"1", L, "A"), ("B", #"1", #"0", L, "C"),
               ("C", #"0", #"1", R, "H"), ("C", #"1", #"1", L, "D"),
               ("D", #"0", #"1", R, "D"), ("D", #"1", #"0", R, "A")]
val (t3, n3) = run (beaver4, #"0", "A", "H", [], 1000)
val _ = print ("busy beaver 4: " ^ showTape t3 ^ ", " ^ Int.toString (count #"1" t3)
               ^ " ones after " ^ Int.toString n3 ^ " steps\n")

(* binary increment: walk right to the end, then carry leftwards *)
val binInc = [("right", #"0", #"0", R, "right"), ("right", #"1", #"1", R, "right"),
              ("right", #"_", #"_", L, "carry"),
              ("carry", #"1", #"0", L, "carry"), ("carry", #"0", #"1", N, "done"),
              ("carry", #"_", #"1", N, "done")]
fun increment s = let val (t, _) = run (binInc, #"_", "right", "done", explode s, 1000) in showTape t end
val _ = List.app (fn s => print (s ^ " + 1 -> " ^ increment s ^ "\n")) ["1011", "111", "0"]
val _ = run (incrementer, #"B", "q0", "qf", explode "1x1", 100)
