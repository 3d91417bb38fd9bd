/* vm.c — the CCAM interpreter loop (paper §5, Figure 3; ccam/instructions.py).
 *
 * Registers (locals of run_loop, saved into the machine by SAVE_STATE):
 *   pc    the current instruction: a pointer into blk's words (blocks that
 *         run are sealed, so their words never move)
 *   blk   the block pc points into (a GC root through m->blk)
 *   top   the top of the value stack: the paper's current environment /
 *         accumulator e of `e :: S`
 *   sp    the first free slot of the value stack vs[] holding S (below top);
 *         the stack is never empty, top always exists
 *   csp   frames on the control stack cs[]: continuations (blk, pc) and try
 *         frames, which also carry the handler; hp names the innermost try
 *   red   reductions so far (genred: those of the code-building
 *         instructions); every instruction starts with COUNT(cost), and
 *         when red passes trip it leaves through the safe point (reduction
 *         limit, interrupt polling, a pending collection) before running
 *
 * Each instruction's case carries its transition as a comment; composite
 * instructions enter sub-programs through ENTER, which pushes a
 * continuation only when the rest of the current block is not empty (tail
 * calls keep no frame).  Exceptions unwind through the try frames on the
 * control stack (unwind), never through C: nothing here longjmps.
 *
 * The counting, stack-depth and error rules are the reference machine's
 * (ccam/refmachine.py docstring): an instruction stopped by an error is not
 * counted; one raising an ML exception is; REDUCTION_LIMIT stops before an
 * instruction whose cost would exceed the limit; depth = values + frames.
 *
 * Superinstructions: the loop is dispatch-bound, so sealing a block
 * (ccamV_fuse) gives the first instruction of each frequent adjacent pair
 * (push; acc n, swap; acc n, cons; prim p, ... : OPF_* below, picked from
 * the instruction pairs evalpf and the specialised packet filter run most)
 * and of some longer sequences (cons; prim p; branch, and those MLton's
 * benchmarks run most) a fused opcode whose handler runs them in one
 * dispatch.  Its fast path runs only when no instruction of it can
 * fail, raise, allocate through the slow path or reach a safe point
 * (FUSED_FITS), and counts them all; otherwise it jumps to the first
 * instruction's plain handler and the next, whose words are untouched,
 * runs as usual.  So every limit, error, exception
 * and debug mode behaves exactly as unfused.  `cons; prim p` on a binary
 * primitive computes p on the two values without building the pair.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "ccam_int.h"

#if defined(__GNUC__) && !defined(CCAM_SWITCH_DISPATCH)
#define CCAM_COMPUTED_GOTO 1
#else
#define CCAM_COMPUTED_GOTO 0
#endif

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

#define POLL_INTERVAL 65536  /* reductions between two interrupt polls */

int ccam_computed_goto(void) { return CCAM_COMPUTED_GOTO; }

const char *ccamV_kind_name(value v) {
    if (v == V_NONE) return "nothing";
    if (IS_INT(v)) return "int";
    if (v == V_UNIT) return "()";
    if (v == V_BOTTOM) return "⊥";
    if (IS_CON0(v)) return "constructor";
    switch (KIND(v)) {
    case CCAM_K_CON: return "constructor";
    case CCAM_K_PAIR: return "pair";
    case CCAM_K_STRING: return "string";
    case CCAM_K_CLOSURE: return "closure";
    case CCAM_K_BLOCK: return "code block";
    case CCAM_K_REF: return "ref";
    case CCAM_K_ARRAY: return "array";
    case CCAM_K_VECTOR: return "vector";
    case CCAM_K_EXNNAME: return "exception name";
    case CCAM_K_EXN: return "exception value";
    default: return "?";
    }
}

/* ------------------------------------------------------------------ stacks */

/* The stacks together take at most the bytes of the heap limit, or of the
   default heap limit if that is more (STACKS_MAX_BYTES): with max_stack
   raised past what memory holds (--max-stack 2^62) a runaway recursion took
   all of the host's memory.  The default stack limit stays reachable under
   any heap limit (16M entries are at most 768 MB of frames), so this binds
   only a max_stack raised past it.  How many entries of `size` bytes a
   stack may hold beside `other` bytes of the other one. */
#define STACKS_MAX_BYTES(m) ((uint64_t)((m)->max_heap > CCAM_DEFAULT_MAX_HEAP ? (m)->max_heap : CCAM_DEFAULT_MAX_HEAP))
static size_t stack_entries_within_heap(const ccam_machine *m, size_t size, size_t other) {
    uint64_t limit = STACKS_MAX_BYTES(m);
    return other < limit ? (size_t)((limit - other) / size) : 0;
}

/* Grow the value stack (called when it is full).  The depth rule is checked
   by the instructions themselves; this only finds the memory (m->oom 3:
   the stacks would pass STACKS_MAX_BYTES). */
static int grow_values(ccam_machine *m) {
    size_t cap = m->vs_cap ? m->vs_cap * 2 : 1024;
    size_t within = stack_entries_within_heap(m, sizeof(value), m->cs_cap * sizeof(frame));
    if (cap > within) cap = within;
    if (cap <= m->vs_cap) {
        m->oom = 3;
        return -1;
    }
    value *vs = ccamH_raw_realloc(m, m->vs, cap * sizeof(value));
    if (!vs) return -1;
    m->vs = vs;
    m->vs_cap = cap;
    return 0;
}

static int grow_frames(ccam_machine *m) {
    size_t cap = m->cs_cap ? m->cs_cap * 2 : 256;
    size_t within = stack_entries_within_heap(m, sizeof(frame), m->vs_cap * sizeof(value));
    if (cap > within) cap = within;
    if (cap <= m->cs_cap) {
        m->oom = 3;
        return -1;
    }
    frame *cs = ccamH_raw_realloc(m, m->cs, cap * sizeof(frame));
    if (!cs) return -1;
    m->cs = cs;
    m->cs_cap = cap;
    return 0;
}

/* ------------------------------------------------------------------ code emission */

/* Append one instruction (opcode + operand words) to an unsealed block,
   keeping a spare word for the seal. 0, or a status.  words[first_value ..
   n) are values or blocks: the block may be old, so each goes through the
   write barrier (the words before are opcodes and numbers, which must not,
   an even number would look like a pointer). */
static int append(ccam_machine *m, block *b, const uint64_t *words, uint32_t n, uint32_t first_value) {
    int r = ccamH_block_reserve(m, b, n + 1);
    if (r == -2) { ccam_set_message(m, "code block too large"); return CCAM_STATUS_HEAP_LIMIT; }
    if (r) {
        ccam_set_oom_message(m);
        return CCAM_STATUS_HEAP_LIMIT;
    }
    memcpy(b->code + b->len, words, n * sizeof(uint64_t));
    for (uint32_t i = first_value; i < n; i++) ccamH_barrier(m, &b->h, words[i]);
    b->len += n;
    b->ninstr++;
    m->emitted++;
    return 0;
}

/* ------------------------------------------------------------------ primitives on two arguments */

/* The binary primitives with a fast path: pure, they read their two
   arguments and keep neither, so `cons; prim p` may run them on the two
   values without building the pair (the superinstruction CONS_PRIM). */
#define BINARY_FAST_PRIMS                                                                      \
    case CCAM_PRIM_ADD: case CCAM_PRIM_SUB: case CCAM_PRIM_MUL:                                \
    case CCAM_PRIM_LT: case CCAM_PRIM_LE: case CCAM_PRIM_GT: case CCAM_PRIM_GE:                \
    case CCAM_PRIM_EQ: case CCAM_PRIM_NE:                                                      \
    case CCAM_PRIM_WADD: case CCAM_PRIM_WSUB: case CCAM_PRIM_WMUL:                             \
    case CCAM_PRIM_WANDB: case CCAM_PRIM_WORB: case CCAM_PRIM_WXORB:                           \
    case CCAM_PRIM_WLT: case CCAM_PRIM_WLE: case CCAM_PRIM_WGT: case CCAM_PRIM_WGE:            \
    case CCAM_PRIM_SSUB: case CCAM_PRIM_ASUB: case CCAM_PRIM_VSUB:

/* p (x, y) when both are well-formed and nothing is raised: 1 and *out,
   else 0 (a wrong shape, overflow, a bad index: prims.c answers those).
   Always inlined: each call site gets its own copy of the switch, and a
   primitive costs no call and return (4% of evalpf's instructions). */
