(* Classic BPF (the BSD Packet Filter of McCanne and Jacobson) in ML□:
   evalpf, an interpreter, and bevalpf, its staged version (the paper's
   §4.3), covering the whole instruction set libpcap's bpf_filter()
   interprets, with its semantics:

   - A and X are unsigned 32-bit; every ALU result is taken modulo 2^32.
     They are kept as ints in 0 .. 2^32-1 (ints have 63 bits, so sums and
     differences of two of them cannot overflow); products and shifts go
     through `word`, which wraps instead of raising Overflow.
   - A load that reaches past the captured bytes ends the filter with 0.
     The packet is a string, so such a load raises Subscript, which the
     entry points turn into 0; division or modulus by X = 0 raises Div,
     likewise 0. Raising costs nothing on the common path, where an explicit
     bounds test would cost a comparison on every load.
   - `len` is the packet's original length (wirelen), not the captured
     length; the scratch memory M[0..15] starts at 0.

   A filter arrives as a list of (code, jt, jf, k) quadruples (the
   `tcpdump -ddd` numbers) and is decoded once into an array of `insn`,
   one constructor per opcode (so dispatch is a single switch) with jump
   targets made absolute (so no run-time offset arithmetic). Decoding trusts
   the caller to have validated the filter (mlbox/pf.py does, strictly:
   forward in-range jumps, final ret, known opcodes, ...); an undefined
   opcode still raises Fail here.

   Written for cheap specialisation: `specialise` looks at each instruction
   once per visit (its role, and what the visits so far made of it, decide
   between a return, a first visit and a shared function, and whether the
   scratch memory is used) rather than in separate passes over the
   filter. *)

datatype insn =
  (* A := packet bytes at k (ABS) or X + k (IND), big-endian *)
    LdAbsW of int | LdAbsH of int | LdAbsB of int
  | LdIndW of int | LdIndH of int | LdIndB of int
  (* A := wirelen / k / M[k] *)
  | LdLen | LdImm of int | LdMem of int
  (* X := wirelen / k / M[k] / 4 * (packet[k] & 15) *)
  | LdxLen | LdxImm of int | LdxMem of int | LdxMsh of int
  (* M[k] := A / X *)
  | St of int | Stx of int
  (* A := A op k *)
  | AddK of int | SubK of int | MulK of int | DivK of int | ModK of int
  | AndK of int | OrK of int | XorK of int | LshK of int | RshK of int
  (* A := A op X *)
  | AddX | SubX | MulX | DivX | ModX | AndX | OrX | XorX | LshX | RshX
  | Neg
  (* jumps, with absolute targets: Ja target, Jxx (k, target if true, target if false) *)
  | Ja of int
  | JeqK of int * int * int | JgtK of int * int * int
  | JgeK of int * int * int | JsetK of int * int * int
  | JeqX of int * int | JgtX of int * int | JgeX of int * int | JsetX of int * int
  | RetK of int | RetA
  | Tax | Txa

(* the modulus of 32-bit arithmetic, and the 32-bit mask for word results *)
val two32 = 4294967296
val mask32 = 0wxffffffff

fun wordOp (f, a, b) = Word.toInt (Word.andb (f (Word.fromInt a, Word.fromInt b), mask32))
fun mul32 (a, b) = wordOp (Word.*, a, b)
fun and32 (a, b) = Word.toInt (Word.andb (Word.fromInt a, Word.fromInt b))
fun or32 (a, b) = Word.toInt (Word.orb (Word.fromInt a, Word.fromInt b))
fun xor32 (a, b) = Word.toInt (Word.xorb (Word.fromInt a, Word.fromInt b))
(* shifts by 32 or more give 0: `Word.<<` keeps 63 bits (0 from 63 on), the mask clears the rest;
   A < 2^32 so `Word.>>` by 32 or more is 0 already *)
fun lsh32 (a, n) = wordOp (Word.<<, a, n)
fun rsh32 (a, n) = Word.toInt (Word.>> (Word.fromInt a, Word.fromInt n))

