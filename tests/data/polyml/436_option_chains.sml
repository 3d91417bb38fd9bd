(* Option chains: lookups that may fail combined with a bind function,
   Option.map/join/getOpt/isSome/valOf/filter/mapPartial/compose, option
   of option, List.find and List.mapPartial, and a safe-division pipeline.
   The last valOf NONE escapes as Option. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun so NONE = "NONE" | so (SOME n) = "SOME " ^ pi n

fun bind (NONE, _) = NONE
  | bind (SOME x, f) = f x
infix 1 >>=
fun m >>= f = bind (m, f)
fun safeDiv (_, 0) = NONE
  | safeDiv (a, b) = SOME (a div b)
fun safeSqrt n = if n < 0 then NONE else
    let fun go k = if (k + 1) * (k + 1) > n then k else go (k + 1) in SOME (go 0) end
val phone = [("ann", 5551234), ("bob", 5559876), ("cy", 0)]
fun lookup k = Option.map #2 (List.find (fn (n, _) => n = k) phone)

val _ = pr ("100/5 then sqrt: " ^ so (safeDiv (100, 5) >>= safeSqrt))
val _ = pr ("100/0 then sqrt: " ^ so (safeDiv (100, 0) >>= safeSqrt))
val _ = pr ("~100/5 then sqrt: " ^ so (safeDiv (~100, 5) >>= safeSqrt))
val _ = pr ("lookup bob: " ^ so (lookup "bob") ^ ", lookup dan: " ^ so (lookup "dan"))
val _ = pr ("chain: " ^ so (lookup "ann" >>= (fn n => safeDiv (n, 1000)) >>= safeSqrt))
val _ = pr ("chain via cy: " ^ so (lookup "cy" >>= (fn n => safeDiv (1000, n))))
val _ = pr ("Option.map: " ^ so (Option.map (fn x => x * 2) (SOME 21)) ^ " " ^ so (Option.map (fn x => x * 2) NONE))
val _ = pr ("getOpt: " ^ pi (getOpt (lookup "zed", ~1)) ^ " " ^ pi (Option.getOpt (lookup "bob", ~1)))
val _ = pr ("join: " ^ so (Option.join (SOME (SOME 3))) ^ " " ^ so (Option.join (SOME NONE)) ^ " " ^ so (Option.join NONE))
val _ = pr ("filter: " ^ so (Option.filter (fn x => x > 10) 5) ^ " " ^ so (Option.filter (fn x => x > 10) 50))
val _ = pr ("mapPartial: " ^ so (Option.mapPartial safeSqrt (SOME 50)) ^ " " ^ so (Option.mapPartial safeSqrt (SOME ~50)))
val _ = pr ("compose: " ^ so (Option.compose (fn x => x + 1, safeSqrt) 81) ^ " " ^ so (Option.compose (fn x => x + 1, safeSqrt) ~1))
val _ = pr ("composePartial: " ^ so (Option.composePartial (safeSqrt, fn x => safeDiv (x, 2)) 200))
val _ = pr ("isSome: " ^ Bool.toString (isSome (lookup "ann")) ^ " " ^ Bool.toString (Option.isSome (lookup "x")))
val _ = pr ("List.mapPartial: " ^ String.concatWith " " (map pi (List.mapPartial safeSqrt [16, ~4, 10, ~1, 99])))
val _ = pr ("valOf ok: " ^ pi (valOf (SOME 7)) ^ ", Option.valOf ok: " ^ pi (Option.valOf (SOME 8)))
val _ = pr ("valOf NONE caught: " ^ (pi (valOf NONE) handle Option => "Option"))

(* parse "a/b" with several failure points *)
fun parseFrac s =
    case String.fields (fn c => c = #"/") s of
        [a, b] => Int.fromString a >>= (fn x => Int.fromString b >>= (fn y => safeDiv (x, y)))
      | _ => NONE
val _ = app (fn s => pr ("parseFrac \"" ^ s ^ "\" = " ^ so (parseFrac s))) ["84/4", "7/0", "x/2", "9", "1/2/3", "~9/2"]

(* first success among alternatives *)
fun firstSome [] = NONE
  | firstSome (f :: fs) = case f () of NONE => firstSome fs | r => r
val tried = ref 0
fun attempt r () = (tried := !tried + 1; r)
val _ = pr ("firstSome: " ^ so (firstSome [attempt NONE, attempt (SOME 4), attempt (SOME 5)]) ^ " after " ^ pi (!tried) ^ " tries")
val opts = [SOME 1, NONE, SOME 3]
val _ = pr ("sum of somes: " ^ pi (foldl (fn (SOME x, a) => a + x | (NONE, a) => a) 0 opts))
val _ = pr ("all somes: " ^ pi (foldl (fn (o1, a) => a + valOf o1) 0 opts))
val _ = pr "not reached"
