(* An image-processing pipeline over arrays, generated from a list of
   stages: each stage becomes generated code that works in place with
   Array.modifyi, Array.foldli, Array.appi and Vector.mapi, and the
   scratch buffers are arrays created at generation time and lifted into
   the generated code, so they are shared (not copied) by every run and
   every generated function that lifts them: a histogram filled by one
   generated function is read by another and by the generator itself. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showA a = String.concatWith " " (Array.foldr (fn (x, l) => pi x :: l) [] a)
fun showV v = String.concatWith " " (Vector.foldr (fn (x, l) => pi x :: l) [] v)

datatype stage = Scale of int * int | Clamp of int * int | Blur | Threshold of int | Invert of int

(* unstaged reference *)
fun runU stages (a : int array) =
  let fun step (Scale (m, d)) = Array.modify (fn x => x * m div d) a
        | step (Clamp (lo, hi)) = Array.modify (fn x => Int.max (lo, Int.min (hi, x))) a
        | step Blur =
            let val v = Array.vector a val n = Vector.length v
            in Array.modifyi (fn (i, _) => (Vector.sub (v, Int.max (0, i - 1)) + 2 * Vector.sub (v, i) + Vector.sub (v, Int.min (n - 1, i + 1))) div 4) a end
        | step (Threshold t) = Array.modify (fn x => if x >= t then 1 else 0) a
        | step (Invert m) = Array.modify (fn x => m - x) a
  in List.app step stages end

(* staged: each stage is a generator of an in-place transformer *)
fun genStage (Scale (m, d)) =
      let cogen m' = lift m cogen d' = lift d in code (fn a : int array => Array.modify (fn x => x * m' div d') a) end
  | genStage (Clamp (lo, hi)) =
      let cogen lo' = lift lo cogen hi' = lift hi in code (fn a : int array => Array.modify (fn x => Int.max (lo', Int.min (hi', x))) a) end
  | genStage Blur =
      code (fn a : int array =>
              let val v = Array.vector a val n = Vector.length v
              in Array.modifyi (fn (i, _) => (Vector.sub (v, Int.max (0, i - 1)) + 2 * Vector.sub (v, i) + Vector.sub (v, Int.min (n - 1, i + 1))) div 4) a end)
  | genStage (Threshold t) = let cogen t' = lift t in code (fn a : int array => Array.modify (fn x => if x >= t' then 1 else 0) a) end
  | genStage (Invert m) = let cogen m' = lift m in code (fn a : int array => Array.modify (fn x => m' - x) a) end

fun genPipeline [] = code (fn a : int array => ())
  | genPipeline (s :: ss) = let cogen f = genStage s cogen rest = genPipeline ss in code (fn a => (f a; rest a)) end

val stages = [Scale (3, 2), Blur, Clamp (10, 200), Invert 255, Blur]
val pipeline = eval (genPipeline stages)
val input = [0, 40, 80, 120, 160, 200, 240, 255, 128, 64, 32, 16]
val a1 = Array.fromList input
val a2 = Array.fromList input
val _ = (runU stages a1; pipeline a2)
val _ = pr ("unstaged: " ^ showA a1)
val _ = pr ("staged:   " ^ showA a2)
val _ = pr ("agree: " ^ Bool.toString (Array.vector a1 = Array.vector a2))

(* shared buffers: one histogram array created at generation time, lifted
   into a generated counter and a generated reporter *)
val bins = 8
val hist = Array.array (bins, 0)
val calls = ref 0
val counter : int array -> unit =
  eval (let cogen h = lift hist cogen b = lift bins cogen c = lift calls
        in code (fn a => (c := !c + 1; Array.app (fn x => let val k = Int.min (b - 1, x * b div 256) in Array.update (h, k, Array.sub (h, k) + 1) end) a)) end)
val reporter : unit -> string =
  eval (let cogen h = lift hist
        in code (fn () => String.concatWith "," (Vector.foldri (fn (i, x, l) => if x = 0 then l else (Int.toString i ^ ":" ^ Int.toString x) :: l) [] (Array.vector h))) end)
val _ = counter (Array.fromList input)
val _ = pr ("after one image: " ^ reporter ())
val _ = counter a2
val _ = pr ("after two images: " ^ reporter () ^ " calls " ^ pi (!calls))
(* the generator reads the shared array at generation time: it sees the run-time writes *)
fun genWeights () : [int -> int] =
  let val total = Array.foldl op+ 0 hist
      cogen t = lift total cogen h = lift hist
  in code (fn k => Array.sub (h, k) * 1000 div t) end
val w1 = eval (genWeights ())
val _ = pr ("weights: " ^ String.concatWith " " (List.tabulate (bins, fn k => pi (w1 k))))
val _ = Array.modify (fn _ => 0) hist
val _ = pr ("after reset, old weights read the live array: " ^ String.concatWith " " (List.tabulate (bins, fn k => pi (w1 k))) ^ " / " ^ reporter ())
val _ = (counter (Array.tabulate (64, fn i => i * 4)); pr ("ramp: " ^ reporter ()))
val w2 = eval (genWeights ())
val _ = pr ("new weights: " ^ String.concatWith " " (List.tabulate (bins, fn k => pi (w2 k))))

(* a generated prefix sum with Array.foldli and Vector.mapi *)
val prefix : int array -> int vector =
  eval (code (fn a =>
         let val sums = Array.array (Array.length a, 0)
             val _ = Array.foldli (fn (i, x, s) => (Array.update (sums, i, s + x); s + x)) 0 a
         in Vector.mapi (fn (i, s) => s - i) (Array.vector sums) end))
val _ = pr ("prefix minus index: " ^ showV (prefix (Array.fromList [5, 1, 4, 1, 5, 9, 2, 6])))

(* the pipeline run many times on a growing image; checked against the interpreter *)
val same = ref 0
val _ = List.app (fn n =>
          let val img = Array.tabulate (n, fn i => (i * 37 + n) mod 256)
              val img' = Array.tabulate (n, fn i => (i * 37 + n) mod 256)
          in runU stages img; pipeline img'; if Array.vector img = Array.vector img' then same := !same + 1 else () end)
        (List.tabulate (60, fn n => n + 1))
val _ = pr ("60 images agree: " ^ pi (!same))
