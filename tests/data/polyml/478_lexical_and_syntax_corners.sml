(* Lexical and syntactic corners: string gaps across lines, \^ control
   escapes, decimal escapes, comment brackets inside strings,
   nested comments, hexadecimal int and word literals, ~0, identifiers
   with primes and underscores, symbolic identifiers next to
   alphanumeric ones, case/fn/handle nested without parentheses where
   the grammar allows, and sequences in let bodies. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val gap = "one \
          \two \
  \three"
val _ = pr ("string gap: [" ^ gap ^ "] size " ^ pi (size gap))
val escapes = "\065\066\067 \^A\^Z\^@ \t| \"q\" \\"
val _ = pr ("escapes: " ^ String.toString escapes ^ " codes " ^ String.concatWith "," (map (pi o ord) (explode (String.substring (escapes, 4, 3)))))
val _ = pr ("comment brackets in a string: (* not a comment *) and *) too")
(* a comment (* with a nested one *) and ( * a spaced bracket *)
val _ = pr ("after nested comment" (* inline *) ^ "!")
val _ = pr ("chars: " ^ String.concat (map Char.toString [#"\"", #"\\", #"(", #"*", #")", #"\t"]))

val hexes = [0x0, 0xff, 0xFF, 0x3FFFFFFF, ~0x10]
val _ = pr ("hex ints: " ^ String.concatWith " " (map pi hexes))
val words = [0w0, 0w255, 0wxff, 0wx10]
val _ = pr ("words: " ^ String.concatWith " " (map Word.toString words) ^ " / " ^ String.concatWith " " (map (pi o Word.toInt) words))
val _ = pr ("~0 = " ^ pi ~0 ^ ", 0 = ~0: " ^ Bool.toString (0 = ~0))

val x' = 1
val x'' = x' + 1
val a_b = x'' * 10
val _ = pr ("primes and underscores: " ^ pi x' ^ " " ^ pi x'' ^ " " ^ pi a_b)
val _ = pr ("no spaces: " ^ pi (1+2*3-4) ^ " " ^ pi(10div 3) ^ " " ^ pi(10 mod 3) ^ " " ^ Bool.toString(1<2andalso 2>1))
val op!! = fn (a, b) => a * 10 + b
infix 5 !!
val _ = pr ("symbolic id glued: " ^ pi (1!!2!!3))

(* fn, case and handle bodies extend as far right as possible *)
fun classify n =
    case n of
        0 => "zero"
      | n => if n < 0 then "negative" else
             case n mod 2 of 0 => "even" | _ => "odd"
val _ = pr ("nested case: " ^ String.concatWith " " (map classify [0, ~3, 4, 7]))
val f = fn 0 => "zero" | n => (fn k => pi k) n handle _ => "?"
val _ = pr ("fn body: " ^ f 0 ^ " " ^ f 9)
fun risky n = (if n = 0 then raise Div else 100 div n) handle Div => ~1
val _ = pr ("handle binds to the whole body: " ^ pi (risky 0) ^ " " ^ pi (risky 7))
val g = fn x => case x of SOME y => (case y of [] => 0 | _ :: _ => 1) | NONE => ~1
val _ = pr ("nested case in fn: " ^ String.concatWith " " (map (pi o g) [NONE, SOME [], SOME [1]]))

(* let bodies with sequences, and sequences with a final value *)
val counter = ref 0
val total = let val a = 3 val b = 4 in counter := a; counter := !counter + b; !counter * 2 end
val _ = pr ("let sequence: " ^ pi total)
val paren = (counter := 1; counter := !counter + 1; !counter)
val _ = pr ("paren sequence: " ^ pi paren)
val unitSeq = (); val _ = (pr "semicolon-separated"; ());

(* type annotations in odd places *)
val typed = (fn (x : int) => pi x : string) (3 : int) : string
val _ = pr ("typed: " ^ typed)
fun annotated (x : int list) : int = case x : int list of [] => 0 | (h : int) :: _ => h
val _ = pr ("annotated: " ^ pi (annotated [8, 9]))

(* long chains of else if and of andalso/orelse *)
fun grade s = if s >= 90 then "A" else if s >= 80 then "B" else if s >= 70 then "C" else if s >= 60 then "D" else "F"
val _ = pr ("grades: " ^ String.concat (map grade [95, 85, 75, 65, 55, 90, 60]))
val _ = pr ("wildcard record of tuples: " ^ pi (#2 (1, 2, 3)) ^ " " ^ #1 ("first", 0) ^ " " ^ pi (#3 (0, "x", 7)))
