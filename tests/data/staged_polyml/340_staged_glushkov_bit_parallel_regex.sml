(* A regular expression search by bit-parallel simulation of its Glushkov
   (position) automaton: the set of active positions is a word, and one
   step is  D := (follow(D) orb first) andb mask(c).  The positions, the
   first, last and follow sets and the character masks are computed at
   generation time; the generated step tests each position's bit and ors
   in a constant, and the mask is a chain of constant character tests.
   Compared with the same simulation interpreted over the tables, and with
   a backtracking matcher.  (The rest of a chain is computed once, in a
   let: spliced into both arms of an if, its code would double at each
   position.) *)

datatype re = Chr of char | Any | Cls of char * char | Seq of re * re | Alt of re * re | Star of re | Opt of re | Plus of re

(* number the positions: each Chr/Any/Cls leaf is one *)
datatype lre = LLeaf of int | LSeq of lre * lre | LAlt of lre * lre | LStar of lre | LOpt of lre | LEps
fun label (r : re, n : int, leaves : re list) : lre * int * re list =
  case r of
    Seq (a, b) => let val (la, n1, l1) = label (a, n, leaves) val (lb, n2, l2) = label (b, n1, l1) in (LSeq (la, lb), n2, l2) end
  | Alt (a, b) => let val (la, n1, l1) = label (a, n, leaves) val (lb, n2, l2) = label (b, n1, l1) in (LAlt (la, lb), n2, l2) end
  | Star a => let val (la, n1, l1) = label (a, n, leaves) in (LStar la, n1, l1) end
  | Opt a => let val (la, n1, l1) = label (a, n, leaves) in (LOpt la, n1, l1) end
  | Plus a => let val (la, n1, l1) = label (a, n, leaves) val (lb, n2, l2) = label (a, n1, l1) in (LSeq (la, LStar lb), n2, l2) end
  | leaf => (LLeaf n, n + 1, leaves @ [leaf])

fun bit i = Word.<< (0w1, Word.fromInt i)
fun nullable (LLeaf _) = false | nullable LEps = true
  | nullable (LSeq (a, b)) = nullable a andalso nullable b | nullable (LAlt (a, b)) = nullable a orelse nullable b
  | nullable (LStar _) = true | nullable (LOpt _) = true
fun first (LLeaf i) = bit i | first LEps = 0w0
  | first (LSeq (a, b)) = if nullable a then Word.orb (first a, first b) else first a
  | first (LAlt (a, b)) = Word.orb (first a, first b) | first (LStar a) = first a | first (LOpt a) = first a
fun last (LLeaf i) = bit i | last LEps = 0w0
  | last (LSeq (a, b)) = if nullable b then Word.orb (last a, last b) else last b
  | last (LAlt (a, b)) = Word.orb (last a, last b) | last (LStar a) = last a | last (LOpt a) = last a
(* follow: an array of words, by position *)
fun follow (r : lre, n : int) : word vector =
  let val f = Array.array (n, 0w0)
      fun addAll (from, to) = List.app (fn i => if Word.andb (from, bit i) <> 0w0 then Array.update (f, i, Word.orb (Array.sub (f, i), to)) else ())
                                       (List.tabulate (n, fn i => i))
      fun go (LSeq (a, b)) = (go a; go b; addAll (last a, first b))
        | go (LAlt (a, b)) = (go a; go b)
        | go (LStar a) = (go a; addAll (last a, first a))
        | go (LOpt a) = go a
        | go _ = ()
  in go r; Array.vector f end

fun matches (leaf : re, c : char) =
  case leaf of Chr d => c = d | Any => true | Cls (lo, hi) => c >= lo andalso c <= hi | _ => false

type tables = int * word * word * bool * word vector * re list   (* n, first, last, nullable, follow, leaves *)
fun tables (r : re) : tables =
  let val (l, n, leaves) = label (r, 0, [])
  in (n, first l, last l, nullable l, follow (l, n), leaves) end

(* interpreted: does some substring match? *)
fun searchTables ((n, fst, lst, nul, fol, leaves) : tables) (s : string) : bool =
  let val ls = Vector.fromList leaves
      fun mask c = foldl Word.orb 0w0 (List.tabulate (n, fn i => if matches (Vector.sub (ls, i), c) then bit i else 0w0))
      fun reach d = foldl Word.orb 0w0 (List.tabulate (n, fn i => if Word.andb (d, bit i) <> 0w0 then Vector.sub (fol, i) else 0w0))
      fun go (i, d) = Word.andb (d, lst) <> 0w0 orelse
                      (i < size s andalso go (i + 1, Word.andb (Word.orb (reach d, fst), mask (String.sub (s, i)))))
  in nul orelse go (0, 0w0) end

