(* A staged JSON printer: the shape of the data (a type description) is
   known at generation time, the data only at run time. The generated
   printer for a shape uses records, nested constructor patterns,
   as-patterns, string escapes, chars, reals, words and options; then a
   generated parser-free checker compares the printed text with a
   reference printer written directly. *)
fun pr s = print (s ^ "\n")
fun pi n = Int.toString n

datatype json = Null | Bool of bool | Num of int | Str of string | Arr of json list | Obj of (string * json) list
datatype shape = SInt | SStr | SBool | SList of shape | SOpt of shape | SRec of (string * shape) list | SPair of shape * shape

fun escape s = String.translate (fn #"\"" => "\\\"" | #"\\" => "\\\\" | #"\n" => "\\n" | #"\t" => "\\t"
                                  | c => if ord c < 32 then "\\u00" ^ (if ord c < 16 then "0" else "") ^ Int.fmt StringCvt.HEX (ord c) else str c) s

(* reference: print a json value *)
fun render Null = "null"
  | render (Bool b) = if b then "true" else "false"
  | render (Num n) = if n < 0 then "-" ^ pi (~n) else pi n
  | render (Str s) = "\"" ^ escape s ^ "\""
  | render (Arr xs) = "[" ^ String.concatWith "," (map render xs) ^ "]"
  | render (Obj fs) = "{" ^ String.concatWith "," (map (fn (k, v) => "\"" ^ escape k ^ "\":" ^ render v) fs) ^ "}"

(* run-time values of any shape *)
datatype dyn = DI of int | DS of string | DB of bool | DL of dyn list | DO of dyn option | DR of dyn list | DP of dyn * dyn
exception Shape of string

fun toJson (s : shape) : [dyn -> json] =
    case s of
        SInt => code (fn DI n => Num n | _ => raise Shape "int")
      | SStr => code (fn DS t => Str t | _ => raise Shape "string")
      | SBool => code (fn DB b => Bool b | _ => raise Shape "bool")
      | SList e => let cogen el = toJson e in code (fn DL xs => Arr (map el xs) | _ => raise Shape "list") end
      | SOpt e => let cogen el = toJson e in code (fn DO NONE => Null | DO (SOME x) => el x | _ => raise Shape "option") end
      | SPair (a, b) => let cogen fa = toJson a cogen fb = toJson b
                        in code (fn DP (x, y) => Arr [fa x, fb y] | _ => raise Shape "pair") end
      | SRec fields => let cogen fs = fieldsCode fields in code (fn DR vs => Obj (fs vs) | _ => raise Shape "record") end
and fieldsCode [] = code (fn [] => [] | _ => raise Shape "too many fields")
  | fieldsCode ((name, s) :: rest) =
      let cogen n = lift name cogen f = toJson s cogen r = fieldsCode rest
      in code (fn (v :: vs) => (n, f v) :: r vs | [] => raise Shape ("missing " ^ n)) end

(* a direct printer: strings built without the json tree *)
fun printer (s : shape) : [dyn -> string] =
    case s of
        SInt => code (fn DI n => if n < 0 then "-" ^ Int.toString (~n) else Int.toString n | _ => raise Shape "int")
      | SStr => code (fn DS t => "\"" ^ escape t ^ "\"" | _ => raise Shape "string")
      | SBool => code (fn DB true => "true" | DB false => "false" | _ => raise Shape "bool")
      | SList e => let cogen el = printer e in code (fn DL xs => "[" ^ String.concatWith "," (map el xs) ^ "]" | _ => raise Shape "list") end
      | SOpt e => let cogen el = printer e in code (fn DO (SOME x) => el x | DO NONE => "null" | _ => raise Shape "option") end
      | SPair (a, b) => let cogen fa = printer a cogen fb = printer b in code (fn DP (x, y) => "[" ^ fa x ^ "," ^ fb y ^ "]" | _ => raise Shape "pair") end
      | SRec fields =>
          let fun go ([], _) = code (fn ([] : dyn list) => "" | _ => raise Shape "too many fields")
                | go ((name, fs) :: rest, first) =
                    let cogen key = lift ((if first then "" else ",") ^ "\"" ^ escape name ^ "\":")
                        cogen f = printer fs cogen r = go (rest, false)
                    in code (fn all as (v :: vs) => (key ^ f v ^ r vs) | [] => raise Shape "missing field") end
              cogen body = go (fields, true)
          in code (fn DR vs => "{" ^ body vs ^ "}" | _ => raise Shape "record") end

val person = SRec [("name", SStr), ("age", SInt), ("emails", SList SStr), ("boss", SOpt SStr), ("flags", SPair (SBool, SInt))]
val people = [DR [DS "Ada \"the\" Countess", DI 36, DL [DS "ada@x.org"], DO NONE, DP (DB true, DI ~1)],
              DR [DS "Tab\there\nnewline", DI 0, DL [], DO (SOME (DS "back\\slash")), DP (DB false, DI 42)],
              DR [DS "ctl\001\031", DI ~7, DL [DS "a", DS "b", DS "c"], DO (SOME (DS "")), DP (DB true, DI 0)]]
val viaTree = eval (toJson person)
val direct = eval (printer person)
val _ = List.app (fn p => (pr (render (viaTree p)); pr (if direct p = render (viaTree p) then "same" else "DIFFERENT: " ^ direct p))) people
val _ = pr ((direct (DR [DS "x"])) handle Shape s => "shape error: " ^ s)
val _ = pr ((render (viaTree (DR [DS "x", DS "y"]))) handle Shape s => "shape error: " ^ s)
val _ = pr ((direct (DI 3)) handle Shape s => "shape error: " ^ s)

(* a nested shape: a list of records holding lists of pairs *)
val matrix = SList (SRec [("row", SInt), ("cells", SList (SPair (SInt, SOpt SBool)))])
val mp = eval (printer matrix)
val data = DL (List.tabulate (3, fn r => DR [DI r, DL (List.tabulate (r + 1, fn c => DP (DI (r * c), if c mod 2 = 0 then DO NONE else DO (SOME (DB (r > c))))))]))
val _ = pr (mp data)
val mt = eval (toJson matrix)
val _ = pr (if render (mt data) = mp data then "tree and direct agree" else "disagree")

(* the printer of a big record shape, generated once and run 2000 times *)
val wide = SRec (List.tabulate (12, fn i => ("f" ^ pi i, if i mod 3 = 0 then SInt else if i mod 3 = 1 then SStr else SList SInt)))
val wp = eval (printer wide)
val row = DR (List.tabulate (12, fn i => if i mod 3 = 0 then DI i else if i mod 3 = 1 then DS (pi (i * i)) else DL [DI i, DI (~i)]))
val len = ref 0
val _ = List.app (fn _ => len := !len + size (wp row)) (List.tabulate (2000, fn i => i))
val _ = pr (wp row)
val _ = pr ("total length " ^ pi (!len))
