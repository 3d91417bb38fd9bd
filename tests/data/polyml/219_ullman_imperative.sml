(* Imperative ML in the manner of Ullman, "Elements of ML Programming"
   (ML97 edition, Prentice Hall 1998), chapter 9 (references, while loops,
   arrays): printList with explicit recursion, a counter loop with ref and
   while, bubble sort on an array, and the sieve. Semicolons end the
   top-level declarations, as in the book. *)

fun printList(nil) = ()
  | printList(x::xs) = (
        print(Int.toString(x));
        print(" ");
        printList(xs)
    );

val i = ref 0;
val total = ref 0;
while !i < 10 do (
    i := !i + 1;
    total := !total + !i * !i
);
print("sum of squares 1..10 = " ^ Int.toString(!total) ^ "\n");

fun bubbleSort(A) =
    let
        val n = Array.length(A);
        val swapped = ref true;
        val pass = ref 0
    in
        while !swapped do (
            swapped := false;
            pass := !pass + 1;
            let val j = ref 0 in
                while !j < n - !pass do (
                    if Array.sub(A, !j) > Array.sub(A, !j + 1) then
                        let val t = Array.sub(A, !j) in
                            Array.update(A, !j, Array.sub(A, !j + 1));
                            Array.update(A, !j + 1, t);
                            swapped := true
                        end
                    else ();
                    j := !j + 1
                )
            end
        );
        !pass
    end;

val A = Array.fromList([64, 34, 25, 12, 22, 11, 90, 5]);
val passes = bubbleSort(A);
printList(Array.foldr (op ::) nil A);
print("\n" ^ Int.toString(passes) ^ " passes\n");

(* The sieve of Eratosthenes with a bool array *)
fun sieve(n) =
    let
        val isPrime = Array.array(n + 1, true);
        val p = ref 2;
        val primes = ref nil
    in
        Array.update(isPrime, 0, false);
        Array.update(isPrime, 1, false);
        while !p * !p <= n do (
            if Array.sub(isPrime, !p) then
                let val m = ref (!p * !p) in
                    while !m <= n do (Array.update(isPrime, !m, false); m := !m + !p)
                end
            else ();
            p := !p + 1
        );
        Array.appi (fn (k, b) => if b then primes := k :: !primes else ()) isPrime;
        rev(!primes)
    end;

printList(sieve(100));
print("\n");
print(Int.toString(length(sieve(10000))) ^ " primes below 10000\n");

(* comb(n, m) with the book's exception for bad arguments *)
exception BadN;
exception BadM;
fun comb(n, m) =
    if n < 0 then raise BadN
    else if m < 0 orelse m > n then raise BadM
    else if m = 0 orelse m = n then 1
    else comb(n - 1, m) + comb(n - 1, m - 1);

fun safeComb(n, m) = comb(n, m) handle BadN => 0 | BadM => ~1;
printList(map (fn m => safeComb(6, m)) [~1, 0, 1, 2, 3, 4, 5, 6, 7]);
print("\n");
comb(~1, 0);
