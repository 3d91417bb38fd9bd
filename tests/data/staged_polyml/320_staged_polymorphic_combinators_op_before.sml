(* Polymorphic generator combinators used at several types (the value
   restriction keeps partial applications monomorphic, so each use is
   eta-expanded), with `op`, `o` and `before` inside generated code, and a
   log of effects showing what happens at generation time and what at
   run time. *)
val log = ref [] : string list ref
fun note s = log := s :: !log
fun flushLog label = (print (label ^ ": " ^ String.concatWith " " (rev (!log)) ^ "\n"); log := [])

fun compose (f : ['b -> 'c]) (g : ['a -> 'b]) : ['a -> 'c] =
  let cogen f' = f cogen g' = g in code (f' o g') end

fun mapG (f : ['a -> 'b]) : ['a list -> 'b list] =
  let cogen f' = f in code (fn xs => map f' xs) end

fun foldG (oper : ['a * 'b -> 'b]) (z : ['b]) : ['a list -> 'b] =
  let cogen f = oper cogen z' = z in code (fn xs => foldl f z' xs) end

fun traced (name : string) (f : ['a -> 'b]) : ['a -> 'b] =
  let val _ = note ("gen:" ^ name)
      cogen f' = f cogen n = lift name
  in code (fn x => f' x before note ("run:" ^ n)) end

fun iterG 0 (f : ['a -> 'a]) : ['a -> 'a] = code (fn x => x)
  | iterG n f = compose f (iterG (n - 1) f)

val inc : [int -> int] = code (fn x => x + 1)
val dbl : [int -> int] = code (fn x => x * 2)
val up : [string -> string] = code (String.map Char.toUpper)
val rev' : [string -> string] = code (implode o rev o explode)

val f1 = eval (traced "incdbl" (compose inc dbl))
val _ = flushLog "after eval"
val r1 = map f1 [1, 2, 3]
val _ = flushLog "after map"
val _ = print ("incdbl: " ^ String.concatWith "," (map Int.toString r1) ^ "\n")

val shout = eval (mapG (compose up rev'))
val _ = print (String.concatWith " " (shout ["abc", "Hello", ""]) ^ "\n")

val sum = eval (foldG (code (op +)) (code 0))
val cat = eval (foldG (code (fn (s, acc) => acc ^ s)) (lift ""))
val maxi = eval (foldG (code Int.max) (lift (valOf Int.minInt)))
val _ = print (Int.toString (sum [1, 2, 3, 4]) ^ " " ^ cat ["x", "y", "z"] ^ " " ^ Int.toString (maxi [3, ~9, 7]) ^ "\n")

val pow2 = eval (iterG 10 dbl)
val add5 = eval (iterG 5 inc)
val _ = print (Int.toString (pow2 1) ^ " " ^ Int.toString (add5 0) ^ " " ^ Int.toString ((pow2 o add5) 1) ^ "\n")

(* pairs of generators: the combinators at tuple and list types *)
val swapG : [int * string -> string * int] = code (fn (a, b) => (b, a))
val both = eval (mapG (compose (code (fn (s, n) => s ^ "=" ^ Int.toString n)) swapG))
val _ = print (String.concatWith ";" (both [(1, "one"), (2, "two")]) ^ "\n")

(* effects: generation notes happen once, run notes each call *)
val t = traced "outer" (compose (traced "a" inc) (traced "b" dbl))
val _ = flushLog "built"
val g = eval t
val _ = flushLog "evaluated"
val _ = print (Int.toString (g 10) ^ "\n")
val _ = flushLog "called once"
val _ = List.app (ignore o g) [1, 2]
val _ = flushLog "called twice"

(* `before` ordering with raising operands in generated code *)
exception Stop of int
val risky = eval (code (fn n => (if n > 2 then raise Stop n else n) before note ("after " ^ Int.toString n)))
val _ = app (fn n => (print (Int.toString (risky n) ^ " ")) handle Stop k => print ("stop" ^ Int.toString k ^ " ")) [1, 2, 3]
val _ = print "\n"
val _ = flushLog "before-log"
val _ = eval (mapG (code (fn n => if n = 0 then raise Stop 0 else 100 div n))) [5, 0, 1]
