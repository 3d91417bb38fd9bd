(* Staged inner product: one vector is known early, the other late.
   The generator unrolls the loop over the early vector, skips zero
   coefficients and uses the late vector only through Array.sub, so the
   specialised function does one multiplication per non-zero entry.
   Also a matrix-vector product specialised to a fixed matrix. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showList xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

(* unstaged reference *)
fun dot (u, v) =
    let fun go (i, acc) = if i >= Array.length u then acc
                          else go (i + 1, acc + Array.sub (u, i) * Array.sub (v, i))
    in go (0, 0) end

val multiplies = ref 0
fun mul (a, b) = (multiplies := !multiplies + 1; a * b)

(* val dotGen : int list * int -> [int array -> int] *)
fun dotGen ([], _) = code (fn _ => 0)
  | dotGen (c :: cs, i) =
      if c = 0 then dotGen (cs, i + 1)   (* nothing generated for a zero *)
      else let cogen rest = dotGen (cs, i + 1)
               cogen ix = lift i
           in if c = 1 then code (fn v => Array.sub (v, ix) + rest v)
              else let cogen k = lift c
                   in code (fn v => mul (k, Array.sub (v, ix)) + rest v) end
           end

val coeffs = [3, 0, 0, 1, ~2, 0, 7]
val spec = eval (dotGen (coeffs, 0))
val u = Array.fromList coeffs
val tests = [[1, 1, 1, 1, 1, 1, 1], [0, 5, 9, 2, 1, 4, 1], [~1, 2, ~3, 4, ~5, 6, ~7]]
val _ = app (fn t =>
               let val v = Array.fromList t
                   val _ = multiplies := 0
                   val s = spec v
               in pr ("dot " ^ showList t ^ " = " ^ pi s ^ " (reference " ^ pi (dot (u, v)) ^
                      ", " ^ pi (!multiplies) ^ " multiplications)")
               end) tests

(* a matrix known early: each row becomes a specialised dot product *)
fun rowsGen [] = code (fn _ => [])
  | rowsGen (row :: rows) =
      let cogen r = dotGen (row, 0)
          cogen rs = rowsGen rows
      in code (fn v => r v :: rs v) end
val matrix = [[1, 0, 0], [0, 2, 0], [1, 1, 1], [0, 0, 0], [4, ~1, 3]]
val mv = eval (rowsGen matrix)
val _ = multiplies := 0
val _ = pr ("M * [1,2,3] = " ^ showList (mv (Array.fromList [1, 2, 3])) ^ " with " ^ pi (!multiplies) ^ " multiplications")
val _ = pr ("M * [~4,0,10] = " ^ showList (mv (Array.fromList [~4, 0, 10])))

(* many calls of one specialisation agree with the reference *)
fun vec k = Array.tabulate (7, fn i => (i * k) mod 11 - 5)
fun count (k, ok) = if k > 50 then ok
                    else count (k + 1, if spec (vec k) = dot (u, vec k) then ok + 1 else ok)
val _ = pr ("agreement on 51 vectors: " ^ pi (count (0, 0)))

(* a short vector raises Subscript inside the generated code *)
val _ = pr ("short vector: " ^ (pi (spec (Array.fromList [1, 2, 3])) handle Subscript => "Subscript"))
(* all-zero coefficients give code that never reads the vector *)
val zero = eval (dotGen ([0, 0, 0, 0], 0))
val _ = pr ("zero vector against an empty array: " ^ pi (zero (Array.fromList [])))
