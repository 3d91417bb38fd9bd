(* Searching a text for a set of keywords known in advance: the keywords
   become a trie at generation time, and the trie becomes nested generated
   code (a case on the next character per node); the outer scan is a while
   loop over refs inside the generated code, counting hits per keyword in
   an array. Checked against a naive scan with String.isPrefix. *)
datatype trie = Node of int option * (char * trie) list   (* keyword index ending here *)

fun insert (Node (e, kids), [], k) = Node (SOME k, kids)
  | insert (Node (e, kids), c :: cs, k) =
      let fun go [] = [(c, insert (Node (NONE, []), cs, k))]
            | go ((d, t) :: rest) = if c = d then (d, insert (t, cs, k)) :: rest else (d, t) :: go rest
      in Node (e, go kids) end

fun build words = #1 (foldl (fn (w, (t, k)) => (insert (t, explode w, k), k + 1)) (Node (NONE, []), 0) words)

(* naive *)
fun naive words text =
  let val counts = Array.array (length words, 0)
      fun at i = if i >= size text then () else
        (List.foldl (fn (w, k) => (if String.isPrefix w (String.extract (text, i, NONE))
                                   then Array.update (counts, k, Array.sub (counts, k) + 1) else (); k + 1)) 0 words;
         at (i + 1))
  in at 0; Array.foldr op:: [] counts end

(* node code: given text, position, counts; records every keyword ending along the path *)
fun genNode (Node (e, kids)) : [string * int * int array -> unit] =
  let cogen record = (case e of
                          NONE => code (fn (_ : int array) => ())
                        | SOME k => let cogen k' = lift k in code (fn counts => Array.update (counts, k', Array.sub (counts, k') + 1)) end)
      fun branches [] = code (fn (_ : char, _ : string, _ : int, _ : int array) => ())
        | branches ((c, t) :: rest) =
            let cogen c' = lift c cogen sub = genNode t cogen more = branches rest
            in code (fn (ch, s, i, counts) => if ch = c' then sub (s, i + 1, counts) else more (ch, s, i, counts)) end
      cogen br = branches kids
  in code (fn (s, i, counts) =>
       (record counts; if i < size s then br (String.sub (s, i), s, i, counts) else ()))
  end

fun genSearch words : [string -> int list] =
  let cogen root = genNode (build words)
      cogen n = lift (length words)
  in code (fn text =>
       let val counts = Array.array (n, 0)
           val i = ref 0
       in while !i < size text do (root (text, !i, counts); i := !i + 1);
          Array.foldr op:: [] counts
       end)
  end

val keywords = ["he", "she", "his", "hers", "her", "s", "ushers"]
val search = eval (genSearch keywords)
val texts = ["ushers", "she sells sea shells", "", "hishershe", "hhhhh", "sssss"]
fun showCounts cs = String.concatWith " " (ListPair.map (fn (w, c) => w ^ ":" ^ Int.toString c) (keywords, cs))
val _ = app (fn t => let val a = naive keywords t val b = search t
                     in print ("\"" ^ t ^ "\" " ^ showCounts b ^ (if a = b then "" else " NAIVE " ^ showCounts a) ^ "\n") end) texts

(* keywords of a language, over a long generated text *)
val kws = ["fun", "fn", "val", "let", "in", "end", "if", "then", "else", "case", "of"]
val kwSearch = eval (genSearch kws)
val source = String.concat (List.tabulate (60, fn i =>
  if i mod 5 = 0 then "fun f x = if x then y else z\n" else if i mod 5 = 1 then "val v = let in end\n"
  else if i mod 5 = 2 then "case x of _ => fn y => y\n" else "offend tiny theme\n"))
val a = naive kws source
val b = kwSearch source
val _ = print (String.concatWith " " (ListPair.map (fn (w, c) => w ^ ":" ^ Int.toString c) (kws, b))
               ^ (if a = b then " (agrees)" else " (DISAGREES)") ^ "\n")
val _ = print ("repeated: " ^ Int.toString (List.foldl (fn (t, s) => s + foldl op+ 0 (search t)) 0 (List.tabulate (100, fn i => String.substring ("ushershishe", 0, i mod 12)))) ^ "\n")
val empty = eval (genSearch [])
val _ = print ("no keywords: " ^ Int.toString (length (empty "abc")) ^ "\n")
