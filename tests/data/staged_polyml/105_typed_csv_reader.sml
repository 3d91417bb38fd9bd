(* A staged CSV reader: the column types and the aggregate queries are
   known at generation time, the text at run time. Each column becomes
   generated parsing code (ints, strings, booleans, optional ints), a
   row becomes a generated record of parsed fields, and the queries
   (sum, count where, group totals) are generated folds over the rows.
   Malformed cells raise an exception carrying line and column,
   handled per line so good lines still count. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype col = CInt | CStr | CBool | COptInt
datatype cell = I of int | S of string | B of bool | N of int option
exception BadCell of int * int * string

fun parseCol (c : col, index : int) : [int * string -> cell] =
    let cogen ix = lift index
    in case c of
           CInt => code (fn (line, s) => case Int.fromString s of SOME n => I n | NONE => raise BadCell (line, ix, s))
         | CStr => code (fn (_, s) => S (String.translate (fn #"_" => " " | ch => str ch) s))
         | CBool => code (fn (line, s) => case s of "yes" => B true | "no" => B false | "true" => B true | "false" => B false
                                                    | _ => raise BadCell (line, ix, s))
         | COptInt => code (fn (line, s) => if s = "" then N NONE else case Int.fromString s of SOME n => N (SOME n) | NONE => raise BadCell (line, ix, s))
    end

fun rowParser (cols : col list) : [int * string list -> cell list] =
    let fun go ([], _) = code (fn (line : int, rest : string list) => case rest of [] => [] | x :: _ => raise BadCell (line, ~1, "extra " ^ x))
          | go (c :: cs, i) = let cogen here = parseCol (c, i) cogen more = go (cs, i + 1) cogen ix = lift i
                              in code (fn (line, fields) => case fields of
                                                                f :: fs => here (line, f) :: more (line, fs)
                                                              | [] => raise BadCell (line, ix, "missing")) end
    in go (cols, 0) end

fun reader (cols : col list) : [string -> cell list list * string list] =
    let cogen row = rowParser cols
    in code (fn text =>
            let val lines = String.tokens (fn c => c = #"\n") text
                fun go (_, [], good, bad) = (rev good, rev bad)
                  | go (n, l :: ls, good, bad) =
                      (case (row (n, String.fields (fn c => c = #",") l)) of
                           r => go (n + 1, ls, r :: good, bad))
                      handle BadCell (ln, c, s) => go (n + 1, ls, good, ("line " ^ pi ln ^ " col " ^ pi c ^ ": " ^ s) :: bad)
            in go (1, lines, [], []) end) end

(* queries: generated folds over parsed rows *)
fun sumCol (k : int) : [cell list list -> int] =
    let cogen k' = lift k
    in code (foldl (fn (r, acc) => case List.nth (r, k') of I n => acc + n | N (SOME n) => acc + n | _ => acc) 0) end
fun countWhere (k : int, pred : [cell -> bool]) : [cell list list -> int] =
    let cogen k' = lift k cogen p = pred in code (fn rows => length (List.filter (fn r => p (List.nth (r, k'))) rows)) end
fun groupTotals (key : int, value : int) : [cell list list -> (string * int) list] =
    let cogen kk = lift key cogen vk = lift value
    in code (fn rows => foldl (fn (r, groups) =>
                                 case (List.nth (r, kk), List.nth (r, vk)) of
                                     (S name, I v) => let fun add [] = [(name, v)]
                                                            | add ((n, t) :: rest) = if n = name then (n, t + v) :: rest else (n, t) :: add rest
                                                      in add groups end
                                   | _ => groups) [] rows) end

val schema = [CStr, CInt, CBool, COptInt, CStr]
val read = eval (reader schema)
val text = "widget,10,yes,3,north\n" ^ "gadget,~4,no,,south\n" ^ "doohickey,7,true,12,north\n" ^ "bad_row,x,yes,1,east\n" ^
           "thing,5,maybe,2,west\n" ^ "widget,1,false,,south\n" ^ "short,1\n" ^ "long,1,yes,1,east,extra\n" ^ "gizmo_big,100,no,~1,east\n"
val (rows, errors) = read text
val _ = pr (pi (length rows) ^ " rows, " ^ pi (length errors) ^ " errors")
val _ = List.app pr errors
val _ = pr ("sum qty " ^ pi (eval (sumCol 1) rows) ^ ", sum opt " ^ pi (eval (sumCol 3) rows))
val _ = pr ("in stock " ^ pi (eval (countWhere (2, code (fn B b => b | _ => false))) rows) ^
            ", missing opt " ^ pi (eval (countWhere (3, code (fn N NONE => true | _ => false))) rows))
val _ = pr (String.concatWith " " (map (fn (n, t) => n ^ "=" ^ pi t) (eval (groupTotals (4, 1)) rows)))
val _ = pr (String.concatWith " " (map (fn (n, t) => n ^ "=" ^ pi t) (eval (groupTotals (0, 1)) rows)))

(* a second schema, and a large generated input *)
val read2 = eval (reader [CInt, CInt, CStr])
val big = String.concat (List.tabulate (1500, fn i => pi i ^ "," ^ pi (i * i mod 97) ^ "," ^ (if i mod 5 = 0 then "five" else "other") ^ "\n"))
val (rows2, errs2) = read2 big
val _ = pr (pi (length rows2) ^ " " ^ pi (length errs2) ^ " " ^ pi (eval (sumCol 1) rows2) ^ " " ^
            String.concatWith " " (map (fn (n, t) => n ^ "=" ^ pi t) (eval (groupTotals (2, 0)) rows2)))
