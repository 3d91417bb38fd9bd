(* The prelude: the values of the basis (mlbox/basis.py) implemented in ML.
   It is compiled once per process, before every program, into the global
   slots after the built-in exceptions; a basis name marked ("prelude",)
   refers to the global of its definition here.

   Naming: a qualified basis name is written with its dot replaced by an
   underscore (List.filter is List_filter, Int.max is Int_max). Names that
   are not identifiers are spelt out (mlbox/driver.py PRELUDE_NAMES):
       @        append
       o        compose
       before   before_
       List.@   append
       Word.~   Word_neg
   Everything else has its basis name. The semantics, exceptions included,
   are SML's Basis Library ones (checked against Poly/ML 5.7 by
   the programs 70 to 76 of tests/data/polyml). Within this file a basis name defined
   here is only reachable under its prelude name, so a definition uses the
   earlier ones as List_filter, not List.filter. Helpers that are not basis
   names stay inside `local`.

   Each top-level definition costs every program about 3 reductions at
   start-up (the closure and its global). *)

fun not true = false
  | not false = true

(* xs @ [] is xs itself, at once, as in Poly/ML: a loop that appends an
   empty list to a long accumulator stays linear there, and here too. *)
fun append (xs, []) = xs
  | append (xs, ys) =
    let fun onto [] = ys
          | onto (x :: rest) = x :: onto rest
    in onto xs end

fun length l =
    let fun count ([], n) = n
          | count (_ :: xs, n) = count (xs, n + 1)
    in count (l, 0) end

fun rev l =
    let fun onto ([], acc) = acc
          | onto (x :: xs, acc) = onto (xs, x :: acc)
    in onto (l, []) end

fun map f [] = []
  | map f (x :: xs) = f x :: map f xs

fun app f [] = ()
  | app f (x :: xs) = (f x; app f xs)

fun foldl f acc [] = acc
  | foldl f acc (x :: xs) = foldl f (f (x, acc)) xs

fun foldr f acc [] = acc
  | foldr f acc (x :: xs) = f (x, foldr f acc xs)

fun hd (x :: _) = x
  | hd [] = raise Empty

fun tl (_ :: xs) = xs
  | tl [] = raise Empty

fun null [] = true
  | null _ = false

fun compose (f, g) = fn x => f (g x)

fun ignore _ = ()

fun before_ (a, ()) = a

fun valOf (SOME x) = x
  | valOf NONE = raise Option

fun isSome (SOME _) = true
  | isSome NONE = false

fun eval g = let cogen u = g in u end

fun Int_max (a : int, b) = if a > b then a else b

fun Int_min (a : int, b) = if a < b then a else b

val List_length = length
val List_rev = rev
val List_map = map
val List_foldl = foldl
val List_foldr = foldr

fun List_filter p [] = []
  | List_filter p (x :: xs) = if p x then x :: List_filter p xs else List_filter p xs

(* List.nth, List.take and List.drop count down one per element, as
   Poly/ML's do, with no test of a negative count first: a negative one
   reaches the end of the list (Subscript) unless counting down from it
   overflows first (List.nth ([1], ~4611686018427387904) raises Overflow). *)
fun List_nth (x :: _, 0) = x
  | List_nth (_ :: xs, k) = List_nth (xs, k - 1)
  | List_nth ([], _) = raise Subscript

fun List_exists p [] = false
  | List_exists p (x :: xs) = p x orelse List_exists p xs

fun List_all p [] = true
  | List_all p (x :: xs) = p x andalso List_all p xs

fun Array_tabulate (n, f) =
    if n < 0 then raise Size
    else if n = 0 then Array.fromList []
    else
      let val a = Array.array (n, f 0)
          fun fill i = if i < n then (Array.update (a, i, f i); fill (i + 1)) else ()
      in fill 1; a end

(* ---- beyond the basics above: everyday names of the SML Basis Library ---- *)

(* top level *)

fun str (c : char) = implode [c]

fun getOpt (SOME x, _) = x
  | getOpt (NONE, default) = default

(* Option *)

val Option_getOpt = getOpt
val Option_isSome = isSome
val Option_valOf = valOf

fun Option_filter p x = if p x then SOME x else NONE

fun Option_join (SOME x) = x
  | Option_join NONE = NONE

fun Option_app f (SOME x) = f x
  | Option_app f NONE = ()

fun Option_map f (SOME x) = SOME (f x)
  | Option_map f NONE = NONE

fun Option_mapPartial f (SOME x) = f x
  | Option_mapPartial f NONE = NONE

fun Option_compose (f, g) x = Option_map f (g x)

fun Option_composePartial (f, g) x = Option_mapPartial f (g x)

(* Bool *)

val Bool_not = not

fun Bool_toString true = "true"
  | Bool_toString false = "false"

