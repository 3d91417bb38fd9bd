(* Danvy's "Functional Unparsing" (JFP 1998): printf with typed directives
   (lit, int, str, composed with ++), staged as in Yallop and White,
   "Modular macros" / the MetaOCaml printf examples, and Asai's
   "On typing delimited continuations: three new solutions to the printf
   problem": the format is known at generation time, so the generated
   function takes its arguments curried and concatenates without looking
   at a format again. Directives are polymorphic generators; a format
   can also arrive one stage later (code nested two deep), and a directive
   may raise (a bounded-width field) at run time. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* a directive maps the code of the continuation to the code of the function *)
fun lit (s : string) (k : [string -> 'a]) : [string -> 'a] =
    let cogen k' = k cogen s' = lift s in code (fn acc => k' (acc ^ s')) end
fun int (k : [string -> 'a]) : [string -> int -> 'a] =
    let cogen k' = k in code (fn acc => fn n => k' (acc ^ Int.toString n)) end
fun str (k : [string -> 'a]) : [string -> string -> 'a] =
    let cogen k' = k in code (fn acc => fn s => k' (acc ^ s)) end
exception Width of int
fun padded (w : int) (k : [string -> 'a]) : [string -> int -> 'a] =
    let cogen k' = k cogen w' = lift w
    in code (fn acc => fn n => let val s = Int.toString n
                                in if size s > w' then raise Width n else k' (acc ^ StringCvt.padLeft #" " w' s) end) end
fun list (k : [string -> 'a]) : [string -> int list -> 'a] =
    let cogen k' = k in code (fn acc => fn l => k' (acc ^ "[" ^ String.concatWith ", " (map Int.toString l) ^ "]")) end
infixr 5 ++
fun (f ++ g) k = f (g k)

fun sprintf (dir : [string -> string] -> [string -> 'b]) : ['b] =
    let cogen f = dir (code (fn acc => acc)) in code (f "") end

val greet = eval (sprintf (lit "Hello, " ++ str ++ lit "! You are " ++ int ++ lit " years old."))
val _ = pr (greet "Alice" 30)
val _ = pr (greet "Bob" ~1)
val row = eval (sprintf (padded 5 ++ lit " | " ++ padded 8 ++ lit " | " ++ str))
val _ = List.app (fn (a, b, c) => pr (row a b c)) [(1, 100, "one"), (12345, ~7, "two"), (0, 0, "")]
val _ = pr (row 123456 1 "wide" handle Width n => "field too narrow for " ^ pi n)
val lists = eval (sprintf (lit "xs = " ++ list ++ lit ", n = " ++ int))
val _ = pr (lists [1, 2, 3] 3)
val _ = pr (lists [] 0)
val nothing = eval (sprintf (lit ""))
val _ = pr ("[" ^ nothing ^ "]")

(* partial application of generated printers: a table of lines *)
val line = eval (sprintf (str ++ lit ": " ++ int ++ lit "/" ++ int))
val named = map line ["alpha", "beta", "gamma"]
val _ = List.app pr (ListPair.map (fn (f, (a, b)) => f a b) (named, [(1, 2), (3, 4), (5, 6)]))

(* the format itself chosen at stage 1: code that, given a separator, generates a printer *)
val withSep : [string -> [int -> int -> int -> string]] =
    code (fn sep => sprintf (int ++ lit sep ++ int ++ lit sep ++ int))
val csvLine = eval (eval withSep ",")
val tsvLine = eval (eval withSep " :: ")
val _ = pr (csvLine 1 2 3 ^ " / " ^ tsvLine 4 5 6)
(* a printer used 500 times *)
val count = ref 0
val tick = eval (sprintf (lit "#" ++ int))
val _ = List.app (fn i => count := !count + size (tick i)) (List.tabulate (500, fn i => i))
val _ = pr ("total length " ^ pi (!count))
