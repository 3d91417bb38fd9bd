(* printf specialised to its format: a format string is parsed at
   generation time into literal pieces and directives (%d, %s, %c, %%),
   and the generated code takes the arguments as a list of a small
   datatype. Literal pieces are lifted whole; a bad format is an error at
   generation time, a wrong argument an error when the code runs. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype arg = I of int | S of string | C of char
exception Format of string
exception Args of string

datatype piece = Lit of string | DirI | DirS | DirC
fun parse fmt =
    let fun go ([], lit, acc) = rev (if lit = [] then acc else Lit (implode (rev lit)) :: acc)
          | go (#"%" :: d :: rest, lit, acc) =
              let val acc' = if lit = [] then acc else Lit (implode (rev lit)) :: acc
              in case d of
                     #"d" => go (rest, [], DirI :: acc')
                   | #"s" => go (rest, [], DirS :: acc')
                   | #"c" => go (rest, [], DirC :: acc')
                   | #"%" => go (rest, #"%" :: lit, acc)
                   | _ => raise Format ("unknown directive %" ^ str d)
              end
          | go ([#"%"], _, _) = raise Format "format ends in %"
          | go (c :: rest, lit, acc) = go (rest, c :: lit, acc)
    in go (explode fmt, [], []) end

(* interpreter *)
fun sprintf fmt args =
    let fun go ([], []) = ""
          | go (Lit s :: ps, xs) = s ^ go (ps, xs)
          | go (DirI :: ps, I n :: xs) = pi n ^ go (ps, xs)
          | go (DirS :: ps, S s :: xs) = s ^ go (ps, xs)
          | go (DirC :: ps, C c :: xs) = str c ^ go (ps, xs)
          | go ([], _) = raise Args "too many arguments"
          | go (_, _) = raise Args "argument mismatch"
    in go (parse fmt, args) end

(* staged *)
fun piecesGen [] = code (fn [] => "" | _ => raise Args "too many arguments")
  | piecesGen (p :: ps) =
      let cogen rest = piecesGen ps
      in case p of
             Lit s => let cogen lit = lift s in code (fn xs => lit ^ rest xs) end
           | DirI => code (fn (I n :: xs) => pi n ^ rest xs | _ => raise Args "argument mismatch")
           | DirS => code (fn (S s :: xs) => s ^ rest xs | _ => raise Args "argument mismatch")
           | DirC => code (fn (C c :: xs) => str c ^ rest xs | _ => raise Args "argument mismatch")
      end
fun compileFormat fmt = piecesGen (parse fmt)

val formats = [("%s is %d years old", [S "Ada", I 36]),
               ("100%% of %c%c", [C #"o", C #"k"]),
               ("no directives", []),
               ("%d%d%d", [I 1, I 2, I 3]),
               ("%s", [I 5]),
               ("%d and", [I 1, I 2]),
               ("%d", [])]
val _ = app (fn (fmt, args) =>
               let val f = eval (compileFormat fmt)
                   fun attempt g = g args handle Args m => "Args: " ^ m
                   val a = attempt f
                   val b = attempt (sprintf fmt)
               in pr ("\"" ^ fmt ^ "\" -> " ^ a ^ (if a = b then "" else "  (interpreter: " ^ b ^ ")")) end)
            formats

(* bad formats are rejected while generating *)
val _ = app (fn fmt => pr ("\"" ^ fmt ^ "\": " ^ ((ignore (compileFormat fmt); "compiled") handle Format m => "Format: " ^ m)))
            ["%q", "50%", "ok %%"]

(* a compiled format used many times *)
val row = eval (compileFormat "| %s | %d | %c |")
val _ = app (fn (n, v, c) => pr (row [S n, I v, C c])) [("alpha", 1, #"a"), ("beta", 22, #"b"), ("gamma", 333, #"g")]
