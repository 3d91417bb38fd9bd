(* Refs and arrays at both stages: a generation-time array of generated
   code (a dispatch table of generators filled in a loop), refs created
   at generation time and lifted into generated code (shared, so
   updates at run time are seen at generation time and by other
   generated functions), refs created inside generated code (fresh per
   run), lifted arrays mutated by generated code and read back, and
   equality of lifted refs with the originals. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* a generation-time table of generators, each built from its neighbours *)
val table : [int -> int] array = Array.array (8, code (fn x => x))
val _ = Array.update (table, 1, code (fn x => x + 1))
val _ = List.app (fn i => let cogen prev = Array.sub (table, i - 1) cogen prev2 = Array.sub (table, i - 2) cogen i' = lift i
                          in Array.update (table, i, code (fn x => prev x + prev2 x + i')) end) (List.tabulate (6, fn k => k + 2))
val _ = pr (String.concatWith " " (List.tabulate (8, fn i => pi (eval (Array.sub (table, i)) 1))))

(* a shared counter lifted into several generated functions *)
val hits = ref 0
val log : string list ref = ref []
fun instrumented (name : string, f : [int -> int]) : [int -> int] =
    let cogen h = lift hits cogen l = lift log cogen n = lift name cogen f' = f
    in code (fn x => (h := !h + 1; l := n :: !l; f' x)) end
val sq = eval (instrumented ("sq", code (fn x => x * x)))
val neg = eval (instrumented ("neg", code (fn x => ~x)))
val _ = pr (pi (sq (neg (sq 3))) ^ " hits " ^ pi (!hits) ^ " log " ^ String.concatWith "," (!log))
(* generation-time code sees what run time did *)
fun snapshot () : [int] = let cogen v = lift (!hits) in code v end
val before1 = snapshot ()
val _ = (sq 1; sq 2)
val after1 = snapshot ()
val _ = pr (pi (eval before1) ^ " " ^ pi (eval after1))

(* a lifted ref is the same ref *)
val cell = ref 5
val same = let cogen c = lift cell in code (fn r => r = c) end
val isCell = eval same
val _ = pr (Bool.toString (isCell cell) ^ " " ^ Bool.toString (isCell (ref 5)))

(* a ref created inside generated code is fresh on every run; one created at generation time is shared *)
fun counters () : [unit -> int] * [unit -> int] =
    let val shared = ref 0
        cogen s = lift shared
    in (code (let val fresh = ref 0 in fn () => (fresh := !fresh + 1; !fresh) end),
        code (fn () => (s := !s + 1; !s))) end
val (freshGen, sharedGen) = counters ()
val f1 = eval freshGen
val f2 = eval freshGen
val s1 = eval sharedGen
val s2 = eval sharedGen
val _ = (f1 (); f1 (); f2 (); s1 (); s1 ())
val _ = pr (pi (f1 ()) ^ " " ^ pi (f2 ()) ^ " " ^ pi (s1 ()) ^ " " ^ pi (s2 ()))

(* an array lifted into generated code and modified there; the histogram generated per bucket count *)
fun histogram (buckets : int, width : int) : [int list -> int array] =
    let val counts = Array.array (buckets, 0)
        cogen cs = lift counts cogen w = lift width cogen b = lift buckets
    in code (fn xs => (List.app (fn x => let val k = Int.min (b - 1, Int.max (0, x div w)) in Array.update (cs, k, Array.sub (cs, k) + 1) end) xs; cs)) end
val h = eval (histogram (5, 10))
val a1 = h [1, 5, 12, 25, 49, 50, 100, ~3]
val a2 = h [11, 12]
val _ = pr (String.concatWith " " (map pi (Array.foldr (op ::) [] a1)) ^ " same array " ^ Bool.toString (a1 = a2))
val h2 = eval (histogram (5, 10))
val a3 = h2 [1]
val _ = pr (String.concatWith " " (map pi (Array.foldr (op ::) [] a3)) ^ " same as first " ^ Bool.toString (a1 = a3))

(* generated code that builds an array of generated functions at run time, by eval in generated code *)
val builder : [int -> (int -> int) array] =
    code (fn n => Array.tabulate (n, fn i => let cogen i' = lift i in eval (code (fn x => x * i' + i')) end))
val fs = eval builder 6
val _ = pr (String.concatWith " " (List.tabulate (6, fn i => pi (Array.sub (fs, i) 10))))

(* a two-stage accumulator: stage-one ref counts generations, stage-two ref counts runs *)
val generations = ref 0
val runs = ref 0
val acc : [int -> [int -> int]] =
    code (fn k => (generations := !generations + 1;
                   let cogen k' = lift k in code (fn x => (runs := !runs + 1; x + k')) end))
val a = eval acc
val fs2 = List.tabulate (4, fn k => eval (a k))
val total = foldl (fn (f, s) => s + f 100 + f 1) 0 fs2
val _ = pr (pi total ^ " generations " ^ pi (!generations) ^ " runs " ^ pi (!runs))
