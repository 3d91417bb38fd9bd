(* A deterministic automaton given as a transition list is compiled by
   staging in two ways: a generated transition function (a chain of tests
   over the known transitions) driven by a loop, and one generated
   function per state, tied together through a lifted array of state
   functions filled in after generation. Both accept binary numbers
   divisible by 3, (ab)*c, and identifiers. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* transitions: (from, char, to); accepting states; start state 0; a missing transition rejects *)
type dfa = (int * char * int) list * int list

fun delta ([] : (int * char * int) list) = code (fn (_ : int, _ : char) => ~1)
  | delta ((q, c, q') :: rest) =
    let cogen r = delta rest cogen t = lift (q, c, q')
    in code (fn (s, x) => case t of (a, b, d) => if s = a andalso x = b then d else r (s, x)) end

fun compileLoop ((trans, accepting) : dfa) =
    let cogen d = delta trans cogen acc = lift accepting
    in code (fn str => let fun run (s, i) = if s < 0 then false
                                            else if i = size str then List.exists (fn a => a = s) acc
                                            else run (d (s, String.sub (str, i)), i + 1)
                       in run (0, 0) end)
    end

fun states (trans : (int * char * int) list) = foldl (fn ((a, _, b), m) => Int.max (m, Int.max (a, b))) 0 trans + 1

fun compileStates ((trans, accepting) : dfa) =
    let val n = states trans
        val table = Array.array (n, fn (_ : string, _ : int) => false)
        cogen tbl = lift table
        fun stateGen q =
            let val out = List.filter (fn (a, _, _) => a = q) trans
                fun arms [] = code (fn (_ : char, _ : string, _ : int) => false)
                  | arms ((_, c, q') :: more) =
                    let cogen r = arms more cogen c' = lift c cogen q'' = lift q'
                    in code (fn (x, s, i) => if x = c' then Array.sub (tbl, q'') (s, i) else r (x, s, i)) end
                cogen dispatch = arms out
                cogen final = lift (List.exists (fn a => a = q) accepting)
            in code (fn (s, i) => if i = size s then final else dispatch (String.sub (s, i), s, i + 1)) end
        val _ = List.app (fn q => Array.update (table, q, eval (stateGen q))) (List.tabulate (n, fn q => q))
    in code (fn s => Array.sub (tbl, 0) (s, 0)) end

val div3 : dfa = ([(0, #"0", 0), (0, #"1", 1), (1, #"0", 2), (1, #"1", 0), (2, #"0", 1), (2, #"1", 2)], [0])
val abc : dfa = ([(0, #"a", 1), (1, #"b", 0), (0, #"c", 2)], [2])
val letters = explode "abcxyz_"
val digits = explode "0123456789"
val ident : dfa = (map (fn c => (0, c, 1)) letters @ map (fn c => (1, c, 1)) (letters @ digits), [1])

fun bin n = if n < 2 then pi n else bin (n div 2) ^ pi (n mod 2)
fun yn b = if b then "y" else "n"
val d3a = eval (compileLoop div3)
val d3b = eval (compileStates div3)
val _ = pr (String.concat (List.tabulate (30, fn n => yn (d3a (bin n)))))
val _ = pr (String.concat (List.tabulate (30, fn n => yn (d3b (bin n)))))
val _ = pr (yn (d3a "") ^ yn (d3b "") ^ yn (d3a "12") ^ yn (d3b "12"))
val tests = ["c", "abc", "ababc", "abab", "abcc", "", "ac", "bc", "ababababababababc"]
val _ = pr (String.concatWith " " (map (fn t => yn (eval (compileLoop abc) t) ^ yn (eval (compileStates abc) t)) tests))
val idl = eval (compileLoop ident)
val ids = eval (compileStates ident)
val _ = pr (String.concatWith " " (map (fn t => t ^ "=" ^ yn (idl t) ^ yn (ids t)) ["x", "x1", "_tmp9", "9x", "", "abc_def", "a-b"]))
(* a long input through the knot-tied states: 4001 characters *)
val long = String.concat (List.tabulate (2000, fn _ => "ab")) ^ "c"
val _ = pr (yn (eval (compileStates abc) long) ^ yn (eval (compileLoop abc) long))
