(* Exceptions whose arguments are functions (a pair of them, a list
   function, a comparison), re-raised wrapped, picked apart by nested
   patterns with as, and handlers layered three deep where each level
   catches a different part. *)
exception Carry of (int -> int) * (string -> string)
exception CarryL of (int list -> int list)
exception Pair of exn * exn
exception Wrap of exn
fun tw f x = f (f x)
val r = (raise Carry (tw (fn x => x * 3), tw (fn s => s ^ "!")))
        handle e as Carry (f, g) => (print (g "hey" ^ Int.toString (f 2) ^ "\n"); 
                                     (raise Wrap e) handle Wrap (Carry (h, _)) => h 1 | Wrap _ => 0)
val _ = print (Int.toString r ^ "\n")
fun rev' l = raise CarryL (fn m => rev l @ m)
val _ = (rev' [1,2,3]; ()) handle CarryL k => print (String.concatWith ";" (map Int.toString (k [9])) ^ "\n")
fun classify e = case e of
    Pair (a as Carry _, b) => "pc:" ^ classify b
  | Pair (a, b as Pair _) => "pp:" ^ classify a ^ "/" ^ classify b
  | Pair (a, b) => "p:" ^ classify a ^ "/" ^ classify b
  | Wrap (w as Wrap _) => "ww" ^ classify w
  | Wrap x => "w" ^ classify x
  | Carry _ => "c"
  | CarryL _ => "cl"
  | Div => "div"
  | Overflow => "ovf"
  | Fail s => "fail(" ^ s ^ ")"
  | Subscript => "sub"
  | _ => "?" ^ exnName e
val es = [Pair (Carry (fn x => x, fn s => s), Div), Pair (Div, Pair (Overflow, Fail "z")),
          Wrap (Wrap (Wrap Subscript)), Pair (Wrap Chr, Size), Empty, Option, Match, Bind]
val _ = app (fn e => print (classify e ^ "\n")) es
fun layered n =
  (((if n = 0 then raise Div else if n = 1 then raise Wrap (Fail "one")
     else if n = 2 then raise Pair (Div, Overflow) else n div (n - 3))
    handle x as Wrap (y as Fail s) => (print ("inner " ^ s ^ " " ^ exnName x ^ " " ^ exnName y ^ "\n"); 10))
   handle p as Pair (q, _) => (print (exnName p ^ ":" ^ exnName q ^ "\n"); 20)
        | Div => 30) handle any => (print ("outer " ^ exnName any ^ "\n"); 40)
val _ = print (String.concatWith " " (map (Int.toString o layered) [0, 1, 2, 3, 4, 6]) ^ "\n")
(* polymorphic function in exception via value restriction-safe instantiation *)
exception Poly of (int * int -> bool)
fun sorter cmp = raise Poly cmp
val lt = (sorter (op <)) handle Poly f => f
val _ = print (Bool.toString (lt (1, 2)) ^ Bool.toString (lt (3, 2)) ^ "\n")
fun rethrow n = (raise Fail (Int.toString n)) handle e as Fail s => if n > 3 then raise e else rethrow (n + 1)
val _ = rethrow 0 handle Fail s => print ("final " ^ s ^ "\n")
