(* Subtype inference after Fuh and Mishra's MATCH, as in the MLKit's
   FuhMishra test: constraints t1 |> t2 are generated from a small lambda
   language, then decomposed, type variables forced into the shape of the
   type they are coerced with (fresh copies, ALLNEW), atoms kept in
   equivalence classes; substitutions are functions composed with `o`. *)
datatype ty = INT | REAL | ARROW of ty * ty | PROD of ty * ty | TV of int
datatype exp = VAR of string | NUM of int | FLT of int | LAM of string * exp
             | APP of exp * exp | LET of string * exp * exp | PAIR of exp * exp | ADD of exp

val counter = ref 0
fun fresh () = (counter := !counter + 1; TV (!counter))

fun member (x, l) = List.exists (fn y => y = x) l
fun union (xs, ys) = foldr (fn (x, acc) => if member (x, acc) then acc else x :: acc) ys xs

fun tyvars (TV i) acc = if member (i, acc) then acc else i :: acc
  | tyvars (ARROW (a, b)) acc = tyvars a (tyvars b acc)
  | tyvars (PROD (a, b)) acc = tyvars a (tyvars b acc)
  | tyvars _ acc = acc

fun atomic (ARROW _) = false
  | atomic (PROD _) = false
  | atomic _ = true

fun substOne (i, t) =
  let fun s (TV j) = if i = j then t else TV j
        | s (ARROW (a, b)) = ARROW (s a, s b)
        | s (PROD (a, b)) = PROD (s a, s b)
        | s t' = t'
  in s end

fun copyShape (ARROW (a, b)) = ARROW (copyShape a, copyShape b)
  | copyShape (PROD (a, b)) = PROD (copyShape a, copyShape b)
  | copyShape _ = fresh ()

fun leaves (ARROW (a, b), ARROW (c, d)) = leaves (a, c) @ leaves (b, d)
  | leaves (PROD (a, b), PROD (c, d)) = leaves (a, c) @ leaves (b, d)
  | leaves (a, b) = [(a, b)]

(* equivalence classes of atoms: a list of disjoint lists *)
fun classOf (classes, a) =
  case List.find (fn c => member (a, c)) classes of SOME c => c | NONE => [a]
fun join (classes, (a, b)) =
  let val ca = classOf (classes, a) and cb = classOf (classes, b)
  in if member (b, ca) then classes
     else union (ca, cb) :: List.filter (fn c => not (member (a, c) orelse member (b, c))) classes
  end

exception Mismatch of string

fun show t =
  let fun go (_, INT) = "int"
        | go (_, REAL) = "real"
        | go (_, TV i) = "'" ^ Int.toString i
        | go (p, ARROW (a, b)) = let val s = go (2, a) ^ " -> " ^ go (1, b) in if p > 1 then "(" ^ s ^ ")" else s end
        | go (p, PROD (a, b)) = let val s = go (3, a) ^ " * " ^ go (3, b) in if p > 2 then "(" ^ s ^ ")" else s end
  in go (0, t) end

