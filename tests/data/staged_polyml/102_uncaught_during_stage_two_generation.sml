(* A generator of generators whose second-stage generation can fail:
   a staged unit converter (the unit table at stage 1, the conversion
   pair at stage 2, the quantity at stage 3). Unknown units raise a
   top-level exception while the stage-1 code generates stage-2 code;
   handled cases are reported, then an unknown unit is requested
   outside any handler and the exception escapes from generated code
   that was running a generator. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n
exception UnknownUnit of string

(* units in thousandths of a base unit *)
val units = [("mm", 1), ("cm", 10), ("m", 1000), ("km", 1000000), ("in", 25), ("ft", 305)]

fun scaleOf (table : (string * int) list) : [string -> int] =
    case table of
        [] => code (fn u => raise UnknownUnit u)
      | (name, k) :: rest => let cogen n = lift name cogen k' = lift k cogen r = scaleOf rest in code (fn u => if u = n then k' else r u) end

val converter : [string * string -> [int -> int]] =
    let cogen scale = scaleOf units
    in code (fn (from, to) =>
            let val a = scale from
                val b = scale to
                cogen a' = lift a cogen b' = lift b
            in if a = b then code (fn x => x)
               else if a mod b = 0 then let cogen q = lift (a div b) in code (fn x => x * q) end
               else code (fn x => x * a' div b') end) end
val conv = eval converter
fun use (from, to, xs) =
    let val f = eval (conv (from, to))
    in pr (from ^ "->" ^ to ^ ": " ^ String.concatWith " " (map (pi o f) xs)) end
val _ = use ("km", "m", [1, 7, 0])
val _ = use ("m", "cm", [3, ~2])
val _ = use ("ft", "in", [1, 10, 100])
val _ = use ("mm", "mm", [42])
val _ = (use ("yd", "m", [1])) handle UnknownUnit u => pr ("unknown unit " ^ u)
val _ = (use ("m", "parsec", [1])) handle UnknownUnit u => pr ("unknown unit " ^ u)
(* the converters for every pair, generated and used *)
val names = map (fn (n, _) => n) units
val _ = pr (String.concatWith " " (List.concat (map (fn a => map (fn b => pi (eval (conv (a, b)) 1000000)) names) names)))
val _ = pr "asking for furlongs"
val _ = use ("furlong", "m", [1])
val _ = pr "not reached"
