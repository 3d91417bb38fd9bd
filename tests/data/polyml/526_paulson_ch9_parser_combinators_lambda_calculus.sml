(**** ML Programs from Chapter 9 of

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
(* Taken from Moscow ML's examples/paulson/sample9.sml.  Port to mlbox:
   functors Lexical and Parsing applied by hand to LamKey (inlined, no
   module language); structures Type, Lambda, ParseTerm, DisplayTerm and
   Reduce inlined with prefixed names where they clash; StringDict (the
   chapter 4 dictionary) and Pretty (chapter 8) copied in; Substring.all
   is now Substring.full; a driver runs the chapter's examples. *)

(**** Pretty printing (chapter 8) ****)
datatype pretty =
    Block of pretty list * int * int
  | String of string
  | Break of int;

fun breakdist (Block(_,_,len)::es, after) = len + breakdist(es, after)
  | breakdist (String s :: es, after) = size s + breakdist (es, after)
  | breakdist (Break _ :: es, after) = 0
  | breakdist ([], after) = after;

fun prettyPr (os, e, margin) =
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

fun plength (Block(_,_,len)) = len
  | plength (String s) = size s
  | plength (Break len) = len;

val pstr = String  and  pbrk = Break;

fun pblo (indent,es) =
  let fun sum([], k) = k
        | sum(e::es, k) = sum(es, plength e + k)
  in  Block(es,indent, sum(es,0))  end;

(**** StringDict (chapter 4) ****)
datatype 'a tree = Lf | Br of 'a * 'a tree * 'a tree;
exception E of string;
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

(**** Lexical Analysis -- Scanning ****)

val alphas = []
and symbols = ["(", ")", "'", "->"];

datatype token = Key of string  |  Id of string;

fun member (x:string, l) = List.exists (fn y => x=y) l;

fun alphaTok a =
    if member(a, alphas) then Key(a) else Id(a);

(*scanning of a symbolic keyword*)
fun symbolic (sy, ss) =
    case Substring.getc ss of
        NONE => (Key sy, ss)
      | SOME (c,ss1) =>
            if member(sy, symbols)
                orelse not (Char.isPunct c)
            then  (Key sy, ss)
            else  symbolic (sy ^ String.str c, ss1);

(*Scanning a substring into a list of tokens*)
fun scanning (toks, ss) =
    case Substring.getc ss of
        NONE => rev toks    (*end of substring*)
      | SOME (c,ss1) =>
          if Char.isAlphaNum c
              then (*identifier or keyword*)
               let val (id, ss2) = Substring.splitl Char.isAlphaNum ss
                   val tok = alphaTok (Substring.string id)
               in  scanning (tok::toks, ss2)
               end
          else if Char.isPunct c
          then (*special symbol*)
               let val (tok, ss2) = symbolic (String.str c, ss1)
               in  scanning (tok::toks, ss2)
               end
          else (*ignore spaces, line breaks, control characters*)
               scanning (toks, Substring.dropl (not o Char.isGraph) ss);

fun scan a = scanning([], Substring.full a);

(**** Parsing functionals ****)

infix 6 $--;
infix 5 --;
infix 3 >>;
infix 0 ||;

exception SyntaxErr of string;

fun id (Id a :: toks) = (a,toks)
  | id toks = raise SyntaxErr "Identifier expected";

fun $a (Key b :: toks) = if a=b then (a,toks)
                         else raise SyntaxErr a
  | $a _ = raise SyntaxErr "Symbol expected";

fun empty toks = ([],toks);

fun (ph1 || ph2) toks = ph1 toks
                        handle SyntaxErr _ => ph2 toks;

fun !! ph toks = ph toks
    handle SyntaxErr msg => raise Fail ("Syntax error: " ^ msg);

fun (ph1 -- ph2) toks =
    let val (x,toks2) = ph1 toks
        val (y,toks3) = ph2 toks2
    in  ((x,y), toks3)  end;

fun (ph>>f) toks =
    let val (x,toks2) = ph toks
    in  (f x, toks2)  end;

fun (a $-- ph) = ($a -- !!ph >> #2);

fun repeat ph toks = (   ph -- repeat ph >> (op::)
                      || empty   ) toks;

fun infixes (ph,prec_of,apply) =
  let fun over k toks = next k (ph toks)
      and next k (x, Key(a)::toks) =
            if prec_of a < k then (x, Key a :: toks)
            else next k ((over (prec_of a) >> apply a x) toks)
        | next k (x, toks) = (x, toks)
  in  over 0  end;

fun reader ph a =
       (case ph (scan a) of
            (x, []) => x
          | (_, _::_) => raise SyntaxErr "Extra characters in phrase");

(**** Example: Parsing and Displaying Types ****)

datatype ty = Con of string * ty list
            | Var of string;

local (** Parsing **)
  fun makeFun (ty1,ty2) = Con("->",[ty1,ty2]);
  fun typ toks =
   (   atom -- "->" $-- typ                 >> makeFun
    || atom
   ) toks
  and atom toks =
    (   $"'" -- id                          >> (Var o op^)
     || "(" $-- typ -- $")"                 >> #1
    ) toks;
in
  val typeRead = reader typ;
end;

local (** Display **)
  fun typ (Var a) = pstr a
    | typ (Con("->",[ty1,ty2])) = pblo(0, [atom ty1, pstr " ->", pbrk 1, typ ty2])
   and atom (Var a) = pstr a
     | atom ty = pblo(1, [pstr"(", typ ty, pstr")"]);
in
  fun typePr ty = prettyPr (TextIO.stdOut, typ ty, 50)
end;

(**** Lambda-terms. ****)

datatype term = Free  of string
              | Bound of int
              | Abs   of string*term
              | Apply of term*term;

fun abstract i b (Free a) = if a=b then  Bound i  else  Free a
  | abstract i b (Bound j) = Bound j
  | abstract i b (Abs(a,t)) = Abs(a, abstract (i+1) b t)
  | abstract i b (Apply(t,u)) = Apply(abstract i b t, abstract i b u);

fun absList (bs,t) = foldr (fn (b,u) => Abs(b, abstract 0 b u)) t bs;

fun applyList (t0,us) = foldl (fn (u,t) => Apply(t,u)) t0 us;

fun shift 0 d u = u
  | shift i d (Free a) = Free a
  | shift i d (Bound j) = if j>=d then Bound(j+i) else Bound j
  | shift i d (Abs(a,t)) = Abs(a, shift i (d+1) t)
  | shift i d (Apply(t,u)) = Apply(shift i d t, shift i d u);

fun subst i u (Free a)  = Free a
  | subst i u (Bound j) =
      if j<i then       Bound j         (*locally bound*)
      else if j=i then shift i 0 u
      else (*j>i*)      Bound(j-1)      (*non-local to t*)
  | subst i u (Abs(a,t)) = Abs(a, subst (i+1) u t)
  | subst i u (Apply(t1,t2)) = Apply(subst i u t1, subst i u t2);

fun inst env (Free a) = (inst env (dictLookup(env,a))
                         handle E _ => Free a)
  | inst env (Bound i) = Bound i
  | inst env (Abs(a,t)) = Abs(a, inst env t)
  | inst env (Apply(t1,t2)) = Apply(inst env t1, inst env t2);

(*** Parsing of lambda terms ***)

fun makeLambda ((b,bs),t) = absList (b::bs, t);

fun term toks =
  (   "%" $-- id -- repeat id -- "." $-- term >> makeLambda
   || atom -- repeat atom                     >> applyList
  ) toks
and atom toks =
  (   id                                      >> Free
   || "(" $-- term -- $")"                    >> #1
  ) toks;
val termRead = reader term;

(**** Pretty Printing of lambda terms ****)

fun vars (Free a) = [a]
  | vars (Bound i) = []
  | vars (Abs(a,t)) = vars t
  | vars (Apply(t1,t2)) = vars t1 @ vars t2;

fun rename (bs,a) =
    if  List.exists (fn x => x=a) bs  then  rename (bs, a ^ "'")  else  a;

fun strip (bs, Abs(a,t)) =
      let val b = rename (vars t, a)
      in  strip (b::bs, subst 0 (Free b) t)
      end
  | strip (bs, u) = (rev bs, u);

fun stripAbs t = strip ([],t);

fun spaceJoin (b,z) = " " ^ b ^ z;

fun dterm (Free a) = pstr a
  | dterm (Bound i) = pstr "??UNMATCHED INDEX??"
  | dterm (t as Abs _) =
        let val (b::bs,u) = stripAbs t
            val binder = "%" ^ b ^ (foldr spaceJoin ". " bs)
        in  pblo(0, [pstr binder, dterm u])
        end
  | dterm t = pblo(0, applic t)
and applic (Apply(t,u)) = applic t @ [pbrk 1, datom u]
  | applic t        = [datom t]
and datom (Free a) = pstr a
  | datom t = pblo(1, [pstr"(", dterm t, pstr")"]);

fun termPr t = prettyPr (TextIO.stdOut, dterm t, 50);

(*** Evaluation of lambda terms ***)

fun eval (Apply(t1,t2)) =
              (case eval t1 of
                   Abs(a,u) => eval(subst 0 (eval t2) u)
                 | u1 => Apply(u1, eval t2))
  | eval t = t;

fun byValue t = bodies (eval t)
and bodies (Abs(a,t)) = Abs(a, byValue t)
  | bodies (Apply(t1,t2)) = Apply(bodies t1, bodies t2)
  | bodies t = t;

fun headNF (Abs(a,t)) = Abs(a, headNF t)
  | headNF (Apply(t1,t2)) =
              (case headNF t1 of
                   Abs(a,t) => headNF(subst 0 t2 t)
                 | u1 => Apply(u1, t2))
  | headNF t = t;

fun byName t = args (headNF t)
and args (Abs(a,t)) = Abs(a, args t)
  | args (Apply(t1,t2)) = Apply(args t1, byName t2)
  | args t = t;

(*** Using the structures ***)

fun insertEnv ((a,b),env) =
    dictInsert (env, a, termRead b);

val stdEnv = foldl insertEnv dictEmpty
[    (*booleans*)
 ("true", "%x y.x"),           ("false",  "%x y.y"),
 ("if", "%p x y. p x y"),
     (*ordered pairs*)
 ("pair", "%x y f.f x y"),
 ("fst", "%p.p true"),         ("snd", "%p.p false"),
     (*natural numbers*)
 ("suc", "%n f x. n f (f x)"),
 ("iszero", "%n. n (%x.false) true"),
 ("0", "%f x. x"),             ("1", "suc 0"),
 ("2", "suc 1"),               ("3", "suc 2"),
 ("4", "suc 3"),               ("5", "suc 4"),
 ("6", "suc 5"),               ("7", "suc 6"),
 ("8", "suc 7"),               ("9", "suc 8"),
 ("add",  "%m n f x. m f (n f x)"),
 ("mult", "%m n f. m (n f)"),
 ("expt", "%m n f x. n m f x"),
 ("prefn", "%f p. pair (f (fst p)) (fst p)"),
 ("pre",  "%n f x. snd (n (prefn f) (pair x x))"),
 ("sub",  "%m n. n pre m"),
 ("ack",  "%m. m (%f n. n f (f 1)) suc"),
      (*lists*)
 ("nil",  "%z.z"),
 ("cons", "%x y. pair false (pair x y)"),
 ("null", "fst"),
 ("hd", "%z. fst(snd z)"),     ("tl", "%z. snd(snd z)"),
    (*recursion for call-by-name*)
 ("Y", "%f. (%x.f(x x))(%x.f(x x))"),
 ("fact", "Y (%g n. if (iszero n) 1 (mult n (g (pre n))))"),
 ("append", "Y (%g z w. if (null z) w (cons (hd z) (g (tl z) w)))"),
 ("inflist", "Y (%z. cons MORE z)"),
     (*recursion for call-by-value*)
 ("YV", "%f. (%x.f(%y.x x y)) (%x.f(%y.x x y))"),
 ("factV", "YV (%g n. (if (iszero n) (%y.1) (%y.mult n (g (pre n))))y)") ];

fun stdRead a = inst stdEnv (termRead a);
fun try evfn = termPr o evfn o stdRead;

(*** Driver (added for the port) ***)
val _ = typePr (typeRead "('a -> 'b) -> ('c -> 'a) -> 'c -> 'b");
val _ = typePr (typeRead "(('a -> 'b) -> 'c) -> 'a");
val _ = (typeRead "'a ->"; ()) handle Fail m => print (m ^ "\n");
val _ = (typeRead "'a 'b"; ()) handle SyntaxErr m => print ("SyntaxErr " ^ m ^ "\n");
val _ = termPr (termRead "%x y z. x z (y z)");
val _ = termPr (termRead "(%x y. x) (%z. z z) w");
val _ = try byValue "add 2 3";
val _ = try byValue "mult 2 3";
val _ = try byValue "expt 2 3";
val _ = try byName "sub 5 2";
val _ = try byName "hd (tl (append (cons A (cons B nil)) (cons C nil)))";
val _ = try byName "hd (tl (tl inflist))";
val _ = try byName "fact 3";
val _ = try byValue "factV 2";
val _ = try headNF "Y f";
val _ = try eval "(%x.x x) (%y. y)";
val _ = try byName "%x. (%y. x y) (%x. x)";
val _ = (stdRead "(%x. x"; ()) handle Fail m => print (m ^ "\n") | SyntaxErr m => print ("SyntaxErr " ^ m ^ "\n");
val _ = (dictInsert (stdEnv, "Y", Free "Y"); ()) handle E k => print ("E " ^ k ^ "\n");
