(* Code variables spliced where no application reduces them: raised (exception values and constructors applied), as case scrutinees, passed to map and foldl, chosen by an if, applied through a local fn, inside handlers of handlers *)
fun say s = print (s ^ "\n")
fun si i = Int.toString i
fun sl l = String.concatWith "," (map si l)
val log = ref [] : string list ref
fun t s v = (log := s :: !log; v)
fun flush () = (say (String.concatWith " " (rev (!log))); log := [])
exception X of int
cogen ex = code (X (t "mk" 3))
cogen ex2 = code (fn n => X n)
cogen inc = code (fn v => v + 1)
cogen sc = code (t "scrut" 2)
cogen lf = lift (fn v => v * 7)
val p = code (fn x =>
  [(raise ex) handle X n => n, (raise ex2 x) handle X n => inc n, (raise (ex2 (inc x))) handle X n => n * 100,
   case sc of 2 => inc x | _ => 0, case inc sc of 3 => 33 | _ => 0,
   foldl (op +) 0 (map inc [1, 2, 3]), foldl (op +) 0 (map lf [1, 2]), (lf) x, (inc) x, (fn f => f (f x)) inc,
   let val g = if x > 0 then inc else lf in g 10 end,
   ((raise X 1) handle X 2 => inc 0 | X n => (raise ex2 (n + 1)) handle X m => inc m + 1000)])
val _ = say (sl (eval p 4))
val _ = flush ()
