(* The staging constructs in the syntactic positions programs put them:
   `code` and `lift` extend as far right as they can (so an ascription or
   a handler after them belongs to their body), generators as operands
   of user infix operators (parenthesised, as fn would be), `eval` through op and composition, box types
   in annotations of fn parameters, datatypes, exceptions and type
   abbreviations ([[int]], [int] list, [int -> int] option), cogen
   shadowing a value of the same name and the reverse, cogen in a let
   among val and fun, and code values in tuples, lists and case arms. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* the ascription and the handler belong to code's body *)
val g1 = code 1 + 2 : int
val g2 = code 10 div 0 handle Div => ~1
val g3 = lift 3 + 4
val () = pr ("extent: " ^ pi (eval g1) ^ " " ^ pi (eval g2) ^ " " ^ pi (eval g3))

(* generators combined by a user infix operator *)
infix 6 <+>
fun (a : [int]) <+> (b : [int]) : [int] = let cogen x = a cogen y = b in code (x + y) end
infixr 5 <::>
fun (a : [int]) <::> (rest : [int list]) : [int list] = let cogen x = a cogen r = rest in code (x :: r) end
val summed = (lift 1) <+> (lift 2) <+> (code (3 * 4))
val listed = (lift 1) <::> (code 2) <::> (lift 3) <::> (code [])
val () = pr ("infix generators: " ^ pi (eval summed) ^ " [" ^ String.concatWith "," (map pi (eval listed)) ^ "]")

(* eval through op and composition, and map over generators *)
val evalAll = map eval [lift 5, code 6, (lift 3) <+> (lift 4)]
val composed = (pi o eval) (code 8)
val () = pr ("eval as a value: " ^ String.concatWith " " (map pi evalAll) ^ " " ^ composed)

(* box types in annotations, datatypes, exceptions and abbreviations *)
type gen = [int]
type twice = [[int]]
datatype step = Plain of int | Staged of [int -> int] | Nested of [[int]]
exception CarriesCode of [int]
fun runStep (Plain n) x = n + x
  | runStep (Staged g) x = eval g x
  | runStep (Nested g) x = eval (eval g) + x
val steps = [Plain 1, Staged (code (fn x => x * 2)), Nested (code (lift 100)),
             Staged (let cogen k = lift 7 in code (fn x => x - k) end)]
val () = pr ("steps: " ^ String.concatWith " " (map (fn s => pi (runStep s 10)) steps))
val fromExn = (raise CarriesCode (lift 42)) handle CarriesCode (g : gen) => eval g
val maybeFn : [int -> int] option = SOME (code (fn x => x + 1))
val gens : gen list = [lift 1, code 2]
val deep : twice = code (lift 9)
val () = pr ("annotated: " ^ pi fromExn ^ " " ^ (case maybeFn of SOME g => pi (eval g 1) | NONE => "-") ^ " "
             ^ pi (foldl (fn (g, a) => eval g + a) 0 gens) ^ " " ^ pi (eval (eval deep)))
fun apply (f : [int -> int]) (x : int) : int = eval f x
val () = pr ("fn parameter of box type: " ^ pi (apply (code (fn y => y * y)) 9))

(* cogen shadowing a value of the same name, and a value shadowing a code variable *)
val n = 1
val shadowed =
    let cogen n = lift 50
        val viaCode = code (n + 1)
    in let val n = 2 in (eval viaCode, n) end end
val () = pr ("shadowing: " ^ (case shadowed of (a, b) => pi a ^ " " ^ pi b) ^ " outer n " ^ pi n)

(* cogen among val and fun in one let *)
val mixedLet =
    let val base = 3
        cogen b = lift base
        fun scale x = x * 2
        cogen s = lift (scale base)
        val alsoValue = base + 1
    in (code (b + s)) <+> (lift alsoValue) end
val () = pr ("mixed let: " ^ pi (eval mixedLet))

(* code values in case arms and tuples *)
fun pick k : [string] = case k of 0 => code "zero" | 1 => lift "one" | _ => lift (pi k)
val pair = (pick 0, pick 1)
val () = pr ("case arms: " ^ (case pair of (a, b) => eval a ^ " " ^ eval b) ^ " " ^ eval (pick 7))
