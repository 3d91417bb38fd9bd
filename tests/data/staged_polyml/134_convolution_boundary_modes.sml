(* 1D convolution with a known kernel, after Danilewski et al.,
   "Specialization through Dynamic Staging" (GPCE 2014), Listing 9 (the
   kernel [-1 0 1] unrolled, multiplications by 0 and 1 folded) and §6's
   kernel [-1 -2 0 2 1] with mirror boundary handling; and the stencil DSL
   of Leissa et al., "Shallow Embedding of DSLs via Online Partial
   Evaluation" (GPCE 2015), §5.1: the image is split into regions (left,
   centre, right) so that boundary checks are specialised away in the
   centre, with the boundary handling (clamp, constant, mirror) passed as
   a generator of index code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showv v = String.concatWith " " (map pi (Vector.foldr (op ::) [] v))

datatype boundary = Clamp | Const of int | Mirror

exception OutOfImage
(* the boundary handling, at generation time: code reading in[x+off] *)
fun reader (mode : boundary) (needsCheck : bool) (off : int) : [int vector * int -> int] =
    let cogen off' = lift off in
      if not needsCheck then code (fn (img, x) => Vector.sub (img, x + off'))
      else case mode of
          Clamp => code (fn (img, x) => let val n = Vector.length img val i = x + off'
                                        in Vector.sub (img, if i < 0 then 0 else if i >= n then n - 1 else i) end)
        | Const c => let cogen c' = lift c in
                       code (fn (img, x) => let val i = x + off' in
                                              if i < 0 orelse i >= Vector.length img then c' else Vector.sub (img, i) end) end
        | Mirror => code (fn (img, x) => let val n = Vector.length img val i = x + off'
                                         in Vector.sub (img, if i < 0 then ~i - 1 else if i >= n then 2 * n - i - 1 else i) end)
    end

(* one output pixel: sum of k[j] * in[x+j-r], unrolled over the kernel *)
fun pixel (kernel : int list) (mode : boundary) (check : bool) : [int vector * int -> int] =
    let val r = length kernel div 2
        fun go ([], _) = code (fn _ => 0)
          | go (k :: ks, j) =
              if k = 0 then go (ks, j + 1)
              else let cogen rest = go (ks, j + 1) in
                     let cogen rd = reader mode check (j - r) cogen k' = lift k in
                       if k = 1 then code (fn p => rd p + rest p)
                       else if k = ~1 then code (fn p => rest p - rd p)
                       else code (fn p => k' * rd p + rest p) end
              end
    in go (kernel, 0) end

(* the whole image: three regions; checks only near the borders *)
fun convolve (kernel : int list) (mode : boundary) : [int vector -> int vector] =
    let val r = length kernel div 2
        cogen border = pixel kernel mode true
        cogen centre = pixel kernel mode false
        cogen r' = lift r
    in code (fn img =>
         let val n = Vector.length img
         in Vector.tabulate (n, fn x => if x < r' orelse x >= n - r' then border (img, x) else centre (img, x)) end)
    end

val img = Vector.fromList [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
val _ = pr ("image:           " ^ showv img)
val _ = List.app (fn (name, k, m) => pr (name ^ showv (eval (convolve k m) img)))
   [("[-1 0 1] clamp:  ", [~1, 0, 1], Clamp),
    ("[-1 0 1] const 0:", [~1, 0, 1], Const 0),
    ("[-1 -2 0 2 1] mirror: ", [~1, ~2, 0, 2, 1], Mirror),
    ("[1 2 1] clamp:   ", [1, 2, 1], Clamp),
    ("[1 4 6 4 1] const 10: ", [1, 4, 6, 4, 1], Const 10),
    ("identity:        ", [0, 1, 0], Mirror)]
(* one specialised filter applied to many images *)
val sobel = eval (convolve [~1, ~2, 0, 2, 1] Mirror)
val _ = List.app (fn l => pr (showv (sobel (Vector.fromList l)))) [[1, 2, 3, 4, 5, 6], [0, 0, 0, 9, 0, 0, 0], [7, 7]]
(* mirror beyond one reflection runs off the image: Subscript in generated code *)
val _ = pr (showv (sobel (Vector.fromList [1])) handle Subscript => "Subscript: image shorter than the kernel's radius")
val _ = pr (showv (eval (convolve [1, 1, 1, 1, 1, 1, 1] (Const ~1)) (Vector.fromList [1, 2, 3])))
