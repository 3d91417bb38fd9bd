(**** ML Programs from Chapter 4 of

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
(* Taken from Moscow ML's examples/paulson/sample4.sml.  Port to mlbox:
   structures Tree, Dict, Braun, Flex and Heap inlined, their names
   prefixed (treeSize, dictLookup, ...); signatures dropped (so Flex's
   array is a plain datatype); Heap's items are ints instead of reals;
   `inter` copied from chapter 3; a driver prints the results. *)

(*** King and his subjects ***)

datatype person = King
                | Peer of string*string*int
                | Knight of string
                | Peasant of string;

fun title King = "His Majesty the King"
  | title (Peer(deg,terr,_)) = "The " ^ deg ^ " of " ^ terr
  | title (Knight name)  = "Sir " ^ name
  | title (Peasant name) = name;

fun sirs [] = []
  | sirs ((Knight s) :: ps) = s :: (sirs ps)
  | sirs (p :: ps)        = sirs ps;

fun superior (King, Peer _) = true
  | superior (King, Knight _) = true
  | superior (King, Peasant _) = true
  | superior (Peer _, Knight _) = true
  | superior (Peer _, Peasant _) = true
  | superior (Knight _, Peasant _) = true
  | superior _ = false;

datatype degree = Duke | Marquis | Earl | Viscount | Baron;

fun lady Duke     = "Duchess"
  | lady Marquis  = "Marchioness"
  | lady Earl     = "Countess"
  | lady Viscount = "Viscountess"
  | lady Baron    = "Baroness";

(*** Making change: backtracking version, using exceptions*)

exception Change;
fun backChange (coinvals, 0)      = []
  | backChange ([],  amount)      = raise Change
  | backChange (c::coinvals, amount) =
      if amount<0 then raise Change
                  else c :: backChange(c::coinvals, amount-c)
                       handle Change => backChange(coinvals, amount);

(*** Binary trees ***)

datatype 'a tree = Lf
                 | Br of 'a * 'a tree * 'a tree;

fun treeSize Lf = 0
  | treeSize (Br(v,t1,t2)) = 1 + treeSize t1 + treeSize t2;

fun treeDepth Lf = 0
  | treeDepth (Br(v,t1,t2)) = 1 + Int.max (treeDepth t1, treeDepth t2);

fun reflect Lf = Lf
  | reflect (Br(v,t1,t2)) =
      Br(v, reflect t2, reflect t1);

fun preord (Lf, vs) = vs
  | preord (Br(v,t1,t2), vs) =
      v :: preord (t1, preord (t2, vs));

fun inord (Lf, vs) = vs
  | inord (Br(v,t1,t2), vs) =
      inord (t1, v::inord (t2, vs));

fun postord (Lf, vs) = vs
  | postord (Br(v,t1,t2), vs) =
      postord (t1, postord (t2, v::vs));

fun balpre  []    = Lf
  | balpre(x::xs) =
    let val k = length xs div 2
    in  Br(x, balpre(List.take(xs,k)),  balpre(List.drop(xs,k)))
    end;

fun balin [] = Lf
  | balin xs =
    let val k = length xs div 2
        val y::ys = List.drop(xs,k)
    in  Br(y, balin (List.take(xs,k)), balin ys)
    end;

fun balpost xs = reflect (balpre (rev xs));

(*** Dictionaries as Binary search trees ***)

type key = string;
type 'a dict = (key * 'a) tree;

exception E of key;

val dictEmpty = Lf;

fun dictLookup (Lf, b) = raise E b
  | dictLookup (Br ((a,x),t1,t2), b) =
    (case String.compare(a,b) of
         GREATER => dictLookup(t1, b)
       | EQUAL   => x
       | LESS    => dictLookup(t2, b));

fun dictInsert (Lf, b, y) = Br((b,y), Lf, Lf)
  | dictInsert (Br((a,x),t1,t2), b, y) =
    (case String.compare(a,b) of
         GREATER => Br ((a,x),  dictInsert(t1,b,y),  t2)
       | EQUAL   => raise E b
       | LESS    => Br ((a,x),  t1,  dictInsert(t2,b,y)));

