(* Exception replication in patterns: `exception A = R` names the same
   exception, so a clause on `A 2` after one on `R 1` matches `R 2`, and a
   later clause on `R 2` is never reached; a replica of a different
   exception stays different. Handlers and clauses in both orders, nullary
   and carrying exceptions, a replica of a replica and of a built-in. *)
exception R of int and Q of int
exception A = R
exception B = Q
exception AA = A
exception Fine = Fail
exception N
exception M = N

fun f (R 1) = 1 | f (A 2) = 2 | f (R 2) = 3 | f (A 1) = 4 | f _ = 5
fun g (R 1) = 1 | g (B 2) = 2 | g (R 2) = 3 | g (B 1) = 4 | g _ = 5
fun h (AA n) = "AA " ^ Int.toString n | h (Q n) = "Q " ^ Int.toString n | h N = "N" | h _ = "other"

val show = String.concatWith " " o map Int.toString
val _ = print (show (map f [R 1, R 2, A 1, A 2, Q 1, Q 2, N]) ^ "\n")
val _ = print (show (map g [R 1, R 2, A 1, B 1, B 2, Q 3, M]) ^ "\n")
val _ = print (String.concatWith ", " (map h [R 7, A 8, AA 9, B 1, M, Fail "x"]) ^ "\n")

fun classify e =
  (raise e) handle M => "M" | AA 0 => "zero" | R n => "R" ^ Int.toString n
                 | Fine s => "Fail " ^ s | B n => "B" ^ Int.toString n
val _ = print (String.concatWith ", " (map classify [N, A 0, R 0, AA 5, Fail "boom", Q 4]) ^ "\n")
val _ = print (Bool.toString ((raise A 3) handle R 3 => true | _ => false) ^ "\n")