(* Int: 63-bit, as Poly/ML's default int *)

val Int_maxInt = SOME 4611686018427387903
val Int_minInt = SOME ~4611686018427387904
val Int_precision = SOME 63

fun Int_sign (i : int) = if i < 0 then ~1 else if i > 0 then 1 else 0

fun Int_sameSign (i, j) = Int_sign i = Int_sign j

fun Int_compare (i : int, j) = if i < j then LESS else if i > j then GREATER else EQUAL

(* Truncating division from the flooring one: the two differ by one when
   the operands' signs differ and the division is inexact. `mod` cannot
   overflow; `div` raises Div on 0 and Overflow on minInt div ~1, as quot
   must. *)
fun Int_quot (i : int, j) =
    let val q = i div j
    in if i mod j <> 0 andalso (i < 0) <> (j < 0) then q + 1 else q end

fun Int_rem (i : int, j) =
    let val m = i mod j
    in if m <> 0 andalso (i < 0) <> (j < 0) then m - j else m end

(* Word *)

fun Word_compare (a : word, b) = if a < b then LESS else if a > b then GREATER else EQUAL

fun Word_max (a : word, b) = if a < b then b else a

fun Word_min (a : word, b) = if a < b then a else b

val Word_wordSize = 63

fun Word_neg (w : word) = 0w0 - w

(* Int.fmt and Word.fmt: digits in the radix, upper-case hexadecimal,
   negative ints with ~ *)
local
    fun digit d = String.sub ("0123456789ABCDEF", d)
    fun base StringCvt.BIN = 2
      | base StringCvt.OCT = 8
      | base StringCvt.DEC = 10
      | base StringCvt.HEX = 16
    (* the digits of a negative i (a non-positive one has them all: the
       smallest int has no positive counterpart) *)
    fun negativeDigits (b, i, acc) =
        if i = 0 then acc
        else let val q = Int_quot (i, b)
             in negativeDigits (b, q, digit (q * b - i) :: acc) end
    fun wordDigits (b, w, acc) =
        if w = 0w0 then acc else wordDigits (b, w div b, digit (Word.toInt (w mod b)) :: acc)
in
    fun Int_fmt radix i =
        if i = 0 then "0"
        else if i < 0 then implode (#"~" :: negativeDigits (base radix, i, []))
        else implode (negativeDigits (base radix, ~i, []))

    fun Word_fmt radix w =
        if w = 0w0 then "0" else implode (wordDigits (Word.fromInt (base radix), w, []))
end

(* General: the same values under their structure's name *)

val General_ignore = ignore
val General_o = compose
val General_before = before_

(* Char: the ASCII classification of the Basis (chars are bytes) *)

val Char_minChar = #"\000"
val Char_maxChar = #"\255"
val Char_maxOrd = 255

fun Char_isAscii (c : char) = c <= #"\127"
fun Char_isUpper (c : char) = #"A" <= c andalso c <= #"Z"
fun Char_isLower (c : char) = #"a" <= c andalso c <= #"z"
fun Char_isDigit (c : char) = #"0" <= c andalso c <= #"9"
fun Char_isAlpha c = Char_isUpper c orelse Char_isLower c
fun Char_isAlphaNum c = Char_isAlpha c orelse Char_isDigit c
fun Char_isHexDigit c =
    Char_isDigit c orelse (#"a" <= c andalso c <= #"f") orelse (#"A" <= c andalso c <= #"F")
fun Char_isSpace (c : char) = c = #" " orelse (#"\t" <= c andalso c <= #"\r")
fun Char_isGraph (c : char) = #"!" <= c andalso c <= #"~"
fun Char_isPrint c = c = #" " orelse Char_isGraph c
fun Char_isPunct c = Char_isGraph c andalso not (Char_isAlphaNum c)
fun Char_isCntrl c = Char_isAscii c andalso not (Char_isPrint c)

fun Char_toUpper c = if Char_isLower c then chr (ord c - 32) else c
fun Char_toLower c = if Char_isUpper c then chr (ord c + 32) else c

fun Char_compare (c : char, d) = if c < d then LESS else if c > d then GREATER else EQUAL

fun Char_succ c = chr (ord c + 1)
fun Char_pred c = chr (ord c - 1)

fun Char_contains s c =
    let val n = size s
        fun from i = i < n andalso (String.sub (s, i) = c orelse from (i + 1))
    in from 0 end

fun Char_notContains s c = not (Char_contains s c)

(* StringCvt's readers: a reader ('a, 'b) StringCvt.reader takes a stream
   (any value: a substring, a list, a position) to its next item and the
   rest, or NONE at its end. The functions below call the reader exactly
   as often and on exactly the streams Poly/ML's do (its source, basis/
   StringCvt.sml, Int.sml, LargeWord.sml, Bool.sml, String.sml), so that a
   reader with effects (one that counts or prints) sees the same calls;
   tests/data/polyml/155_edges_scan checks it with traced readers. *)

fun StringCvt_splitl p getc src =
    let fun from (src, acc) =
            case getc src of
                SOME (c, rest) => if p c then from (rest, c :: acc) else (implode (rev acc), src)
              | NONE => (implode (rev acc), src)
    in from (src, []) end

fun StringCvt_takel p getc src = let val (taken, _) = StringCvt_splitl p getc src in taken end

fun StringCvt_dropl p getc src =
    case getc src of
        SOME (c, rest) => if p c then StringCvt_dropl p getc rest else src
      | NONE => src

fun StringCvt_skipWS getc src = StringCvt_dropl Char_isSpace getc src

(* The scanner reads the string through positions (StringCvt.cs, an
   abstract type to programs: a position is an int here, as an index is in
   Poly/ML); what it leaves unread is ignored. *)
fun StringCvt_scanString scan s =
    let val n = size s
        fun getc i = if i < n then SOME (String.sub (s, i), i + 1) else NONE
    in case scan getc 0 of
           SOME (x, _) => SOME x
         | NONE => NONE
    end

(* After white space, "true" or "false" in any case; a failed "true" is
   read again from its start as "false" *)
fun Bool_scan getc src =
    let val start = StringCvt_skipWS getc src
        fun matches (word, src) =
            let fun from (k, src) =
                    if k = size word then SOME src
                    else case getc src of
                             SOME (c, rest) =>
                               if Char_toLower c = String.sub (word, k) then from (k + 1, rest) else NONE
                           | NONE => NONE
            in from (0, src) end
    in case matches ("true", start) of
           SOME rest => SOME (true, rest)
         | NONE =>
           case matches ("false", start) of
               SOME rest => SOME (false, rest)
             | NONE => NONE
    end

fun Bool_fromString s = StringCvt_scanString Bool_scan s

(* Int.scan and Word.scan read as Poly/ML's: every digit is read before an
   Overflow is raised (Poly/ML reads the value as an IntInf.int and then
   converts it). *)
local
    val maxWord = Word.notb 0w0

    fun radixBase StringCvt.BIN = 2
      | radixBase StringCvt.OCT = 8
      | radixBase StringCvt.DEC = 10
      | radixBase StringCvt.HEX = 16

    fun digitValue (b, c) =
        let val d = if Char_isDigit c then ord c - 48
                    else if #"a" <= c andalso c <= #"f" then ord c - 87
                    else if #"A" <= c andalso c <= #"F" then ord c - 55
                    else b
        in if d < b then SOME d else NONE end

    (* The digits at src, at least one: SOME (what `step` made of them,
       the rest), else NONE. step (acc, d) is NONE when the value no longer
       fits; the digits are then read to their end and Overflow raised. *)
    fun readDigits (b, step, zero) getc src =
        let fun more (src, acc, fits, any) =
                let fun stop () = if not any then NONE else if fits then SOME (acc, src) else raise Overflow
                in case getc src of
                       NONE => stop ()
                     | SOME (c, rest) =>
                       case digitValue (b, c) of
                           NONE => stop ()
                         | SOME d =>
                           if not fits then more (rest, acc, false, true)
                           else case step (acc, d) of
                                    SOME next => more (rest, next, true, true)
                                  | NONE => more (rest, acc, false, true)
                end
        in more (src, zero, true, false) end

    fun isX c = c = #"x" orelse c = #"X"
in
    (* White space, then an optional sign (+, - or ~), then digits; in HEX
       an optional 0x or 0X after the sign ("0x" with no digit after it is
       the 0, the x left unread). The digits are accumulated negated, so
       that the smallest int is read. *)
    fun Int_scan radix getc src =
        let val b = radixBase radix
            fun negatedStep (acc, d) = SOME (acc * b - d) handle Overflow => NONE
            val digits = readDigits (b, negatedStep, 0) getc
            fun number src =
                if b <> 16 then digits src
                else case getc src of
                         NONE => NONE
                       | SOME (c, afterZero) =>
                         if c <> #"0" then digits src
                         else case getc afterZero of
                                  NONE => SOME (0, afterZero)
                                | SOME (x, rest) =>
                                  if not (isX x) then digits src
                                  else case digits rest of
                                           NONE => SOME (0, afterZero)
                                         | result => result
            fun positive (SOME (negated, rest)) = SOME (~ negated, rest)
              | positive NONE = NONE
            fun start src =
                case getc src of
                    NONE => NONE
                  | SOME (c, rest) =>
                    if Char_isSpace c then start rest
                    else if c = #"+" then positive (number rest)
                    else if c = #"-" orelse c = #"~" then number rest
                    else positive (number src)
        in start src end

    (* White space, then digits, optionally after 0w (or in HEX 0wx,
       0wX, 0x, 0X); a prefix with no digit after it reads as the 0 it
       starts with. Overflow above the largest word. *)
    fun Word_scan radix getc src =
        let val b = radixBase radix
            val wb = Word.fromInt b
            fun step (acc, d) =
                let val wd = Word.fromInt d
                in if acc > (maxWord - wd) div wb then NONE else SOME (acc * wb + wd) end
            val number = readDigits (b, step, 0w0) getc
            fun start src =
                case getc src of
                    NONE => NONE
                  | SOME (#"0", afterZero) =>
                    let val after =
                            case getc afterZero of
                                NONE => NONE
                              | SOME (c, rest) =>
                                if c = #"w" then
                                  (if b <> 16 then number rest
                                   else case getc rest of
                                            NONE => NONE
                                          | SOME (x, rest') => if isX x then number rest' else number rest)
                                else if isX c andalso b = 16 then number rest
                                else number src
                    in case after of
                           NONE => SOME (0w0, afterZero)
                         | result => result
                    end
                  | SOME (c, rest) => if Char_isSpace c then start rest else number src
        in start src end
end

fun Word_fromString s = StringCvt_scanString (Word_scan StringCvt.HEX) s

(* SML's escape for a character in a string literal *)
fun Char_toString c =
    case c of
        #"\\" => "\\\\"
      | #"\"" => "\\\""
      | #"\a" => "\\a"
      | #"\b" => "\\b"
      | #"\t" => "\\t"
      | #"\n" => "\\n"
      | #"\v" => "\\v"
      | #"\f" => "\\f"
      | #"\r" => "\\r"
      | _ =>
        if Char_isPrint c then str c
        else if c < #" " then "\\^" ^ str (chr (ord c + 64))
        else "\\" ^ Int.toString (ord c)  (* 127 .. 255: always three digits *)

(* C's escape: the named ones, else three octal digits *)
fun Char_toCString c =
    case c of
        #"\\" => "\\\\"
      | #"\"" => "\\\""
      | #"'" => "\\'"
      | #"?" => "\\?"
      | #"\a" => "\\a"
      | #"\b" => "\\b"
      | #"\t" => "\\t"
      | #"\n" => "\\n"
      | #"\v" => "\\v"
      | #"\f" => "\\f"
      | #"\r" => "\\r"
      | _ =>
        if Char_isPrint c then str c
        else let val n = ord c
             in implode [#"\\", chr (48 + n div 64), chr (48 + n div 8 mod 8), chr (48 + n mod 8)] end

(* String *)

val String_str = str

fun String_concatWith sep [] = ""
  | String_concatWith sep (s :: ss) =
    String.concat (s :: foldr (fn (t, acc) => sep :: t :: acc) [] ss)

local
    (* does `s` occur in `t` at position i (which leaves room for it)? *)
    fun occursAt (s, t, i) =
        let val n = size s
            fun from k = k >= n orelse (String.sub (s, k) = String.sub (t, i + k) andalso from (k + 1))
        in from 0 end
in
    fun String_isPrefix s t = size s <= size t andalso occursAt (s, t, 0)

    fun String_isSuffix s t = size s <= size t andalso occursAt (s, t, size t - size s)

    fun String_isSubstring s t =
        let val last = size t - size s
            fun from i = i <= last andalso (occursAt (s, t, i) orelse from (i + 1))
        in from 0 end
end

fun String_extract (s, i, NONE) =
    if i < 0 orelse i > size s then raise Subscript else String.substring (s, i, size s - i)
  | String_extract (s, i, SOME n) = String.substring (s, i, n)

fun String_compare (s : string, t) = if s < t then LESS else if s > t then GREATER else EQUAL

(* The machine's MAX_STRING_SIZE (ccam/instructions.py): ^, concat and
   implode raise Size beyond it. Poly/ML's is 2^59 - 16. *)
val String_maxSize = 1073741824

(* StringCvt: pad to at least n characters; a longer string is left as it
   is. Size at once for a length past String.maxSize, before a list of n
   characters is built to the heap limit. *)
local
    fun copies (c, n, acc) = if n <= 0 then acc else copies (c, n - 1, c :: acc)
in
    fun StringCvt_padLeft c n s =
        if n > String_maxSize then raise Size else implode (copies (c, n - size s, [])) ^ s
    fun StringCvt_padRight c n s =
        if n > String_maxSize then raise Size else s ^ implode (copies (c, n - size s, []))
end

(* Reading SML and C escapes: Char.scan and String.scan (whose fromString
   are scanString of them) and Char.fromCString and String.fromCString, as
   Poly/ML reads them (its String.sml: scanBase, scanC), reader call for
   reader call. Only printable characters (#" " .. #"~") are read;
   \uXXXX takes exactly four hex digits, \ddd exactly three decimal ones,
   C's \ooo up to three octal ones and C's \x as many hex ones as there
   are; a code above 255 is an error. The int arithmetic is Poly/ML's too,
   so a very long \x... raises Overflow as there. *)
local
    fun isPrintable (c : char) = #" " <= c andalso c <= #"~"

    fun inRange (res, src) = if res > 255 then NONE else SOME (chr res, src)

    (* left hex digits exactly; left < 0: as many as there are, at least one *)
    fun hex (getc, src, left, res) =
        let fun stop () = if left >= ~1 orelse res > 255 then NONE else SOME (chr res, src)
        in if left = 0 then inRange (res, src)
           else case getc src of
                    NONE => stop ()
                  | SOME (c, rest) =>
                    if #"0" <= c andalso c <= #"9" then hex (getc, rest, left - 1, res * 16 + ord c - ord #"0")
                    else if #"a" <= c andalso c <= #"f" then hex (getc, rest, left - 1, res * 16 + ord c - ord #"a" + 10)
                    else if #"A" <= c andalso c <= #"F" then hex (getc, rest, left - 1, res * 16 + ord c - ord #"A" + 10)
                    else stop ()
        end

    fun decimal (getc, src, left, res) =
        if left = 0 then inRange (res, src)
        else case getc src of
                 SOME (c, rest) =>
                 if Char_isDigit c then decimal (getc, rest, left - 1, res * 10 + ord c - ord #"0") else NONE
               | NONE => NONE

    fun octal (getc, src, left, res) =
        if left = 0 then inRange (res, src)
        else case getc src of
                 SOME (c, rest) =>
                 if #"0" <= c andalso c <= #"7" then octal (getc, rest, left - 1, res * 8 + ord c - ord #"0")
                 else inRange (res, src)
               | NONE => inRange (res, src)

    fun control (getc, src) =
        case getc src of
            SOME (c, rest) => if ord c >= 64 andalso ord c <= 95 then SOME (chr (ord c - 64), rest) else NONE
          | NONE => NONE

    (* One item of an SML string body: NONE for an error, SOME (NONE, src)
       at the end (src unchanged) or after a \f...f\ gap, SOME (SOME c, rest)
       for a character *)
    fun scanML (getc, src) =
        case getc src of
            NONE => SOME (NONE, src)
          | SOME (c, rest) =>
            if not (isPrintable c) then NONE
            else if c <> #"\\" then SOME (SOME c, rest)
            else
              case getc rest of
                  NONE => NONE
                | SOME (e, afterEscape) =>
                  let fun one c = SOME (SOME c, afterEscape)
                      fun read (SOME (c, src)) = SOME (SOME c, src)
                        | read NONE = NONE
                  in case e of
                         #"a" => one #"\a"
                       | #"b" => one #"\b"
                       | #"t" => one #"\t"
                       | #"n" => one #"\n"
                       | #"v" => one #"\v"
                       | #"f" => one #"\f"
                       | #"r" => one #"\r"
                       | #"\\" => one #"\\"
                       | #"\"" => one #"\""
                       | #"^" => read (control (getc, afterEscape))
                       | #"u" => read (hex (getc, afterEscape, 4, 0))
                       | _ =>
                         if Char_isSpace e then
                           case getc (StringCvt_skipWS getc afterEscape) of
                               SOME (#"\\", afterGap) => SOME (NONE, afterGap)
                             | _ => NONE
                         else if #"0" <= e andalso e <= #"2" then read (decimal (getc, rest, 3, 0))
                         else NONE
                  end

    (* One character of a C string body *)
    fun scanC (getc, src) =
        case getc src of
            NONE => NONE
          | SOME (c, rest) =>
            if not (isPrintable c) then NONE
            else if c <> #"\\" then SOME (c, rest)
            else
              case getc rest of
                  NONE => NONE
                | SOME (e, afterEscape) =>
                  case e of
                      #"a" => SOME (#"\a", afterEscape)
                    | #"b" => SOME (#"\b", afterEscape)
                    | #"t" => SOME (#"\t", afterEscape)
                    | #"n" => SOME (#"\n", afterEscape)
                    | #"v" => SOME (#"\v", afterEscape)
                    | #"f" => SOME (#"\f", afterEscape)
                    | #"r" => SOME (#"\r", afterEscape)
                    | #"^" => control (getc, afterEscape)
                    | #"x" => hex (getc, afterEscape, ~1, 0)
                    | _ =>
                      if e = #"?" orelse e = #"\\" orelse e = #"\"" orelse e = #"'" then SOME (e, afterEscape)
                      else if #"0" <= e andalso e <= #"7" then octal (getc, rest, 3, 0)
                      else NONE
in
    (* the first character, past any gaps; NONE at the end *)
    fun Char_scan getc src =
        case scanML (getc, src) of
            SOME (SOME c, rest) => SOME (c, rest)
          | SOME (NONE, rest) =>
            (case getc rest of
                 NONE => NONE
               | SOME _ => Char_scan getc rest)
          | NONE => NONE

    (* as much as can be read (the empty string at the end); NONE if an
       error comes before anything was read (a gap counts as read) *)
    fun String_scan getc src =
        let fun from (src, acc, haveRead) =
                case scanML (getc, src) of
                    SOME (SOME c, rest) => from (rest, c :: acc, true)
                  | SOME (NONE, rest) =>
                    (case getc rest of
                         NONE => SOME (implode (rev acc), rest)
                       | SOME _ => from (rest, acc, true))
                  | NONE => if haveRead then SOME (implode (rev acc), src) else NONE
        in from (src, [], false) end

    fun Char_fromString s = StringCvt_scanString Char_scan s

    fun String_fromString s = StringCvt_scanString String_scan s

    fun Char_fromCString s = StringCvt_scanString (fn getc => fn src => scanC (getc, src)) s

    (* every character up to the first error; NONE if that is the first *)
    fun String_fromCString "" = SOME ""
      | String_fromCString s =
        let val n = size s
            fun getc i = if i < n then SOME (String.sub (s, i), i + 1) else NONE
            fun from (i, acc) =
                case scanC (getc, i) of
                    SOME (c, j) => from (j, c :: acc)
                  | NONE => rev acc
        in case from (0, []) of
               [] => NONE
             | cs => SOME (implode cs)
        end
end

(* The fields of s separated by single delimiters, left to right;
   tokens are the non-empty fields. *)
fun String_fields isDelim s =
    let val n = size s
        fun scan (start, i, acc) =
            if i = n then rev (String.substring (s, start, i - start) :: acc)
            else if isDelim (String.sub (s, i))
            then scan (i + 1, i + 1, String.substring (s, start, i - start) :: acc)
            else scan (start, i + 1, acc)
    in scan (0, 0, []) end

fun String_tokens isDelim s = List_filter (fn t => t <> "") (String_fields isDelim s)

(* List *)

val List_null = null
val List_hd = hd
val List_tl = tl
val List_app = app

fun List_last [x] = x
  | List_last (_ :: xs) = List_last xs
  | List_last [] = raise Empty

fun List_getItem [] = NONE
  | List_getItem (x :: xs) = SOME (x, xs)

(* counting down as List_nth does *)
fun List_take (_, 0) = []
  | List_take (x :: xs, k) = x :: List_take (xs, k - 1)
  | List_take ([], _) = raise Subscript

fun List_drop (xs, 0) = xs
  | List_drop (_ :: xs, k) = List_drop (xs, k - 1)
  | List_drop ([], _) = raise Subscript

fun List_revAppend ([], ys) = ys
  | List_revAppend (x :: xs, ys) = List_revAppend (xs, x :: ys)

fun List_concat [] = []
  | List_concat (l :: ls) = append (l, List_concat ls)

fun List_mapPartial f [] = []
  | List_mapPartial f (x :: xs) =
    case f x of
        SOME y => y :: List_mapPartial f xs
      | NONE => List_mapPartial f xs

fun List_find p [] = NONE
  | List_find p (x :: xs) = if p x then SOME x else List_find p xs

fun List_partition p l =
    let fun split ([], yes, no) = (rev yes, rev no)
          | split (x :: xs, yes, no) = if p x then split (xs, x :: yes, no) else split (xs, yes, x :: no)
    in split (l, [], []) end

fun List_tabulate (n, f) =
    let fun from i = if i < n then f i :: from (i + 1) else []
    in if n < 0 then raise Size else from 0 end

fun List_collate cmp ([], []) = EQUAL
  | List_collate cmp ([], _) = LESS
  | List_collate cmp (_, []) = GREATER
  | List_collate cmp (x :: xs, y :: ys) =
    case cmp (x, y) of
        EQUAL => List_collate cmp (xs, ys)
      | order => order

(* Lexicographic by the given order on characters *)
fun String_collate cmp (s, t) = List_collate cmp (explode s, explode t)

(* ListPair: the longer list's extra elements are ignored *)

fun ListPair_zip (x :: xs, y :: ys) = (x, y) :: ListPair_zip (xs, ys)
  | ListPair_zip _ = []

fun ListPair_unzip [] = ([], [])
  | ListPair_unzip ((x, y) :: rest) = let val (xs, ys) = ListPair_unzip rest in (x :: xs, y :: ys) end

fun ListPair_map f (x :: xs, y :: ys) = f (x, y) :: ListPair_map f (xs, ys)
  | ListPair_map f _ = []

fun ListPair_app f (x :: xs, y :: ys) = (f (x, y); ListPair_app f (xs, ys))
  | ListPair_app f _ = ()

fun ListPair_foldl f acc (x :: xs, y :: ys) = ListPair_foldl f (f (x, y, acc)) (xs, ys)
  | ListPair_foldl f acc _ = acc

fun ListPair_foldr f acc (x :: xs, y :: ys) = f (x, y, ListPair_foldr f acc (xs, ys))
  | ListPair_foldr f acc _ = acc

fun ListPair_all p (x :: xs, y :: ys) = p (x, y) andalso ListPair_all p (xs, ys)
  | ListPair_all p _ = true

fun ListPair_exists p (x :: xs, y :: ys) = p (x, y) orelse ListPair_exists p (xs, ys)
  | ListPair_exists p _ = false

(* The Eq variants: lists of unequal lengths raise ListPair.UnequalLengths
   (declared here under the name exnName gives it, as Poly/ML's), after
   applying f to the pairs before the shorter list ends, as Poly/ML does;
   foldrEq compares the lengths first, and allEq is false instead. *)

exception UnequalLengths

(* General.Domain: no basis function raises it; programs do. *)
exception Domain

fun ListPair_zipEq (x :: xs, y :: ys) = (x, y) :: ListPair_zipEq (xs, ys)
  | ListPair_zipEq ([], []) = []
  | ListPair_zipEq _ = raise UnequalLengths

fun ListPair_mapEq f (x :: xs, y :: ys) = f (x, y) :: ListPair_mapEq f (xs, ys)
  | ListPair_mapEq f ([], []) = []
  | ListPair_mapEq f _ = raise UnequalLengths

fun ListPair_appEq f (x :: xs, y :: ys) = (f (x, y); ListPair_appEq f (xs, ys))
  | ListPair_appEq f ([], []) = ()
  | ListPair_appEq f _ = raise UnequalLengths

fun ListPair_foldlEq f acc (x :: xs, y :: ys) = ListPair_foldlEq f (f (x, y, acc)) (xs, ys)
  | ListPair_foldlEq f acc ([], []) = acc
  | ListPair_foldlEq f acc _ = raise UnequalLengths

fun ListPair_foldrEq f acc (xs, ys) =
    if length xs <> length ys then raise UnequalLengths else ListPair_foldr f acc (xs, ys)

fun ListPair_allEq p (x :: xs, y :: ys) = p (x, y) andalso ListPair_allEq p (xs, ys)
  | ListPair_allEq p ([], []) = true
  | ListPair_allEq p _ = false

(* Array: left to right, except the foldr's *)

fun Array_foldli f acc a =
    let val n = Array.length a
        fun from (i, acc) = if i < n then from (i + 1, f (i, Array.sub (a, i), acc)) else acc
    in from (0, acc) end

fun Array_foldri f acc a =
    let fun down (i, acc) = if i >= 0 then down (i - 1, f (i, Array.sub (a, i), acc)) else acc
    in down (Array.length a - 1, acc) end

(* The traversals without an index are loops of their own, not foldli with
   an adapter: the adapter's extra call per item was half their cost. *)
fun Array_foldl f acc a =
    let val n = Array.length a
        fun from (i, acc) = if i < n then from (i + 1, f (Array.sub (a, i), acc)) else acc
    in from (0, acc) end

fun Array_foldr f acc a =
    let fun down (i, acc) = if i >= 0 then down (i - 1, f (Array.sub (a, i), acc)) else acc
    in down (Array.length a - 1, acc) end

fun Array_appi f a =
    let val n = Array.length a
        fun from i = if i < n then (f (i, Array.sub (a, i)); from (i + 1)) else ()
    in from 0 end

fun Array_app f a =
    let val n = Array.length a
        fun from i = if i < n then (f (Array.sub (a, i)); from (i + 1)) else ()
    in from 0 end

fun Array_modifyi f a =
    let val n = Array.length a
        fun from i = if i < n then (Array.update (a, i, f (i, Array.sub (a, i))); from (i + 1)) else ()
    in from 0 end

fun Array_modify f a =
    let val n = Array.length a
        fun from i = if i < n then (Array.update (a, i, f (Array.sub (a, i))); from (i + 1)) else ()
    in from 0 end

fun Array_find p a =
    let val n = Array.length a
        fun from i =
            if i >= n then NONE
            else let val x = Array.sub (a, i) in if p x then SOME x else from (i + 1) end
    in from 0 end

fun Array_exists p a =
    let val n = Array.length a
        fun from i = i < n andalso (p (Array.sub (a, i)) orelse from (i + 1))
    in from 0 end

fun Array_all p a =
    let val n = Array.length a
        fun from i = i >= n orelse (p (Array.sub (a, i)) andalso from (i + 1))
    in from 0 end

fun Array_findi p a =
    let val n = Array.length a
        fun from i =
            if i >= n then NONE
            else let val x = Array.sub (a, i) in if p (i, x) then SOME (i, x) else from (i + 1) end
    in from 0 end

fun Array_collate cmp (a, b) =
    let val m = Array.length a
        val n = Array.length b
        fun from i =
            if i >= m then (if i >= n then EQUAL else LESS)
            else if i >= n then GREATER
            else case cmp (Array.sub (a, i), Array.sub (b, i)) of
                     EQUAL => from (i + 1)
                   | order => order
    in from 0 end

(* Vector: made through a fresh array (Array.vector copies it into the
   vector), so that f is applied left to right and the result costs one
   array and one vector, not a list. Traversals left to right, except the
   foldr's, as Array's. *)

(* The machine's MAX_ARRAY_LENGTH (ccam/instructions.py): Array.array,
   Array.fromList and Vector.fromList raise Size beyond it.  Poly/ML's is
   2^56 - 1; a program can only tell them apart by asking. *)
val Vector_maxLen = 16777216

val Array_maxLen = Vector_maxLen

fun Vector_tabulate (n, f) =
    if n < 0 orelse n > Vector_maxLen then raise Size
    else Array.vector (Array_tabulate (n, f))

fun Vector_foldli f acc v =
    let val n = Vector.length v
        fun from (i, acc) = if i < n then from (i + 1, f (i, Vector.sub (v, i), acc)) else acc
    in from (0, acc) end

fun Vector_foldri f acc v =
    let fun down (i, acc) = if i >= 0 then down (i - 1, f (i, Vector.sub (v, i), acc)) else acc
    in down (Vector.length v - 1, acc) end

fun Vector_foldl f acc v =
    let val n = Vector.length v
        fun from (i, acc) = if i < n then from (i + 1, f (Vector.sub (v, i), acc)) else acc
    in from (0, acc) end

fun Vector_foldr f acc v =
    let fun down (i, acc) = if i >= 0 then down (i - 1, f (Vector.sub (v, i), acc)) else acc
    in down (Vector.length v - 1, acc) end

fun Vector_appi f v =
    let val n = Vector.length v
        fun from i = if i < n then (f (i, Vector.sub (v, i)); from (i + 1)) else ()
    in from 0 end

fun Vector_app f v =
    let val n = Vector.length v
        fun from i = if i < n then (f (Vector.sub (v, i)); from (i + 1)) else ()
    in from 0 end

fun Vector_mapi f v = Vector_tabulate (Vector.length v, fn i => f (i, Vector.sub (v, i)))

fun Vector_map f v = Vector_tabulate (Vector.length v, fn i => f (Vector.sub (v, i)))

fun Vector_update (v, i, x) =
    if i < 0 orelse i >= Vector.length v then raise Subscript
    else Vector_tabulate (Vector.length v, fn j => if j = i then x else Vector.sub (v, j))

(* Size is decided on the lengths, before any item is copied *)
fun Vector_concat vs =
    if foldl (fn (v, n) => n + Vector.length v) 0 vs > Vector_maxLen then raise Size
    else Vector.fromList (foldr (fn (v, acc) => Vector_foldr (op ::) acc v) [] vs)

fun Vector_findi p v =
    let val n = Vector.length v
        fun from i =
            if i >= n then NONE
            else let val x = Vector.sub (v, i) in if p (i, x) then SOME (i, x) else from (i + 1) end
    in from 0 end

fun Vector_find p v =
    let val n = Vector.length v
        fun from i =
            if i >= n then NONE
            else let val x = Vector.sub (v, i) in if p x then SOME x else from (i + 1) end
    in from 0 end

fun Vector_exists p v =
    let val n = Vector.length v
        fun from i = i < n andalso (p (Vector.sub (v, i)) orelse from (i + 1))
    in from 0 end

fun Vector_all p v =
    let val n = Vector.length v
        fun from i = i >= n orelse (p (Vector.sub (v, i)) andalso from (i + 1))
    in from 0 end

fun Vector_collate cmp (v, w) =
    let val m = Vector.length v
        val n = Vector.length w
        fun from i =
            if i >= m then (if i >= n then EQUAL else LESS)
            else if i >= n then GREATER
            else case cmp (Vector.sub (v, i), Vector.sub (w, i)) of
                     EQUAL => from (i + 1)
                   | order => order
    in from 0 end

(* TextIO's output streams are the streams of the `output` primitive: 1 is
   standard output (print's own, so the two interleave exactly), 2 standard
   error. The basis gives these two values the abstract type
   TextIO.outstream, so no program sees (or compares) the ints. *)
val TextIO_stdOut = 1

val TextIO_stdErr = 2

fun TextIO_output1 (stream, c) = TextIO.output (stream, str c)

(* Every output goes out when it is made (the machines keep no buffer), so
   there is nothing left to flush. *)
fun TextIO_flushOut (_ : TextIO.outstream) = ()

(* CharVector: the Basis's vectors of characters, which are the strings
   (CharVector.vector is string, CharVector.elem is char). fromList, sub,
   length and concat are the string primitives (mlbox/basis.py); the rest
   are Vector's traversals over String.sub: left to right, except the
   foldr's. *)
val CharVector_maxLen = String_maxSize

(* Strings made from their characters one by one (tabulate, map,
   translate) are made in chunks of 4,096 characters, each the implode or
   concat of a list. A list of all n at once would take a stack frame (two
   entries) per character, so 10^7 characters passed the stack limit, and a
   48-byte list cell per character. *)
local
    val chunk = 4096
    (* the concatenation of piece (i, j) for consecutive [i, j) covering [0, n) *)
    fun inChunks (n, piece) =
        let fun chunks (i, acc) =
                if i >= n then String.concat (rev acc)
                else let val j = Int_min (i + chunk, n) in chunks (j, piece (i, j) :: acc) end
        in if n <= chunk then piece (0, n) else chunks (0, []) end
in
    fun CharVector_tabulate (n, f) =
        if n < 0 orelse n > CharVector_maxLen then raise Size
        else inChunks (n, fn (i, j) => implode (List_tabulate (j - i, fn k => f (i + k))))

    (* f is called from the left, as the Basis says *)
    fun String_translate f s =
        inChunks (size s, fn (i, j) => String.concat (map f (explode (String.substring (s, i, j - i)))))

    fun String_map f s = CharVector_tabulate (size s, fn i => f (String.sub (s, i)))
end

fun String_toString s = String_translate Char_toString s

fun String_toCString s = String_translate Char_toCString s

fun CharVector_foldli f acc s =
    let val n = size s
        fun from (i, acc) = if i < n then from (i + 1, f (i, String.sub (s, i), acc)) else acc
    in from (0, acc) end

fun CharVector_foldri f acc s =
    let fun down (i, acc) = if i >= 0 then down (i - 1, f (i, String.sub (s, i), acc)) else acc
    in down (size s - 1, acc) end

(* loops of their own, as Array's, not foldli with an adapter *)
fun CharVector_foldl f acc s =
    let val n = size s
        fun from (i, acc) = if i < n then from (i + 1, f (String.sub (s, i), acc)) else acc
    in from (0, acc) end

fun CharVector_foldr f acc s =
    let fun down (i, acc) = if i >= 0 then down (i - 1, f (String.sub (s, i), acc)) else acc
    in down (size s - 1, acc) end

fun CharVector_appi f s =
    let val n = size s
        fun from i = if i < n then (f (i, String.sub (s, i)); from (i + 1)) else ()
    in from 0 end

fun CharVector_app f s =
    let val n = size s
        fun from i = if i < n then (f (String.sub (s, i)); from (i + 1)) else ()
    in from 0 end

fun CharVector_mapi f s = CharVector_tabulate (size s, fn i => f (i, String.sub (s, i)))

fun CharVector_map f s = CharVector_tabulate (size s, fn i => f (String.sub (s, i)))

fun CharVector_update (s, i, c) =
    if i < 0 orelse i >= size s then raise Subscript
    else String.substring (s, 0, i) ^ str c ^ String.substring (s, i + 1, size s - i - 1)

fun CharVector_findi p s =
    let val n = size s
        fun from i =
            if i >= n then NONE
            else let val c = String.sub (s, i) in if p (i, c) then SOME (i, c) else from (i + 1) end
    in from 0 end

fun CharVector_find p s =
    case CharVector_findi (fn (_, c) => p c) s of
        SOME (_, c) => SOME c
      | NONE => NONE

fun CharVector_exists p s = isSome (CharVector_findi (fn (_, c) => p c) s)

fun CharVector_all p s = not (CharVector_exists (fn c => not (p c)) s)

val CharVector_collate = String_collate

(* Substring: a substring is the triple (s, i, n) of Substring.base, the n
   characters of s from position i; the basis gives it the abstract type
   substring (Substring.substring), not an equality type, so no program sees
   the triple but through base. Every function keeps positions in the base
   string, as base shows them. Subscript and the traversals' order are the
   Basis's (left to right; foldr and the ...r functions from the right). *)
fun Substring_full s = (s, 0, size s)

fun Substring_string (s, i, n) = String.substring (s, i, n)

fun Substring_size (_ : string, _ : int, n : int) = n

fun Substring_base (ss : string * int * int) = ss

fun Substring_isEmpty (_ : string, _ : int, n) = n = 0

fun Substring_sub ((s, i, n), k) = if k < 0 orelse k >= n then raise Subscript else String.sub (s, i + k)

(* The bounds are checked with int arithmetic that overflows as Poly/ML's
   does: i + m past maxInt (a start and a length both non-negative), or
   size s - i past it (extract's NONE with i near minInt), raise Overflow
   rather than Subscript (tests/data/polyml/155_edges_substring). *)
fun Substring_substring (s, i, m) =
    if i < 0 orelse m < 0 orelse size s < i + m then raise Subscript else (s, i, m)

fun Substring_extract (s, i, NONE) = Substring_substring (s, i, size s - i)
  | Substring_extract (s, i, SOME m) = Substring_substring (s, i, m)

fun Substring_slice ((s, i, n), j, NONE) =
    if j < 0 orelse j > n then raise Subscript else (s, i + j, n - j)
  | Substring_slice ((s, i, n), j, SOME m) =
    if j < 0 orelse m < 0 orelse j > n - m then raise Subscript else (s, i + j, m)

fun Substring_getc (s, i, n) = if n = 0 then NONE else SOME (String.sub (s, i), (s, i + 1, n - 1))

fun Substring_first (s, i, n) = if n = 0 then NONE else SOME (String.sub (s, i))

(* a negative count raises Subscript when it is given, before the substring *)
fun Substring_triml k =
    if k < 0 then raise Subscript
    else fn (s, i, n) => if k >= n then (s, i + n, 0) else (s, i + k, n - k)

fun Substring_trimr k =
    if k < 0 then raise Subscript
    else fn (s, i, n) => if k >= n then (s, i, 0) else (s, i, n - k)

fun Substring_splitAt ((s, i, n), k) =
    if k < 0 orelse k > n then raise Subscript else ((s, i, k), (s, i + k, n - k))

local
    (* how many characters from the left (right) of (s, i, n) satisfy p *)
    fun leftCount p (s, i, n) =
        let fun from k = if k < n andalso p (String.sub (s, i + k)) then from (k + 1) else k
        in from 0 end
    fun rightCount p (s, i, n) =
        let fun from k = if k < n andalso p (String.sub (s, i + n - 1 - k)) then from (k + 1) else k
        in from 0 end
in
    fun Substring_splitl p (ss as (s, i, n)) = let val k = leftCount p ss in ((s, i, k), (s, i + k, n - k)) end

    fun Substring_splitr p (ss as (s, i, n)) = let val k = rightCount p ss in ((s, i, n - k), (s, i + n - k, k)) end
end

fun Substring_takel p ss = let val (left, _) = Substring_splitl p ss in left end

fun Substring_dropl p ss = let val (_, right) = Substring_splitl p ss in right end

fun Substring_taker p ss = let val (_, right) = Substring_splitr p ss in right end

fun Substring_dropr p ss = let val (left, _) = Substring_splitr p ss in left end

fun Substring_foldl f acc (s, i, n) =
    let fun from (k, acc) = if k < n then from (k + 1, f (String.sub (s, i + k), acc)) else acc
    in from (0, acc) end

fun Substring_foldr f acc (s, i, n) =
    let fun down (k, acc) = if k >= 0 then down (k - 1, f (String.sub (s, i + k), acc)) else acc
    in down (n - 1, acc) end

fun Substring_app f ss = Substring_foldl (fn (c, ()) => f c) () ss

fun Substring_explode ss = Substring_foldr (op ::) [] ss

(* f is called from the left, as String.translate calls it *)
fun Substring_translate f ss = String.concat (map f (Substring_explode ss))

fun Substring_concat sss = String.concat (map Substring_string sss)

fun Substring_concatWith sep sss = String_concatWith sep (map Substring_string sss)

(* The fields of (s, i, n) separated by single delimiters, left to right,
   each a substring of s; tokens are the non-empty fields. *)
fun Substring_fields isDelim (s, i, n) =
    let val stop = i + n
        fun scan (start, j, acc) =
            if j = stop then rev ((s, start, j - start) :: acc)
            else if isDelim (String.sub (s, j)) then scan (j + 1, j + 1, (s, start, j - start) :: acc)
            else scan (start, j + 1, acc)
    in scan (i, i, []) end

fun Substring_tokens isDelim ss = List_filter (fn (_, _, n) => n > 0) (Substring_fields isDelim ss)

fun Substring_isPrefix t ss = String_isPrefix t (Substring_string ss)

fun Substring_isSuffix t ss = String_isSuffix t (Substring_string ss)

fun Substring_isSubstring t ss = String_isSubstring t (Substring_string ss)

fun Substring_compare (ss, tt) = String_compare (Substring_string ss, Substring_string tt)

fun Substring_collate cmp (ss, tt) = String_collate cmp (Substring_string ss, Substring_string tt)

(* (the part before the first occurrence of t, the rest from it); with no
   occurrence, (the whole, the empty substring at its end) *)
fun Substring_position t (s, i, n) =
    let val m = size t
        fun from j = if j > i + n - m then ((s, i, n), (s, i + n, 0))
                     else if String.substring (s, j, m) = t then ((s, i, j - i), (s, j, i + n - j))
                     else from (j + 1)
    in from i end

(* Poly/ML's rule for "the same base": the two base strings are equal (it
   compares them by identity first, then by =, so equal strings made apart
   count as one base; mlbox compares with =), and the second substring does
   not end before the first starts. *)
exception Span

fun Substring_span ((s, i, _), (s', i', n')) =
    if s = s' andalso i <= i' + n' then (s, i, i' + n' - i) else raise Span

(* TextIO's output of a substring's characters, as one output *)
fun TextIO_outputSubstr (stream, ss) = TextIO.output (stream, Substring_string ss)

(* ArraySlice and VectorSlice: a slice is the triple (base, i, n) of
   base, the n items of the array or vector base from position i; the
   basis gives it the abstract type 'a ArraySlice.slice ('a
   VectorSlice.slice), not an equality type, so no program sees the triple
   but through base (as Substring's). An array slice shares its base's
   items: an update through either is seen through the other. Indices
   given to and by the functions count from the slice's start, as the
   Basis says. Bounds are checked as Poly/ML checks them: a start and a
   length both non-negative whose sum passes maxInt raise Overflow, not
   Subscript (tests/data/polyml/490_array_vector_slices_bounds). *)
fun ArraySlice_length (_ : 'a array, _ : int, n : int) = n

fun ArraySlice_sub ((a, i, n), k) = if k < 0 orelse k >= n then raise Subscript else Array.sub (a, i + k)

fun ArraySlice_update ((a, i, n), k, x) = if k < 0 orelse k >= n then raise Subscript else Array.update (a, i + k, x)

fun ArraySlice_full a = (a, 0, Array.length a)

fun ArraySlice_slice (a, i, NONE) =
    if i < 0 orelse i > Array.length a then raise Subscript else (a, i, Array.length a - i)
  | ArraySlice_slice (a, i, SOME m) =
    if i < 0 orelse m < 0 orelse i + m > Array.length a then raise Subscript else (a, i, m)

fun ArraySlice_subslice ((a : 'a array, i, n), j, NONE) =
    if j < 0 orelse j > n then raise Subscript else (a, i + j, n - j)
  | ArraySlice_subslice ((a, i, n), j, SOME m) =
    if j < 0 orelse m < 0 orelse j + m > n then raise Subscript else (a, i + j, m)

fun ArraySlice_base (sl : 'a array * int * int) = sl

fun ArraySlice_vector (a, i, n) = Vector_tabulate (n, fn k => Array.sub (a, i + k))

fun ArraySlice_isEmpty (_ : 'a array, _ : int, n) = n = 0

fun ArraySlice_getItem (a, i, n) = if n = 0 then NONE else SOME (Array.sub (a, i), (a, i + 1, n - 1))

fun ArraySlice_foldli f acc (a, i, n) =
    let fun from (k, acc) = if k < n then from (k + 1, f (k, Array.sub (a, i + k), acc)) else acc
    in from (0, acc) end

fun ArraySlice_foldri f acc (a, i, n) =
    let fun down (k, acc) = if k >= 0 then down (k - 1, f (k, Array.sub (a, i + k), acc)) else acc
    in down (n - 1, acc) end

fun ArraySlice_foldl f acc (a, i, n) =
    let fun from (k, acc) = if k < n then from (k + 1, f (Array.sub (a, i + k), acc)) else acc
    in from (0, acc) end

fun ArraySlice_foldr f acc (a, i, n) =
    let fun down (k, acc) = if k >= 0 then down (k - 1, f (Array.sub (a, i + k), acc)) else acc
    in down (n - 1, acc) end

fun ArraySlice_appi f (a, i, n) =
    let fun from k = if k < n then (f (k, Array.sub (a, i + k)); from (k + 1)) else ()
    in from 0 end

fun ArraySlice_app f (a, i, n) =
    let fun from k = if k < n then (f (Array.sub (a, i + k)); from (k + 1)) else ()
    in from 0 end

fun ArraySlice_modifyi f (a, i, n) =
    let fun from k = if k < n then (Array.update (a, i + k, f (k, Array.sub (a, i + k))); from (k + 1)) else ()
    in from 0 end

fun ArraySlice_modify f (a, i, n) =
    let fun from k = if k < n then (Array.update (a, i + k, f (Array.sub (a, i + k))); from (k + 1)) else ()
    in from 0 end

fun ArraySlice_findi p (a, i, n) =
    let fun from k =
            if k >= n then NONE
            else let val x = Array.sub (a, i + k) in if p (k, x) then SOME (k, x) else from (k + 1) end
    in from 0 end

fun ArraySlice_find p (a, i, n) =
    let fun from k =
            if k >= n then NONE
            else let val x = Array.sub (a, i + k) in if p x then SOME x else from (k + 1) end
    in from 0 end

fun ArraySlice_exists p (a, i, n) =
    let fun from k = k < n andalso (p (Array.sub (a, i + k)) orelse from (k + 1))
    in from 0 end

fun ArraySlice_all p (a, i, n) =
    let fun from k = k >= n orelse (p (Array.sub (a, i + k)) andalso from (k + 1))
    in from 0 end

fun ArraySlice_collate cmp ((a, i, m), (b, j, n)) =
    let fun from k =
            if k >= m then (if k >= n then EQUAL else LESS)
            else if k >= n then GREATER
            else case cmp (Array.sub (a, i + k), Array.sub (b, j + k)) of
                     EQUAL => from (k + 1)
                   | order => order
    in from 0 end

fun VectorSlice_length (_ : 'a vector, _ : int, n : int) = n

fun VectorSlice_sub ((v, i, n), k) = if k < 0 orelse k >= n then raise Subscript else Vector.sub (v, i + k)

fun VectorSlice_full v = (v, 0, Vector.length v)

fun VectorSlice_slice (v, i, NONE) =
    if i < 0 orelse i > Vector.length v then raise Subscript else (v, i, Vector.length v - i)
  | VectorSlice_slice (v, i, SOME m) =
    if i < 0 orelse m < 0 orelse i + m > Vector.length v then raise Subscript else (v, i, m)

fun VectorSlice_subslice ((v : 'a vector, i, n), j, NONE) =
    if j < 0 orelse j > n then raise Subscript else (v, i + j, n - j)
  | VectorSlice_subslice ((v, i, n), j, SOME m) =
    if j < 0 orelse m < 0 orelse j + m > n then raise Subscript else (v, i + j, m)

fun VectorSlice_base (sl : 'a vector * int * int) = sl

fun VectorSlice_vector (v, i, n) = Vector_tabulate (n, fn k => Vector.sub (v, i + k))

fun VectorSlice_isEmpty (_ : 'a vector, _ : int, n) = n = 0

fun VectorSlice_getItem (v, i, n) = if n = 0 then NONE else SOME (Vector.sub (v, i), (v, i + 1, n - 1))

fun VectorSlice_foldli f acc (v, i, n) =
    let fun from (k, acc) = if k < n then from (k + 1, f (k, Vector.sub (v, i + k), acc)) else acc
    in from (0, acc) end

fun VectorSlice_foldri f acc (v, i, n) =
    let fun down (k, acc) = if k >= 0 then down (k - 1, f (k, Vector.sub (v, i + k), acc)) else acc
    in down (n - 1, acc) end

fun VectorSlice_foldl f acc (v, i, n) =
    let fun from (k, acc) = if k < n then from (k + 1, f (Vector.sub (v, i + k), acc)) else acc
    in from (0, acc) end

fun VectorSlice_foldr f acc (v, i, n) =
    let fun down (k, acc) = if k >= 0 then down (k - 1, f (Vector.sub (v, i + k), acc)) else acc
    in down (n - 1, acc) end

(* Size is decided on the lengths, before any item is copied (Vector.concat's) *)
fun VectorSlice_concat sls =
    if foldl (fn ((_ : 'a vector, _ : int, n), total) => total + n) 0 sls > Vector_maxLen then raise Size
    else Vector.fromList (foldr (fn (sl, acc) => VectorSlice_foldr (op ::) acc sl) [] sls)

fun VectorSlice_appi f (v, i, n) =
    let fun from k = if k < n then (f (k, Vector.sub (v, i + k)); from (k + 1)) else ()
    in from 0 end

fun VectorSlice_app f (v, i, n) =
    let fun from k = if k < n then (f (Vector.sub (v, i + k)); from (k + 1)) else ()
    in from 0 end

fun VectorSlice_mapi f (v, i, n) = Vector_tabulate (n, fn k => f (k, Vector.sub (v, i + k)))

fun VectorSlice_map f (v, i, n) = Vector_tabulate (n, fn k => f (Vector.sub (v, i + k)))

fun VectorSlice_findi p (v, i, n) =
    let fun from k =
            if k >= n then NONE
            else let val x = Vector.sub (v, i + k) in if p (k, x) then SOME (k, x) else from (k + 1) end
    in from 0 end

fun VectorSlice_find p (v, i, n) =
    let fun from k =
            if k >= n then NONE
            else let val x = Vector.sub (v, i + k) in if p x then SOME x else from (k + 1) end
    in from 0 end

fun VectorSlice_exists p (v, i, n) =
    let fun from k = k < n andalso (p (Vector.sub (v, i + k)) orelse from (k + 1))
    in from 0 end

fun VectorSlice_all p (v, i, n) =
    let fun from k = k >= n orelse (p (Vector.sub (v, i + k)) andalso from (k + 1))
    in from 0 end

fun VectorSlice_collate cmp ((v, i, m), (w, j, n)) =
    let fun from k =
            if k >= m then (if k >= n then EQUAL else LESS)
            else if k >= n then GREATER
            else case cmp (Vector.sub (v, i + k), Vector.sub (w, j + k)) of
                     EQUAL => from (k + 1)
                   | order => order
    in from 0 end

(* Array2: an r x c array is the triple (items, r, c) of its r * c items
   row after row in one array (item (i, j) at i * c + j), so a matrix costs
   one allocation and RowMajor traversals are Array's. The basis gives it
   the abstract type 'a Array2.array, an equality type whatever 'a is: two
   triples are equal when their item arrays are the same array, which is
   the Basis's identity (each array or tabulate makes a fresh one).
   The dimensions are kept as given, also for 0 x c and r x 0 arrays
   (Poly/ML 5.7 raises Subscript for nCols of a 0 x c array, SML/NJ gives
   0: docs/language.md section 12). *)
local
    (* the number of items; Size as in the Basis for a negative dimension
       or more than Array.maxLen items (checked without overflowing r * c) *)
    fun cells (r, c) =
        if r < 0 orelse c < 0 orelse (c > 0 andalso r > Array_maxLen div c) then raise Size else r * c
in
    fun Array2_array (r, c, x) = (Array.array (cells (r, c), x), r, c)

    (* f is applied in the traversal's order, as in Poly/ML *)
    fun Array2_tabulate order (r, c, f) =
        let val n = cells (r, c)
        in if n = 0 then (Array.fromList [], r, c)
           else
             let val a = Array.array (n, f (0, 0))
                 fun across (k, i, j) =
                     if k >= n then ()
                     else if j < c then (Array.update (a, k, f (i, j)); across (k + 1, i, j + 1))
                     else across (k, i + 1, 0)
                 fun down (k, i, j) =
                     if i < r then (Array.update (a, k, f (i, j)); down (k + c, i + 1, j))
                     else if j + 1 < c then down (j + 1, 0, j + 1)
                     else ()
             in case order of
                    Array2.RowMajor => across (1, 0, 1)
                  | Array2.ColMajor => down (c, 1, 0);
                (a, r, c)
             end
        end
end

(* Size for rows of different lengths, checked before any item is copied,
   as in Poly/ML *)
fun Array2_fromList [] = (Array.fromList [], 0, 0)
  | Array2_fromList (rows as first :: _) =
    let val c = length first
    in if List_all (fn row => length row = c) rows then (Array.fromList (List_concat rows), length rows, c)
       else raise Size
    end

fun Array2_sub ((a, r, c), i, j) =
    if i < 0 orelse i >= r orelse j < 0 orelse j >= c then raise Subscript else Array.sub (a, i * c + j)

fun Array2_update ((a, r, c), i, j, x) =
    if i < 0 orelse i >= r orelse j < 0 orelse j >= c then raise Subscript else Array.update (a, i * c + j, x)

fun Array2_dimensions (_ : 'a array, r : int, c : int) = (r, c)

fun Array2_nRows (_ : 'a array, r : int, _ : int) = r

fun Array2_nCols (_ : 'a array, _ : int, c : int) = c

fun Array2_row ((a, r, c), i) = if i < 0 orelse i >= r then raise Subscript else ArraySlice_vector (a, i * c, c)

fun Array2_column ((a, r, c), j) =
    if j < 0 orelse j >= c then raise Subscript else Vector_tabulate (r, fn i => Array.sub (a, i * c + j))

(* ColMajor: down each column (a step of c items), then to the next
   column's top *)
fun Array2_fold Array2.RowMajor f acc (a, _ : int, _ : int) = Array_foldl f acc a
  | Array2_fold Array2.ColMajor f acc (a, _, c) =
    let val n = Array.length a
        fun down (k, j, acc) =
            if k < n then down (k + c, j, f (Array.sub (a, k), acc))
            else if j + 1 < c then down (j + 1, j + 1, acc)
            else acc
    in if n = 0 then acc else down (0, 0, acc) end

(* app is fold's walk, with nothing carried *)
fun Array2_app Array2.RowMajor f (a, _ : int, _ : int) = Array_app f a
  | Array2_app Array2.ColMajor f arr = Array2_fold Array2.ColMajor (fn (x, ()) => f x) () arr

fun Array2_modify Array2.RowMajor f (a, _ : int, _ : int) = Array_modify f a
  | Array2_modify Array2.ColMajor f (a, _, c) =
    let val n = Array.length a
        fun down (k, j) =
            if k < n then (Array.update (a, k, f (Array.sub (a, k))); down (k + c, j))
            else if j + 1 < c then down (j + 1, j + 1)
            else ()
    in if n = 0 then () else down (0, 0) end
