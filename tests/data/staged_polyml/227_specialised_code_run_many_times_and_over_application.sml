(* Specialised code run many times: the same generators inlined (fns, curried chains, chains broken by clauses, refs and lets, tuples), wrapped so that they are not fns, and spliced through a function, each run 300 times; then a chain applied to 20 more arguments than it takes, each logging *)
fun say s = print (s ^ "\n")
fun si i = Int.toString i
fun loop 0 f acc = acc | loop n f acc = loop (n - 1) f (acc + f n)
cogen v = code (fn (a, b) => a - b)
val _ = let cogen u = code (fn a => a * 2 + 1) cogen w = code (let in fn a => a * 2 + 1 end)
  val p1 = code (fn x => u x) val p2 = code (fn x => w x) val p3 = code (fn x => (fn uu => uu) u x)
  in say ("one " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn (a, b) => a - b) cogen w = code (let in fn (a, b) => a - b end)
  val p1 = code (fn x => u (x, 3)) val p2 = code (fn x => w (x, 3)) val p3 = code (fn x => (fn uu => uu) u (x, 3))
  in say ("pair " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn (a, b) => a - b) cogen w = code (let in fn (a, b) => a - b end)
  val p1 = code (fn x => let val p = (x, 3) in u p end) val p2 = code (fn x => let val p = (x, 3) in w p end) val p3 = code (fn x => let val p = (x, 3) in (fn uu => uu) u p end)
  in say ("pairvar " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn p => #1 (p : int * int) - #2 p) cogen w = code (let in fn p => #1 (p : int * int) - #2 p end)
  val p1 = code (fn x => u (x, 3)) val p2 = code (fn x => w (x, 3)) val p3 = code (fn x => (fn uu => uu) u (x, 3))
  in say ("pairwhole " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn a => fn b => a * b) cogen w = code (let in fn a => fn b => a * b end)
  val p1 = code (fn x => u x 3) val p2 = code (fn x => w x 3) val p3 = code (fn x => (fn uu => uu) u x 3)
  in say ("cur2 " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn a => fn b => fn c => a * b + c) cogen w = code (let in fn a => fn b => fn c => a * b + c end)
  val p1 = code (fn x => u (x + 1) (x + 2) (x + 3)) val p2 = code (fn x => w (x + 1) (x + 2) (x + 3)) val p3 = code (fn x => (fn uu => uu) u (x + 1) (x + 2) (x + 3))
  in say ("cur3c " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn a => fn b => fn c => a * b + c) cogen w = code (let in fn a => fn b => fn c => a * b + c end)
  val p1 = code (fn x => let val f = u x in f 1 2 + f x x end) val p2 = code (fn x => let val f = w x in f 1 2 + f x x end) val p3 = code (fn x => let val f = (fn uu => uu) u x in f 1 2 + f x x end)
  in say ("cur3partial " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn 0 => (fn b => b) | a => (fn b => a * b)) cogen w = code (let in fn 0 => (fn b => b) | a => (fn b => a * b) end)
  val p1 = code (fn x => u (x mod 3) 3) val p2 = code (fn x => w (x mod 3) 3) val p3 = code (fn x => (fn uu => uu) u (x mod 3) 3)
  in say ("stop2 " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn (ref a) => fn b => a + b) cogen w = code (let in fn (ref a) => fn b => a + b end)
  val p1 = code (fn x => u (ref x) 3) val p2 = code (fn x => w (ref x) 3) val p3 = code (fn x => (fn uu => uu) u (ref x) 3)
  in say ("stopref " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn (a, b) => fn c => fn d => a * b + c - d) cogen w = code (let in fn (a, b) => fn c => fn d => a * b + c - d end)
  val p1 = code (fn x => u (x, 1) 2 x) val p2 = code (fn x => w (x, 1) 2 x) val p3 = code (fn x => (fn uu => uu) u (x, 1) 2 x)
  in say ("cur3tup " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn a => fn b => fn c => fn d => a + b + c + d) cogen w = code (let in fn a => fn b => fn c => fn d => a + b + c + d end)
  val p1 = code (fn x => u x x 1 x) val p2 = code (fn x => w x x 1 x) val p3 = code (fn x => (fn uu => uu) u x x 1 x)
  in say ("cur4 " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn a => fn b => (fn c => a + b + c)) cogen w = code (let in fn a => fn b => (fn c => a + b + c) end)
  val p1 = code (fn x => u x 1 2) val p2 = code (fn x => w x 1 2) val p3 = code (fn x => (fn uu => uu) u x 1 2)
  in say ("over " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn a => let val z = a + 1 in fn b => z * b end) cogen w = code (let in fn a => let val z = a + 1 in fn b => z * b end end)
  val p1 = code (fn x => u x 3) val p2 = code (fn x => w x 3) val p3 = code (fn x => (fn uu => uu) u x 3)
  in say ("letmid " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn a => case a of 0 => (fn b => b) | _ => (fn b => a + b)) cogen w = code (let in fn a => case a of 0 => (fn b => b) | _ => (fn b => a + b) end)
  val p1 = code (fn x => u (x mod 2) 3) val p2 = code (fn x => w (x mod 2) 3) val p3 = code (fn x => (fn uu => uu) u (x mod 2) 3)
  in say ("casefn " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn a => fn b => (a * 0 - b) + (a * 1 - b) + (a * 2 - b) + (a * 3 - b) + (a * 4 - b) + (a * 5 - b) + (a * 6 - b) + (a * 7 - b) + (a * 8 - b) + (a * 9 - b) + (a * 10 - b) + (a * 11 - b) + (a * 12 - b) + (a * 13 - b) + (a * 14 - b) + (a * 15 - b) + (a * 16 - b) + (a * 17 - b) + (a * 18 - b) + (a * 19 - b) + (a * 20 - b) + (a * 21 - b) + (a * 22 - b) + (a * 23 - b) + (a * 24 - b) + (a * 25 - b) + (a * 26 - b) + (a * 27 - b) + (a * 28 - b) + (a * 29 - b) + (a * 30 - b) + (a * 31 - b) + (a * 32 - b) + (a * 33 - b) + (a * 34 - b) + (a * 35 - b) + (a * 36 - b) + (a * 37 - b) + (a * 38 - b) + (a * 39 - b) + (a * 40 - b) + (a * 41 - b) + (a * 42 - b) + (a * 43 - b) + (a * 44 - b) + (a * 45 - b) + (a * 46 - b) + (a * 47 - b) + (a * 48 - b) + (a * 49 - b) + (a * 50 - b) + (a * 51 - b) + (a * 52 - b) + (a * 53 - b) + (a * 54 - b) + (a * 55 - b) + (a * 56 - b) + (a * 57 - b) + (a * 58 - b) + (a * 59 - b)) cogen w = code (let in fn a => fn b => (a * 0 - b) + (a * 1 - b) + (a * 2 - b) + (a * 3 - b) + (a * 4 - b) + (a * 5 - b) + (a * 6 - b) + (a * 7 - b) + (a * 8 - b) + (a * 9 - b) + (a * 10 - b) + (a * 11 - b) + (a * 12 - b) + (a * 13 - b) + (a * 14 - b) + (a * 15 - b) + (a * 16 - b) + (a * 17 - b) + (a * 18 - b) + (a * 19 - b) + (a * 20 - b) + (a * 21 - b) + (a * 22 - b) + (a * 23 - b) + (a * 24 - b) + (a * 25 - b) + (a * 26 - b) + (a * 27 - b) + (a * 28 - b) + (a * 29 - b) + (a * 30 - b) + (a * 31 - b) + (a * 32 - b) + (a * 33 - b) + (a * 34 - b) + (a * 35 - b) + (a * 36 - b) + (a * 37 - b) + (a * 38 - b) + (a * 39 - b) + (a * 40 - b) + (a * 41 - b) + (a * 42 - b) + (a * 43 - b) + (a * 44 - b) + (a * 45 - b) + (a * 46 - b) + (a * 47 - b) + (a * 48 - b) + (a * 49 - b) + (a * 50 - b) + (a * 51 - b) + (a * 52 - b) + (a * 53 - b) + (a * 54 - b) + (a * 55 - b) + (a * 56 - b) + (a * 57 - b) + (a * 58 - b) + (a * 59 - b) end)
  val p1 = code (fn x => u x 3) val p2 = code (fn x => w x 3) val p3 = code (fn x => (fn uu => uu) u x 3)
  in say ("big " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn (a, b, c) => a * b + c) cogen w = code (let in fn (a, b, c) => a * b + c end)
  val p1 = code (fn x => u (x, 2, x)) val p2 = code (fn x => w (x, 2, x)) val p3 = code (fn x => (fn uu => uu) u (x, 2, x))
  in say ("triple " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val _ = let cogen u = code (fn p => v p) cogen w = code (let in fn p => v p end)
  val p1 = code (fn x => u (x, 3)) val p2 = code (fn x => w (x, 3)) val p3 = code (fn x => (fn uu => uu) u (x, 3))
  in say ("passpair " ^ si (loop 300 (eval p1) 0) ^ " " ^ si (loop 300 (eval p2) 0) ^ " " ^ si (loop 300 (eval p3) 0)) end
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun id x = x
cogen u = code (fn a => fn b => fn c => (t "body" (); id))
val p = code (fn x => u (t "a" x) (t "b" 2) (t "c" 3) (t "i0" id) (t "i1" id) (t "i2" id) (t "i3" id) (t "i4" id) (t "i5" id) (t "i6" id) (t "i7" id) (t "i8" id) (t "i9" id) (t "i10" id) (t "i11" id) (t "i12" id) (t "i13" id) (t "i14" id) (t "i15" id) (t "i16" id) (t "i17" id) (t "i18" id) (t "i19" id)                                                                                                                                   (t "last" x))
val _ = print (Int.toString (eval p 1) ^ "\n")
val _ = print (String.concatWith " " (rev (!log)) ^ "\n")
