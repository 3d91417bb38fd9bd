(* Declarations inside stage-two code: a local exception, datatype and abstype, val rec with and, local, before, o, op forms of constructors and operators, refs of refs *)
fun say s = print (s ^ "\n")
fun pi n = Int.toString n
val g = code (fn n =>
  let cogen k = lift n
  in code (let
       exception Stop of int
       datatype shape = Sq of int | Rect of int * int
       abstype bag = Bag of int list with
         val emptyBag = Bag []
         fun add (x, Bag l) = Bag (x :: l)
         fun total (Bag l) = foldl op+ 0 l
       end
       val rec loop = fn 0 => [] | i => i :: loop (i - 1)
       and rec2 = fn x => x
       local val hidden = k * 2 in fun area (Sq s) = s * s + hidden | area (Rect (w, h)) = w * h end
       val r = ref 0
       val mk = Rect
       val comp = (fn x => x + 1) o (fn x => x * k)
       val x = (r := 5; !r) before r := 7
       val bagged = foldl add emptyBag (loop k)
     in
       (pi (area (Sq k)) ^ " " ^ pi (area (mk (k, 3))) ^ " " ^ pi (comp 2) ^ " " ^ pi x ^ " " ^ pi (!r) ^ " " ^ pi (total bagged) ^ " " ^
        pi (rec2 (length (loop k))) ^ " " ^ (pi ((ignore (raise Stop k); 0) handle Stop m => m)) ^ " " ^
        String.concatWith "," (map (pi o (fn (Sq s) => s | Rect (a, b) => a + b)) (map Sq (loop 3) @ [Rect (1, 2)])))
     end)
  end)
val _ = say (eval (eval g 4))
val _ = say (eval (eval g 2))
val h = code (fn (SOME x :: _) => x | _ => 0)
val _ = say (pi (eval h [SOME 3]) ^ pi (eval h []))
val refs = code (let val a = ref 1 val b = ref a in !b := 9; !a + !(!b) end)
val _ = say (pi (eval refs))
val ops = code (map (op ::) [(1, []), (2, [3])], map (op ^) [("a", "b")], op = (1, 1), (op o) (fn x => x + 1, fn x => x * 2) 5, List.map (op ~) [1, ~2])
val _ = case eval ops of (l, s, b, c, n) => say (String.concatWith "," (map (pi o length) l) ^ hd s ^ Bool.toString b ^ pi c ^ String.concatWith "," (map pi n))
