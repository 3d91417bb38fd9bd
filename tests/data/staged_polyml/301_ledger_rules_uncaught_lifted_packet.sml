(* A ledger whose posting function is generated from a list of account
   rules (overdraft limits, frozen accounts, a daily cap).  The balances
   are an array created at generation time and lifted, so the generated
   poster and the generated auditor share it.  Violations raise
   exceptions: Overdraft carries the account and the shortfall, Frozen
   is raised as a packet built at generation time and lifted.  The
   caller handles them by pattern, until a transfer to a frozen account
   made outside any handler ends the program with Frozen uncaught. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Overdraft of int * int
exception Frozen of string
exception Cap of int

datatype rule = Limit of int * int | Freeze of int * string | DailyCap of int

val nAccounts = 6
val balances = Array.tabulate (nAccounts, fn i => 100 * (i + 1))
val postings = ref 0

(* checks for one account, folded from the rules that name it *)
fun genCheck (acct : int, rules : rule list) : [int -> unit] =
  foldr (fn (Limit (a, lim), rest) =>
              if a <> acct then rest
              else let cogen r = rest cogen lim' = lift lim cogen a' = lift a cogen bal = lift balances
                   in code (fn amount => let val after = Array.sub (bal, a') - amount
                                         in if after < ~lim' then raise Overdraft (a', ~lim' - after) else r amount end) end
          | (Freeze (a, why), rest) =>
              if a <> acct then rest
              else let cogen packet = lift (Frozen (why ^ " #" ^ Int.toString a)) in code (fn amount : int => raise packet) end
          | (DailyCap c, rest) =>
              let cogen r = rest cogen c' = lift c in code (fn amount => if amount > c' then raise Cap c' else r amount) end)
        (code (fn amount : int => ())) rules

(* the poster: a dispatch on the source account to its generated check *)
fun genPoster (rules : rule list) : [int * int * int -> unit] =
  let fun dispatch a =
        if a = nAccounts then code (fn (src : int, amount : int) => raise Subscript)
        else let cogen chk = genCheck (a, rules) cogen rest = dispatch (a + 1) cogen a' = lift a
             in code (fn (src, amount) => if src = a' then chk amount else rest (src, amount)) end
      cogen check = dispatch 0 cogen bal = lift balances cogen count = lift postings
      cogen destCheck = let fun frozenTo [] = code (fn (d : int) => ())
                              | frozenTo (Freeze (a, why) :: rs) =
                                  let cogen r = frozenTo rs cogen a' = lift a cogen p = lift (Frozen ("into " ^ why))
                                  in code (fn d => if d = a' then raise p else r d) end
                              | frozenTo (_ :: rs) = frozenTo rs
                        in frozenTo rules end
  in code (fn (src, dst, amount) =>
       (check (src, amount); destCheck dst;
        Array.update (bal, src, Array.sub (bal, src) - amount);
        Array.update (bal, dst, Array.sub (bal, dst) + amount);
        count := !count + 1))
  end

val rules = [Limit (0, 50), Limit (2, 0), Freeze (4, "audit"), DailyCap 250, Limit (5, 1000)]
val post = eval (genPoster rules)
val audit : unit -> string =
  eval (let cogen bal = lift balances
        in code (fn () => String.concatWith " " (Array.foldr (fn (b, l) => Int.toString b :: l) [] bal) ^ " total " ^ Int.toString (Array.foldl op+ 0 bal)) end)

fun attempt (s, d, amt) =
  (post (s, d, amt); pr ("ok   " ^ pi s ^ "->" ^ pi d ^ " " ^ pi amt ^ ": " ^ audit ()))
  handle Overdraft (a, short) => pr ("over " ^ pi s ^ "->" ^ pi d ^ " " ^ pi amt ^ ": account " ^ pi a ^ " short by " ^ pi short)
       | Frozen why => pr ("frzn " ^ pi s ^ "->" ^ pi d ^ " " ^ pi amt ^ ": " ^ why)
       | Cap c => pr ("cap " ^ pi c ^ " " ^ pi s ^ "->" ^ pi d ^ " " ^ pi amt)
       | Subscript => pr ("bad account " ^ pi s ^ " or " ^ pi d)

val _ = pr ("start: " ^ audit ())
val _ = List.app attempt [(0, 1, 120), (0, 1, 40), (2, 3, 300), (2, 3, 200), (4, 0, 10), (1, 4, 10),
                          (5, 0, 249), (5, 0, 251), (5, 1, 200), (5, 2, 200), (5, 3, 200), (5, 3, 200),
                          (7, 0, 1), (3, 9, 1)]
val _ = pr ("postings: " ^ pi (!postings))
(* the generator reads the balances the generated code left behind *)
val richest = let val (best, _) = Array.foldli (fn (i, b, (bi, bb)) => if b > bb then (i, b) else (bi, bb)) (0, ~1) balances
              in best end
val _ = pr ("richest account: " ^ pi richest)
val _ = post (richest, 4, 1)
val _ = pr "not reached"
