(* A regular-expression matcher in continuation-passing style, and its
   staged twin: the regex is known, the string is not. Star is handled by a
   generated recursive function whose continuation refuses empty progress. *)
fun pr s = print (s ^ "\n")

datatype regex = Chr of char | Any | Seq of regex * regex | Alt of regex * regex
               | Star of regex | Eps | Class of char list

(* matcher on a char list; k is the continuation on the rest *)
fun m (Chr c) (x :: xs) k = c = x andalso k xs
  | m (Chr _) [] _ = false
  | m Any (_ :: xs) k = k xs
  | m Any [] _ = false
  | m (Class cs) (x :: xs) k = List.exists (fn c => c = x) cs andalso k xs
  | m (Class _) [] _ = false
  | m Eps s k = k s
  | m (Seq (a, b)) s k = m a s (fn s' => m b s' k)
  | m (Alt (a, b)) s k = m a s k orelse m b s k
  | m (Star r) s k = k s orelse m r s (fn s' => length s' < length s andalso m (Star r) s' k)

fun matches r str = m r (explode str) null

(* staged: gen r gives code for fn (s, k) => ... *)
fun gen (Chr c) =
      let cogen c' = lift c
      in code (fn (s, k) => case s of x :: xs => c' = x andalso k xs | [] => false) end
  | gen Any = code (fn (s, k) => case s of _ :: xs => k xs | [] => false)
  | gen (Class cs) =
      let cogen cs' = lift cs
      in code (fn (s, k) => case s of x :: xs => List.exists (fn c => c = x) cs' andalso k xs | [] => false) end
  | gen Eps = code (fn (s, k) => k s)
  | gen (Seq (a, b)) =
      let cogen ma = gen a cogen mb = gen b
      in code (fn (s, k) => ma (s, fn s' => mb (s', k))) end
  | gen (Alt (a, b)) =
      let cogen ma = gen a cogen mb = gen b
      in code (fn (s, k) => ma (s, k) orelse mb (s, k)) end
  | gen (Star r) =
      let cogen mr = gen r
      in code (let fun star (s, k) =
                     k s orelse mr (s, fn s' => length s' < length s andalso star (s', k))
               in star end) end

fun compile r = let cogen g = gen r in code (fn str => g (explode str, null)) end

fun str2 s = Seq (Chr (String.sub (s, 0)), Chr (String.sub (s, 1)))
val digit = Class (explode "0123456789")
val ident = Seq (Class (explode "abcxyz_"), Star (Alt (Class (explode "abcxyz_"), digit)))
val number = Seq (digit, Star digit)
val abab = Star (Alt (str2 "ab", Chr #"c"))
val nested = Star (Star (Alt (Chr #"a", Eps)))
val dotted = Seq (Star Any, Seq (Chr #".", Seq (Chr #"m", Chr #"l")))

val regexes = [("ident", ident), ("number", number), ("abab", abab), ("nested", nested), ("dotted", dotted)]
val inputs = ["", "a", "x1", "_abc9", "9x", "123", "12a", "abcab", "ababc", "aaaa", "b",
              "prog.ml", ".ml", "prog.sml", "a.ml.ml"]

val compiled = map (fn (n, r) => (n, r, eval (compile r))) regexes

val _ = List.app (fn (n, r, f) =>
  let val line = map (fn s => let val u = matches r s val v = f s
                              in if u = v then (if u then "1" else "0") else "!" end) inputs
      val ok = List.all (fn c => c <> "!") line
  in pr (n ^ ": " ^ String.concat line ^ (if ok then " agree" else " DISAGREE")) end) compiled

(* a long input: star of star must terminate *)
val longA = CharVector.tabulate (60, fn _ => #"a")
val (_, _, nestedF) = List.nth (compiled, 3)
val _ = pr ("nested on 60 a's: " ^ Bool.toString (nestedF longA) ^ " / " ^ Bool.toString (matches nested longA))
val _ = pr ("nested on \"aaab\": " ^ Bool.toString (nestedF "aaab") ^ " / " ^ Bool.toString (matches nested "aaab"))

fun benchUnstaged () =
  List.app (fn (_, r) => List.app (fn s => ignore (matches r s)) inputs) regexes
fun benchStaged () =
  List.app (fn (_, _, f) => List.app (fn s => ignore (f s)) inputs) compiled
val _ = (benchUnstaged (); benchStaged (); pr "done")
