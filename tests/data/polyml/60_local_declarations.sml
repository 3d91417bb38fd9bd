(* local ... in ... end: at top level, inside let, nested; the local part
   is visible only in the body, the body's bindings are exported. *)
fun pr s = print (s ^ "\n");
fun pi n = Int.toString n;

val x = 100;
local
  val x = 1
  fun twice f y = f (f y)
in
  val a = twice (fn n => n + x) 10
  fun addx n = n + x
end;
pr ("a = " ^ pi a ^ ", addx 5 = " ^ pi (addx 5) ^ ", outer x = " ^ pi x);

(* a counter whose state is hidden *)
local
  val count = ref 0
in
  fun tick () = (count := !count + 1; !count)
  fun reset () = count := 0
end;
val t1 = tick (); val t2 = tick (); val _ = reset (); val t3 = tick ();
pr ("ticks: " ^ pi t1 ^ " " ^ pi t2 ^ " " ^ pi t3);

(* nested local, and local inside let *)
local
  local val base = 7 in val b2 = base * 2 end
in
  val b3 = b2 + 1
end;
pr ("b3 = " ^ pi b3);

val r = let
  val k = 3
  local val k = k * 10 in val m = k + 1 end
in k + m end;
pr ("r = " ^ pi r);

(* the body sees its own earlier bindings and the local part's *)
local
  datatype shape = Sq of int | Rect of int * int
  fun area (Sq s) = s * s
    | area (Rect (w, h)) = w * h
in
  val areas = map area [Sq 3, Rect (2, 5)]
  val total = foldl op + 0 areas
end;
pr ("areas total = " ^ pi total);

(* mutual recursion through a local helper *)
local
  fun ev 0 = true | ev n = od (n - 1)
  and od 0 = false | od n = ev (n - 1)
in
  fun parity n = if ev n then "even" else "odd"
end;
pr (parity 10 ^ " " ^ parity 7);

(* exceptions declared in the local part still propagate *)
local
  exception Neg of int
  fun check n = if n < 0 then raise Neg n else n
in
  fun safe n = check n handle Neg m => ~m
end;
pr ("safe: " ^ pi (safe 4) ^ " " ^ pi (safe ~6));
