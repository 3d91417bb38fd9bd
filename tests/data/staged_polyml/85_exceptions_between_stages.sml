(* Exceptions at every stage of a larger staged program: raised while
   generating and caught around eval; raised by spliced code and handled
   by a handler in the generated code around the splice; exceptions
   declared locally inside generated code (generative: one per run of the
   declaration), carrying values, re-raised, compared through exnName;
   exception values lifted from generation time and raised at run time;
   handlers with many rules over top-level exceptions. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Gen of string
exception Run of int
exception Pair of int * string
exception Empty

(* a checked generator: generation fails on a bad specification *)
fun scaleBy (k : int) : [int -> int] =
    if k = 0 then raise Gen "zero scale"
    else let cogen k' = lift k in code (fn x => if x mod k' <> 0 then raise Run x else x div k') end
fun tryBuild k = (SOME (eval (scaleBy k))) handle Gen why => (pr ("generation failed: " ^ why); NONE)
val _ = case tryBuild 0 of NONE => pr "no function" | SOME _ => pr "??"
val byThree = valOf (tryBuild 3)
val _ = pr (String.concatWith " " (map (fn x => (pi (byThree x)) handle Run r => "Run " ^ pi r) [9, 10, 0, ~6, 7]))

(* the handler is in the generated code, the raise in code spliced into it *)
fun guarded (body : [int -> int], fallback : [int -> int]) : [int -> int] =
    let cogen b = body cogen f = fallback
    in code (fn x => b x handle Run r => f r | Div => ~1 | Pair (n, s) => n + size s) end
val g1 = eval (guarded (scaleBy 4, code (fn r => r * 1000)))
val g2 = eval (guarded (code (fn x => if x > 10 then raise Pair (x, "big") else 100 div x), code (fn r => r)))
val _ = pr (String.concatWith " " (map (pi o g1) [8, 9, 0]) ^ " | " ^ String.concatWith " " (map (pi o g2) [0, 5, 11, 50]))

(* nested handlers at several levels of splicing: the innermost fallback raises again *)
fun chain 0 = code (fn (x : int) => if x < 0 then raise Run x else x)
  | chain n = let cogen inner = chain (n - 1) cogen n' = lift n
              in code (fn x => inner (x - n') handle Run r => if r < ~10 then raise Run (r * 2) else n' * 100 + r) end
val c5 = eval (chain 5)
val _ = pr (String.concatWith " " (map (fn x => (pi (c5 x)) handle Run r => "escaped " ^ pi r) [100, 15, 14, 10, 0, ~50]))

(* a local exception inside generated code: each call of the generated
   function declares a fresh exception, so an inner handler of one call
   does not catch another call's exception *)
val fresh : [(unit -> unit) -> (unit -> unit) * (exn -> bool)] =
    code (fn k => let exception Mine
                  in (fn () => (k (); raise Mine), fn e => case e of Mine => true | _ => false) end)
val mk = eval fresh
val (raise1, is1) = mk (fn () => ())
val (raise2, is2) = mk (fn () => ())
val _ = (raise1 ()) handle e => pr ("is1 " ^ Bool.toString (is1 e) ^ " is2 " ^ Bool.toString (is2 e) ^ " name " ^ exnName e)

(* a local exception with a value, used for an early exit out of a generated fold *)
fun firstWith (pred : [int -> bool]) : [int list -> int option] =
    let cogen p = pred
    in code (fn xs => let exception Found of int
                      in (List.app (fn x => if p x then raise Found x else ()) xs; NONE) handle Found x => SOME x end) end
val firstEven = eval (firstWith (code (fn x => x mod 2 = 0)))
val firstBig = eval (firstWith (let cogen t = lift 1000 in code (fn x => x > t) end))
fun po NONE = "none" | po (SOME x) = pi x
val _ = pr (po (firstEven [1, 3, 8, 10]) ^ " " ^ po (firstEven [1, 3]) ^ " " ^ po (firstBig [5, 5000, 7000]))

(* exception values as data: lifted, then raised from generated code *)
val toRaise = [Run 1, Pair (2, "two"), Empty, Fail "failure", Gen "gen", Subscript, Div]
fun raiser (e : exn) : [unit -> int] = let cogen e' = lift e in code (fn () => raise e') end
fun describe (f : unit -> int) =
    (pi (f ())) handle Run n => "Run " ^ pi n | Pair (n, s) => "Pair " ^ pi n ^ s | Empty => "Empty"
                     | Fail s => "Fail " ^ s | e => "other " ^ exnName e
val _ = pr (String.concatWith ", " (map (fn e => describe (eval (raiser e))) toRaise))

(* raised during generation at depth two: the outer code runs, the inner generation raises *)
val twoStage : [int -> [int]] =
    code (fn n => if n < 0 then raise Gen ("negative " ^ pi n) else let cogen n' = lift n in code (n' * n') end)
val ts = eval twoStage
val _ = pr ((pi (eval (ts 12))) handle Gen s => s)
val _ = pr ((pi (eval (ts ~3))) handle Gen s => "caught around eval: " ^ s)

(* handle inside generated code of an exception from a generator evaluated at run time *)
val late : [int -> int] = code (fn n => eval (scaleBy n) 12 handle Gen _ => ~100 | Run r => r)
val lf = eval late
val _ = pr (String.concatWith " " (map (pi o lf) [0, 3, 5, 12]))
(* exnName of top-level and basis exceptions raised in generated code *)
val names = map (fn g => (eval g; "none") handle e => exnName e)
                [code (raise Empty), code (hd ([] : int list)), code (valOf (NONE : int option)), code (Array.sub (Array.array (1, 0), 2)),
                 code (ord (chr 999)), code (raise Pair (1, "")), code (1 div 0)]
val _ = pr (String.concatWith " " names)
