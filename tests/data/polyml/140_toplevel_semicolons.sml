(* a program written REPL-style: top-level expressions separated by
   semicolons (bound to it), declarations ending in ;, it reused *)
print "start\n";
val x = 10;
x + 5;
val saved = it;
fun double n = 2 * n;
double it;
print (Int.toString saved ^ " " ^ Int.toString it ^ "\n");
"a string";
print (it ^ "!\n");
val it = 99;
print (Int.toString it ^ "\n");
let val y = 3 in y * y end;
val z = it + 1;
print (Int.toString z ^ "\n");
(print "unit expression\n"; ());
[1, 2, 3];
print (Int.toString (length it) ^ "\n");
fun fact 0 = 1 | fact n = n * fact (n - 1);
fact 12;
print (Int.toString it ^ "\n");;
print "double semicolon ok\n";
(fn a => a * 3) 14;
print (Int.toString it ^ "\n");
val it = "shadowed by a val";
print (it ^ "\n");
hd [];
print "not reached\n"
