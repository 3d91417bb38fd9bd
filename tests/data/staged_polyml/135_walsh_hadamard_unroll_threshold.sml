(* The recursive Cooley-Tukey FFT of Danilewski et al., "Specialization
   through Dynamic Staging" (GPCE 2014), Listing 10, with its stage variable
   `unroll = sh <= 4 ? sh : image`: the recursion and the butterfly loop are
   unrolled for small halves and left as loops for large ones, so the code
   stays O(n) and not O(n log n). ML□ has no reals, so the transform is the
   integer Walsh-Hadamard transform, which has Cooley-Tukey's structure
   with all twiddle factors 1 (butterfly (x, y) -> (x + y, x - y)). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showa a = String.concatWith " " (map pi (Array.foldr (op ::) [] a))

fun butterfly (a, i, j) =
    let val x = Array.sub (a, i) val y = Array.sub (a, j)
    in Array.update (a, i, x + y); Array.update (a, j, x - y) end

(* unstaged reference *)
fun wht (a, off, size) =
    if size = 1 then ()
    else let val sh = size div 2
             fun loop i = if i >= sh then () else (butterfly (a, off + i, off + i + sh); loop (i + 1))
         in wht (a, off, sh); wht (a, off + sh, sh); loop 0 end

val unrollLimit = 4
(* butterflies i = 0 .. sh-1 of a half of size sh, unrolled *)
fun unrolledButterflies (i, sh) : [int array * int -> unit] =
    if i >= sh then code (fn _ => ())
    else let cogen rest = unrolledButterflies (i + 1, sh) cogen i' = lift i cogen sh' = lift sh
         in code (fn (a, off) => (butterfly (a, off + i', off + i' + sh'); rest (a, off))) end

fun swht (size : int) : [int array * int -> unit] =
    if size = 1 then code (fn _ => ())
    else let val sh = size div 2
             cogen half = swht sh
             cogen sh' = lift sh
         in if sh <= unrollLimit then
              let cogen bfs = unrolledButterflies (0, sh)
              in code (fn (a, off) => let val h = half in h (a, off); h (a, off + sh'); bfs (a, off) end) end
            else
              code (fn (a, off) =>
                let val h = half
                    fun loop i = if i >= sh' then () else (butterfly (a, off + i, off + i + sh'); loop (i + 1))
                in h (a, off); h (a, off + sh'); loop 0 end)
         end

fun check size =
    let val input = List.tabulate (size, fn i => (i * i + 3 * i) mod 7 - 3)
        val a = Array.fromList input and b = Array.fromList input
        val f = eval (swht size)
    in f (a, 0); wht (b, 0, size);
       pr (pi size ^ ": " ^ (if size <= 16 then showa a else "sum " ^ pi (Array.foldl (op +) 0 a)) ^
           (if showa a = showa b then "" else " MISMATCH"))
    end
val _ = List.app check [1, 2, 4, 8, 16, 32, 128]

(* the transform is its own inverse up to a factor n *)
val t8 = eval (swht 8)
val v = Array.fromList [1, 0, ~2, 5, 3, 3, 0, 7]
val _ = t8 (v, 0)
val _ = pr ("forward: " ^ showa v)
val _ = t8 (v, 0)
val _ = pr ("twice / 8: " ^ String.concatWith " " (map (fn x => pi (x div 8)) (Array.foldr (op ::) [] v)))
(* a transform of size 4 run on every quarter of a 16-array at run time *)
val t4 = eval (swht 4)
val w = Array.tabulate (16, fn i => i)
val _ = List.app (fn q => t4 (w, 4 * q)) [0, 1, 2, 3]
val _ = pr ("quarters: " ^ showa w)
(* an offset past the end: the generated code raises Subscript after some writes *)
val z = Array.array (6, 1)
val _ = t4 (z, 4) handle Subscript => pr ("Subscript: " ^ showa z)
