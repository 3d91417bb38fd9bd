(* The library client of the paper's §4.2: a staged library routine
   (compPoly) used from code generated for a client. The code generated
   for `client x` calls compPoly when it runs, so a second stage of code
   is generated at the run time of the first: multi-stage specialisation. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* the library *)
val libraryGenerations = ref 0
fun compPoly nil = code (fn x => 0)
  | compPoly (a :: p) =
      (libraryGenerations := !libraryGenerations + 1;
       let cogen f = compPoly p
           cogen a' = lift a
       in code (fn x => a' + (x * f x)) end)

(* the client: makePoly : int -> int list is known only to it *)
fun makePoly y = [y, 1, y]                  (* y + x + y x^2 *)

(* val client : int -> [int -> int] *)
fun client x =
    let cogen x' = lift x
    in code (fn y => eval (compPoly (makePoly y)) x') end

val clientAt2 = eval (client 2)             (* stage 1: code for y => p_y(2) *)
val _ = pr ("after stage 1: library generations " ^ pi (!libraryGenerations))
val r1 = clientAt2 10                       (* stage 2: code for p_10, run at 2 *)
val _ = pr ("clientAt2 10 = " ^ pi r1 ^ " (10 + 2 + 10*4 = " ^ pi (10 + 2 + 40) ^ "), library generations " ^ pi (!libraryGenerations))
val r2 = clientAt2 1
val _ = pr ("clientAt2 1 = " ^ pi r2 ^ ", library generations " ^ pi (!libraryGenerations))
