(* Swadi, Taha, Kiselyov and Pasalic, "A Monadic Approach for Avoiding
   Code Duplication When Staging Memoized Functions" (PEPM 2006): the
   generalised Fibonacci gib n x y with x and y dynamic. Staging it
   directly gives code exponential in n; memoising the generators alone
   still splices shared code at every use; a state-continuation monad that
   memoises *and* inserts lets gives code linear in n. In MetaOCaml the
   inserted lets bind open code variables; in ML□ each let is a slot of a
   register array passed to the generated code (closed modal analogue).
   Generation steps are counted at stage 0. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val steps = ref 0
fun gib (n, x, y) = if n = 0 then x else gib (n - 1, y, x + y)   (* linear reference *)

(* 1. direct staging: exponential generation and code *)
fun gibS n : [int * int -> int] =
    (steps := !steps + 1;
     if n = 0 then code (fn (x, _) => x) else if n = 1 then code (fn (_, y) => y)
     else let cogen a = gibS (n - 1) cogen b = gibS (n - 2) in code (fn p => a p + b p) end)

(* 2. memoised generators: generation is linear, but each use splices *)
fun gibMemo n =
    let val table = ref ([] : (int * [int * int -> int]) list)
        fun g n = case List.find (fn (m, _) => m = n) (!table) of
                      SOME (_, c) => c
                    | NONE =>
                        let val c = (steps := !steps + 1;
                                     if n = 0 then code (fn (x, _) => x) else if n = 1 then code (fn (_, y) => y)
                                     else let cogen a = g (n - 1) cogen b = g (n - 2) in code (fn p => a p + b p) end)
                        in table := (n, c) :: !table; c end
    in g n end

(* 3. the monad: 'a m = memo * slot -> ('a -> memo * slot -> [int array -> int]) -> [int array -> int] *)
type memo = (int * int) list
fun ret x = fn s => fn k => k x s
fun bind m f = fn s => fn k => m s (fn x => fn s' => f x s' k)
(* let-insertion: compute e into a fresh slot, continue with the slot *)
fun letSlot (e : [int array -> int]) = fn (memo : memo, next : int) => fn k =>
    let cogen e' = e cogen n' = lift next cogen rest = k next (memo, next + 1)
    in code (fn regs => (Array.update (regs, n', e' regs); rest regs)) end
fun readSlot i = let cogen i' = lift i in code (fn regs => Array.sub (regs, i')) end
fun lookupMemo n = fn (s as (memo, _)) => fn k => k (List.find (fn (m, _) => m = n) memo) s
fun remember (n, slot) = fn (memo, next) => fn k => k slot ((n, slot) :: memo, next)
(* slots 0 and 1 hold x and y *)
fun gibM n =
    bind (lookupMemo n) (fn found =>
    case found of
        SOME (_, slot) => ret slot
      | NONE =>
          (steps := !steps + 1;
           if n < 2 then ret n
           else bind (gibM (n - 1)) (fn a =>
                bind (gibM (n - 2)) (fn b =>
                let cogen a' = readSlot a cogen b' = readSlot b
                in bind (letSlot (code (fn regs => a' regs + b' regs))) (fn s => remember (n, s)) end))))
fun runM n : [int * int -> int] =
    let val body = gibM n ([], 2) (fn slot => fn (_, size) =>
                      let cogen r = readSlot slot cogen size' = lift size
                      in code (fn regs => r regs) end)
        cogen b = body cogen size = lift (n + 2)
    in code (fn (x, y) => let val regs = Array.array (size, 0) in Array.update (regs, 0, x); Array.update (regs, 1, y); b regs end) end

fun try (name, gen, n) =
    let val _ = steps := 0
        val f = eval (gen n)
    in pr (name ^ " " ^ pi n ^ ": " ^ pi (f (1, 1)) ^ " " ^ pi (f (2, ~1)) ^ " (reference " ^ pi (gib (n, 1, 1)) ^ "), " ^
           pi (!steps) ^ " generation steps") end
val _ = List.app (fn n => try ("direct", gibS, n)) [0, 1, 5, 12]
val _ = List.app (fn n => try ("memo", gibMemo, n)) [0, 1, 5, 12]
val _ = List.app (fn n => try ("monad", runM, n)) [0, 1, 5, 12, 40, 80]
val _ = pr ("monad 91: " ^ (pi (eval (runM 91) (1, 1)) handle Overflow => "Overflow at run time"))
