(* Refs across stages: lifted refs are shared, refs created in code are fresh per run, ref patterns under code *)
fun say s = print (s ^ "\n")
val shared = ref 0
val bump = let cogen r = lift shared in code (fn () => (r := !r + 1; !r)) end
val f1 = eval bump
val f2 = eval bump
val _ = say (Int.toString (f1 ()) ^ Int.toString (f2 ()) ^ Int.toString (f1 ()) ^ " shared=" ^ Int.toString (!shared))
val fresh = code (let val r = ref 0 in fn () => (r := !r + 1; !r) end)
val g1 = eval fresh
val g2 = eval fresh
val _ = say (Int.toString (g1 ()) ^ Int.toString (g1 ()) ^ Int.toString (g2 ()))
val cell = code (ref 5)
val c1 = eval cell
val c2 = eval cell
val _ = (c1 := 6)
val _ = say (Int.toString (!c1) ^ Int.toString (!c2) ^ Bool.toString (c1 = c2))
val lc = let val r = ref 10 in lift r end
val l1 = eval lc
val l2 = eval lc
val _ = (l1 := 11)
val _ = say (Int.toString (!l2) ^ Bool.toString (l1 = l2))
val deref = code (fn (ref x) => x * 2)
val _ = say (Int.toString ((eval deref) (ref 21)))
val pairref = code (fn (ref (a, b)) => a ^ b)
val _ = say ((eval pairref) (ref ("x", "y")))
val arr = Array.array (3, 0)
val fill = let cogen a = lift arr in code (fn v => Array.modify (fn x => x + v) a) end
val _ = (eval fill) 2
val _ = (eval fill) 3
val _ = say (String.concatWith "," (map Int.toString (Array.foldr (op ::) [] arr)))
val log = ref [] : string list ref
fun note s = log := s :: !log
fun gen 0 = (note "gen0"; code (note "run0"))
  | gen n = (note ("gen" ^ Int.toString n); let cogen rest = gen (n - 1) cogen k = lift (Int.toString n) in code (note ("run" ^ k); rest) end)
val g = gen 2
val _ = note "built"
val _ = eval g
val _ = eval g
val _ = say (String.concatWith " " (rev (!log)))
val refOfRef = code (ref (ref 1))
val rr = eval refOfRef
val _ = (!rr) := 2
val _ = say (Int.toString (! (!rr)))
val swapc = code (fn (a, b) => let val t = !a in a := !b; b := t end)
val x = ref "left" and y = ref "right"
val _ = (eval swapc) (x, y)
val _ = say (!x ^ " " ^ !y)
val counterc = code (fn n => let val c = ref 0 val i = ref n in while !i > 0 do (c := !c + !i; i := !i - 1); !c end)
val _ = say (Int.toString ((eval counterc) 100))
val refs = code (map ref [1, 2, 3])
val rs = eval refs
val _ = List.app (fn r => r := !r * 10) rs
val _ = say (String.concatWith "," (map (Int.toString o !) rs))
val _ = say (String.concatWith "," (map (Int.toString o !) (eval refs)))
