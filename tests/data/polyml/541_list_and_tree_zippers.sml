(* Zippers: a list zipper as a line editor with a cursor, and a binary-tree
   zipper navigated by a path of moves; moving off the edge raises an
   exception that carries where it happened. *)
type 'a lz = 'a list * 'a list   (* reversed left part, right part *)
exception Edge of string * int

fun fromString s : char lz = ([], explode s)
fun toString ((l, r) : char lz) = implode (rev l) ^ "|" ^ implode r
fun left (x :: l, r) = (l, x :: r) | left (z as ([], r)) = raise Edge ("left", 0)
fun right (l, x :: r) = (x :: l, r) | right (l, []) = raise Edge ("right", length l)
fun insert c (l, r) = (c :: l, r)
fun delete (l, _ :: r) = (l, r) | delete (l, []) = raise Edge ("delete", length l)
fun backspace (_ :: l, r) = (l, r) | backspace ([], r) = raise Edge ("backspace", 0)
fun home (l, r) = ([], List.revAppend (l, r))
fun endl (l, r) = (List.revAppend (r, l), [])

fun run (z, []) = z
  | run (z, cmd :: cmds) =
      let val z' = case cmd of
                     #"<" => left z | #">" => right z | #"x" => delete z | #"^" => home z
                   | #"$" => endl z | #"#" => backspace z | c => insert c z
      in run (z', cmds) end

fun edit (s, cmds) =
  print (StringCvt.padRight #" " 14 (String.toString s) ^ StringCvt.padRight #" " 12 cmds ^ " => "
         ^ (toString (run (fromString s, explode cmds))
            handle Edge (what, at) => "edge: " ^ what ^ " at " ^ Int.toString at) ^ "\n")

val _ = app edit [("hello", ">>x"), ("hello", "$##p!"), ("abc", "^X>Y>Z>W"), ("", "<"), ("abc", ">>>>"),
                  ("tab", ">\t"), ("x", "$#x")]

datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
datatype 'a ctx = Top | L of 'a ctx * 'a * 'a tree | R of 'a tree * 'a * 'a ctx
type 'a loc = 'a tree * 'a ctx

fun down_left (Node (l, x, r), c) = (l, L (c, x, r)) | down_left (Leaf, _) = raise Edge ("down-left", 0)
fun down_right (Node (l, x, r), c) = (r, R (l, x, c)) | down_right (Leaf, _) = raise Edge ("down-right", 0)
fun up (t, L (c, x, r)) = (Node (t, x, r), c)
  | up (t, R (l, x, c)) = (Node (l, x, t), c)
  | up (_, Top) = raise Edge ("up", 0)
fun root (loc as (_, Top)) = loc | root loc = root (up loc)
fun modify f (Node (l, x, r), c) = (Node (l, f x, r), c) | modify f (Leaf, c) = (Node (Leaf, f 0, Leaf), c)

fun build [] = Leaf
  | build xs = let val k = length xs div 2 in Node (build (List.take (xs, k)), List.nth (xs, k), build (List.drop (xs, k + 1))) end
fun inorder Leaf = [] | inorder (Node (l, x, r)) = inorder l @ [x] @ inorder r
fun showTree Leaf = "." | showTree (Node (l, x, r)) = "(" ^ showTree l ^ " " ^ Int.toString x ^ " " ^ showTree r ^ ")"
fun depth (_, Top) = 0 | depth (t, c) = 1 + depth (up (t, c))

val t0 = build (List.tabulate (7, fn i => i + 1))
val _ = print (showTree t0 ^ "\n")
fun walk (path, f) =
  let val loc = foldl (fn (#"l", loc) => down_left loc | (#"r", loc) => down_right loc | (#"u", loc) => up loc
                        | (c, _) => raise Fail ("bad move " ^ str c)) (t0, Top) (explode path)
      val (t, _) = root (modify f loc)
  in print (StringCvt.padRight #" " 6 path ^ "depth " ^ Int.toString (depth loc) ^ ": "
            ^ String.concatWith " " (map Int.toString (inorder t)) ^ "\n") end
  handle Edge (what, _) => print (path ^ ": fell off going " ^ what ^ "\n")
val _ = app walk [("", fn x => x * 100), ("l", fn x => ~x), ("rl", fn x => x + 50), ("lrlu", fn x => 0),
                  ("ll", fn x => x * 2), ("lll", fn x => 9), ("llll", fn x => 9), ("u", fn x => x)]
val _ = walk ("lz", fn x => x)