fun matchAll (cs : (ty * ty) list) =
  let
    fun go ([], s, classes) = (s, classes)
      | go ((a, b) :: rest, s, classes) =
          if atomic a andalso atomic b then go (rest, s, join (classes, (a, b)))
          else if atomic a then expand (a, b, rest, s, classes)
          else if atomic b then expand (b, a, rest, s, classes)
          else case (a, b) of
                 (ARROW (a1, a2), ARROW (b1, b2)) => go ((b1, a1) :: (a2, b2) :: rest, s, classes)
               | (PROD (a1, a2), PROD (b1, b2)) => go ((a1, b1) :: (a2, b2) :: rest, s, classes)
               | _ => raise Mismatch (show a ^ " with " ^ show b)
    and expand (atom, t, rest, s, classes) =
      let val cls = classOf (classes, atom)
          val inT = map TV (tyvars t [])
      in if List.exists (fn v => List.exists (fn c => member (v, classOf (classes, c))) inT) cls
         then raise Mismatch ("circular " ^ show atom ^ " in " ^ show t)
         else if List.exists (fn c => c = INT orelse c = REAL) cls
         then raise Mismatch (show atom ^ " against " ^ show t)
         else let fun each ([], rest, s, classes) = go (rest, s, classes)
                    | each (TV i :: more, rest, s, classes) =
                        let val t' = copyShape t
                            val d = substOne (i, t')
                        in each (more, map (fn (x, y) => (d x, d y)) rest, d o s,
                                 foldl (fn (p, cl) => join (cl, p)) classes (leaves (t, t')))
                        end
                    | each (_ :: more, rest, s, classes) = each (more, rest, s, classes)
              in each (cls, (atom, t) :: rest, s, classes) end
      end
  in go (cs, fn t => t, []) end

fun constraints (env, e, t) =
  case e of
    VAR x => (case List.find (fn (y, _) => y = x) env of
                SOME (_, t') => [(t', t)]
              | NONE => raise Mismatch ("unbound " ^ x))
  | NUM _ => [(INT, t)]
  | FLT _ => [(REAL, t)]
  | LAM (x, b) => let val a = fresh () and r = fresh ()
                  in (ARROW (a, r), t) :: constraints ((x, a) :: env, b, r) end
  | APP (f, a) => let val x = fresh () and r = fresh ()
                  in (r, t) :: constraints (env, f, ARROW (x, r)) @ constraints (env, a, x) end
  | LET (x, a, b) => let val ta = fresh () and tb = fresh ()
                     in (tb, t) :: constraints (env, a, ta) @ constraints ((x, ta) :: env, b, tb) end
  | PAIR (a, b) => let val x = fresh () and y = fresh ()
                   in (PROD (x, y), t) :: constraints (env, a, x) @ constraints (env, b, y) end
  | ADD a => (PROD (INT, INT), t) :: constraints (env, a, PROD (INT, INT))

val basis = [("fst", ARROW (PROD (TV 0, TV 1), TV 0)), ("snd", ARROW (PROD (TV 0, TV 1), TV 1)),
             ("floor", ARROW (REAL, INT))]

fun infer (name, e) =
  let val _ = counter := 5
      val t = fresh ()
      val cs = constraints (basis, e, t)
      val _ = print (name ^ ": " ^ Int.toString (length cs) ^ " coercions\n")
      val (s, classes) = matchAll cs
      val left = List.filter (fn (a, b) => a <> b) (map (fn (a, b) => (s a, s b)) cs)
  in print ("  type " ^ show (s t) ^ "\n");
     print ("  " ^ Int.toString (length classes) ^ " classes, " ^ Int.toString (length left) ^ " coercions left\n");
     app (fn (a, b) => print ("    " ^ show a ^ " |> " ^ show b ^ "\n")) (List.take (left, Int.min (4, length left)))
  end handle Mismatch why => print ("  no match: " ^ why ^ "\n")

val id = LAM ("x", VAR "x")
val _ = infer ("identity", id)
val _ = infer ("apply", LAM ("f", LAM ("x", APP (VAR "f", VAR "x"))))
val _ = infer ("twice", LAM ("f", LAM ("x", APP (VAR "f", APP (VAR "f", VAR "x")))))
val _ = infer ("let id", LET ("id", id, PAIR (APP (VAR "id", NUM 3), APP (VAR "id", FLT 4))))
val _ = infer ("make pair", LET ("mk", LAM ("x", PAIR (VAR "x", VAR "x")), APP (VAR "mk", FLT 3)))
val _ = infer ("map pair", LET ("mp", LAM ("f", LAM ("p", PAIR (APP (VAR "f", APP (VAR "fst", VAR "p")),
                                                               APP (VAR "f", APP (VAR "snd", VAR "p"))))),
                                APP (APP (VAR "mp", VAR "floor"), PAIR (FLT 3, FLT 2))))
val _ = infer ("self", LAM ("x", APP (VAR "x", VAR "x")))
val _ = infer ("bad add", ADD (LAM ("x", VAR "x")))
val _ = infer ("add", LAM ("p", ADD (VAR "p")))
val _ = infer ("unbound", APP (VAR "g", NUM 1))
val _ = infer ("compose", LAM ("f", LAM ("g", LAM ("x", APP (VAR "f", APP (VAR "g", VAR "x"))))))
