(* Type-directed generic functions generated from type descriptions:
   equality, ordering, hashing and printing for values of a universal
   datatype are compiled from a description of their type known at
   generation time (products, sums, lists, ints, strings), so the
   generated code never looks at the description; the generated
   comparison sorts data, and the generated hash groups it. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype ty = TInt | TStr | TPair of ty * ty | TList of ty | TSum of ty * ty
datatype v = VI of int | VS of string | VP of v * v | VL of v list | VL1 of v | VR1 of v
exception Ill

fun eqGen (t : ty) : [v * v -> bool] =
    case t of
        TInt => code (fn (VI a, VI b) => a = b | _ => raise Ill)
      | TStr => code (fn (VS a, VS b) => a = b | _ => raise Ill)
      | TPair (a, b) => let cogen ea = eqGen a cogen eb = eqGen b in code (fn (VP (x1, y1), VP (x2, y2)) => ea (x1, x2) andalso eb (y1, y2) | _ => raise Ill) end
      | TList e => let cogen ee = eqGen e
                   in code (fn (VL xs, VL ys) => let fun go ([], []) = true | go (x :: r, y :: s) = ee (x, y) andalso go (r, s) | go _ = false in go (xs, ys) end
                             | _ => raise Ill) end
      | TSum (a, b) => let cogen ea = eqGen a cogen eb = eqGen b
                       in code (fn (VL1 x, VL1 y) => ea (x, y) | (VR1 x, VR1 y) => eb (x, y) | (VL1 _, VR1 _) => false | (VR1 _, VL1 _) => false | _ => raise Ill) end

fun cmpGen (t : ty) : [v * v -> order] =
    case t of
        TInt => code (fn (VI a, VI b) => Int.compare (a, b) | _ => raise Ill)
      | TStr => code (fn (VS a, VS b) => String.compare (a, b) | _ => raise Ill)
      | TPair (a, b) => let cogen ca = cmpGen a cogen cb = cmpGen b
                        in code (fn (VP (x1, y1), VP (x2, y2)) => (case ca (x1, x2) of EQUAL => cb (y1, y2) | other => other) | _ => raise Ill) end
      | TList e => let cogen ce = cmpGen e
                   in code (fn (VL xs, VL ys) => let fun go ([], []) = EQUAL | go ([], _) = LESS | go (_, []) = GREATER
                                                       | go (x :: r, y :: s) = (case ce (x, y) of EQUAL => go (r, s) | other => other)
                                                 in go (xs, ys) end
                             | _ => raise Ill) end
      | TSum (a, b) => let cogen ca = cmpGen a cogen cb = cmpGen b
                       in code (fn (VL1 x, VL1 y) => ca (x, y) | (VR1 x, VR1 y) => cb (x, y) | (VL1 _, VR1 _) => LESS | (VR1 _, VL1 _) => GREATER | _ => raise Ill) end

fun strHash s = foldl (fn (c, h) => (h * 31 + ord c) mod 1000003) 7 (explode s)
fun hashGen (t : ty) : [v -> int] =
    case t of
        TInt => code (fn VI n => n mod 1000003 | _ => raise Ill)
      | TStr => code (fn VS s => strHash s | _ => raise Ill)
      | TPair (a, b) => let cogen ha = hashGen a cogen hb = hashGen b in code (fn VP (x, y) => (ha x * 17 + hb y) mod 1000003 | _ => raise Ill) end
      | TList e => let cogen he = hashGen e in code (fn VL xs => foldl (fn (x, h) => (h * 7 + he x) mod 1000003) 1 xs | _ => raise Ill) end
      | TSum (a, b) => let cogen ha = hashGen a cogen hb = hashGen b in code (fn VL1 x => ha x * 2 mod 1000003 | VR1 x => (hb x * 2 + 1) mod 1000003 | _ => raise Ill) end

fun showGen (t : ty) : [v -> string] =
    case t of
        TInt => code (fn VI n => pi n | _ => raise Ill)
      | TStr => code (fn VS s => "\"" ^ s ^ "\"" | _ => raise Ill)
      | TPair (a, b) => let cogen sa = showGen a cogen sb = showGen b in code (fn VP (x, y) => "(" ^ sa x ^ ", " ^ sb y ^ ")" | _ => raise Ill) end
      | TList e => let cogen se = showGen e in code (fn VL xs => "[" ^ String.concatWith ", " (map se xs) ^ "]" | _ => raise Ill) end
      | TSum (a, b) => let cogen sa = showGen a cogen sb = showGen b in code (fn VL1 x => "inl " ^ sa x | VR1 x => "inr " ^ sb x | _ => raise Ill) end

(* a generated sort using the generated comparison *)
fun sortGen (t : ty) : [v list -> v list] =
    let cogen cmp = cmpGen t
    in code (fn xs => let fun merge ([], ys) = ys | merge (xs, []) = xs
                            | merge (x :: xr, y :: yr) = if cmp (x, y) = GREATER then y :: merge (x :: xr, yr) else x :: merge (xr, y :: yr)
                          fun sort [] = [] | sort [x] = [x]
                            | sort xs = let val k = length xs div 2 in merge (sort (List.take (xs, k)), sort (List.drop (xs, k))) end
                      in sort xs end) end

val person = TPair (TStr, TList (TSum (TInt, TStr)))
fun mk (name, tags) = VP (VS name, VL (map (fn (0, n, _) => VL1 (VI n) | (_, _, s) => VR1 (VS s)) tags))
val people = [mk ("bob", [(0, 3, ""), (1, 0, "x")]), mk ("al", []), mk ("bob", [(0, 3, "")]), mk ("bob", [(1, 0, "a")]),
              mk ("cy", [(0, ~1, "")]), mk ("al", [(0, 5, "")]), mk ("bob", [(0, 3, ""), (1, 0, "x")])]
val show = eval (showGen person)
val sorted = eval (sortGen person) people
val _ = List.app (pr o show) sorted
val eq = eval (eqGen person)
val _ = pr (String.concatWith "" (map (fn a => String.concat (map (fn b => if eq (a, b) then "1" else "0") people) ^ " ") people))
val hash = eval (hashGen person)
val hashes = map hash people
val _ = pr (String.concatWith " " (map pi hashes))
val _ = pr ("equal values hash equally: " ^ Bool.toString (List.all (fn (a, b) => not (eq (a, b)) orelse hash a = hash b)
                                                                  (List.concat (map (fn a => map (fn b => (a, b)) people) people))))
val _ = pr ((show (VI 3)) handle Ill => "ill-typed value")
(* a deep type: lists of lists of pairs, 600 values sorted *)
val deep = TList (TList (TPair (TInt, TStr)))
fun deepVal i = VL (List.tabulate (i mod 3, fn j => VL (List.tabulate (j + 1, fn k => VP (VI ((i * 7 + k) mod 5), VS (pi (k * i mod 3)))))))
val vs = List.tabulate (600, deepVal)
val sortedDeep = eval (sortGen deep) vs
val cmpDeep = eval (cmpGen deep)
fun ordered (a :: b :: r) = cmpDeep (a, b) <> GREATER andalso ordered (b :: r) | ordered _ = true
val _ = pr ("deep sort ordered " ^ Bool.toString (ordered sortedDeep) ^ ", first " ^ eval (showGen deep) (hd sortedDeep) ^ ", last " ^ eval (showGen deep) (List.last sortedDeep))
