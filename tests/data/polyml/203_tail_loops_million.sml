(* Loops of a million steps in constant stack: a tail-recursive counter
   with a tuple accumulator, mutual tail recursion between two functions,
   a loop whose step goes through a `case` and an `if` in tail position,
   a local loop inside a let, a while loop over refs, and a loop whose
   body handles an exception each step (the handler is inside, so the
   recursive call is still a tail call). *)
fun pr s = print (s ^ "\n")
val n = 1000000

fun sumSquares (i, acc, odd) =
  if i > n then (acc, odd)
  else sumSquares (i + 1, (acc + i * i) mod 1000000007, if i mod 2 = 1 then odd + 1 else odd)
val (s, odd) = sumSquares (1, 0, 0)
val () = pr ("sum of squares mod p " ^ Int.toString s ^ ", odd " ^ Int.toString odd)

fun isEven 0 = true
  | isEven k = isOdd (k - 1)
and isOdd 0 = false
  | isOdd k = isEven (k - 1)
val () = pr ("even " ^ Bool.toString (isEven n) ^ ", odd " ^ Bool.toString (isOdd (n + 1)))

datatype step = Up of int | Down of int | Stop
fun next i = if i >= n then Stop else if i mod 3 = 0 then Up 2 else Down 1
fun walk (i, pos, maxPos) =
  case next i of
      Stop => (pos, maxPos)
    | Up k => walk (i + 1, pos + k, if pos + k > maxPos then pos + k else maxPos)
    | Down k => if pos - k < ~5 then walk (i + 1, 0, maxPos) else walk (i + 1, pos - k, maxPos)
val (pos, maxPos) = walk (0, 0, 0)
val () = pr ("walk ends at " ^ Int.toString pos ^ ", max " ^ Int.toString maxPos)

val collatzSteps =
  let fun steps (1, count) = count
        | steps (m, count) = steps (if m mod 2 = 0 then m div 2 else 3 * m + 1, count + 1)
      fun longest (k, best, bestK) =
        if k > 10000 then (bestK, best)
        else let val c = steps (k, 0) in
               if c > best then longest (k + 1, c, k) else longest (k + 1, best, bestK) end
  in longest (1, 0, 1) end
val () = case collatzSteps of (k, c) => pr ("longest collatz below 10000: " ^ Int.toString k ^ " with " ^ Int.toString c ^ " steps")

val counter = ref 0
val hash = ref 0w0
val () = while !counter < n do
           (hash := Word.xorb (Word.* (!hash, 0w31), Word.fromInt (!counter));
            counter := !counter + 1)
val () = pr ("word hash " ^ Word.toString (!hash) ^ " after " ^ Int.toString (!counter))

(* a handler inside the loop body: each step may fail, the loop goes on *)
fun safeDiv (a, b) = SOME (a div b) handle Div => NONE
fun countFailures (i, fails, total) =
  if i = n then (fails, total)
  else case safeDiv (i, i mod 7) of
           NONE => countFailures (i + 1, fails + 1, total)
         | SOME q => countFailures (i + 1, fails, (total + q) mod 1000003)
val (fails, total) = countFailures (0, 0, 0)
val () = pr ("division failures " ^ Int.toString fails ^ ", total " ^ Int.toString total)

(* a loop carrying a list it builds, then consumed by another loop *)
fun build (0, acc) = acc
  | build (k, acc) = build (k - 1, (k mod 10) :: acc)
fun digitsSum ([], sum) = sum
  | digitsSum (d :: rest, sum) = digitsSum (rest, sum + d)
val big = build (n, [])
val () = pr ("length " ^ Int.toString (length big) ^ ", sum " ^ Int.toString (digitsSum (big, 0)))
val () = pr ("foldl " ^ Int.toString (foldl (fn (d, a) => a + d * d) 0 big) ^
             ", rev head " ^ Int.toString (hd (rev big)))
