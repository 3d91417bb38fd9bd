(* Staged parser combinators: Jonnalagedda, Coppey, Stucki, Rompf and
   Odersky, "Staged Parser Combinators for Efficient Data Processing"
   (OOPSLA 2014), and Krishnaswami and Yallop, "A Typed, Algebraic Approach
   to Parsing" (PLDI 2019): the grammar is known at generation time, so the
   combinators disappear and the generated parser is a set of plain
   functions over the input. Recursive nonterminals (fix) call themselves
   through a table of parsers filled when the generated code first runs
   (MetaOCaml's letrec insertion needs open code; this is the closed
   modal analogue). Semantic actions run at parse time; a division by zero
   in an action is an exception from generated code, handled at stage 0. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

type parser = string * int -> (int * int) option   (* value, next position *)
val table : parser array = Array.array (16, fn _ => NONE)
val nextSlot = ref 0

fun chr (c : char) : [parser] =
    let cogen c' = lift c
    in code (fn (s, i) => if i < size s andalso String.sub (s, i) = c' then SOME (ord c', i + 1) else NONE) end
fun digit () : [parser] =
    code (fn (s, i) => if i < size s andalso Char.isDigit (String.sub (s, i)) then SOME (ord (String.sub (s, i)) - 48, i + 1) else NONE)
fun alt (p : [parser]) (q : [parser]) : [parser] =
    let cogen p' = p cogen q' = q in code (fn inp => case p' inp of NONE => q' inp | r => r) end
(* seq with a semantic action known at generation time *)
fun seqWith (p : [parser]) (q : [parser]) (f : [int * int -> int]) : [parser] =
    let cogen p' = p cogen q' = q cogen f' = f
    in code (fn (s, i) => case p' (s, i) of
                              NONE => NONE
                            | SOME (a, j) => (case q' (s, j) of NONE => NONE | SOME (b, k) => SOME (f' (a, b), k))) end
fun mapP (p : [parser]) (f : [int -> int]) : [parser] =
    let cogen p' = p cogen f' = f in code (fn inp => case p' inp of NONE => NONE | SOME (a, j) => SOME (f' a, j)) end
(* left fold of many: p (op p)* where op yields a code for the operator *)
fun chainl (p : [parser]) (ops : (char * [int * int -> int]) list) : [parser] =
    let fun dispatch [] = code (fn _ => NONE)
          | dispatch ((c, f) :: rest) =
              let cogen c' = lift c cogen f' = f cogen r = dispatch rest
              in code (fn (s, i) => if i < size s andalso String.sub (s, i) = c' then SOME (f', i + 1) else r (s, i)) end
        cogen p' = p cogen op' = dispatch ops
    in code (fn (str, start) =>
         case p' (str, start) of
             NONE => NONE
           | SOME (a, j) =>
               let fun loop (acc, (s, j)) =
                       case op' (s, j) of
                           NONE => SOME (acc, j)
                         | SOME (f, k) => (case p' (s, k) of NONE => SOME (acc, j) | SOME (b, l) => loop (f (acc, b), (s, l)))
               in loop (a, (str, j)) end)
    end
fun fix (f : [parser] -> [parser]) : [parser] =
    let val slot = !nextSlot
        val _ = nextSlot := slot + 1
        cogen s = lift slot
        cogen body = f (code (fn inp => Array.sub (table, s) inp))
    in code (let val b = body in fn inp => (Array.update (table, s, b); b inp) end) end

val number = let val d = digit () in chainl d [(#"'", code (fn (a, b) => 10 * a + b))] end   (* digits separated by ' *)
fun digits () : [parser] =
    let cogen d = digit ()
    in code (fn (s, i) =>
         let fun more (acc, j) = case d (s, j) of NONE => (acc, j) | SOME (x, k) => more (10 * acc + x, k)
         in case d (s, i) of NONE => NONE | SOME (x, j) => SOME (more (x, j)) end)
    end
val expr = fix (fn self =>
    let val atom = alt (digits ())
                       (seqWith (seqWith (chr #"(") self (code (fn (_, e) => e))) (chr #")") (code (fn (e, _) => e)))
        val unary = alt (seqWith (chr #"-") atom (code (fn (_, e) => ~e))) atom
        val term = chainl unary [(#"*", code (op * )), (#"/", code (op div)), (#"%", code (op mod))]
    in chainl term [(#"+", code (op +)), (#"-", code (op -))] end)
val parse = eval expr
fun run s = pr (s ^ " => " ^ (case parse (s, 0) of
                                  NONE => "no parse"
                                | SOME (v, j) => if j = size s then pi v else pi v ^ " (stopped at " ^ pi j ^ ")")
                              handle Div => "division by zero")
val _ = List.app run ["1+2*3", "(1+2)*3", "2*(3+4)*5-6/2", "-(7)%4", "10/(5-5)", "((((42))))", "1+", "", "12345", "8-3-2", "100/7/2"]
val _ = pr ("grouped digits: " ^ (case eval number ("1'2'3", 0) of SOME (v, j) => pi v ^ " at " ^ pi j | NONE => "none"))
(* a deeply nested input exercises the generated recursion *)
val deep = String.concat (List.tabulate (200, fn _ => "(")) ^ "9" ^ String.concat (List.tabulate (200, fn _ => ")"))
val _ = run deep
