(* Ported from MLton's benchmark/tests/count-graphs.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * Written by Henry Cejtin (henry@sourcelight.com).
 * Counts triangle-free graphs with 3V - 4 - 2E = 0 for each size.
 * Port: `fun print _ = ()` and structure Main dropped; one pass, sizes 0-7. *)

fun fold (lst, folder, state) =
  let fun loop (lst, state) =
        case lst of
          [] => state
        | first::rest => loop (rest, folder (first, state))
  in loop (lst, state)
  end

fun naturalFold (limit, folder, state) =
  if limit < 0
    then raise Domain
    else let fun loop (i, state) =
               if i = limit
                 then state
                 else loop (i+1, folder (i, state))
         in loop (0, state)
         end

fun naturalAny (limit, ok) =
  if limit < 0
    then raise Domain
    else let fun loop i =
               i <> limit andalso
                 (ok i orelse loop (i+1))
         in loop 0
         end

fun naturalAll (limit, ok) =
  if limit < 0
    then raise Domain
    else let fun loop i =
               i = limit orelse
                 (ok i andalso loop (i+1))
         in loop 0
         end

fun 'a foldOverPermutations (universe, pFolder, pState, folder, state: 'a) =
  let exception accross of 'a
      fun outer (universe, pState, state) =
        case universe of
          [] => folder (pState, state)
        | first::rest =>
            let fun inner (first, rest, revOut, state) =
                  let val state =
                        let val (newPState, state) =
                              pFolder (first, pState, state, accross)
                        in outer (fold (revOut, op ::, rest), newPState, state)
                        end handle accross state => state
                  in case rest of
                       [] => state
                     | second::rest => inner (second, rest, first::revOut, state)
                  end
            in inner (first, rest, [], state)
            end
  in outer (universe, pState, state)
  end

fun 'a foldOverBagPerms (universe, pFolder, pState, folder, state: 'a) =
  let exception accross of 'a
      fun outer (universe, pState, state) =
        case universe of
          [] => folder (pState, state)
        | (fbag as (first::fclone))::rest =>
            let fun inner (fbag, first, fclone, rest, revOut, state) =
                  let val state =
                        let val (newPState, state) =
                              pFolder (first, pState, state, accross)
                        in outer (fold (revOut,
                                        op ::,
                                        case fclone of
                                          [] => rest
                                        | _ => fclone::rest),
                                  newPState,
                                  state)
                        end handle accross state => state
                  in case rest of
                       [] => state
                     | (sbag as (second::sclone))::rest =>
                         inner (sbag, second, sclone, rest, fbag::revOut, state)
                  end
            in inner (fbag, first, fclone, rest, [], state)
            end
  in outer (universe, pState, state)
  end

fun 'a foldOverSubsets (universe, eFolder, eState, folder, state: 'a) =
  let exception fini of 'a
      fun f (first, rest, eState) (isinc, state) =
        let val (newEState, newState) =
              eFolder (first, isinc, eState, state, fini)
        in outer (rest, newEState, newState)
        end handle fini state => state
      and outer (universe, eState, state) =
        case universe of
          [] => folder (eState, state)
        | first::rest =>
            let val f = f (first, rest, eState)
            in f (false, f (true, state))
            end
  in outer (universe, eState, state)
  end

fun f universe =
  foldOverSubsets (universe,
                   fn (elem, isinc, set, state, _) =>
                     (if isinc then elem::set else set, state),
                   [],
                   fn (set, sets) => set::sets,
                   [])

fun refine (size: int,
            classes: int list list,
            connected: int*int -> bool): int list list =
  let fun sizeMatch x =
        naturalAll (size,
                    fn y => connected (size, y) =
                              connected (x, if y = x then size else y))
      fun merge (class, (merged, classes)) =
        if merged
          then (true, (rev class)::classes)
          else let val first::_ = class
               in if sizeMatch first
                    then (true, fold (class, op ::, [size])::classes)
                    else (false, (rev class)::classes)
               end
      fun split (elem, (yes, no)) =
        if connected (elem, size)
          then (elem::yes, no)
          else (yes, elem::no)
      fun subdivide (class, state) =
        case class of
          [first] => merge (class, state)
        | _ => case fold (class, split, ([], [])) of
                 ([], no) => merge (no, state)
               | (yes, []) => merge (yes, state)
               | (yes, no) => merge (no, merge (yes, state))
  in case fold (classes, subdivide, (false, [])) of
       (true, classes) => rev classes
     | (false, classes) => fold (classes, op ::, [[size]])
  end

fun minimal (nverts: int,
             classes: int list list,
             connected: int*int -> bool): int option =
  let val perm = Array.array (nverts, ~1)
      exception fini
      fun pFolder (new, old, state, accross) =
        let fun loop v =
              if v = old
                then (Array.update (perm, old, new); (old + 1, state))
                else case (connected (old, v),
                           connected (new, Array.sub (perm, v))) of
                       (true, false) => raise (accross state)
                     | (false, true) => raise fini
                     | _ => loop (v + 1)
        in loop 0
        end
      fun folder (_, state) = state + 1
  in SOME (foldOverBagPerms (classes, pFolder, 0, folder, 0)) handle fini => NONE
  end

