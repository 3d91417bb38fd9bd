(* Hot patching through lifted refs: a request pipeline is generated once,
   but some of its steps go through refs created at generation time and
   lifted into the generated code (a ref holding a function, a ref holding
   a list of filters, a ref of a ref), so assigning them later changes
   what the generated code does without generating it again, while steps
   whose values were lifted directly stay frozen.  The generated code also
   matches `ref` patterns and compares lifted refs with others. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

val handlerRef : (string -> string) ref = ref (fn s => "v1:" ^ s)
val filtersRef : (string -> bool) list ref = ref [fn s => size s > 0]
val depth : int ref ref = ref (ref 1)
val frozenPrefix = ref "[frozen]"
val log : string list ref = ref []

fun genPipeline () : [string -> string option] =
  let cogen h = lift handlerRef
      cogen fs = lift filtersRef
      cogen d = lift depth
      cogen prefixNow = lift (!frozenPrefix)   (* the string, read now *)
      cogen prefixCell = lift frozenPrefix     (* the cell, read later *)
      cogen l = lift log
  in code (fn req =>
       if List.all (fn f => f req) (!fs)
       then let val ref inner = d
                val reply = !h req
                val r = prefixNow ^ !prefixCell ^ reply ^ "@" ^ Int.toString (!inner)
            in l := req :: !l; SOME r end
       else (l := ("rejected " ^ req) :: !l; NONE))
  end

val pipeline = eval (genPipeline ())
fun show NONE = "-"
  | show (SOME s) = s
fun run reqs = pr (String.concatWith " | " (map (show o pipeline) reqs))

val _ = run ["a", "", "bc"]
val _ = handlerRef := (fn s => "v2:" ^ String.map Char.toUpper s)
val _ = frozenPrefix := "[thawed]"
val _ = run ["a", "bc"]
val _ = filtersRef := (fn s => String.sub (s, 0) <> #"x") :: !filtersRef
val _ = run ["xyz", "yz", ""] handle Subscript => pr "Subscript: the new filter runs before the old one"
val _ = filtersRef := rev (!filtersRef)
val _ = run ["xyz", "yz", ""]
(* assign through the inner ref, then replace the inner ref itself *)
val _ = !depth := 2
val _ = run ["q"]
val old = !depth
val _ = depth := ref 10
val _ = old := 99
val _ = run ["q"]
val _ = pr ("log: " ^ String.concatWith "," (rev (!log)))

(* refs created by the generated code are fresh per call; lifted ones are the originals *)
val cellGen : [int -> int ref * bool] =
  let cogen shared = lift (!depth) in code (fn k => let val r = ref k in (r, r = shared) end) end
val mk = eval cellGen
val (r1, s1) = mk 1
val (r2, s2) = mk 1
val _ = pr ("fresh cells equal? " ^ Bool.toString (r1 = r2) ^ ", same as the lifted one? " ^ Bool.toString (s1 orelse s2))
val isDepth = eval (let cogen d = lift (!depth) in code (fn r => r = d) end)
val _ = pr ("the lifted cell is the current one: " ^ Bool.toString (isDepth (!depth)) ^ ", not the old one: " ^ Bool.toString (not (isDepth old)))

(* a ref of generated functions, patched by generating new code at run time *)
val stepRef : (int -> int) ref = ref (fn x => x)
fun patch k = stepRef := eval (let cogen k' = lift k cogen prev = lift (!stepRef) in code (fn x => prev x * 2 + k') end)
val apply = eval (let cogen s = lift stepRef in code (fn x => !s x) end)
val _ = List.app (fn k => (patch k; pr ("after patch " ^ pi k ^ ": " ^ pi (apply 0) ^ " " ^ pi (apply 1)))) [1, 0, 1, 1]
(* a counter whose increment is read through a ref pattern in a generated loop *)
val incr = ref 3
val loop = eval (let cogen i = lift incr in code (fn n => let val total = ref 0 val k = ref 0
                                                          in while !k < n do (case i of ref step => (total := !total + step; k := !k + 1; if !k = 5 then i := 100 else ())); !total end) end)
val _ = pr ("loop 10: " ^ pi (loop 10) ^ ", incr now " ^ pi (!incr))
