(* symbolic identifiers as constructors and exceptions, infix or not *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* `<>` is infix in the basis: after the datatype it still is, now as
   a constructor *)
datatype point = <> of int * int
val p = 3 <> 4
fun norm1 (x <> y) = abs x + abs y
val _ = pr (pi (norm1 p) ^ " " ^ pi (norm1 (op <> (~1, 2))))

datatype expr = Num of int | ++ of expr * expr | ** of expr * expr | ~~ of expr
infix 6 ++
infix 7 **
fun ev (Num n) = n
  | ev (a ++ b) = ev a + ev b
  | ev (a ** b) = ev a * ev b
  | ev (~~ e) = ~ (ev e)
val e = Num 2 ++ Num 3 ** ~~ (Num 4)
val _ = pr (pi (ev e))

(* nonfix symbolic constructors, one without an argument *)
datatype tok = ! | ? of string | $ of int
fun show ! = "!"
  | show (? s) = "?" ^ s
  | show ($ n) = "$" ^ pi n
val _ = pr (String.concatWith " " (map show [!, ? "x", $ 3]))

(* symbolic exceptions *)
exception %% of int
exception @@
val _ = pr ((raise %% 5) handle %% n => "caught " ^ pi n)
val _ = pr ((raise @@) handle @@ => "caught @@")

(* `*`, `::`-like and `:=`-named constructors are ordinary ones *)
datatype q = * of int * int | := of int
val _ = pr (case op * (2, 3) of op * (a, b) => pi a ^ "x" ^ pi b | op := _ => "assign")
