(* an S-expression reader (tokeniser and recursive parser with a position
   in a ref), a printer, and an evaluator for a Lisp-like arithmetic
   language with define and if *)
datatype sexp = Atom of string | Int of int | List of sexp list
exception ParseError of string * int
fun tokenize s =
  let val n = size s
      fun go (i, acc) =
        if i >= n then rev acc
        else let val c = String.sub (s, i) in
          if Char.isSpace c then go (i + 1, acc)
          else if c = #"(" orelse c = #")" then go (i + 1, (str c, i) :: acc)
          else let fun stop j = if j < n andalso not (Char.isSpace (String.sub (s, j))) andalso String.sub (s, j) <> #"(" andalso String.sub (s, j) <> #")" then stop (j + 1) else j
                   val j = stop i
               in go (j, (String.substring (s, i, j - i), i) :: acc) end
        end
  in go (0, []) end
fun parse s =
  let val toks = ref (tokenize s)
      fun next () = case !toks of [] => raise ParseError ("unexpected end", size s) | t :: rest => (toks := rest; t)
      fun expr () =
        case next () of
          ("(", _) => List (items ())
        | (")", p) => raise ParseError ("unexpected )", p)
        | (t, _) => (case Int.fromString t of SOME n => if String.isPrefix "~" t orelse Char.isDigit (String.sub (t, 0)) then Int n else Atom t | NONE => Atom t)
      and items () =
        case !toks of
          (")", _) :: rest => (toks := rest; [])
        | [] => raise ParseError ("missing )", size s)
        | _ => let val e = expr () in e :: items () end
      val e = expr ()
  in case !toks of [] => e | (t, p) :: _ => raise ParseError ("trailing " ^ t, p) end
fun show (Atom a) = a
  | show (Int n) = Int.toString n
  | show (List l) = "(" ^ String.concatWith " " (map show l) ^ ")"
exception EvalError of string
val globals = ref ([] : (string * int) list)
fun eval env (Int n) = n
  | eval env (Atom a) =
      (case List.find (fn (k, _) => k = a) (env @ !globals) of SOME (_, v) => v | NONE => raise EvalError ("unbound " ^ a))
  | eval env (List [Atom "define", Atom x, e]) = let val v = eval env e in globals := (x, v) :: !globals; v end
  | eval env (List [Atom "if", c, a, b]) = if eval env c <> 0 then eval env a else eval env b
  | eval env (List [Atom "let", List [Atom x, e], body]) = eval ((x, eval env e) :: env) body
  | eval env (List (Atom f :: args)) =
      let val vs = map (eval env) args in
        case (f, vs) of
          ("+", _) => foldl op+ 0 vs
        | ("*", _) => foldl op* 1 vs
        | ("-", [a]) => ~a
        | ("-", a :: rest) => foldl (fn (x, acc) => acc - x) a rest
        | ("<", [a, b]) => if a < b then 1 else 0
        | ("=", [a, b]) => if a = b then 1 else 0
        | _ => raise EvalError ("bad call " ^ f)
      end
  | eval env e = raise EvalError ("cannot evaluate " ^ show e)
fun run s =
  print (s ^ " => " ^ (Int.toString (eval [] (parse s))
                       handle ParseError (m, p) => "parse error at " ^ Int.toString p ^ ": " ^ m
                            | EvalError m => "error: " ^ m) ^ "\n")
val _ = app run ["(+ 1 2 3)", "(* 2 (- 10 4))", "(define x 7)", "(if (< x 10) (* x x) 0)", "(let (y 5) (+ x y))",
                 "(- 5)", "(- 10 1 2 3)", "(+ 1 (foo 2))", "(+ 1 2", "(+ 1 2))", ")", "z", "(= x 7)", "()", "~3"]
val _ = print (show (parse "(a (b c) (d (e f) g) ())") ^ "\n")
val _ = parse "(unclosed"
