(* Ported from MLton's regression suite, regression/abstype.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * The core part (the functor part left out), without the uses of = on
 * the abstype outside it, which Poly/ML and mlbox reject (MLton accepts
 * them): a datatype declared inside an abstype keeps equality outside. *)
abstype t = T
with
   val eq = op =
end
val _ = print (Bool.toString (eq (3, 3)) ^ "\n")

abstype t = T
with
   val t = T
   val eq = op =
   val b = eq (t, t)
end
val _ = print (Bool.toString (eq (2, 3)) ^ " " ^ Bool.toString b ^ "\n")

abstype t = T
with
   val t = T
   val eq = op =
   val b = eq (t, t) andalso eq (2, 3)
end
val _ = print (Bool.toString (eq (2, 2)) ^ " " ^ Bool.toString b ^ "\n")

abstype t = T | S with
    datatype u = U of t
    val eq = op=
    val mk = T
    val other = S
end

fun eq1(t1, t2) = U t1 = U t2;
val _ = print (Bool.toString (eq1 (mk, mk)) ^ " " ^ Bool.toString (eq1 (mk, other)) ^ "\n");
val _ = print (Bool.toString ([U mk] = [U other, U mk]) ^ "\n");
