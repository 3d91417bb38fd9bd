(* Staged parser combinators for a JSON-like subset (integers, strings
   without escapes, booleans, null, lists): each combinator returns a
   generator of a parser `string * int -> (value * int) option`, so a
   grammar written with them generates a parser with the combinators
   inlined away.  Recursion through the grammar goes through a ref to the
   generated value parser, lifted into the generated code and filled
   after generation (a knot tied at run time). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype value = Int of int | Str of string | Bool of bool | Null | List of value list
type 'a parser = string * int -> ('a * int) option

fun show (Int n) = pi n
  | show (Str s) = "\"" ^ s ^ "\""
  | show (Bool b) = Bool.toString b
  | show Null = "null"
  | show (List vs) = "[" ^ String.concatWith "," (map show vs) ^ "]"

(* generators of parsers *)
fun skipWs () : [string * int -> int] =
  code (fn (s, i) => let fun go j = if j < size s andalso Char.isSpace (String.sub (s, j)) then go (j + 1) else j in go i end)
fun litG (w : string) : [string * int -> (unit * int) option] =
  let cogen ws = skipWs () cogen w' = lift w cogen n = lift (size w)
  in code (fn (s, i) => let val j = ws (s, i)
                        in if j + n <= size s andalso String.substring (s, j, n) = w' then SOME ((), j + n) else NONE end) end
fun mapG (p : ['a parser], f : ['a -> 'b]) : ['b parser] =
  let cogen p' = p cogen f' = f
  in code (fn inp => case p' inp of SOME (a, j) => SOME (f' a, j) | NONE => NONE) end
fun altG [] = code (fn (_ : string * int) => NONE)
  | altG (p :: ps) = let cogen p' = p cogen rest = altG ps in code (fn inp => case p' inp of NONE => rest inp | r => r) end
fun seqG (p : ['a parser], q : ['b parser]) : [('a * 'b) parser] =
  let cogen p' = p cogen q' = q
  in code (fn (s, i) => case p' (s, i) of
                          NONE => NONE
                        | SOME (a, j) => (case q' (s, j) of NONE => NONE | SOME (b, k) => SOME ((a, b), k))) end
(* p (sep p)* between open and close; the element parser is passed as a generator *)
fun listG (openC : string, sep : string, closeC : string, elem : ['a parser]) : ['a list parser] =
  let cogen o' = litG openC cogen s' = litG sep cogen c' = litG closeC cogen e = elem
  in code (fn (s, i) =>
       case o' (s, i) of
         NONE => NONE
       | SOME (_, j) =>
           (case c' (s, j) of
              SOME (_, k) => SOME ([], k)
            | NONE =>
                let fun more (acc, j) =
                      case e (s, j) of
                        NONE => NONE
                      | SOME (v, k) => (case s' (s, k) of
                                          SOME (_, l) => more (v :: acc, l)
                                        | NONE => (case c' (s, k) of SOME (_, l) => SOME (rev (v :: acc), l) | NONE => NONE))
                in more ([], j) end)) end
val intG : [value parser] =
  let cogen ws = skipWs ()
  in code (fn (s, i) =>
       let val j = ws (s, i)
           val neg = j < size s andalso String.sub (s, j) = #"-"
           val j' = if neg then j + 1 else j
           fun digits (k, v) = if k < size s andalso Char.isDigit (String.sub (s, k)) then digits (k + 1, v * 10 + ord (String.sub (s, k)) - 48) else (k, v)
           val (k, v) = digits (j', 0)
       in if k = j' then NONE else SOME (Int (if neg then ~v else v), k) end) end
val strG : [value parser] =
  let cogen q = litG "\""
  in code (fn (s, i) => case q (s, i) of
                          NONE => NONE
                        | SOME (_, j) => let fun close k = if k >= size s then NONE else if String.sub (s, k) = #"\"" then SOME k else close (k + 1)
                                         in Option.map (fn k => (Str (String.substring (s, j, k - j)), k + 1)) (close j) end) end

(* the knot: the value parser refers to itself through a ref filled later *)
val valueRef : value parser ref = ref (fn _ => NONE)
val recG : [value parser] = let cogen r = lift valueRef in code (fn inp => !r inp) end
val valueG : [value parser] =
  altG [intG, strG,
        mapG (litG "true", code (fn () => Bool true)),
        mapG (litG "false", code (fn () => Bool false)),
        mapG (litG "null", code (fn () => Null)),
        mapG (listG ("[", ",", "]", recG), code List),
        (* a pair written <a|b> becomes a two-element list *)
        mapG (seqG (litG "<", seqG (recG, seqG (litG "|", seqG (recG, litG ">")))), code (fn (_, (a, (_, (b, _)))) => List [a, b]))]
val _ = valueRef := eval valueG
val parseTop : string -> value option =
  let cogen v = valueG cogen ws = skipWs ()
  in eval (code (fn s => case v (s, 0) of SOME (x, j) => if ws (s, j) = size s then SOME x else NONE | NONE => NONE)) end

val inputs = ["42", " -17 ", "\"hi there\"", "[1, 2, 3]", "[ ]", "[true,false,null,[[]]]", "[1, [2, [3, \"x\"]], <4|[5]>]",
              "[1, 2", "[1 2]", "tru", "<1|2", "\"open", "  [ -0 , 00 ]  ", "[1,]"]
val _ = List.app (fn s => pr (s ^ "  =>  " ^ (case parseTop s of SOME v => show v | NONE => "no parse"))) inputs

(* a long input: a list of 300 nested pairs and lists, parsed several times *)
fun build 0 = "0"
  | build k = if k mod 2 = 0 then "[" ^ pi k ^ "," ^ build (k - 1) ^ "]" else "<" ^ build (k - 1) ^ "|\"s" ^ pi k ^ "\">"
val long = "[" ^ String.concatWith "," (List.tabulate (30, fn k => build (k mod 12))) ^ "]"
fun count (List vs) = foldl (fn (v, n) => n + count v) 1 vs
  | count _ = 1
val counts = List.tabulate (4, fn _ => case parseTop long of SOME v => count v | NONE => ~1)
val _ = pr ("long input: " ^ pi (size long) ^ " characters, " ^ String.concatWith " " (map pi counts) ^ " nodes")
