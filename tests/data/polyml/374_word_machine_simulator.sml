(* A 32-bit load/store machine in the spirit of the MLKit's DLX simulator:
   instructions encoded in 32-bit words (opcode, registers, a signed 16-bit
   immediate), decoded with shifts and masks, 32-bit wrap-around arithmetic
   done on 63-bit words, word-addressed memory in an array, and a
   ones'-complement checksum over memory as in the FoxNet checksum test. *)
val mask32 = 0wxFFFFFFFF : word
fun w32 w = Word.andb (w, mask32)
fun signed32 w = let val v = Word.toInt (w32 w) in if v >= 2147483648 then v - 4294967296 else v end
fun fromInt i = w32 (Word.fromInt i)
fun sext16 w = if Word.andb (w, 0wx8000) <> 0w0 then w32 (Word.orb (w, 0wxFFFF0000)) else w

datatype instr =
    ADD of int * int * int | SUB of int * int * int | AND of int * int * int
  | OR of int * int * int | XOR of int * int * int | SLL of int * int * int
  | SRL of int * int * int | SRA of int * int * int | SLT of int * int * int
  | MUL of int * int * int
  | ADDI of int * int * int | LW of int * int * int | SW of int * int * int
  | BEQZ of int * int | BNEZ of int * int | J of int | HALT | TRAP of int

(* encoding: opcode in bits 26-31; R-type rd rs rt in 21-25, 16-20, 11-15;
   I-type rd rs and a 16-bit immediate *)
fun field (w, at, bits) = Word.andb (Word.>> (w, Word.fromInt at), Word.<< (0w1, Word.fromInt bits) - 0w1)
fun put (v, at) = Word.<< (Word.fromInt v, Word.fromInt at)
fun imm16 i = Word.andb (fromInt i, 0wxFFFF)
fun rtype (op', d, s, t) = Word.orb (Word.orb (put (op', 26), put (d, 21)), Word.orb (put (s, 16), put (t, 11)))
fun itype (op', d, s, i) = Word.orb (Word.orb (put (op', 26), put (d, 21)), Word.orb (put (s, 16), imm16 i))

