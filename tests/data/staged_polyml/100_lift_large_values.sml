(* Lifting large and odd values across stages: a 10^4-element list, a
   long string with every byte value, nested options and tuples, a
   vector of functions closed over generation-time data, exceptions
   with arguments, arrays shared with the generation stage, and lifted
   values re-lifted at the next stage of a two-level generator; the
   generated code checks what it received. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val bigList = List.tabulate (10000, fn i => i * i mod 9973)
val allBytes = implode (List.tabulate (256, chr))
val nested = [SOME (1, "a", [NONE, SOME #"x"]), NONE, SOME (~4611686018427387904, "\t\n\"\\", [])]

val g1 = let cogen l = lift bigList cogen s = lift allBytes
         in code (foldl op+ 0 l, length l, size s, ord (String.sub (s, 255)), ord (String.sub (s, 0)),
                  String.sub (s, 10) = #"\n", String.substring (s, 65, 26)) end
val (sum, len, sz, last, first, nl, letters) = eval g1
val _ = pr (pi sum ^ " " ^ pi len ^ " " ^ pi sz ^ " " ^ pi last ^ " " ^ pi first ^ " " ^ Bool.toString nl ^ " " ^ letters)

fun showNested xs =
    String.concatWith ";" (map (fn NONE => "-" | SOME (n, s, cs) => pi n ^ "/" ^ String.toString s ^ "/" ^
                                                 String.concatWith "," (map (fn NONE => "." | SOME c => Char.toString c) cs)) xs)
val g2 = let cogen v = lift nested in code (showNested v ^ " " ^ Bool.toString (v = nested)) end
val _ = pr (eval g2)

(* functions closed over generation-time data, lifted in a vector *)
val adders = Vector.tabulate (10, fn i => let val k = i * 100 in fn x => x + k end)
val g3 = let cogen fs = lift adders in code (fn x => Vector.foldl (fn (f, acc) => acc + f x) 0 fs) end
val _ = pr (pi (eval g3 1) ^ " " ^ pi (eval g3 0))

(* exceptions with arguments lifted, compared by raising and handling *)
exception Code of int * string
val errs = [Code (1, "one"), Code (2, "two"), Fail "plain", Subscript]
val g4 = let cogen es = lift errs
         in code (map (fn e => (raise e) handle Code (n, s) => pi n ^ s | Fail s => "fail:" ^ s | _ => "other") es) end
val _ = pr (String.concatWith " " (eval g4))

(* an array lifted at stage one and lifted again at stage two: the same array *)
val shared = Array.array (3, 0)
val g5 : [[int]] = let cogen a = lift shared
                   in code (Array.update (a, 0, 1);
                            let cogen a2 = lift a in code (Array.update (a2, 1, 2); Array.update (a, 2, 3); Array.foldl op+ 0 a2) end) end
val mid = eval g5
val _ = pr (pi (Array.sub (shared, 0)) ^ pi (Array.sub (shared, 1)) ^ pi (Array.sub (shared, 2)))
val _ = pr (pi (eval mid) ^ " " ^ pi (Array.sub (shared, 1)) ^ pi (Array.sub (shared, 2)))

(* many lifts of one large value: the value is shared, not copied *)
val table = Array.tabulate (5000, fn i => i)
fun reader (k : int) : [int] = let cogen t = lift table cogen k' = lift k in code (Array.sub (t, k')) end
val readers = List.tabulate (200, fn k => reader (k * 25))
val _ = Array.update (table, 25, ~1)
val _ = pr (pi (foldl (fn (g, acc) => acc + eval g) 0 readers))

(* a lifted string of 10^4 characters used by generated search code *)
val haystack = String.concat (List.tabulate (2000, fn i => if i = 1777 then "needle" else "hay.."))
fun finder (h : string) : [string -> int option] =
    let cogen h' = lift h
    in code (fn needle => let val n = size needle
                              fun go i = if i + n > size h' then NONE else if String.substring (h', i, n) = needle then SOME i else go (i + 1)
                          in go 0 end) end
val find = eval (finder haystack)
val _ = pr (pi (size haystack) ^ " " ^ (case find "needle" of SOME i => pi i | NONE => "none") ^ " " ^ (case find "pin" of SOME i => pi i | NONE => "none"))

(* a value lifted at stage 1, then its derived value lifted at stage 2, at stage 3 *)
val three : [[[string]]] =
    let cogen a = lift bigList
    in code (let cogen b = lift (List.filter (fn x => x mod 2 = 0) a)
             in code (let cogen c = lift (length b) in code (pi c ^ " of " ^ pi (length a)) end) end) end
val _ = pr (eval (eval (eval three)))
