(* Declarations of every kind inside generated code, each run several
   times: a datatype and a mutually recursive fun group declared in a let
   under `code`, an exception declared under `code` (a new exception each
   time the code runs, so a packet from one run is not caught by the
   next run's handler), local and fixity declarations, a while loop over
   refs and an array created by the generated code, string, char and word
   patterns, and `as` and nested constructor patterns, at depth 1 and
   inside a generator that a generator builds (depth 2). *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

(* a datatype and mutual recursion inside code *)
val exprGen : [int -> string] =
    code (fn n =>
      let datatype e = Num of int | Add of e * e | Neg of e
          fun build 0 = Num 1
            | build k = if k mod 2 = 0 then Add (build (k - 1), Num k) else Neg (build (k - 1))
          fun evalE (Num i) = i
            | evalE (Add (a, b)) = evalE a + evalE b
            | evalE (Neg a) = ~ (evalE a)
          fun showE (Num i) = pi i
            | showE (Add (a, b)) = "(" ^ showE a ^ "+" ^ showE b ^ ")"
            | showE (Neg a) = "-" ^ showAtom a
          and showAtom (e as Num _) = showE e
            | showAtom e = "[" ^ showE e ^ "]"
          val t = build n
      in showE t ^ " = " ^ pi (evalE t) end)
val exprFn = eval exprGen
val () = app (fn n => pr (exprFn n)) [0, 1, 2, 5]

(* an exception declared in generated code is new each time the code runs *)
val freshGen : [unit -> (unit -> unit) * (unit -> unit) -> string] =
    code (fn () =>
      let exception Mine of string
          val raiser = fn () => raise Mine "mine"
      in fn (thunk, _) => (thunk (); "no raise")
                         handle Mine s => "caught own " ^ s | e => "foreign " ^ exnName e end)
val make = eval freshGen
val first = make ()
val second = make ()
(* first's raiser is not reachable from outside; use second's handler on a packet of another instance *)
val leak : (unit -> unit) ref = ref (fn () => ())
val leakerGen : [unit -> unit] = code (fn () => let exception Mine of string in leak := (fn () => raise Mine "leaked") end)
val () = eval leakerGen ()
val () = pr ("first on other's Mine: " ^ first (!leak, fn () => ()))
val () = pr ("second on Fail: " ^ second (fn () => raise Fail "x", fn () => ()))
val () = pr ("no raise: " ^ first (fn () => (), fn () => ()))

(* local, fixity, while, refs and arrays inside code *)
val loopGen : [int -> string] =
    code (fn n =>
      let local val scale = 3 in fun scaled x = x * scale end
          infix 6 +++
          fun a +++ b = scaled a + b
          val cells = Array.array (n, 0)
          val i = ref 0
          val acc = ref 0
      in while !i < n do (Array.update (cells, !i, !i +++ 1); acc := !acc + Array.sub (cells, !i); i := !i + 1);
         pi (!acc) ^ " from " ^ String.concatWith "," (Array.foldr (fn (x, l) => pi x :: l) [] cells)
      end)
val loopFn = eval loopGen
val () = pr ("loop 4: " ^ loopFn 4 ^ "; loop 0: " ^ loopFn 0)

(* string, char and word patterns in generated code, with as and nesting *)
val classify : [string * char * word -> string] =
    code (fn (s, c, w) =>
      let val sPart = case s of "" => "empty" | "let" => "keyword" | "in" => "keyword" | t => "word " ^ t
          val cPart = case c of #"\n" => "newline" | #"a" => "a" | #"\255" => "high" | _ => "other"
          val wPart = case w of 0w0 => "zero" | 0wxFF => "byte" | 0wx7FFFFFFFFFFFFFFF => "all ones" | _ => "some"
          val nested = case (SOME (s, [c]), w) of
                           (SOME ("in", [#"a"]), _) => "in-a"
                         | (whole as SOME (_, [_]), 0w1) => "one " ^ (case whole of SOME (t, _) => t | NONE => "")
                         | _ => "-"
      in String.concatWith "/" [sPart, cPart, wPart, nested] end)
val classifyFn = eval classify
val () = app (fn x => pr (classifyFn x))
             [("", #"\n", 0w0), ("let", #"a", 0wxFF), ("in", #"a", 0w1), ("xyz", #"\255", 0w0 - 0w1), ("q", #"b", 0w1)]

(* depth 2: a generator that builds a generator with declarations inside *)
val twoLevel : [int -> [int -> int]] =
    code (fn k =>
      let cogen kk = lift k
      in code (fn x =>
           let datatype step = Twice | Plus of int
               exception Stop of int
               fun run ([], v) = v
                 | run (Twice :: rest, v) = if v > 1000 then raise Stop v else run (rest, v * 2)
                 | run (Plus d :: rest, v) = run (rest, v + d)
           in run ([Plus kk, Twice, Twice, Plus 1, Twice], x) handle Stop v => ~v end)
      end)
val makeInner = eval twoLevel
val inner3 = eval (makeInner 3)
val inner500 = eval (makeInner 500)
val () = pr ("depth 2: " ^ String.concatWith " " (map pi [inner3 0, inner3 10, inner500 0, inner500 1]))
