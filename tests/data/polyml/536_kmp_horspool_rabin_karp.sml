(* Substring search three ways: KMP with a failure array, Horspool with a
   shift table, Rabin-Karp with a Word rolling hash; all must agree. *)
fun naive (pat, text) =
  let val m = size pat val n = size text
  in List.filter (fn i => String.substring (text, i, m) = pat) (List.tabulate (Int.max (n - m + 1, 0), fn i => i)) end

fun kmp (pat, text) =
  let val m = size pat
      val fail = Array.array (m + 1, ~1)
      fun build (i, k) =
        if i >= m then ()
        else if k >= 0 andalso String.sub (pat, k) <> String.sub (pat, i)
        then build (i, Array.sub (fail, k))
        else (Array.update (fail, i + 1, k + 1); build (i + 1, k + 1))
      val _ = if m > 0 then build (0, ~1) else ()
      fun scan (i, k, acc) =
        if k = m then scan (i, Array.sub (fail, k), (i - m) :: acc)
        else if i >= size text then rev acc
        else if k >= 0 andalso String.sub (pat, k) <> String.sub (text, i) then scan (i, Array.sub (fail, k), acc)
        else scan (i + 1, k + 1, acc)
  in if m = 0 then List.tabulate (size text + 1, fn i => i) else scan (0, 0, []) end

fun horspool (pat, text) =
  let val m = size pat val n = size text
      val shift = Array.array (256, m)
      val _ = List.app (fn i => Array.update (shift, ord (String.sub (pat, i)), m - 1 - i)) (List.tabulate (Int.max (m - 1, 0), fn i => i))
      fun matches (i, j) = j < 0 orelse (String.sub (text, i + j) = String.sub (pat, j) andalso matches (i, j - 1))
      fun go (i, acc) =
        if i > n - m then rev acc
        else go (i + Array.sub (shift, ord (String.sub (text, i + m - 1))), if matches (i, m - 1) then i :: acc else acc)
  in if m = 0 then List.tabulate (n + 1, fn i => i) else go (0, []) end

val base = 0w257
val modulus = 0w1000000007
fun rabinKarp (pat, text) =
  let val m = size pat val n = size text
      fun hash s = CharVector.foldl (fn (c, h) => (h * base + Word.fromInt (ord c)) mod modulus) 0w0 s
      fun pow (b, k) = if k <= 0 then 0w1 else (b * pow (b, k - 1)) mod modulus
      val high = pow (base, m - 1)
      val hp = hash pat
      fun roll (h, out, inc) =
        ((h + modulus - (Word.fromInt (ord out) * high) mod modulus) * base + Word.fromInt (ord inc)) mod modulus
      fun go (i, h, acc) =
        let val acc = if h = hp andalso String.substring (text, i, m) = pat then i :: acc else acc
        in if i + m >= n then rev acc else go (i + 1, roll (h, String.sub (text, i), String.sub (text, i + m)), acc) end
  in if m > n then [] else if m = 0 then List.tabulate (n + 1, fn i => i) else go (0, hash (String.substring (text, 0, m)), []) end

fun show xs = "[" ^ String.concatWith "," (map Int.toString xs) ^ "]"
val text = "abracadabra abracadabra; aaaaab aabaabaab"
val cases = ["abra", "a", "aab", "aaaa", "cad", "zzz", "", "abracadabra abracadabra; aaaaab aabaabaab", "b aab", "abaab"]
val _ = List.app (fn p =>
          let val r = naive (p, text)
              val agree = kmp (p, text) = r andalso horspool (p, text) = r andalso rabinKarp (p, text) = r
          in print (StringCvt.padRight #" " 12 (if size p > 10 then String.substring (p, 0, 9) ^ ".." else "\"" ^ p ^ "\"")
                    ^ (if agree then "" else "DISAGREE ") ^ show r ^ "\n") end) cases
val _ = print (show (kmp ("aa", "aaaaa")) ^ show (horspool ("aa", "aaaaa")) ^ show (rabinKarp ("long pattern", "short")) ^ "\n")
val _ = print (Word.fmt StringCvt.HEX (CharVector.foldl (fn (c, h) => (h * base + Word.fromInt (ord c)) mod modulus) 0w0 text) ^ "\n")