(* staged *)
fun genReach (fol : word vector) (i : int) : [word -> word] =
  if i = Vector.length fol then code (fn _ => 0w0)
  else let val f = Vector.sub (fol, i)
           cogen rest = genReach fol (i + 1)
       in if f = 0w0 then code rest
          else let cogen b = lift (bit i) cogen f' = lift f
               in code (fn d => let val r = rest d in if Word.andb (d, b) <> 0w0 then Word.orb (f', r) else r end) end
       end

(* the mask of c: for each leaf, a test; leaves with the same test are grouped by ors of bits *)
fun genMask (leaves : re list) : [char -> word] =
  let fun go (_, []) = code (fn _ => 0w0)
        | go (i, leaf :: more) =
            let cogen b = lift (bit i) cogen rest = go (i + 1, more)
            in case leaf of
                 Chr d => let cogen d' = lift d in code (fn c => let val r = rest c in if c = d' then Word.orb (b, r) else r end) end
               | Cls (lo, hi) => let cogen lo' = lift lo cogen hi' = lift hi
                                 in code (fn c => let val r = rest c in if c >= lo' andalso c <= hi' then Word.orb (b, r) else r end) end
               | _ => code (fn c => Word.orb (b, rest c))
            end
  in go (0, leaves) end

fun genSearch (r : re) : [string -> bool] =
  let val (n, fst, lst, nul, fol, leaves) = tables r
  in if nul then code (fn _ => true)
     else let cogen reach = genReach fol 0
              cogen mask = genMask leaves
              cogen fst' = lift fst cogen lst' = lift lst
          in code (fn s => let val len = size s
                               fun go (i, d) = Word.andb (d, lst') <> 0w0 orelse
                                               (i < len andalso go (i + 1, Word.andb (Word.orb (reach d, fst'), mask (String.sub (s, i)))))
                           in go (0, 0w0) end) end
  end

(* backtracking reference: does r match some substring? *)
fun m (r : re) (cs : char list) (k : char list -> bool) : bool =
  case r of
    Chr d => (case cs of c :: rest => c = d andalso k rest | [] => false)
  | Any => (case cs of _ :: rest => k rest | [] => false)
  | Cls (lo, hi) => (case cs of c :: rest => c >= lo andalso c <= hi andalso k rest | [] => false)
  | Seq (a, b) => m a cs (fn rest => m b rest k)
  | Alt (a, b) => m a cs k orelse m b cs k
  | Opt a => m a cs k orelse k cs
  | Plus a => m (Seq (a, Star a)) cs k
  | Star a => k cs orelse m a cs (fn rest => rest <> cs andalso m (Star a) rest k)
fun searchBT r s = let fun from cs = m r cs (fn _ => true) orelse (case cs of [] => false | _ :: t => from t) in from (explode s) end

fun str s = foldr (fn (c, acc) => case acc of NONE => SOME (Chr c) | SOME r => SOME (Seq (Chr c, r))) NONE (explode s)
fun lit s = valOf (str s)
val digit = Cls (#"0", #"9")
val regexes = [("abc", lit "abc"), ("a(b|c)*d", Seq (Chr #"a", Seq (Star (Alt (Chr #"b", Chr #"c")), Chr #"d"))),
               ("[0-9]+.[0-9]+", Seq (Plus digit, Seq (Chr #".", Plus digit))),
               ("x.?y", Seq (Chr #"x", Seq (Opt Any, Chr #"y"))),
               ("(ab|a)(bc|c)", Seq (Alt (lit "ab", Chr #"a"), Alt (lit "bc", Chr #"c"))),
               ("(a*)*b", Seq (Star (Star (Chr #"a")), Chr #"b")),
               ("colou?r", Seq (lit "colo", Seq (Opt (Chr #"u"), Chr #"r")))]
val inputs = ["abc", "xxabcxx", "ab", "abbbcd", "ad", "acbx", "pi is 3.14", "3.", ".5", "xy", "x-y", "x--y",
              "abc", "ac", "aaaa", "aaab", "the colour", "color", "colouur", ""]

val _ = app (fn (name, r) =>
  let val f = eval (genSearch r)
      val t = tables r
      val rs = map (fn s => (f s, searchTables t s, searchBT r s)) inputs
      val ok = List.all (fn (a, b, c) => a = b andalso b = c) rs
  in print (name ^ " (" ^ Int.toString (#1 t) ^ " positions): " ^ String.concat (map (fn (a, _, _) => if a then "1" else "0") rs)
            ^ (if ok then "" else " MISMATCH") ^ "\n") end) regexes

(* one generated searcher over many lines *)
val numbers = eval (genSearch (#2 (List.nth (regexes, 2))))
val lines = List.tabulate (500, fn i => if i mod 7 = 0 then "v" ^ Int.toString i ^ "." ^ Int.toString (i mod 10) else "line " ^ Int.toString i)
val _ = print ("lines with a decimal: " ^ Int.toString (length (List.filter numbers lines)) ^ "\n")
