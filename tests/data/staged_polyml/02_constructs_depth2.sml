(* The same constructs at depth 2: code that builds code, with values
   carried into the inner code by cogen/lift, and code variables used in
   both levels *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
datatype tok = Num of int | Plus | Times
exception Stop of int
(* if / case / let / fn inside code inside code *)
val g1 = code (fn n => let cogen nn = lift n
                       in code (fn m => if m > nn then (case m - nn of 1 => "one more" | d => pi d ^ " more")
                                        else let val d = nn - m in "short by " ^ pi d end)
                       end)
val _ = pr (String.concat (map (fn (n, m) => eval (eval g1 n) m ^ "; ") [(1, 2), (1, 5), (5, 1), (3, 3)]))
(* recursive functions and while loops at depth 2 *)
val g2 = code (fn k => let cogen kk = lift k
                       in code (let fun pow (b, 0) = 1 | pow (b, e) = b * pow (b, e - 1)
                                    val i = ref 0 val acc = ref 0
                                in while !i < kk do (acc := !acc + pow (2, !i); i := !i + 1); !acc end)
                       end)
val _ = pr (pi (eval (eval g2 10)) ^ " " ^ pi (eval (eval g2 0)))
(* raise and handle across the two levels *)
val g3 = code (fn limit => let cogen lim = lift limit
                           in code (fn x => if x > lim then raise Stop x else x * 2) end)
val inner3 = eval g3 10
val _ = pr (pi (eval inner3 4) ^ " " ^ (pi (eval inner3 11) handle Stop n => "Stop " ^ pi n))
val g3b = code ((fn gen => (eval gen 0) handle Stop n => n + 1000) (code (fn x => raise Stop x)))
val _ = pr (pi (eval g3b))
(* datatypes, strings, words, arrays and refs inside the inner code *)
val g4 = code (fn toks => let cogen ts = lift toks
                          in code (let fun ev (Num n :: Plus :: r) = n + ev r
                                         | ev (Num n :: Times :: Num m :: r) = ev (Num (n * m) :: r)
                                         | ev [Num n] = n
                                         | ev _ = raise Stop 0
                                   in ev ts end)
                          end)
val _ = pr (pi (eval (eval g4 [Num 2, Plus, Num 3, Times, Num 4])) ^ " " ^
            (pi (eval (eval g4 [Plus])) handle Stop _ => "malformed"))
val g5 = code (fn (s, w) => let cogen ls = lift s cogen lw = lift w
                            in code (let val a = Array.array (3, ls) val r = ref lw
                                     in Array.update (a, 1, ls ^ ls); r := Word.orb (!r, 0wx100);
                                        (Array.sub (a, 0) ^ "/" ^ Array.sub (a, 1) ^ "/" ^ Array.sub (a, 2), Word.toString (!r)) end)
                            end)
val _ = pr (case eval (eval g5 ("ab", 0wx3)) of (s, w) => s ^ " " ^ w)
(* an outer code variable used at depth 1 and depth 2 *)
fun outer k = let cogen kk = lift k
              in code (kk + 1, code (kk * 100)) end
val (a1, innerGen) = eval (outer 7)
val _ = pr (pi a1 ^ " " ^ pi (eval innerGen))
(* a cogen inside code binds a generator produced at run time of the outer code *)
fun adderGen n = let cogen c = lift n in code (fn x => x + c) end
val g6 = code (fn ns => map (fn n => let cogen add = adderGen n in code (add 1000) end) ns)
val gens = eval g6 [1, 2, 3]
val _ = pr (String.concat (map (fn g => pi (eval g) ^ " ") gens))
(* an exception declared in the outer code is a local there: the inner
   code reaches it through a lifted closure that raises it *)
val g7 = code (let exception Inner of string
                   val thrower = let cogen raiseInner = lift (fn s => raise Inner s) in code (fn s => raiseInner s) end
               in fn s => (eval thrower s; "not raised") handle Inner m => "caught inner " ^ m end)
val _ = pr (eval g7 "x")
(* code (code ...) evaluated many times: each outer run builds a new inner generator *)
val count = ref 0
val g8 = code (count := !count + 1; let cogen c = lift (!count) in code (c * 10) end)
val results = map (fn _ => eval (eval g8)) [1, 2, 3, 4]
val _ = pr (String.concat (map (fn r => pi r ^ " ") results) ^ "count " ^ pi (!count))
(* depth 3 *)
val g9 = code (fn a => let cogen la = lift a
                       in code (fn b => let cogen lb = lift b
                                        in code (fn c => la * 100 + lb * 10 + c) end) end)
val _ = pr (pi (eval (eval (eval g9 1) 2) 3))
