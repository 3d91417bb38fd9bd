(* Exceptions across stages: exceptions declared inside generated code
   (fresh at each run of the code, so a handler from another run does not
   catch them), raised while generating and handled by the caller of the
   generator, raised by generated code and handled outside, handle inside
   code around a cogen'd function, and exception values carried out of
   generated code and re-raised. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* a local exception in code: each evaluation declares a new one *)
val localExn : [(int -> int) * (exn -> bool)] =
  code (let exception Stop of int
        in (fn n => if n > 10 then raise Stop n else n * 2, fn (Stop _) => true | _ => false) end)
val (f1, is1) = eval localExn
val (f2, is2) = eval localExn
fun test (f, is) n = (pi (f n)) handle e => (if is e then "own Stop" else "foreign " ^ exnName e)
val _ = pr (test (f1, is1) 3 ^ "; " ^ test (f1, is1) 20 ^ "; " ^ test (f1, is2) 20 ^ "; " ^ test (f2, is1) 30)

(* raised while generating: the generator refuses negative sizes *)
exception BadSize of int
fun unrolled n : [int list -> int] =
  if n < 0 then raise BadSize n
  else if n = 0 then code (fn _ => 0)
  else let cogen r = unrolled (n - 1) in code (fn (x :: xs) => x + r xs | [] => raise Empty) end
val _ = pr ((pi (eval (unrolled 3) [1, 2, 3, 4])) handle BadSize n => "bad " ^ pi n)
val _ = pr ((pi (eval (unrolled ~2) [1])) handle BadSize n => "bad size " ^ pi n)
val _ = pr ((pi (eval (unrolled 3) [1])) handle Empty => "list too short")

(* handle inside code around a code variable that raises *)
fun guarded (g : [int -> int], dflt : int) =
  let cogen h = g cogen d = lift dflt in code (fn x => h x handle Div => d | Overflow => ~d) end
val safeDiv = eval (guarded (code (fn x => 100 div x), ~1))
val safeMul = eval (guarded (code (fn x => x * 4611686018427387903), 7))
val _ = pr (String.concatWith " " (map (pi o safeDiv) [1, 7, 0, ~3]) ^ " | " ^ String.concatWith " " (map (pi o safeMul) [0, 1, 2]))

(* exception values as data: generated code returns the exception instead of raising *)
val trial : [(unit -> int) -> exn option] = code (fn th => (ignore (th ()); NONE) handle e => SOME e)
val t = eval trial
val results = map t [fn () => 1, fn () => raise Fail "boom", fn () => hd [], fn () => 1 div 0, fn () => raise BadSize 9]
val _ = pr (String.concatWith " " (map (fn NONE => "-" | SOME e => exnName e) results))
val _ = pr ((case List.nth (results, 4) of SOME e => raise e | NONE => "none") handle BadSize n => "re-raised BadSize " ^ pi n)

(* the handler in generated code sees exceptions raised by lifted closures *)
fun explode' () = raise Fail "from a lifted closure"
val wrap = let cogen f = lift explode' in code ((f (); "no") handle Fail m => "caught in code: " ^ m) end
val _ = pr (eval wrap)
(* raise inside a code that raises when evaluated, caught by the caller of eval *)
val bad : [int] = code (raise Subscript)
val _ = pr ((pi (eval bad)) handle Subscript => "eval raised Subscript")
val _ = pr ((pi (let cogen b = bad in 0 end)) handle Subscript => "cogen raised Subscript")
val lazyBad : [[int]] = code bad
val _ = pr "lazyBad built"
val inner = eval lazyBad
val _ = pr ((pi (eval inner)) handle Subscript => "inner raised Subscript")
