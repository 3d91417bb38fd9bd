(* A trie of strings keyed by characters (children kept sorted in a list), with insertion
   counting duplicates, deletion that prunes empty branches, prefix completion in order, the
   longest common prefix, and structural equality between tries built in different orders *)
datatype trie = Node of int * (char * trie) list

val empty = Node (0, [])

fun insert (Node (n, kids), s, i) =
    if i = size s then Node (n + 1, kids)
    else
      let val c = String.sub (s, i)
          fun ins [] = [(c, insert (empty, s, i + 1))]
            | ins ((k, t) :: rest) =
              if k = c then (k, insert (t, s, i + 1)) :: rest
              else if k > c then (c, insert (empty, s, i + 1)) :: (k, t) :: rest
              else (k, t) :: ins rest
      in Node (n, ins kids) end

fun add (t, s) = insert (t, s, 0)

fun count (Node (n, kids), s, i) =
    if i = size s then n
    else case List.find (fn (k, _) => k = String.sub (s, i)) kids of
             SOME (_, t) => count (t, s, i + 1)
           | NONE => 0

exception Absent of string

(* removes one occurrence; raises Absent if there is none *)
fun delete (t, s) =
    let fun del (Node (n, kids), i) =
            if i = size s then (if n = 0 then raise Absent s else Node (n - 1, kids))
            else
              let val c = String.sub (s, i)
                  fun go [] = raise Absent s
                    | go ((k, sub) :: rest) =
                      if k = c then
                        (case del (sub, i + 1) of
                             Node (0, []) => rest
                           | sub' => (k, sub') :: rest)
                      else (k, sub) :: go rest
              in Node (n, go kids) end
    in del (t, 0) end

fun words (Node (n, kids), prefix) =
    List.tabulate (n, fn _ => prefix) @ List.concat (map (fn (c, t) => words (t, prefix ^ str c)) kids)

fun complete (t, prefix) =
    let fun walk (t, i) =
            if i = size prefix then SOME t
            else let val Node (_, kids) = t
                 in case List.find (fn (k, _) => k = String.sub (prefix, i)) kids of
                        SOME (_, sub) => walk (sub, i + 1)
                      | NONE => NONE
                 end
    in case walk (t, 0) of SOME sub => words (sub, prefix) | NONE => [] end

fun lcp (Node (0, [(c, t)])) = str c ^ lcp t
  | lcp _ = ""

fun size' (Node (n, kids)) = foldl (fn ((_, t), acc) => acc + size' t) 1 kids

val dictionary = ["car", "card", "care", "careful", "cart", "cat", "dog", "do", "dot", "", "car", "zebra", "carton", "d"]
val t = foldl (fn (w, t) => add (t, w)) empty dictionary
val t' = foldr (fn (w, t) => add (t, w)) empty dictionary
fun show s = print (s ^ "\n")
fun showList l = "[" ^ String.concatWith "," (map (fn w => "\"" ^ w ^ "\"") l) ^ "]"

val _ = show ("all: " ^ showList (words (t, "")))
val _ = show ("same trie from either order: " ^ Bool.toString (t = t'))
val _ = show ("nodes: " ^ Int.toString (size' t))
val _ = List.app (fn p => show ("complete " ^ p ^ ": " ^ showList (complete (t, p)))) ["car", "ca", "do", "x", "", "careful", "carefully"]
val _ = List.app (fn w => show ("count " ^ w ^ ": " ^ Int.toString (count (t, w, 0)))) ["car", "ca", "", "zebra", "zebras"]
val t2 = delete (t, "car")
val _ = show ("after one delete of car: " ^ Int.toString (count (t2, "car", 0)) ^ ", equal to t: " ^ Bool.toString (t2 = t))
val t3 = delete (delete (t2, "car"), "careful")
val _ = show ("completions of care: " ^ showList (complete (t3, "care")) ^ ", nodes " ^ Int.toString (size' t3))
val _ = (ignore (delete (t3, "car")); show "deleted") handle Absent w => show ("absent: " ^ w)
val _ = (ignore (delete (t3, "cow")); show "deleted") handle Absent w => show ("absent: " ^ w)
val single = foldl (fn (w, t) => add (t, w)) empty ["interstellar", "internet", "interval", "internal"]
val _ = show ("lcp: " ^ lcp single)
val _ = show ("lcp one word: " ^ lcp (add (empty, "solo")))
val rebuilt = foldl (fn (w, t) => add (t, w)) empty (words (t, ""))
val _ = show ("rebuilt from its words equals it: " ^ Bool.toString (rebuilt = t))
val emptied = foldl (fn (w, t) => delete (t, w)) t dictionary
val _ = show ("deleting every word leaves the empty trie: " ^ Bool.toString (emptied = empty))
