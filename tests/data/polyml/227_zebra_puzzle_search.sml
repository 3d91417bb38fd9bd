(* The "zebra" (Einstein) puzzle, as in MLton's benchmark
   benchmark/tests/zebra.sml by Stephen Weeks, solved here a different way:
   by permutations of each attribute with pruning after each one. Kept from
   that program's idioms: explicit type-variable binders (fun 'a, fun ''a),
   a datatype declared inside a let, an exception carrying a function, and
   `f () before r := old` to restore a reference. *)

datatype color = Red | Green | White | Yellow | Blue
datatype nation = English | Swede | Dane | Norwegian | German
datatype drink = Tea | Coffee | Milk | Beer | Water
datatype smoke = PallMall | Dunhill | Blend | BlueMaster | Prince
datatype pet = Dog | Bird | Cat | Horse | Zebra

fun permutations [] = [[]]
  | permutations xs =
      List.concat (map (fn x => map (fn p => x :: p)
                                    (permutations (List.filter (fn y => y <> x) xs))) xs)

(* position (1-based) of x in a permutation *)
fun ''a pos (x : ''a) (p : ''a list) =
  let fun go (_, []) = raise Fail "pos"
        | go (i, y :: ys) = if x = y then i else go (i + 1, ys)
  in go (1, p) end

fun nextTo (a, b) = abs (a - b) = 1

val tried = ref 0
fun 'a counted (f : 'a -> bool) x = (tried := !tried + 1; f x)

exception Found of unit -> unit

fun solve () =
  let
    val colors = List.filter (counted (fn c => pos Green c + 1 = pos White c))
                             (permutations [Red, Green, White, Yellow, Blue])
    val nations = List.filter (counted (fn n => pos Norwegian n = 1))
                              (permutations [English, Swede, Dane, Norwegian, German])
    val drinks = List.filter (counted (fn d => pos Milk d = 3))
                             (permutations [Tea, Coffee, Milk, Beer, Water])
    val smokes = permutations [PallMall, Dunhill, Blend, BlueMaster, Prince]
    val pets = permutations [Dog, Bird, Cat, Horse, Zebra]
    fun names n = map (fn English => "English" | Swede => "Swede" | Dane => "Dane"
                        | Norwegian => "Norwegian" | German => "German") n
  in
    app (fn c =>
      app (fn n =>
        if pos English n = pos Red c andalso nextTo (pos Norwegian n, pos Blue c) then
          app (fn d =>
            if pos Dane n = pos Tea d andalso pos Green c = pos Coffee d then
              app (fn s =>
                if counted (fn s => pos Yellow c = pos Dunhill s
                                    andalso pos German n = pos Prince s
                                    andalso pos Beer d = pos BlueMaster s
                                    andalso nextTo (pos Water d, pos Blend s)) s then
                  app (fn p =>
                    if counted (fn p => pos Swede n = pos Dog p
                                        andalso pos PallMall s = pos Bird p
                                        andalso nextTo (pos Blend s, pos Cat p)
                                        andalso nextTo (pos Horse p, pos Dunhill s)) p
                    then
                      let
                        datatype answer = Owner of string * int
                        val zebraAt = pos Zebra p
                        val Owner (who, house) = Owner (List.nth (names n, zebraAt - 1), zebraAt)
                      in
                        raise Found (fn () => print ("The " ^ who ^ " owns the zebra, in house "
                                                     ^ Int.toString house ^ "\n"))
                      end
                    else ()) pets
                else ()) smokes
            else ()) drinks
        else ()) nations) colors;
    print "no solution\n"
  end

val saved = ref 0
fun 'a withSaved (v, f : unit -> 'a) : 'a =
  let val old = !saved in saved := v; f () before saved := old end

val _ = withSaved (42, fn () => solve () handle Found report => report ())
val _ = print ("saved restored to " ^ Int.toString (!saved) ^ "\n")
val _ = print ("candidates tested: " ^ Int.toString (!tried) ^ "\n")
val _ = print (Int.toString (length (permutations [1, 2, 3, 4, 5, 6])) ^ " permutations of 6\n")
val _ = pos 7 [1, 2, 3]
