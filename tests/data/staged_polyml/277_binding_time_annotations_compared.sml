(* Asai and Kameyama's examples of staging annotations, written in
   ML-box.  The term 3 + (1 + 2) has three annotations of the same type
   that differ in when 1 + 2 is computed: in the code (every run), or
   once at generation time, either before or after passing through the
   identity.  The term fn s => fn d => (fn x => x + s) d is staged with s
   static and d dynamic.  And p f (f 1), with f = fn x => (fn y => y) x,
   is staged two ways: f as code (its body reduced, but f 1 left to run
   time) or f as a lifted closure (f 1 computed now, but f's body not
   reduced): neither is better in both respects.  Counters record which
   additions and applications happen at which stage. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val adds = ref 0
fun plus (a, b) = (adds := !adds + 1; a + b)
fun id x = x

fun show (label, mk : unit -> [int]) =
    let val _ = adds := 0
        val g = mk ()
        val atGen = !adds
        val _ = adds := 0
        val r1 = eval g
        val r2 = eval g
    in pr (label ^ ": " ^ pi r1 ^ " " ^ pi r2 ^ ", additions at generation " ^ pi atGen ^ ", in two runs " ^ pi (!adds)) end

(* < 3 + ~((fn x => x) <1 + 2>) > *)
val _ = show ("annotation 1", fn () => let cogen x = id (code (plus (1, 2))) in code (plus (3, x)) end)
(* < 3 + ~((fn x => <%x>) (1 + 2)) > *)
val _ = show ("annotation 2", fn () => let cogen x = (fn x => lift x) (plus (1, 2)) in code (plus (3, x)) end)
(* < 3 + ~((fn x => x) <%(1 + 2)>) > *)
val _ = show ("annotation 3", fn () => let cogen x = id (lift (plus (1, 2))) in code (plus (3, x)) end)
(* all static: the whole sum is lifted *)
val _ = show ("all static", fn () => lift (plus (3, plus (1, 2))))

(* fn s => fn d => (fn x => x + s) d, with s static *)
fun unstaged s d = (fn x => plus (x, s)) d
fun staged s : [int -> int] = let cogen sc = lift s in code (fn d => (fn x => plus (x, sc)) d) end
(* with s and d both static the application folds *)
fun folded (s, d) : [int] = let cogen v = lift ((fn x => plus (x, s)) d) in code v end
val f10 = eval (staged 10)
val _ = pr ("s = 10: " ^ String.concatWith " " (map (fn d => pi (f10 d) ^ "/" ^ pi (unstaged 10 d)) [0, 1, ~10, 32]))
val _ = (adds := 0; ignore (eval (folded (10, 32))); ignore (eval (folded (10, 32))))
val _ = pr ("folded (10, 32) built three times: " ^ pi (eval (folded (10, 32))) ^ ", additions " ^ pi (!adds) ^ " (one per build, none when run)")

(* p f (f 1) with f = fn x => (fn y => y) x *)
val inner = ref 0
val outer = ref 0
fun idy y = (inner := !inner + 1; y)
fun fOf x = (outer := !outer + 1; idy x)

(* f as code: both occurrences get the reduced body (the identity is gone),
   f 1 is run later *)
val fCode : [int -> int] = code (fn x => (outer := !outer + 1; x))
fun asCode () : [((int -> int) -> int -> int) -> int] =
    let cogen f = fCode in code (fn p => p f (f 1)) end
(* f as a lifted closure: f 1 is computed now, the closure keeps its body *)
fun asClosure () : [((int -> int) -> int -> int) -> int] =
    let val fv = fOf
        cogen f = lift fv
        cogen f1 = lift (fv 1)
    in code (fn p => p f f1) end

fun measure2 (label, mk) =
    let val _ = (inner := 0; outer := 0)
        val g = mk ()
        val atGen = (!outer, !inner)
        val h = eval g
        val _ = (inner := 0; outer := 0)
        val r = h (fn g => fn n => g (n + 100))
    in pr (label ^ ": result " ^ pi r ^ "; at generation f called " ^ pi (#1 atGen) ^ ", identity " ^ pi (#2 atGen) ^
           "; at run time f called " ^ pi (!outer) ^ ", identity " ^ pi (!inner))
    end
val _ = measure2 ("f as code", asCode)
val _ = measure2 ("f as lifted closure", asClosure)
val _ = pr ("unstaged: " ^ pi ((fn p => p fOf (fOf 1)) (fn g => fn n => g (n + 100))))
