(* Polymorphic containers: an association map parameterised by a key
   comparison, a polymorphic stack with an exception, a set on equality
   types (''a), a two-parameter datatype (either), explicit type
   variables in annotations, type abbreviations with parameters, and
   containers of functions. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type ('k, 'v) map = ('k * 'k -> order) * ('k * 'v) list
fun emptyMap cmp : ('k, 'v) map = (cmp, [])
fun insert ((cmp, kvs) : ('k, 'v) map, k, v) : ('k, 'v) map =
    let fun go [] = [(k, v)]
          | go ((k', v') :: rest) =
              (case cmp (k, k') of
                   LESS => (k, v) :: (k', v') :: rest
                 | EQUAL => (k, v) :: rest
                 | GREATER => (k', v') :: go rest)
    in (cmp, go kvs) end
fun find ((cmp, kvs) : ('k, 'v) map, k) =
    case List.find (fn (k', _) => cmp (k, k') = EQUAL) kvs of SOME (_, v) => SOME v | NONE => NONE
fun keys ((_, kvs) : ('k, 'v) map) = map #1 kvs

val m1 = foldl (fn ((k, v), m) => insert (m, k, v)) (emptyMap Int.compare) [(5, "five"), (1, "one"), (3, "three"), (1, "uno")]
val _ = pr ("int keys: " ^ String.concatWith " " (map pi (keys m1)) ^ "; find 1 = " ^ getOpt (find (m1, 1), "-") ^ "; find 2 = " ^ getOpt (find (m1, 2), "-"))
val m2 = foldl (fn ((k, v), m) => insert (m, k, v)) (emptyMap String.compare) [("pear", 3), ("apple", 7), ("fig", 1)]
val _ = pr ("string keys: " ^ String.concatWith " " (keys m2) ^ "; apple = " ^ pi (getOpt (find (m2, "apple"), 0)))
fun revCmp cmp (a, b) = cmp (b, a)
val m3 = foldl (fn (k, m) => insert (m, k, k * k)) (emptyMap (revCmp Int.compare)) [4, 9, 2, 7]
val _ = pr ("reversed keys: " ^ String.concatWith " " (map pi (keys m3)))

exception StackEmpty of string
datatype 'a stack = Stack of 'a list * int
val emptyStack = Stack ([], 0)
fun push (Stack (xs, n), x) = Stack (x :: xs, n + 1)
fun pop (Stack ([], _)) = raise StackEmpty "pop"
  | pop (Stack (x :: xs, n)) = (x, Stack (xs, n - 1))
fun depth (Stack (_, n)) = n
val st = push (push (push (emptyStack, "a"), "b"), "c")
val (top, st') = pop st
val _ = pr ("popped " ^ top ^ ", depth " ^ pi (depth st') ^ " (was " ^ pi (depth st) ^ ")")
val _ = pr ("pop empty: " ^ ((#1 (pop (Stack ([] : int list, 0))); "?") handle StackEmpty w => "StackEmpty " ^ w))
val fnStack = push (push (emptyStack, fn x => x + 1), fn x => x * 10)
val (f1, fnStack') = pop fnStack
val (f2, _) = pop fnStack'
val _ = pr ("function stack: " ^ pi (f1 (f2 4)) ^ " " ^ pi (f2 (f1 4)))

(* sets on equality types *)
fun member (x : ''a, s) = List.exists (fn y => y = x) s
fun add (x, s) = if member (x, s) then s else x :: s
fun union (s, t) = foldl add t s
fun inter (s, t) = List.filter (fn x => member (x, t)) s
val s1 = foldl add [] [1, 2, 3, 2, 1]
val s2 = foldl add [] [2, 3, 4]
val _ = pr ("union " ^ String.concatWith "," (map pi (union (s1, s2))) ^ " inter " ^ String.concatWith "," (map pi (inter (s1, s2))))
val cs = foldl add [] (explode "mississippi")
val _ = pr ("letters of mississippi: " ^ implode (rev cs))
val ps = foldl add [] [(1, "a"), (2, "b"), (1, "a"), (1, "b")]
val _ = pr ("pairs: " ^ pi (length ps))
val ls = foldl add [] [[1], [], [1], [2, 3], []]
val _ = pr ("lists: " ^ pi (length ls))

datatype ('a, 'b) either = Left of 'a | Right of 'b
fun partitionE xs = foldr (fn (Left a, (ls, rs)) => (a :: ls, rs) | (Right b, (ls, rs)) => (ls, b :: rs)) ([], []) xs
val (lefts, rights) = partitionE [Left 1, Right "x", Left 2, Right "y", Right "z"]
val _ = pr ("either: " ^ String.concatWith "," (map pi lefts) ^ " / " ^ String.concatWith "," rights)
fun mapE (f, g) (Left a) = Left (f a)
  | mapE (f, g) (Right b) = Right (g b)
val _ = pr ("mapE: " ^ (case mapE (pi, size) (Left 42 : (int, string) either) of Left s => "Left " ^ s | Right n => "Right " ^ pi n))

(* explicit type variables *)
fun 'a twice (f : 'a -> 'a) (x : 'a) : 'a = f (f x)
val _ = pr ("twice: " ^ pi (twice (fn n => n * 3) 2) ^ " " ^ twice (fn s => s ^ s) "ab")
val cache : (int * string) list ref = ref []
val _ = cache := (1, "one") :: !cache
val _ = pr ("cache size " ^ pi (length (!cache)))
fun pairMap (f : 'a -> 'b) ((x, y) : 'a * 'a) : 'b * 'b = (f x, f y)
val (q1, q2) = pairMap size ("abc", "de")
val _ = pr ("pairMap: " ^ pi q1 ^ " " ^ pi q2)
