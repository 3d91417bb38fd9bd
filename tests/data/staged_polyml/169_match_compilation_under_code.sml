(* Match compilation inside generated code: a token type of seven constructors with constant, nested and layered arms, handlers over exceptions with arguments, nested patterns on lists of tuples of options, a lookup table of char constants spliced in as tests, string and word constants under code *)
datatype tok = Num of int | Id of string | Op of char | LP | RP | Kw of string * int | Eof
exception Bad of tok
exception Stop
exception Str of string
fun say s = print (s ^ "\n")
val classify = code (fn t =>
  case t of
    Num 0 => "zero"
  | Num n => if n < 0 then "neg" else "num"
  | Id "let" => "kw-let"
  | Id "in" => "kw-in" | Id "end" => "kw-end"
  | Id s => "id:" ^ s
  | Op #"+" => "plus"
  | Op #"-" => "minus" | Op #"~" => "tilde"
  | Op c => "op:" ^ String.str c
  | LP => "lp" | RP => "rp"
  | Kw (k as "fun", n as 2) => k ^ Int.toString n
  | Kw (_, 0) => "kw0"
  | Kw (s, n) => s ^ "/" ^ Int.toString n
  | Eof => "eof")
val cl = eval classify
val _ = List.app (fn t => say (cl t)) [Num 0, Num ~3, Num 5, Id "let", Id "in", Id "end", Id "x", Op #"+", Op #"-", Op #"~", Op #"*", LP, RP, Kw ("fun", 2), Kw ("fun", 3), Kw ("a", 0), Eof]
val h = code (fn f => (f (); "ok") handle Bad (Num n) => "badnum" ^ Int.toString n
                                     | Bad (t as Id _) => "badid"
                                     | Bad _ => "bad"
                                     | Str "a" => "str-a"
                                     | Str s => "str:" ^ s
                                     | Stop => "stop"
                                     | Div => "div"
                                     | e => "other:" ^ exnName e)
val hh = eval h
val _ = List.app (fn f => say (hh f)) [fn () => raise Bad (Num 4), fn () => raise Bad (Id "q"), fn () => raise Bad LP,
   fn () => raise Str "a", fn () => raise Str "z", fn () => raise Stop, fn () => ignore (1 div 0), fn () => raise Subscript, fn () => ()]
(* nested patterns on lists of tuples of options *)
val nest = code (fn l => case l of
    [] => 0
  | [(SOME a, _)] => a
  | (NONE, SOME b) :: (x as (SOME c, _)) :: _ => b * c + (case x of (SOME d, _) => d | _ => 0)
  | (_, NONE) :: rest => 100 + length rest
  | _ :: _ :: _ => ~1
  | [(NONE, SOME z)] => z * 1000)
val nf = eval nest
val _ = say (String.concatWith "," (map (Int.toString o nf) [[], [(SOME 7, NONE)], [(NONE, SOME 2), (SOME 3, NONE)], [(NONE, NONE), (NONE, NONE), (NONE,NONE)], [(SOME 1, SOME 1), (NONE, NONE)], [(NONE, SOME 9)]]))
(* generation-time tables spliced in as case arms *)
fun gen [] = code (fn _ => "none")
  | gen ((k, v) :: rest) = let cogen r = gen rest cogen k' = lift k cogen v' = lift v in code (fn c => if c = k' then v' else r c) end
val look = eval (gen [(#"a", "alpha"), (#"\n", "newline"), (#"\"", "quote"), (#"\\", "backslash"), (#"\255", "ff")])
val _ = List.app (fn c => say (look c)) [#"a", #"\n", #"\"", #"\\", #"\255", #"z"]
val strs = code ["", "\t", "\000", "a\"b", "\u00e9", "line\nbreak"]
val _ = List.app (fn s => say (Int.toString (size s) ^ ":" ^ String.toString s)) (eval strs)
val wc = code (fn (0w0 : word) => "w0" | 0wxff => "wff" | w => Word.toString w)
val _ = say (String.concatWith " " (map (eval wc) [0w0, 0wxff, 0w17]))
