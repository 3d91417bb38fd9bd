(* A first ML□ program. Without staging constructs it is plain Standard ML. *)
fun fact 0 = 1
  | fact n = n * fact (n - 1)

val greeting = "Hello from ML□"
val _ = print (greeting ^ "\n")
val _ = print ("10! = " ^ Int.toString (fact 10) ^ "\n")
