(* infix, infixr, nonfix: declared precedence and associativity, scoping in
   let and local, the clausal forms of fun, op, user infix constructors and
   redefined built-in operators. *)
fun pr s = print (s ^ "\n");
fun pi n = Int.toString n;

infix 6 ++;
fun x ++ y = x * 10 + y;
pr ("1 ++ 2 ++ 3 = " ^ pi (1 ++ 2 ++ 3));
pr ("1 ++ 2 * 3 = " ^ pi (1 ++ 2 * 3));

infixr 6 +++;
fun (x +++ y) z = x * 100 + y * 10 + z;
pr ("(1 +++ 2) 3 = " ^ pi ((1 +++ 2) 3));

infixr 2 **;
fun a ** b = a - b;
pr ("10 ** 4 ** 1 = " ^ pi (10 ** 4 ** 1));

(* default precedence 0, several names in one declaration *)
infix <> ==;
fun a == b = a = b;
pr ("3 == 1 + 2: " ^ (if 3 == 1 + 2 then "yes" else "no"));

(* op: an infix identifier used as a value *)
pr ("foldl op ++ 0 [1, 2, 3] = " ^ pi (foldl op ++ 0 [1, 2, 3]));
val pairsum = op ++;
pr ("pairsum (4, 5) = " ^ pi (pairsum (4, 5)));

(* user infix constructors *)
datatype 'a seq = Empty | ::: of 'a * 'a seq;
infixr 5 :::;
fun total Empty = 0
  | total (x ::: rest) = x + total rest;
fun toList Empty = []
  | toList (x ::: r) = x :: toList r;
pr ("total = " ^ pi (total (1 ::: 2 ::: 3 ::: Empty)));
pr ("as list: " ^ String.concat (map pi (toList (7 ::: 8 ::: Empty))));

(* scoping: a fixity declared in a let or a local part ends with it *)
val scoped = let infix 1 <*> fun a <*> b = a * b in 2 <*> 3 + 4 end;
pr ("scoped = " ^ pi scoped);
fun <*> (a, b) = a + b;
pr ("<*> (2, 3) = " ^ pi (<*> (2, 3)));
local
  infix 7 %%
  fun a %% b = a mod b
in
  val m = 17 %% 5 + 1
  infix 3 &&
  fun a && b = a andalso b
end;
pr ("m = " ^ pi m ^ ", true && false = " ^ (if true && false then "true" else "false"));

(* built-in operators redeclared *)
nonfix +;
pr ("+ (1, 2) = " ^ pi (+ (1, 2)));
infix 6 +;
pr ("1 + 2 * 3 = " ^ pi (1 + 2 * 3));
val c = let infix 7 + in 1 + 2 * 3 end;
pr ("with + at 7: " ^ pi c);
val l = let infix 3 :: in 1 :: [2] @ [3] end;
pr ("with :: at 3: " ^ String.concat (map pi l));
