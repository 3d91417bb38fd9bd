(* Exceptions as values across stages: exception packets built at
   generation time, lifted and raised by generated code (`raise e'` with
   e' a code variable), generative exceptions declared by each call of a
   generator and carried out of it so the caller can handle exactly its
   own, handlers in generated code whose patterns match the carried
   values (constructors, constants, lists, nested options), and handlers
   in the caller matching what the generated code raised. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

exception Invalid of string * int list
exception Limit of int option
exception Tagged of exn

(* a validator: a list of (name, test, packet to raise); the packets are
   built now, the tests run later *)
fun genValidator [] = code (fn x : int => x)
  | genValidator ((test : [int -> bool], packet : exn) :: rest) =
      let cogen t = test cogen p = lift packet cogen r = genValidator rest
      in code (fn x => if t x then r x else raise p) end

val rules = [(code (fn x => x >= 0), Invalid ("negative", [0])),
             (code (fn x => x < 1000), Limit (SOME 1000)),
             (code (fn x => x mod 7 <> 3), Invalid ("residue", [7, 3])),
             (code (fn x => x <> 501), Tagged (Limit NONE)),
             (code (fn x => x <> 13), Fail "unlucky")]
val validate = eval (genValidator rules)

fun describe (Invalid (why, [m])) = "Invalid " ^ why ^ " bound " ^ pi m
  | describe (Invalid (why, ns)) = "Invalid " ^ why ^ " [" ^ String.concatWith "," (map pi ns) ^ "]"
  | describe (Limit (SOME n)) = "Limit " ^ pi n
  | describe (Limit NONE) = "Limit none"
  | describe (Tagged e) = "Tagged (" ^ describe e ^ ")"
  | describe (Fail m) = "Fail " ^ m
  | describe e = "other " ^ exnName e

val _ = List.app (fn x => pr (pi x ^ ": " ^ (pi (validate x) handle e => describe e))) [5, ~1, 1000, 10, 501, 13, 999]

(* handlers in the generated code itself: it catches some packets by pattern and lets others through *)
val guarded : int -> string =
  let cogen v = lift validate
  in eval (code (fn x => (Int.toString (v x)
                          handle Invalid ("negative", _) => "clamped to 0"
                               | Invalid (_, [a, b]) => "residue " ^ Int.toString b ^ " mod " ^ Int.toString a
                               | Tagged (Limit NONE) => "tagged limit")))
  end
val _ = List.app (fn x => pr (pi x ^ " guarded: " ^ (guarded x handle Limit (SOME n) => "escaped Limit " ^ pi n | Fail m => "escaped Fail " ^ m))) [~4, 17, 501, 2000, 13, 42]

(* generative exceptions: each call of mkStop declares a new exception, lifts
   a packet of it into the generated code and hands the constructor's matcher back *)
fun mkStop (label : string) : [int list -> int] * (exn -> int option) =
  let exception Stop of int
      fun matches (Stop n) = SOME n
        | matches _ = NONE
      cogen stop = lift (fn n => Stop n) cogen l = lift label
  in (code (fn xs => foldl (fn (x, acc) => if x < 0 then raise stop (acc * 100 + size l) else acc + x) 0 xs), matches) end
val (genA, isA) = mkStop "a"
val (genB, isB) = mkStop "bbb"
val sumA = eval genA
val sumB = eval genB
fun tryBoth f xs =
  (pi (f xs)) handle e => (case (isA e, isB e) of
                             (SOME n, NONE) => "stopped by A with " ^ pi n
                           | (NONE, SOME n) => "stopped by B with " ^ pi n
                           | _ => "neither")
val _ = List.app (fn xs => pr (tryBoth sumA xs ^ " | " ^ tryBoth sumB xs)) [[1, 2, 3], [4, 5, ~1, 6], [~1]]

(* raise of a lifted packet at depth 2: the packet is created at stage 1 and
   raised by code generated at stage 2 *)
fun genRaiser (n : int) : [[int -> int]] =
  let cogen p = lift (Invalid ("deep", [n, n * n])) cogen n1 = lift n
  in code (let cogen q = lift p cogen n2 = lift n1 in code (fn x => if x > n2 then raise q else x * 2) end) end
val stage2 = eval (genRaiser 5)
val f2 = eval stage2
val _ = pr (String.concatWith " " (map (fn x => pi (f2 x) handle e => describe e) [1, 5, 6]))
(* packets are values: compared through their handler, raised twice, re-raised *)
val packet = Tagged (Invalid ("twice", [1, 2]))
val twice : int -> unit = eval (let cogen p = lift packet in code (fn k => (raise p) handle Tagged inner => if k > 0 then raise Tagged (Tagged inner) else raise inner) end)
val _ = List.app (fn k => pr ("twice " ^ pi k ^ ": " ^ ((twice k; "no raise") handle e => describe e))) [0, 1]
