(* dates: leap years, days in month, day of the week by Zeller's
   congruence, days between dates, adding days, and a month calendar *)
datatype month = Jan | Feb | Mar | Apr | May | Jun | Jul | Aug | Sep | Oct | Nov | Dec
val months = [Jan, Feb, Mar, Apr, May, Jun, Jul, Aug, Sep, Oct, Nov, Dec]
fun monthNumber m =
  let fun find (_, []) = raise Fail "no such month"
        | find (k, x :: xs) = if x = m then k else find (k + 1, xs)
  in find (1, months) end
fun monthName m = List.nth (["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"], monthNumber m - 1)
fun leap y = (y mod 4 = 0 andalso y mod 100 <> 0) orelse y mod 400 = 0
fun daysIn (Feb, y) = if leap y then 29 else 28
  | daysIn (m, _) = if List.exists (fn x => x = m) [Apr, Jun, Sep, Nov] then 30 else 31
(* 0 = Saturday, as Zeller's congruence counts *)
fun zeller (d, m, y) =
  let val (m, y) = if m < 3 then (m + 12, y - 1) else (m, y)
      val k = y mod 100 and j = y div 100
  in (d + (13 * (m + 1)) div 5 + k + k div 4 + j div 4 + 5 * j) mod 7 end
val dayNames = Vector.fromList ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
fun weekday (d, m, y) = Vector.sub (dayNames, zeller (d, monthNumber m, y))
val _ = app (fn (d, m, y) => print (Int.toString d ^ " " ^ monthName m ^ " " ^ Int.toString y ^ " was a " ^ weekday (d, m, y) ^ "\n"))
            [(1, Jan, 2000), (20, Jul, 1969), (29, Feb, 2024), (25, Dec, 1999), (14, Oct, 1066)]
val _ = print (String.concatWith " " (map (fn y => Int.toString y ^ ":" ^ Bool.toString (leap y)) [1900, 2000, 2023, 2024, 2100]) ^ "\n")
fun dayOfYear (d, m, y) = d + foldl (fn (m', s) => s + daysIn (m', y)) 0 (List.take (months, monthNumber m - 1))
fun daysBefore y = let fun go (yr, acc) = if yr >= y then acc else go (yr + 1, acc + (if leap yr then 366 else 365)) in go (1900, 0) end
fun ordinal (d, m, y) = daysBefore y + dayOfYear (d, m, y)
fun between (a, b) = ordinal b - ordinal a
val _ = print (Int.toString (dayOfYear (31, Dec, 2024)) ^ " " ^ Int.toString (dayOfYear (1, Mar, 2023)) ^ "\n")
val _ = print (Int.toString (between ((1, Jan, 2000), (1, Jan, 2024))) ^ " " ^ Int.toString (between ((20, Jul, 1969), (21, Nov, 2026))) ^ "\n")
exception BadDate of int * month * int
fun addDays ((d, m, y), 0) = (d, m, y)
  | addDays ((d, m, y), n) =
      if d < daysIn (m, y) then addDays ((d + 1, m, y), n - 1)
      else if m = Dec then addDays ((1, Jan, y + 1), n - 1)
      else addDays ((1, List.nth (months, monthNumber m), y), n - 1)
fun showDate (d, m, y) = Int.toString d ^ " " ^ monthName m ^ " " ^ Int.toString y
val _ = print (showDate (addDays ((28, Feb, 2024), 2)) ^ "; " ^ showDate (addDays ((31, Dec, 1999), 1)) ^ "; " ^ showDate (addDays ((1, Jan, 2025), 365)) ^ "\n")
fun calendar (m, y) =
  let val first = (zeller (1, monthNumber m, y) + 6) mod 7   (* 0 = Sunday *)
      val cells = List.tabulate (first, fn _ => "  ") @ List.tabulate (daysIn (m, y), fn d => StringCvt.padLeft #" " 2 (Int.toString (d + 1)))
      fun rows [] = []
        | rows l = if length l <= 7 then [l] else List.take (l, 7) :: rows (List.drop (l, 7))
  in print (monthName m ^ " " ^ Int.toString y ^ "\nSu Mo Tu We Th Fr Sa\n");
     app (fn r => print (String.concatWith " " r ^ "\n")) (rows cells)
  end
val _ = calendar (Feb, 2026)
val _ = calendar (Sep, 1752)
fun validate (d, m, y) = if d < 1 orelse d > daysIn (m, y) then raise BadDate (d, m, y) else (d, m, y)
val _ = validate (29, Feb, 2023)
