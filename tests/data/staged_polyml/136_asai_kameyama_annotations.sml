(* The staging annotations of Asai and Kameyama, "Automatic Staging via
   Partial Evaluation Techniques" (SCSS 2016). The same terms annotated in
   several ways give the same results; what differs is what happens when.
   §2: <(fun x -> x) (1 + 2)>, <3 + ~((fun x -> x) <1 + 2>)> and
   <3 + ~((fun x -> <x>) (1 + 2))>, the last one a cross-stage persistent
   (CSP) integer, which ML□ writes as `lift`.
   §3: CSP of a higher-type value: <fn p => ~((fn f => <p @ ~f @ (~f @ 1)>)
   @ <fn x => ~((fn y => y) @ <x>)>)>; the binding-time analysis of §4 on
   fn s => fn d => (fn x => x + s) d with s static.
   MetaOCaml's brackets may contain open code (p, x above); ML□'s code is
   closed, so the open parts become code variables (the modal analogue,
   Wickline-Lee-Pfenning §4), and CSP is `lift`. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val evaluated = ref 0
fun note x = (evaluated := !evaluated + 1; x)

(* §2's three programs *)
val c1 = code ((fn x => x) (note 1 + 2))
val c2 = let cogen a = code (note 1 + 2) in code (3 + (fn x => x) a) end
val c3 = let cogen a = (fn x => lift x) (note 1 + 2) in code (3 + a) end
val _ = pr ("before running: " ^ pi (!evaluated) ^ " evaluations of note")
val _ = pr ("c1 = " ^ pi (eval c1) ^ ", c2 = " ^ pi (eval c2) ^ ", c3 = " ^ pi (eval c3))
val _ = pr ("after running once: " ^ pi (!evaluated))
val _ = (eval c1; eval c2; eval c3)
val _ = pr ("after running twice: " ^ pi (!evaluated) ^ " (c3 persisted its value)")

(* §3: the higher-type CSP example; f as generated code, and as a lifted closure *)
fun higherCode () : [((int -> int) -> int -> int) -> int] =
    let cogen f = code (fn x => (fn y => y) x)
    in code (fn p => p f (f 1)) end
fun higherLift () : [((int -> int) -> int -> int) -> int] =
    let val closure = note (fn x => (fn y => y) x)
        cogen f = lift closure
    in code (fn p => p f (f 1)) end
fun curryAdd a b = a + b
val h1 = eval (higherCode ()) (fn g => fn a => g a * 10)
val h2 = eval (higherLift ()) (fn g => fn a => g (a - 7))
val _ = pr ("higher-type: " ^ pi h1 ^ " " ^ pi h2)

(* §4: fn s => fn d => (fn x => x + s) d, with s static: four annotations *)
val allDynamic = code (fn s => fn d => (fn x => x + s) d)
fun sStatic s = let cogen s' = lift s in code (fn d => (fn x => x + s') d) end
fun sStaticBeta s = let cogen s' = lift s in code (fn d => d + s') end
fun sStaticFolded s = if s = 0 then code (fn (d : int) => d) else sStaticBeta s
val dyn = eval allDynamic
val _ = List.app (fn (s, d) =>
          pr (pi s ^ "," ^ pi d ^ ": " ^ String.concatWith " "
              (map pi [dyn s d, eval (sStatic s) d, eval (sStaticBeta s) d, eval (sStaticFolded s) d])))
          [(1, 2), (0, 5), (~3, 3), (100, ~1)]

(* annotations that move an exception between stages: raised while
   generating versus raised by the generated code *)
fun divStatic (s, d) = let cogen q = lift (100 div s) cogen d' = lift d in code (q + d') end
fun divDynamic (s, d) = let cogen s' = lift s cogen d' = lift d in code (100 div s' + d') end
val late = divDynamic (0, 1)
val _ = pr "divDynamic 0 generated without error"
val _ = pr (pi (eval late) handle Div => "Div when the generated code ran")
val _ = pr (pi (eval (divStatic (0, 1))) handle Div => "Div during generation")
val _ = pr ("results agree: " ^ Bool.toString (eval (divStatic (7, 3)) = eval (divDynamic (7, 3))))
val _ = pr ("total evaluations of note: " ^ pi (!evaluated))
