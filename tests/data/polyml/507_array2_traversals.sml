(* Array2's traversals in both orders: the order tabulate applies its
   function in, the order app, fold and modify visit the items, on square,
   wide, tall, one-row, one-column and r x 0 arrays; modify's updates seen
   through sub, row and column; an exception raised by the function
   midway (the items before it stay updated); fold building lists and
   strings. *)
fun sI (x : int) = Int.toString x
fun sL f l = "[" ^ String.concatWith "," (map f l) ^ "]"
fun sV v = sL sI (Vector.foldr op :: [] v)
fun rows a = List.tabulate (Array2.nRows a, fn i => Array2.row (a, i))
fun show a = sL sV (rows a)
fun orderName Array2.RowMajor = "RowMajor"
  | orderName Array2.ColMajor = "ColMajor"
val orders = [Array2.RowMajor, Array2.ColMajor]

val shapes = [(3, 3), (2, 4), (4, 2), (1, 5), (5, 1), (1, 1), (3, 0)]
fun shapeName (r, c) = sI r ^ "x" ^ sI c

val _ = app (fn order => app (fn (r, c) =>
          let val visits = ref []
              val a = Array2.tabulate order (r, c, fn (i, j) => (visits := (i, j) :: !visits; 10 * i + j))
          in print ("tabulate " ^ orderName order ^ " " ^ shapeName (r, c) ^ ": calls "
                    ^ sL (fn (i, j) => sI i ^ sI j) (rev (!visits)) ^ " gives " ^ show a ^ "\n")
          end) shapes) orders

val _ = app (fn order => app (fn (r, c) =>
          let val a = Array2.tabulate Array2.RowMajor (r, c, fn (i, j) => 10 * i + j)
              val seen = ref []
              val () = Array2.app order (fn x => seen := x :: !seen) a
              val folded = Array2.fold order (fn (x, acc) => x :: acc) [] a
              val text = Array2.fold order (fn (x, s) => s ^ "<" ^ sI x ^ ">") "" a
              val count = ref 0
              val () = Array2.modify order (fn x => (count := !count + 1; x * 100 + !count)) a
          in print (orderName order ^ " " ^ shapeName (r, c) ^ ": app " ^ sL sI (rev (!seen))
                    ^ ", fold " ^ sL sI folded ^ ", " ^ text ^ ", modify gives " ^ show a ^ "\n")
          end) shapes) orders

(* modify through one traversal, read back through rows and columns *)
val m = Array2.fromList [[1, 2, 3], [4, 5, 6]]
val () = Array2.modify Array2.ColMajor (fn x => x * x) m
val _ = print ("squared: rows " ^ sL sV (rows m) ^ ", columns "
               ^ sL sV (List.tabulate (Array2.nCols m, fn j => Array2.column (m, j))) ^ "\n")

(* an exception midway *)
exception Stop of int
val _ = app (fn order =>
          let val a = Array2.fromList [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
              val () = Array2.modify order (fn x => if x = 5 then raise Stop x else ~x) a
                       handle Stop x => print ("stopped at " ^ sI x ^ "; ")
              val sum = Array2.fold order (fn (x, s) => if x = 8 then raise Stop s else x + s) 0 a
                        handle Stop s => ~1000 - s
              val _ = Array2.app order (fn x => if x = 6 then raise Stop x else print (sI x ^ " ")) a
                      handle Stop x => print ("| stopped at " ^ sI x ^ " ")
          in print (orderName order ^ " after: " ^ show a ^ ", fold " ^ sI sum ^ "\n") end) orders

(* tabulate dying midway: its function's exception comes out *)
val _ = app (fn order =>
          print (orderName order ^ " tabulate: "
                 ^ ((show (Array2.tabulate order (3, 3, fn (i, j) => if i = 1 andalso j = 2 then raise Stop (10 * i + j)
                                                                   else i + j)))
                    handle Stop n => "Stop " ^ sI n) ^ "\n")) orders

(* strings, and functions as items *)
val words = Array2.fromList [["a", "b"], ["c", "d"], ["e", "f"]]
val _ = app (fn order => print (orderName order ^ ": " ^ Array2.fold order (fn (w, s) => s ^ w) "" words ^ "\n")) orders
val adders = Array2.tabulate Array2.ColMajor (2, 2, fn (i, j) => fn x => x + 10 * i + j)
val _ = print ("adders applied to 1000: "
               ^ sL sI (Array2.fold Array2.RowMajor (fn (f, acc) => acc @ [f 1000]) [] adders) ^ "\n")
