(* Ported from MLton's benchmark/tests/zebra.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * Copyright Stephen Weeks (sweeks@sweeks.com).  1999-6-21.
 * Solves the "zebra" puzzle (who owns the zebra?) by constraint search.
 * Port: the record {poss, unknown, known} became a triple
 * (poss, unknown, known); display() is called; search runs once. *)

fun peek (l, p) = List.find p l
fun map (l, f) = List.map f l
fun fold (l, b, f) = List.foldl f b l

datatype cigarette = Blend | BlueMaster | Dunhill | PallMall | Prince
val cigaretteToString =
   fn Blend => "Blend"
    | BlueMaster => "BlueMaster"
    | Dunhill => "Dunhill"
    | PallMall => "PallMall"
    | Prince => "Prince"
datatype color = Blue | Green | Red | White | Yellow
val colorToString =
   fn Blue => "Blue"
    | Green => "Green"
    | Red => "Red"
    | White => "White"
    | Yellow => "Yellow"
datatype drink = Beer | Coffee | Milk | Tea | Water
val drinkToString =
   fn Beer => "Beer"
    | Coffee => "Coffee"
    | Milk => "Milk"
    | Tea => "Tea"
    | Water => "Water"
datatype nationality = Dane | English | German | Norwegian | Swede
val nationalityToString =
   fn Dane => "Dane"
    | English => "English"
    | German => "German"
    | Norwegian => "Norwegian"
    | Swede => "Swede"
datatype pet = Bird | Cat | Dog | Horse | Zebra
val petToString =
   fn Bird => "Bird"
    | Cat => "Cat"
    | Dog => "Dog"
    | Horse => "Horse"
    | Zebra => "Zebra"

type pos = int
val poss = [1, 2, 3, 4, 5]
val first = SOME 1
val middle = SOME 3

(* poss, unknown, known *)
type 'a attribute = pos list * 'a list * (pos * 'a) list

exception Done
fun 'a fluidLet (r: 'a ref, x: 'a, f: unit -> 'b): 'b =
   let val old = !r
   in r := x
      ; (f () before r := old)
      handle Done => raise Done
           | e => (r := old; raise e)
   end

fun search () =
   let
      fun init (unknown: 'a list): 'a attribute ref =
         ref (poss, unknown, [])
      val cigarettes = init [Blend, BlueMaster, Dunhill, PallMall, Prince]
      val colors = init [Blue, Green, Red, White, Yellow]
      val drinks = init [Beer, Coffee, Milk, Tea, Water]
      val nationalities = init [Dane, English, German, Norwegian, Swede]
      val pets = init [Bird, Cat, Dog, Horse, Zebra]

      fun ''a find (r: ''a attribute ref) (x: ''a): pos option =
         Option.map #1 (peek (#3 (!r), fn (_, y) => x = y))
      val smoke = find cigarettes
      val color = find colors
      val drink = find drinks
      val nat = find nationalities
      val pet = find pets

      fun display () =
         let
            fun loop (r: 'a attribute ref, toString) =
               (List.app (fn i =>
                          let
                             val x = #2 (valOf (peek (#3 (!r),
                                                   fn (j, _) => i = j)))
                             val s = toString x
                          in print s
                             ; print (CharVector.tabulate (12 - size s,
                                                         fn _ => #" "))
                          end) poss
                ; print "\n")
         in
            loop (cigarettes, cigaretteToString)
            ; loop (colors, colorToString)
            ; loop (drinks, drinkToString)
            ; loop (nationalities, nationalityToString)
            ; loop (pets, petToString)
         end

      fun make f =
         fn (SOME x, SOME y) => f (x, y)
          | _ => true
      val same = make (op =)
      val adjacent = make (fn (x, y) => x = y - 1 orelse y = x - 1)
      val left = make (fn (x, y) => x = y - 1)

      val num = ref 0
      fun isConsistent (): bool =
         (num := !num + 1
          ;
         same (nat English, color Red)
         andalso same (nat Swede, pet Dog)
         andalso same (nat Dane, drink Tea)
         andalso left (color Green, color White)
         andalso same (color Green, drink Coffee)
         andalso same (smoke PallMall, pet Bird)
         andalso same (color Yellow, smoke Dunhill)
         andalso same (middle, drink Milk)
         andalso same (nat Norwegian, first)
         andalso adjacent (smoke Blend, pet Cat)
         andalso adjacent (pet Horse, smoke Dunhill)
         andalso same (drink Beer, smoke BlueMaster)
         andalso same (nat German, smoke Prince)
         andalso adjacent (nat Norwegian, color Blue)
         andalso adjacent (drink Water, smoke Blend)
          )

      fun tryEach (l, f) =
         let
            fun loop (l, ac) =
               case l of
                  [] => ()
                | x :: l => (f (x, l @ ac); loop (l, x :: ac))
         in loop (l, [])
         end

      fun try (r: 'a attribute ref,
              f: unit -> (('a attribute -> unit)
                          * ( unit -> unit))) =
         let val (poss, unknown, known) = !r
         in case unknown of
            [] => ()
          | _ =>
               tryEach (unknown, fn (x, unknown) =>
                       let val (each, done) = f ()
                       in tryEach (poss, fn (p, poss) =>
                                  let val attr = (poss, unknown, (p, x) :: known)
                                  in fluidLet
                                     (r, attr, fn () =>
                                      if isConsistent () then each attr else ())
                                  end)
                          ; done ()
                       end)
         end

      (* loop takes the current state and either
       *   - terminates in the same state if there is no consistent extension
       *   - raises Done with the state set at the consistent extension
       *)
      exception Inconsistent
      exception Continue of unit -> unit
      fun loop (): unit =
         let
            fun test r =
               try
               (r, fn () =>
                let
                   datatype 'a attrs = None | One of 'a | Many
                   val attrs = ref None
                   fun each a =
                      case !attrs of
                         None => attrs := One a
                       | One _ => attrs := Many
                       | Many => ()
                   fun done () =
                      case !attrs of
                         None => raise Inconsistent
                       | One a => raise (Continue (fn () => fluidLet (r, a, loop)))
                       | Many => ()
                in (each, done)
                end)
            fun explore r =
               try (r, fn () =>
                   let
                      fun each _ = loop ()
                      fun done () = raise Inconsistent
                   in (each, done)
                   end)
         in (test cigarettes
             ; test colors
             ; test drinks
             ; test nationalities
             ; test pets
             ; explore cigarettes
             ; explore colors
             ; explore drinks
             ; explore nationalities
             ; explore pets
             ; raise Done)
            handle Inconsistent => ()
                 | Continue f => f ()
         end
      val _ =    loop () handle Done => ()
      val _ = print ("explored " ^ Int.toString (!num) ^ "\n")
      val _ = if 3342 = !num
                 then ()
              else raise Fail "bug"
      val _ = display ()
   in ()
   end

val _ = search ()
