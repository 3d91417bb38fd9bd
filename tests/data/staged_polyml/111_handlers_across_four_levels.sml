(* Handlers and raises spread over four levels of nested code: each
   level of a staged validator pipeline may raise at its own generation
   or run time, handlers at one level catch exceptions raised by code
   generated at a deeper level, a local exception declared in the
   innermost code is raised and caught there, and a counter records at
   which level each exception was caught. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
exception Level of int
exception Reject of string
val caught = Array.array (5, 0)
fun catch k = Array.update (caught, k, Array.sub (caught, k) + 1)
fun showCaught () = (pr ("caught at levels: " ^ String.concatWith "," (List.tabulate (5, fn k => pi (Array.sub (caught, k))))); Array.modify (fn _ => 0) caught)

(* level 1: a minimum; level 2: a maximum; level 3: a step; level 4: the value *)
val pipeline : [int -> [int -> [int -> [int -> string]]]] =
    code (fn lo =>
      (if lo < 0 then raise Level 1 else ();
       let cogen lo' = lift lo
       in code (fn hi =>
            ((if hi < lo' then raise Level 2 else ();
                let cogen hi' = lift hi
                in code (fn step =>
                     ((if step = 0 then raise Reject "zero step" else ();
                       let cogen st = lift step
                       in code (fn v =>
                            ((if v > hi' then raise Level 4 else ();
                              if (v - lo') mod st <> 0 then raise Reject ("off grid " ^ pi v) else ();
                              if v < lo' then "low" else "ok " ^ pi v)
                             handle Level 4 => (catch 4; "too big " ^ pi v)))
                       end)
                      handle Reject why => (catch 3; let cogen w = lift why in code (fn _ => "rejected: " ^ w) end)))
                end)
               handle Level 2 => (catch 2; code (fn _ => code (fn _ => "empty range")))))
       end)
      handle Level 1 => (catch 1; code (fn _ => code (fn _ => code (fn _ => "negative minimum")))))

val p = eval pipeline
fun run (lo, hi, step, vs) = pr (pi lo ^ ".." ^ pi hi ^ " by " ^ pi step ^ ": " ^
                                 String.concatWith "; " (map (fn v => (eval (eval (eval (p lo) hi) step) v) handle Reject r => (catch 0; "top: " ^ r)) vs))
val _ = run (0, 10, 2, [0, 4, 5, 10, 12, ~2])
val _ = run (5, 1, 1, [3])
val _ = run (~1, 10, 1, [3])
val _ = run (0, 10, 0, [3])
val _ = showCaught ()

(* a local exception of the inner level, beside a basis exception raised and handled there *)
val scoped : [int -> [int -> int]] =
    code (fn limit => let cogen l = lift limit
                      in code (fn x => let exception Under in (if x > l then raise Fail "over" else if x < 0 then raise Under else x * 2)
                                                               handle Under => (catch 4; 0) | Fail _ => (catch 4; l) end) end)
val sc = eval (eval scoped 100)
val _ = pr (String.concatWith " " (map (pi o sc) [5, ~5, 500]))
val _ = showCaught ()

(* a generator at level 3 that raises during generation, many times, handled at level 2's run time *)
val retry : [int -> int] =
    code (fn n => let fun attempt k = (eval (if k < n then raise Level k else let cogen k' = lift k in code (k' * 10) end))
                                      handle Level j => (catch 2; attempt (j + 1))
                  in attempt 0 end)
val r = eval retry
val _ = pr (pi (r 0) ^ " " ^ pi (r 5) ^ " " ^ pi (r 100))
val _ = showCaught ()
