(* A ledger in integer cents: amounts parsed from text ("12.34", "-0.5", "1,234.56", "$7")
   with Substring and Int.fromString, malformed ones reported, banker's rounding of interest
   computed in basis points, running balances per account in an association list, and a
   statement formatted with padded columns; an overdraft raises and rolls the entry back *)
exception BadAmount of string
exception Overdraft of string * int

fun parseAmount (text : string) : int =
    let val s = Substring.full text
        val s = Substring.dropl Char.isSpace (Substring.dropr Char.isSpace s)
        val (neg, s) = case Substring.getc s of
                           SOME (#"-", rest) => (true, rest)
                         | SOME (#"~", rest) => (true, rest)
                         | _ => (false, s)
        val s = case Substring.getc s of SOME (#"$", rest) => rest | _ => s
        val (whole, frac) = Substring.splitl (fn c => c <> #".") s
        val wholeDigits = String.translate (fn #"," => "" | c => str c) (Substring.string whole)
        val fracDigits = case Substring.getc frac of
                             SOME (_, f) => Substring.string f
                           | NONE => ""
        fun digits d = size d > 0 andalso CharVector.all Char.isDigit d
        val _ = if (wholeDigits = "" orelse digits wholeDigits) andalso (fracDigits = "" orelse digits fracDigits)
                   andalso size fracDigits <= 2 andalso (wholeDigits <> "" orelse fracDigits <> "")
                   andalso not (Substring.isSubstring ",," whole)
                then () else raise BadAmount text
        val w = if wholeDigits = "" then 0 else valOf (Int.fromString wholeDigits)
        val f = case size fracDigits of
                    0 => 0
                  | 1 => 10 * valOf (Int.fromString fracDigits)
                  | _ => valOf (Int.fromString fracDigits)
        val cents = w * 100 + f
    in if neg then ~cents else cents end
    handle Overflow => raise BadAmount (text ^ " (too large)")

fun money c =
    let val sign = if c < 0 then "-" else ""
        val a = abs c
        val cents = a mod 100
    in sign ^ "$" ^ Int.toString (a div 100) ^ "." ^ (if cents < 10 then "0" else "") ^ Int.toString cents end

(* round a / b to the nearest integer, ties to even (b > 0) *)
fun roundHalfEven (a, b) =
    let val q = a div b and r = a mod b
    in if 2 * r < b then q else if 2 * r > b then q + 1 else if q mod 2 = 0 then q else q + 1 end

fun interest (balance, bps) = roundHalfEven (balance * bps, 10000)

val accounts = ref [] : (string * int) list ref
fun balance name = case List.find (fn (n, _) => n = name) (!accounts) of SOME (_, b) => b | NONE => 0
fun setBalance (name, b) = accounts := (name, b) :: List.filter (fn (n, _) => n <> name) (!accounts)

val statement = ref [] : string list ref
fun post (account, memo, amountText) =
    let val saved = !accounts
    in (let val amt = parseAmount amountText
            val nb = balance account + amt
        in setBalance (account, nb);
           if nb < 0 andalso account <> "credit" then raise Overdraft (account, nb) else ();
           statement := (StringCvt.padRight #" " 10 account ^ StringCvt.padRight #" " 18 memo ^
                         StringCvt.padLeft #" " 12 (money amt) ^ StringCvt.padLeft #" " 12 (money nb)) :: !statement
        end)
       handle BadAmount t => statement := ("  rejected " ^ memo ^ ": bad amount \"" ^ t ^ "\"") :: !statement
            | Overdraft (a, b) => (accounts := saved;
                                   statement := ("  rolled back " ^ memo ^ ": " ^ a ^ " would be " ^ money b) :: !statement)
    end

val entries = [
  ("checking", "opening", "1,234.56"), ("savings", "opening", "$10000"), ("checking", "rent", "-950.00"),
  ("checking", "coffee", "-3.5"), ("checking", "typo", "12.345"), ("checking", "typo2", "1,,000"),
  ("checking", "empty", "  "), ("checking", "car", "-5000"), ("credit", "laptop", "-1299.99"),
  ("savings", "dot", "."), ("savings", "cents", ".07"), ("checking", "refund", " 0.5 "),
  ("savings", "huge", "99999999999999999999"), ("checking", "negzero", "-0.00"), ("credit", "payment", "$1,299.99")
]
val _ = List.app post entries
val _ = List.app (fn (a, _) => let val i = interest (balance a, 125)
                               in post (a, "interest 1.25%", (if i < 0 then "-" else "") ^ Int.toString (abs i div 100) ^ "." ^
                                                             StringCvt.padLeft #"0" 2 (Int.toString (abs i mod 100))) end)
                 (rev (!accounts))
val _ = List.app (fn l => print (l ^ "\n")) (rev (!statement))
val sorted = foldl (fn ((a, b), acc) =>
                       let fun ins [] = [(a, b)]
                             | ins ((x, y) :: r) = if a < x then (a, b) :: (x, y) :: r else (x, y) :: ins r
                       in ins acc end) [] (!accounts)
val _ = print ("balances: " ^ String.concatWith ", " (map (fn (a, b) => a ^ " " ^ money b) sorted) ^ "\n")
val _ = print ("half-even: " ^ String.concatWith " " (map (fn (a, b) => Int.toString (roundHalfEven (a, b)))
                                                      [(5, 10), (15, 10), (25, 10), (~5, 10), (~15, 10), (7, 2), (9, 2), (1, 3), (2, 3)]) ^ "\n")
