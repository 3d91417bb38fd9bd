(* Staged generic programming after Yallop, "Staged Generic Programming"
   (ICFP 2017): show, size and equality are defined once over a
   representation of types; staging them on the representation removes the
   traversal of the representation from the generated functions. A
   representation packs three polymorphic generators; the combinators for
   pairs, options and lists build generators from generators, and lists
   get a recursive generated function. Generators are also folded over a
   list of field representations to build a record-like tuple printer. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype 'a rep = Rep of ['a -> string] * ['a -> int] * ['a * 'a -> bool]
fun gshow (Rep (s, _, _)) = s
fun gsize (Rep (_, z, _)) = z
fun geq (Rep (_, _, e)) = e

val int : int rep = Rep (code Int.toString, code (fn _ => 1), code (op =))
val bool : bool rep = Rep (code Bool.toString, code (fn _ => 1), code (op =))
val string : string rep = Rep (code (fn s => "\"" ^ String.toString s ^ "\""), code size, code (op =))
fun pair (a : 'a rep, b : 'b rep) : ('a * 'b) rep =
    let cogen sa = gshow a cogen sb = gshow b cogen za = gsize a cogen zb = gsize b cogen ea = geq a cogen eb = geq b
    in Rep (code (fn (x, y) => "(" ^ sa x ^ ", " ^ sb y ^ ")"),
            code (fn (x, y) => za x + zb y),
            code (fn ((x1, y1), (x2, y2)) => ea (x1, x2) andalso eb (y1, y2))) end
fun option (a : 'a rep) : 'a option rep =
    let cogen sa = gshow a cogen za = gsize a cogen ea = geq a
    in Rep (code (fn NONE => "NONE" | SOME x => "SOME " ^ sa x),
            code (fn NONE => 0 | SOME x => za x),
            code (fn (NONE, NONE) => true | (SOME x, SOME y) => ea (x, y) | _ => false)) end
fun list (a : 'a rep) : 'a list rep =
    let cogen sa = gshow a cogen za = gsize a cogen ea = geq a
    in Rep (code (fn xs => "[" ^ String.concatWith ", " (map sa xs) ^ "]"),
            code (let fun sz [] = 0 | sz (x :: xs) = za x + sz xs in sz end),
            code (let fun eq ([], []) = true | eq (x :: xs, y :: ys) = ea (x, y) andalso eq (xs, ys) | eq _ = false in eq end)) end

val r1 = list (pair (int, option string))
val show1 = eval (gshow r1) and size1 = eval (gsize r1) and eq1 = eval (geq r1)
val v1 = [(1, SOME "one"), (2, NONE), (3, SOME "th\"ree")]
val v2 = [(1, SOME "one"), (2, NONE), (3, SOME "three")]
val _ = pr (show1 v1)
val _ = pr ("size " ^ pi (size1 v1) ^ ", equal to itself " ^ Bool.toString (eq1 (v1, v1)) ^ ", to v2 " ^ Bool.toString (eq1 (v1, v2)))
val r2 = list (list (pair (bool, int)))
val _ = pr (eval (gshow r2) [[(true, 1)], [], [(false, ~2), (true, 3)]])
val _ = pr ("nested size " ^ pi (eval (gsize r2) [[(true, 1)], [], [(false, ~2), (true, 3)]]))
(* three levels of option *)
val r3 = option (option (option int))
val _ = pr (String.concatWith " | " (map (eval (gshow r3)) [NONE, SOME NONE, SOME (SOME NONE), SOME (SOME (SOME 5))]))

(* a generator folded over the fields of a record-like list of named ints *)
fun fieldsShow (names : string list) : [int list -> string] =
    let fun go [] = code (fn _ => "")
          | go (n :: ns) =
              let cogen n' = lift n cogen rest = go ns cogen sep = lift (if null ns then "" else ", ")
              in code (fn (x :: xs) => n' ^ " = " ^ Int.toString x ^ sep ^ rest xs | [] => raise Empty) end
        cogen body = go names
    in code (fn xs => "{" ^ body xs ^ "}") end
val point = eval (fieldsShow ["x", "y", "z"])
val _ = pr (point [1, 2, 3])
val _ = pr (point [1, 2] handle Empty => "too few fields")
(* generic functions generated inside generated code: the representation arrives at stage 1 *)
val later : [int -> [int list -> string]] =
    code (fn depth => let fun nest (0 : int) = code (fn (xs : int list) => eval (gshow (list int)) xs)
                           | nest d = let cogen inner = nest (d - 1) in code (fn xs => "<" ^ inner xs ^ ">") end
                       in nest depth end)
val _ = pr (eval (eval later 3) [7, 8])
