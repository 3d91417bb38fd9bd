(* printf specialised in three stages: the directive language is fixed,
   the format string is known at stage 1 (parsed at generation time),
   the widths and padding character at stage 2 (a format family), the
   arguments at stage 3. Arguments are a list of a universal type;
   a mismatch raises a format error from generated code. The generated
   formatter of each stage is reused many times. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype arg = I of int | S of string | B of bool | C of char
datatype piece = Lit of string | Dint | Dstr | Dbool | Dchar | Dhex | Dwide of int   (* %d %s %b %c %x %Nd (width slot N) *)
exception Format of string

fun parse (fmt : string) : piece list =
    let val n = size fmt
        fun lit (i, acc) = if acc = "" then [] else [Lit acc]
        fun go (i, acc) =
            if i >= n then lit (i, acc)
            else if String.sub (fmt, i) = #"%" andalso i + 1 < n then
                let val d = String.sub (fmt, i + 1)
                    val rest = fn p => lit (i, acc) @ (p :: go (i + 2, ""))
                in case d of
                       #"d" => rest Dint | #"s" => rest Dstr | #"b" => rest Dbool | #"c" => rest Dchar | #"x" => rest Dhex
                     | #"%" => go (i + 2, acc ^ "%")
                     | _ => if Char.isDigit d andalso i + 2 < n andalso String.sub (fmt, i + 2) = #"d"
                            then lit (i, acc) @ (Dwide (ord d - ord #"0") :: go (i + 3, ""))
                            else raise Format ("bad directive %" ^ str d)
                end
            else go (i + 1, acc ^ str (String.sub (fmt, i)))
    in go (0, "") end

fun hex 0 = "0"
  | hex n = let fun go (0, acc) = acc | go (k, acc) = go (k div 16, str (String.sub ("0123456789abcdef", k mod 16)) ^ acc) in go (n, "") end

(* stage 1 builds a stage-2 generator from the pieces *)
fun pieces (ps : piece list) : [int list * char -> [arg list -> string]] =
    case ps of
        [] => code (fn (_, _) => code (fn args => case args of [] => "" | _ => raise Format "too many arguments"))
      | p :: rest =>
          let cogen more = pieces rest
          in case p of
                 Lit s => let cogen s' = lift s in code (fn wp => let cogen m = more wp in code (fn args => s' ^ m args) end) end
               | Dwide k =>
                   let cogen k' = lift k
                   in code (fn (widths, padc) =>
                        let cogen w = lift (List.nth (widths, k') handle Subscript => raise Format "no such width")
                            cogen pc = lift padc cogen m = more (widths, padc)
                        in code (fn I n :: args => let val s = pi n
                                                       fun pad t = if size t >= w then t else pad (str pc ^ t)
                                                   in pad s ^ m args end
                                  | _ => raise Format "expected int for width directive") end) end
               | other =>
                   let cogen conv = (case other of
                                         Dint => code (fn I n => pi n | _ => raise Format "expected int")
                                       | Dstr => code (fn S s => s | _ => raise Format "expected string")
                                       | Dbool => code (fn B b => Bool.toString b | _ => raise Format "expected bool")
                                       | Dchar => code (fn C c => str c | _ => raise Format "expected char")
                                       | _ => code (fn I n => hex n | _ => raise Format "expected int for %x"))
                   in code (fn wp => let cogen m = more wp in code (fn (a :: args) => conv a ^ m args | [] => raise Format "too few arguments") end) end
          end

fun printf (fmt : string) : int list * char -> arg list -> string =
    let val family = eval (pieces (parse fmt)) in fn wp => eval (family wp) end

val report = printf "%s: %0d items at %1d cents (%b) [%x] %c%%"
val plain = report ([1, 1], #" ")
val padded = report ([6, 4], #"0")
val _ = pr (plain [S "apples", I 12, I 99, B true, I 255, C #"!"])
val _ = pr (padded [S "pears", I 7, I 5, B false, I 4096, C #"?"])
val _ = pr ((padded [S "x", I 1]) handle Format f => "format error: " ^ f)
val _ = pr ((padded [S "x", S "y", I 1, B true, I 0, C #"c"]) handle Format f => "format error: " ^ f)
val _ = pr ((plain [S "a", I 1, I 2, B true, I 3, C #"c", I 9]) handle Format f => "format error: " ^ f)
val _ = pr ((report ([1], #" ") [S "a", I 1, I 2, B true, I 3, C #"c"]) handle Format f => "format error: " ^ f)
val _ = pr ((printf "%q" ([], #" ") []) handle Format f => "format error: " ^ f)
val _ = pr (printf "100%% literal, no directives" ([], #" ") [])
val table = printf "|%0d|%1d|%s" ([4, 8], #".")
val _ = List.app (fn i => pr (table [I i, I (i * i * i), S (if i mod 2 = 0 then "even" else "odd")])) [1, 2, 17, 123]
val total = foldl (fn (i, acc) => acc + size (table [I i, I (i * 3), S "z"])) 0 (List.tabulate (3000, fn i => i))
val _ = pr ("total " ^ pi total)
