(* A Forth-like stack language with a dictionary of user words, loops
   (DO ... LOOP with the index I) and conditionals (IF ... ELSE ... THEN),
   parsed from text, interpreted, and compiled: each user word is compiled
   once to a generated function kept in the dictionary, and a call site
   splices a call of that function (through lift), not a copy of the word's
   code. Stack underflow is an exception with the word that caused it. *)

datatype instr = Push of int | Prim of string | Call of string
               | If of instr list * instr list | Do of instr list | Index

exception Underflow of string
exception Unknown of string
exception Syntax of string

(* parsing: tokens separated by blanks; ": name ... ;" defines a word *)
fun parseBody (toks : string list) : instr list * string list =
  case toks of
    [] => ([], [])
  | ";" :: rest => ([], ";" :: rest)
  | "THEN" :: rest => ([], "THEN" :: rest)
  | "ELSE" :: rest => ([], "ELSE" :: rest)
  | "LOOP" :: rest => ([], "LOOP" :: rest)
  | "IF" :: rest =>
      let val (yes, r1) = parseBody rest
          val (no, r2) = case r1 of "ELSE" :: r => parseBody r | _ => ([], r1)
      in case r2 of "THEN" :: r3 => let val (more, r4) = parseBody r3 in (If (yes, no) :: more, r4) end
                  | _ => raise Syntax "IF without THEN" end
  | "DO" :: rest =>
      let val (body, r1) = parseBody rest
      in case r1 of "LOOP" :: r2 => let val (more, r3) = parseBody r2 in (Do body :: more, r3) end
                  | _ => raise Syntax "DO without LOOP" end
  | "I" :: rest => let val (more, r) = parseBody rest in (Index :: more, r) end
  | t :: rest =>
      let val (more, r) = parseBody rest
          val i = case Int.fromString t of
                    SOME n => if String.isPrefix "~" t orelse Char.isDigit (String.sub (t, 0)) then Push n else Call t
                  | NONE => if List.exists (fn p => p = t) ["+", "-", "*", "/", "MOD", "DUP", "DROP", "SWAP", "OVER", "ROT", ".", "<", "=", "NEGATE"]
                            then Prim t else Call t
      in (i :: more, r) end

fun parse (text : string) : (string * instr list) list * instr list =
  let fun defs (":" :: name :: rest, ds) =
            (case parseBody rest of (body, ";" :: r) => defs (r, (name, body) :: ds)
                                  | _ => raise Syntax ("definition of " ^ name ^ " not ended"))
        | defs (toks, ds) = (case parseBody toks of (main, []) => (rev ds, main)
                                                  | (_, t :: _) => raise Syntax ("unexpected " ^ t))
  in defs (String.tokens Char.isSpace text, []) end

type state = int list * string list   (* stack, output (reversed) *)

fun prim (p : string) ((stack, out) : state) : state =
  case (p, stack) of
    ("+", b :: a :: s) => (a + b :: s, out) | ("-", b :: a :: s) => (a - b :: s, out)
  | ("*", b :: a :: s) => (a * b :: s, out) | ("/", b :: a :: s) => (a div b :: s, out)
  | ("MOD", b :: a :: s) => (a mod b :: s, out) | ("DUP", a :: s) => (a :: a :: s, out)
  | ("DROP", _ :: s) => (s, out) | ("SWAP", b :: a :: s) => (a :: b :: s, out)
  | ("OVER", b :: a :: s) => (a :: b :: a :: s, out) | ("ROT", c :: b :: a :: s) => (a :: c :: b :: s, out)
  | (".", a :: s) => (s, Int.toString a :: out) | ("<", b :: a :: s) => ((if a < b then ~1 else 0) :: s, out)
  | ("=", b :: a :: s) => ((if a = b then ~1 else 0) :: s, out) | ("NEGATE", a :: s) => (~ a :: s, out)
  | _ => raise Underflow p

