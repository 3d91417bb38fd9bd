(* A local exception declared three levels deep in generated code: a
   staged search (the pattern at stage 1, the limit at stage 2, the data
   at stage 3) exits early with a local exception that its own handler
   catches; when the search is exhausted it raises another local
   exception that no handler names, which escapes to the top level under
   its declared name. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val search : [int -> [int -> [int list -> int]]] =
    code (fn pattern =>
      let cogen p = lift pattern
      in code (fn limit =>
           let cogen l = lift limit cogen pl = lift (p * limit)
           in code (fn xs =>
                let exception Hit of int
                    exception Exhausted
                    fun go ([], _) = raise Exhausted
                      | go (x :: rest, n) = if n >= l then raise Exhausted
                                            else if x mod p = 0 then raise Hit x
                                            else go (rest, n + 1)
                in (go (xs, 0); 0) handle Hit x => x + pl end)
           end)
      end)

val byPattern = eval search
val by3 = eval (byPattern 3)
val within4 = eval (by3 4)
val within2 = eval (by3 2)
val _ = pr (pi (within4 [1, 2, 9, 12]) ^ " " ^ pi (within4 [3]) ^ " " ^ pi (within2 [5, 6]))
val _ = pr ((pi (within2 [1, 2, 3])) handle e => "handled " ^ exnName e)
val by7 = eval (eval (byPattern 7) 100)
val _ = pr (pi (by7 (List.tabulate (50, fn i => i * 3 + 1))))
val _ = pr "now a search that runs out"
val _ = pr (pi (within4 [1, 2, 4, 5, 6]))
val _ = pr "not reached"