fun dictUpdate (Lf, b, y) = Br((b,y), Lf, Lf)
  | dictUpdate (Br((a,x),t1,t2), b, y) =
    (case String.compare(a,b) of
         GREATER => Br ((a,x),  dictUpdate(t1,b,y),  t2)
       | EQUAL   => Br ((a,y),  t1,  t2)
       | LESS    => Br ((a,x),  t1,  dictUpdate(t2,b,y)));

(*** Functional and flexible arrays ***)

(*Braun trees*)
fun braunSub (Lf, _) = raise Subscript
  | braunSub (Br(v,t1,t2), k) =
    if k = 1 then v
    else if k mod 2 = 0
         then braunSub (t1, k div 2)
         else braunSub (t2, k div 2);

fun braunUpdate (Lf, k, w) =
    if k = 1 then Br (w, Lf, Lf)
    else raise Subscript
  | braunUpdate (Br(v,t1,t2), k, w) =
    if k = 1 then Br (w, t1, t2)
    else if k mod 2 = 0
         then Br (v,  braunUpdate(t1, k div 2, w),  t2)
         else Br (v,  t1,  braunUpdate(t2, k div 2, w));

fun braunDelete (Lf, n) = raise Subscript
  | braunDelete (Br(v,t1,t2), n) =
    if n = 1 then Lf
    else if n mod 2 = 0
         then Br (v,  braunDelete(t1, n div 2),  t2)
         else Br (v,  t1,  braunDelete(t2, n div 2));

fun braunLoext (Lf, w) = Br(w, Lf, Lf)
  | braunLoext (Br(v,t1,t2), w) = Br(w, braunLoext(t2,v), t1);

fun braunLorem Lf = raise Size
  | braunLorem (Br(_,Lf,Lf)) = Lf  (*No evens, therefore no odds either*)
  | braunLorem (Br(_, t1 as Br(v,_,_), t2)) = Br(v, t2, braunLorem t1);

(** Flexible arrays **)

datatype 'a flex = Array of 'a tree * int;

val flexEmpty = Array(Lf,0);

fun flexLength (Array(_,n)) = n;

fun flexSub (Array(t,n), k) =
    if 0<=k andalso k<n then braunSub(t,k+1)
    else raise Subscript;

fun flexUpdate (Array(t,n), k, w) =
    if 0<=k andalso k<n then Array(braunUpdate(t,k+1,w), n)
    else raise Subscript;

fun flexLoext (Array(t,n), w) = Array(braunLoext(t,w), n+1);

fun flexLorem (Array(t,n)) =
    if n>0 then Array(braunLorem t, n-1)
    else raise Size;

fun flexHiext (Array(t,n), w) = Array(braunUpdate(t,n+1,w), n+1);

fun flexHirem (Array(t,n)) =
    if n>0 then Array(braunDelete(t,n) , n-1)
    else raise Size;

(*** Priority queues ***)

type item = int;

val heapEmpty = Lf;

fun heapNull Lf = true
  | heapNull (Br _) = false;

fun heapMin (Br(v,_,_)) = v;

fun heapInsert(w: int, Lf) = Br(w, Lf, Lf)
  | heapInsert(w, Br(v, t1, t2)) =
    if w <= v then Br(w, heapInsert(v, t2), t1)
              else Br(v, heapInsert(w, t2), t1);

fun leftrem (Br(v,Lf,Lf)) = (v, Lf)
  | leftrem (Br(v,t1,t2)) =
    let val (w, t) = leftrem t1
    in  (w, Br(v,t2,t))  end;

fun siftdown (w:int, Lf, Lf) = Br(w,Lf,Lf)
  | siftdown (w, t as Br(v,Lf,Lf), Lf) =
    if w <= v then Br(w, t, Lf)
              else Br(v, Br(w,Lf,Lf), Lf)
  | siftdown (w, t1 as Br(v1,p1,q1), t2 as Br(v2,p2,q2)) =
    if w <= v1 andalso w <= v2 then Br(w,t1,t2)
    else if v1 <= v2 then Br(v1, siftdown(w,p1,q1), t2)
       (* v2 < v1 *) else Br(v2, t1, siftdown(w,p2,q2));

