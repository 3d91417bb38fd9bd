(* Abstract types with abstype, mutually dependent types with withtype,
   helpers hidden by local, and user infix operators: a priority
   scheduler of jobs. *)
abstype 'a bag = Bag of (int * 'a) list
with
  val empty = Bag []
  fun add (Bag xs, p, x) =
      let fun ins [] = [(p, x)]
            | ins ((q, y) :: rest) = if p < q then (p, x) :: (q, y) :: rest else (q, y) :: ins rest
      in Bag (ins xs) end
  fun pop (Bag []) = NONE
    | pop (Bag ((p, x) :: rest)) = SOME (p, x, Bag rest)
  fun size (Bag xs) = length xs
  fun toList (Bag xs) = xs
end

datatype job = Job of string * task list
withtype task = string * int

local
  fun taskTime ((_, t) : task) = t
  fun sum xs = foldl op + 0 xs
in
  fun jobTime (Job (_, ts)) = sum (map taskTime ts)
  fun jobName (Job (n, _)) = n
end

infix 4 <<<
fun (Job (_, a)) <<< (Job (_, b)) = length a < length b

infixr 5 +++
fun a +++ b = a ^ " + " ^ b

val jobs = [Job ("build", [("compile", 30), ("link", 5)]),
            Job ("test", [("unit", 12), ("integration", 40), ("lint", 3)]),
            Job ("deploy", [("upload", 8)]),
            Job ("docs", [])]

val queue = foldl (fn (j, b) => add (b, jobTime j, j)) empty jobs
val _ = print ("queued " ^ Int.toString (size queue) ^ " jobs\n")

fun drain (b, clock) =
    case pop b of
      NONE => print ("all done at t=" ^ Int.toString clock ^ "\n")
    | SOME (p, j, rest) =>
        (print ("t=" ^ StringCvt.padLeft #" " 3 (Int.toString clock) ^ " run " ^ jobName j ^ " (" ^ Int.toString p ^ ")\n");
         drain (rest, clock + p))
val _ = drain (queue, 0)

val _ = print ("fewer tasks: " ^ String.concatWith " " (map (fn (a, b) => Bool.toString (a <<< b))
                                                         [(List.nth (jobs, 0), List.nth (jobs, 1)), (List.nth (jobs, 1), List.nth (jobs, 2))]) ^ "\n")
val _ = print ("a" +++ "b" +++ "c" ^ "\n")
val _ = print (String.concatWith ", " (map (fn (p, j) => jobName j ^ "@" ^ Int.toString p) (toList queue)) ^ "\n")

(* a second abstype: counters that cannot go negative *)
exception Underflow of string
abstype counter = C of string * int ref
with
  fun newCounter name = C (name, ref 0)
  fun incr (C (_, r)) = r := !r + 1
  fun decr (C (n, r)) = if !r = 0 then raise Underflow n else r := !r - 1
  fun value (C (_, r)) = !r
  fun label (C (n, _)) = n
end
val cs = map newCounter ["apples", "pears"]
val _ = app incr cs
val _ = incr (hd cs)
val _ = decr (List.nth (cs, 1))
val _ = app (fn c => print (label c ^ " = " ^ Int.toString (value c) ^ "\n")) cs
val _ = (decr (List.nth (cs, 1)); print "decremented\n") handle Underflow n => print ("cannot decrement " ^ n ^ "\n")

local
  val secret = ref 41
in
  fun nextSecret () = (secret := !secret + 1; !secret)
end
val _ = print (Int.toString (nextSecret ()) ^ " " ^ Int.toString (nextSecret ()) ^ "\n")
nonfix +++
val _ = print (+++ ("x", "y") ^ "\n")
val bigBag = List.foldl (fn (i, b) => add (b, (i * 37) mod 101, i)) empty (List.tabulate (300, fn i => i))
val _ = print ("big bag first: " ^ (case pop bigBag of SOME (p, x, _) => Int.toString p ^ "/" ^ Int.toString x | NONE => "-") ^ "\n")
val _ = decr (hd cs)
val _ = decr (hd cs)
val _ = decr (hd cs)
