(* Syntax corners that programs write and parsers get wrong: infix
   function definitions (plain, curried, parenthesised), op on infix
   constructors and basis operators, nested matches where a later rule
   belongs to the inner case, layered patterns with constraints, val rec
   with several rules, sequences in let bodies and in parentheses, a let
   that changes an operator's infix status, negative literals in
   patterns, unit and wildcard patterns in fun, type constraints in odd
   places, andalso/orelse next to if/case/fn/raise/handle, and comments
   nested (* like this *) inside code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

infix 6 ++
fun x ++ y = x * 10 + y
infixr 5 ::>
datatype 'a chain = End | ::> of 'a * 'a chain
infix 4 @@@
fun (x ::> xs) @@@ ys = x ::> (xs @@@ ys)
  | End @@@ ys = ys
fun toList End = [] | toList (x ::> xs) = x :: toList xs
val c = (1 ::> 2 ::> End) @@@ (3 ::> End)
val () = pr ("chain: " ^ String.concatWith "," (map pi (toList c)) ^ "; 1 ++ 2 ++ 3 = " ^ pi (1 ++ 2 ++ 3))
(* curried infix definition: the infix pair first, then more arguments *)
infix 3 <+>
fun (a <+> b) scale = (a + b) * scale
val () = pr ("curried infix: " ^ pi ((2 <+> 3) 4))
val () = pr ("op forms: " ^ pi (op ++ (4, 5)) ^ " " ^ pi (length (toList (op ::> (9, End)))) ^ " "
             ^ pi (foldr op + 0 [1, 2, 3]) ^ " " ^ String.concat (map op ^ [("a", "b"), ("c", "d")]))

(* nested case: the second rule belongs to the inner case unless parenthesised *)
fun inner x y = case x of 0 => (case y of 0 => "both zero" | _ => "x zero") | _ => "x nonzero"
fun greedy x y = case x of 0 => case y of 0 => "both zero" | _ => "inner wildcard"
val () = pr ("nested case: " ^ inner 0 1 ^ ", " ^ inner 1 0 ^ ", " ^ greedy 0 1 ^ ", " ^ ((greedy 1 0) handle Match => "Match"))

(* a fn body extends as far right as it can: the handler belongs to the body *)
val f = fn x => 10 div x handle Div => ~1
val () = pr ("fn and handle: " ^ pi (f 0) ^ " " ^ pi (f 5))

(* layered and constrained patterns *)
fun describe (whole as (first : int, rest as _ :: _)) = pi first ^ "+" ^ pi (length rest) ^ "/" ^ (case whole of (_, r) => pi (length r))
  | describe (first, []) = pi first ^ " alone"
val () = pr ("layered: " ^ describe (1, [2, 3]) ^ " " ^ describe (4, []))

(* val rec with several rules, and a function value bound by it *)
val rec collatz = fn 1 => 0 | n => 1 + collatz (if n mod 2 = 0 then n div 2 else 3 * n + 1)
val () = pr ("val rec: " ^ pi (collatz 27))

(* negative literals, unit and wildcards in fun patterns *)
fun sign ~1 = "minus one" | sign 0 = "zero" | sign _ = "other"
fun unitArg () = "unit"
fun ignoreBoth _ _ = "ignored"
val () = pr (sign ~1 ^ " " ^ sign 0 ^ " " ^ sign 5 ^ " " ^ unitArg () ^ " " ^ ignoreBoth 1 "x")

(* sequences: in let bodies without parentheses, and in parentheses *)
val log = ref ([] : string list)
fun note s = log := s :: !log
val seqResult = let val a = 1 in note "first"; note "second"; a + 1 end
val paren = (note "third"; note "fourth"; 7)
val () = pr ("sequences: " ^ pi seqResult ^ " " ^ pi paren ^ " " ^ String.concatWith "," (rev (!log)))

(* a let that makes ++ nonfix and another that binds it tighter than * *)
val asPrefix = let nonfix ++ in ++ (1, 2) end
val raised = let infix 9 ++ in 2 * 3 ++ 4 end
val () = pr ("fixity in let: " ^ pi asPrefix ^ " " ^ pi raised ^ " and outside again " ^ pi (2 * 3 ++ 4))

(* type constraints in odd places *)
val typed = (fn (x : int) : int => x + 1) (2 : int) : int
val emptyList = ([] : string list)
fun annotated (x : int list) : int = length (x : int list)
val () = pr ("constraints: " ^ pi typed ^ " " ^ pi (length emptyList) ^ " " ^ pi (annotated [1, 2]))

(* andalso/orelse around if, case and handlers (parenthesised where SML needs them) *)
val mixed = true andalso (if false then false else true) orelse (case 1 of 1 => false | _ => true)
val guarded = (false orelse raise Fail "boom") handle Fail m => m = "boom"
val () = pr ("logic: " ^ Bool.toString mixed ^ " " ^ Bool.toString guarded ^ " " ^ Bool.toString (not (1 > 2) andalso 3 >= 3))

(* comments (* nested (* twice *) *) between tokens; a comment closer inside a string is text *)
val (* here *) commented (* and here *) = "*) not a comment end (*" (* after *)
val () = pr ("comment: " ^ commented)
(* identifiers with primes and underscores, symbolic identifiers *)
val x' = 1 and x'' = 2 and long_name_1 = 3
infix 7 <*>
fun a <*> b = a * b - 1
val () = pr ("names: " ^ pi (x' + x'' + long_name_1) ^ " " ^ pi (3 <*> 4 <*> 2))
