(* A trie over strings with counts: insert, member, delete with pruning,
   completion by prefix, longest common prefix, and a spelling suggester
   (edit distance 1) walking the trie. Children are sorted association
   lists keyed by char. *)
datatype trie = Node of int * (char * trie) list   (* words ending here, children *)

val empty = Node (0, [])

fun insert (Node (n, kids)) [] = Node (n + 1, kids)
  | insert (Node (n, kids)) (c :: cs) =
      let fun go [] = [(c, insert empty cs)]
            | go ((d, t) :: rest) =
                if c = d then (d, insert t cs) :: rest
                else if c < d then (c, insert empty cs) :: (d, t) :: rest
                else (d, t) :: go rest
      in Node (n, go kids) end

fun find (t as Node _) [] = SOME t
  | find (Node (_, kids)) (c :: cs) =
      case List.find (fn (d, _) => d = c) kids of SOME (_, t) => find t cs | NONE => NONE

fun count t w = case find t (explode w) of SOME (Node (n, _)) => n | NONE => 0

exception NotPresent of string

(* delete one occurrence; prune empty branches; raise if absent *)
fun delete t w =
  let fun del (Node (n, kids)) [] = if n = 0 then raise NotPresent w else Node (n - 1, kids)
        | del (Node (n, kids)) (c :: cs) =
            let fun go [] = raise NotPresent w
                  | go ((d, t) :: rest) =
                      if c = d then (case del t cs of Node (0, []) => rest | t' => (d, t') :: rest)
                      else (d, t) :: go rest
            in Node (n, go kids) end
  in del t (explode w) end

fun words t =
  let fun walk prefix (Node (n, kids)) acc =
        let val acc' = foldr (fn ((c, t), acc) => walk (c :: prefix) t acc) acc kids
        in if n > 0 then implode (rev prefix) :: acc' else acc' end
  in walk [] t [] end

fun complete t p = case find t (explode p) of
    NONE => []
  | SOME sub => map (fn s => p ^ s) (words sub)

fun lcp (Node (0, [(c, t)])) = str c ^ lcp t
  | lcp _ = ""

fun size (Node (n, kids)) = foldl (fn ((_, t), s) => s + size t) 1 kids

(* words within edit distance 1 of w *)
fun near t w =
  let val alphabet = explode "abcdefghijklmnopqrstuvwxyz"
      val cs = explode w
      fun splits (pre, []) = [(rev pre, [])]
        | splits (pre, c :: rest) = (rev pre, c :: rest) :: splits (c :: pre, rest)
      val ss = splits ([], cs)
      val dels = List.mapPartial (fn (a, _ :: b) => SOME (a @ b) | _ => NONE) ss
      val subs = List.concat (map (fn (a, _ :: b) => map (fn x => a @ x :: b) alphabet | _ => []) ss)
      val ins = List.concat (map (fn (a, b) => map (fn x => a @ x :: b) alphabet) ss)
      val swaps = List.mapPartial (fn (a, x :: y :: b) => SOME (a @ y :: x :: b) | _ => NONE) ss
      val cands = map implode (dels @ subs @ ins @ swaps)
      fun uniq [] = [] | uniq (x :: xs) = x :: uniq (List.filter (fn y => y <> x) xs)
  in List.filter (fn c => c <> w andalso count t c > 0) (uniq cands) end

val text = "to be or not to be that is the question whether tis nobler in the mind to suffer the slings and arrows of outrageous fortune or to take arms against a sea of troubles"
val t = foldl (fn (w, t) => insert t (explode w)) empty (String.tokens (fn c => c = #" ") text)
val _ = print ("nodes " ^ Int.toString (size t) ^ ", distinct " ^ Int.toString (length (words t)) ^ "\n")
val _ = app (fn w => print (w ^ ":" ^ Int.toString (count t w) ^ " ")) ["to", "the", "be", "t", "of", "zebra"]
val _ = print "\n"
val _ = app (fn p => print (p ^ "* -> " ^ String.concatWith "," (complete t p) ^ "\n")) ["t", "th", "o", "ar", "x", ""]
val _ = print ("lcp of a*: \"" ^ lcp (valOf (find t [#"a", #"r"])) ^ "\"\n")
val _ = app (fn w => print (w ^ " ~ " ^ String.concatWith "," (near t w) ^ "\n")) ["tho", "bee", "ot", "sae", "fortnue"]
val t2 = foldl (fn (w, t) => delete t w) t ["to", "to", "the", "question", "arrows"]
val _ = print ("after deletes: to=" ^ Int.toString (count t2 "to") ^ " the=" ^ Int.toString (count t2 "the")
               ^ " nodes " ^ Int.toString (size t2) ^ " q* -> [" ^ String.concatWith "," (complete t2 "q") ^ "]\n")
val _ = (delete t2 "question"; print "deleted twice?\n") handle NotPresent w => print ("not present: " ^ w ^ "\n")
val _ = (delete t2 "th"; print "deleted prefix?\n") handle NotPresent w => print ("not present: " ^ w ^ "\n")
val t3 = foldl (fn (w, t) => delete t w) t2 (String.tokens (fn c => c = #" ") "be or not be that is the whether tis nobler in the mind to suffer slings and of outrageous fortune or to take arms against a sea of troubles")
val _ = print ("finally: " ^ String.concatWith "," (words t3) ^ " nodes " ^ Int.toString (size t3) ^ "\n")
val _ = delete t3 "to"
