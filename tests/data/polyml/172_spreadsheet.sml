(* A mini spreadsheet: cells hold formulas over other cells, parsed from
   strings; evaluation memoises in an array and detects cycles with a
   three-colour marking; updates invalidate dependants. *)

datatype formula =
    Lit of int
  | Ref of int * int                       (* row, column *)
  | BinOp of char * formula * formula
  | Sum of (int * int) * (int * int)       (* rectangle *)
  | IfPos of formula * formula * formula

datatype cellState = Unvisited | InProgress | Done of int | Failed of string

exception Cycle of (int * int) list
exception BadFormula of string
exception BadRef of string

val rows = 6 and cols = 5

val formulas = Array.array (rows * cols, Lit 0)
val state = Array.array (rows * cols, Unvisited)

fun index (r, c) =
  if r < 0 orelse r >= rows orelse c < 0 orelse c >= cols
  then raise BadRef (str (chr (ord #"A" + c)) ^ Int.toString (r + 1))
  else r * cols + c

fun cellName (r, c) = str (chr (ord #"A" + c)) ^ Int.toString (r + 1)

(* --- parsing "A1+B2*3", "SUM(A1:B3)", "IF(A1,B1,C1)" --- *)
fun parse (s : string) : formula =
  let
    val cs = List.filter (not o Char.isSpace) (explode s)
    fun number (cs, acc) =
      case cs of
        c :: rest => if Char.isDigit c then number (rest, acc * 10 + ord c - ord #"0") else (acc, cs)
      | [] => (acc, cs)
    fun cellRef (c :: rest) =
          if Char.isUpper c then
            (case rest of
               d :: _ => if Char.isDigit d then
                           let val (n, rest') = number (rest, 0) in ((n - 1, ord c - ord #"A"), rest') end
                         else raise BadFormula ("expected a row after " ^ str c)
             | [] => raise BadFormula "expected a row")
          else raise BadFormula ("expected a cell, found " ^ str c)
      | cellRef [] = raise BadFormula "expected a cell"
    fun expr cs =
      let val (a, rest) = term cs
          fun loop (a, #"+" :: rest) = let val (b, r) = term rest in loop (BinOp (#"+", a, b), r) end
            | loop (a, #"-" :: rest) = let val (b, r) = term rest in loop (BinOp (#"-", a, b), r) end
            | loop x = x
      in loop (a, rest) end
    and term cs =
      let val (a, rest) = factor cs
          fun loop (a, #"*" :: rest) = let val (b, r) = factor rest in loop (BinOp (#"*", a, b), r) end
            | loop (a, #"/" :: rest) = let val (b, r) = factor rest in loop (BinOp (#"/", a, b), r) end
            | loop x = x
      in loop (a, rest) end
    and factor cs =
      case cs of
        #"(" :: rest =>
          (case expr rest of
             (e, #")" :: r) => (e, r)
           | _ => raise BadFormula "missing )")
      | #"S" :: #"U" :: #"M" :: #"(" :: rest =>
          let val (a, r1) = cellRef rest
          in case r1 of
               #":" :: r2 =>
                 (case cellRef r2 of
                    (b, #")" :: r3) => (Sum (a, b), r3)
                  | _ => raise BadFormula "missing ) after SUM")
             | _ => raise BadFormula "expected : in SUM"
          end
      | #"I" :: #"F" :: #"(" :: rest =>
          (case expr rest of
             (c, #"," :: r1) =>
               (case expr r1 of
                  (t, #"," :: r2) =>
                    (case expr r2 of
                       (e, #")" :: r3) => (IfPos (c, t, e), r3)
                     | _ => raise BadFormula "missing ) after IF")
                | _ => raise BadFormula "IF needs three arguments")
           | _ => raise BadFormula "IF needs three arguments")
      | #"-" :: rest => let val (e, r) = factor rest in (BinOp (#"-", Lit 0, e), r) end
      | c :: _ =>
          if Char.isDigit c then let val (n, r) = number (cs, 0) in (Lit n, r) end
          else let val (rc, r) = cellRef cs in (Ref rc, r) end
      | [] => raise BadFormula "unexpected end"
  in
    case expr cs of
      (f, []) => f
    | (_, c :: _) => raise BadFormula ("unexpected " ^ str c)
  end

fun refsOf f =
  case f of
    Lit _ => []
  | Ref rc => [rc]
  | BinOp (_, a, b) => refsOf a @ refsOf b
  | Sum ((r1, c1), (r2, c2)) =>
      List.concat (List.tabulate (r2 - r1 + 1, fn i => List.tabulate (c2 - c1 + 1, fn j => (r1 + i, c1 + j))))
  | IfPos (a, b, c) => refsOf a @ refsOf b @ refsOf c

(* Evaluation with a stack of cells in progress for the cycle report. *)
fun value path rc =
  let val i = index rc
  in
    case Array.sub (state, i) of
      Done v => v
    | Failed m => raise BadFormula m
    | InProgress =>
        let fun upto [] = [rc]
              | upto (x :: xs) = if x = rc then [x] else x :: upto xs
        in raise Cycle (rev (rc :: upto path)) end
    | Unvisited =>
        (Array.update (state, i, InProgress);
         let val v = eval (rc :: path) (Array.sub (formulas, i))
                     handle e => (Array.update (state, i, Unvisited); raise e)
         in Array.update (state, i, Done v); v end)
  end
and eval path f =
  case f of
    Lit n => n
  | Ref rc => value path rc
  | BinOp (#"+", a, b) => eval path a + eval path b
  | BinOp (#"-", a, b) => eval path a - eval path b
  | BinOp (#"*", a, b) => eval path a * eval path b
  | BinOp (#"/", a, b) => (eval path a div eval path b handle Div => raise BadFormula "division by zero")
  | BinOp (c, _, _) => raise BadFormula ("operator " ^ str c)
  | Sum _ => foldl (fn (rc, acc) => acc + value path rc) 0 (refsOf f)
  | IfPos (c, t, e) => if eval path c > 0 then eval path t else eval path e

fun invalidate () = Array.modify (fn Done _ => Unvisited | Failed _ => Unvisited | s => s) state

fun set (name, text) =
  let val c = ord (String.sub (name, 0)) - ord #"A"
      val r = valOf (Int.fromString (String.extract (name, 1, NONE))) - 1
  in Array.update (formulas, index (r, c), parse text); invalidate () end
  handle BadFormula m => print ("cannot set " ^ name ^ " to \"" ^ text ^ "\": " ^ m ^ "\n")
       | BadRef m => print ("no cell " ^ m ^ "\n")

fun show () =
  let
    fun cell (r, c) =
      (Int.toString (value [] (r, c)))
      handle Cycle _ => "#CYCLE" | BadFormula _ => "#ERR" | BadRef _ => "#REF"
    fun row r = StringCvt.padLeft #" " 3 (Int.toString (r + 1)) ^ " |" ^
                String.concat (List.tabulate (cols, fn c => StringCvt.padLeft #" " 8 (cell (r, c))))
  in
    print ("    |" ^ String.concat (List.tabulate (cols, fn c => StringCvt.padLeft #" " 8 (str (chr (ord #"A" + c))))) ^ "\n");
    List.app (fn r => print (row r ^ "\n")) (List.tabulate (rows, fn r => r))
  end

val () = List.app set [
  ("A1", "10"), ("A2", "20"), ("A3", "30"), ("A4", "SUM(A1:A3)"),
  ("B1", "A1*2"), ("B2", "A2*2"), ("B3", "A3*2"), ("B4", "SUM(B1:B3)"),
  ("C1", "B4-A4"), ("C2", "IF(C1-50,1,0)"), ("C3", "(A1+A2)*(A3-A1)/4"),
  ("D1", "-A1+3"), ("E6", "SUM(A1:D4)"), ("E5", "E6/0")
]
val () = show ()
val () = print "-- make a cycle A1 -> B3 -> A3 -> ... --\n"
val () = (set ("A1", "B3+1"); set ("A3", "A1+5"))
val () = show ()
fun explain name rc =
  (ignore (value [] rc); print (name ^ " ok\n"))
  handle Cycle cs => print (name ^ ": cycle " ^ String.concatWith " -> " (map cellName cs) ^ "\n")
val () = explain "A4" (3, 0)
val () = explain "C1" (0, 2)
val () = print "-- break it --\n"
val () = set ("A3", "7")
val () = show ()
val () = List.app set [("A7", "1"), ("F1", "1"), ("B1", "SUM(A1:"), ("B2", "IF(A1,2)"), ("B3", "A1 $ 2"), ("C4", "A9")]
val () = show ()
val () = set ("B1", "B1")
val _ = value [] (0, 1)
