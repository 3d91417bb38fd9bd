(* Vectors across stages: a dot product specialised to a known vector of
   weights (each weight lifted into the generated code, zero weights
   dropped), a lifted vector quoted whole into generated code and compared
   there by =, and a generated function that builds vectors itself. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* weights -> [int vector -> int], unrolled over the weights *)
fun dotGen (weights : int vector) : [int vector -> int] =
    let fun from i =
            if i = Vector.length weights then code (fn _ => 0)
            else
              let cogen rest = from (i + 1)
                  val w = Vector.sub (weights, i)
              in if w = 0 then code rest
                 else let cogen cw = lift w
                          cogen ci = lift i
                      in code (fn xs => cw * Vector.sub (xs, ci) + rest xs) end
              end
    in from 0 end

val weights = Vector.fromList [3, 0, ~1, 2]
val dot = eval (dotGen weights)
val _ = pr (String.concatWith " " (map (pi o dot) [Vector.fromList [1, 2, 3, 4], Vector.fromList [0, 9, 0, 0],
                                                  Vector.fromList [~1, 5, ~2, 7]]))
val _ = pr ((pi (dot (Vector.fromList [1, 2]))) handle Subscript => "Subscript from generated code")

(* a whole vector lifted: generated code compares its argument with it *)
fun isGen (target : string vector) : [string vector -> bool] =
    let cogen t = lift target in code (fn v => v = t) end
val isAbc = eval (isGen (Vector.fromList ["a", "b", "c"]))
val _ = pr (String.concatWith " " (map (fn v => if isAbc v then "T" else "F")
              [Vector.fromList ["a", "b", "c"], Vector.fromList ["a", "b"], Vector.tabulate (3, fn i => str (chr (97 + i)))]))

(* generated code that makes, updates and folds vectors *)
val g = code (fn n => let val v = Vector.tabulate (n, fn i => i * i)
                          val u = Vector.update (v, 0, 100)
                      in (Vector.foldl op+ 0 u, Vector.sub (v, 0), Vector.length (Vector.concat [v, u])) end)
val _ = pr (case eval g 4 of (s, z, l) => pi s ^ " " ^ pi z ^ " " ^ pi l)
val _ = pr ((case eval g 0 of (s, _, _) => pi s) handle Subscript => "Subscript")
