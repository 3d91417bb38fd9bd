(* LZW compression over strings: the dictionary is an assoc list from
   strings to codes (searched linearly), decoding rebuilds it. *)
fun initialDict () =
  List.tabulate (256, fn i => (String.str (chr i), i))

fun lookup (s, []) = NONE
  | lookup (s, (k, v) :: rest) = if k = s then SOME v else lookup (s, rest)

fun compress (input : string) : int list =
  let
    fun go ([], w, dict, next, acc) =
          rev (if w = "" then acc else valOf (lookup (w, dict)) :: acc)
      | go (c :: cs, w, dict, next, acc) =
          let val wc = w ^ str c
          in case lookup (wc, dict) of
               SOME _ => go (cs, wc, dict, next, acc)
             | NONE =>
                 go (cs, str c, (wc, next) :: dict, next + 1,
                     valOf (lookup (w, dict)) :: acc)
          end
  in go (explode input, "", initialDict (), 256, []) end

exception BadCode of int

fun decompress [] = ""
  | decompress (first :: rest) =
      let
        val table = Array.array (4096, "")
        val _ = Array.modifyi (fn (i, _) => if i < 256 then str (chr i) else "") table
        fun entry (code, next, w) =
          if code < next then Array.sub (table, code)
          else if code = next then w ^ str (String.sub (w, 0))
          else raise BadCode code
        fun go ([], _, _, acc) = concat (rev acc)
          | go (k :: ks, next, w, acc) =
              let val e = entry (k, next, w)
              in Array.update (table, next, w ^ str (String.sub (e, 0)));
                 go (ks, next + 1, e, e :: acc)
              end
        val w0 = Array.sub (table, first)
      in go (rest, 256, w0, [w0]) end

fun showCodes codes =
  String.concatWith " " (map (fn c => if c < 256 andalso Char.isPrint (chr c)
                                       then "'" ^ str (chr c) ^ "'"
                                       else Int.fmt StringCvt.HEX c) codes)

fun test s =
  let val c = compress s
      val d = decompress c
  in print (StringCvt.padRight #" " 28 (String.toString s) ^ " -> "
            ^ Int.toString (length c) ^ " codes: " ^ showCodes c ^ "\n");
     print ("  round trip " ^ (if d = s then "ok" else "FAILED: " ^ d) ^ "\n")
  end

val _ = app test ["", "a", "aaaaaaa", "TOBEORNOTTOBEORTOBEORNOT",
                  "abababababab", "the rain in spain\n", "\t\t\t\t\\\\"]

val _ = print (decompress [65, 66, 300] handle BadCode n => "bad code " ^ Int.toString n ^ "\n")
val _ = print (decompress [65, 256, 257, 258] ^ "\n")
val _ = decompress [65, 66, 259]
