(* The dynamic-staging paper's recursive Cooley-Tukey transform
   (Listing 10) over the integers mod 17, where 3 is a 16th root of
   unity: the size is known at generation time, so the recursion is
   unrolled and the twiddle factors become constants, but only for sizes
   up to a threshold; above it the generated code keeps a loop over a
   lifted table of twiddles and calls the code of the half size, bound
   once and used for both halves (binding it once keeps the code linear
   in the levels where splicing it twice would double it at each level).
   Checked against the O(n^2) definition on several inputs. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun show xs = "[" ^ String.concatWith "," (map pi xs) ^ "]"

val p = 17
fun md x = ((x mod p) + p) mod p
fun powm (b, 0) = 1
  | powm (b, e) = let val h = powm (md (b * b), e div 2) in if e mod 2 = 0 then h else md (b * h) end

(* the definition *)
fun dft (xs, w) =
    let val n = length xs
    in List.tabulate (n, fn k => md (#1 (foldl (fn (x, (s, j)) => (s + x * powm (w, j * k), j + 1)) (0, 0) xs)))
    end

fun split [] = ([], [])
  | split [x] = ([x], [])
  | split (x :: y :: r) = let val (e, o') = split r in (x :: e, y :: o') end

val unrolledLevels = ref 0
val loopedLevels = ref 0

fun ntt (n, w, threshold) : [int list -> int list] =
    if n = 1 then code (fn xs => xs)
    else
      let cogen half = ntt (n div 2, md (w * w), threshold)
          val twiddles = List.tabulate (n div 2, fn k => powm (w, k))
      in if n <= threshold then
           (* unrolled: one butterfly per k, twiddles as constants *)
           let val _ = unrolledLevels := !unrolledLevels + 1
               fun butterflies [] = code (fn _ => ([], []))
                 | butterflies (t :: ts) =
                     let cogen tw = lift t
                         cogen more = butterflies ts
                     in if t = 1
                        then code (fn (e :: es, o' :: os) =>
                                     let val (lo, hi) = more (es, os) in (md (e + o') :: lo, md (e - o') :: hi) end
                                    | _ => ([], []))
                        else code (fn (e :: es, o' :: os) =>
                                     let val x = md (tw * o')
                                         val (lo, hi) = more (es, os)
                                     in (md (e + x) :: lo, md (e - x) :: hi) end
                                    | _ => ([], []))
                     end
               cogen combine = butterflies twiddles
           in code (fn xs => let val h = half
                                 val (ev, od) = split xs
                                 val (lo, hi) = combine (h ev, h od)
                             in lo @ hi end)
           end
         else
           (* looped: the twiddles live in a lifted table *)
           let val _ = loopedLevels := !loopedLevels + 1
               cogen table = lift (Vector.fromList twiddles)
           in code (fn xs => let val h = half
                                 val (ev, od) = split xs
                                 val e = Vector.fromList (h ev)
                                 val o' = Vector.fromList (h od)
                                 val m = Vector.length table
                                 fun x k = md (Vector.sub (table, k) * Vector.sub (o', k))
                                 val lo = List.tabulate (m, fn k => md (Vector.sub (e, k) + x k))
                                 val hi = List.tabulate (m, fn k => md (Vector.sub (e, k) - x k))
                             in lo @ hi end)
           end
      end

val inputs = [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
              List.tabulate (16, fn i => i),
              List.tabulate (16, fn i => md (i * i + 3)),
              [5, 16, 0, 3, 3, 3, 9, 1, 0, 0, 12, 7, 7, 2, 8, 4]]

fun run threshold =
    let val _ = (unrolledLevels := 0; loopedLevels := 0)
        val f = eval (ntt (16, 3, threshold))
    in pr ("threshold " ^ pi threshold ^ ": " ^ pi (!unrolledLevels) ^ " unrolled levels, " ^ pi (!loopedLevels) ^ " looped");
       app (fn xs => let val got = f xs
                         val want = dft (xs, 3)
                     in pr ("  " ^ show got ^ (if got = want then " ok" else " MISMATCH " ^ show want)) end) inputs
    end

val _ = run 16
val _ = run 4
val _ = run 1

(* smaller sizes with their own roots: 2 has order 8, 4 has order 4, 16 has order 2 *)
val _ = app (fn (n, w) =>
               let val xs = List.tabulate (n, fn i => md (3 * i + 1))
                   val got = eval (ntt (n, w, 4)) xs
               in pr ("n = " ^ pi n ^ ", w = " ^ pi w ^ ": " ^ show got ^ (if got = dft (xs, w) then " ok" else " MISMATCH"))
               end) [(8, 2), (4, 4), (2, 16), (1, 1)]

(* the inverse: transform with w^-1 = 6 (3 * 6 = 18 = 1 mod 17) and divide by 16 (16 * 16 = 1 mod 17) *)
val fwd = eval (ntt (16, 3, 4))
val inv = eval (ntt (16, 6, 4))
val xs = List.tabulate (16, fn i => md (i * 5 + 2))
val back = map (fn y => md (y * 16)) (inv (fwd xs))
val _ = pr ("round trip " ^ show xs ^ " -> " ^ show back ^ (if back = xs then " ok" else " MISMATCH"))
