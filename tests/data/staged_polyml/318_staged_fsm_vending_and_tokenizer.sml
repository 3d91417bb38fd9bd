(* Finite-state machines with outputs (Mealy machines) given as transition
   tables of datatypes, compiled to generated code: a vending machine whose
   states are a local datatype inside the generated code, and a tokenizer
   FSM over characters whose actions build tokens. Unknown inputs raise
   exceptions carrying the state's name, from generated code. *)
datatype input = Coin of int | Select of string | Refund
datatype output = Vend of string * int | Return of int | Show of int | Reject of string

exception Stuck of string * string

(* the interpreter: state is credit; prices come from a list *)
fun vend prices (credit, Coin n) = if n = 5 orelse n = 10 orelse n = 25 then (credit + n, [Show (credit + n)]) else (credit, [Reject "coin"])
  | vend prices (credit, Select item) =
      (case List.find (fn (i, _) => i = item) prices of
           NONE => raise Stuck (Int.toString credit, item)
         | SOME (_, p) => if credit >= p then (0, [Vend (item, p)] @ (if credit > p then [Return (credit - p)] else []))
                          else (credit, [Reject ("need " ^ Int.toString (p - credit))]))
  | vend prices (credit, Refund) = (0, if credit > 0 then [Return credit] else [])

(* the generated version: the price lookup is unrolled into a chain of string tests *)
fun genLookup [] : [string -> int option] = code (fn _ => NONE)
  | genLookup ((item, p) :: rest) =
      let cogen k = genLookup rest cogen i' = lift item cogen p' = lift p
      in code (fn s => if s = i' then SOME p' else k s) end

fun genVend prices : [int * input -> int * output list] =
  let cogen look = genLookup prices
  in code (fn (credit, inp) =>
       case inp of
           Coin n => if n = 5 orelse n = 10 orelse n = 25 then (credit + n, [Show (credit + n)]) else (credit, [Reject "coin"])
         | Select item =>
             (case look item of
                  NONE => raise Stuck (Int.toString credit, item)
                | SOME p => if credit >= p then (0, [Vend (item, p)] @ (if credit > p then [Return (credit - p)] else []))
                            else (credit, [Reject ("need " ^ Int.toString (p - credit))]))
         | Refund => (0, if credit > 0 then [Return credit] else []))
  end

fun showOut (Vend (i, p)) = "vend " ^ i ^ "@" ^ Int.toString p
  | showOut (Return n) = "return " ^ Int.toString n
  | showOut (Show n) = "credit " ^ Int.toString n
  | showOut (Reject r) = "reject " ^ r

fun runMachine step inputs =
  let val (final, outs) = foldl (fn (i, (st, acc)) => let val (st', o') = step (st, i) in (st', acc @ o') end) (0, []) inputs
  in Int.toString final ^ ": " ^ String.concatWith "; " (map showOut outs) end
  handle Stuck (st, item) => "stuck in state " ^ st ^ " on " ^ item

val prices = [("cola", 35), ("chips", 25), ("gum", 10), ("water", 20)]
val gv = eval (genVend prices)
val sessions = [[Coin 25, Coin 10, Select "cola"], [Coin 5, Select "gum", Coin 10, Select "gum"],
                [Coin 25, Coin 25, Select "water", Refund], [Coin 3, Coin 10, Refund, Refund],
                [Coin 25, Select "beer", Select "cola"], []]
val _ = app (fn s => let val a = runMachine (vend prices) s val b = runMachine gv s
                     in print ((if a = b then a else a ^ " /= " ^ b) ^ "\n") end) sessions

(* a tokenizer FSM: states Start, InNum, InId; generated with a local datatype *)
datatype tok = Num of int | Id of string | Sym of char
fun genTokenizer (syms : string) : [string -> tok list] =
  let cogen symbols = lift syms
  in code (
       let datatype state = Start | InNum of int | InId of char list
           fun flush Start acc = acc
             | flush (InNum n) acc = Num n :: acc
             | flush (InId cs) acc = Id (implode (rev cs)) :: acc
           fun step (st, [], acc) = rev (flush st acc)
             | step (st, c :: cs, acc) =
                 if Char.isDigit c then
                   (case st of InNum n => step (InNum (n * 10 + ord c - ord #"0"), cs, acc)
                             | InId l => step (InId (c :: l), cs, acc)
                             | Start => step (InNum (ord c - ord #"0"), cs, acc))
                 else if Char.isAlpha c then
                   (case st of InId l => step (InId (c :: l), cs, acc)
                             | _ => step (InId [c], cs, flush st acc))
                 else if Char.isSpace c then step (Start, cs, flush st acc)
                 else if Char.contains symbols c then step (Start, cs, Sym c :: flush st acc)
                 else raise Stuck ((case st of Start => "start" | InNum _ => "number" | InId _ => "identifier"), str c)
       in fn s => step (Start, explode s, []) end)
  end

fun showTok (Num n) = "N" ^ Int.toString n | showTok (Id s) = "I:" ^ s | showTok (Sym c) = "S" ^ str c
val tokenize = eval (genTokenizer "+-*/()=;")
val _ = app (fn s => print (String.concatWith " " (map showTok (tokenize s)) ^ "\n")
                     handle Stuck (st, c) => print ("stuck in " ^ st ^ " at " ^ c ^ "\n"))
  ["x1 = 42 + y*(7-z2);", "  ", "abc123def 99", "12ab", "a = b % c", "count=count+1"]
val _ = tokenize "#"
