(* An overloaded operator's type is settled by the whole unit of
   elaboration (up to a top-level ';'), so a function's arithmetic can
   be fixed to words by a use that comes later, inside a let too. *)
fun half (x, y) = (x + y) div y
fun back (x, y) = x div (x - y)
val w = half (0w12, 0w3) + back (0w10, 0w2);
val _ = print (Word.toString w ^ "\n")

fun scale x =
    x + let
          fun again () = x
        in
          again () * 0w3
        end;
val _ = print (Word.toString (scale 0w5) ^ "\n")

val inner =
  let
    fun double x = x + x
    val y = double 0w21
  in Word.toInt y end;
val _ = print (Int.toString inner ^ "\n")

(* with no later use the default, int, is taken at the ';' *)
fun triple x = x * 3;
val _ = print (Int.toString (triple 14) ^ "\n")

(* comparison operators resolve on strings and chars the same way *)
fun bigger (a, b) = if a > b then a else b
val s = bigger ("pear", "apple");
val c = let fun least (a, b) = if a < b then a else b in least (#"q", #"d") end;
val _ = print (s ^ " " ^ str c ^ "\n")
