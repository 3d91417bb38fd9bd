(* A Brainfuck compiler by staging: the program text is parsed at
   generation time into a tree (loops matched), runs of + - < > are
   merged, [-] becomes a clear, and every node becomes generated code on
   a tape (an int array) and a pointer ref; loops become while loops in
   the generated code; output is collected in a ref list. Unbalanced
   brackets fail at generation time. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype node = Add of int | Move of int | Out | In | Loop of node list | Clear
exception Unbalanced of string

fun parse (cs : char list) : node list * char list =
    case cs of
      [] => ([], [])
    | #"]" :: rest => ([], #"]" :: rest)
    | #"[" :: rest =>
        (case parse rest of
           (body, #"]" :: after) => let val (more, r) = parse after
                                    in ((if body = [Add ~1] then Clear else Loop body) :: more, r) end
         | _ => raise Unbalanced "missing ]")
    | c :: rest =>
        let val (more, r) = parse rest
            val node = case c of #"+" => SOME (Add 1) | #"-" => SOME (Add ~1) | #">" => SOME (Move 1) | #"<" => SOME (Move ~1)
                               | #"." => SOME Out | #"," => SOME In | _ => NONE
        in case (node, more) of
             (SOME (Add a), Add b :: tl) => (if a + b = 0 then tl else Add (a + b) :: tl, r)
           | (SOME (Move a), Move b :: tl) => (if a + b = 0 then tl else Move (a + b) :: tl, r)
           | (SOME n, _) => (n :: more, r)
           | (NONE, _) => (more, r)
        end

fun parseAll s = case parse (explode s) of (p, []) => p | _ => raise Unbalanced "unexpected ]"

type machine = int array * int ref * int list ref * int list ref
fun gen ([] : node list) : [machine -> unit] = code (fn _ => ())
  | gen (n :: rest) =
    let cogen k = gen rest
        cogen here =
          (case n of
             Add d => let cogen d' = lift d in code (fn (t, p, _, _) => Array.update (t, !p, (Array.sub (t, !p) + d') mod 256)) end
           | Move d => let cogen d' = lift d in code (fn (_, p, _, _) => p := !p + d') end
           | Clear => code (fn (t, p, _, _) => Array.update (t, !p, 0))
           | Out => code (fn (t, p, out, _) => out := Array.sub (t, !p) :: !out)
           | In => code (fn (t, p, _, inp) => case !inp of [] => Array.update (t, !p, 0) | x :: xs => (Array.update (t, !p, x); inp := xs))
           | Loop body => let cogen b = gen body in code (fn m => case m of (t, p, _, _) => while Array.sub (t, !p) <> 0 do b m) end)
    in code (fn m => (here m; k m)) end

fun compile src = let cogen body = gen (parseAll src)
                  in code (fn input => let val out = ref [] in body (Array.array (300, 0), ref 0, out, ref input); rev (!out) end) end
fun run (name, src, input) =
    (let val f = eval (compile src)
         val out = f input
     in pr (name ^ ": " ^ String.concatWith " " (map pi out) ^ " | " ^ implode (map (fn c => if c >= 32 andalso c < 127 then chr c else #".") out)) end)
    handle Unbalanced m => pr (name ^ ": " ^ m) | Subscript => pr (name ^ ": tape overrun")

val hello = "++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.>++."
val _ = run ("hello", hello, [])
val _ = run ("echo upper", ",[>++++[<-------->-]<.,]", map ord (explode "abc"))
val _ = run ("add", ",>,[<+>-]<.", [30, 12])
val _ = run ("multiply", ",>,<[>[>+>+<<-]>>[<<+>>-]<<<-]>>.", [6, 7])
val _ = run ("clear", "+++++[-].", [])
val _ = run ("unbalanced", "[[]", [])
val _ = run ("extra", "[]]", [])
val _ = run ("overrun", "<+", [])
val _ = run ("wrap", "-.", [])
(* a compiled program reused on many inputs *)
val double = eval (compile ",[>++<-]>.")
val _ = pr (String.concatWith " " (map (fn n => pi (hd (double [n]))) [0, 1, 50, 127, 200]))
