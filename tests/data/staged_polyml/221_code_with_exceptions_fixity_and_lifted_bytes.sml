(* Generated code that declares an exception and handles it, raises a
   top-level one, declares an infix operator, holds lifted strings and
   chars of every byte and words and ints at their edges, runs a while loop
   over a ref of a generated list of functions, and code returned inside an
   exception. *)
fun pr s = print (s ^ "\n")
exception Gen of int
(* code raising and handling exceptions declared at both stages *)
fun guarded (n : int) : [int -> int] =
  let cogen k = lift n
  in code (fn x => let exception Local of int in
                     (if x > k then raise Local (x - k) else if x = k then raise Gen k else x)
                     handle Local d => d * 100 end) end
val g = eval (guarded 5)
val _ = pr (String.concatWith " " (map (fn x => Int.toString (g x) handle Gen k => "Gen" ^ Int.toString k) [1, 5, 9]))
(* fixity inside generated code *)
val opc : [int * int -> int] = code (fn (a, b) => let infix 7 ++ fun x ++ y = x * 10 + y in a ++ b ++ 1 + 2 end)
val _ = pr (Int.toString (eval opc (3, 4)))
(* lifted strings and chars with every kind of byte *)
val all = CharVector.tabulate (256, chr)
val sc : [string] = let cogen s = lift all in code (s ^ "\255") end
val _ = pr (String.toString (eval sc))
val cc : [char list] = let cogen a = lift #"\000" cogen b = lift #"\255" cogen c = lift #"\"" in code [a, b, c, #"\\"] end
val _ = pr (String.concat (map Char.toString (eval cc)))
val wc : [word * int] = let cogen w = lift (Word.notb 0w0) cogen i = lift (valOf Int.minInt) in code (w, i) end
val (w, i) = eval wc
val _ = pr (Word.toString w ^ " " ^ Int.toString i)
(* a loop generator building a while loop with refs of lists of functions *)
fun steps (0 : int) : [(int -> int) list] = code []
  | steps n = let cogen rest = steps (n - 1) cogen k = lift n in code ((fn x => x * k + 1) :: rest) end
val runner : [int -> int] =
  let cogen fs = steps 4
  in code (fn x0 => let val q = ref fs val acc = ref x0
                    in while not (null (!q)) do (acc := hd (!q) (!acc); q := tl (!q)); !acc end) end
val _ = pr (Int.toString (eval runner 1))
(* power with exceptions carrying generated functions *)
exception Carry of (int -> int)
fun power 0 = code (fn _ => 1)
  | power n = let cogen p = power (n - 1) in code (fn x => x * p x) end
val p5 = (raise Carry (eval (power 5))) handle Carry f => f
val _ = pr (Int.toString (p5 3))
(* two-stage: code producing code *)
val two : [[int]] = code (let cogen inner = lift 7 in code (inner * 6) end)
val _ = pr (Int.toString (eval (eval two)))
val strs : [string] = code (String.concat (map Int.toString (List.tabulate (5, fn i => i * i))) ^ implode [chr 200, chr 10])
val _ = print (eval strs)
