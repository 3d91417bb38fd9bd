(* Wang's algorithm: a sequent-calculus prover for propositional logic, with
   a recursive-descent parser for formulas (precedence ~ > & > | > -> > <->)
   that reports syntax errors by exceptions carrying the position. *)
datatype prop = Atom of string | Not of prop | And of prop * prop | Or of prop * prop
              | Imp of prop * prop | Iff of prop * prop
exception Syntax of int * string

datatype tok = TId of string | TSym of string | TEnd
fun lex s =
  let val n = size s
      fun go (i, acc) =
        if i >= n then rev ((TEnd, i) :: acc)
        else let val c = String.sub (s, i) in
          if Char.isSpace c then go (i + 1, acc)
          else if Char.isAlpha c then
            let val j = ref i in
              while !j < n andalso Char.isAlphaNum (String.sub (s, !j)) do j := !j + 1;
              go (!j, (TId (String.substring (s, i, !j - i)), i) :: acc) end
          else if String.isPrefix "<->" (String.extract (s, i, NONE)) then go (i + 3, (TSym "<->", i) :: acc)
          else if String.isPrefix "->" (String.extract (s, i, NONE)) then go (i + 2, (TSym "->", i) :: acc)
          else if Char.contains "~&|()" c then go (i + 1, (TSym (str c), i) :: acc)
          else raise Syntax (i, "unexpected character " ^ Char.toString c)
        end
  in go (0, []) end

fun parse s =
  let val toks = ref (lex s)
      fun peek () = #1 (hd (!toks))
      fun pos () = #2 (hd (!toks))
      fun advance () = toks := tl (!toks)
      fun expect t = if peek () = TSym t then advance () else raise Syntax (pos (), "expected " ^ t)
      fun iff () = let val l = imp () in if peek () = TSym "<->" then (advance (); Iff (l, iff ())) else l end
      and imp () = let val l = disj () in if peek () = TSym "->" then (advance (); Imp (l, imp ())) else l end
      and disj () = let fun loop l = if peek () = TSym "|" then (advance (); loop (Or (l, conj ()))) else l in loop (conj ()) end
      and conj () = let fun loop l = if peek () = TSym "&" then (advance (); loop (And (l, unary ()))) else l in loop (unary ()) end
      and unary () =
        case peek () of
          TSym "~" => (advance (); Not (unary ()))
        | TSym "(" => (advance (); let val p = iff () in expect ")"; p end)
        | TId x => (advance (); Atom x)
        | TEnd => raise Syntax (pos (), "unexpected end")
        | TSym t => raise Syntax (pos (), "unexpected " ^ t)
      val p = iff ()
  in if peek () = TEnd then p else raise Syntax (pos (), "trailing input") end

(* prove (left, right, atomsL, atomsR): left |- right *)
fun prove ([], [], al, ar) = List.exists (fn a => List.exists (fn b => a = b) ar) al
  | prove (Atom a :: l, r, al, ar) = prove (l, r, a :: al, ar)
  | prove (Not p :: l, r, al, ar) = prove (l, p :: r, al, ar)
  | prove (And (p, q) :: l, r, al, ar) = prove (p :: q :: l, r, al, ar)
  | prove (Or (p, q) :: l, r, al, ar) = prove (p :: l, r, al, ar) andalso prove (q :: l, r, al, ar)
  | prove (Imp (p, q) :: l, r, al, ar) = prove (l, p :: r, al, ar) andalso prove (q :: l, r, al, ar)
  | prove (Iff (p, q) :: l, r, al, ar) = prove (And (Imp (p, q), Imp (q, p)) :: l, r, al, ar)
  | prove ([], Atom a :: r, al, ar) = prove ([], r, al, a :: ar)
  | prove ([], Not p :: r, al, ar) = prove ([p], r, al, ar)
  | prove ([], And (p, q) :: r, al, ar) = prove ([], p :: r, al, ar) andalso prove ([], q :: r, al, ar)
  | prove ([], Or (p, q) :: r, al, ar) = prove ([], p :: q :: r, al, ar)
  | prove ([], Imp (p, q) :: r, al, ar) = prove ([p], q :: r, al, ar)
  | prove ([], Iff (p, q) :: r, al, ar) = prove ([], And (Imp (p, q), Imp (q, p)) :: r, al, ar)

fun show (Atom a) = a
  | show (Not p) = "~" ^ show p
  | show (And (p, q)) = "(" ^ show p ^ " & " ^ show q ^ ")"
  | show (Or (p, q)) = "(" ^ show p ^ " | " ^ show q ^ ")"
  | show (Imp (p, q)) = "(" ^ show p ^ " -> " ^ show q ^ ")"
  | show (Iff (p, q)) = "(" ^ show p ^ " <-> " ^ show q ^ ")"

fun check s =
  let val p = parse s
  in print ((if prove ([], [p], [], []) then "valid    " else "invalid  ") ^ show p ^ "\n") end
  handle Syntax (i, msg) => print ("error    " ^ s ^ "\n         " ^ CharVector.tabulate (i, fn _ => #" ") ^ "^ " ^ msg ^ "\n")

val _ = app check
  ["p | ~p", "p & ~p", "(p -> q) -> (~q -> ~p)", "((p -> q) -> p) -> p", "p -> q -> p",
   "(p -> q) <-> (~p | q)", "p & q | r <-> (p | r) & (q | r)", "a1 -> a2", "~~p <-> p",
   "(p -> q) & (q -> r) -> (p -> r)", "p | q & r -> p", "p -> (q", "p & & q", "p $ q", "p q", "", "~(p <-> q) <-> (p <-> ~q)"]
val _ = parse "(a"
