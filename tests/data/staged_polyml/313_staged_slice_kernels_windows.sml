(* Slices under code: a convolution kernel (an int vector known at
   generation time) is unrolled into code that reads a VectorSlice window
   item by item, its zero taps left out; the generated filter runs over
   every window of a signal (subslices made by the generated code), and a
   second generator fuses the filter with an in-place ArraySlice.modifyi
   over a region of a lifted, shared array, so the updates are seen by
   the first stage. Slices are also lifted whole (a window built at
   generation time and used by the code as a constant), and bounds fail
   with Subscript both when generating and in the generated code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showL l = "[" ^ String.concatWith "," (map pi l) ^ "]"
fun showV v = showL (Vector.foldr op :: [] v)
fun showA a = showL (Array.foldr op :: [] a)

(* the tap for kernel item k, at slice index k: skipped when zero *)
fun taps (kernel : int vector) : [int VectorSlice.slice -> int] =
  let fun from k : [int VectorSlice.slice -> int] =
        if k = Vector.length kernel then code (fn _ => 0)
        else let val c = Vector.sub (kernel, k)
                 cogen rest = from (k + 1)
             in if c = 0 then code (fn w => rest w)
                else if c = 1 then let cogen k' = lift k in code (fn w => VectorSlice.sub (w, k') + rest w) end
                else let cogen k' = lift k cogen c' = lift c in code (fn w => c' * VectorSlice.sub (w, k') + rest w) end
             end
  in from 0 end

(* every window of the signal's slice: made by the generated code *)
fun convolve (kernel : int vector) : [int VectorSlice.slice -> int list] =
  let cogen f = taps kernel
      cogen width = lift (Vector.length kernel)
  in code (fn signal =>
       List.tabulate (Int.max (0, VectorSlice.length signal - width + 1),
                      fn i => f (VectorSlice.subslice (signal, i, SOME width))))
  end

val signal = Vector.fromList [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
val smooth = eval (convolve (Vector.fromList [1, 2, 1]))
val edge = eval (convolve (Vector.fromList [~1, 0, 1]))
val single = eval (convolve (Vector.fromList [0, 0, 7, 0]))
val _ = pr ("smooth whole: " ^ showL (smooth (VectorSlice.full signal)))
val _ = pr ("smooth [2+6]: " ^ showL (smooth (VectorSlice.slice (signal, 2, SOME 6))))
val _ = pr ("edge whole: " ^ showL (edge (VectorSlice.full signal)))
val _ = pr ("single tap [5+]: " ^ showL (single (VectorSlice.slice (signal, 5, NONE))))
val _ = pr ("smooth of a slice shorter than the kernel: " ^ showL (smooth (VectorSlice.slice (signal, 9, NONE))))
val _ = pr ("smooth of the empty slice at the end: " ^ showL (smooth (VectorSlice.slice (signal, 11, NONE))))

(* fused: the filter applied in place to a region of a shared array; the
   region's start and length are fixed when generating *)
val buffer = Array.fromList [0, 10, 20, 30, 40, 50, 60, 70]
fun inPlace (kernel : int vector) (start : int) (len : int) : [unit -> int] =
  let cogen f = taps kernel
      cogen buf = lift buffer
      cogen s = lift start
      cogen n = lift len
      cogen w = lift (Vector.length kernel)
  in code (fn () =>
       let val region = ArraySlice.slice (buf, s, SOME n)
           (* each item becomes the filter of the window from it, read
              from a copy made first, so earlier updates are not reread *)
           val old = ArraySlice.vector (ArraySlice.slice (buf, s, NONE))
           val () = ArraySlice.modifyi (fn (i, _) =>
                        f (VectorSlice.slice (old, i, SOME w))) region
       in ArraySlice.foldl op + 0 region end)
  end
val step = eval (inPlace (Vector.fromList [1, ~1]) 2 4)
val _ = pr ("in place, sum " ^ pi (step ()) ^ ": " ^ showA buffer)
val _ = pr ("again, sum " ^ pi (step ()) ^ ": " ^ showA buffer)
val _ = Array.update (buffer, 7, 1000)
val _ = pr ("after the first stage's update, sum " ^ pi (step ()) ^ ": " ^ showA buffer)
val tooLong = eval (inPlace (Vector.fromList [1, 1]) 5 3)
val _ = pr ("a region past the end: " ^ ((pi (tooLong ()); "ran") handle Subscript => "Subscript in generated code"))
val windowPast = eval (inPlace (Vector.fromList [1, 1, 1]) 4 4)
val _ = pr ("windows past the end: " ^ ((pi (windowPast ()); "ran") handle Subscript => "Subscript in generated code")
            ^ " " ^ showA buffer)

(* a slice lifted whole, and one read at generation time *)
fun against (window : int VectorSlice.slice) : [int VectorSlice.slice -> order] =
  let cogen w = lift window
  in code (fn other => VectorSlice.collate Int.compare (w, other)) end
val cmp = eval (against (VectorSlice.slice (signal, 3, SOME 3)))
val _ = pr ("collate with the lifted [3+3]: "
            ^ String.concatWith " " (map (fn i => case cmp (VectorSlice.slice (signal, i, SOME 3)) of
                                                      LESS => "<" | EQUAL => "=" | GREATER => ">")
                                         [0, 1, 2, 3, 4, 8]))
fun headOf (sl : int VectorSlice.slice) : [int -> int] =
  let cogen h = lift (VectorSlice.sub (sl, 0)) in code (fn x => x * h) end
val _ = pr ("generated from a slice's head: " ^ pi (eval (headOf (VectorSlice.slice (signal, 5, NONE))) 3))
val _ = pr ("from an empty slice: " ^ ((pi (eval (headOf (VectorSlice.slice (signal, 11, NONE))) 3))
                                       handle Subscript => "Subscript while generating"))