(* the interpreter: loop indices on a list *)
fun run (dict : (string * instr list) list) (is : instr list) (idx : int list) (st : state) : state =
  case is of
    [] => st
  | Push n :: rest => run dict rest idx (n :: #1 st, #2 st)
  | Prim p :: rest => run dict rest idx (prim p st)
  | Call w :: rest => (case List.find (fn (n, _) => n = w) dict of
                         SOME (_, body) => run dict rest idx (run dict body [] st)
                       | NONE => raise Unknown w)
  | Index :: rest => (case idx of i :: _ => run dict rest idx (i :: #1 st, #2 st) | [] => raise Underflow "I")
  | If (yes, no) :: rest => (case st of
                               (f :: s, out) => run dict rest idx (run dict (if f <> 0 then yes else no) idx (s, out))
                             | _ => raise Underflow "IF")
  | Do body :: rest => (case st of
                          (start :: limit :: s, out) =>
                            let fun loop (i, st) = if i >= limit then st else loop (i + 1, run dict body (i :: idx) st)
                            in run dict rest idx (loop (start, (s, out))) end
                        | _ => raise Underflow "DO")

fun interpret text =
  let val (dict, main) = parse text
      val (stack, out) = run dict main [] ([], [])
  in String.concatWith " " (rev out) ^ " <" ^ String.concatWith " " (map Int.toString (rev stack)) ^ ">" end

(* the compiler: a word's code is a function of (loop indices, state) *)
type compiled = int list * state -> state

fun comp (dict : (string * compiled) list) (is : instr list) : [compiled] =
  case is of
    [] => code (fn (_, st) => st)
  | Push n :: rest => let cogen n' = lift n cogen r = comp dict rest in code (fn (idx, (s, out)) => r (idx, (n' :: s, out))) end
  | Prim p :: rest => let cogen p' = lift p cogen r = comp dict rest in code (fn (idx, st) => r (idx, prim p' st)) end
  | Call w :: rest =>
      (case List.find (fn (n, _) => n = w) dict of
         SOME (_, f) => let cogen f' = lift f cogen r = comp dict rest in code (fn (idx, st) => r (idx, f' ([], st))) end
       | NONE => raise Unknown w)
  | Index :: rest => let cogen r = comp dict rest
                     in code (fn (idx, (s, out)) => case idx of i :: _ => r (idx, (i :: s, out)) | [] => raise Underflow "I") end
  | If (yes, no) :: rest =>
      let cogen y = comp dict yes cogen n = comp dict no cogen r = comp dict rest
      in code (fn (idx, st) => case st of
                                 (f :: s, out) => r (idx, if f <> 0 then y (idx, (s, out)) else n (idx, (s, out)))
                               | _ => raise Underflow "IF") end
  | Do body :: rest =>
      let cogen b = comp dict body cogen r = comp dict rest
      in code (fn (idx, st) => case st of
                                 (start :: limit :: s, out) =>
                                   let fun loop (i, st) = if i >= limit then st else loop (i + 1, b (i :: idx, st))
                                   in r (idx, loop (start, (s, out))) end
                               | _ => raise Underflow "DO") end

val compiledWords = ref 0
fun compile text : [unit -> string] =
  let val (defs, main) = parse text
      (* each definition compiled once, in order, and kept as a function *)
      val dict = foldl (fn ((name, body), d) => (compiledWords := !compiledWords + 1; (name, eval (comp d body)) :: d)) [] defs
      cogen m = comp dict main
  in code (fn () => let val (stack, out) = m ([], ([], []))
                    in String.concatWith " " (rev out) ^ " <" ^ String.concatWith " " (map Int.toString (rev stack)) ^ ">" end)
  end

(* GCD's body names a word that does not exist: the compiler finds it when it
   compiles GCD, the interpreter never, as GCD is never called *)
val programs = [
  "1 2 + . 10 3 - . 6 7 * .",
  ": SQ DUP * ; : CUBE DUP SQ * ; 3 SQ . 4 CUBE . 5 SQ SQ .",
  ": FACT 1 SWAP 1 + 1 DO I * LOOP ; 10 FACT . 0 FACT .",
  ": ABS DUP 0 < IF NEGATE THEN ; ~5 ABS . 7 ABS .",
  ": MAX OVER OVER < IF SWAP THEN DROP ; 3 9 MAX . 9 3 MAX .",
  ": TABLE 4 1 DO 4 1 DO I . LOOP LOOP ; TABLE",
  ": FIB 0 1 ROT 0 DO SWAP OVER + LOOP DROP ; 10 FIB . 50 FIB .",
  ": EVEN? 2 MOD 0 = ; : CLASSIFY EVEN? IF 0 ELSE 1 THEN ; 7 CLASSIFY 8 CLASSIFY",
  ": GCD BEGIN ; 1",
  "1 +",
  "5 0 DO I LOOP",
  "1 2 UNKNOWN"]

fun attempt f = f () handle Underflow w => "underflow in " ^ w | Unknown w => "unknown word " ^ w
                          | Syntax m => "syntax: " ^ m | Div => "division by zero"

val _ = app (fn p =>
  let val a = attempt (fn () => eval (compile p) ())
      val b = attempt (fn () => interpret p)
  in print (a ^ (if a = b then "" else "   INTERPRETER: " ^ b) ^ "\n") end) programs
val _ = print ("words compiled: " ^ Int.toString (!compiledWords) ^ "\n")

(* compile once, run many times *)
val fibs = eval (compile ": FIB 0 1 ROT 0 DO SWAP OVER + LOOP DROP ; 30 0 DO I FIB . LOOP")
val _ = print (fibs () ^ "\n")
val _ = print (Int.toString (size (String.concat (List.tabulate (50, fn _ => fibs ())))) ^ " characters in 50 runs\n")
