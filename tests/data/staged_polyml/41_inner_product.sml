(* Inner products and matrix-vector products with a known matrix: the
   coefficients are lifted, zero coefficients vanish from the generated
   code, ones become additions, and the generated functions are applied to
   many vectors. Vectors are lists and arrays. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showList xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

(* dot product of a known vector with an unknown list *)
fun dot [] = code (fn (_ : int list) => 0)
  | dot (c :: cs) =
    let cogen rest = dot cs
    in if c = 0 then code (fn xs => rest (tl xs))
       else if c = 1 then code (fn xs => hd xs + rest (tl xs))
       else let cogen k = lift c in code (fn xs => k * hd xs + rest (tl xs)) end
    end

(* the same over an array, indices fixed at generation time *)
fun dotArr (cs : int list) =
    let fun go (_, []) = code (fn (_ : int array) => 0)
          | go (i, c :: rest) =
            let cogen r = go (i + 1, rest) cogen ci = lift (c, i)
            in code (fn a => case ci of (c', i') => c' * Array.sub (a, i') + r a) end
    in go (0, cs) end

(* a matrix-vector product: one generated dot product per row *)
fun matVec (rows : int list list) =
    let fun gen [] = code (fn (_ : int list) => [] : int list)
          | gen (row :: more) = let cogen d = dot row cogen m = gen more in code (fn v => d v :: m v) end
    in gen rows end

val d = eval (dot [3, 0, 1, ~2])
val _ = pr (pi (d [1, 2, 3, 4]) ^ " " ^ pi (d [10, 20, 30, 40]) ^ " " ^ pi (d [0, 0, 0, 0]))
val _ = pr ((pi (d [1, 2])) handle Empty => "short vector: Empty")
val da = eval (dotArr [2, 4, 6, 8, 10])
val a = Array.tabulate (5, fn i => i * i)
val _ = pr (pi (da a))
val _ = Array.update (a, 4, 0)
val _ = pr (pi (da a))
val _ = pr ((pi (da (Array.array (3, 1)))) handle Subscript => "short array: Subscript")
val identity = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
val rotate = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
val mixed = [[2, ~1, 0], [~1, 2, ~1], [0, ~1, 2]]
val _ = app (fn m => let val f = eval (matVec m)
                     in pr (String.concatWith " " (map (showList o f) [[1, 2, 3], [4, 5, 6], [~7, 0, 7]])) end)
            [identity, rotate, mixed, []]
(* composing generated products: M (M v) computed twice over *)
val twice = let cogen m = matVec mixed in code (fn v => m (m v)) end
val _ = pr (showList (eval twice [1, 1, 1]) ^ " " ^ showList (eval twice [3, 0, ~3]))
(* a large generated dot product: 500 coefficients *)
val big = List.tabulate (500, fn i => (i mod 7) - 3)
val bigDot = eval (dot big)
val _ = pr (pi (bigDot (List.tabulate (500, fn i => i))) ^ " " ^ pi (foldl op+ 0 (ListPair.map op* (big, List.tabulate (500, fn i => i)))))
