(* Regular expressions: a parser, a Brzozowski-derivative matcher, and a
   Thompson NFA simulated with arrays of state sets; both must agree. *)

datatype re =
    Empty                 (* matches nothing *)
  | Eps                   (* matches "" *)
  | Chr of char
  | Any
  | Seq of re * re
  | Alt of re * re
  | Star of re
  | Class of (char * char) list * bool   (* ranges, negated *)

exception RegexSyntax of int * string

fun parseRe (s : string) : re =
  let
    val n = size s
    fun peek i = if i < n then SOME (String.sub (s, i)) else NONE
    fun alt i =
      let val (r, i') = seq i
      in case peek i' of
           SOME #"|" => let val (r2, i'') = alt (i' + 1) in (Alt (r, r2), i'') end
         | _ => (r, i')
      end
    and seq i =
      case peek i of
        NONE => (Eps, i)
      | SOME #"|" => (Eps, i)
      | SOME #")" => (Eps, i)
      | _ => let val (r, i') = postfix i
                 val (rest, i'') = seq i'
             in (case rest of Eps => r | _ => Seq (r, rest), i'') end
    and postfix i =
      let
        val (r, i') = atom i
        fun loop (r, j) =
          case peek j of
            SOME #"*" => loop (Star r, j + 1)
          | SOME #"+" => loop (Seq (r, Star r), j + 1)
          | SOME #"?" => loop (Alt (r, Eps), j + 1)
          | _ => (r, j)
      in loop (r, i') end
    and atom i =
      case peek i of
        SOME #"(" =>
          let val (r, i') = alt (i + 1)
          in case peek i' of
               SOME #")" => (r, i' + 1)
             | _ => raise RegexSyntax (i', "missing )")
          end
      | SOME #"." => (Any, i + 1)
      | SOME #"[" => charClass (i + 1)
      | SOME #"\\" =>
          (case peek (i + 1) of
             SOME c => (Chr c, i + 2)
           | NONE => raise RegexSyntax (i, "trailing backslash"))
      | SOME c =>
          if Char.contains "*+?" c then raise RegexSyntax (i, "nothing to repeat before " ^ str c)
          else (Chr c, i + 1)
      | NONE => raise RegexSyntax (i, "unexpected end")
    and charClass i =
      let
        val (neg, i0) = if peek i = SOME #"^" then (true, i + 1) else (false, i)
        fun items j acc =
          case (peek j, peek (j + 1), peek (j + 2)) of
            (SOME #"]", _, _) => (Class (rev acc, neg), j + 1)
          | (SOME a, SOME #"-", SOME b) =>
              if b = #"]" then items (j + 1) ((a, a) :: acc)
              else if a > b then raise RegexSyntax (j, "bad range")
              else items (j + 3) ((a, b) :: acc)
          | (SOME a, _, _) => items (j + 1) ((a, a) :: acc)
          | (NONE, _, _) => raise RegexSyntax (j, "unterminated class")
      in items i0 [] end
    val (r, i) = alt 0
  in
    if i < n then raise RegexSyntax (i, "unexpected " ^ str (String.sub (s, i))) else r
  end

fun inClass (ranges, neg) c =
  let val hit = List.exists (fn (lo, hi) => lo <= c andalso c <= hi) ranges
  in if neg then not hit else hit end

(* --- Derivatives --- *)
fun nullable Empty = false
  | nullable Eps = true
  | nullable (Chr _) = false
  | nullable Any = false
  | nullable (Class _) = false
  | nullable (Seq (a, b)) = nullable a andalso nullable b
  | nullable (Alt (a, b)) = nullable a orelse nullable b
  | nullable (Star _) = true

(* Smart constructors keep derivatives small. *)
fun seq (Empty, _) = Empty
  | seq (_, Empty) = Empty
  | seq (Eps, r) = r
  | seq (r, Eps) = r
  | seq (a, b) = Seq (a, b)
fun alt (Empty, r) = r
  | alt (r, Empty) = r
  | alt (a, b) = if a = b then a else Alt (a, b)

fun deriv c r =
  case r of
    Empty => Empty
  | Eps => Empty
  | Chr d => if c = d then Eps else Empty
  | Any => Eps
  | Class cl => if inClass cl c then Eps else Empty
  | Seq (a, b) =>
      let val d = seq (deriv c a, b)
      in if nullable a then alt (d, deriv c b) else d end
  | Alt (a, b) => alt (deriv c a, deriv c b)
  | Star a => seq (deriv c a, Star a)

fun matchDeriv r s = nullable (foldl (fn (c, r) => deriv c r) r (explode s))

(* --- Thompson NFA --- *)
datatype edge = EpsTo of int | OnChar of (char -> bool) * int

fun compile r =
  let
    val edges = ref [] : (int * edge) list ref
    val count = ref 0
    fun newState () = !count before count := !count + 1
    fun add (from, e) = edges := (from, e) :: !edges
    (* build r between fresh start and accept states *)
    fun build r =
      let val s = newState () val t = newState ()
      in
        (case r of
           Empty => ()
         | Eps => add (s, EpsTo t)
         | Chr d => add (s, OnChar (fn c => c = d, t))
         | Any => add (s, OnChar (fn _ => true, t))
         | Class cl => add (s, OnChar (inClass cl, t))
         | Seq (a, b) =>
             let val (sa, ta) = build a val (sb, tb) = build b
             in add (s, EpsTo sa); add (ta, EpsTo sb); add (tb, EpsTo t) end
         | Alt (a, b) =>
             let val (sa, ta) = build a val (sb, tb) = build b
             in app add [(s, EpsTo sa), (s, EpsTo sb), (ta, EpsTo t), (tb, EpsTo t)] end
         | Star a =>
             let val (sa, ta) = build a
             in app add [(s, EpsTo sa), (s, EpsTo t), (ta, EpsTo sa), (ta, EpsTo t)] end);
        (s, t)
      end
    val (start, accept) = build r
    val table = Array.array (!count, [])
    val () = List.app (fn (f, e) => Array.update (table, f, e :: Array.sub (table, f))) (!edges)
  in (table, start, accept) end

fun matchNfa (table, start, accept) s =
  let
    val n = Array.length table
    val mark = Array.array (n, ~1)
    fun closure gen (st, acc) =
      if Array.sub (mark, st) = gen then acc
      else (Array.update (mark, st, gen);
            foldl (fn (EpsTo t, acc) => closure gen (t, acc) | (_, acc) => acc)
                  (st :: acc) (Array.sub (table, st)))
    fun step (gen, states, c) =
      foldl (fn (st, acc) =>
               foldl (fn (OnChar (p, t), acc) => if p c then closure gen (t, acc) else acc
                       | (_, acc) => acc) acc (Array.sub (table, st)))
            [] states
    val init = closure 0 (start, [])
    val (_, final) =
      foldl (fn (c, (gen, states)) => (gen + 1, step (gen + 1, states, c))) (0, init) (explode s)
  in List.exists (fn st => st = accept) final end

fun show r =
  case r of
    Empty => "0" | Eps => "e" | Chr c => str c | Any => "."
  | Class (rs, neg) => "[" ^ (if neg then "^" else "") ^
      String.concat (map (fn (a, b) => if a = b then str a else str a ^ "-" ^ str b) rs) ^ "]"
  | Seq (a, b) => show a ^ show b
  | Alt (a, b) => "(" ^ show a ^ "|" ^ show b ^ ")"
  | Star a => "(" ^ show a ^ ")*"

val tests = [
  ("a*b", ["b", "ab", "aaab", "aaa", ""]),
  ("(ab|cd)*", ["", "ab", "abcd", "abc", "cdcdab"]),
  ("[a-z]+[0-9]?", ["abc", "abc1", "abc12", "1", "z9"]),
  ("[^aeiou]*", ["rhythm", "crypt", "cat", ""]),
  ("(a|b)*abb", ["abb", "aabb", "babb", "ab", "abba"]),
  (".*\\.sml", ["foo.sml", "foo.smlx", ".sml", "foo_sml"]),
  ("colou?r", ["color", "colour", "colouur"]),
  ("(0|1(01*0)*1)*", ["", "0", "11", "110", "1001", "111", "10010"]),
  ("a(b|)c", ["ac", "abc", "abbc"])
]

val () = List.app (fn (pat, inputs) =>
  let val r = parseRe pat
      val nfa = compile r
  in
    print (pat ^ "  =>  " ^ show r ^ "  (" ^ Int.toString (let val (t, _, _) = nfa in Array.length t end) ^ " states)\n");
    List.app (fn s =>
      let val d = matchDeriv r s and m = matchNfa nfa s
      in print ("  " ^ StringCvt.padRight #" " 10 ("\"" ^ s ^ "\"") ^
                (if d then "match" else "no") ^
                (if d = m then "" else "  DISAGREE") ^ "\n")
      end) inputs
  end) tests

(* Multiples of three in binary, checked exhaustively against arithmetic. *)
val mult3 = parseRe "(0|1(01*0)*1)*"
val nfa3 = compile mult3
fun toBinary 0 = "0"
  | toBinary n = let fun go 0 acc = acc | go k acc = go (k div 2) (str (if k mod 2 = 1 then #"1" else #"0") ^ acc)
                 in go n "" end
val bad = List.filter (fn k => matchNfa nfa3 (toBinary k) <> (k mod 3 = 0)
                               orelse matchDeriv mult3 (toBinary k) <> (k mod 3 = 0))
                      (List.tabulate (100, fn k => k))
val () = print ("mult3 disagreements: " ^ Int.toString (length bad) ^ "\n")

val () = List.app (fn p => (ignore (parseRe p); print (p ^ " ok\n"))
                           handle RegexSyntax (i, m) => print (p ^ ": error at " ^ Int.toString i ^ ": " ^ m ^ "\n"))
                  ["(ab", "*a", "[z-a]", "[abc", "a\\", "ab)", "a**"]
val _ = parseRe "x|+"
