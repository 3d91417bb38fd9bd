(* User exceptions that reuse the names of the basis's: a new Div does
   not catch the Div raised by div, a new Fail carries an int, a new
   Empty declared in a let; exception aliases (exception E = F) caught
   under either name; exnName of each; polymorphic functions declaring
   exceptions over their type variables. The program ends with the
   basis's Div, uncaught, raised while a handler for the user's Div is
   installed. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val basisDiv = Div
exception Div of string
fun safeDivide (a, b) = if b = 0 then raise Div "zero divisor" else a div b
val _ = pr ("user Div: " ^ (pi (safeDivide (7, 0)) handle Div m => "caught Div " ^ m))
val _ = pr ("basis Div past a user Div handler: " ^
            ((pi (7 div 0) handle Div m => "user " ^ m) handle e => "outer got " ^ exnName e))
val _ = pr ("basisDiv is the basis's: " ^ ((pi (7 div 0)) handle e as _ => (case e of Div _ => "user" | _ => "basis " ^ exnName e)))
val _ = pr ("raise basisDiv: " ^ ((raise basisDiv) handle Div _ => "user" | _ => "not the user's"))

exception Fail of int
val _ = pr ("user Fail: " ^ ((raise Fail 3) handle Fail n => "Fail " ^ pi n))
val _ = pr ("General.Fail still there: " ^ ((raise General.Fail "g") handle General.Fail s => "General.Fail " ^ s | Fail _ => "user"))

fun firstOf xs =
    let exception Empty
    in (case xs of [] => raise Empty | x :: _ => x) handle Empty => ~1 end
val _ = pr ("local Empty: " ^ pi (firstOf [4, 5]) ^ " " ^ pi (firstOf []))
val _ = pr ("basis Empty unaffected: " ^ ((pi (hd [])) handle Empty => "Empty"))

(* aliases *)
exception Problem of string
exception Trouble = Problem
val _ = pr ("alias raised, original caught: " ^ ((raise Trouble "t") handle Problem s => "Problem " ^ s))
val _ = pr ("original raised, alias caught: " ^ ((raise Problem "p") handle Trouble s => "Trouble " ^ s))
exception Oops = Overflow
val _ = pr ("alias of Overflow: " ^ ((pi (valOf Int.maxInt + 1)) handle Oops => "Oops"))

(* exceptions over a function's type variables *)
fun findFirst (pred : 'a -> bool) (xs : 'a list) : 'a option =
    let exception Found of 'a
    in (List.app (fn x => if pred x then raise Found x else ()) xs; NONE)
       handle Found x => SOME x
    end
val _ = pr ("findFirst: " ^ (case findFirst (fn n => n > 3) [1, 5, 2, 7] of SOME n => pi n | NONE => "none") ^ " " ^
            (case findFirst (fn s => size s = 2) ["a", "bcd", "ef"] of SOME s => s | NONE => "none") ^ " " ^
            (case findFirst (fn _ => false) [true] of SOME b => Bool.toString b | NONE => "none"))

(* exception values in data structures *)
val catalogue = [Div "x", basisDiv, Fail 1, General.Fail "y", Problem "z", Trouble "w", Oops, Empty, Match]
fun classify e = (raise e) handle Div _ => "user Div" | Fail _ => "user Fail" | Problem _ => "Problem"
                                | General.Fail _ => "basis Fail" | Overflow => "Overflow" | _ => "other"
val _ = pr ("classify: " ^ String.concatWith ", " (map classify catalogue))
val _ = pr ("names: " ^ String.concatWith " " (map exnName [Div "x", basisDiv, Fail 1, General.Fail "y", Problem "z", Empty, Match]))

(* the end: the basis's Div escapes every handler for the user's Div *)
fun average xs = foldl op + 0 xs div length xs handle Div m => (pr ("user Div: " ^ m); 0)
val _ = pr ("average [2, 4, 9] = " ^ pi (average [2, 4, 9]))
val _ = pr ("average [] = " ^ pi (average []))
val _ = pr "not reached"