fun ('a, 'b) foldOverGraphs (eFolder, eState: 'a, folder, state: 'b) =
  let exception noextend of 'b
      fun makeVertss limit =
        Vector.tabulate (limit, fn nverts => List.tabulate (nverts, fn v => v))
      val vertss = ref (makeVertss 0)
      fun findVerts size = (
        if size >= Vector.length (!vertss)
          then vertss := makeVertss (size + 1)
          else ();
        Vector.sub (!vertss, size))
      fun f (size, eState, state) =
        let val state = folder (size, eState, state, noextend)
        in g (size+1, state)
        end handle noextend state => state
      and g (size, state) =
        let val indices = findVerts (size - 1)
            fun SeFolder (to, isinc, eState, state, accross) =
              eFolder (size-1, to, isinc, eState, state, accross)
            fun Sf (eState, state) = f (size, eState, state)
        in foldOverSubsets (indices, SeFolder, eState, Sf, state)
        end
  in f (0, eState, state)
  end

local fun short lst =
  case lst of
    [] => true
  | [_] => true
  | _ => false
in fun okSoFar (size, verts, connected) =
  let exception fini of unit
      fun eFolder (elem, isinc, eState as (ac, picked), _, accross) =
        (if isinc
           then (fold (picked,
                       fn (p, ac) =>
                         if connected (elem, p) then ac - 2 else ac,
                       ac + 3),
                 elem::picked)
           else eState,
         ())
      fun folder ((ac, picked), state) =
        if ac >= 0 orelse short picked
          then state
          else raise (fini ())
  in (foldOverSubsets (verts, eFolder, (~4, []), folder, ()); true)
       handle fini () => false
  end
end

fun showGraph (size, connected) =
  naturalFold (size,
               fn (from, _) => (
                 print ((Int.toString from) ^ ":");
                 naturalFold (size,
                              fn (to, _) =>
                                if from <> to andalso connected (from, to)
                                  then print (" " ^ (Int.toString to))
                                  else (),
                              ());
                 print "\n"),
               ());

fun showList (start, sep, stop, trans) lst = (
  start ();
  case lst of
    [] => ()
  | first::rest => (
      trans first;
      fold (rest, fn (item, _) => (sep (); trans item), ()));
  stop ())

val showIntList = showList (
                    fn () => print "[",
                    fn () => print ", ",
                    fn () => print "]",
                    fn i => print (Int.toString i))

val showIntListList = showList (
                        fn () => print "[",
                        fn () => print ", ",
                        fn () => print "]",
                        showIntList)

fun h (maxSize, folder, state) =
  let val ctab = Array.tabulate (maxSize, fn v => Array.array (v, false))
      val classesv = Array.array (maxSize+1, [])
      fun connected (from, to) =
        let val (from, to) = if from > to then (from, to) else (to, from)
        in Array.sub (Array.sub (ctab, from), to)
        end
      fun update (from, to, value) =
        let val (from, to) = if from > to then (from, to) else (to, from)
        in Array.update (Array.sub (ctab, from), to, value)
        end
      fun triangle (vnum, e) =
        naturalAny (e, fn f => connected (vnum, f) andalso connected (e, f))
      fun eFolder (from, to, isinc, _, state, accross) =
        if isinc andalso triangle (from, to)
          then raise (accross state)
          else (update (from, to, isinc); ((), state))
      fun Gfolder (size, _, state, accross) = (
        if size <> 0
          then Array.update (classesv, size,
                             refine (size-1, Array.sub (classesv, size-1), connected))
          else ();
        case minimal (size, Array.sub (classesv, size), connected) of
          NONE => raise (accross state)
        | SOME eatMe =>
            if okSoFar (size, List.tabulate (size, fn v => v), connected)
              then let val state = folder (size, connected, state)
                   in if size = maxSize
                        then raise (accross state)
                        else state
                   end
              else raise (accross state))
  in foldOverGraphs (eFolder, (), Gfolder, state)
  end

local fun final (size: int, connected: int * int -> bool): int =
  naturalFold (size,
               fn (from, ac) =>
                 naturalFold (from,
                              fn (to, ac) =>
                                if connected (from, to) then ac - 2 else ac,
                              ac),
               3*size - 4)
in fun f maxSize =
  h (maxSize,
     fn (size, connected, state) =>
       if final (size, connected) = 0 then state + 1 else state,
     0)
end

fun doOne arg = (
  print (arg ^ " -> ");
  case Int.fromString arg of
    SOME n => print ((Int.toString (f n)) ^ "\n")
  | NONE => print "NOT A NUMBER\n")

val _ = List.app doOne ["0", "1", "2", "3", "4", "5", "6", "7", "x"]
val _ = showIntListList [[1, 2], [], [3]]
val _ = print "\n"
