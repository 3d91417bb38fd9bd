(**** ML Programs from Chapter 3 of

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
(* Taken from Moscow ML's examples/paulson/sample3.sml.  Port to mlbox:
   reals replaced by ints (the sorts, the random numbers, the
   polynomials' coefficients); Gaussian elimination (reals only) left
   out; Math.sqrt replaced by an integer square root; structure Poly
   inlined with its names prefixed; a driver prints the results. *)

(*** Making change.  Thanks to Dr Martin Richard for this idea! ***)

(*Return first way of making change; NOT EXHAUSTIVE*)
fun change (coinvals, 0)         = []
  | change (c::coinvals, amount) =
      if amount<c then change(coinvals, amount)
                  else c :: change(c::coinvals, amount-c);

val gb_coins = [50,20,10,5,2,1]
and us_coins = [25,10,5,1];

(*Return all ways of making change (not just the first way)  *)
fun allChange (coins, coinvals, 0)         = [coins]
  | allChange (coins, [],    amount)       = []
  | allChange (coins, c::coinvals, amount) =
      if amount<0 then []
      else allChange(c::coins, c::coinvals, amount-c) @
           allChange(coins, coinvals, amount);

(*** Binary Arithmetic ***)

fun bincarry (0, ps) = ps
  | bincarry (1, []) = [1]
  | bincarry (1, p::ps) = (1-p) :: bincarry(p, ps);

(*sum of two binary numbers with carry*)
fun binsum (c, [], qs) = bincarry (c,qs)
  | binsum (c, ps, []) = bincarry (c,ps)
  | binsum (c, p::ps, q::qs) =
      ((c+p+q) mod 2) :: binsum((c+p+q) div 2, ps, qs);

(*product of two binary numbers*)
fun binprod ([], _) = []
  | binprod (0::ps, qs) = 0::binprod(ps,qs)
  | binprod (1::ps, qs) = binsum(0, qs, 0::binprod(ps,qs));

(*** Matrix transpose ***)

fun headcol []    = []
  | headcol ((x::_) :: rows) = x :: headcol rows;

fun tailcols []    = []
  | tailcols ((_::xs) :: rows) = xs :: tailcols rows;

(*LOOPS given empty list!*)
fun transp ([]::rows) = []
  | transp rows = headcol rows :: transp (tailcols rows);

(*** Matrix product ***)

fun dotprod([], []) = 0
  | dotprod(x::xs,y::ys) = x*y + dotprod(xs,ys);

fun rowprod(row, []) = []
  | rowprod(row, col::cols) =
        dotprod(row,col) :: rowprod(row,cols);

fun rowlistprod([], cols) = []
  | rowlistprod(row::rows, cols) =
        rowprod(row,cols) :: rowlistprod(rows,cols);

fun matprod(rowsA,rowsB) = rowlistprod(rowsA, transp rowsB);

(*** Dijkstra's problems ***)

fun isqrt r = let fun up k = if (k+1)*(k+1) > r then k else up (k+1) in up 0 end;

fun squares r =
  let fun between (x,y) =  (*all pairs between x and y*)
        let val diff = r - x*x
            fun above y =  (*all pairs above y*)
                if y>x then []
                else if y*y<diff then above (y+1)
                else if y*y=diff then (x,y)::between(x-1,y+1)
                else (* y*y>diff *)  between(x-1,y)
        in above y  end;
      val firstx = isqrt r
  in between (firstx, 0) end;

(** the next permutation **)

fun next(xlist, y::ys) : int list =
    if hd xlist <= y then  next(y::xlist, ys)  (*still increasing*)
    else  (*swap y with greatest xk such that x>=xk>y *)
      let fun swap [x] = y::x::ys
            | swap (x::xk::xs) =          (*x >= xk *)
                if xk>y then x::swap(xk::xs)
                else (y::xk::xs)@(x::ys)
                         (* x > y >= xk >= xs *)
      in swap(xlist) end;

fun nextperm (y::ys) = next([y], ys);

(*** Finite sets ***)

(*membership in a list*)
infix mem;
fun x mem []  =  false
  | x mem (y::l)  =  (x=y) orelse (x mem l);

(*insertion into list if not already there*)
fun newmem(x,xs) = if x mem xs then  xs   else  x::xs;

(*insert the list of xs into the ys, adding no duplicates*)
fun union([],ys) = ys
  | union(x::xs, ys) = newmem(x, union(xs, ys));

fun inter([],ys) = []
  | inter(x::xs, ys) =
        if x mem ys then x::inter(xs, ys)
                    else    inter(xs, ys);

fun powset ([], base) = [base]
  | powset (x::xs, base) = powset(xs, base) @ powset(xs, x::base);

fun cartprod ([], ys) = []
  | cartprod (x::xs, ys) =
        let val rest = cartprod(xs,ys)
            fun pairx [] = rest
              | pairx(y::ytail) = (x,y) :: (pairx ytail)
        in  pairx ys  end;

(*** Graph algorithms ***)

fun nexts (a, []) = []
  | nexts (a, (x,y)::pairs) =
      if a=x then  y :: nexts(a,pairs)
             else       nexts(a,pairs);

fun depthf ([], graph, visited) = rev visited
  | depthf (x::xs, graph, visited) =
      if x mem visited then depthf (xs, graph, visited)
      else depthf (nexts(x,graph) @ xs, graph, x::visited);

(*Alternative, faster function for depth-first search*)
fun depth ([], graph, visited) = rev visited
  | depth (x::xs, graph, visited) =
      depth (xs, graph,
             if x mem visited  then  visited
             else depth (nexts(x,graph), graph, x::visited));

fun topsort graph =
  let fun sort ([], visited) = visited
        | sort (x::xs, visited) =
            sort(xs, if x mem visited  then  visited
                     else x :: sort(nexts(x,graph), visited));
      val (xs,_) = ListPair.unzip graph
  in sort(xs, []) end;

fun pathsort graph =
  let fun sort ([], path, visited) = visited
        | sort (x::xs, path, visited) =
            if x mem path then hd[] (*abort!!*)
            else sort(xs, path,
                      if x mem visited  then  visited
                      else x :: sort(nexts(x,graph), x::path, visited))
      val (xs,_) = ListPair.unzip graph
  in sort(xs, [], []) end;

fun newvisit (x, (visited,cys)) = (x::visited, cys);

fun cyclesort graph =
  let fun sort ([], path, (visited,cys)) = (visited, cys)
        | sort (x::xs, path, (visited,cys)) =
            sort(xs, path,
               if x mem path   then  (visited, x::cys)
               else if x mem visited then (visited, cys)
               else newvisit(x, sort(nexts(x,graph),
                                     x::path, (visited,cys))))
      val (xs,_) = ListPair.unzip graph
  in sort(xs, [], ([],[])) end;

(*** Sorting ***)

(** Random numbers, courtesy Stephen K. Park and Keith W. Miller,
        CACM 31 (1988), 1192-1201.  (on ints here) **)
local val a = 16807  and  m = 2147483647
in  fun nextrandom seed = (a*seed) mod m

    (*truncate to integer from 1 to k*)
    and truncto k r = 1 + (r * k) div m
end;

fun randlist (n,seed,seeds) =
    if n=0  then  (seed,seeds)
    else  randlist(n-1, nextrandom seed, seed::seeds);

(** insertion sort: non-iterative is faster **)
fun ins (x, []): int list = [x]
  | ins (x, y::ys) =
      if x<=y then x::y::ys    (*it belongs here*)
              else y::ins(x,ys);

fun insort [] = []
  | insort (x::xs) = ins(x, insort xs);

(*quicksort*)
fun quick [] = []
  | quick [x] = [x]
  | quick (a::bs) =  (*the head "a" is the pivot*)
      let fun partition (left,right,[]) : int list =
                (quick left) @ (a :: quick right)
            | partition (left,right, x::xs) =
                if x<=a then partition (x::left, right, xs)
                        else partition (left, x::right, xs)
      in  partition([],[],bs)  end;

(** Top-down merge sort **)

fun merge([],ys) = ys : int list
  | merge(xs,[]) = xs
  | merge(x::xs, y::ys) =
      if x<=y then x::merge(xs,  y::ys)
              else y::merge(x::xs,  ys);

(*naive version -- like Bird and Wadler, following Sedgewick*)
fun tmergesort [] = []
  | tmergesort [x] = [x]
  | tmergesort xs =
      let val k = length xs div 2
      in  merge (tmergesort (List.take(xs,k)),
                 tmergesort (List.drop(xs,k)))
      end;

(*faster version*)
fun tmergesort' xs =
      let fun sort (0, xs) = ([], xs)
            | sort (1, x::xs) = ([x], xs)
            | sort (n, xs) =
                let val (l1, xs1) = sort ((n+1) div 2, xs)
                    val (l2, xs2) = sort (n div 2, xs1)
                in (merge (l1,l2), xs2)
                end
          val (l, _) = sort (length xs, xs)
      in l end;

(** Bottom-up merge sort **)

fun mergepairs([l], k) = [l]
  | mergepairs(l1::l2::ls, k) =
      if k mod 2 = 1 then l1::l2::ls
      else mergepairs(merge(l1,l2)::ls, k div 2);

fun sorting([], ls, r) = hd(mergepairs(ls,0))
  | sorting(x::xs, ls, r) = sorting(xs, mergepairs([x]::ls, r+1), r+1);

fun sort xs = sorting(xs, [[]], 0);

(*O'Keefe's samsort*)
fun nextrun(run, []) =       (rev run, []: int list)
  | nextrun(run, x::xs) =
        if  x < hd run then  (rev run, x::xs)
                       else  nextrun(x::run, xs);

fun samsorting([], ls, k) = hd(mergepairs(ls,0))
  | samsorting(x::xs, ls, k) =
      let val (run, tail) = nextrun([x], xs)
      in  samsorting(tail, mergepairs(run::ls, k+1), k+1)
      end;

fun samsort xs = samsorting(xs, [[]], 0);

(*** Polynomial arithmetic (structure Poly inlined, int coefficients) ***)

(*An obscure built-in infix in some compilers; we need it nonfix*)
nonfix rem;

type polyt = (int*int)list;

val polyZero = [];

fun polySum ([], us)               = us : polyt
  | polySum (ts, [])               = ts
  | polySum ((m,a)::ts, (n,b)::us) =
         if m>n then (m,a) :: polySum (ts, (n,b)::us)
    else if n>m then (n,b) :: polySum (us, (m,a)::ts)
    else (*m=n*)
         if a+b = 0 then polySum (ts, us)
                    else (m, a+b) :: polySum (ts, us);

fun termprod ((m,a), [])        = [] : polyt
  | termprod ((m,a), (n,b)::ts) =
    (m+n, a*b) :: termprod ((m,a), ts);

fun polyProd ([], us)      = []
  | polyProd ([(m,a)], us) = termprod ((m,a), us)
  | polyProd (ts, us)      =
    let val k = length ts div 2
    in  polySum (polyProd (List.take(ts,k), us), polyProd (List.drop(ts,k), us))
    end;

(*Division by zero -- empty polynomial -- raises exception Match*)
fun quorem (ts, (n,b)::us) =
  let fun dividing ([],        qs) = (rev qs, [])
        | dividing ((m,a)::ts, qs) =
            if m<n then (rev qs, (m,a)::ts)
            else dividing (polySum (ts, termprod ((m-n, ~(a div b)), us)),
                      (m-n, a div b) :: qs)
  in  dividing (ts, [])  end;

fun quo (ts,us) = #1(quorem (ts,us))
and rem (ts,us) = #2(quorem (ts,us));

(*** Driver (added for the port) ***)
fun pr s = print (s ^ "\n");
val i = Int.toString;
fun ilist xs = "[" ^ String.concatWith "," (map i xs) ^ "]";
fun illist xss = "[" ^ String.concatWith "," (map ilist xss) ^ "]";
fun plist xs = "[" ^ String.concatWith "," (map (fn (a,b) => "(" ^ i a ^ "," ^ i b ^ ")") xs) ^ "]";

val _ = pr (ilist (change (gb_coins, 43)));
val _ = pr (ilist (change (us_coins, 43)));
val _ = pr (i (length (allChange ([], gb_coins, 99))));
val _ = pr (illist (allChange ([], [5,2], 16)));
val _ = (pr (ilist (change ([5,2], 16)));
         pr (ilist (change ([5,2], 3))))
        handle Match => pr "change: Match";
val _ = pr (ilist (binsum (0, [1,1,0,1], [0,1,1,1,1])));
val _ = pr (ilist (binprod ([1,1,0,1], [0,1,1,1,1])));
val _ = pr (illist (transp [[1,2,3],[4,5,6]]));
val _ = pr (illist (matprod ([[2,0],[3,~1],[0,1],[1,1]], [[1,0,2],[4,~1,0]])));
val _ = pr (plist (squares 50));
val _ = pr (plist (squares 325));
val _ = pr (i (length (squares 5525)));
val _ = let fun go (p, 0) = () | go (p, n) = (pr (ilist p); go (nextperm p, n-1))
        in go ([4,3,2,1], 6) end;
val _ = (nextperm [1,2,3,4]; ()) handle Match => pr "nextperm: Match";
val _ = pr (ilist (union ([1,2,3], [2,4,6])) ^ " " ^ ilist (inter ([1,2,3,4], [4,3,9])));
val _ = pr (illist (powset ([1,2,3], [])));
val _ = pr (plist (cartprod ([1,2], [7,8,9])));
val graph1 = [(1,2),(1,3),(2,4),(3,4),(4,5),(6,5)];
val graph2 = [(1,2),(2,3),(3,1),(3,4)];
val _ = pr (ilist (depthf ([1], graph1, [])) ^ " " ^ ilist (depth ([1], graph1, [])));
val _ = pr (ilist (topsort graph1));
val _ = pr (ilist (pathsort graph1));
val _ = (pathsort graph2; ()) handle Empty => pr "pathsort: cycle (Empty)";
val _ = let val (v, c) = cyclesort graph2 in pr (ilist v ^ " cycles " ^ ilist c) end;
val (seed, rs) = randlist (200, 1, []);
val _ = pr (i seed ^ " " ^ ilist (List.take (rs, 5)));
val small = map (truncto 1000) rs;
val sorted = insort small;
val _ = pr (ilist (List.take (sorted, 12)));
val _ = pr (Bool.toString (quick small = sorted andalso tmergesort small = sorted
                           andalso tmergesort' small = sorted andalso sort small = sorted
                           andalso samsort small = sorted));
val p1 = [(2,1),(1,~3),(0,2)];    (* x^2 - 3x + 2 *)
val p2 = [(1,1),(0,~1)];          (* x - 1 *)
val _ = pr (plist (polySum (p1, p2)) ^ " " ^ plist (polyProd (p1, p2)));
val _ = pr (plist (quo (polyProd (p1, p2), p2)) ^ " rem " ^ plist (rem ([(3,1),(0,5)], p2)));
val _ = (quorem (p1, polyZero); ()) handle Match => pr "quorem by zero: Match";
