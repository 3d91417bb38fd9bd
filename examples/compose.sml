(* Generators as values, the paper's §3: eval is definable
   (fun eval g = let cogen u = g in u end, in the prelude), and composing
   two generators makes a generator of the composition without generating
   either function separately. *)
fun pr s = print (s ^ "\n")

(* compose : [b -> c] -> [a -> b] -> [a -> c] *)
fun compose f g =
    let cogen f' = f
        cogen g' = g
    in code (fn x => f' (g' x)) end

val inc = code (fn x => x + 1)
val double = code (fn x => x * 2)
val square = code (fn x => x * x)

val incThenDouble = eval (compose double inc)
val _ = pr ("double (inc 5) = " ^ Int.toString (incThenDouble 5))

(* composition is associative; build square o double o inc in two ways *)
val left = eval (compose (compose square double) inc)
val right = eval (compose square (compose double inc))
val _ = pr ("square (double (inc 3)) = " ^ Int.toString (left 3) ^ " = " ^ Int.toString (right 3))

(* a generator of generators: code whose run builds a composition *)
val composer = code (fn n => if n > 0 then compose square inc else compose inc square)
val _ = pr ("dynamic composition: " ^ Int.toString (eval (eval composer 1) 4) ^ " " ^
            Int.toString (eval (eval composer 0) 4))

(* lift: a generator quoting a value computed now *)
val answer = lift (6 * 7)
val _ = pr ("eval (lift (6 * 7)) = " ^ Int.toString (eval answer))
