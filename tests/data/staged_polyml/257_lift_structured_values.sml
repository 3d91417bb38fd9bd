(* lift of structured values: a binary tree datatype lifted whole and
   searched by generated code, records of functions (tuples of closures)
   lifted and called, a lifted ref shared with the generator, a lifted
   exception constructor's value, a lifted list of generators evaluated
   inside code, and equality on lifted values inside code. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype tree = Lf | Nd of tree * int * string * tree
fun insert (Lf, k, v) = Nd (Lf, k, v, Lf)
  | insert (t as Nd (l, k', v', r), k, v) =
      if k < k' then Nd (insert (l, k, v), k', v', r)
      else if k > k' then Nd (l, k', v', insert (r, k, v))
      else Nd (l, k, v, r)
val dict = foldl (fn ((k, v), t) => insert (t, k, v)) Lf
                 [(50, "fifty"), (20, "twenty"), (70, "seventy"), (10, "ten"), (30, "thirty"), (60, "sixty")]

(* the tree is lifted once; the generated code searches it *)
fun lookupGen t =
    let cogen tree = lift t
    in code (fn key => let fun find Lf = "?"
                             | find (Nd (l, k, v, r)) = if key = k then v else if key < k then find l else find r
                       in find tree end)
    end
val look = eval (lookupGen dict)
val _ = pr ("lifted tree: " ^ String.concatWith " " (map look [10, 30, 50, 55, 70]))
(* the lifted tree is the value at generation time: later inserts make new trees *)
val dict2 = insert (dict, 55, "fifty-five")
val _ = pr ("old code, new key: " ^ look 55 ^ "; new code: " ^ eval (lookupGen dict2) 55)

(* a tuple of closures lifted and called from generated code *)
val ops = (fn x => x + 1, fn x => x * x, fn (s : string) => s ^ s)
val useOps = let cogen fs = lift ops
             in code (fn n => let val (inc, sq, dbl) = fs in dbl (pi (sq (inc n))) end) end
val _ = pr ("lifted closures: " ^ eval useOps 3)

(* a lifted ref is the same ref: the generator and the code share it *)
val log : string list ref = ref []
val logger = let cogen l = lift log in code (fn s => l := s :: !l) end
val logFn = eval logger
val _ = (logFn "one"; log := "direct" :: !log; logFn "two")
val _ = pr ("shared log: " ^ String.concatWith " " (rev (!log)))

(* lifted exception values, raised by generated code *)
exception Missing of string
val raiser = let cogen e = lift (Missing "lifted")
             in code (fn b => if b then raise e else "fine") end
val rf = eval raiser
val _ = pr ("lifted exception: " ^ rf false ^ " " ^ ((rf true) handle Missing s => "Missing " ^ s))

(* a lifted list of generators, evaluated inside code *)
val gl = [code 1, lift 2, code (1 + 2)]
val sumInside = let cogen gs = lift gl in code (foldl (fn (g, acc) => acc + eval g) 0 gs) end
val _ = pr ("lifted generators: " ^ pi (eval sumInside))

(* equality on lifted structured values *)
val eqGen = let cogen target = lift ([(1, "a"), (2, "b")], SOME #"z")
            in code (fn v => v = target) end
val eqf = eval eqGen
val _ = pr ("equality: " ^ Bool.toString (eqf ([(1, "a"), (2, "b")], SOME #"z")) ^ " " ^
            Bool.toString (eqf ([(1, "a")], SOME #"z")) ^ " " ^ Bool.toString (eqf ([(1, "a"), (2, "b")], NONE)))

(* lift evaluates its argument once: a counter in the lifted expression *)
val calls = ref 0
fun fresh () = (calls := !calls + 1; !calls)
val once = let cogen v = lift (fresh ()) in code (v + v + v) end
val r1 = eval once
val r2 = eval once
val _ = pr ("lift runs once: " ^ pi r1 ^ " " ^ pi r2 ^ " calls " ^ pi (!calls))
