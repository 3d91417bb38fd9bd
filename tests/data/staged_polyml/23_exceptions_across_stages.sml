(* Exceptions across stages: raised in generated code and handled
   outside, raised during generation, handled inside code around spliced
   code, carried as values through lift, exceptions with arguments
   matched inside generated code, exnName of them, local exceptions
   reaching generated code only through lifted closures *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
exception Neg of int
exception Msg of string * int list
exception Plain
fun checkGen limit = let cogen l = lift limit in code (fn x => if x < 0 then raise Neg x else if x > l then raise Msg ("big", [x, l]) else x) end
val check = eval (checkGen 10)
fun classify x = (pi (check x)) handle Neg n => "Neg " ^ pi n | Msg (s, l) => s ^ String.concat (map (fn k => " " ^ pi k) l)
val _ = pr (String.concat (map (fn x => classify x ^ "; ") [5, ~3, 11, 10]))
(* raised during generation *)
fun strictGen n = if n < 0 then raise Neg n else let cogen k = lift n in code (k * 2) end
val _ = pr ((pi (eval (strictGen 4)) ^ " " ^ pi (eval (strictGen ~4))) handle Neg n => "generation raised Neg " ^ pi n)
(* handle inside code, around a spliced raising code *)
val raising = code (fn x => if x = 0 then raise Plain else 100 div x)
val guarded = let cogen f = raising in code (fn x => f x handle Plain => ~1 | Div => ~2) end
val _ = pr (String.concat (map (fn x => pi (eval guarded x) ^ " ") [0, 5, 200]))
(* the handler in the code does not catch what the generator raised *)
val _ = pr ((eval (let cogen f = (raise Plain; code (fn x => x)) in code (fn x => f x handle Plain => 0) end) 3; "no") handle Plain => "Plain escaped generation")
(* exception values lifted, raised in generated code *)
val exns = [Neg 1, Msg ("m", []), Plain, Fail "failed", Div, Subscript]
val raisers = map (fn e => let cogen ex = lift e in code (fn () => raise ex) end) exns
fun describe e = exnName e ^ (case e of Neg n => "(" ^ pi n ^ ")" | Msg (s, _) => "(" ^ s ^ ")" | Fail s => "(" ^ s ^ ")" | _ => "")
val _ = pr (String.concat (map (fn g => ((eval g (); "none") handle e => describe e) ^ " ") raisers))
(* handler with a pattern on the argument, inside code, re-raising the rest *)
val picky = code (fn f => f () handle Msg ("retry", n :: _) => n | Neg 0 => 0)
val _ = pr (String.concat (map (fn f => (pi (eval picky f) handle e => "re-raised " ^ exnName e) ^ " ")
                            [fn () => 1, fn () => raise Msg ("retry", [7, 8]), fn () => raise Msg ("other", [1]), fn () => raise Neg 0, fn () => raise Neg 1]))
(* a local exception reaches generated code only through a lifted closure or value *)
fun withLocal n =
  let exception Local of int
      val thrower = fn k => raise Local k
      val g = let cogen t = lift thrower cogen k = lift n in code (fn () => t k) end
  in (eval g (); "not raised") handle Local m => "Local " ^ pi m end
val _ = pr (withLocal 3 ^ " " ^ withLocal 9)
fun localEscapes () = let exception Secret in let cogen e = lift Secret in code (fn () => raise e) end end
val _ = pr ((eval (localEscapes ()) (); "no") handle e => "escaped as " ^ exnName e)
(* two exceptions with the same name: the generated code keeps the one it captured *)
exception Dup of int
val firstDup = code (fn () => raise Dup 1)
val isFirst = fn e => case e of Dup _ => true | _ => false
exception Dup of int
val secondDup = code (fn () => raise Dup 2)
fun which g = (eval g (); "none") handle Dup n => "second " ^ pi n | e => if isFirst e then "first" else "other"
val _ = pr (which firstDup ^ " " ^ which secondDup)
(* run-time exceptions of the basis from generated code *)
val basisExns = code (fn k => case k of 0 => hd [] | 1 => valOf NONE | 2 => ord (String.sub ("", 0)) | 3 => ord (chr 999)
                                       | 4 => Array.sub (Array.array (0, 0), 0) | 5 => 1 div 0 | 6 => 4611686018427387903 * 2 | _ => List.nth ([1], k))
val _ = pr (String.concat (map (fn k => ((pi (eval basisExns k)) handle e => exnName e) ^ " ") [0, 1, 2, 3, 4, 5, 6, 7]))
(* nested handlers across two levels of code *)
val twoLevel = code (fn x => let cogen xx = lift x
                             in code ((if xx > 0 then raise Neg xx else xx) handle Neg n => n * 100) end
                             handle Neg n => code 0)
val _ = pr (pi (eval (eval twoLevel 3)) ^ " " ^ pi (eval (eval twoLevel ~3)))