(* decode one (code, jt, jf, k) at position pc; opcode numbers are <pcap/bpf.h>'s *)
fun decode (pc, (opcode, jt, jf, k)) =
    let val t = pc + 1 + jt
        val f = pc + 1 + jf
    in case opcode of
           32 => LdAbsW k     (* 0x20 ld  [k]      *)
         | 40 => LdAbsH k     (* 0x28 ldh [k]      *)
         | 48 => LdAbsB k     (* 0x30 ldb [k]      *)
         | 64 => LdIndW k     (* 0x40 ld  [x + k]  *)
         | 72 => LdIndH k     (* 0x48 ldh [x + k]  *)
         | 80 => LdIndB k     (* 0x50 ldb [x + k]  *)
         | 128 => LdLen       (* 0x80 ld  #len     *)
         | 0 => LdImm k       (* 0x00 ld  #k       *)
         | 96 => LdMem k      (* 0x60 ld  M[k]     *)
         | 129 => LdxLen      (* 0x81 ldx #len     *)
         | 1 => LdxImm k      (* 0x01 ldx #k       *)
         | 97 => LdxMem k     (* 0x61 ldx M[k]     *)
         | 177 => LdxMsh k    (* 0xb1 ldxb 4*([k]&0xf) *)
         | 2 => St k          (* 0x02 st  M[k]     *)
         | 3 => Stx k         (* 0x03 stx M[k]     *)
         | 4 => AddK k  | 20 => SubK k  | 36 => MulK k  | 52 => DivK k  | 148 => ModK k
         | 84 => AndK k | 68 => OrK k   | 164 => XorK k | 100 => LshK k | 116 => RshK k
         | 12 => AddX   | 28 => SubX    | 44 => MulX    | 60 => DivX    | 156 => ModX
         | 92 => AndX   | 76 => OrX     | 172 => XorX   | 108 => LshX   | 124 => RshX
         | 132 => Neg         (* 0x84 neg          *)
         | 5 => Ja (pc + 1 + k)
         | 21 => JeqK (k, t, f) | 37 => JgtK (k, t, f) | 53 => JgeK (k, t, f) | 69 => JsetK (k, t, f)
         | 29 => JeqX (t, f)    | 45 => JgtX (t, f)    | 61 => JgeX (t, f)    | 77 => JsetX (t, f)
         | 6 => RetK k        (* 0x06 ret #k       *)
         | 22 => RetA         (* 0x16 ret a        *)
         | 7 => Tax           (* 0x07 tax          *)
         | 135 => Txa         (* 0x87 txa          *)
         | _ => raise Fail ("undefined BPF opcode " ^ Int.toString opcode ^ " at instruction " ^ Int.toString pc)
    end

fun load insns =
    let fun number (_, []) = []
          | number (pc, i :: rest) = decode (pc, i) :: number (pc + 1, rest)
    in Array.fromList (number (0, insns)) end

(* ------------------------------------------------------------ evalpf *)

(* evalpf (prog, packet, wirelen): the value the filter returns for the
   packet (its captured bytes, and its original length). The loop carries
   the machine state (pc, A, X); the filter, the packet and the scratch
   memory stay in its closure. *)
fun evalpf (prog, p, wirelen) =
    let val mem = Array.array (16, 0)
        fun step (pc, a, x) =
            case Array.sub (prog, pc) of
                LdAbsW k => step (pc + 1, ((ord (String.sub (p, k)) * 256 + ord (String.sub (p, k + 1))) * 256
                                           + ord (String.sub (p, k + 2))) * 256 + ord (String.sub (p, k + 3)), x)
              | LdAbsH k => step (pc + 1, ord (String.sub (p, k)) * 256 + ord (String.sub (p, k + 1)), x)
              | LdAbsB k => step (pc + 1, ord (String.sub (p, k)), x)
              | LdIndW k => let val i = x + k
                            in step (pc + 1, ((ord (String.sub (p, i)) * 256 + ord (String.sub (p, i + 1))) * 256
                                              + ord (String.sub (p, i + 2))) * 256 + ord (String.sub (p, i + 3)), x)
                            end
              | LdIndH k => let val i = x + k
                            in step (pc + 1, ord (String.sub (p, i)) * 256 + ord (String.sub (p, i + 1)), x) end
              | LdIndB k => step (pc + 1, ord (String.sub (p, x + k)), x)
              | LdLen => step (pc + 1, wirelen, x)
              | LdImm k => step (pc + 1, k, x)
              | LdMem k => step (pc + 1, Array.sub (mem, k), x)
              | LdxLen => step (pc + 1, a, wirelen)
              | LdxImm k => step (pc + 1, a, k)
              | LdxMem k => step (pc + 1, a, Array.sub (mem, k))
              | LdxMsh k => step (pc + 1, a, ord (String.sub (p, k)) mod 16 * 4)
              | St k => (Array.update (mem, k, a); step (pc + 1, a, x))
              | Stx k => (Array.update (mem, k, x); step (pc + 1, a, x))
              | AddK k => step (pc + 1, (a + k) mod two32, x)
              | SubK k => step (pc + 1, (a - k) mod two32, x)
              | MulK k => step (pc + 1, mul32 (a, k), x)
              | DivK k => step (pc + 1, a div k, x)
              | ModK k => step (pc + 1, a mod k, x)
              | AndK k => step (pc + 1, and32 (a, k), x)
              | OrK k => step (pc + 1, or32 (a, k), x)
              | XorK k => step (pc + 1, xor32 (a, k), x)
              | LshK k => step (pc + 1, lsh32 (a, k), x)
              | RshK k => step (pc + 1, rsh32 (a, k), x)
              | AddX => step (pc + 1, (a + x) mod two32, x)
              | SubX => step (pc + 1, (a - x) mod two32, x)
              | MulX => step (pc + 1, mul32 (a, x), x)
              | DivX => step (pc + 1, a div x, x)
              | ModX => step (pc + 1, a mod x, x)
              | AndX => step (pc + 1, and32 (a, x), x)
              | OrX => step (pc + 1, or32 (a, x), x)
              | XorX => step (pc + 1, xor32 (a, x), x)
              | LshX => step (pc + 1, lsh32 (a, x), x)
              | RshX => step (pc + 1, rsh32 (a, x), x)
              | Neg => step (pc + 1, (~ a) mod two32, x)
              | Ja t => step (t, a, x)
              | JeqK (k, t, f) => step (if a = k then t else f, a, x)
              | JgtK (k, t, f) => step (if a > k then t else f, a, x)
              | JgeK (k, t, f) => step (if a >= k then t else f, a, x)
              | JsetK (k, t, f) => step (if and32 (a, k) <> 0 then t else f, a, x)
              | JeqX (t, f) => step (if a = x then t else f, a, x)
              | JgtX (t, f) => step (if a > x then t else f, a, x)
              | JgeX (t, f) => step (if a >= x then t else f, a, x)
              | JsetX (t, f) => step (if and32 (a, x) <> 0 then t else f, a, x)
              | RetK k => k
              | RetA => a
              | Tax => step (pc + 1, a, a)
              | Txa => step (pc + 1, x, x)
    in step (0, 0, 0) handle Subscript => 0 | Div => 0 end

(* ------------------------------------------------------------ bevalpf *)

(* The late part of the state, as generated code sees it: (A, (packet, (X,
   (wirelen, scratch memory)))). An instruction that sets A passes the
   second component on unchanged, one that sets X the last. *)
type late = int * (string * (int * (int * int array)))

(* bevalpf (prog, goto, pc): the code of instruction pc, a function of the
   late state. The filter and pc are early. Control passes to instruction t
   through `goto t`, the code to continue with (see specialise): spliced in
   place by `cogen go = goto t`, so that the compiler generates `go s` as
   t's code with s bound, no closure and no call. Constants derived from k
   (k + 1, 2^k, k as a word) are computed here, at generation time. *)
fun bevalpf (prog, goto : int -> [late -> int], pc) =
    case Array.sub (prog, pc) of
       LdAbsW k =>
         let cogen k0 = lift k  cogen k1 = lift (k + 1)  cogen k2 = lift (k + 2)  cogen k3 = lift (k + 3)
             cogen go = goto (pc + 1)
         in code (fn (_, r as (p, _)) =>
               go (((ord (String.sub (p, k0)) * 256 + ord (String.sub (p, k1))) * 256
                    + ord (String.sub (p, k2))) * 256 + ord (String.sub (p, k3)), r))
         end
     | LdAbsH k =>
         let cogen k0 = lift k  cogen k1 = lift (k + 1)  cogen go = goto (pc + 1)
         in code (fn (_, r as (p, _)) => go (ord (String.sub (p, k0)) * 256 + ord (String.sub (p, k1)), r))
         end
     | LdAbsB k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (_, r as (p, _)) => go (ord (String.sub (p, k0)), r)) end
     | LdIndW k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (_, r as (p, (x, _))) =>
               let val i = x + k0
               in go (((ord (String.sub (p, i)) * 256 + ord (String.sub (p, i + 1))) * 256
                       + ord (String.sub (p, i + 2))) * 256 + ord (String.sub (p, i + 3)), r)
               end)
         end
     | LdIndH k =>
         let cogen k0 = lift k  cogen k1 = lift (k + 1)  cogen go = goto (pc + 1)
         in code (fn (_, r as (p, (x, _))) =>
               go (ord (String.sub (p, x + k0)) * 256 + ord (String.sub (p, x + k1)), r))
         end
     | LdIndB k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (_, r as (p, (x, _))) => go (ord (String.sub (p, x + k0)), r)) end
     | LdLen =>
         let cogen go = goto (pc + 1)
         in code (fn (_, r as (_, (_, (wirelen, _)))) => go (wirelen, r)) end
     | LdImm k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (_, r) => go (k0, r)) end
     | LdMem k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (_, r as (_, (_, (_, mem)))) => go (Array.sub (mem, k0), r)) end
     | LdxLen =>
         let cogen go = goto (pc + 1)
         in code (fn (a, (p, (_, q as (wirelen, _)))) => go (a, (p, (wirelen, q)))) end
     | LdxImm k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (a, (p, (_, q))) => go (a, (p, (k0, q)))) end
     | LdxMem k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (a, (p, (_, q as (_, mem)))) => go (a, (p, (Array.sub (mem, k0), q)))) end
     | LdxMsh k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (a, (p, (_, q))) => go (a, (p, (ord (String.sub (p, k0)) mod 16 * 4, q))))
         end
     | St k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (s as (a, (_, (_, (_, mem))))) => (Array.update (mem, k0, a); go s)) end
     | Stx k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (s as (_, (_, (x, (_, mem))))) => (Array.update (mem, k0, x); go s)) end
     | AddK k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (a, r) => go ((a + k0) mod two32, r)) end
     | SubK k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (a, r) => go ((a - k0) mod two32, r)) end
     | MulK k =>
         let cogen w = lift (Word.fromInt k)  cogen go = goto (pc + 1)
         in code (fn (a, r) => go (Word.toInt (Word.andb (Word.* (Word.fromInt a, w), mask32)), r)) end
     | DivK k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (a, r) => go (a div k0, r)) end
     | ModK k =>
         let cogen k0 = lift k  cogen go = goto (pc + 1)
         in code (fn (a, r) => go (a mod k0, r)) end
     | AndK k =>
         let cogen w = lift (Word.fromInt k)  cogen go = goto (pc + 1)
         in code (fn (a, r) => go (Word.toInt (Word.andb (Word.fromInt a, w)), r)) end
     | OrK k =>
         let cogen w = lift (Word.fromInt k)  cogen go = goto (pc + 1)
         in code (fn (a, r) => go (Word.toInt (Word.orb (Word.fromInt a, w)), r)) end
     | XorK k =>
         let cogen w = lift (Word.fromInt k)  cogen go = goto (pc + 1)
         in code (fn (a, r) => go (Word.toInt (Word.xorb (Word.fromInt a, w)), r)) end
     | LshK k =>
         let cogen w = lift (Word.fromInt k)  cogen go = goto (pc + 1)
         in code (fn (a, r) => go (Word.toInt (Word.andb (Word.<< (Word.fromInt a, w), mask32)), r)) end
     | RshK k =>
         (* A >> k = A div 2^k for the non-negative A: one division, with 2^k computed now *)
         let cogen d = lift (Word.toInt (Word.<< (0w1, Word.fromInt k)))  cogen go = goto (pc + 1)
         in code (fn (a, r) => go (a div d, r)) end
     | AddX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go ((a + x) mod two32, r)) end
     | SubX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go ((a - x) mod two32, r)) end
     | MulX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go (mul32 (a, x), r)) end
     | DivX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go (a div x, r)) end
     | ModX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go (a mod x, r)) end
     | AndX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go (and32 (a, x), r)) end
     | OrX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go (or32 (a, x), r)) end
     | XorX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go (xor32 (a, x), r)) end
     | LshX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go (lsh32 (a, x), r)) end
     | RshX => let cogen go = goto (pc + 1) in code (fn (a, r as (_, (x, _))) => go (rsh32 (a, x), r)) end
     | Neg => let cogen go = goto (pc + 1) in code (fn (a, r) => go ((~ a) mod two32, r)) end
     | Ja t => goto t
     | JeqK (k, t, f) =>
         let cogen k0 = lift k  cogen yes = goto t  cogen no = goto f
         in code (fn (s as (a, _)) => if a = k0 then yes s else no s) end
     | JgtK (k, t, f) =>
         let cogen k0 = lift k  cogen yes = goto t  cogen no = goto f
         in code (fn (s as (a, _)) => if a > k0 then yes s else no s) end
     | JgeK (k, t, f) =>
         let cogen k0 = lift k  cogen yes = goto t  cogen no = goto f
         in code (fn (s as (a, _)) => if a >= k0 then yes s else no s) end
     | JsetK (k, t, f) =>
         let cogen w = lift (Word.fromInt k)  cogen yes = goto t  cogen no = goto f
         in code (fn (s as (a, _)) => if Word.andb (Word.fromInt a, w) <> 0w0 then yes s else no s) end
     | JeqX (t, f) =>
         let cogen yes = goto t  cogen no = goto f
         in code (fn (s as (a, (_, (x, _)))) => if a = x then yes s else no s) end
     | JgtX (t, f) =>
         let cogen yes = goto t  cogen no = goto f
         in code (fn (s as (a, (_, (x, _)))) => if a > x then yes s else no s) end
     | JgeX (t, f) =>
         let cogen yes = goto t  cogen no = goto f
         in code (fn (s as (a, (_, (x, _)))) => if a >= x then yes s else no s) end
     | JsetX (t, f) =>
         let cogen yes = goto t  cogen no = goto f
         in code (fn (s as (a, (_, (x, _)))) => if and32 (a, x) <> 0 then yes s else no s) end
     | RetK k => let cogen k0 = lift k in code (fn (_ : late) => k0) end
     | RetA => code (fn (a, _) : late => a)
     | Tax => let cogen go = goto (pc + 1) in code (fn (a, (p, (_, q))) => go (a, (p, (a, q)))) end
     | Txa => let cogen go = goto (pc + 1) in code (fn (_, r as (_, (x, _))) => go (x, r)) end

