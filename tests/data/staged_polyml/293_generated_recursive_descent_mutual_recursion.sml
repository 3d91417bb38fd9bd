(* A recursive-descent calculator generated from an operator table: the
   generated code declares its own token datatype and a ParseError
   exception carrying a position and a message, and parses with three
   mutually recursive functions (expr, term, factor).  The operator tests
   and the operator semantics are folded from the table into code at
   generation time.  Errors raised inside the generated parser are its
   own local exception, so the caller handles them through a wrapper
   that converts them to a result; Div raised by the generated code
   escapes to the caller unchanged. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype result = Value of int | Error of int * string

(* the operator table: precedence 1 (additive) and 2 (multiplicative) *)
val additive : (char * [int * int -> int]) list =
  [(#"+", code (fn (a, b) => a + b)), (#"-", code (fn (a, b) => a - b)), (#"|", code (fn (a, b) => Int.max (a, b)))]
val multiplicative : (char * [int * int -> int]) list =
  [(#"*", code (fn (a, b) => a * b)), (#"/", code (fn (a, b) => a div b)), (#"%", code (fn (a, b) => a mod b))]

(* membership test of a character in the table, unrolled *)
fun genIsOp [] = code (fn c : char => false)
  | genIsOp ((ch, _) :: rest) =
      let cogen r = genIsOp rest cogen ch' = lift ch
      in code (fn c => c = ch' orelse r c) end

(* the semantics: a chain of comparisons ending in an impossible case *)
fun genApply [] = code (fn (c : char, a : int, b : int) => raise Fail ("no operator " ^ str c))
  | genApply ((ch, f) :: rest) =
      let cogen r = genApply rest cogen f' = f cogen ch' = lift ch
      in code (fn (c, a, b) => if c = ch' then f' (a, b) else r (c, a, b)) end

fun genCalc (addOps, mulOps) : [string -> result] =
  let cogen isAdd = genIsOp addOps cogen isMul = genIsOp mulOps
      cogen applyAdd = genApply addOps cogen applyMul = genApply mulOps
  in code (fn (src : string) =>
       let datatype token = NUM of int | OP of char | LP | RP | END
           exception ParseError of int * string
           val n = size src
           (* lex returns the token at position i and the next position *)
           fun lex i =
             if i >= n then (END, i)
             else let val c = String.sub (src, i)
                  in if Char.isSpace c then lex (i + 1)
                     else if Char.isDigit c then digits (i, 0)
                     else if c = #"(" then (LP, i + 1)
                     else if c = #")" then (RP, i + 1)
                     else if isAdd c orelse isMul c then (OP c, i + 1)
                     else raise ParseError (i, "unexpected " ^ Char.toString c)
                  end
           and digits (i, acc) =
             if i < n andalso Char.isDigit (String.sub (src, i))
             then digits (i + 1, acc * 10 + (ord (String.sub (src, i)) - ord #"0"))
             else (NUM acc, i)
           fun expr i =
             let val (v, j) = term i in exprRest (v, j) end
           and exprRest (v, i) =
             case lex i of
               (OP c, j) => if isAdd c then let val (w, k) = term j in exprRest (applyAdd (c, v, w), k) end
                            else raise ParseError (i, "misplaced " ^ str c)
             | _ => (v, i)
           and term i =
             let val (v, j) = factor i in termRest (v, j) end
           and termRest (v, i) =
             case lex i of
               (OP c, j) => if isMul c then let val (w, k) = factor j in termRest (applyMul (c, v, w), k) end
                            else (v, i)
             | _ => (v, i)
           and factor i =
             case lex i of
               (NUM k, j) => (k, j)
             | (OP #"-", j) => let val (v, k) = factor j in (~v, k) end
             | (LP, j) => (case expr j of
                             (v, k) => (case lex k of
                                          (RP, l) => (v, l)
                                        | _ => raise ParseError (k, "expected )")))
             | (_, j) => raise ParseError (j - 1, "expected a number")
       in (case expr 0 of
             (v, i) => (case lex i of
                          (END, _) => Value v
                        | _ => Error (i, "trailing input")))
          handle ParseError (p, m) => Error (p, m)
       end)
  end

fun show (Value v) = "= " ^ pi v
  | show (Error (p, m)) = "error at " ^ pi p ^ ": " ^ m

val calc = eval (genCalc (additive, multiplicative))
val inputs = ["1 + 2 * 3", "(1 + 2) * 3", "10 - 4 - 3", "2 * (3 + 4) % 5", "7 | 3 * 4", "-(2 + 3) * -2",
              "12 / (3 - 3)", "1 + ", "1 + 2)", "(1 + 2", "3 $ 4", "  42  ", "100 / 7 / 2", "1 * * 2"]
val _ = List.app (fn s => pr (s ^ "  " ^ (show (calc s) handle Div => "raised Div"))) inputs

(* a second calculator from a smaller table: | and % are no longer operators *)
val small = eval (genCalc (List.take (additive, 2), List.take (multiplicative, 2)))
val _ = List.app (fn s => pr ("small: " ^ s ^ "  " ^ show (small s))) ["7 | 3", "9 % 2", "9 / 2 + 1"]

(* many runs of the generated parser on generated inputs *)
fun expr k = if k = 0 then "1" else "(" ^ expr (k - 1) ^ (if k mod 2 = 0 then " + " else " * ") ^ pi k ^ ")"
val deep = List.tabulate (30, fn k => calc (expr k))
val _ = pr ("nested: " ^ String.concatWith " " (map show (List.take (deep, 8))))
val total = foldl (fn (Value v, s) => s + v mod 1000 | (Error _, s) => s - 1) 0 deep
val _ = pr ("checksum " ^ pi total)
