(* ListPair's Eq functions: ListPair.UnequalLengths on lists of unequal
   lengths, raised after the pairs before the end of the shorter list have
   been visited (foldrEq checks first; allEq answers false); a program's
   own exception UnequalLengths is another exception *)
fun pr s = print (s ^ "\n")
fun showPairs l = String.concatWith " " (map (fn (a, b) => Int.toString a ^ b) l)
val _ = pr (showPairs (ListPair.zipEq ([1, 2, 3], ["a", "b", "c"])))
val _ = pr (showPairs (ListPair.zipEq ([], [])))
val _ = ListPair.appEq (fn (a, b) => pr (Int.toString (a + b))) ([1, 2, 3], [10, 20])
        handle ListPair.UnequalLengths => pr "appEq unequal"
val squares = ListPair.mapEq (fn (a, b) => (pr (Int.toString (a * b)); a * b)) ([1, 2, 3], [10, 20])
              handle ListPair.UnequalLengths => (pr "mapEq unequal"; [])
val _ = pr (Int.toString (length squares))
val _ = ListPair.mapEq (fn (a, b) => a * b) ([1, 2], [10, 20, 30]) handle ListPair.UnequalLengths => (pr "mapEq unequal, second longer"; [])
val sum = ListPair.foldlEq (fn (a, b, s) => (pr (Int.toString a); s + a + b)) 0 ([1, 2, 3], [10, 20, 30])
val _ = pr ("foldlEq " ^ Int.toString sum)
val _ = ListPair.foldlEq (fn (a, b, s) => (pr (Int.toString a); s + a + b)) 0 ([1, 2, 3], [10, 20])
        handle ListPair.UnequalLengths => (pr "foldlEq unequal"; 0)
val _ = ListPair.foldrEq (fn (a, b, s) => (pr (Int.toString a); s + a + b)) 0 ([1, 2, 3], [10, 20])
        handle ListPair.UnequalLengths => (pr "foldrEq unequal, nothing visited"; 0)
val order = ListPair.foldrEq (fn (a, b, s) => a ^ b ^ s) "" (["x", "y"], ["1", "2"])
val _ = pr ("foldrEq " ^ order)
val _ = pr (Bool.toString (ListPair.allEq (fn (a, b) => (pr "visit"; a < b)) ([1, 2, 3], [10, 20])))
val _ = pr (Bool.toString (ListPair.allEq (fn (a, b) => (pr "visit'"; a > b)) ([1, 2], [10, 20, 30])))
val _ = pr (Bool.toString (ListPair.allEq (fn (a, b) => a < b) ([1, 2], [10, 20])))
val _ = pr (Bool.toString (ListPair.allEq (fn _ => false) ([], [])))
val _ = pr (exnName ListPair.UnequalLengths)
exception UnequalLengths
fun which f = (f (); "none")
              handle UnequalLengths => "mine"
                   | ListPair.UnequalLengths => "ListPair's"
val _ = pr (which (fn () => raise UnequalLengths))
val _ = pr (which (fn () => ignore (ListPair.zipEq ([1], []))))
val _ = pr (which (fn () => raise ListPair.UnequalLengths))
val classify = fn ListPair.UnequalLengths => "unequal" | Empty => "empty" | _ => "other"
val _ = pr (String.concatWith " " (map classify [ListPair.UnequalLengths, UnequalLengths, Empty]))
val _ = pr (exnName UnequalLengths)
val _ = ListPair.zipEq ([1], [2, 3])
