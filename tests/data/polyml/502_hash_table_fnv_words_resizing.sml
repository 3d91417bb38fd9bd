(* A polymorphic hash table over an array of buckets (lists), keyed by
   strings hashed with FNV-1a on words (wrapping multiplication), growing
   when the load factor passes 2. Then word counting, removal and
   statistics of the bucket lengths. *)
fun fnv s =
  CharVector.foldl (fn (c, h) => Word.xorb (h, Word.fromInt (ord c)) * 0w1099511628211) 0wx4BF29CE484222325 s
  handle Overflow => 0w0

type 'a table = (string * 'a ref) list array ref * int ref

fun create n : 'a table = (ref (Array.array (n, [])), ref 0)
fun index (arr, s) = Word.toInt (Word.mod (fnv s, Word.fromInt (Array.length arr)))

fun lookup ((t, _) : 'a table) k =
  let val arr = !t
  in case List.find (fn (k', _) => k = k') (Array.sub (arr, index (arr, k))) of
         SOME (_, r) => SOME (!r) | NONE => NONE end

fun resize ((t, _) : 'a table) =
  let val old = !t
      val arr = Array.array (Array.length old * 2 + 1, [])
  in Array.app (List.app (fn (e as (k, _)) => let val i = index (arr, k) in Array.update (arr, i, e :: Array.sub (arr, i)) end)) old;
     t := arr
  end

fun insert (tab as (t, n) : 'a table) (k, v) =
  let val arr = !t val i = index (arr, k)
  in case List.find (fn (k', _) => k = k') (Array.sub (arr, i)) of
         SOME (_, r) => r := v
       | NONE => (Array.update (arr, i, (k, ref v) :: Array.sub (arr, i)); n := !n + 1;
                  if !n > 2 * Array.length arr then resize tab else ())
  end

fun remove ((t, n) : 'a table) k =
  let val arr = !t val i = index (arr, k)
      val (gone, kept) = List.partition (fn (k', _) => k = k') (Array.sub (arr, i))
  in Array.update (arr, i, kept); n := !n - length gone; not (null gone) end

fun toSorted ((t, _) : 'a table) =
  let val all = Array.foldr (fn (b, acc) => map (fn (k, r) => (k, !r)) b @ acc) [] (!t)
      fun ins (x, []) = [x]
        | ins (x as (k, _), (y as (k', _)) :: ys) = if k <= k' then x :: y :: ys else y :: ins (x, ys)
  in foldl ins [] all end

val _ = print ("fnv \"\" = " ^ Word.toString (fnv "") ^ ", fnv a = " ^ Word.toString (fnv "a")
               ^ ", fnv foobar = " ^ Word.toString (fnv "foobar") ^ "\n")
val _ = print ("wordSize " ^ Int.toString Word.wordSize ^ "\n")

val text = "it was the best of times it was the worst of times it was the age of wisdom it was the age of foolishness it was the epoch of belief it was the epoch of incredulity it was the season of light it was the season of darkness"
val t : int table = create 1
val _ = app (fn w => insert t (w, getOpt (lookup t w, 0) + 1)) (String.tokens Char.isSpace text)
val _ = print ("entries " ^ Int.toString (!(#2 t)) ^ ", buckets " ^ Int.toString (Array.length (!(#1 t))) ^ "\n")
val _ = print (String.concatWith " " (map (fn (k, v) => k ^ ":" ^ Int.toString v) (toSorted t)) ^ "\n")
val lens = Array.foldl (fn (b, acc) => length b :: acc) [] (!(#1 t))
val _ = print ("longest bucket " ^ Int.toString (foldl Int.max 0 lens) ^ ", empty buckets "
               ^ Int.toString (length (List.filter (fn n => n = 0) lens)) ^ "\n")
val _ = print ("remove was: " ^ Bool.toString (remove t "was") ^ ", again: " ^ Bool.toString (remove t "was")
               ^ ", lookup was: " ^ (case lookup t "was" of NONE => "none" | SOME n => Int.toString n) ^ "\n")

(* a table of functions, applied in key order *)
val ops : (int -> int) table = create 4
val _ = app (insert ops) [("double", fn x => 2 * x), ("square", fn x => x * x), ("neg", ~), ("succ", fn x => x + 1)]
val _ = insert ops ("double", fn x => x + x + 1)
val _ = print (String.concatWith " " (map (fn (k, f) => k ^ "(7)=" ^ Int.toString (f 7)) (toSorted ops)) ^ "\n")

(* many keys: the table keeps growing *)
val big : int table = create 3
val _ = List.app (fn i => insert big ("k" ^ Int.toString i, i * i)) (List.tabulate (5000, fn i => i))
val _ = print ("big: " ^ Int.toString (!(#2 big)) ^ " entries in " ^ Int.toString (Array.length (!(#1 big))) ^ " buckets, k4999="
               ^ Int.toString (valOf (lookup big "k4999")) ^ ", sum "
               ^ Int.toString (List.foldl (fn (i, s) => s + valOf (lookup big ("k" ^ Int.toString i))) 0 (List.tabulate (5000, fn i => i))) ^ "\n")
