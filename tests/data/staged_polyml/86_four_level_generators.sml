(* Generators that generate generators four levels deep, with realistic
   bodies at every level: a pipeline of string transformations specialised
   in stages (the separator at stage 1, the case mapping at stage 2, the
   padding width at stage 3, the input at stage 4), each level using
   local functions, cases, lets and lifted values, and each level's
   function used many times. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
val generatedAt = Array.array (5, 0)
fun gen k = Array.update (generatedAt, k, Array.sub (generatedAt, k) + 1)

val formatter : [string -> [bool -> [int -> [string list -> string]]]] =
    code (fn sep =>
      (gen 1;
       let cogen sep' = lift sep
       in code (fn upper =>
            (gen 2;
             let cogen up = lift upper
             in code (fn width =>
                  (gen 3;
                   let cogen w = lift width
                   in code (fn words =>
                        let fun mapCase s = String.map (fn c => if up then Char.toUpper c else Char.toLower c) s
                            fun pad s = if size s >= w then s else pad (s ^ ".")
                            fun join [] = ""
                              | join [x] = pad (mapCase x)
                              | join (x :: r) = pad (mapCase x) ^ sep' ^ join r
                        in case words of [] => "<empty>" | _ => "[" ^ join words ^ "]" end)
                   end))
             end))
       end))

val f1 = eval formatter
val commaGen = f1 ", "
val barGen = f1 "|"
val commaUp = eval (eval commaGen true)
val commaLow = eval (eval commaGen false)
val w6 = eval (commaUp 6)
val w0 = eval (commaLow 0)
val bar = eval (eval (eval barGen true) 3)
val ws = ["ab", "Cde", "fghij", "K"]
val _ = pr (w6 ws)
val _ = pr (w0 ws)
val _ = pr (bar ws)
val _ = pr (bar [])
val _ = pr (String.concatWith "," (List.tabulate (5, fn k => pi (Array.sub (generatedAt, k)))))
(* stage 4 used many times *)
val total = ref 0
val _ = List.app (fn i => total := !total + size (w6 (List.tabulate (i mod 5, fn j => pi (i * j))))) (List.tabulate (2000, fn i => i))
val _ = pr ("total " ^ pi (!total))

(* four levels of arithmetic specialisation with a local recursive function at each level *)
val arith : [int -> [int -> [int -> [int -> int]]]] =
    code (fn a => let fun tri n = if n = 0 then 0 else n + tri (n - 1)
                      cogen ta = lift (tri a)
                  in code (fn b => let fun fact n = if n = 0 then 1 else n * fact (n - 1)
                                       cogen fb = lift (fact b + ta)
                                   in code (fn c => let fun pow (x, 0) = 1 | pow (x, n) = x * pow (x, n - 1)
                                                        cogen pc = lift (pow (2, c) + fb)
                                                    in code (fn d => let fun digits n = if n < 10 then 1 else 1 + digits (n div 10)
                                                                     in pc * 1000 + digits d + ta end) end) end) end)
val a1 = eval arith
val _ = pr (String.concatWith " " (map (fn (a, b, c, d) => pi (eval (eval (eval (a1 a) b) c) d))
                                     [(0, 0, 0, 0), (3, 4, 5, 123456), (10, 5, 10, 7), (1, 1, 1, 1)]))

(* a recursive generator of generators: depth n gives a tower of n stages *)
datatype tower = Done of int | More of int -> [tower]
fun build (0 : int) (acc : int) : [tower] = let cogen a = lift acc in code (Done a) end
  | build n acc = let cogen n' = lift n cogen a = lift acc
                  in code (More (fn x => build (n' - 1) (a * 10 + x))) end
fun feed (t : [tower]) (inputs : int list) =
    case (eval t, inputs) of
        (Done v, _) => pi v
      | (More f, x :: rest) => feed (f x) rest
      | (More _, []) => "starved"
val _ = pr (feed (build 4 0) [1, 2, 3, 4] ^ " " ^ feed (build 2 7) [8, 9, 10] ^ " " ^ feed (build 3 0) [1])
val _ = pr (String.concatWith "," (List.tabulate (5, fn k => pi (Array.sub (generatedAt, k)))))
