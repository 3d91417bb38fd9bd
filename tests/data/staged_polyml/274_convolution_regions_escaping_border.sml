(* The online-PE paper's stencil with boundary handling: the image row is
   split into a left, a centre and a right region; only the left and
   right regions test the border, the centre is specialised without
   tests.  The border modes are the paper's clamp_low and const_low: a
   clamp moves the index, a constant border escapes the whole pixel
   computation with a value (here an exception caught by the generated
   code, standing for the paper's `out` continuation).  The kernel
   [-1, -2, 0, 2, 1] is known when the code is generated, so the zero tap
   disappears.  A last strict mode lets its exception escape. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showArr a = String.concatWith " " (List.tabulate (Array.length a, fn i => pi (Array.sub (a, i))))

exception Escape of int
exception OutOfImage of int

(* a border mode is code that maps an index and the row length to a safe index *)
type border = [int -> int -> int]
val clamp : border = code (fn i => fn n => if i < 0 then 0 else if i >= n then n - 1 else i)
fun constant v : border = let cogen c = lift v in code (fn i => fn n => if i < 0 orelse i >= n then raise Escape c else i) end
val mirror : border = code (fn i => fn n => if i < 0 then Int.min (~i - 1, n - 1) else if i >= n then Int.max (2 * n - i - 1, 0) else i)
val strict : border = code (fn i => fn n => if i < 0 orelse i >= n then raise OutOfImage i else i)

val taps = ref 0

(* the sum of the taps at pixel x: kernel entries are known, offsets run from ~r to r;
   checked says whether the region needs the border mode at all *)
fun pixel (kernel : int list, r : int, checked : bool, bh : border) : [int array -> int -> int] =
    let fun build ([], _) = code (fn _ => fn _ => 0)
          | build (k :: ks, off) =
              let val restGen = build (ks, off + 1)
                  cogen rest = restGen
                  cogen kk = lift k
                  cogen offC = lift off
                  cogen fix = bh
              in if k = 0 then restGen
                 else (taps := !taps + 1;
                       if checked
                       then code (fn inp => fn x => kk * Array.sub (inp, fix (x + offC) (Array.length inp)) + rest inp x)
                       else code (fn inp => fn x => kk * Array.sub (inp, x + offC) + rest inp x))
              end
        cogen sum = build (kernel, ~r)
    in code (fn inp => fn x => sum inp x handle Escape v => v) end

(* the whole row: three loops over the regions *)
fun convolve (kernel, bh) : [int array -> int array] =
    let val r = length kernel div 2
        cogen edge = pixel (kernel, r, true, bh)
        cogen centre = pixel (kernel, r, false, bh)
        cogen rr = lift r
    in code (fn inp =>
               let val n = Array.length inp
                   val out = Array.array (n, 0)
                   fun loop (lo, hi, f) = if lo < hi then (Array.update (out, lo, f inp lo); loop (lo + 1, hi, f)) else ()
                   val leftEnd = Int.min (rr, n)
                   val rightStart = Int.max (leftEnd, n - rr)
               in loop (0, leftEnd, edge);
                  loop (leftEnd, rightStart, centre);
                  loop (rightStart, n, edge);
                  out
               end)
    end

(* unstaged reference: every pixel checks, with the border as a plain function *)
fun reference (kernel, mode) inp =
    let val n = Array.length inp
        val r = length kernel div 2
        fun at i = case mode of
                       0 => Array.sub (inp, if i < 0 then 0 else if i >= n then n - 1 else i)
                     | 1 => if i < 0 orelse i >= n then raise Escape 100 else Array.sub (inp, i)
                     | _ => Array.sub (inp, if i < 0 then Int.min (~i - 1, n - 1) else if i >= n then Int.max (2 * n - i - 1, 0) else i)
        fun px x = (#1 (foldl (fn (k, (s, off)) => (s + k * at (x + off), off + 1)) (0, ~r) kernel)) handle Escape v => v
    in Array.tabulate (n, px) end

val sobel = [~1, ~2, 0, 2, 1]
val rows = [Array.fromList [1, 2, 3, 4, 5, 6, 7, 8], Array.fromList [5, 5, 5, 5, 5, 5],
            Array.fromList [0, 9, 0, 9, 0, 9, 0], Array.fromList [3, 1], Array.fromList [7]]

val _ = taps := 0
val byClamp = eval (convolve (sobel, clamp))
val byConst = eval (convolve (sobel, constant 100))
val byMirror = eval (convolve (sobel, mirror))
val _ = pr ("taps generated for three modes: " ^ pi (!taps) ^ " (4 non-zero taps, edge and centre each)")

fun same (a, b) = Array.length a = Array.length b andalso Array.foldli (fn (i, v, ok) => ok andalso v = Array.sub (b, i)) true a
val _ = app (fn row =>
               (pr ("row " ^ showArr row);
                app (fn (name, f, mode) =>
                       let val out = f row
                       in pr ("  " ^ name ^ ": " ^ showArr out ^ (if same (out, reference (sobel, mode) row) then "" else "  MISMATCH"))
                       end)
                    [("clamp", byClamp, 0), ("const", byConst, 1), ("mirror", byMirror, 2)]))
            rows

(* a smoothing kernel, specialised once and run on a longer row *)
val smooth = eval (convolve ([1, 4, 6, 4, 1], clamp))
val long = Array.tabulate (12, fn i => (i * 7) mod 10)
val _ = pr ("smooth " ^ showArr long ^ " -> " ^ showArr (smooth long))

(* strict: fine inside the centre region, fatal at the border *)
val byStrict = eval (convolve ([1, 1, 1], strict))
val _ = pr ("strict on an empty row: [" ^ showArr (byStrict (Array.fromList [])) ^ "]")
val _ = pr ("strict handled: " ^ ((showArr (byStrict (Array.fromList [1, 2, 3]))) handle OutOfImage i => "out of image at " ^ pi i))
val _ = pr ("strict unhandled next:")
val _ = pr (showArr (byStrict (Array.fromList [4, 5, 6, 7])))
val _ = pr "not reached"
