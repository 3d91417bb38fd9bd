(* The Shonan Challenge of Aktemur, Kameyama, Kiselyov and Shan, "Shonan
   Challenge for Generative Programming" (PEPM 2013): the matrix-vector
   product of a Hidden Markov Model, where the matrix is known and mostly
   sparse. The best code unrolls the sparse rows (zero entries vanish, unit
   entries lose their multiplication) and keeps a loop for the dense rows,
   whose entries are put in a lifted array (cross-stage persistence of an
   array value). The matrix may also arrive one stage later: the generator
   then runs inside generated code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showa a = String.concatWith " " (map pi (Array.foldr (op ::) [] a))

val denseThreshold = 3
(* one row: v is the dynamic vector, result stored into out[i] *)
fun rowGen (i : int, row : int vector) : [int array * int array -> unit] =
    let val nonzeros = Vector.foldl (fn (x, n) => if x = 0 then n else n + 1) 0 row
        cogen i' = lift i
    in if nonzeros > denseThreshold then
         let cogen r = lift row
         in code (fn (v, out) =>
              let fun loop (j, acc) = if j >= Vector.length r then acc else loop (j + 1, acc + Vector.sub (r, j) * Array.sub (v, j))
              in Array.update (out, i', loop (0, 0)) end) end
       else
         let fun terms j : [int array -> int] =
                 if j >= Vector.length row then code (fn _ => 0)
                 else let val x = Vector.sub (row, j)
                      in if x = 0 then terms (j + 1)
                         else let cogen rest = terms (j + 1) cogen j' = lift j cogen x' = lift x
                              in if x = 1 then code (fn v => Array.sub (v, j') + rest v)
                                 else code (fn v => x' * Array.sub (v, j') + rest v) end
                      end
             cogen sum = terms 0
         in code (fn (v, out) => Array.update (out, i', sum v)) end
    end
fun mvGen (m : int vector list) : [int array * int array -> unit] =
    let fun rows (_, []) = code (fn _ => ())
          | rows (i, r :: rs) = let cogen this = rowGen (i, r) cogen rest = rows (i + 1, rs) in code (fn p => (this p; rest p)) end
    in rows (0, m) end

fun mvPlain (m : int vector list) (v : int array) : int array =
    Array.fromList (map (fn r => Vector.foldli (fn (j, x, acc) => acc + x * Array.sub (v, j)) 0 r) m)

val shonan = map Vector.fromList
  [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 0], [0, 0, 1, 0, 1]]
val hmm = map Vector.fromList
  [[5, 0, 0, 3, 0, 0], [0, 2, 7, 1, 1, 4], [0, 0, 0, 0, 0, 9], [1, 0, 1, 0, 1, 0], [2, 2, 2, 2, 2, 2], [0, 0, 0, 0, 0, 0]]
fun check (name, m, inputs) =
    let val f = eval (mvGen m)
    in List.app (fn v =>
         let val out = Array.array (length m, ~1)
         in f (Array.fromList v, out);
            pr (name ^ ": " ^ showa out ^ (if showa out = showa (mvPlain m (Array.fromList v)) then "" else " MISMATCH"))
         end) inputs
    end
val _ = check ("shonan", shonan, [[1, 2, 3, 4, 5], [0, 0, 0, 0, 0], [~1, 1, ~1, 1, ~1]])
val _ = check ("hmm", hmm, [[1, 1, 1, 1, 1, 1], [1, 10, 100, 1000, 10000, 100000]])

(* iterating the HMM step: the generated step applied 20 times *)
val step = eval (mvGen shonan)
fun iterate (0, v) = v
  | iterate (n, v) = let val out = Array.array (5, 0) in step (v, out); iterate (n - 1, out) end
val _ = pr ("20 steps: " ^ showa (iterate (20, Array.fromList [1, 0, 1, 0, 1])))

(* the matrix known only at stage 1: a stage-1 function producing the stage-2 kernel *)
val later : [int vector list -> [int array * int array -> unit]] = code (fn m => mvGen m)
val kernelOf = eval later
val k2 = eval (kernelOf (map Vector.fromList [[0, 3], [1, 1]]))
val out2 = Array.array (2, 0)
val _ = k2 (Array.fromList [4, 5], out2)
val _ = pr ("stage-1 matrix: " ^ showa out2)
(* a vector too short for a dense row: Subscript from the generated loop *)
val out3 = Array.array (6, 0)
val _ = eval (mvGen hmm) (Array.fromList [1, 2, 3], out3) handle Subscript => pr ("Subscript after rows: " ^ showa out3)
