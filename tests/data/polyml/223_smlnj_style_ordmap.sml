(* A finite map as an unbalanced binary search tree, shaped like the SML/NJ
   Library's ORD_MAP (insert, find, remove, foldli, listItemsi, unionWith)
   with the ORD_KEY structure replaced by an explicit compare function
   carried in the map value; used for a word-frequency count. *)

datatype ('k, 'v) tree = LEAF | NODE of ('k, 'v) tree * 'k * 'v * ('k, 'v) tree
type ('k, 'v) map = ('k * 'k -> order) * ('k, 'v) tree

fun empty cmp : ('k, 'v) map = (cmp, LEAF)

fun insert ((cmp, t) : ('k, 'v) map, k, v) : ('k, 'v) map =
  let
    fun ins LEAF = NODE (LEAF, k, v, LEAF)
      | ins (NODE (l, k', v', r)) =
          case cmp (k, k') of
              LESS => NODE (ins l, k', v', r)
            | GREATER => NODE (l, k', v', ins r)
            | EQUAL => NODE (l, k, v, r)
  in (cmp, ins t) end

fun find ((cmp, t) : ('k, 'v) map, k) =
  let
    fun look LEAF = NONE
      | look (NODE (l, k', v, r)) =
          (case cmp (k, k') of
               LESS => look l
             | GREATER => look r
             | EQUAL => SOME v)
  in look t end

exception NotFound

fun remove ((cmp, t) : ('k, 'v) map, k) =
  let
    fun leftmost (NODE (LEAF, k, v, r)) = (k, v, r)
      | leftmost (NODE (l, k, v, r)) =
          let val (k', v', l') = leftmost l in (k', v', NODE (l', k, v, r)) end
      | leftmost LEAF = raise NotFound
    fun rem LEAF = raise NotFound
      | rem (NODE (l, k', v, r)) =
          case cmp (k, k') of
              LESS => let val (l', x) = rem l in (NODE (l', k', v, r), x) end
            | GREATER => let val (r', x) = rem r in (NODE (l, k', v, r'), x) end
            | EQUAL =>
                (case (l, r) of
                     (LEAF, _) => (r, v)
                   | (_, LEAF) => (l, v)
                   | _ => let val (k2, v2, r') = leftmost r in (NODE (l, k2, v2, r'), v) end)
    val (t', v) = rem t
  in ((cmp, t'), v) end

fun foldli f init ((_, t) : ('k, 'v) map) =
  let fun fold (LEAF, acc) = acc
        | fold (NODE (l, k, v, r), acc) = fold (r, f (k, v, fold (l, acc)))
  in fold (t, init) end

fun listItemsi m = rev (foldli (fn (k, v, acc) => (k, v) :: acc) [] m)
fun numItems m = foldli (fn (_, _, n) => n + 1) 0 m

fun unionWith f (m1 as (cmp, _), m2) =
  foldli (fn (k, v, acc) =>
            case find (acc, k) of
                NONE => insert (acc, k, v)
              | SOME v' => insert (acc, k, f (v', v))) m1 m2

val text = "it was the best of times it was the worst of times \
           \it was the age of wisdom it was the age of foolishness"

fun count words =
  foldl (fn (w, m) => insert (m, w, 1 + getOpt (find (m, w), 0))) (empty String.compare) words

val m1 = count (String.tokens Char.isSpace text)
val _ = app (fn (w, n) => print (w ^ "=" ^ Int.toString n ^ " ")) (listItemsi m1)
val _ = print ("\n" ^ Int.toString (numItems m1) ^ " distinct words\n")

val m2 = count ["times", "times", "new", "age"]
val m3 = unionWith op+ (m1, m2)
val _ = print (String.concatWith "," (map (fn (w, n) => w ^ ":" ^ Int.toString n)
                                        (List.filter (fn (_, n) => n > 2) (listItemsi m3))) ^ "\n")

val (m4, old) = remove (m3, "it")
val _ = print ("removed it=" ^ Int.toString old ^ ", left " ^ Int.toString (numItems m4)
               ^ ", find it: " ^ (case find (m4, "it") of NONE => "none" | SOME n => Int.toString n) ^ "\n")

(* keys in descending order: a map with the reversed comparison *)
val byLength = foldl (fn ((w, n), m) => insert (m, (size w, w), n))
                     (empty (fn ((a, s), (b, t)) => case Int.compare (b, a) of
                                                        EQUAL => String.compare (s, t)
                                                      | ord => ord))
                     (listItemsi m1)
val _ = print (String.concatWith " " (map (fn ((_, w), _) => w) (List.take (listItemsi byLength, 5))) ^ "\n")
val _ = remove (m4, "it")
