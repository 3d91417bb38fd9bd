(**** ML Programs from Chapter 8 of

  ML for the Working Programmer, 2nd edition
  by Lawrence C. Paulson, Computer Laboratory, University of Cambridge.
  (Cambridge University Press, 1996)

Copyright (C) 1996 by Cambridge University Press.
Permission to copy without fee is granted provided that this copyright
notice and the DISCLAIMER OF WARRANTY are included in any copy.

DISCLAIMER OF WARRANTY.  These programs are provided `as is' without
warranty of any kind.  We make no warranties, express or implied, that the
programs are free of error, or are consistent with any particular standard
of merchantability, or that they will meet your requirements for any
particular application.  They should not be relied upon for solving a
problem whose incorrect solution could result in injury to a person or loss
of property.  If you do use the programs or functions in such a manner, it
is at your own risk.  The author and publisher disclaim all liability for
direct, incidental or consequential damages resulting from your use of
these programs or functions.
****)
(* Taken from Moscow ML's examples/paulson/sample8.sml.  Port to mlbox:
   structures ImpSeq, RingBuf, Varray and Pretty inlined with their
   names prefixed (seqCons, ringInsert, ...) and their signatures dropped;
   Varray's record became a tuple (limit, index, elem, next);
   Substring.all is now Substring.full; the file and terminal I/O
   (batchInitials, promptInitials, htmlCvt) left out, as mlbox has no
   input; prop copied from chapter 4; a driver prints the results. *)

(*** Control structures ***)

fun impFact n =
  let val resultp = ref 1
      and ip = ref 0
  in  while !ip < n do (ip := !ip + 1;
                        resultp := !resultp * !ip);
      !resultp
  end;

fun pFact (n, resultp) =
  let val ip = ref 0
  in  resultp := 1;
      while !ip < n do (ip := !ip + 1;
                        resultp := !resultp * !ip)
  end;

(*polymorphic, imperative reverse*)
fun irev l =
  let val resultp = ref []
      and lp = ref l
  in  while not (null (!lp)) do
          (resultp := hd(!lp) :: !resultp;
           lp := tl(!lp));
      !resultp
  end;

(**** Lazy sequences using references ****)

datatype 'a seq  = Nil
                 | Cons of 'a * ('a seq) ref
                 | Delayed of unit -> 'a seq;

exception SeqEmpty;

fun delay xf = ref(Delayed xf);

val seqEmpty = Nil;

fun seqCons(x,xf) = Cons(x, delay xf);

fun force xp = case !xp of
                   Delayed f => let val s = f()
                                in  xp := s;  s  end
                 | s => s;

fun seqNull Nil = true
  | seqNull (Cons _) = false;

fun seqHd Nil = raise SeqEmpty
  | seqHd (Cons(x,_)) = x;

fun seqTl Nil = raise SeqEmpty
  | seqTl (Cons(_,xp)) = force xp;

fun seqTake (xq, 0) = []
  | seqTake (Nil, n) = []
  | seqTake (Cons(x,xp), n) = x :: seqTake (force xp, n-1);

fun seqToList Nil = []
  | seqToList (Cons(x,xp)) = x :: seqToList (force xp);

fun seqFromList [] = Nil
  | seqFromList (x::xs) = seqCons(x, fn()=> seqFromList xs);

infix 5 @@;
fun Nil @@ yq = yq
  | (Cons(x,xp)) @@ yq =
      Cons(x, delay(fn()=> (force xp) @@ yq));

fun interleave (Nil,    yq) = yq
  | interleave (Cons(x,xp), yq) =
      Cons(x, delay (fn()=> interleave(yq, force xp)));

fun seqConcat xqq =
  if seqNull xqq then seqEmpty
  else if seqNull(seqHd xqq) then seqConcat(seqTl xqq)
       else seqCons(seqHd(seqHd xqq),
                    fn()=> seqTl(seqHd xqq) @@ seqConcat(seqTl xqq));

fun seqMap f Nil  = Nil
  | seqMap f (Cons(x,xp)) =
      Cons(f x, delay(fn()=> seqMap f (force xp)));

fun seqFilter pred Nil = Nil
  | seqFilter pred (Cons(x,xp)) =
      if pred x
      then Cons(x, delay(fn()=> seqFilter pred (force xp)))
      else seqFilter pred (force xp);

fun cycle seqfn =
    let val knot = ref Nil
    in  knot := seqfn (fn()=> !knot);  !knot  end;

(** Fibonacci sequence **)

fun pairs (xq,yq) =
      seqCons((seqHd xq, seqHd yq),
              fn()=>pairs(seqTl xq, seqTl yq));

val add = seqMap Int.+ o pairs;

val fib = cycle(fn fibf =>
    seqCons(1, fn()=>
         seqCons(1, fn()=>
              add(fibf(), seqTl(fibf())))));

(*** Ring Buffers, or Doubly Linked Lists ***)

datatype 'a buf = BNil
                | Node of 'a buf ref * 'a * 'a buf ref;
datatype 'a ring = Ptr of 'a buf ref;

exception RingEmpty;

fun left (Node(lp,_,_)) = lp
  | left BNil = raise RingEmpty;

fun right (Node(_,_,rp)) = rp
  | right BNil = raise RingEmpty;

fun ringEmpty() = Ptr(ref BNil);

fun ringNull (Ptr p) = case !p of BNil => true
                                | Node(_,x,_) => false;

fun label (Ptr p) = case !p of BNil => raise RingEmpty
                             | Node(_,x,_) => x;

fun moveLeft (Ptr p) = (p := !(left(!p)));

fun moveRight (Ptr p) = (p := !(right(!p)));

fun ringInsert (Ptr p, x) =
    case !p of
        BNil =>
            let val lp = ref BNil
                and rp = ref BNil
                val new = Node(lp,x,rp)
            in  lp := new;  rp := new;  p := new  end
      | Node(lp,_,_) =>
            let val new = Node(ref(!lp), x, ref(!p))
            in  right(!lp) := new;  lp := new  end;

fun ringDelete (Ptr p) =
    case !p of
        BNil => raise RingEmpty
      | Node(lp,x,rp) =>
           (if left(!lp) = lp then p := BNil
            else (right(!lp) := !rp;  left (!rp) := !lp;
                  p := !rp);
            x);

(**** V-arrays ****)

datatype 'a varray = Modif of int * int ref * 'a ref * 'a varray ref
                              (* limit, index, elem, next *)
                   | Main of 'a Array.array;

fun varray (n,x) =
  if n < 0  then  raise Size
  else  Modif(n, ref 0, ref x, ref(Main(Array.array(n,x))));

fun reroot (va as Modif(_, index, elem, next)) =
    case !next of
       Main _ => va  (*have reached root*)
     | Modif _ =>
         let val Modif(_, bindex, belem, bnext) = reroot (!next)
             val Main ary = !bnext
         in  bindex := !index;
             belem := Array.sub(ary, !index);
             Array.update(ary, !index, !elem);
             next := !bnext;
             bnext := va;
             va
         end;

fun vsub (Modif(_,index,elem,next), i) =
     case !next of
        Main ary => Array.sub(ary,i)
      | Modif _ =>    if !index = i then !elem
                      else vsub(!next,i);

fun justUpdate(va as Modif(limit,_,_,_), i, x) =
  if  0<=i andalso i<limit
  then Modif(limit, ref i, ref x, ref va)
  else raise Subscript;

fun vupdate(va,i,x) = reroot(justUpdate(va,i,x));

(*** String conversions ***)

val months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN",
              "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

fun dateFromString s =
  let val sday::smon::syear::_ = String.tokens (fn c => c = #"-") s
      val SOME day = Int.fromString sday
      val mon      = String.substring (smon, 0, 3)
      val SOME year = Int.fromString syear
  in  if List.exists (fn m => m=mon) months
      then SOME (day, mon, year)
      else NONE
  end
  handle Subscript => NONE
       | Bind      => NONE;

fun firstChar s = String.sub(s,0);

val initials = implode o (map firstChar) o (String.tokens Char.isSpace);

fun firstLine s =
    let val (name,rest) =
              Substring.splitl (fn c => c <> #".") (Substring.full s)
    in  "\n<P><EM>" ^ Substring.string name ^
        "</EM>"     ^ Substring.string rest
    end;

(**** Pretty printing ****)

datatype t =
    Block of t list * int * int   (*indentation, length*)
  | String of string
  | Break of int;                 (*length*)

fun breakdist (Block(_,_,len)::es, after) = len + breakdist(es, after)
  | breakdist (String s :: es, after) = size s + breakdist (es, after)
  | breakdist (Break _ :: es, after) = 0
  | breakdist ([], after) = after;

fun pr (os, e, margin) =
 let val space = ref margin

     fun blanks n = (TextIO.output(os, StringCvt.padLeft #" " n "");
                     space := !space - n)

     fun newline () = (TextIO.output(os,"\n");  space := margin)

     fun printing ([], _, _) = ()
       | printing (e::es, blockspace, after) =
        (case e of
             Block(bes,indent,len) =>
                printing(bes, !space-indent, breakdist(es,after))
           | String s => (TextIO.output(os,s);   space := !space - size s)
           | Break len =>
               if len + breakdist(es,after) <= !space
               then blanks len
               else (newline();  blanks(margin-blockspace));
          printing (es, blockspace, after))
 in  printing([e], margin, 0);  newline()  end;

fun length (Block(_,_,len)) = len
  | length (String s) = size s
  | length (Break len) = len;

val str = String  and  brk = Break;

fun blo (indent,es) =
  let fun sum([], k) = k
        | sum(e::es, k) = sum(es, length e + k)
  in  Block(es,indent, sum(es,0))  end;

datatype prop =
    Atom of string
  | Neg  of prop
  | Conj of prop * prop
  | Disj of prop * prop;

fun prettyshow (Atom a) = str a
  | prettyshow (Neg p) =
      blo(1, [str"(~", prettyshow p, str")"])
  | prettyshow (Conj(p,q)) =
      blo(1, [str"(", prettyshow p, str" &",
              brk 1, prettyshow q, str")"])
  | prettyshow (Disj(p,q)) =
      blo(1, [str"(", prettyshow p, str" |",
              brk 1, prettyshow q, str")"]);

(*** Driver (added for the port) ***)
fun say s = print (s ^ "\n");
val i = Int.toString;
fun ilist xs = "[" ^ String.concatWith "," (map i xs) ^ "]";

val _ = say (i (impFact 10) ^ " " ^ (let val r = ref 0 in pFact (12, r); i (!r) end));
val _ = say (ilist (irev [1,2,3,4,5]) ^ " " ^ String.concat (irev ["a","b","c"]));
val _ = say (ilist (seqTake (fib, 40)));
val nats = cycle (fn natf => seqCons (0, fn () => seqMap (fn n => n + 1) (natf ())));
val _ = say (ilist (seqTake (seqFilter (fn n => n mod 7 = 3) nats, 8)));
val _ = say (ilist (seqTake (interleave (seqFromList [1,3,5], seqMap (fn n => n * 100) nats), 10)));
val _ = say (ilist (seqToList (seqFromList [1,2] @@ seqFromList [3,4])));
val _ = say (ilist (seqTake (seqConcat (seqFromList [seqFromList [1,2], seqEmpty, seqFromList [3]]), 5)));
val _ = (seqHd (seqTl (seqFromList [1])); ()) handle SeqEmpty => say "seqHd: SeqEmpty";
val rb : string ring = ringEmpty ();
val _ = app (fn s => ringInsert (rb, s)) ["a", "b", "c", "d"];
val _ = say (label rb);
val _ = (moveLeft rb; say (label rb); moveLeft rb; say (label rb); moveRight rb; moveRight rb; moveRight rb; say (label rb));
val _ = say (ringDelete rb ^ ringDelete rb ^ ringDelete rb ^ ringDelete rb ^ " " ^ Bool.toString (ringNull rb));
val _ = (ringDelete rb; ()) handle RingEmpty => say "ringDelete: RingEmpty";
val va0 = varray (5, 0);
val va1 = vupdate (va0, 2, 22);
val va2 = vupdate (va1, 4, 44);
val va3 = justUpdate (va2, 2, 33);
val _ = say (ilist (List.tabulate (5, fn k => vsub (va2, k))) ^ " " ^ ilist (List.tabulate (5, fn k => vsub (va0, k)))
             ^ " " ^ ilist (List.tabulate (5, fn k => vsub (va3, k))) ^ " " ^ ilist (List.tabulate (5, fn k => vsub (va1, k))));
val _ = (justUpdate (va0, 5, 1); ()) handle Subscript => say "justUpdate: Subscript";
fun showDate NONE = "NONE"
  | showDate (SOME (d, m, y)) = "SOME (" ^ i d ^ ", " ^ m ^ ", " ^ i y ^ ")";
val _ = app (fn s => say (s ^ " => " ^ showDate (dateFromString s)))
            ["25-OCTOBER-1415", "2-JAN-1066-extra", "1-MA-1400", "1-XYZ-1400", "ab-MAR-12", "31-DEC-", "~3-APR-+7", "12"];
val _ = say (initials "My ransom is this frail and worthless trunk");
val _ = say (firstLine "Hamlet. To be, or not to be.");
val _ = say (firstLine "no full stop");
val rich = Atom "rich" and landed = Atom "landed" and saintly = Atom "saintly";
val goal = Disj (Neg (Conj (Disj (Neg landed, rich), Neg (Conj (saintly, rich)))), Disj (Neg landed, Neg saintly));
val _ = pr (TextIO.stdOut, prettyshow goal, 30);
val _ = pr (TextIO.stdOut, prettyshow goal, 60);
val _ = pr (TextIO.stdOut, prettyshow (Conj (goal, goal)), 20);
