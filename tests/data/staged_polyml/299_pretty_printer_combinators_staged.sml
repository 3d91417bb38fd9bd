(* Staged pretty-printing combinators: a report template is built from
   combinators (text, fields, sequences, columns padded to a width,
   separated lists, conditionals, repetition) that produce generators of
   renderers; the renderer takes the run-time record and appends pieces
   to an accumulator, and String.concat joins them.  Static text next to
   static text is merged at generation time.  The same template is also
   interpreted directly, and both print the same pages. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type row = string * int * int list

datatype tmpl = T of string | Name | Qty | Items of string | Pad of int * tmpl | Seq of tmpl list
              | IfBig of int * tmpl * tmpl | Rep of int * tmpl

(* interpreted *)
fun render (T s) (_ : row) = s
  | render Name (n, _, _) = n
  | render Qty (_, q, _) = pi q
  | render (Items sep) (_, _, is) = String.concatWith sep (map pi is)
  | render (Pad (w, t)) r = StringCvt.padLeft #" " w (render t r)
  | render (Seq ts) r = String.concat (map (fn t => render t r) ts)
  | render (IfBig (k, a, b)) (r as (_, q, _)) = if q > k then render a r else render b r
  | render (Rep (k, t)) r = String.concat (List.tabulate (k, fn _ => render t r))

(* staged: a generator of an accumulating renderer *)
type gen = [row * string list -> string list]
fun text (s : string) : gen = let cogen s' = lift s in code (fn (_, acc) => s' :: acc) end
fun seq (gs : gen list) : gen =
  foldl (fn (g, acc) => let cogen g' = g cogen a' = acc in code (fn (r, l) => g' (r, a' (r, l))) end) (code (fn (_, l) => l)) gs

(* merge adjacent static text before generating: fewer pieces at run time *)
fun simplify (Seq ts) =
      let fun merge (T a :: T b :: rest) = merge (T (a ^ b) :: rest)
            | merge (Seq inner :: rest) = merge (inner @ rest)
            | merge (t :: rest) = simplify t :: merge rest
            | merge [] = []
      in case merge ts of [t] => t | ts' => Seq ts' end
  | simplify (Pad (w, t)) = Pad (w, simplify t)
  | simplify (IfBig (k, a, b)) = IfBig (k, simplify a, simplify b)
  | simplify (Rep (k, t)) = (case simplify t of T s => T (String.concat (List.tabulate (k, fn _ => s))) | t' => Rep (k, t'))
  | simplify t = t

val pieces = ref 0
fun stage (T s) = (pieces := !pieces + 1; text s)
  | stage Name = code (fn ((n, _, _), acc) => n :: acc)
  | stage Qty = code (fn ((_, q, _), acc) => Int.toString q :: acc)
  | stage (Items sep) = let cogen s = lift sep in code (fn ((_, _, is), acc) => String.concatWith s (map Int.toString is) :: acc) end
  | stage (Pad (w, t)) =
      let cogen inner = stage t cogen w' = lift w
      in code (fn (r, acc) => StringCvt.padLeft #" " w' (String.concat (rev (inner (r, [])))) :: acc) end
  | stage (Seq ts) = seq (map stage ts)
  | stage (IfBig (k, a, b)) =
      let cogen ga = stage a cogen gb = stage b cogen k' = lift k
      in code (fn (r as (_, q, _), acc) => if q > k' then ga (r, acc) else gb (r, acc)) end
  | stage (Rep (k, t)) =
      let fun go 0 = code (fn (_ : row, acc : string list) => acc)
            | go i = let cogen g = stage t cogen rest = go (i - 1) in code (fn (r, acc) => rest (r, g (r, acc))) end
      in go k end

fun compile t : row -> string = let cogen g = stage (simplify t) in eval (code (fn r => String.concat (rev (g (r, []))))) end

val line = Seq [T "| ", Pad (10, Name), T " | ", Pad (5, Qty), T " | ",
                IfBig (100, Seq [T "BULK", T " x", Qty], Seq [T "items: ", Items ","]), T " |"]
val header = Seq [Rep (3, T "=-"), T " report ", Rep (3, T "-=")]
val rows : row list = [("bolts", 250, [1, 2]), ("nuts", 12, [3, 4, 5]), ("washers", 7, []), ("gears", 101, [9])]
val renderLine = compile line
val renderHeader = compile header
val _ = pr ("static pieces generated: " ^ pi (!pieces))
val _ = pr (renderHeader ("", 0, []))
val _ = List.app (fn r => pr (renderLine r)) rows
val _ = pr ("interpreter agrees: " ^ Bool.toString (List.all (fn r => render line r = renderLine r) rows andalso render header ("", 0, []) = renderHeader ("", 0, [])))

(* a nested template with repetition of dynamic parts *)
val fancy = Rep (2, Seq [T "<", Name, T ":", Pad (4, Qty), T ">", IfBig (10, Rep (2, T "!"), T "?")])
val renderFancy = compile fancy
val _ = List.app (fn r => pr (renderFancy r ^ (if render fancy r = renderFancy r then "" else "  DISAGREE"))) rows

(* rendering many rows: the compiled template is run over a generated table *)
val big = List.tabulate (300, fn i => ("item" ^ pi i, i * 13 mod 211, List.tabulate (i mod 4, fn j => i + j)))
val total = foldl (fn (r, n) => n + size (renderLine r)) 0 big
val _ = pr ("300 rows, " ^ pi total ^ " characters, agree " ^ Bool.toString (List.all (fn r => render line r = renderLine r) big))
