(* printf-like format strings compiled to code: %d %s %c %x %% and a width
   (%5d, %-5s); the format is parsed at generation time, the arguments
   (a list of tagged values) are checked when the code runs *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype arg = I of int | S of string | C of char | W of word
datatype piece = Text of string | Conv of int * bool * char
exception Format of string
exception Args of string
fun digitsOf (c :: r, n) = if Char.isDigit c then digitsOf (r, n * 10 + ord c - ord #"0") else (n, c :: r)
  | digitsOf ([], n) = (n, [])
fun parse cs =
  let fun text ([], acc) = if null acc then [] else [Text (implode (rev acc))]
        | text (#"%" :: #"%" :: r, acc) = text (r, #"%" :: acc)
        | text (#"%" :: r, acc) =
            let val (left, r1) = case r of #"-" :: r' => (true, r') | _ => (false, r)
                val (width, r2) = digitsOf (r1, 0)
            in case r2 of
                 c :: r3 => if c = #"d" orelse c = #"s" orelse c = #"c" orelse c = #"x"
                            then (if null acc then [] else [Text (implode (rev acc))]) @ Conv (width, left, c) :: text (r3, [])
                            else raise Format ("bad conversion %" ^ str c)
               | [] => raise Format "trailing %"
            end
        | text (c :: r, acc) = text (r, c :: acc)
  in text (cs, []) end
fun pad (width, left, s) =
  let fun spaces n = if n <= 0 then "" else " " ^ spaces (n - 1)
  in if left then s ^ spaces (width - size s) else spaces (width - size s) ^ s end
fun convert (#"d", I n) = pi n
  | convert (#"s", S s) = s
  | convert (#"c", C c) = str c
  | convert (#"x", W w) = Word.toString w
  | convert (c, _) = raise Args ("argument does not fit %" ^ str c)
fun genPieces [] = code (fn [] => "" | _ => raise Args "too many arguments")
  | genPieces (Text t :: rest) = let cogen lt = lift t cogen more = genPieces rest in code (fn args => lt ^ more args) end
  | genPieces (Conv (width, left, c) :: rest) =
      let cogen w = lift width cogen l = lift left cogen k = lift c cogen more = genPieces rest
      in code (fn [] => raise Args "too few arguments" | a :: args => let val s = pad (w, l, convert (k, a)) in s ^ more args end) end
fun sprintf fmt = let cogen f = genPieces (parse (explode fmt)) in code f end
fun try fmt args = (pr ("[" ^ eval (sprintf fmt) args ^ "]"))
                   handle Format m => pr ("format error: " ^ m) | Args m => pr ("argument error: " ^ m)
val _ = try "hello" []
val _ = try "%d + %d = %d" [I 1, I 2, I 3]
val _ = try "%5d|%-5d|%2d" [I 42, I ~7, I 12345]
val _ = try "name: %-8s age: %3d %c%c" [S "ada", I 36, C #"!", C #"\n"]
val _ = try "100%% sure, 0x%x" [W 0w48879]
val _ = try "%d" [S "not an int"]
val _ = try "%d %d" [I 1]
val _ = try "%s" [S "a", S "b"]
val _ = try "%q" [I 1]
val _ = try "oops %" []
val _ = try "%%%%%%" []
val _ = try "" []
val _ = try "%0s|%-0s|%10s" [S "x", S "y", S ""]
(* the same compiled format used many times *)
val row = eval (sprintf "%-6s%4d%4d\n")
val table = [("alpha", 1, 22), ("beta", 333, 4), ("gamma", ~5, 6000)]
val _ = app (fn (n, a, b) => print (row [S n, I a, I b])) table
val counts = ref 0
val fmtCount = eval (let cogen f = sprintf "%d," in code (fn n => (counts := !counts + 1; f [I n])) end)
val _ = pr (String.concat (List.tabulate (12, fmtCount)) ^ " calls " ^ pi (!counts))
