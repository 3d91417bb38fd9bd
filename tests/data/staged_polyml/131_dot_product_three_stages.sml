(* The staged dot product of Danilewski, Koester, Leissa, Membarth and
   Slusallek, "Specialization through Dynamic Staging" (GPCE 2014),
   Listing 1 (MetaML, after Sheard) and Listing 2 (Stage-C): the length n
   is known first, then one vector, then the other.

   MetaML writes it with open code:
     fun back2 f = <fn x => <fn y => ~~(f <x> <<y>>)>>
   where f receives code of the still-unknown vectors. ML□ has no open
   code, so this is the closed modal analogue (Wickline, Lee and Pfenning
   §4): the stage-0 recursion over n builds a stage-1 generator that, given
   the first vector, emits stage-2 code that takes the second. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showv v = "[" ^ String.concatWith "," (map pi (Vector.foldr (op ::) [] v)) ^ "]"

val terms = ref 0 (* counts multiplications done by generated code *)
fun mul (a, b) = (terms := !terms + 1; a * b)

(* dotF2 n : stage 1 gets v, stage 2 gets w; zero and one entries of v fold away *)
fun dotF2 0 : [int vector -> [int vector -> int]] = code (fn _ => code (fn _ => 0))
  | dotF2 n =
      let cogen i = lift (n - 1)
          cogen rest = dotF2 (n - 1)
      in code (fn v =>
           let val x = Vector.sub (v, i)
               cogen r = rest v
               cogen x' = lift x
           in if x = 0 then code (fn w => r w)
              else if x = 1 then code (fn w => Vector.sub (w, i) + r w)
              else code (fn w => mul (x', Vector.sub (w, i)) + r w)
           end)
      end

fun dot n = dotF2 n
val dot4 = eval (dot 4)           (* stage 1 code: a generator factory for length 4 *)
val v1 = Vector.fromList [2, 0, 1, ~3]
val byV1 = eval (dot4 v1)         (* stage 2 code: w -> 2*w0 + w2 - 3*w3 *)
val _ = pr ("v1 = " ^ showv v1)
val _ = List.app (fn w => pr ("  v1 . " ^ showv w ^ " = " ^ pi (byV1 w)))
          [Vector.fromList [1, 1, 1, 1], Vector.fromList [5, 7, 11, 13], Vector.fromList [~1, 100, 0, 2]]
val _ = pr ("multiplications: " ^ pi (!terms))

(* the Stage-C variant: the known vector may be either one; the same
   generator specialised on the second argument by swapping roles *)
fun dotEither n (known : int vector) (first : bool) : int vector -> int =
    let val f = eval (eval (dot n) known)
    in if first then f else (fn w => f w) end
val _ = pr ("either: " ^ pi (dotEither 3 (Vector.fromList [1, 2, 3]) true (Vector.fromList [4, 5, 6])) ^ " " ^
            pi (dotEither 3 (Vector.fromList [0, 0, 7]) false (Vector.fromList [9, 9, 2])))

(* fold the generator over many known vectors; each specialised function
   is applied to every probe *)
val known = [Vector.fromList [1, 1, 1], Vector.fromList [0, 0, 0], Vector.fromList [3, ~1, 2], Vector.fromList [10, 1, 0]]
val probes = [Vector.fromList [1, 2, 3], Vector.fromList [~4, 0, 4]]
val dot3 = eval (dot 3)
val table = map (fn v => let val f = eval (dot3 v) in map f probes end) known
val _ = List.app (fn row => pr (String.concatWith " " (map pi row))) table
val _ = terms := 0
val _ = pr ("a length-0 dot: " ^ pi (eval (eval (dot 0) (Vector.fromList [])) (Vector.fromList [])))
(* a mismatch: the first vector is too short; Subscript raised at stage 1 *)
val _ = pr (pi (eval (eval (dot 3) (Vector.fromList [1])) (Vector.fromList [1, 2, 3])) handle Subscript => "Subscript at stage 1")
val big = eval (eval (dot 40) (Vector.tabulate (40, fn i => i mod 3)))
val _ = pr ("length 40: " ^ pi (big (Vector.tabulate (40, fn i => i))) ^ " after " ^ pi (!terms) ^ " multiplications")
