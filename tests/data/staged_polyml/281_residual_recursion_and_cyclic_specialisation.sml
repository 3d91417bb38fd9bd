(* The LMS paper's staged recursive functions: unfolding a recursive
   function whose argument is dynamic never stops, so LMS's `lambda`
   leaves a real recursive function in the generated code, and detects
   a cycle by comparing the static data a function was specialised to.
   Here: factorial unfolded for a static argument, left recursive for a
   dynamic one, or unfolded k levels before calling the residual
   function; and a walk over a static graph with cycles, specialised per
   node and memoised by node, the cycle closed by calls through refs
   that the generated code shares with the generator. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun fac n = if n = 0 then 1 else n * fac (n - 1)

(* n static: unfolded completely *)
fun facStatic n : [int] =
    if n = 0 then code 1
    else let cogen rest = facStatic (n - 1) cogen nn = lift n in code (nn * rest) end

(* n dynamic: a recursive function in the generated code *)
val facLambda : [int -> int] =
    code (let fun f n = if n = 0 then 1 else n * f (n - 1) in f end)

(* k levels unfolded in front of the residual function *)
fun facUnfold k : [int -> int] =
    if k = 0 then facLambda
    else let cogen inner = facUnfold (k - 1)
         in code (fn n => if n = 0 then 1 else n * inner (n - 1)) end

val _ = pr ("static: " ^ String.concatWith " " (map (fn n => pi (eval (facStatic n))) [0, 1, 5, 10, 20]))
val fl = eval facLambda
val _ = pr ("lambda: " ^ String.concatWith " " (map (fn n => pi (fl n)) [0, 1, 5, 10, 20]))
val _ = app (fn k => let val f = eval (facUnfold k)
                     in pr ("unfold " ^ pi k ^ ": " ^ String.concatWith " " (map (fn n => pi (f n) ^ "/" ^ pi (fac n)) [0, 1, 2, 3, 7]))
                     end) [0, 1, 3, 6]

(* a static graph with cycles: node s has a weight and a successor; the
   walk from s adds the weights of x nodes *)
val succOf = Vector.fromList [3, 0, 5, 1, 2, 4, 6]
val weightOf = Vector.fromList [10, 20, 30, 40, 50, 60, 70]
fun walk (s, x) = if x = 0 then 0 else Vector.sub (weightOf, s) + walk (Vector.sub (succOf, s), x - 1)

val specialised = ref 0
fun specialiseWalk start : [int -> int] =
    let val cells : (int * (int -> int) ref) list ref = ref []
        val pending : (int * (int -> int) ref) list ref = ref []
        fun cellFor s =
            case List.find (fn (k, _) => k = s) (!cells) of
                SOME (_, c) => c
              | NONE => let val c = ref (fn _ => 0) in cells := (s, c) :: !cells; pending := (s, c) :: !pending; c end
        (* the code of node s: its weight and successor are constants, the successor is called through its cell *)
        fun nodeCode s : [int -> int] =
            let cogen w = lift (Vector.sub (weightOf, s))
                cogen nextCell = lift (cellFor (Vector.sub (succOf, s)))
            in specialised := !specialised + 1;
               code (fn x => if x = 0 then 0 else w + (!nextCell) (x - 1))
            end
        val startCell = cellFor start
        fun fill () =
            case !pending of
                [] => ()
              | (s, c) :: rest => (pending := rest; c := eval (nodeCode s); fill ())
        val _ = fill ()
        cogen entry = lift startCell
    in code (fn x => (!entry) x) end

val _ = app (fn s =>
               let val _ = specialised := 0
                   val f = eval (specialiseWalk s)
               in pr ("walk from " ^ pi s ^ ": " ^ pi (!specialised) ^ " nodes specialised; " ^
                      String.concatWith " " (map (fn x => pi (f x) ^ "/" ^ pi (walk (s, x))) [0, 1, 2, 5, 12]))
               end) [0, 2, 6, 1]

(* the cells are shared: a long walk runs through the cycle many times *)
val fromTwo = eval (specialiseWalk 2)
val _ = pr ("walk from 2 over 1000 nodes: " ^ pi (fromTwo 1000) ^ " / " ^ pi (walk (2, 1000)))
