(* A text adventure as a state machine: rooms in a vector, an inventory
   list, commands parsed from strings, and a scripted walkthrough. *)

datatype dir = North | South | East | West | Up | Down
datatype item = Lamp | Key | Coin | Sword | Map
datatype cmd = Go of dir | Take of item | Drop of item | Use of item | Look | Inv | Quit | Unknown of string

exception GameOver of string
exception Blocked of string

fun dirName d = case d of North => "north" | South => "south" | East => "east"
                        | West => "west" | Up => "up" | Down => "down"
fun itemName i = case i of Lamp => "lamp" | Key => "key" | Coin => "coin" | Sword => "sword" | Map => "map"

val allItems = [Lamp, Key, Coin, Sword, Map]
val allDirs = [North, South, East, West, Up, Down]

fun parseItem s = List.find (fn i => itemName i = s) allItems
fun parseDir s =
  List.find (fn d => dirName d = s orelse str (String.sub (dirName d, 0)) = s) allDirs

fun parseCmd line =
  case String.tokens Char.isSpace (String.map Char.toLower line) of
    ["look"] => Look
  | ["l"] => Look
  | ["i"] => Inv
  | ["inventory"] => Inv
  | ["quit"] => Quit
  | ["go", d] => (case parseDir d of SOME d' => Go d' | NONE => Unknown line)
  | [d] => (case parseDir d of SOME d' => Go d' | NONE => Unknown line)
  | [verb, obj] =>
      (case (verb, parseItem obj) of
         ("take", SOME i) => Take i
       | ("get", SOME i) => Take i
       | ("drop", SOME i) => Drop i
       | ("use", SOME i) => Use i
       | _ => Unknown line)
  | _ => Unknown line

(* rooms: name, description, exits *)
val rooms = Vector.fromList [
  ("Cellar", "A damp cellar. Stairs lead up.", [(Up, 1)]),
  ("Kitchen", "A cold kitchen. Doors north and east; stairs down.", [(Down, 0), (North, 2), (East, 3)]),
  ("Hall", "A long hall with a locked door to the north.", [(South, 1), (North, 4)]),
  ("Pantry", "Shelves of old jars.", [(West, 1)]),
  ("Vault", "A dark vault.", [(South, 2)])
]

val roomItems = Array.fromList [[Lamp], [Coin], [Map], [Key, Sword], []]

val location = ref 1
val inventory = ref [] : item list ref
val doorOpen = ref false
val lampLit = ref false
val moves = ref 0
val score = ref 0

fun roomName r = let val (n, _, _) = Vector.sub (rooms, r) in n end

fun describe () =
  let val (name, desc, exits) = Vector.sub (rooms, !location)
      val dark = !location = 4 andalso not (!lampLit)
  in
    if dark then print "It is pitch dark.\n"
    else (print (name ^ ": " ^ desc ^ "\n");
          case Array.sub (roomItems, !location) of
            [] => ()
          | items => print ("You see: " ^ String.concatWith ", " (map itemName items) ^ ".\n"));
    print ("Exits: " ^ String.concatWith " " (map (fn (d, _) => dirName d) exits) ^ "\n")
  end

fun remove x [] = raise Blocked ("no " ^ itemName x ^ " here")
  | remove x (y :: ys) = if x = y then ys else y :: remove x ys

fun step cmd =
  (moves := !moves + 1;
   case cmd of
     Look => describe ()
   | Inv => print ("You carry: " ^ (case !inventory of [] => "nothing"
                                    | l => String.concatWith ", " (map itemName (rev l))) ^ ".\n")
   | Go d =>
       let val (_, _, exits) = Vector.sub (rooms, !location)
       in case List.find (fn (d', _) => d' = d) exits of
            NONE => raise Blocked ("you cannot go " ^ dirName d)
          | SOME (_, 4) =>
              if !doorOpen then (location := 4; describe ())
              else raise Blocked "the door is locked"
          | SOME (_, r) => (location := r; describe ())
       end
   | Take i =>
       let val here = Array.sub (roomItems, !location)
       in Array.update (roomItems, !location, remove i here);
          inventory := i :: !inventory;
          if i = Coin then score := !score + 10 else ();
          print ("Taken: " ^ itemName i ^ ".\n")
       end
   | Drop i =>
       (inventory := remove i (!inventory);
        Array.update (roomItems, !location, i :: Array.sub (roomItems, !location));
        print ("Dropped: " ^ itemName i ^ ".\n"))
   | Use Key =>
       if not (List.exists (fn x => x = Key) (!inventory)) then raise Blocked "you have no key"
       else if !location <> 2 then raise Blocked "nothing to unlock here"
       else (doorOpen := true; score := !score + 20; print "The door creaks open.\n")
   | Use Lamp =>
       if List.exists (fn x => x = Lamp) (!inventory)
       then (lampLit := true; print "The lamp is lit.\n"; if !location = 4 then describe () else ())
       else raise Blocked "you have no lamp"
   | Use Sword =>
       if !location = 4 andalso !lampLit
       then (score := !score + 50; raise GameOver "You slay the vault's guardian")
       else print "You swing the sword at nothing.\n"
   | Use i => print ("Nothing happens with the " ^ itemName i ^ ".\n")
   | Quit => raise GameOver "You give up"
   | Unknown s => (moves := !moves - 1; print ("I don't understand \"" ^ s ^ "\".\n")))

fun play script =
  (List.app (fn line =>
      (print ("> " ^ line ^ "\n"); step (parseCmd line))
      handle Blocked why => print ("You can't: " ^ why ^ ".\n")) script;
   print "The script ends.\n")
  handle GameOver how =>
    print (how ^ " after " ^ Int.toString (!moves) ^ " moves with score " ^ Int.toString (!score) ^ ".\n")

val () = play [
  "look", "take coin", "take coin", "go north", "north", "use key", "south", "e",
  "take key", "TAKE   Sword", "w", "d", "take lamp", "up", "n", "use key", "n",
  "look", "use sword", "use lamp", "i", "drop coin", "look", "dance wildly", "use sword", "look"
]
val () = print ("final room " ^ roomName (!location) ^ ", door " ^ Bool.toString (!doorOpen) ^ "\n")
val () = play ["s", "s", "drop map"]
