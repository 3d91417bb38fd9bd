(* A program that prints a lot: 10^4 numbered lines of a walk through
   a multiplication table, then a histogram of the digits of the
   products, then a checksum of everything printed (the printer's buffer
   is exercised line by line, not as one string) *)
val checksum = ref 0
val lines = ref 0
fun emit s = (print s; print "\n"; lines := !lines + 1;
              checksum := (!checksum * 31 + size s * 256 + ord (String.sub (s, size s - 1))) mod 1000000007)
fun pad (s, n) = if size s >= n then s else pad (" " ^ s, n)
val counts = Array.array (10, 0)
fun countDigits n = (Array.update (counts, n mod 10, Array.sub (counts, n mod 10) + 1); if n >= 10 then countDigits (n div 10) else ())
fun row k = let val a = k div 100 + 1 val b = k mod 100 + 1
                val s = Int.toString k ^ ":" ^ pad (Int.toString (a * b), 5)
            in countDigits (a * b); emit s end
fun loop k = if k >= 10000 then () else (row k; loop (k + 1))
val _ = loop 0
val _ = Array.appi (fn (d, n) => emit (Int.toString d ^ " " ^ pad (Int.toString n, 6) ^ " " ^ implode (List.tabulate (n div 400, fn _ => #"#")))) counts
val _ = emit ("lines " ^ Int.toString (!lines))
val _ = print ("checksum " ^ Int.toString (!checksum) ^ "\n")
(* empty prints and prints without newlines interleaved *)
val _ = app print ["", "a", "", "b", "\n", "", "\n"]