static inline __attribute__((always_inline)) int binary_prim_fast(uint64_t p, value x, value y, value *out) {
    int64_t a, b, r;
    switch (p) {
    case CCAM_PRIM_ADD: case CCAM_PRIM_SUB: case CCAM_PRIM_MUL:
    case CCAM_PRIM_LT: case CCAM_PRIM_LE: case CCAM_PRIM_GT: case CCAM_PRIM_GE:
    case CCAM_PRIM_WADD: case CCAM_PRIM_WSUB: case CCAM_PRIM_WMUL:
    case CCAM_PRIM_WANDB: case CCAM_PRIM_WORB: case CCAM_PRIM_WXORB:
    case CCAM_PRIM_WLT: case CCAM_PRIM_WLE: case CCAM_PRIM_WGT: case CCAM_PRIM_WGE:
        if (!IS_INT(x) || !IS_INT(y)) return 0;
        a = INT_OF(x); b = INT_OF(y);
        switch (p) {
        case CCAM_PRIM_ADD: r = a + b; if (!INT_FITS(r)) return 0; *out = MK_INT(r); return 1;
        case CCAM_PRIM_SUB: r = a - b; if (!INT_FITS(r)) return 0; *out = MK_INT(r); return 1;
        case CCAM_PRIM_MUL:
            if (__builtin_mul_overflow(a, b, &r) || !INT_FITS(r)) return 0;
            *out = MK_INT(r);
            return 1;
        case CCAM_PRIM_LT: *out = MK_BOOL(a < b); return 1;
        case CCAM_PRIM_LE: *out = MK_BOOL(a <= b); return 1;
        case CCAM_PRIM_GT: *out = MK_BOOL(a > b); return 1;
        case CCAM_PRIM_GE: *out = MK_BOOL(a >= b); return 1;
        /* words are the same 63 bits read unsigned: MK_INT keeps the
           low 63 bits of its argument, i.e. arithmetic mod 2^63 */
        case CCAM_PRIM_WADD: *out = MK_INT((uint64_t)a + (uint64_t)b); return 1;
        case CCAM_PRIM_WSUB: *out = MK_INT((uint64_t)a - (uint64_t)b); return 1;
        case CCAM_PRIM_WMUL: *out = MK_INT((uint64_t)a * (uint64_t)b); return 1;
        case CCAM_PRIM_WANDB: *out = MK_INT(a & b); return 1;
        case CCAM_PRIM_WORB: *out = MK_INT(a | b); return 1;
        case CCAM_PRIM_WXORB: *out = MK_INT(a ^ b); return 1;
        case CCAM_PRIM_WLT: *out = MK_BOOL(((uint64_t)a & WORD_MASK) < ((uint64_t)b & WORD_MASK)); return 1;
        case CCAM_PRIM_WLE: *out = MK_BOOL(((uint64_t)a & WORD_MASK) <= ((uint64_t)b & WORD_MASK)); return 1;
        case CCAM_PRIM_WGT: *out = MK_BOOL(((uint64_t)a & WORD_MASK) > ((uint64_t)b & WORD_MASK)); return 1;
        default: *out = MK_BOOL(((uint64_t)a & WORD_MASK) >= ((uint64_t)b & WORD_MASK)); return 1;
        }
    case CCAM_PRIM_EQ: case CCAM_PRIM_NE:
        /* two immediates (ints, chars, words, nullary constructors,
           (), ⊥) are structurally equal exactly when their words are */
        if (IS_PTR(x) || IS_PTR(y) || x == V_NONE || y == V_NONE) return 0;
        *out = MK_BOOL((x == y) == (p == CCAM_PRIM_EQ));
        return 1;
    case CCAM_PRIM_SSUB:
        if (!IS_KIND(x, CCAM_K_STRING) || !IS_INT(y)) return 0;
        a = INT_OF(y);
        if (a < 0 || (uint64_t)a >= STR(x)->len) return 0;
        *out = MK_INT(STR(x)->data[a]);
        return 1;
    case CCAM_PRIM_ASUB: case CCAM_PRIM_VSUB:
        if (!IS_KIND(x, p == CCAM_PRIM_ASUB ? CCAM_K_ARRAY : CCAM_K_VECTOR) || !IS_INT(y)) return 0;
        a = INT_OF(y);
        if (a < 0 || (uint64_t)a >= ARR(x)->len) return 0;
        *out = ARR(x)->items[a];
        return 1;
    default:
        return 0;
    }
}

