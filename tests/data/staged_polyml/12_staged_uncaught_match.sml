(* A non-exhaustive match inside generated code: the specialised decoder
   handles the opcodes it was built for and raises Match at run time on
   another one; handled once, then the program dies of it *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype cmd = Inc of int | Dbl | Reset
fun decoderFor table =
  let fun gen [] = code (fn (_ : int) => (raise Match) : cmd)
        | gen ((k, c) :: rest) = let cogen kk = lift k cogen cc = lift c cogen other = gen rest
                                 in code (fn op' => if op' = kk then cc else other op') end
      cogen lookup = gen table
  in code (fn (ops, start) =>
             foldl (fn (op', acc) => case lookup op' of Inc n => acc + n | Dbl => acc * 2) start ops)
  end
val run = eval (decoderFor [(1, Inc 1), (2, Dbl), (3, Inc 10), (4, Reset)])
val _ = pr (pi (run ([1, 2, 3], 0)))
val _ = pr (pi (run ([], 7)))
val _ = pr ((pi (run ([9], 0))) handle Match => "no entry: Match")
val _ = pr ((pi (run ([1, 4], 0))) handle Match => "Reset unhandled: Match")
val _ = pr (pi (run ([2, 2, 2], 1)))
val _ = pr (pi (run ([3, 4], 0)))
val _ = pr "unreached"
