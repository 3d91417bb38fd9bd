(* abstype: the constructors are visible only between `with` and `end`;
   outside, the type is abstract and its values are made by the exported
   functions *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

abstype intset = Set of int list
with
  val empty = Set []
  fun insert (Set l) x = if List.exists (fn y => y = x) l then Set l else Set (x :: l)
  fun member (Set l) x = List.exists (fn y => y = x) l
  fun size (Set l) = length l
  (* equality holds inside *)
  fun same (a : intset, b) = a = b
end

val s = foldl (fn (x, s) => insert s x) empty [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
val _ = pr (pi (size s) ^ " " ^ (if member s 4 then "has 4" else "no 4") ^ " " ^
            (if member s 7 then "has 7" else "no 7"))
val _ = pr (if same (empty, empty) then "same" else "different")

(* type parameters, withtype, and local declarations inside *)
abstype 'a stack = St of 'a items
withtype 'a items = 'a list * int
with
  exception Empty
  val new = St ([], 0)
  fun push (St (l, n)) x = St (x :: l, n + 1)
  fun pop (St ([], _)) = raise Empty
    | pop (St (x :: l, n)) = (x, St (l, n - 1))
  fun depth (St (_, n)) = n
  local
    fun count (St (l, _)) = length l
  in
    fun consistent st = count st = depth st
  end
end

val st = push (push (push new "a") "b") "c"
val (top, rest) = pop st
val _ = pr (top ^ " " ^ pi (depth rest) ^ " " ^ (if consistent rest then "ok" else "bad"))
val _ = pr ((case pop new of (x, _) => x) handle Empty => "empty")

(* an abstype in a let *)
val total =
  let
    abstype counter = C of int ref
    with
      fun make () = C (ref 0)
      fun tick (C r) = (r := !r + 1; !r)
    end
    val c = make ()
  in
    tick c + tick c + tick c
  end
val _ = pr (pi total)

(* a datatype declared inside the body is exported with its constructors *)
abstype shape = Sq of int | Circ of int
with
  datatype unit' = Cm | Inch
  fun square n = Sq n
  fun area (Sq n) Cm = n * n
    | area (Sq n) Inch = n * n * 6
    | area (Circ r) _ = 3 * r * r
end
val _ = pr (pi (area (square 2) Cm) ^ " " ^ pi (area (square 2) Inch))
