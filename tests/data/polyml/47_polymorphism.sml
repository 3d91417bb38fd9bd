(* Let-polymorphism and generalisation: polymorphic functions used at
   several types, polymorphic datatypes and their functions, polymorphic
   recursion through lists of lists, equality polymorphism, identity and
   composition of polymorphic functions *)
fun p s = print (s ^ "\n")
fun i n = Int.toString n
fun id x = x
fun pair x = (x, x)
val _ = p (i (id 1) ^ id "a" ^ (if id true then "T" else "F") ^ (case pair 2 of (a, b) => i (a + b)))
fun length' [] = 0 | length' (_ :: r) = 1 + length' r
val _ = p (i (length' [1, 2]) ^ i (length' ["a"]) ^ i (length' [[1], [2], []]) ^ i (length' ([] : unit list)))
fun mapP f [] = [] | mapP f (x :: r) = f x :: mapP f r
val _ = p (String.concat (mapP i (mapP size ["ab", "c", ""])))
fun zip ([], _) = [] | zip (_, []) = [] | zip (x :: r, y :: s) = (x, y) :: zip (r, s)
fun unzip [] = ([], []) | unzip ((a, b) :: r) = let val (xs, ys) = unzip r in (a :: xs, b :: ys) end
val z = zip ([1, 2, 3], ["one", "two"])
val (nums, names) = unzip z
val _ = p (String.concat (map i nums) ^ String.concat names)
datatype 'a queue = Q of 'a list * 'a list
val empty = Q ([], [])
fun enqueue (Q (f, b), x) = Q (f, x :: b)
fun dequeue (Q ([], [])) = NONE
  | dequeue (Q ([], b)) = dequeue (Q (rev b, []))
  | dequeue (Q (x :: f, b)) = SOME (x, Q (f, b))
fun drain q = case dequeue q of NONE => [] | SOME (x, q') => x :: drain q'
val qi = foldl (fn (x, q) => enqueue (q, x)) empty [1, 2, 3]
val qs = foldl (fn (x, q) => enqueue (q, x)) empty ["x", "y"]
val _ = p (String.concat (map i (drain qi)) ^ String.concat (drain qs))
val _ = p (case dequeue (enqueue (empty, 5)) of SOME (v, rest) => i v ^ (case dequeue rest of NONE => " then empty" | _ => "?") | NONE => "?")
fun flatten xss = foldr (op @) [] xss
val _ = p (i (length (flatten [[1, 2], [3]])) ^ i (length (flatten [["a"], [], ["b", "c"]])) ^ i (length (flatten [[[1]], [[2], [3]]])))
fun assoc (k, []) = NONE | assoc (k, (k', v) :: r) = if k = k' then SOME v else assoc (k, r)
val _ = p ((case assoc ("b", [("a", 1), ("b", 2)]) of SOME v => i v | NONE => "none") ^ " " ^
           (case assoc (2, [(1, "x"), (2, "y")]) of SOME v => v | NONE => "none") ^ " " ^
           (case assoc ([1], [([1], true)]) of SOME true => "list key" | _ => "none"))
val applyAll = fn fs => fn x => map (fn f => f x) fs
val _ = p (String.concat (applyAll [fn s => s ^ "1", fn s => "2" ^ s] "x") ^ i (foldl op + 0 (applyAll [fn n => n, fn n => n * n] 7)))
fun swap (a, b) = (b, a)
val _ = p (case (swap (1, "s"), swap ("t", 2)) of ((s, n), (m, t)) => s ^ t ^ i (n + m))
val lengths = let fun len l = length l in (len [1], len ["a", "b"], len [[], [], []]) end
val _ = p (case lengths of (a, b, c) => i a ^ i b ^ i c)
fun fold f z [] = z | fold f z (x :: r) = fold f (f (z, x)) r
val _ = p (i (fold (op +) 0 [1, 2, 3]) ^ fold (op ^) "" ["a", "b"] ^ i (fold (fn (n, s) => n + size s) 0 ["ab", "cde"]))
datatype ('a, 'b) either = Left of 'a | Right of 'b
fun lefts [] = [] | lefts (Left a :: r) = a :: lefts r | lefts (Right _ :: r) = lefts r
val mixed = [Left 1, Right "a", Left 2, Right "b"]
val _ = p (String.concat (map i (lefts mixed)) ^ i (length (lefts [Right 1, Right 2] : string list)))
fun const a _ = a
val _ = p (const "c" 1 ^ i (const 2 "x"))
fun dup x = [x, x]
val _ = p (i (length (dup (dup (dup 1)))) ^ i (length (List.map dup [1, 2, 3])))
