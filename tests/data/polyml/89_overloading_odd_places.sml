(* Overloaded operators in odd places: inside datatype constructor
   arguments, handlers, case arms, let-bound functions, tuples and lists,
   sections (op +), comparisons on strings and chars, resolved by a later
   use within the same top-level declaration sequence or defaulting to int
   at a semicolon *)
fun p s = print (s ^ "\n")
fun w x = Word.toString x
fun i n = Int.toString n
datatype 'a box = Box of 'a
(* the word use on the next declaration fixes the type of add *)
fun add (a, b) = a + b
val sumW = add (0w40, 0w2)
val _ = p (w sumW);
(* a semicolon first: the default int applies *)
fun mul (a, b) = a * b;
val _ = p (i (mul (6, 7)))
(* overloading inside constructor arguments and case arms *)
val boxed = Box (0w3 * 0w5)
val _ = p (case boxed of Box x => w (x + 0w1))
val pick = fn (Box a, Box b) => if a < b then b - a else a - b
val _ = p (i (pick (Box 3, Box 10)));
val pickW = fn (Box a, Box b) => if a < b then b - a else a - b
val _ = p (w (pickW (Box 0w3, Box 0w10)));
(* in a handler *)
val safe = fn (x, y) => (x div y) handle Div => x mod 1
val _ = p (i (safe (7, 0)) ^ " " ^ i (safe (7, 2)));
(* sections and folds *)
val total = foldl (op +) 0w0 [0w1, 0w2, 0w3]
val itotal = foldl (op +) 0 [1, 2, 3]
val prod = foldr (op * ) 0w1 [0w2, 0w3, 0w7]
val _ = p (w total ^ " " ^ i itotal ^ " " ^ w prod);
(* comparisons on strings and chars *)
fun maxOf (x, y) = if x > y then x else y
val longest = foldl maxOf "" ["pear", "zebra", "apple"]
val _ = p longest;
fun minOf (x, y) = if x < y then x else y
val smallest = foldl minOf #"z" (explode "overloading")
val _ = p (str smallest);
(* a let-bound function used at one type inside *)
val r = let fun sq x = x * x in sq 0w12 end
val _ = p (w r);
val r2 = let fun sq x = x * x in sq 12 end
val _ = p (i r2);
(* tuples and lists of overloaded expressions with one anchor *)
val triple = (1 + 2, 0w1 + 0w2, "a" < "b")
val _ = p (case triple of (a, b, c) => i a ^ " " ^ w b ^ " " ^ (if c then "lt" else "ge"));
val mixed = [fn x => x + 0w1, fn x => x * 0w2, fn x => x - 0w3]
val _ = p (String.concatWith " " (map (fn f => w (f 0w10)) mixed));
(* ~ and abs are int-only; word negation needs 0w0 - x *)
val _ = p (i (~ (abs ~5)) ^ " " ^ w (0w0 - 0w1));
(* comparisons in a sort, anchored by the data *)
fun insert (x, []) = [x] | insert (x, y :: ys) = if x <= y then x :: y :: ys else y :: insert (x, ys)
fun sort xs = foldl insert [] xs
val sortedW = sort [0w3, 0w1, 0w2]
val _ = p (String.concatWith " " (map w sortedW));
fun insertS (x, []) = [x] | insertS (x, y :: ys) = if x <= y then x :: y :: ys else y :: insertS (x, ys)
val sortedS = foldl insertS [] ["b", "", "a", "ab"]
val _ = p (String.concatWith "," sortedS);
(* Int.fromString anchors nothing: mixing with a word later is a separate declaration *)
val n = valOf (Int.fromString "41") + 1
val _ = p (i n)
