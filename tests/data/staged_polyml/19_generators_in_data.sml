(* Generators stored in lists, options, tuples, refs, arrays and
   datatypes, taken out again by pattern matching and spliced or
   evaluated; a generator's identity does not matter, only its code *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype 'a gtree = GLeaf of ['a] | GNode of 'a gtree * ('a * 'a -> 'a) * 'a gtree
datatype slot = Empty' | Full of [int -> int] * string
val incs : [int -> int] list = [code (fn x => x + 1), code (fn x => x * 2), let cogen k = lift 10 in code (fn x => x - k) end]
(* splice every generator of the list into one pipeline *)
fun pipeline [] = code (fn x => x)
  | pipeline (g :: gs) = let cogen f = g cogen rest = pipeline gs in code (fn x => rest (f x)) end
val _ = pr (pi (eval (pipeline incs) 5) ^ " " ^ pi (eval (pipeline (rev incs)) 5) ^ " " ^ pi (eval (pipeline []) 5))
(* options *)
fun orIdentity (SOME g) = g | orIdentity NONE = code (fn (x : int) => x)
val maybe = [SOME (code (fn x => x * x)), NONE, SOME (hd incs)]
val _ = pr (String.concat (map (fn o' => pi (eval (orIdentity o') 7) ^ " ") maybe))
val firstSome = let fun go (SOME g :: _) = g | go (NONE :: r) = go r | go [] = code (fn _ => ~1) in go (NONE :: maybe) end
val _ = pr (pi (eval firstSome 9))
(* tuples of generators of different types *)
val trio = (code "three", code #"3", let cogen t = lift 3 in code (t, [t, t]) end)
val _ = case trio of (a, b, c) => pr (eval a ^ str (eval b) ^ (case eval c of (n, l) => pi n ^ pi (length l)))
fun swapG (p, q) = (q, p)
val (left, right) = swapG (code 1, code 2)
val _ = pr (pi (eval left) ^ pi (eval right))
(* a ref holding a generator, updated from a generator of the old one *)
val current = ref (code (fn (x : int) => x))
fun wrap k = let cogen old = !current cogen kk = lift k in current := (code (fn x => old x * kk + 1)) end
val _ = (wrap 2; wrap 3; wrap 10)
val _ = pr (pi (eval (!current) 1) ^ " " ^ pi (eval (!current) 0))
(* an array of generators, filled by a loop, spliced in index order *)
val table = Array.tabulate (6, fn i => let cogen k = lift (i * i) in code (fn x => x + k) end)
fun fromTable (i, acc) = if i < 0 then acc
                         else fromTable (i - 1, let cogen f = Array.sub (table, i) cogen g = acc in code (fn x => g (f x)) end)
val _ = pr (pi (eval (fromTable (5, code (fn x => x))) 0))
val _ = Array.update (table, 2, code (fn x => x * 1000))
val _ = pr (pi (eval (fromTable (5, code (fn x => x))) 0) ^ " " ^ pi (eval (fromTable (2, code (fn x => x))) 1))
(* a tree of generators folded with operators at the nodes *)
fun foldG (GLeaf g) = g
  | foldG (GNode (l, f, r)) = let cogen a = foldG l cogen b = foldG r cogen op' = lift f in code (op' (a, b)) end
val tree = GNode (GNode (GLeaf (code 2), op *, GLeaf (code 3)), op -, GNode (GLeaf (code 10), Int.max, GLeaf (code 4)))
val _ = pr (pi (eval (foldG tree)))
val stree = GNode (GLeaf (code "ab"), op ^, GNode (GLeaf (code "c"), fn (x, y) => y ^ x, GLeaf (code "de")))
val _ = pr (eval (foldG stree))
(* datatype slots, matched inside generated code via a lifted value *)
val slots = [Full (code (fn x => x + 100), "plus100"), Empty', Full (code (fn x => ~x), "negate")]
fun describe Empty' = code (fn (_ : int) => "empty")
  | describe (Full (g, name)) = let cogen f = g cogen n = lift name in code (fn x => n ^ "=" ^ pi (f x)) end
val _ = pr (String.concat (map (fn s => eval (describe s) 5 ^ " ") slots))
val lifted = let cogen ss = lift slots in code (fn x => map (fn Empty' => 0 | Full (g, _) => eval g x) ss) end
val _ = pr (String.concat (map (fn n => pi n ^ " ") (eval lifted 8)))
(* a list of generators built by map, evaluated lazily from a list of thunks *)
val gens = map (fn n => let cogen k = lift n in code (k * k) end) [1, 2, 3, 4]
val thunks = map (fn g => fn () => eval g) gens
val _ = pr (String.concat (map (fn t => pi (t ()) ^ " ") (rev thunks)))
