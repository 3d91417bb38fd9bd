(* The regular-expression matcher with continuations of Harper's
   "Proof-directed debugging" (JFP 1999), as taught in CMU 15-150 (lecture
   on continuations), with a REQUIRES/ENSURES comment per function in the
   course's style. *)

datatype regexp =
    Zero
  | One
  | Char of char
  | Plus of regexp * regexp
  | Times of regexp * regexp
  | Star of regexp

(* match : regexp -> char list -> (char list -> bool) -> bool
   REQUIRES: true
   ENSURES: match r cs k ==> true iff cs = p @ s with p in L(r) and k s ==> true *)
fun match Zero _ _ = false
  | match One cs k = k cs
  | match (Char c) cs k =
      (case cs of
           [] => false
         | c' :: cs' => c = c' andalso k cs')
  | match (Plus (r1, r2)) cs k = match r1 cs k orelse match r2 cs k
  | match (Times (r1, r2)) cs k = match r1 cs (fn cs' => match r2 cs' k)
  | match (Star r) cs k =
      k cs orelse
      match r cs (fn cs' => not (cs = cs') andalso match (Star r) cs' k)

fun accept r s = match r (String.explode s) List.null

(* A small parser for a concrete syntax: a|b, ab, a*, (r), 0, 1. *)
exception Parse of string

fun parse s =
  let
    fun alt cs =
      let val (r, cs) = seq cs in
        case cs of
            #"|" :: cs' => let val (r', cs'') = alt cs' in (Plus (r, r'), cs'') end
          | _ => (r, cs)
      end
    and seq cs =
      let val (r, cs) = post cs in
        case cs of
            [] => (r, cs)
          | #"|" :: _ => (r, cs)
          | #")" :: _ => (r, cs)
          | _ => let val (r', cs') = seq cs in (Times (r, r'), cs') end
      end
    and post cs =
      let
        val (r, cs) = atom cs
        fun stars (r, #"*" :: cs) = stars (Star r, cs)
          | stars (r, cs) = (r, cs)
      in stars (r, cs) end
    and atom (#"(" :: cs) =
          (case alt cs of
               (r, #")" :: cs') => (r, cs')
             | _ => raise Parse "expected )")
      | atom (#"0" :: cs) = (Zero, cs)
      | atom (#"1" :: cs) = (One, cs)
      | atom (c :: cs) =
          if Char.isAlpha c then (Char c, cs) else raise Parse ("unexpected " ^ str c)
      | atom [] = raise Parse "unexpected end"
  in
    case alt (explode s) of
        (r, []) => r
      | (_, c :: _) => raise Parse ("trailing " ^ str c)
  end

fun show Zero = "0"
  | show One = "1"
  | show (Char c) = str c
  | show (Plus (r1, r2)) = "(" ^ show r1 ^ "|" ^ show r2 ^ ")"
  | show (Times (r1, r2)) = show r1 ^ show r2
  | show (Star r) = "(" ^ show r ^ ")*"

val tests =
  [("(a|b)*abb", ["abb", "aabb", "babb", "ab", "abba", ""]),
   ("a**", ["", "a", "aaaa", "b"]),
   ("(1|a)*b", ["b", "ab", "aaab", "ba"]),
   ("(ab|a)(bc|c)", ["abc", "abbc", "ac", "abcc"]),
   ("0|x", ["x", ""])]

val _ =
  List.app
    (fn (src, strs) =>
        let val r = parse src in
          print (src ^ " parsed as " ^ show r ^ "\n");
          List.app (fn s => print ("  \"" ^ s ^ "\" " ^
                                   (if accept r s then "accepted" else "rejected") ^ "\n")) strs
        end)
    tests

val _ = (parse "a(b"; ()) handle Parse msg => print ("parse error: " ^ msg ^ "\n")
val _ = parse "ab)"