static int binary_prim_has_fast_path(uint64_t p) {
    switch (p) {
    BINARY_FAST_PRIMS
        return 1;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------------ superinstructions */

/* The fused opcodes (ccam_int.h OP_FUSED): each stands for its plain first
   instruction followed by fixed others, whose words stay in place. */
#define OPF_PUSH_ACC   OP_FUSED(64, CCAM_OP_PUSH)   /* push; acc n */
#define OPF_PUSH_PUSH  OP_FUSED(65, CCAM_OP_PUSH)   /* push; push */
#define OPF_PUSH_QUOTE OP_FUSED(66, CCAM_OP_PUSH)   /* push; 'c */
#define OPF_SWAP_ACC   OP_FUSED(67, CCAM_OP_SWAP)   /* swap; acc n */
#define OPF_SWAP_PUSH  OP_FUSED(68, CCAM_OP_SWAP)   /* swap; push */
#define OPF_ACC_FST    OP_FUSED(69, CCAM_OP_ACC)    /* acc n; fst */
#define OPF_ACC_SND    OP_FUSED(70, CCAM_OP_ACC)    /* acc n; snd */
#define OPF_FST_SWAP   OP_FUSED(71, CCAM_OP_FST)    /* fst; swap */
#define OPF_SND_FST    OP_FUSED(72, CCAM_OP_SND)    /* snd; fst */
#define OPF_QUOTE_CONS OP_FUSED(73, CCAM_OP_QUOTE)  /* 'c; cons */
#define OPF_CONS_PRIM  OP_FUSED(74, CCAM_OP_CONS)   /* cons; prim p, p with a binary fast path */
#define OPF_CONS_CONS  OP_FUSED(75, CCAM_OP_CONS)   /* cons; cons */
#define OPF_CONS_APP   OP_FUSED(76, CCAM_OP_CONS)   /* cons; app */
#define OPF_CONS_PUSH  OP_FUSED(77, CCAM_OP_CONS)   /* cons; push */
#define OPF_ACC_ARG    OP_FUSED(78, CCAM_OP_ACC)    /* acc n; arg */
#define OPF_SND_SND    OP_FUSED(79, CCAM_OP_SND)    /* snd; snd */
#define OPF_SND_CONS   OP_FUSED(80, CCAM_OP_SND)    /* snd; cons */
#define OPF_CONS_PRIM_BRANCH OP_FUSED(81, CCAM_OP_CONS)  /* cons; prim p; branch: a comparison and its test */
/* Longer sequences (nine triples, a quadruple, and one pair, the last),
   picked from the pairs MLton's mpuz, logic and count-graphs run most
   after the pairs above were fused (a fetch and its projection, a call on
   a built tuple, an operation with a constant): */
#define OPF_PUSH_ACC_FST   OP_FUSED(82, CCAM_OP_PUSH)  /* push; acc n; fst */
#define OPF_PUSH_ACC_SND   OP_FUSED(83, CCAM_OP_PUSH)  /* push; acc n; snd */
#define OPF_SWAP_ACC_FST   OP_FUSED(84, CCAM_OP_SWAP)  /* swap; acc n; fst */
#define OPF_SWAP_ACC_SND   OP_FUSED(85, CCAM_OP_SWAP)  /* swap; acc n; snd */
#define OPF_SWAP_ACC_ARG   OP_FUSED(86, CCAM_OP_SWAP)  /* swap; acc n; arg */
#define OPF_CONS_CONS_APP  OP_FUSED(87, CCAM_OP_CONS)  /* cons; cons; app: a call on a built tuple */
#define OPF_PUSH_QUOTE_PRIM OP_FUSED(88, CCAM_OP_PUSH) /* push; 'c; cons; prim p, p with a binary fast path */
#define OPF_SWAP_PUSH_ACC  OP_FUSED(89, CCAM_OP_SWAP)  /* swap; push; acc n */
#define OPF_PUSH_PUSH_ACC  OP_FUSED(90, CCAM_OP_PUSH)  /* push; push; acc n */
#define OPF_PUSH_ACC_SWITCH OP_FUSED(91, CCAM_OP_PUSH) /* push; acc n; switch: a case on a variable */
#define OPF_PUSH_GETGLOBAL OP_FUSED(92, CCAM_OP_PUSH)  /* push; getglobal n */

/* Does code[at] start `cons; prim p`, p with a binary fast path?  (In a
   sealed block a cons is followed by at least the end word.) */
static int heads_cons_prim(const uint64_t *code, uint32_t at) {
    return ccam_plain_op(code[at]) == CCAM_OP_CONS && ccam_plain_op(code[at + 1]) == CCAM_OP_PRIM &&
           binary_prim_has_fast_path(code[at + 2]);
}

/* The opcode word for the instruction at code[pc] followed by the one at
   code[next] in a sealed block: a fused opcode when the pair has one, else
   the plain opcode. */
static uint64_t fused_word(const uint64_t *code, uint32_t pc, uint32_t next) {
    uint64_t first = ccam_plain_op(code[pc]), second = ccam_plain_op(code[next]);
    /* a pair ending in the cons of `cons; prim p` would run that cons
       plain: leave the cons to its prim, which then builds no pair */
    if (heads_cons_prim(code, next)) return first;
    /* the instruction after an acc n or a cons (at least the end word) */
    uint64_t after_acc = second == CCAM_OP_ACC ? ccam_plain_op(code[next + 2]) : 0;
    switch (first) {
    case CCAM_OP_PUSH:
        if (second == CCAM_OP_ACC) {
            if (after_acc == CCAM_OP_FST) return OPF_PUSH_ACC_FST;
            if (after_acc == CCAM_OP_SND) return OPF_PUSH_ACC_SND;
            if (after_acc == CCAM_OP_SWITCH) return OPF_PUSH_ACC_SWITCH;
            return OPF_PUSH_ACC;
        }
        if (second == CCAM_OP_PUSH) return ccam_plain_op(code[next + 1]) == CCAM_OP_ACC ? OPF_PUSH_PUSH_ACC : OPF_PUSH_PUSH;
        if (second == CCAM_OP_GETGLOBAL) return OPF_PUSH_GETGLOBAL;
        if (second == CCAM_OP_QUOTE) return heads_cons_prim(code, next + 2) ? OPF_PUSH_QUOTE_PRIM : OPF_PUSH_QUOTE;
        break;
    case CCAM_OP_SWAP:
        if (second == CCAM_OP_ACC) {
            if (after_acc == CCAM_OP_FST) return OPF_SWAP_ACC_FST;
            if (after_acc == CCAM_OP_SND) return OPF_SWAP_ACC_SND;
            if (after_acc == CCAM_OP_ARG) return OPF_SWAP_ACC_ARG;
            return OPF_SWAP_ACC;
        }
        if (second == CCAM_OP_PUSH) return ccam_plain_op(code[next + 1]) == CCAM_OP_ACC ? OPF_SWAP_PUSH_ACC : OPF_SWAP_PUSH;
        break;
    case CCAM_OP_ACC:
        if (second == CCAM_OP_FST) return OPF_ACC_FST;
        if (second == CCAM_OP_SND) return OPF_ACC_SND;
        if (second == CCAM_OP_ARG) return OPF_ACC_ARG;
        break;
    case CCAM_OP_FST:
        if (second == CCAM_OP_SWAP) return OPF_FST_SWAP;
        break;
    case CCAM_OP_SND:
        if (second == CCAM_OP_FST) return OPF_SND_FST;
        if (second == CCAM_OP_SND) return OPF_SND_SND;
        if (second == CCAM_OP_CONS) return OPF_SND_CONS;
        break;
    case CCAM_OP_QUOTE:
        if (second == CCAM_OP_CONS) return OPF_QUOTE_CONS;
        break;
    case CCAM_OP_CONS:
        if (second == CCAM_OP_PRIM && binary_prim_has_fast_path(code[next + 1]))
            return ccam_plain_op(code[next + 2]) == CCAM_OP_BRANCH ? OPF_CONS_PRIM_BRANCH : OPF_CONS_PRIM;
        if (second == CCAM_OP_CONS)
            return ccam_plain_op(code[next + 1]) == CCAM_OP_APP ? OPF_CONS_CONS_APP : OPF_CONS_CONS;
        if (second == CCAM_OP_APP) return OPF_CONS_APP;
        if (second == CCAM_OP_PUSH) return OPF_CONS_PUSH;
        break;
    default:
        break;
    }
    return first;
}

/* Pick the superinstructions of a block being sealed: every instruction
   gets the opcode word for itself and its successor.  Pairs may overlap: a
   fused handler that runs both instructions goes on after the second, one
   that falls back to its first goes on at the second, fused or not.  Only
   sealed blocks hold fused words (the choice looks past the pair, at words
   an unsealed block may still append): see ccamV_unfuse. */
void ccamV_fuse(block *b) {
    uint32_t pc = 0;
    while (pc < b->len) {
        uint32_t next = pc + ccamH_op_width(b->code, pc);
        if (next < b->len) b->code[pc] = fused_word(b->code, pc, next);
        pc = next;
    }
}

/* Back to the plain opcodes, for a sealed block the host unseals. */
void ccamV_unfuse(block *b) {
    for (uint32_t pc = 0; pc < b->len; pc += ccamH_op_width(b->code, pc)) b->code[pc] = ccam_plain_op(b->code[pc]);
}

/* The heap checker: is the fused word at code[pc] of a sealed block the
   one ccamV_fuse picks? */
int ccamV_fused_word_ok(const uint64_t *code, uint32_t pc, uint32_t len) {
    uint32_t next = pc + ccamH_op_width(code, pc);
    return next < len && fused_word(code, pc, next) == code[pc];
}

/* n small cells can be allocated without the slow path (which may fail
   or ask for a collection: a fused handler leaves that to the plain ones). */
static inline int cells_at_hand(ccam_machine *m, int n) {
    obj *o = m->alloc_cell;  /* free if unmarked; then the next cell exists (at worst the sentinel) */
    return m->small_budget >= n && !o->mark && (n == 1 || !((obj *)((char *)o + SMALL_CELL))->mark);
}

/* acc n on v: 1 and *out, or 0 where acc n would fail. */
static inline int acc_fast(value v, uint64_t n, value *out) {
    for (; n > 0; n--) {
        if (!IS_KIND(v, CCAM_K_PAIR)) return 0;
        v = PAIR(v)->a;
    }
    if (!IS_KIND(v, CCAM_K_PAIR)) return 0;
    *out = PAIR(v)->b;
    return 1;
}

/* ------------------------------------------------------------------ the loop */

/* The dispatch loop is written once; vmdispatch/vmcase/vmbreak compile to
   computed goto (GCC, Clang) or to a switch (-DCCAM_SWITCH_DISPATCH). */
#if CCAM_COMPUTED_GOTO
/* the mask keeps even a corrupt word inside the table (unused slots go to L_default) */
#define vmdispatch(o) goto *dispatch_table[(o) & (OP_NCODES - 1)];
#define vmcase(l) L_##l:
#define vmdefault L_default:
#define vmbreak do { op = *pc; goto *dispatch_table[op & (OP_NCODES - 1)]; } while (0)
#else
#define vmdispatch(o) switch (o)
#define vmcase(l) case l:
#define vmdefault default:
#define vmbreak goto dispatch
#endif

/* Count the current instruction (docs/ccam.md: 1, acc n: n + 1) and leave
   through the safe point when the count passes trip. */
#define COUNT(c)                                                              \
    do {                                                                      \
        red += (c);                                                           \
        if (UNLIKELY(red > trip)) goto safepoint;                             \
    } while (0)

/* The cost of the current instruction (pc still points at it). */
#define CUR_COST() (ccam_plain_op(*pc) == CCAM_OP_ACC ? (int64_t)pc[1] + 1 : 1)

/* SAVE_STATE: write the registers back before anything that may look at
   the machine as a whole — a collection (roots), an error exit (the state
   stays inspectable), a helper that allocates or reports (prims).
   LOAD_STATE re-reads them, e.g. after the stacks were reallocated. */
#define SAVE_STATE()                          \
    do {                                      \
        m->pc = pc; m->blk = blk; m->top = top; \
        m->sp = (size_t)(sp - vs); m->csp = csp; \
        m->reductions = red; \
        m->fused_dispatches += fused; fused = 0; \
    } while (0)
#define LOAD_STATE()                          \
    do {                                      \
        pc = m->pc; blk = m->blk; top = m->top; \
        vs = m->vs; sp = vs + m->sp; csp = m->csp; \
    } while (0)

/* Stop with an error status: the failing instruction is not counted. */
#define FAIL(st, ...)                                 \
    do {                                              \
        red -= CUR_COST();  /* a failing instruction is not counted */ \
        SAVE_STATE();                                 \
        ccam_set_message(m, __VA_ARGS__);             \
        m->status = (st);                             \
        return (st);                                  \
    } while (0)
#define TYPE_ERROR(what, expected, found) \
    FAIL(CCAM_STATUS_TYPE, "%s: expected %s, found %s", what, expected, ccamV_kind_name(found))
/* An allocation met the heap limit while live_bytes may count dead old
   objects (a minor collection ran since the last major): instead of
   failing, collect in full at the safe point and run the instruction
   again.  Safe because every instruction allocates before it changes any
   register, stack or object (sealing a block twice is sealing it once);
   the retry cannot repeat, the major makes live_bytes exact. */
#define RETRY_IF_LIMIT_SPURIOUS(st)                                           \
    do {                                                                      \
        if ((st) == CCAM_STATUS_HEAP_LIMIT && ccamH_retry_after_major(m)) {   \
            m->status = CCAM_STATUS_OK;  /* unwind may have set them */     \
            m->message[0] = 0;                                                \
            goto safepoint;                                                   \
        }                                                                     \
    } while (0)
#define OUT_OF_MEMORY()                                                       \
    do {                                                                      \
        RETRY_IF_LIMIT_SPURIOUS(CCAM_STATUS_HEAP_LIMIT);                      \
        ccam_set_oom_message(m);                                             \
        FAIL(CCAM_STATUS_HEAP_LIMIT, "%s", m->message);  /* (formatted apart first) */ \
    } while (0)

/* After an allocation: make the next instruction go through the safe point
   if the heap asked for a collection. */
#define ALLOCATED() do { if (UNLIKELY(m->gc_pending)) trip = 0; } while (0)

/* A fused handler's fast path runs both instructions only when their k
   reductions reach no safe point (limit, poll, pending or debug
   collection: each lowers trip), so the pair cannot be told from the two
   instructions; otherwise it runs its first instruction's plain handler. */
#define FUSED_FITS(k) LIKELY(red + (int64_t)(k) <= trip)
/* The fast path ran: count its k reductions, and it (ccam_fused_dispatches). */
#define FUSED_RAN(k) do { red += (k); fused++; } while (0)

/* Depth rule: values (sp below top, plus top) + frames must stay within max_stack. */
#define DEPTH() ((int64_t)(sp - vs) + 1 + (int64_t)csp)
#define CHECK_DEPTH(values, frames)                                           \
    do {                                                                      \
        if (UNLIKELY(DEPTH() + (values) + (frames) > m->max_stack))           \
            FAIL(CCAM_STATUS_STACK_LIMIT, "stack deeper than %lld", (long long)m->max_stack); \
    } while (0)

/* n more values fit the depth rule and the value stack's memory. */
#define PUSH_FITS(n) (DEPTH() + (n) <= m->max_stack && sp + (n) <= vs + m->vs_cap)

#define NEED_BELOW(name, n)                                                   \
    do {                                                                      \
        if (UNLIKELY(sp - vs < (n)))                                          \
            FAIL(CCAM_STATUS_UNDERFLOW, "%s: needs %d value(s) on the stack", name, (n) + 1); \
    } while (0)

#define PUSH_VALUE(v)                                                         \
    do {                                                                      \
        if (UNLIKELY(sp == vs + m->vs_cap)) {                                 \
            SAVE_STATE();                                                     \
            if (grow_values(m)) OUT_OF_MEMORY();                              \
            LOAD_STATE();                                                     \
        }                                                                     \
        *sp++ = (v);                                                          \
    } while (0)

/* Run `target` then the rest of the current sequence (which starts at
   `rest`): push a continuation only when the rest is not empty, so calls in
   tail position run in constant control stack. */
#define ENTER(target, rest)                                                   \
    do {                                                                      \
        uint64_t *rest_ = (rest);                                             \
        if (*rest_ != OP_RET) {                                               \
            CHECK_DEPTH(0, 1);                                                \
            if (UNLIKELY(csp == m->cs_cap)) {                                 \
                SAVE_STATE();                                                 \
                if (grow_frames(m)) OUT_OF_MEMORY();                          \
            }                                                                 \
            frame *f_ = &m->cs[csp++];                                        \
            f_->blk = blk; f_->pc = rest_; f_->handler = NULL; f_->env = V_NONE; \
        }                                                                     \
        blk = (target);                                                       \
        pc = blk->code;                                                       \
    } while (0)

/* The (e, {P}) on top for emit, lift and call. */
#define CODE_ENV(name, pairv, blockp)                                         \
    do {                                                                      \
        if (!IS_KIND(top, CCAM_K_PAIR)) TYPE_ERROR(name, "a pair", top);      \
        pairv = PAIR(top);                                                    \
        if (!IS_KIND(pairv->b, CCAM_K_BLOCK)) TYPE_ERROR(name, "(e, code block)", pairv->b); \
        blockp = BLOCK(pairv->b);                                             \
    } while (0)

static int run_loop(ccam_machine *m);

/* Run `code` on the stack [env] from a clean state. */
int ccamV_execute(ccam_machine *m, block *code, value env) {
    return ccamV_execute_stack(m, code, &env, 1);
}

/* Run `code` on the stack stack[0..n) (bottom first, n >= 1). */
int ccamV_execute_stack(ccam_machine *m, block *code, const value *stack, size_t n) {
    m->sp = 0;
    m->csp = 0;
    m->hp = 0;
    m->top = stack[n - 1];
    m->blk = code;
    m->pc = code->code;
    m->reductions = m->gen_reductions = m->emitted = 0;
    m->result = V_NONE;
    m->message[0] = 0;
    m->status = CCAM_STATUS_OK;
    m->oom = 0;
    m->out_errno = 0;
    while (m->vs_cap < n) {
        if (grow_values(m)) {
            ccam_set_oom_message(m);
            return m->status = CCAM_STATUS_HEAP_LIMIT;
        }
    }
    memcpy(m->vs, stack, (n - 1) * sizeof(value));
    m->sp = n - 1;
    /* (the interrupt flag is not cleared here: a stop requested before the
       run began — from another thread, or a Ctrl-C between two calls of a
       batch — is polled at the first instruction's safe point and stops it) */
    m->running = 1;
    int st = run_loop(m);
    m->running = 0;
    return st;
}

/* Transfer to the innermost handler with exception value x: cut the stacks
   back to where `try` was and run its P2 on (e, x) with try's continuation.
   Returns 0 when the handler runs (state saved), or a final status. */
static int unwind(ccam_machine *m, value x) {
    if (m->hp == 0) {
        m->result = x;
        value name = EXNNAME(PAIR(x)->a)->name;
        ccam_set_message(m, "uncaught exception %.*s", (int)STR(name)->len, (const char *)STR(name)->data);
        m->status = CCAM_STATUS_UNCAUGHT;
        return CCAM_STATUS_UNCAUGHT;
    }
    size_t at = m->hp - 1;
    frame f = m->cs[at];
    /* allocate before cutting the stacks: a failure leaves the machine as
       the raising instruction found it, so the loop may retry it */
    pair_obj *p = ccamH_pair(m, CCAM_K_PAIR, f.env, x);
    if (!p) {
        ccam_set_oom_message(m);
        return m->status = CCAM_STATUS_HEAP_LIMIT;
    }
    m->csp = at;
    m->hp = f.prev;
    m->sp = f.sp;
    m->top = VAL(p);
    if (*f.pc != OP_RET) {
        if ((int64_t)m->sp + 1 + (int64_t)m->csp + 1 > m->max_stack) {
            ccam_set_message(m, "stack deeper than %lld", (long long)m->max_stack);
            return m->status = CCAM_STATUS_STACK_LIMIT;
        }
        frame *c = &m->cs[m->csp++];  /* the try frame's slot is free again */
        c->blk = f.blk; c->pc = f.pc; c->handler = NULL; c->env = V_NONE;
    }
    m->blk = f.handler;
    m->pc = f.handler->code;
    return 0;
}

/* RAISE(x): the current instruction raised; it counts.  Continue in the
   handler or stop. */
#define RAISE(x)                                                              \
    do {                                                                      \
        value x_ = (x);                                                       \
        SAVE_STATE();                                                         \
        int st_ = unwind(m, x_);                                              \
        if (st_) {                                                            \
            RETRY_IF_LIMIT_SPURIOUS(st_);                                     \
            return st_;                                                       \
        }                                                                     \
        LOAD_STATE();                                                         \
        ALLOCATED();                                                          \
        goto dispatch;                                                        \
    } while (0)

/* no-gcse: GCC would otherwise merge the threaded dispatch jumps into one
   shared indirect jump (its documented advice for computed goto). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-gcse", "no-crossjumping", "no-tree-slp-vectorize")))
#endif
static int run_loop(ccam_machine *m) {
    uint64_t *pc = m->pc;
    block *blk = m->blk;
    value top = m->top;
    value *vs = m->vs;  /* the value stack's base (reloaded when it grows) */
    value *sp = vs + m->sp;
    size_t csp = m->csp;
    int64_t red = m->reductions;
    int64_t trip = 0;  /* the first instruction goes through the safe point */
    int64_t fused = 0;  /* fused fast paths run since the last SAVE_STATE */
    uint64_t op;

#if CCAM_COMPUTED_GOTO
    /* every slot defaults to L_default, then the real opcodes override it */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
    static void *const dispatch_table[OP_NCODES] = {
        [0 ... OP_NCODES - 1] = &&L_default,
        [CCAM_OP_ID] = &&L_CCAM_OP_ID, [CCAM_OP_FST] = &&L_CCAM_OP_FST, [CCAM_OP_SND] = &&L_CCAM_OP_SND,
        [CCAM_OP_PUSH] = &&L_CCAM_OP_PUSH, [CCAM_OP_SWAP] = &&L_CCAM_OP_SWAP, [CCAM_OP_CONS] = &&L_CCAM_OP_CONS,
        [CCAM_OP_APP] = &&L_CCAM_OP_APP, [CCAM_OP_QUOTE] = &&L_CCAM_OP_QUOTE, [CCAM_OP_CUR] = &&L_CCAM_OP_CUR,
        [CCAM_OP_ARENA] = &&L_CCAM_OP_ARENA, [CCAM_OP_EMIT] = &&L_CCAM_OP_EMIT, [CCAM_OP_LIFT] = &&L_CCAM_OP_LIFT,
        [CCAM_OP_MERGE] = &&L_CCAM_OP_MERGE, [CCAM_OP_CALL] = &&L_CCAM_OP_CALL, [CCAM_OP_ACC] = &&L_CCAM_OP_ACC,
        [CCAM_OP_DROP] = &&L_CCAM_OP_DROP, [CCAM_OP_BRANCH] = &&L_CCAM_OP_BRANCH,
        [CCAM_OP_SWITCH] = &&L_CCAM_OP_SWITCH, [CCAM_OP_PACK] = &&L_CCAM_OP_PACK, [CCAM_OP_ARG] = &&L_CCAM_OP_ARG,
        [CCAM_OP_REC] = &&L_CCAM_OP_REC, [CCAM_OP_UPDATE] = &&L_CCAM_OP_UPDATE, [CCAM_OP_PRIM] = &&L_CCAM_OP_PRIM,
        [CCAM_OP_RAISE] = &&L_CCAM_OP_RAISE, [CCAM_OP_TRY] = &&L_CCAM_OP_TRY, [CCAM_OP_NEWEXN] = &&L_CCAM_OP_NEWEXN,
        [CCAM_OP_MKEXN] = &&L_CCAM_OP_MKEXN, [CCAM_OP_MKEXNARG] = &&L_CCAM_OP_MKEXNARG,
        [CCAM_OP_EXNIS] = &&L_CCAM_OP_EXNIS, [CCAM_OP_GETGLOBAL] = &&L_CCAM_OP_GETGLOBAL,
        [CCAM_OP_SETGLOBAL] = &&L_CCAM_OP_SETGLOBAL, [CCAM_OP_MERGEBRANCH] = &&L_CCAM_OP_MERGEBRANCH,
        [CCAM_OP_MERGESWITCH] = &&L_CCAM_OP_MERGESWITCH, [CCAM_OP_MERGETRY] = &&L_CCAM_OP_MERGETRY,
        [OP_RET] = &&L_OP_RET,
#define FUSED_SLOT(f) [(f) & (OP_NCODES - 1)] = &&L_##f
        FUSED_SLOT(OPF_PUSH_ACC), FUSED_SLOT(OPF_PUSH_PUSH), FUSED_SLOT(OPF_PUSH_QUOTE),
        FUSED_SLOT(OPF_SWAP_ACC), FUSED_SLOT(OPF_SWAP_PUSH), FUSED_SLOT(OPF_ACC_FST), FUSED_SLOT(OPF_ACC_SND),
        FUSED_SLOT(OPF_FST_SWAP), FUSED_SLOT(OPF_SND_FST), FUSED_SLOT(OPF_QUOTE_CONS), FUSED_SLOT(OPF_CONS_PRIM),
        FUSED_SLOT(OPF_CONS_CONS), FUSED_SLOT(OPF_CONS_APP), FUSED_SLOT(OPF_CONS_PUSH), FUSED_SLOT(OPF_ACC_ARG),
        FUSED_SLOT(OPF_SND_SND), FUSED_SLOT(OPF_SND_CONS), FUSED_SLOT(OPF_CONS_PRIM_BRANCH),
        FUSED_SLOT(OPF_PUSH_ACC_FST), FUSED_SLOT(OPF_PUSH_ACC_SND), FUSED_SLOT(OPF_SWAP_ACC_FST),
        FUSED_SLOT(OPF_SWAP_ACC_SND), FUSED_SLOT(OPF_SWAP_ACC_ARG), FUSED_SLOT(OPF_CONS_CONS_APP),
        FUSED_SLOT(OPF_PUSH_QUOTE_PRIM), FUSED_SLOT(OPF_SWAP_PUSH_ACC), FUSED_SLOT(OPF_PUSH_PUSH_ACC),
        FUSED_SLOT(OPF_PUSH_ACC_SWITCH), FUSED_SLOT(OPF_PUSH_GETGLOBAL),
#undef FUSED_SLOT
    };
#pragma GCC diagnostic pop
#endif

dispatch:
    op = *pc;
    vmdispatch(op) {

    /* ---- the CAM (Figure 3, upper part) */

    vmcase(CCAM_OP_ID) {  /* S, id; P ⟹ S, P */
        COUNT(1);
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_FST) plain_fst: {  /* (e, f) :: S, fst; P ⟹ e :: S, P */
        COUNT(1);
        if (UNLIKELY(!IS_KIND(top, CCAM_K_PAIR))) TYPE_ERROR("fst", "a pair", top);
        top = PAIR(top)->a;
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_SND) plain_snd: {  /* (e, f) :: S, snd; P ⟹ f :: S, P */
        COUNT(1);
        if (UNLIKELY(!IS_KIND(top, CCAM_K_PAIR))) TYPE_ERROR("snd", "a pair", top);
        top = PAIR(top)->b;
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_PUSH) plain_push: {  /* e :: S, push; P ⟹ e :: e :: S, P */
        COUNT(1);
        CHECK_DEPTH(1, 0);
        PUSH_VALUE(top);
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_SWAP) plain_swap: {  /* e :: f :: S, swap; P ⟹ f :: e :: S, P */
        COUNT(1);
        NEED_BELOW("swap", 1);
        value t = sp[-1];
        sp[-1] = top;
        top = t;
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_CONS) plain_cons: {  /* e :: f :: S, cons; P ⟹ (f, e) :: S, P */
        COUNT(1);
        NEED_BELOW("cons", 1);
        pair_obj *p = ccamH_pair_fast(m, CCAM_K_PAIR, sp[-1], top);
        if (UNLIKELY(!p)) OUT_OF_MEMORY();
        ALLOCATED();
        sp--;
        top = VAL(p);
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_APP) {  /* ([e : P'], f) :: S, app; P ⟹ (e, f) :: S, P'; P */
        COUNT(1);
        if (UNLIKELY(!IS_KIND(top, CCAM_K_PAIR))) TYPE_ERROR("app", "a pair", top);
        value c = PAIR(top)->a;
        if (UNLIKELY(!IS_KIND(c, CCAM_K_CLOSURE))) TYPE_ERROR("app", "a closure", c);
        pair_obj *p = ccamH_pair_fast(m, CCAM_K_PAIR, CLOS(c)->env, PAIR(top)->b);
        if (UNLIKELY(!p)) OUT_OF_MEMORY();
        ALLOCATED();
        ENTER(CLOS(c)->code, pc + 1);
        top = VAL(p);
        vmbreak;
    }
    vmcase(CCAM_OP_QUOTE) plain_quote: {  /* e :: S, 'c; P ⟹ c :: S, P */
        COUNT(1);
        top = pc[1];
        pc += 2;
        vmbreak;
    }
    vmcase(CCAM_OP_CUR) {  /* e :: S, Cur(P'); P ⟹ [e : P'] :: S, P */
        COUNT(1);
        closure_obj *c = ccamH_alloc_small(m, CCAM_K_CLOSURE);
        if (UNLIKELY(!c)) OUT_OF_MEMORY();
        ALLOCATED();
        c->env = top;
        c->code = BLOCK(pc[1]);
        top = VAL(c);
        pc += 2;
        vmbreak;
    }

    /* ---- run-time code generation (Figure 3, lower part) */

    vmcase(CCAM_OP_ARENA) {  /* e :: S, arena; P ⟹ {·} :: S, P */
        COUNT(1);
        block *b = ccamH_block(m, OF_GENERATED);
        if (UNLIKELY(!b)) OUT_OF_MEMORY();
        ALLOCATED();
        top = VAL(b);
        m->gen_reductions++;
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_EMIT) {  /* (e, {P'}) :: S, emit(i); P ⟹ (e, {P'; i}) :: S, P */
        COUNT(1);
        pair_obj *pr;
        block *b;
        CODE_ENV("emit", pr, b);
        if (b->h.flags & OF_SEALED) FAIL(CCAM_STATUS_SEALED, "emit: the code block is sealed");
        const char *k = ccam_op_operands[pc[1]];
        uint64_t words[2] = { pc[1], pc[2] };
        /* an emitted instruction's operand is a constant or string value, or a number */
        int st = append(m, b, words, k[0] ? 2 : 1, k[0] == 'c' || k[0] == 's' ? 1 : 2);
        if (st) {
            RETRY_IF_LIMIT_SPURIOUS(st);
            FAIL(st, "%s", m->message);
        }
        ALLOCATED();
        m->gen_reductions++;
        pc += 3;
        vmbreak;
    }
    vmcase(CCAM_OP_LIFT) {  /* (e, {P'}) :: S, lift; P ⟹ (e, {P'; 'e}) :: S, P */
        COUNT(1);
        pair_obj *pr;
        block *b;
        CODE_ENV("lift", pr, b);
        if (b->h.flags & OF_SEALED) FAIL(CCAM_STATUS_SEALED, "lift: the code block is sealed");
        uint64_t words[2] = { CCAM_OP_QUOTE, pr->a };
        int st = append(m, b, words, 2, 1);
        if (st) {
            RETRY_IF_LIMIT_SPURIOUS(st);
            FAIL(st, "%s", m->message);
        }
        ALLOCATED();
        m->gen_reductions++;
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_MERGE) {  /* ({P'}, (e, {P''})) :: S, merge; P ⟹ (e, {P''; Cur(P')}) :: S, P */
        COUNT(1);
        if (!IS_KIND(top, CCAM_K_PAIR) || !IS_KIND(PAIR(top)->a, CCAM_K_BLOCK))
            TYPE_ERROR("merge", "(code block, ...)", IS_KIND(top, CCAM_K_PAIR) ? PAIR(top)->a : top);
        value target = PAIR(top)->b;
        if (!IS_KIND(target, CCAM_K_PAIR) || !IS_KIND(PAIR(target)->b, CCAM_K_BLOCK))
            TYPE_ERROR("merge", "(e, code block) under the merged blocks", target);
        block *sub = BLOCK(PAIR(top)->a), *b = BLOCK(PAIR(target)->b);
        if (ccamH_block_seal(m, sub)) OUT_OF_MEMORY();
        if (b->h.flags & OF_SEALED) FAIL(CCAM_STATUS_SEALED, "merge: the code block is sealed");
        uint64_t words[2] = { CCAM_OP_CUR, VAL(sub) };
        int st = append(m, b, words, 2, 1);
        if (st) {
            RETRY_IF_LIMIT_SPURIOUS(st);
            FAIL(st, "%s", m->message);
        }
        ALLOCATED();
        top = target;
        m->gen_reductions++;
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_MERGEBRANCH)  /* ({P2}, ({P1}, (e, {P}))) :: S ⟹ (e, {P; branch(P1, P2)}) :: S */
    vmcase(CCAM_OP_MERGETRY)     /* ({P2}, ({P1}, (e, {P}))) :: S ⟹ (e, {P; try(P1, P2)}) :: S */
    vmcase(CCAM_OP_MERGESWITCH) {  /* ({Pn-1}, (...({P0}, (e, {P}))...)) :: S ⟹ (e, {P; switch(P0..Pn-1)}) :: S */
        COUNT(1);
        const char *name = ccam_op_names[op];
        uint64_t n = op == CCAM_OP_MERGESWITCH ? pc[1] : 2;
        value v = top;
        /* shape checks first (TYPE), without allocating */
        for (uint64_t i = 0; i < n; i++) {
            if (!IS_KIND(v, CCAM_K_PAIR)) TYPE_ERROR(name, "(code block, ...)", v);
            if (!IS_KIND(PAIR(v)->a, CCAM_K_BLOCK)) TYPE_ERROR(name, "(code block, ...)", PAIR(v)->a);
            v = PAIR(v)->b;
        }
        if (!IS_KIND(v, CCAM_K_PAIR) || !IS_KIND(PAIR(v)->b, CCAM_K_BLOCK))
            TYPE_ERROR(name, "(e, code block) under the merged blocks", v);
        value target = v;
        block *b = BLOCK(PAIR(target)->b);
        for (v = top; v != target; v = PAIR(v)->b)
            if (ccamH_block_seal(m, BLOCK(PAIR(v)->a))) OUT_OF_MEMORY();
        if (b->h.flags & OF_SEALED) FAIL(CCAM_STATUS_SEALED, "%s: the code block is sealed", name);
        int st;
        if (op == CCAM_OP_MERGESWITCH) {
            /* words: SWITCH n P0 .. Pn-1, the arms outermost-last on the stack */
            int r = ccamH_block_reserve(m, b, (uint32_t)(n + 3));
            if (r) {
                if (r == -2) FAIL(CCAM_STATUS_HEAP_LIMIT, "code block too large");
                RETRY_IF_LIMIT_SPURIOUS(CCAM_STATUS_HEAP_LIMIT);
                ccam_set_oom_message(m);
                FAIL(CCAM_STATUS_HEAP_LIMIT, "%s", m->message);
            }
            uint64_t *w = b->code + b->len;
            w[0] = CCAM_OP_SWITCH;
            w[1] = n;
            uint64_t i = n;
            for (v = top; v != target; v = PAIR(v)->b) {
                w[1 + i--] = PAIR(v)->a;
                ccamH_barrier(m, &b->h, PAIR(v)->a);
            }
            b->len += (uint32_t)(n + 2);
            b->ninstr++;
            m->emitted++;
            st = 0;
        } else {
            uint64_t words[3] = { op == CCAM_OP_MERGEBRANCH ? CCAM_OP_BRANCH : CCAM_OP_TRY,
                                  PAIR(PAIR(top)->b)->a, PAIR(top)->a };
            st = append(m, b, words, 3, 1);
        }
        if (st) {
            RETRY_IF_LIMIT_SPURIOUS(st);
            FAIL(st, "%s", m->message);
        }
        ALLOCATED();
        top = target;
        m->gen_reductions++;
        pc += op == CCAM_OP_MERGESWITCH ? 2 : 1;
        vmbreak;
    }
    vmcase(CCAM_OP_CALL) {  /* (e, {P'}) :: S, call; P ⟹ e :: S, P'; P  (the block is sealed) */
        COUNT(1);
        pair_obj *pr;
        block *b;
        CODE_ENV("call", pr, b);
        if (ccamH_block_seal(m, b)) OUT_OF_MEMORY();
        ENTER(b, pc + 1);
        top = pr->a;
        vmbreak;
    }

    /* ---- environments and stack discipline */

    vmcase(CCAM_OP_ACC) plain_acc: {  /* (...((e, vn), ...), v0) :: S, acc(n); P ⟹ vn :: S, P */
        COUNT((int64_t)pc[1] + 1);
        uint64_t n = pc[1];
        value v = top;
        for (uint64_t i = 0; i < n; i++) {
            if (UNLIKELY(!IS_KIND(v, CCAM_K_PAIR))) FAIL(CCAM_STATUS_TYPE, "acc %llu: expected an environment pair, found %s", (unsigned long long)n, ccamV_kind_name(v));
            v = PAIR(v)->a;
        }
        if (UNLIKELY(!IS_KIND(v, CCAM_K_PAIR))) FAIL(CCAM_STATUS_TYPE, "acc %llu: expected an environment pair, found %s", (unsigned long long)n, ccamV_kind_name(v));
        top = PAIR(v)->b;
        pc += 2;
        vmbreak;
    }
    vmcase(CCAM_OP_DROP) {  /* v :: e :: S, drop; P ⟹ e :: S, P */
        COUNT(1);
        NEED_BELOW("drop", 1);
        top = *--sp;
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_REC) {  /* e :: S, rec(n); P ⟹ ((...(e, ⊥), ...), ⊥) :: S, P */
        COUNT(1);
        uint64_t n = pc[1];
        value v = top;
        for (uint64_t i = 0; i < n; i++) {
            pair_obj *p = ccamH_pair(m, CCAM_K_PAIR, v, V_BOTTOM);
            if (UNLIKELY(!p)) OUT_OF_MEMORY();
            v = VAL(p);
        }
        ALLOCATED();
        top = v;
        pc += 2;
        vmbreak;
    }
    vmcase(CCAM_OP_UPDATE) {  /* c :: E :: S, update(k); P ⟹ E :: S, P  (slot k of E, a ⊥, becomes c) */
        COUNT(1);
        NEED_BELOW("update", 1);
        uint64_t k = pc[1];
        value slot = sp[-1];
        for (uint64_t i = 0; i < k; i++) {
            if (!IS_KIND(slot, CCAM_K_PAIR)) FAIL(CCAM_STATUS_TYPE, "update %llu: expected an environment pair, found %s", (unsigned long long)k, ccamV_kind_name(slot));
            slot = PAIR(slot)->a;
        }
        if (!IS_KIND(slot, CCAM_K_PAIR)) FAIL(CCAM_STATUS_TYPE, "update %llu: expected an environment pair, found %s", (unsigned long long)k, ccamV_kind_name(slot));
        if (PAIR(slot)->b != V_BOTTOM) FAIL(CCAM_STATUS_TYPE, "update %llu: the slot holds %s, not ⊥", (unsigned long long)k, ccamV_kind_name(PAIR(slot)->b));
        PAIR(slot)->b = top;
        ccamH_barrier(m, OBJ(slot), top);
        OBJ(slot)->flags |= OF_PATCHED;
        top = *--sp;
        pc += 2;
        vmbreak;
    }

    /* ---- conditionals and data */

    vmcase(CCAM_OP_BRANCH) {  /* C_1 :: e :: S, branch(P1, P2); P ⟹ e :: S, P1; P  (C_0: P2) */
        COUNT(1);
        NEED_BELOW("branch", 1);
        if (UNLIKELY(top != V_TRUE && top != V_FALSE)) TYPE_ERROR("branch", "a boolean", top);
        block *target = BLOCK(top == V_TRUE ? pc[1] : pc[2]);
        top = *--sp;
        ENTER(target, pc + 3);
        vmbreak;
    }
    vmcase(CCAM_OP_SWITCH) {  /* v :: e :: S, switch(P0..Pn-1); P ⟹ e :: S, Pk; P */
        COUNT(1);
        NEED_BELOW("switch", 1);
        uint64_t k;
        if (IS_CON0(top)) k = CON0_TAG(top);
        else if (IS_KIND(top, CCAM_K_CON)) k = OBJ(top)->aux;
        else TYPE_ERROR("switch", "a constructor", top);
        uint64_t n = pc[1];
        if (UNLIKELY(k >= n)) FAIL(CCAM_STATUS_SWITCH, "switch: no arm for tag %llu (of %llu)", (unsigned long long)k, (unsigned long long)n);
        top = *--sp;
        ENTER(BLOCK(pc[2 + k]), pc + 2 + n);
        vmbreak;
    }
    vmcase(CCAM_OP_PACK) {  /* v :: S, pack(k); P ⟹ C_k(v) :: S, P */
        COUNT(1);
        pair_obj *c = ccamH_pair_fast(m, CCAM_K_CON, top, V_NONE);
        if (UNLIKELY(!c)) OUT_OF_MEMORY();
        ALLOCATED();
        c->h.aux = (uint32_t)pc[1];
        top = VAL(c);
        pc += 2;
        vmbreak;
    }
    vmcase(CCAM_OP_ARG) {  /* C_k(v) :: S, arg; P ⟹ v :: S, P  and  X(v) :: S, arg; P ⟹ v :: S, P */
        COUNT(1);
        if (IS_KIND(top, CCAM_K_CON)) top = PAIR(top)->a;
        else if (IS_KIND(top, CCAM_K_EXN) && PAIR(top)->b != V_NONE) top = PAIR(top)->b;
        else TYPE_ERROR("arg", "a constructor or exception with an argument", top);
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_PRIM) {  /* v :: S, prim(p); P ⟹ p(v) :: S, P */
        COUNT(1);
        /* Fast paths for the common primitives on well-formed arguments;
           everything else (a wrong shape, every raise, overflow) goes to
           prims.c, which gives the reference machine's answer. */
        {
            value v = top, r;
            switch (pc[1]) {
            BINARY_FAST_PRIMS
                if (!IS_KIND(v, CCAM_K_PAIR) || !binary_prim_fast(pc[1], PAIR(v)->a, PAIR(v)->b, &r)) goto prim_slow;
                top = r;
                break;
            case CCAM_PRIM_SIZE:
                if (!IS_KIND(v, CCAM_K_STRING)) goto prim_slow;
                top = MK_INT((int64_t)STR(v)->len);
                break;
            case CCAM_PRIM_ALENGTH:
                if (!IS_KIND(v, CCAM_K_ARRAY)) goto prim_slow;
                top = MK_INT((int64_t)ARR(v)->len);
                break;
            case CCAM_PRIM_VLENGTH:
                if (!IS_KIND(v, CCAM_K_VECTOR)) goto prim_slow;
                top = MK_INT((int64_t)ARR(v)->len);
                break;
            case CCAM_PRIM_WFROMINT: case CCAM_PRIM_WTOINTX:
                if (!IS_INT(v)) goto prim_slow;
                break;  /* the same 63 bits */
            case CCAM_PRIM_WTOINT:
                if (!IS_INT(v) || INT_OF(v) < 0) goto prim_slow;
                break;
            case CCAM_PRIM_DEREF:
                if (!IS_KIND(v, CCAM_K_REF)) goto prim_slow;
                top = PAIR(v)->a;
                break;
            default:
                goto prim_slow;
            }
            pc += 2;
            vmbreak;
        }
    prim_slow:;
        value res, exn_arg;
        int st = ccamP_prim(m, (int)pc[1], top, &res, &exn_arg);
        if (LIKELY(st == 0)) {
            ALLOCATED();
            top = res;
            pc += 2;
            vmbreak;
        }
        if (st == PRIM_RAISE) {
            pair_obj *x = ccamH_pair(m, CCAM_K_EXN, m->builtin_exn[res], exn_arg);
            if (!x) OUT_OF_MEMORY();
            RAISE(VAL(x));
        }
        RETRY_IF_LIMIT_SPURIOUS(st);
        FAIL(st, "%s", m->message);
    }

    /* ---- exceptions */

    vmcase(CCAM_OP_RAISE) {  /* X(v) :: S, raise; P ⟹ unwind to the innermost handler */
        COUNT(1);
        if (!IS_KIND(top, CCAM_K_EXN)) TYPE_ERROR("raise", "an exception value", top);
        RAISE(top);
    }
    vmcase(CCAM_OP_TRY) {  /* e :: S, try(P1, P2); P ⟹ e :: S, P1; P with a handler; on x: (e, x) :: S, P2; P */
        COUNT(1);
        CHECK_DEPTH(0, 1);
        if (UNLIKELY(csp == m->cs_cap)) {
            SAVE_STATE();
            if (grow_frames(m)) OUT_OF_MEMORY();
        }
        frame *f = &m->cs[csp];
        f->blk = blk;
        f->pc = pc + 3;
        f->handler = BLOCK(pc[2]);
        f->env = top;
        f->sp = (size_t)(sp - vs);
        f->prev = m->hp;
        m->hp = ++csp;
        blk = BLOCK(pc[1]);
        pc = blk->code;
        vmbreak;
    }
    vmcase(CCAM_OP_NEWEXN) {  /* e :: S, newexn(s); P ⟹ X :: S, P  (X fresh) */
        COUNT(1);
        value x = ccamH_exnname(m, pc[1]);
        if (!x) OUT_OF_MEMORY();
        ALLOCATED();
        top = x;
        pc += 2;
        vmbreak;
    }
    vmcase(CCAM_OP_MKEXN) {  /* X :: S, mkexn; P ⟹ X() :: S, P */
        COUNT(1);
        if (!IS_KIND(top, CCAM_K_EXNNAME)) TYPE_ERROR("mkexn", "an exception name", top);
        pair_obj *x = ccamH_pair(m, CCAM_K_EXN, top, V_NONE);
        if (!x) OUT_OF_MEMORY();
        ALLOCATED();
        top = VAL(x);
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_MKEXNARG) {  /* (X, v) :: S, mkexnarg; P ⟹ X(v) :: S, P */
        COUNT(1);
        if (!IS_KIND(top, CCAM_K_PAIR)) TYPE_ERROR("mkexnarg", "a pair", top);
        if (!IS_KIND(PAIR(top)->a, CCAM_K_EXNNAME)) TYPE_ERROR("mkexnarg", "an exception name", PAIR(top)->a);
        pair_obj *x = ccamH_pair(m, CCAM_K_EXN, PAIR(top)->a, PAIR(top)->b);
        if (!x) OUT_OF_MEMORY();
        ALLOCATED();
        top = VAL(x);
        pc += 1;
        vmbreak;
    }
    vmcase(CCAM_OP_EXNIS) {  /* (x, Y) :: S, exnis; P ⟹ b :: S, P */
        COUNT(1);
        if (!IS_KIND(top, CCAM_K_PAIR)) TYPE_ERROR("exnis", "a pair", top);
        value x = PAIR(top)->a, y = PAIR(top)->b;
        if (!IS_KIND(x, CCAM_K_EXN)) TYPE_ERROR("exnis", "an exception value", x);
        if (!IS_KIND(y, CCAM_K_EXNNAME)) TYPE_ERROR("exnis", "an exception name", y);
        top = MK_BOOL(PAIR(x)->a == y);
        pc += 1;
        vmbreak;
    }

    /* ---- globals */

    vmcase(CCAM_OP_GETGLOBAL) {  /* e :: S, getglobal(n); P ⟹ g[n] :: S, P */
        COUNT(1);
        uint64_t n = pc[1];
        if (n >= (uint64_t)m->nglobals) FAIL(CCAM_STATUS_GLOBAL, "getglobal %llu: there are only %lld globals", (unsigned long long)n, (long long)m->nglobals);
        if (m->globals[n] == V_NONE) FAIL(CCAM_STATUS_GLOBAL, "getglobal %llu: the global is not set", (unsigned long long)n);
        top = m->globals[n];
        pc += 2;
        vmbreak;
    }
    vmcase(CCAM_OP_SETGLOBAL) {  /* v :: S, setglobal(n); P ⟹ v :: S, P  (g[n] := v) */
        COUNT(1);
        uint64_t n = pc[1];
        if (n >= (uint64_t)m->nglobals) FAIL(CCAM_STATUS_GLOBAL, "setglobal %llu: there are only %lld globals", (unsigned long long)n, (long long)m->nglobals);
        m->globals[n] = top;
        pc += 2;
        vmbreak;
    }

    /* ---- superinstructions: the fast path of both instructions, else the first's plain handler */

    vmcase(OPF_PUSH_ACC) {  /* push; acc(n): e :: S ⟹ vn :: e :: S */
        uint64_t n = pc[2];
        value v;
        if (FUSED_FITS(n + 2) && PUSH_FITS(1) && acc_fast(top, n, &v)) {
            FUSED_RAN((int64_t)n + 2);
            *sp++ = top;
            top = v;
            pc += 3;
            vmbreak;
        }
        goto plain_push;
    }
    vmcase(OPF_PUSH_PUSH) {  /* push; push: e :: S ⟹ e :: e :: e :: S */
        if (FUSED_FITS(2) && PUSH_FITS(2)) {
            FUSED_RAN(2);
            sp[0] = sp[1] = top;
            sp += 2;
            pc += 2;
            vmbreak;
        }
        goto plain_push;
    }
    vmcase(OPF_PUSH_QUOTE) {  /* push; 'c: e :: S ⟹ c :: e :: S */
        if (FUSED_FITS(2) && PUSH_FITS(1)) {
            FUSED_RAN(2);
            *sp++ = top;
            top = pc[2];
            pc += 3;
            vmbreak;
        }
        goto plain_push;
    }
    vmcase(OPF_SWAP_ACC) {  /* swap; acc(n): e :: f :: S ⟹ acc_n(f) :: e :: S */
        uint64_t n = pc[2];
        value v;
        if (FUSED_FITS(n + 2) && sp > vs && acc_fast(sp[-1], n, &v)) {
            FUSED_RAN((int64_t)n + 2);
            sp[-1] = top;
            top = v;
            pc += 3;
            vmbreak;
        }
        goto plain_swap;
    }
    vmcase(OPF_SWAP_PUSH) {  /* swap; push: e :: f :: S ⟹ f :: f :: e :: S */
        if (FUSED_FITS(2) && sp > vs && PUSH_FITS(1)) {
            FUSED_RAN(2);
            value f = sp[-1];
            sp[-1] = top;
            *sp++ = f;
            top = f;
            pc += 2;
            vmbreak;
        }
        goto plain_swap;
    }
    vmcase(OPF_ACC_FST) {  /* acc(n); fst: e :: S ⟹ fst(acc_n(e)) :: S */
        uint64_t n = pc[1];
        value v;
        if (FUSED_FITS(n + 2) && acc_fast(top, n, &v) && IS_KIND(v, CCAM_K_PAIR)) {
            FUSED_RAN((int64_t)n + 2);
            top = PAIR(v)->a;
            pc += 3;
            vmbreak;
        }
        goto plain_acc;
    }
    vmcase(OPF_ACC_SND) {  /* acc(n); snd: e :: S ⟹ snd(acc_n(e)) :: S */
        uint64_t n = pc[1];
        value v;
        if (FUSED_FITS(n + 2) && acc_fast(top, n, &v) && IS_KIND(v, CCAM_K_PAIR)) {
            FUSED_RAN((int64_t)n + 2);
            top = PAIR(v)->b;
            pc += 3;
            vmbreak;
        }
        goto plain_acc;
    }
    vmcase(OPF_FST_SWAP) {  /* fst; swap: (e, f) :: g :: S ⟹ g :: e :: S */
        if (FUSED_FITS(2) && IS_KIND(top, CCAM_K_PAIR) && sp > vs) {
            FUSED_RAN(2);
            value e = PAIR(top)->a;
            top = sp[-1];
            sp[-1] = e;
            pc += 2;
            vmbreak;
        }
        goto plain_fst;
    }
    vmcase(OPF_SND_FST) {  /* snd; fst: (e, (f, g)) :: S ⟹ f :: S */
        if (FUSED_FITS(2) && IS_KIND(top, CCAM_K_PAIR) && IS_KIND(PAIR(top)->b, CCAM_K_PAIR)) {
            FUSED_RAN(2);
            top = PAIR(PAIR(top)->b)->a;
            pc += 2;
            vmbreak;
        }
        goto plain_snd;
    }
    vmcase(OPF_QUOTE_CONS) {  /* 'c; cons: e :: f :: S ⟹ (f, c) :: S */
        if (FUSED_FITS(2) && sp > vs && cells_at_hand(m, 1)) {
            FUSED_RAN(2);
            pair_obj *p = ccamH_pair_fast(m, CCAM_K_PAIR, *--sp, pc[1]);
            top = VAL(p);
            pc += 3;
            vmbreak;
        }
        goto plain_quote;
    }
    vmcase(OPF_CONS_PRIM) {  /* cons; prim(p): e :: f :: S ⟹ p(f, e) :: S, the pair never built */
        value r;
        if (FUSED_FITS(2) && sp > vs && binary_prim_fast(pc[2], sp[-1], top, &r)) {
            FUSED_RAN(2);
            sp--;
            top = r;
            pc += 3;
            vmbreak;
        }
        goto plain_cons;
    }

    vmcase(OPF_CONS_PRIM_BRANCH) {  /* cons; prim(p); branch(P1, P2): e :: f :: g :: S ⟹ g :: S, P1 or P2 as p(f, e) */
        value r;
        /* branch's frame: room for it at the depth after the three */
        if (FUSED_FITS(3) && sp - vs >= 2 && binary_prim_fast(pc[2], sp[-1], top, &r) &&
            (r == V_TRUE || r == V_FALSE) && (pc[6] == OP_RET || (DEPTH() - 1 <= m->max_stack && csp < m->cs_cap))) {
            FUSED_RAN(3);
            top = sp[-2];
            sp -= 2;
            ENTER(BLOCK(r == V_TRUE ? pc[4] : pc[5]), pc + 6);
            vmbreak;
        }
        goto plain_cons;
    }
    vmcase(OPF_CONS_CONS) {  /* cons; cons: e :: f :: g :: S ⟹ (g, (f, e)) :: S */
        if (FUSED_FITS(2) && sp - vs >= 2 && cells_at_hand(m, 2)) {
            FUSED_RAN(2);
            pair_obj *inner = ccamH_pair_fast(m, CCAM_K_PAIR, sp[-1], top);
            pair_obj *outer = ccamH_pair_fast(m, CCAM_K_PAIR, sp[-2], VAL(inner));
            sp -= 2;
            top = VAL(outer);
            pc += 2;
            vmbreak;
        }
        goto plain_cons;
    }
    vmcase(OPF_CONS_APP) {  /* cons; app: e :: [e' : P'] :: S ⟹ (e', e) :: S, P'; P  (the pair ([e' : P'], e) never built) */
        /* the frame app pushes: room for it at the depth after cons */
        if (FUSED_FITS(2) && sp > vs && IS_KIND(sp[-1], CCAM_K_CLOSURE) && cells_at_hand(m, 1) &&
            (pc[2] == OP_RET || (DEPTH() <= m->max_stack && csp < m->cs_cap))) {
            FUSED_RAN(2);
            closure_obj *c = CLOS(sp[-1]);
            pair_obj *p = ccamH_pair_fast(m, CCAM_K_PAIR, c->env, top);
            sp--;
            ENTER(c->code, pc + 2);
            top = VAL(p);
            vmbreak;
        }
        goto plain_cons;
    }
    vmcase(OPF_CONS_PUSH) {  /* cons; push: e :: f :: S ⟹ (f, e) :: (f, e) :: S */
        /* push at the depth after cons (a host may start a run deeper than the limit) */
        if (FUSED_FITS(2) && sp > vs && DEPTH() <= m->max_stack && cells_at_hand(m, 1)) {
            FUSED_RAN(2);
            pair_obj *p = ccamH_pair_fast(m, CCAM_K_PAIR, sp[-1], top);
            top = sp[-1] = VAL(p);
            pc += 2;
            vmbreak;
        }
        goto plain_cons;
    }
    vmcase(OPF_ACC_ARG) {  /* acc(n); arg: e :: S ⟹ v :: S  where acc_n(e) = C_k(v) */
        uint64_t n = pc[1];
        value v;
        if (FUSED_FITS(n + 2) && acc_fast(top, n, &v) && IS_KIND(v, CCAM_K_CON)) {
            FUSED_RAN((int64_t)n + 2);
            top = PAIR(v)->a;
            pc += 3;
            vmbreak;
        }
        goto plain_acc;
    }
    vmcase(OPF_SND_SND) {  /* snd; snd: (e, (f, g)) :: S ⟹ g :: S */
        if (FUSED_FITS(2) && IS_KIND(top, CCAM_K_PAIR) && IS_KIND(PAIR(top)->b, CCAM_K_PAIR)) {
            FUSED_RAN(2);
            top = PAIR(PAIR(top)->b)->b;
            pc += 2;
            vmbreak;
        }
        goto plain_snd;
    }
    vmcase(OPF_SND_CONS) {  /* snd; cons: (e, f) :: g :: S ⟹ (g, f) :: S */
        if (FUSED_FITS(2) && IS_KIND(top, CCAM_K_PAIR) && sp > vs && cells_at_hand(m, 1)) {
            FUSED_RAN(2);
            pair_obj *p = ccamH_pair_fast(m, CCAM_K_PAIR, *--sp, PAIR(top)->b);
            top = VAL(p);
            pc += 2;
            vmbreak;
        }
        goto plain_snd;
    }

    /* push; acc(n); fst or snd: e :: S ⟹ fst/snd(acc_n(e)) :: e :: S */
#define PUSH_ACC_THEN(field)                                                  \
    do {                                                                      \
        uint64_t n = pc[2];                                                   \
        value v;                                                              \
        if (FUSED_FITS(n + 3) && PUSH_FITS(1) && acc_fast(top, n, &v) && IS_KIND(v, CCAM_K_PAIR)) { \
            FUSED_RAN((int64_t)n + 3);                                        \
            *sp++ = top;                                                      \
            top = PAIR(v)->field;                                             \
            pc += 4;                                                          \
            vmbreak;                                                          \
        }                                                                     \
        goto plain_push;                                                      \
    } while (0)
    vmcase(OPF_PUSH_ACC_FST) PUSH_ACC_THEN(a);
    vmcase(OPF_PUSH_ACC_SND) PUSH_ACC_THEN(b);
#undef PUSH_ACC_THEN
    /* swap; acc(n); fst, snd or arg: e :: f :: S ⟹ fst/snd/arg(acc_n(f)) :: e :: S
       (arg's fast path: a constructor, whose argument is its a) */
#define SWAP_ACC_THEN(kind, field)                                            \
    do {                                                                      \
        uint64_t n = pc[2];                                                   \
        value v;                                                              \
        if (FUSED_FITS(n + 3) && sp > vs && acc_fast(sp[-1], n, &v) && IS_KIND(v, kind)) { \
            FUSED_RAN((int64_t)n + 3);                                        \
            sp[-1] = top;                                                     \
            top = PAIR(v)->field;                                             \
            pc += 4;                                                          \
            vmbreak;                                                          \
        }                                                                     \
        goto plain_swap;                                                      \
    } while (0)
    vmcase(OPF_SWAP_ACC_FST) SWAP_ACC_THEN(CCAM_K_PAIR, a);
    vmcase(OPF_SWAP_ACC_SND) SWAP_ACC_THEN(CCAM_K_PAIR, b);
    vmcase(OPF_SWAP_ACC_ARG) SWAP_ACC_THEN(CCAM_K_CON, a);
#undef SWAP_ACC_THEN
    vmcase(OPF_CONS_CONS_APP) {  /* cons; cons; app: e :: f :: [e' : P'] :: S ⟹ (e', (f, e)) :: S, P'; P */
        /* the outer pair ([e' : P'], (f, e)) is never built; app's frame:
           room for it at the depth after the two conses */
        if (FUSED_FITS(3) && sp - vs >= 2 && IS_KIND(sp[-2], CCAM_K_CLOSURE) && cells_at_hand(m, 2) &&
            (pc[3] == OP_RET || (DEPTH() - 1 <= m->max_stack && csp < m->cs_cap))) {
            FUSED_RAN(3);
            closure_obj *c = CLOS(sp[-2]);
            pair_obj *arg = ccamH_pair_fast(m, CCAM_K_PAIR, sp[-1], top);
            pair_obj *p = ccamH_pair_fast(m, CCAM_K_PAIR, c->env, VAL(arg));
            sp -= 2;
            ENTER(c->code, pc + 3);
            top = VAL(p);
            vmbreak;
        }
        goto plain_cons;
    }
    vmcase(OPF_PUSH_QUOTE_PRIM) {  /* push; 'c; cons; prim(p): e :: S ⟹ p(e, c) :: S, neither copy nor pair made */
        value r;
        if (FUSED_FITS(4) && DEPTH() + 1 <= m->max_stack && binary_prim_fast(pc[5], top, pc[2], &r)) {
            FUSED_RAN(4);
            top = r;
            pc += 6;
            vmbreak;
        }
        goto plain_push;
    }

    vmcase(OPF_SWAP_PUSH_ACC) {  /* swap; push; acc(n): e :: f :: S ⟹ acc_n(f) :: f :: e :: S */
        uint64_t n = pc[3];
        value v;
        if (FUSED_FITS(n + 3) && sp > vs && PUSH_FITS(1) && acc_fast(sp[-1], n, &v)) {
            FUSED_RAN((int64_t)n + 3);
            value f = sp[-1];
            sp[-1] = top;
            *sp++ = f;
            top = v;
            pc += 4;
            vmbreak;
        }
        goto plain_swap;
    }
    vmcase(OPF_PUSH_PUSH_ACC) {  /* push; push; acc(n): e :: S ⟹ acc_n(e) :: e :: e :: S */
        uint64_t n = pc[3];
        value v;
        if (FUSED_FITS(n + 3) && PUSH_FITS(2) && acc_fast(top, n, &v)) {
            FUSED_RAN((int64_t)n + 3);
            sp[0] = sp[1] = top;
            sp += 2;
            top = v;
            pc += 4;
            vmbreak;
        }
        goto plain_push;
    }
    vmcase(OPF_PUSH_ACC_SWITCH) {  /* push; acc(n); switch(P0..Pa-1): e :: S ⟹ e :: S, Pk; P  where acc_n(e) = C_k or C_k(v) */
        /* words: push, acc n, switch a P0 .. Pa-1; the rest at pc + 5 + a.
           The value acc fetches is never pushed; push's room (PUSH_FITS)
           is also the room for switch's frame, so only the frames' memory
           is left to look at */
        uint64_t n = pc[2], arms = pc[4], k = 0;
        value v;
        if (FUSED_FITS(n + 3) && PUSH_FITS(1) && acc_fast(top, n, &v) &&
            (IS_CON0(v) ? (k = CON0_TAG(v), 1) : IS_KIND(v, CCAM_K_CON) ? (k = OBJ(v)->aux, 1) : 0) && k < arms &&
            (pc[5 + arms] == OP_RET || csp < m->cs_cap)) {
            FUSED_RAN((int64_t)n + 3);
            ENTER(BLOCK(pc[5 + k]), pc + 5 + arms);
            vmbreak;
        }
        goto plain_push;
    }
    vmcase(OPF_PUSH_GETGLOBAL) {  /* push; getglobal(n): e :: S ⟹ g[n] :: e :: S */
        uint64_t n = pc[2];
        if (FUSED_FITS(2) && PUSH_FITS(1) && n < (uint64_t)m->nglobals && m->globals[n] != V_NONE) {
            FUSED_RAN(2);
            *sp++ = top;
            top = m->globals[n];
            pc += 3;
            vmbreak;
        }
        goto plain_push;
    }

    /* ---- end of a sub-program: not a transition */

    vmcase(OP_RET) {
        if (csp == 0) {
            SAVE_STATE();
            m->result = top;
            m->status = CCAM_STATUS_OK;
            return CCAM_STATUS_OK;
        }
        frame *f = &m->cs[--csp];
        if (f->handler) m->hp = f->prev;  /* a try frame ends its handler's extent */
        blk = f->blk;
        pc = f->pc;
        vmbreak;
    }

    vmdefault {
        SAVE_STATE();
        ccam_set_message(m, "internal error: bad opcode %llu", (unsigned long long)op);
        return m->status = CCAM_STATUS_TYPE;
    }
    }

safepoint:
    /* The current instruction has been counted (cost) but not run: every
       register is saved, no instruction is half done.  Here the rare cases
       are handled — reduction limit, interrupt polling, a pending (or the
       debug mode's every-instruction) collection — then the instruction is
       dispatched again with the count taken back and trip moved past it. */
    int64_t cost = CUR_COST();
    if (m->max_reductions >= 0 && red > m->max_reductions) {
        red -= cost;
        SAVE_STATE();
        ccam_set_message(m, "more than %lld reduction%s", (long long)m->max_reductions,
                         m->max_reductions == 1 ? "" : "s");
        return m->status = CCAM_STATUS_REDUCTION_LIMIT;
    }
    red -= cost;
    SAVE_STATE();
    if (ccam_take_interrupt(m)) {
        ccam_set_message(m, "interrupted");
        return m->status = CCAM_STATUS_INTERRUPTED;
    }
    if (ccam_deadline_passed(m)) {
        ccam_set_message(m, CCAM_DEADLINE_MESSAGE);
        return m->status = CCAM_STATUS_INTERRUPTED;
    }
    int debug_collect = (m->debug & CCAM_DEBUG_COLLECT_ALWAYS) != 0;
    if (!debug_collect && (m->debug & CCAM_DEBUG_COLLECT_SOMETIMES) && --m->debug_countdown <= 0) {
        debug_collect = 1;
        m->debug_countdown = 1 + (m->debug_tick++ * 7) % 17;  /* 1, 8, 15, 5, 12, 2, ... */
    }
    /* the debug modes test minor and major collections both, whatever the
       policy (which on small test heaps would ask for no major at all) */
    if (debug_collect && ++m->debug_collections % 5 == 0) m->major_next = 1;
    if (m->gc_pending || debug_collect) {
        char why[256];
        if ((m->debug & CCAM_DEBUG_HEAP_CHECK) && ccamH_check(m, why, sizeof why)) {
            ccam_set_message(m, "heap check failed before collection: %s", why);
            return m->status = CCAM_STATUS_HEAP_LIMIT;
        }
        ccamH_collect(m);
        if ((m->debug & CCAM_DEBUG_HEAP_CHECK) && ccamH_check(m, why, sizeof why)) {
            ccam_set_message(m, "heap check failed after collection: %s", why);
            return m->status = CCAM_STATUS_HEAP_LIMIT;
        }
        if (m->live_bytes > ccamH_limit(m)) {
            ccam_set_heap_limit_message(m);
            return m->status = CCAM_STATUS_HEAP_LIMIT;
        }
    }
    if (m->debug & (CCAM_DEBUG_COLLECT_ALWAYS | CCAM_DEBUG_COLLECT_SOMETIMES)) {
        trip = red + cost;  /* exactly this instruction passes; the next one stops here again */
    } else {
        trip = red + cost + POLL_INTERVAL;
        if (m->max_reductions >= 0 && trip > m->max_reductions) trip = m->max_reductions;
    }
    goto dispatch;
}

/* Apply a closure to an argument: the program `app` on ([e : P], arg), which
   counts the app. */
int ccamV_apply(ccam_machine *m, value closure, value arg) {
    pair_obj *p = ccamH_pair(m, CCAM_K_PAIR, closure, arg);
    if (!p) {
        /* the retry's collection runs here, outside a run: root both */
        m->top = arg;
        m->result = closure;
        if (ccamH_retry_after_major(m)) p = ccamH_pair(m, CCAM_K_PAIR, closure, arg);
    }
    if (!p) {
        ccam_set_oom_message(m);
        return m->status = CCAM_STATUS_HEAP_LIMIT;
    }
    return ccamV_execute(m, m->call_block, VAL(p));
}

void ccam_set_oom_message(ccam_machine *m) {
    if (m->oom == 2)
        ccam_set_heap_limit_message(m);
    else if (m->oom == 3)
        ccam_set_message(m, "the machine's stacks would take more than %llu bytes (room for %zu values and %zu "
                         "frames; they may take the heap limit's bytes, or the default's if more)",
                         (unsigned long long)STACKS_MAX_BYTES(m), m->vs_cap, m->cs_cap);
    else
        ccam_set_message(m, "out of memory");
}

/* The heap limit met by the live heap, with the kept output named when
   there is any, as it shares the limit (ccamH_limit). */
void ccam_set_heap_limit_message(ccam_machine *m) {
    if (m->out_len)
        ccam_set_message(m, "heap limit exceeded (%lld bytes live and %zu bytes of kept output, limit %lld)",
                         (long long)m->live_bytes, m->out_len, (long long)m->max_heap);
    else
        ccam_set_message(m, "heap limit exceeded (%lld bytes live, limit %lld)", (long long)m->live_bytes,
                         (long long)m->max_heap);
}

void ccam_set_message(ccam_machine *m, const char *fmt, ...) {
    char buf[sizeof m->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    memcpy(m->message, buf, sizeof buf);
}