fun encode (ADD r) = rtype (1, #1 r, #2 r, #3 r)
  | encode (SUB r) = rtype (2, #1 r, #2 r, #3 r)
  | encode (AND r) = rtype (3, #1 r, #2 r, #3 r)
  | encode (OR r) = rtype (4, #1 r, #2 r, #3 r)
  | encode (XOR r) = rtype (5, #1 r, #2 r, #3 r)
  | encode (SLL r) = rtype (6, #1 r, #2 r, #3 r)
  | encode (SRL r) = rtype (7, #1 r, #2 r, #3 r)
  | encode (SRA r) = rtype (8, #1 r, #2 r, #3 r)
  | encode (SLT r) = rtype (9, #1 r, #2 r, #3 r)
  | encode (MUL r) = rtype (10, #1 r, #2 r, #3 r)
  | encode (ADDI (d, s, i)) = itype (20, d, s, i)
  | encode (LW (d, s, i)) = itype (21, d, s, i)
  | encode (SW (d, s, i)) = itype (22, d, s, i)
  | encode (BEQZ (s, i)) = itype (23, 0, s, i)
  | encode (BNEZ (s, i)) = itype (24, 0, s, i)
  | encode (J i) = itype (25, 0, 0, i)
  | encode HALT = put (63, 26)
  | encode (TRAP i) = itype (30, 0, 0, i)

exception Illegal of word

fun decode w =
  let val op' = Word.toInt (field (w, 26, 6))
      val d = Word.toInt (field (w, 21, 5)) and s = Word.toInt (field (w, 16, 5))
      val t = Word.toInt (field (w, 11, 5))
      val i = signed32 (sext16 (field (w, 0, 16)))
      val r = (d, s, t)
  in case op' of
       1 => ADD r | 2 => SUB r | 3 => AND r | 4 => OR r | 5 => XOR r | 6 => SLL r
     | 7 => SRL r | 8 => SRA r | 9 => SLT r | 10 => MUL r
     | 20 => ADDI (d, s, i) | 21 => LW (d, s, i) | 22 => SW (d, s, i)
     | 23 => BEQZ (s, i) | 24 => BNEZ (s, i) | 25 => J i | 63 => HALT | 30 => TRAP i
     | _ => raise Illegal w
  end

val memory = Array.array (1024, 0w0 : word)
val regs = Array.array (32, 0w0 : word)
fun reg r = if r = 0 then 0w0 else Array.sub (regs, r)
fun setReg (r, v) = if r = 0 then () else Array.update (regs, r, w32 v)

fun load (at, prog) = List.foldl (fn (ins, a) => (Array.update (memory, a, encode ins); a + 1)) at prog

fun run pc0 =
  let
    fun alu (f, (d, s, t)) = setReg (d, f (reg s, reg t))
    fun shamt t = Word.andb (reg t, 0w31)
    fun step (pc, n) =
      case decode (Array.sub (memory, pc)) of
        ADD r => (alu (op +, r); step (pc + 1, n + 1))
      | SUB r => (alu (fn (a, b) => a + (mask32 + 0w1) - b, r); step (pc + 1, n + 1))
      | AND r => (alu (Word.andb, r); step (pc + 1, n + 1))
      | OR r => (alu (Word.orb, r); step (pc + 1, n + 1))
      | XOR r => (alu (Word.xorb, r); step (pc + 1, n + 1))
      | SLL (d, s, t) => (setReg (d, Word.<< (reg s, shamt t)); step (pc + 1, n + 1))
      | SRL (d, s, t) => (setReg (d, Word.>> (reg s, shamt t)); step (pc + 1, n + 1))
      | SRA (d, s, t) => (setReg (d, fromInt (signed32 (reg s) div (case Word.toInt (shamt t) of k => Word.toInt (Word.<< (0w1, Word.fromInt k))))); step (pc + 1, n + 1))
      | SLT (d, s, t) => (setReg (d, if signed32 (reg s) < signed32 (reg t) then 0w1 else 0w0); step (pc + 1, n + 1))
      | MUL r => (alu (fn (a, b) => w32 (a * b), r); step (pc + 1, n + 1))
      | ADDI (d, s, i) => (setReg (d, reg s + fromInt i); step (pc + 1, n + 1))
      | LW (d, s, i) => (setReg (d, Array.sub (memory, signed32 (reg s) + i)); step (pc + 1, n + 1))
      | SW (d, s, i) => (Array.update (memory, signed32 (reg s) + i, reg d); step (pc + 1, n + 1))
      | BEQZ (s, i) => step (if reg s = 0w0 then pc + 1 + i else pc + 1, n + 1)
      | BNEZ (s, i) => step (if reg s <> 0w0 then pc + 1 + i else pc + 1, n + 1)
      | J i => step (pc + 1 + i, n + 1)
      | TRAP i => (print ("trap " ^ Int.toString i ^ ": r1 = " ^ Int.toString (signed32 (reg 1))
                          ^ " (0x" ^ Word.toString (reg 1) ^ ")\n"); step (pc + 1, n + 1))
      | HALT => n + 1
  in step (pc0, 0) end

fun report name pc =
  let val n = run pc
  in print (name ^ ": " ^ Int.toString n ^ " instructions\n") end
  handle Illegal w => print (name ^ ": illegal instruction " ^ Word.toString w ^ "\n")
       | Subscript => print (name ^ ": bad address\n")

(* factorial of 13 modulo 2^32, signed: 1932053504 *)
val fact = [ADDI (1, 0, 1), ADDI (2, 0, 13), MUL (1, 1, 2), ADDI (2, 2, ~1), BNEZ (2, ~3), TRAP 1, HALT]
(* sum of memory 600..699 after filling it with i*i - 50*i *)
val fill = [ADDI (3, 0, 0), ADDI (4, 0, 100), ADDI (5, 0, 50),
            MUL (6, 3, 3), MUL (7, 3, 5), SUB (6, 6, 7), SW (6, 3, 600), ADDI (3, 3, 1),
            SUB (8, 4, 3), BNEZ (8, ~7),
            ADDI (1, 0, 0), ADDI (3, 0, 0),
            LW (6, 3, 600), ADD (1, 1, 6), ADDI (3, 3, 1), SUB (8, 4, 3), BNEZ (8, ~5), TRAP 2, HALT]
(* shifts and logic on a negative number *)
val bits = [ADDI (2, 0, ~1234), ADDI (3, 0, 4), SRA (1, 2, 3), TRAP 3, SRL (1, 2, 3), TRAP 4,
            SLL (1, 2, 3), TRAP 5, XOR (1, 2, 3), TRAP 6, AND (1, 2, 3), TRAP 7, SLT (1, 2, 3), TRAP 8,
            ADDI (4, 0, 1), ADDI (5, 0, 31), SLL (1, 4, 5), TRAP 9, ADD (1, 1, 1), TRAP 10, HALT]
(* collatz steps from 27 *)
val collatz = [ADDI (2, 0, 27), ADDI (1, 0, 0), ADDI (9, 0, 1),
               ADDI (3, 2, ~1), BEQZ (3, 9), AND (4, 2, 9), BEQZ (4, 4),
               ADD (5, 2, 2), ADD (2, 5, 2), ADDI (2, 2, 1), J 1, SRL (2, 2, 9),
               ADDI (1, 1, 1), J ~11, TRAP 11, HALT]
(* bubble sort of 24 pseudo-random numbers at 800 *)
val sort = [ADDI (10, 0, 24),
            ADDI (12, 0, 0), ADDI (3, 0, 0),
            LW (4, 3, 800), LW (5, 3, 801), SLT (6, 5, 4), BEQZ (6, 3),
            SW (5, 3, 800), SW (4, 3, 801), ADDI (12, 0, 1),
            ADDI (3, 3, 1), ADDI (7, 10, ~1), SUB (7, 7, 3), BNEZ (7, ~11), BNEZ (12, ~14),
            TRAP 12, HALT]

fun checksum (first, last) =
  let fun fold (i, acc) =
        if i > last then acc
        else let val w = Array.sub (memory, i)
                 val acc = acc + Word.>> (w, 0w16) + Word.andb (w, 0wxFFFF)
             in fold (i + 1, Word.andb (acc, 0wxFFFF) + Word.>> (acc, 0w16)) end
  in Word.xorb (fold (first, 0w0), 0wxFFFF) end

val _ = report "fact" (load (0, fact) - length fact)
val _ = report "fill" (load (20, fill) - length fill)
val _ = report "bits" (load (60, bits) - length bits)
val _ = report "collatz" (load (100, collatz) - length collatz)
val seed = ref 0w12345
fun next () = (seed := w32 (!seed * 0w1103515245 + 0w12345); Word.toInt (Word.>> (!seed, 0w16)) mod 1000 - 500)
val _ = List.tabulate (24, fn i => Array.update (memory, 800 + i, fromInt (next ())))
val _ = report "sort" (load (140, sort) - length sort)
val sorted = List.tabulate (24, fn i => signed32 (Array.sub (memory, 800 + i)))
val _ = print (String.concatWith " " (map Int.toString sorted) ^ "\n")
val _ = print ("ordered: " ^ Bool.toString (#2 (foldl (fn (x, (p, ok)) => (x, ok andalso p <= x)) (~1000, true) sorted)) ^ "\n")
val _ = print ("checksum: " ^ Word.toString (checksum (0, 1023)) ^ "\n")
val _ = Array.update (memory, 200, 0wxE8000000)
val _ = report "illegal" 200
val _ = report "wild" (load (210, [ADDI (1, 0, 5000), LW (2, 1, 0), HALT]) - 3)
val _ = print (Word.toString (encode (ADDI (1, 2, ~3))) ^ " " ^ Word.toString (encode (SW (31, 30, 32767))) ^ "\n")
