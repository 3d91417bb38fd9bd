(* exception E = F: E denotes the same exception as F (no new exception). *)
fun pr s = print (s ^ "\n");
fun pi n = Int.toString n;
fun pb b = if b then "true" else "false";

exception Oops of int;
exception Alias = Oops;
val a = (raise Alias 1) handle Oops n => n * 10;
val b = (raise Oops 2) handle Alias n => n * 100;
pr ("a = " ^ pi a ^ ", b = " ^ pi b);

(* a built-in exception, replicated *)
exception MyFail = Fail;
val c = (raise MyFail "replicated Fail") handle Fail m => m;
val d = (raise Fail "original Fail") handle MyFail m => m;
pr (c ^ " / " ^ d);

exception Sub = Subscript;
val e = (String.sub ("abc", 10); "no") handle Sub => "Subscript caught as Sub";
pr e;

(* generativity is not re-applied: a replication inside a function
   names the same exception at every call, unlike a declaration *)
exception Base;
fun thrower () = let exception Again = Base in raise Again end;
val f = (thrower ()) handle Base => "Base caught";
pr f;

fun fresh () = let exception New in (New, fn New => true | _ => false) end;
val (n1, is1) = fresh ();
val (n2, _) = fresh ();
pr ("fresh: " ^ pb (is1 n1) ^ " " ^ pb (is1 n2));

(* replication of a local exception *)
val g = let
  exception Local of string
  exception Other = Local
in (raise Other "local") handle Local s => s ^ " caught" end;
pr g;

(* order of handler clauses: the first matching one wins *)
val h = (raise Alias 5) handle Alias n => "Alias " ^ pi n | Oops n => "Oops " ^ pi n;
pr h;
