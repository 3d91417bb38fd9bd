(* A numeric constant is the longest prefix that forms one: `0xz` is the
   constant 0 applied as a curried argument before the name `xz`, `0wxz`
   is 0 then `wxz`, `0xw9` is 0 then `xw9`, `0x` is 0 then `x`, `~0w1` is
   ~0 then `w1`, `0wG` is 0 then `wG`, `2E` is 2 then `E`; while `0x1F`, `0wx1F`, `0w7` and
   `~0x10` are whole constants. *)
fun show a b = print (Int.toString a ^ " " ^ Int.toString b ^ "\n")
val () = let val xz = 1 in show 0xz end
val () = let val wxz = 2 in show 0wxz end
val () = let val xw9 = 3 in show 0xw9 end
val () = let val x = 4 in show 0x end
val () = let val w1 = 5 in show ~0w1 end
val () = let val xw1 = 6 in show ~0xw1 end
val () = let val wG = 7 in show 0wG end
val () = let val E = 9 in show 2E end
val _ = print (Int.toString 0x1F ^ " " ^ Word.toString 0wx1F ^ " " ^ Word.toString 0w7 ^ " " ^ Int.toString ~0x10 ^ "\n")