fun delmin Lf = raise Size
  | delmin (Br(v,Lf,_)) = Lf
  | delmin (Br(v,t1,t2)) =
    let val (w,t) = leftrem t1
    in  siftdown (w,t2,t)  end;

fun heapify (0, vs) = (Lf, vs)
  | heapify (n, v::vs) =
    let val (t1, vs1) = heapify (n div 2, vs)
        val (t2, vs2) = heapify ((n-1) div 2, vs1)
    in  (siftdown (v,t1,t2), vs2)  end;

fun heapFromList vs = #1 (heapify (length vs, vs));

fun heapToList (t as Br(v,_,_)) = v :: heapToList(delmin t)
  | heapToList Lf = [];

fun heapSort vs = heapToList (heapFromList vs);

(*** Propositional logic -- tautology checker ***)

(* inter, from chapter 3 *)
infix mem;
fun x mem []  =  false
  | x mem (y::l)  =  (x=y) orelse (x mem l);
fun inter([],ys) = []
  | inter(x::xs, ys) =
        if x mem ys then x::inter(xs, ys)
                    else    inter(xs, ys);

datatype prop =
    Atom of string
  | Neg  of prop
  | Conj of prop * prop
  | Disj of prop * prop;

fun show (Atom a) = a
  | show (Neg p) = "(~ " ^ show p ^ ")"
  | show (Conj(p,q)) = "(" ^ show p ^ " & " ^ show q ^ ")"
  | show (Disj(p,q)) = "(" ^ show p ^ " | " ^ show q ^ ")";

(*naive version*)
fun nnf (Atom a) = Atom a
  | nnf (Neg (Atom a)) = Neg (Atom a)
  | nnf (Neg (Neg p)) = nnf p
  | nnf (Neg (Conj(p,q))) = nnf (Disj(Neg p, Neg q))
  | nnf (Neg (Disj(p,q))) = nnf (Conj(Neg p, Neg q))
  | nnf (Conj(p,q)) = Conj(nnf p, nnf q)
  | nnf (Disj(p,q)) = Disj(nnf p, nnf q);

fun nnfpos (Atom a) = Atom a
  | nnfpos (Neg p) = nnfneg p
  | nnfpos (Conj(p,q)) = Conj(nnfpos p, nnfpos q)
  | nnfpos (Disj(p,q)) = Disj(nnfpos p, nnfpos q)
and nnfneg (Atom a) = Neg (Atom a)
  | nnfneg (Neg p) = nnfpos p
  | nnfneg (Conj(p,q)) = Disj(nnfneg p, nnfneg q)
  | nnfneg (Disj(p,q)) = Conj(nnfneg p, nnfneg q);

fun distrib (p, Conj(q,r)) = Conj(distrib(p,q), distrib(p,r))
  | distrib (Conj(q,r), p) = Conj(distrib(q,p), distrib(r,p))
  | distrib (p, q) = Disj(p,q)   (*no conjunctions*) ;

fun cnf (Conj(p,q)) = Conj (cnf p, cnf q)
  | cnf (Disj(p,q)) = distrib (cnf p, cnf q)
  | cnf p = p    (*a literal*) ;

exception NonCNF;

fun positives (Atom a)      = [a]
  | positives (Neg(Atom _)) = []
  | positives (Disj(p,q))   = positives p @ positives q
  | positives  _            = raise NonCNF;

fun negatives (Atom _)      = []
  | negatives (Neg(Atom a)) = [a]
  | negatives (Disj(p,q))   = negatives p @ negatives q
  | negatives  _            = raise NonCNF;

fun taut (Conj(p,q)) = taut p andalso taut q
  | taut p = not (null (inter (positives p, negatives p)));

(*** Driver (added for the port) ***)
fun pr s = print (s ^ "\n");
val i = Int.toString;
fun ilist xs = "[" ^ String.concatWith "," (map i xs) ^ "]";

