(* The staged dot product of the dynamic-staging paper's Listing 1
   (MetaML's back2 / dotF2): the vector length n is known first, the
   second vector v next, the first vector w last.  In ML-box the three
   stages are a generator of type [int list -> [int list -> int]]: stage 1
   unrolls over the indices, stage 2 (the generated code, run on v) looks
   at each v_i and emits nothing for a zero, stage 3 is the specialised
   dot product.  A counter counts the multiplications each version does. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showList xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

val mults = ref 0
fun mul (a, b) = (mults := !mults + 1; a * b)

(* the unstaged dot product over the first n positions *)
fun dot (n, v, w) =
    let fun go i = if i >= n then 0 else mul (List.nth (v, i), List.nth (w, i)) + go (i + 1)
    in go 0 end

val stage1Steps = ref 0
val stage2Steps = ref 0

(* dotF2 i covers the positions 0 .. i-1 *)
fun dotF2 i : [int list -> [int list -> int]] =
    (stage1Steps := !stage1Steps + 1;
     if i = 0 then code (fn _ => code (fn _ => 0))
     else let cogen earlier = dotF2 (i - 1)
              cogen pos = lift (i - 1)
          in code (fn v =>
                     let val vi = List.nth (v, pos)
                         val _ = stage2Steps := !stage2Steps + 1
                         cogen upto = earlier v
                         cogen coeff = lift vi
                     in if vi = 0 then code (fn w => upto w)
                        else if vi = 1 then code (fn w => upto w + List.nth (w, pos))
                        else code (fn w => upto w + mul (coeff, List.nth (w, pos)))
                     end)
          end)

val _ = pr "stage 1: specialise to n = 5"
val forFive = eval (dotF2 5)
val _ = pr ("  generator steps " ^ pi (!stage1Steps) ^ ", stage-2 steps " ^ pi (!stage2Steps))

val v1 = [3, 0, 1, 0, ~2]
val v2 = [1, 1, 1, 1, 1]
val v3 = [0, 0, 0, 0, 0]
val _ = pr "stage 2: specialise to three second vectors"
val dv1 = eval (forFive v1)
val dv2 = eval (forFive v2)
val dv3 = eval (forFive v3)
val _ = pr ("  stage-2 steps now " ^ pi (!stage2Steps) ^ " (five per vector)")

val ws = [[1, 2, 3, 4, 5], [10, 20, 30, 40, 50], [~1, 7, 0, 2, 9], [0, 0, 0, 0, 0]]
fun compare (name, v, spec) =
    app (fn w =>
           let val _ = mults := 0
               val slow = dot (5, v, w)
               val slowM = !mults
               val _ = mults := 0
               val fast = spec w
               val fastM = !mults
           in pr ("  " ^ name ^ " . " ^ showList w ^ " = " ^ pi fast ^ " (unstaged " ^ pi slow ^ ", "
                  ^ pi slowM ^ " mults unstaged, " ^ pi fastM ^ " specialised)"
                  ^ (if slow = fast then "" else " MISMATCH"))
           end) ws
val _ = compare ("v1" ^ showList v1, v1, dv1)
val _ = compare ("v2" ^ showList v2, v2, dv2)
val _ = compare ("v3" ^ showList v3, v3, dv3)

(* the stage-2 generator is reused for other lengths too *)
val _ = stage1Steps := 0
val lens = [0, 1, 2, 3, 7]
val _ = app (fn n =>
               let val v = List.tabulate (n, fn i => i mod 3)
                   val w = List.tabulate (n, fn i => i * i + 1)
                   val f = eval (eval (dotF2 n) v)
               in pr ("n = " ^ pi n ^ ": v = " ^ showList v ^ ", w = " ^ showList w ^ ", dot = " ^ pi (f w)
                      ^ " / " ^ pi (dot (n, v, w)))
               end) lens
val _ = pr ("stage-1 steps for those lengths: " ^ pi (!stage1Steps))

(* a vector shorter than n: stage 2 fails, with the index that was missing *)
val _ = pr ("short vector at stage 2: " ^
            ((ignore (eval (forFive [1, 2, 3])); "built")
             handle Subscript => "Subscript while specialising"))
