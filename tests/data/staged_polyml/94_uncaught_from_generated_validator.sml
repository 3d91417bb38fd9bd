(* A staged validator for records of a fixed schema: the schema is
   known at generation time and compiled into checking code that raises
   a top-level exception carrying the field and row. Bad rows are first
   caught and reported; finally a row is checked outside any handler and
   the exception escapes from the generated code, after the output so far. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype field = IntIn of int * int | NonEmpty | OneOf of string list | Digits of int
exception Invalid of string * int

fun fieldCheck (name : string, f : field) : [int * string -> unit] =
    let cogen n = lift name
    in case f of
           IntIn (lo, hi) =>
             let cogen lo' = lift lo cogen hi' = lift hi
             in code (fn (row, s) => case Int.fromString s of
                                         SOME v => if v < lo' orelse v > hi' then raise Invalid (n ^ " out of range", row) else ()
                                       | NONE => raise Invalid (n ^ " not a number", row)) end
         | NonEmpty => code (fn (row, s) => if s = "" then raise Invalid (n ^ " empty", row) else ())
         | OneOf allowed =>
             let cogen a = lift allowed in code (fn (row, s) => if List.exists (fn x => x = s) a then () else raise Invalid (n ^ " = " ^ s, row)) end
         | Digits k =>
             let cogen k' = lift k
             in code (fn (row, s) => if size s = k' andalso List.all Char.isDigit (explode s) then () else raise Invalid (n ^ " needs " ^ pi k' ^ " digits", row)) end
    end

fun schemaCheck (schema : (string * field) list) : [int * string list -> unit] =
    case schema of
        [] => code (fn (row, extra) => case extra of [] => () | _ => raise Invalid ("extra fields", row))
      | (name, f) :: rest =>
          let cogen here = fieldCheck (name, f) cogen others = schemaCheck rest cogen n = lift name
          in code (fn (row, vals) => case vals of
                                         v :: vs => (here (row, v); others (row, vs))
                                       | [] => raise Invalid ("missing " ^ n, row)) end

val schema = [("name", NonEmpty), ("age", IntIn (0, 150)), ("role", OneOf ["admin", "user", "guest"]), ("zip", Digits 5)]
val check = eval (schemaCheck schema)

val rows = [["ada", "36", "admin", "12345"], ["", "20", "user", "11111"], ["bob", "200", "user", "22222"],
            ["cy", "x", "guest", "33333"], ["di", "40", "root", "44444"], ["ed", "50", "user", "123"],
            ["fay", "60"], ["gus", "70", "user", "55555", "extra"], ["hal", "80", "guest", "66666"]]
val good = ref 0
val _ = List.app (fn (i, r) => (check (i, r); good := !good + 1) handle Invalid (why, row) => pr ("row " ^ pi row ^ ": " ^ why))
                 (ListPair.zip (List.tabulate (length rows, fn i => i), rows))
val _ = pr (pi (!good) ^ " good rows")

(* the check run many times on good data *)
val _ = List.app (fn i => check (i, ["n" ^ pi i, pi (i mod 151), "user", "98765"])) (List.tabulate (3000, fn i => i))
val _ = pr "3000 generated rows checked"
val _ = check (99, ["zed", "151", "user", "00000"])
val _ = pr "not reached"