val people = [King, Peer ("Earl", "Carlisle", 7), Knight "Gawain", Peasant "Jack Cade", Knight "Galahad"];
val _ = app (fn p => pr (title p)) people;
val _ = pr (String.concatWith " " (sirs people));
val _ = pr (String.concatWith "" (map (fn (a, b) => if superior (a, b) then "1" else "0")
                                   (List.concat (map (fn a => map (fn b => (a, b)) people) people))));
val _ = pr (String.concatWith "," (map lady [Duke, Marquis, Earl, Viscount, Baron]));
val _ = pr (ilist (backChange ([5,2], 16)));
val _ = pr (ilist (backChange ([50,20,10,5,2,1], 43)));
val _ = (backChange ([5,2], 3); ()) handle Change => pr "backChange: Change";
val t = balin (List.tabulate (12, fn k => k + 1));
val _ = pr (i (treeSize t) ^ " " ^ i (treeDepth t));
val _ = pr (ilist (preord (t, [])) ^ " " ^ ilist (inord (t, [])) ^ " " ^ ilist (postord (t, [])));
val _ = pr (ilist (preord (balpre [1,2,3,4,5,6,7], [])) ^ " " ^ ilist (postord (balpost [1,2,3,4,5,6,7], [])));
val _ = pr (ilist (inord (reflect t, [])));
val d = foldl (fn ((k, v), d) => dictInsert (d, k, v)) dictEmpty
              [("Crecy", 1346), ("Poitiers", 1356), ("Agincourt", 1415), ("Hastings", 1066), ("Bannockburn", 1314)];
val _ = pr (i (dictLookup (d, "Agincourt")) ^ " " ^ i (dictLookup (dictUpdate (d, "Crecy", 1347), "Crecy")));
val _ = (dictLookup (d, "Waterloo"); ()) handle E k => pr ("lookup: E " ^ k);
val _ = (dictInsert (d, "Hastings", 0); ()) handle E k => pr ("insert: E " ^ k);
val fa = foldl (fn (x, a) => flexHiext (a, x)) flexEmpty ["a","b","c","d","e","f"];
val fa = flexLoext (flexUpdate (fa, 2, "C"), "z");
val _ = pr (String.concat (List.tabulate (flexLength fa, fn k => flexSub (fa, k))));
val fa2 = flexHirem (flexLorem (flexLorem fa));
val _ = pr (String.concat (List.tabulate (flexLength fa2, fn k => flexSub (fa2, k))));
val _ = (flexSub (fa2, 3); ()) handle Subscript => pr "flexSub: Subscript";
val _ = (flexLorem flexEmpty; ()) handle Size => pr "flexLorem: Size";
val nums = [31, 4, 15, 9, 26, 5, 35, 89, 79, 32, 38, 46, 26, 43, 38, 32, 79, 50, 28, 8];
val _ = pr (ilist (heapSort nums));
val h = heapInsert (1, heapFromList nums);
val _ = pr (i (heapMin h) ^ " " ^ i (heapMin (delmin h)) ^ " " ^ Bool.toString (heapNull heapEmpty));
val rich = Atom "rich" and landed = Atom "landed" and saintly = Atom "saintly";
val assumption1 = Disj (Neg landed, rich)
and assumption2 = Neg (Conj (saintly, rich));
val concl = Disj (Neg landed, Neg saintly);
val goal = Disj (Neg (Conj (assumption1, assumption2)), concl);
val _ = pr (show goal);
val _ = pr (show (nnf goal));
val _ = pr (show (nnfpos goal));
val _ = pr (show (cnf (nnf goal)));
val _ = pr (Bool.toString (taut (cnf (nnf goal))));
val goal2 = Disj (Conj (landed, saintly), Disj (Neg landed, Neg saintly));
val _ = pr (Bool.toString (taut (cnf (nnf goal2))) ^ " " ^ Bool.toString (taut (cnf (nnf (Conj (rich, Neg rich))))));
val _ = (positives (Conj (rich, rich)); ()) handle NonCNF => pr "positives: NonCNF";
