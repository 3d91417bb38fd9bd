(* Sharing across three stages: an array of counters and a ref log are
   created at stage one and lifted down through stage two into stage-three
   code (lift of a code variable bound to a lifted array), so updates made
   by code generated at the third stage are seen by the first stage and by
   every other generated function; an array created at stage two is shared
   by the stage-three functions generated from it but not by those
   generated from another run of stage two.  Equality of the arrays that
   stage-three code returns tells them apart.  The generated functions are metered
   histogram bucketers: stage one picks the meter, stage two the bucket
   width, stage three the offset. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
fun showA a = String.concatWith "," (Array.foldr (fn (x, l) => pi x :: l) [] a)

val meter = Array.array (4, 0)           (* stage one: calls per level *)
val trace : string list ref = ref []

val gen1 : [int -> [int -> [int -> int]]] =
  let cogen m = lift meter cogen t = lift trace
  in code (fn width =>
       let val buckets = Array.array (5, 0)   (* a fresh array per run of stage two *)
           val _ = (Array.update (m, 1, Array.sub (m, 1) + 1); t := ("w" ^ Int.toString width) :: !t)
           cogen m2 = lift m cogen t2 = lift t cogen w2 = lift width cogen b2 = lift buckets
       in code (fn offset =>
            let val _ = (Array.update (m2, 2, Array.sub (m2, 2) + 1); t2 := ("o" ^ Int.toString offset) :: !t2)
                cogen m3 = lift m2 cogen w3 = lift w2 cogen b3 = lift b2 cogen o3 = lift offset
            in code (fn x =>
                 let val k = Int.max (0, Int.min (4, (x - o3) div w3))
                 in Array.update (m3, 3, Array.sub (m3, 3) + 1);
                    Array.update (b3, k, Array.sub (b3, k) + 1);
                    k
                 end)
            end)
       end)
  end

val stage2 = eval gen1
val byTen = eval (stage2 10)
val byTwenty = eval (stage2 20)
val fA = eval (byTen 0)
val fB = eval (byTen 5)          (* shares byTen's bucket array *)
val fC = eval (byTwenty 0)       (* its own bucket array *)
val xs = [0, 7, 12, 19, 25, 33, 41, 48, 55, 100, ~3]
val rA = map fA xs
val rB = map fB xs
val rC = map fC xs
val _ = pr ("A " ^ String.concatWith " " (map pi rA))
val _ = pr ("B " ^ String.concatWith " " (map pi rB))
val _ = pr ("C " ^ String.concatWith " " (map pi rC))
val _ = pr ("meter " ^ showA meter ^ " trace " ^ String.concatWith "," (rev (!trace)))

(* read the bucket arrays back: a stage-three function that returns its array *)
val getBuckets : [int -> [int -> [int array]]] =
  code (fn w => let val b = Array.array (2, w) cogen b' = lift b
                in code (fn _ => let cogen b'' = lift b' in code b'' end) end)
val g1 = eval (eval getBuckets 7)
val arr1 = eval (g1 0)
val arr2 = eval (g1 1)
val arr3 = eval (eval (eval getBuckets 7) 0)
val _ = pr ("same stage-two run shares: " ^ Bool.toString (arr1 = arr2) ^ ", another run does not: " ^ Bool.toString (arr1 = arr3))
val _ = (Array.update (arr1, 0, 99); pr (showA arr2 ^ " / " ^ showA arr3))

(* the stage-one generator reads the meter the third stage wrote *)
fun report () : [string] = let cogen s = lift (showA meter) in code s end
val snapshot = report ()
val _ = List.app (ignore o fC) (List.tabulate (50, fn i => i))
val _ = pr ("snapshot " ^ eval snapshot ^ ", now " ^ eval (report ()))
