(* Two classic specialisations on a bigger scale: Boyer-Moore-Horspool
   search with the pattern known at generation time (the shift table
   computed at generation time and compiled into a generated function
   of the last character, the comparison unrolled right to left), and
   integer matrix powers with the exponent known (repeated squaring
   unrolled into generated 2x2 and 3x3 matrix code), used for
   Fibonacci and tribonacci numbers modulo a prime. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

fun horspool (pat : string) : [string -> int list] =
    let val m = size pat
        (* shift for each character occurring in pat except at the last position *)
        val shifts = List.tabulate (Int.max (0, m - 1), fn i => (String.sub (pat, i), m - 1 - i))
        val distinct = foldl (fn ((c, s), acc) => if List.exists (fn (d, _) => d = c) acc then acc else (c, s) :: acc) [] (rev shifts)
        fun shiftCode [] = let cogen m' = lift m in code (fn (_ : char) => m') end
          | shiftCode ((c, s) :: rest) = let cogen c' = lift c cogen s' = lift s cogen r = shiftCode rest in code (fn x => if x = c' then s' else r x) end
        fun compareCode i = if i < 0 then code (fn (_ : string, _ : int) => true)
                            else let cogen c = lift (String.sub (pat, i)) cogen i' = lift i cogen r = compareCode (i - 1)
                                 in code (fn (s, pos) => String.sub (s, pos + i') = c andalso r (s, pos)) end
        cogen shift = shiftCode distinct cogen same = compareCode (m - 1) cogen m' = lift m
    in code (fn text => let val n = size text
                            fun go (pos, acc) = if pos + m' > n then rev acc
                                                else go (pos + shift (String.sub (text, pos + m' - 1)), if same (text, pos) then pos :: acc else acc)
                        in if m' = 0 then [] else go (0, []) end) end

fun showl l = "[" ^ String.concatWith "," (map pi l) ^ "]"
val text = "here is a simple example of a simple search for an example in simple text: examples exemplify"
val _ = List.app (fn p => pr (p ^ " " ^ showl (eval (horspool p) text))) ["simple", "example", "ex", "e", "xyz", "text: ex", ""]
fun naive (pat, text) = List.filter (fn i => String.substring (text, i, size pat) = pat) (List.tabulate (Int.max (0, size text - size pat + 1), fn i => i))
val seed = ref 2024
fun base _ = (seed := (!seed * 1103515245 + 12345) mod 2147483648; String.sub ("ACGT", (!seed div 65536) mod 4))
val dna = implode (List.tabulate (3000, base))
val _ = List.app (fn p => let val r = eval (horspool p) dna in pr (p ^ ": " ^ pi (length r) ^ " matches, agree " ^ Bool.toString (r = naive (p, dna))) end)
                 ["ACGT", "GATTACA", "GAT", "AAAA", "CG", "TTTTTTTTTTTT"]

(* matrix power with a known exponent *)
type mat = int list list
val p = 1000000007
fun mulCode (n : int) : [mat * mat -> mat] =
    let cogen n' = lift n
    in code (fn (a, b) => List.tabulate (n', fn i => List.tabulate (n', fn j =>
                 foldl (fn (k, acc) => (acc + List.nth (List.nth (a, i), k) * List.nth (List.nth (b, k), j)) mod 1000000007) 0 (List.tabulate (n', fn k => k))))) end
fun powerCode (n : int, e : int) : [mat -> mat] =
    let cogen mul = mulCode n
    in if e = 1 then code (fn a => a)
       else if e mod 2 = 0 then let cogen half = powerCode (n, e div 2) in code (fn a => let val h = half a in mul (h, h) end) end
       else let cogen rest = powerCode (n, e - 1) in code (fn a => mul (a, rest a)) end end
fun fibCode (k : int) : [int] = let cogen pw = powerCode (2, k) in code (List.nth (List.nth (pw [[1, 1], [1, 0]], 0), 1)) end
val _ = pr (String.concatWith " " (map (fn k => pi (eval (fibCode k))) [1, 2, 10, 50, 90, 1000, 123456]))
val trib = eval (powerCode (3, 100))
val _ = pr (String.concatWith " " (map pi (List.hd (trib [[1, 1, 1], [1, 0, 0], [0, 1, 0]]))))
val rot = eval (powerCode (2, 12))
val _ = pr (showl (List.concat (rot [[0, ~1], [1, 0]])) ^ " " ^ showl (List.concat (eval (powerCode (2, 3)) [[0, ~1], [1, 0]])))
