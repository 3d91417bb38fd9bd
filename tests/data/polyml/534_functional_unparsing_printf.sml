(* Danvy's functional unparsing: printf-like formats as combinators whose
   types compute the argument types, with continuation-passing. *)
fun lit s k acc = k (acc ^ s)
fun int k acc n = k (acc ^ Int.toString n)
fun str' k acc s = k (acc ^ s)
fun chr' k acc c = k (acc ^ String.str c)
fun bool k acc b = k (acc ^ Bool.toString b)
fun hex k acc n = k (acc ^ "0x" ^ Int.fmt StringCvt.HEX n)
fun padded w k acc n = k (acc ^ StringCvt.padLeft #" " w (Int.toString n))
fun list elt k acc xs = k (acc ^ "[" ^ String.concatWith ", " (map elt xs) ^ "]")
fun nl k acc = k (acc ^ "\n")
infix 5 ++
fun (f ++ g) k = f (g k)
fun sprintf fmt = fmt (fn s => s) ""
fun printf fmt = fmt (fn s => print s) ""

val _ = printf (lit "hello, " ++ str' ++ lit "!" ++ nl) "world"
val _ = printf (int ++ lit " + " ++ int ++ lit " = " ++ int ++ nl) 2 3 5
val greeting = sprintf (lit "<" ++ chr' ++ lit "|" ++ bool ++ lit ">") #"x" false
val _ = print (greeting ^ "\n")
val _ = printf (hex ++ lit " " ++ hex ++ nl) 255 ~4096
val row = padded 6 ++ padded 6 ++ padded 8 ++ nl
val _ = app (fn (a, b) => printf row a b (a * b)) [(1, 1), (12, 34), (~7, 123), (999, 999)]
val _ = printf (list Int.toString ++ lit " and " ++ list (fn s => "\"" ^ String.toString s ^ "\"") ++ nl)
               [1, 2, 3] ["a\tb", "q\"uote"]
(* formats are values: store them, partially apply them *)
val pair = lit "(" ++ int ++ lit ", " ++ int ++ lit ")"
val _ = print (String.concatWith " " (map (fn (a, b) => sprintf pair a b) [(0, 0), (~1, 1), (42, ~42)]) ^ "\n")
val half = printf (lit "x=" ++ int ++ lit " y=" ++ int ++ nl) 10
val _ = (half 20; half 30)
val counter = ref 0
fun tick k acc () = (counter := !counter + 1; k (acc ^ "#" ^ Int.toString (!counter)))
val _ = printf (tick ++ tick ++ lit " " ++ tick ++ nl) () () ()