(* specialise prog: the filter as a function of (captured bytes, wirelen).
   The code of one path through the filter is straight-line: the first time
   an instruction is reached (`goto`), its code is spliced in. A jump target
   reached again (tcpdump's filters are DAGs) is specialised once more, into
   a function (Shared f) that is lifted into the code as a constant and
   called from every later place; its own successors have been reached
   before, so they are shared too. Every instruction is generated at most
   twice, and a return (a constant's worth of code) once per edge: the code
   stays linear in the filter's size. *)
datatype visit = Unvisited | Visited | Shared of late -> int

(* what specialise needs to know of an instruction: goto first reduces the
   instruction to its role, so that its own code is not copied into each
   of the 46 arms of a `case` on the instruction with a default arm *)
datatype role = Return | UsesScratch | Other

fun specialise prog =
    let (* whether a reached instruction uses the scratch memory: if none
           does, no array is made per packet. Found while specialising (the
           unreached instructions never run), not by another walk over the
           filter. *)
        val scratch = ref false
        val visits = Array.array (Array.length prog, Unvisited)
        fun goto t =
            case (case Array.sub (prog, t) of
                      RetK _ => Return
                    | RetA => Return
                    | LdMem _ => UsesScratch
                    | LdxMem _ => UsesScratch
                    | St _ => UsesScratch
                    | Stx _ => UsesScratch
                    | _ => Other) of
                Return => bevalpf (prog, goto, t)
              | r =>
                  case Array.sub (visits, t) of
                      Unvisited =>
                        (Array.update (visits, t, Visited);
                         case r of UsesScratch => scratch := true | _ => ();
                         bevalpf (prog, goto, t))
                    | Visited =>
                        let val f = eval (bevalpf (prog, goto, t))
                        in Array.update (visits, t, Shared f); lift f end
                    | Shared f => lift f
        val start = eval (goto 0)
        (* filters without scratch memory share one (unused) array instead of making one per packet *)
        val noScratch = Array.array (0, 0)
    in if !scratch
       then fn (p, wirelen) => start (0, (p, (0, (wirelen, Array.array (16, 0))))) handle Subscript => 0 | Div => 0
       else fn (p, wirelen) => start (0, (p, (0, (wirelen, noScratch)))) handle Subscript => 0 | Div => 0
    end

(* the interpreter with the same interface as a specialised filter *)
fun interpret prog = fn (p, wirelen) => evalpf (prog, p, wirelen)
