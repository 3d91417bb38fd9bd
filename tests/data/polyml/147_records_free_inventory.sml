(* an inventory kept as a list of tuples and a datatype of commands,
   processed by a fold; errors reported through exceptions with arguments,
   plus a sorted report *)
datatype command = Add of string * int
                 | Remove of string * int
                 | Rename of string * string
                 | Clear
exception NoSuchItem of string
exception NotEnough of string * int * int
fun apply (Add (name, n), inv) =
      if List.exists (fn (m, _) => m = name) inv
      then map (fn (m, k) => if m = name then (m, k + n) else (m, k)) inv
      else inv @ [(name, n)]
  | apply (Remove (name, n), inv) =
      (case List.find (fn (m, _) => m = name) inv of
         NONE => raise NoSuchItem name
       | SOME (_, k) =>
           if k < n then raise NotEnough (name, k, n)
           else if k = n then List.filter (fn (m, _) => m <> name) inv
           else map (fn (m, k) => if m = name then (m, k - n) else (m, k)) inv)
  | apply (Rename (old, new), inv) =
      if List.exists (fn (m, _) => m = old) inv then map (fn (m, k) => (if m = old then new else m, k)) inv
      else raise NoSuchItem old
  | apply (Clear, _) = []
fun run (cmds, inv) =
  foldl (fn (c, inv) => apply (c, inv)
                        handle NoSuchItem n => (print ("no such item: " ^ n ^ "\n"); inv)
                             | NotEnough (n, have, want) =>
                                 (print ("not enough " ^ n ^ ": have " ^ Int.toString have ^ ", want " ^ Int.toString want ^ "\n"); inv))
        inv cmds
fun report inv =
  let fun ins (x, []) = [x]
        | ins (x as (a, _), (y as (b, _)) :: ys) = if a < b then x :: y :: ys else y :: ins (x, ys)
  in app (fn (n, k) => print ("  " ^ n ^ ": " ^ Int.toString k ^ "\n")) (foldl ins [] inv) end
val inv = run ([Add ("bolt", 100), Add ("nut", 250), Add ("washer", 75), Remove ("bolt", 30), Add ("bolt", 5),
                Remove ("screw", 1), Remove ("washer", 80), Rename ("nut", "hex nut"), Remove ("washer", 75)], [])
val _ = report inv
val inv2 = run ([Rename ("gear", "cog"), Clear, Add ("spring", 3)], inv)
val _ = report inv2
val total = foldl (fn ((_, k), s) => s + k) 0 inv
val _ = print ("total items " ^ Int.toString total ^ "\n")
val _ = apply (Remove ("spring", 4), inv2)
