(* Exceptions with arguments crossing stage boundaries: generated code
   raising an exception whose argument carries a lifted value, a spliced
   function and a generated closure; handlers in generated code that
   match on the argument and re-raise what they do not want; an exception
   declared at the first stage and raised at the third; a handler at
   generation time around a cogen whose generator raises; lifted
   exception values (exn is a value like any other) raised by generated
   code; and the order of effects when a generated handler runs. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Carry of int * string
exception WithFn of int -> int
exception Box of exn

val trace = ref ([] : string list)
fun note s = trace := s :: !trace
fun flush label = (pr (label ^ ": " ^ String.concatWith " " (rev (!trace))); trace := [])

(* the argument carries a lifted value *)
fun thrower (n : int) (tag : string) : [int -> int] =
    let cogen nn = lift n cogen tt = lift tag
    in code (fn x => if x > nn then raise Carry (x - nn, tt) else x) end
val t5 = eval (thrower 5 "five")
val () = pr ("thrower: " ^ String.concatWith " " (map (fn x => (pi (t5 x)) handle Carry (d, s) => s ^ "+" ^ pi d) [1, 5, 6, 42]))

(* a generated handler that keeps some Carry packets and lets others through *)
fun filterGen (keep : string) : [(unit -> int) -> int] =
    let cogen k = lift keep
    in code (fn f => (note "try"; f ()) handle Carry (d, s) => if s = k then (note ("kept " ^ s); d)
                                                             else (note ("passed " ^ s); raise Carry (d * 100, s)))
    end
val keepA = eval (filterGen "a")
val r1 = keepA (fn () => raise Carry (3, "a"))
val r2 = (keepA (fn () => raise Carry (4, "b"))) handle Carry (d, s) => ~d
val r3 = keepA (fn () => 7)
val () = flush ("filter " ^ pi r1 ^ " " ^ pi r2 ^ " " ^ pi r3)

(* a function in the argument, made by generated code and applied outside *)
fun adderGen (k : int) : [unit -> unit] = let cogen kk = lift k in code (fn () => raise WithFn (fn x => x + kk)) end
val () = pr ("WithFn: " ^ ((eval (adderGen 10) (); "none") handle WithFn f => pi (f 1) ^ " " ^ pi (f (f 1))))

(* declared at stage 1, raised at stage 3 *)
exception Deep of string list
val threeStages : [int -> [int -> [unit -> int]]] =
    code (fn a =>
      let cogen aa = lift a
      in code (fn b =>
           let cogen bb = lift b
           in code (fn () => if aa + bb > 10 then raise Deep [pi aa, pi bb] else aa * bb) end)
      end)
fun runThree (a, b) = (pi (eval (eval (eval threeStages a) b) ())) handle Deep parts => "Deep " ^ String.concatWith "," parts
val () = pr ("three stages: " ^ runThree (2, 3) ^ " | " ^ runThree (6, 7))

(* a generator that raises during generation, with a handler around the cogen's generator *)
fun picky (n : int) : [int] = if n < 0 then raise Carry (n, "negative at generation") else lift (n * 2)
fun safe (n : int) : [int] =
    (let cogen p = picky n in code (p + 1) end) handle Carry (d, s) => (note s; lift d)
val () = pr ("safe: " ^ pi (eval (safe 4)) ^ " " ^ pi (eval (safe ~3)))
val () = flush "generation-time handler"

(* exception values are values: lifted, then raised by generated code *)
fun raiseLifted (e : exn) : [unit -> string] = let cogen ee = lift e in code (fn () => raise ee) end
fun describe e = case e of Carry (d, s) => "Carry " ^ pi d ^ " " ^ s | Box inner => "Box(" ^ describe inner ^ ")"
                         | Div => "Div" | _ => exnName e
val () = pr ("lifted packets: " ^ String.concatWith "; " (map (fn e => (eval (raiseLifted e) ()) handle x => describe x)
                                                             [Carry (1, "x"), Box (Box Div), Div, Deep []]))

(* a handler in generated code around spliced code whose generated code raises at run time *)
fun wrapped (g : [int -> int]) : [int -> string] =
    let cogen inner = g
    in code (fn x => pi (inner x) handle Carry (d, s) => raise Box (Carry (d, s ^ "!"))) end
val w = eval (wrapped (thrower 0 "zero"))
val () = pr ("boxed: " ^ ((w 0) handle Box e => describe e) ^ " " ^ ((w 3) handle Box e => describe e))

(* effects when a handler in generated code runs: the body's effects before the raise stay done *)
val counter = ref 0
val effectful : [int -> int] =
    code (fn n => (counter := !counter + 1; note ("body " ^ pi n); if n mod 2 = 0 then raise Carry (n, "even") else n)
                  handle Carry (m, _) => (counter := !counter + 10; note ("handler " ^ pi m); ~m))
val ef = eval effectful
val results = map ef [1, 2, 3, 4]
val () = flush ("effects " ^ String.concatWith "," (map pi results) ^ " counter " ^ pi (!counter))

(* finally: a packet with an argument escapes from generated code *)
val () = pr "escaping:"
val _ = eval (thrower 0 "uncaught") 1
