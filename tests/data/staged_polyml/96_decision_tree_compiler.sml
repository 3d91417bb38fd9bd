(* A staged tree walker: a decision tree (learned elsewhere, known at
   generation time) over feature vectors is compiled into nested
   conditionals, its leaves into lifted labels; a second walker compiles
   the same tree into code that also records the path taken in a
   run-time ref; a third folds the tree into code counting how many
   tests a classification needs. Checked against the interpreted walker
   on a grid of inputs. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype tree = Leaf of string | Node of int * int * tree * tree   (* feature, threshold, <=, > *)
                | Multi of int * (int * tree) list * tree            (* feature, exact values, default *)

fun interp (Leaf l) _ = l
  | interp (Node (f, t, lo, hi)) (v : int vector) = if Vector.sub (v, f) <= t then interp lo v else interp hi v
  | interp (Multi (f, arms, d)) v =
      (case List.find (fn (k, _) => k = Vector.sub (v, f)) arms of SOME (_, t) => interp t v | NONE => interp d v)

val generatedTests = ref 0
fun compileTree (Leaf l) : [int vector -> string] = let cogen l' = lift l in code (fn _ => l') end
  | compileTree (Node (f, t, lo, hi)) =
      let cogen f' = lift f cogen t' = lift t cogen lo' = compileTree lo cogen hi' = compileTree hi
      in generatedTests := !generatedTests + 1; code (fn v => if Vector.sub (v, f') <= t' then lo' v else hi' v) end
  | compileTree (Multi (f, arms, d)) =
      let fun chain [] = let cogen d' = compileTree d in code (fn (_ : int, v : int vector) => d' v) end
            | chain ((k, t) :: rest) = let cogen k' = lift k cogen t' = compileTree t cogen r = chain rest
                                       in generatedTests := !generatedTests + 1; code (fn (x, v) => if x = k' then t' v else r (x, v)) end
          cogen c = chain arms cogen f' = lift f
      in code (fn v => c (Vector.sub (v, f'), v)) end

(* the path recorder: each decision appends to a ref lifted from generation time *)
val path : string list ref = ref []
fun tracing (Leaf l) : [int vector -> string] = let cogen l' = lift l cogen p = lift path in code (fn _ => (p := l' :: !p; l')) end
  | tracing (Node (f, t, lo, hi)) =
      let cogen here = lift ("f" ^ pi f ^ (if true then "" else "")) cogen f' = lift f cogen t' = lift t
          cogen lo' = tracing lo cogen hi' = tracing hi cogen p = lift path
      in code (fn v => if Vector.sub (v, f') <= t' then (p := (here ^ "<=") :: !p; lo' v) else (p := (here ^ ">") :: !p; hi' v)) end
  | tracing (Multi (f, arms, d)) = tracing (foldr (fn ((k, t), rest) => Node (f, k - 1, rest, Node (f, k, t, rest))) d arms)

fun depthCode (Leaf _) : [int vector -> int] = code (fn _ => 0)
  | depthCode (Node (f, t, lo, hi)) =
      let cogen f' = lift f cogen t' = lift t cogen lo' = depthCode lo cogen hi' = depthCode hi
      in code (fn v => 1 + (if Vector.sub (v, f') <= t' then lo' v else hi' v)) end
  | depthCode (Multi (f, arms, d)) = depthCode (foldr (fn ((k, t), rest) => Node (f, k - 1, rest, Node (f, k, t, rest))) d arms)

val tree =
    Node (0, 5,
          Node (1, 2, Leaf "small-low", Multi (2, [(0, Leaf "small-zero"), (1, Leaf "small-one"), (7, Node (1, 8, Leaf "seven-mid", Leaf "seven-high"))], Leaf "small-other")),
          Node (2, 3, Node (1, 0, Leaf "big-neg", Leaf "big-pos"), Leaf "big-far"))
val classify = eval (compileTree tree)
val traced = eval (tracing tree)
val depth = eval (depthCode tree)
val _ = pr ("tests generated: " ^ pi (!generatedTests))
val samples = [(0, 0, 0), (5, 3, 0), (5, 3, 1), (4, 9, 7), (4, 6, 7), (3, 4, 5), (6, ~1, 0), (6, 5, 2), (9, 9, 9)]
val _ = List.app (fn (a, b, c) =>
                     let val v = Vector.fromList [a, b, c]
                     in path := [];
                        pr (pi a ^ "," ^ pi b ^ "," ^ pi c ^ " -> " ^ classify v ^ " depth " ^ pi (depth v) ^ " via " ^ String.concatWith " " (rev (traced v :: tl (!path) @ []))) end)
                 samples
(* agreement with the interpreter on a grid *)
val disagreements = ref 0
val checked = ref 0
val _ = List.app (fn a => List.app (fn b => List.app (fn c =>
            let val v = Vector.fromList [a, b, c]
            in checked := !checked + 1; if classify v = interp tree v then () else disagreements := !disagreements + 1 end)
            (List.tabulate (10, fn i => i - 1))) (List.tabulate (12, fn i => i - 1))) (List.tabulate (12, fn i => i - 1))
val _ = pr (pi (!checked) ^ " inputs, " ^ pi (!disagreements) ^ " disagreements")

(* a deep generated tree: a balanced tree of depth 10 on one feature (1023 tests) *)
fun balanced (lo, hi) = if lo = hi then Leaf (pi lo) else let val m = (lo + hi) div 2 in Node (0, m, balanced (lo, m), balanced (m + 1, hi)) end
val _ = generatedTests := 0
val bigTree = balanced (0, 1023)
val bigClassify = eval (compileTree bigTree)
val ok = List.all (fn x => bigClassify (Vector.fromList [x]) = pi (Int.max (0, Int.min (1023, x)))) (List.tabulate (1100, fn i => i - 30))
val _ = pr ("balanced: " ^ pi (!generatedTests) ^ " tests, all correct " ^ Bool.toString ok ^ ", depth " ^ pi (eval (depthCode bigTree) (Vector.fromList [500])))
