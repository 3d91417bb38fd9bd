(* The dynamic-staging paper's Stage-C dot product (Listing 2) can be
   specialised over the size n and over either vector, whichever is known
   first.  Here one generator takes, for each vector, whether it is known
   now (Known xs) or only at run time (Unknown), and produces code of
   type [int list * int list -> int]: both known folds to a constant,
   one known inlines its entries (skipping zeros, no multiplication for
   1 and ~1), neither known leaves a loop over n positions. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype bt = Known of int list | Unknown

val mults = ref 0
fun mul (a, b) = (mults := !mults + 1; a * b)

fun dot (x, y) = ListPair.foldl (fn (a, b, s) => s + mul (a, b)) 0 (x, y)

val emitted = ref 0
fun note () = emitted := !emitted + 1

(* the term for position i when one side is the known coefficient c and
   the other side is read at run time by sel *)
fun termFor (c, i, pickOther : [int list * int list -> int list]) (rest : [int list * int list -> int])
    : [int list * int list -> int] =
    let cogen other = pickOther
        cogen ii = lift i
        cogen k = lift c
        cogen more = rest
    in if c = 0 then rest
       else (note ();
             if c = 1 then code (fn p => List.nth (other p, ii) + more p)
             else if c = ~1 then code (fn p => more p - List.nth (other p, ii))
             else code (fn p => mul (k, List.nth (other p, ii)) + more p))
    end

fun dotGen (n, Known xs, Known ys) =
      let val v = dot (List.take (xs, n), List.take (ys, n))
          cogen value = lift v
      in note (); code (fn _ => value) end
  | dotGen (n, Known xs, Unknown) =
      let fun build i = if i = n then code (fn _ => 0)
                        else termFor (List.nth (xs, i), i, code (fn (_, y) => y)) (build (i + 1))
      in build 0 end
  | dotGen (n, Unknown, Known ys) =
      let fun build i = if i = n then code (fn _ => 0)
                        else termFor (List.nth (ys, i), i, code (fn (x, _) => x)) (build (i + 1))
      in build 0 end
  | dotGen (n, Unknown, Unknown) =
      let cogen len = lift n
      in note ();
         code (fn (x, y) => let fun go (i, s) = if i = len then s
                                               else go (i + 1, s + mul (List.nth (x, i), List.nth (y, i)))
                            in go (0, 0) end)
      end

val a = [2, 0, 1, ~1, 0, 5]
val b = [1, 3, 0, 4, 2, ~2]
val others = [[1, 1, 1, 1, 1, 1], [6, 5, 4, 3, 2, 1], [0, ~3, 9, 9, 1, 0]]

fun report (label, mk, args) =
    let val _ = emitted := 0
        val f = eval (mk ())
        val terms = !emitted
    in app (fn (x, y) =>
              let val _ = mults := 0
                  val r = f (x, y)
                  val m = !mults
                  val _ = mults := 0
                  val expect = dot (x, y)
              in pr (label ^ ": " ^ pi r ^ " with " ^ pi m ^ " mults (unstaged " ^ pi expect ^ " with "
                     ^ pi (!mults) ^ ")" ^ (if r = expect then "" else " MISMATCH"))
              end) args;
       pr ("  " ^ label ^ " generated " ^ pi terms ^ " terms")
    end

val _ = report ("x known", fn () => dotGen (6, Known a, Unknown), map (fn y => (a, y)) others)
val _ = report ("y known", fn () => dotGen (6, Unknown, Known b), map (fn x => (x, b)) others)
val _ = report ("both known", fn () => dotGen (6, Known a, Known b), [(a, b)])
val _ = report ("neither", fn () => dotGen (6, Unknown, Unknown), map (fn y => (a, y)) others)

(* the same known vector specialises differently on each side *)
val left = eval (dotGen (6, Known a, Unknown))
val right = eval (dotGen (6, Unknown, Known a))
val _ = pr ("a on the left and on the right agree: " ^
            String.concatWith " " (map (fn y => pi (left (a, y)) ^ "=" ^ pi (right (y, a))) others))

(* a prefix: n smaller than the vectors *)
val _ = app (fn n => pr ("n = " ^ pi n ^ ": " ^ pi (eval (dotGen (n, Known a, Unknown)) (a, b))))
            [0, 1, 2, 3, 4, 5, 6]
