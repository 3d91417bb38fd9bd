(* List functions in the manner of Paulson, "ML for the Working
   Programmer" (2nd ed., Cambridge 1996), chapters 3 and 5: the infix
   `mem`, upto, take/drop, making change with exceptions, transpose and
   matrix product, and maxl with its non-exhaustive clauses. *)

infix mem;
fun (x mem []) = false
  | (x mem (y::l)) = (x=y) orelse (x mem l);

fun newmem (x,xs) = if x mem xs then xs else x::xs;

fun setof [] = []
  | setof (x::xs) = newmem (x, setof xs);

fun upto (m,n) = if m>n then [] else m :: upto(m+1,n);

fun take ([], i) = []
  | take (x::xs, i) = if i>0 then x::take(xs, i-1) else [];

fun drop ([], _) = []
  | drop (x::xs, i) = if i>0 then drop (xs, i-1) else x::xs;

fun maxl [m] : int = m
  | maxl (m::n::ns) = if m>n then maxl(m::ns) else maxl(n::ns);

(*Making change: the first solution, then all of them*)
exception Change;
fun change (till, 0) = []
  | change ([], amt) = raise Change
  | change (c::till, amt) =
      if amt<0 then raise Change
      else (c :: change(c::till, amt-c))
           handle Change => change(till, amt);

fun allChange (coins, coinvals, 0) = [coins]
  | allChange (coins, [], amt) = []
  | allChange (coins, c::coinvals, amt) =
      if amt<0 then []
      else allChange(c::coins, c::coinvals, amt-c) @
           allChange(coins, coinvals, amt);

fun transp ([]::rows) = []
  | transp rows = map hd rows :: transp (map tl rows);

fun dotprod ([], []) = 0
  | dotprod (x::xs, y::ys) = x*y + dotprod(xs,ys);

fun rowprod (row, []) = []
  | rowprod (row, col::cols) = dotprod(row,col) :: rowprod(row,cols);

fun rowlistprod ([], cols) = []
  | rowlistprod (row::rows, cols) = rowprod(row,cols) :: rowlistprod(rows,cols);

fun matprod (rowsA, rowsB) = rowlistprod (rowsA, transp rowsB);

fun showList f xs = "[" ^ String.concatWith "," (map f xs) ^ "]";
val showInts = showList Int.toString;

print (showInts (setof [1,2,1,3,2,4,1]) ^ "\n");
print (showInts (take (upto (1,10), 3)) ^ " " ^ showInts (drop (upto (1,10), 7)) ^ "\n");
print (Int.toString (maxl [3,9,2,7]) ^ "\n");
print (showInts (change ([5,2], 16)) ^ "\n");
print (Int.toString (length (allChange ([], [50,20,10,5,2,1], 40))) ^ " ways\n");
print (showList showInts (allChange ([], [5,3,2], 11)) ^ "\n");

val A = [[2,0],[3,~1],[0,1],[1,1]];
val B = [[1,0,2],[4,~1,0]];
print (showList showInts (matprod (A, B)) ^ "\n");
print (showList showInts (transp [[1,2,3],[4,5,6]]) ^ "\n");

print (showInts (change ([5,3], 7)) ^ "\n") handle Change => print "no change\n";
print (Int.toString (maxl []) ^ "\n");
