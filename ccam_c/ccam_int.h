/* ccam_int.h — values, heap objects, code and machine state of the C CCAM.
 *
 * Modules and prefixes:  heap.c  ccamH_  allocation, garbage collector, heap checker
 *                        load.c  ccamL_  bytecode verifier + decoder
 *                        vm.c    ccamV_  the interpreter loop
 *                        prims.c ccamP_  primitives, structural equality
 *                        api.c   ccam_   the public interface (ccam.h), handles
 *
 * ---- Values (a 64-bit word, `value`) -------------------------------------
 *
 *   ....1   int: the 63-bit two's complement n is stored as n << 1 | 1, so
 *           every int of ML□'s range [-2^62, 2^62) is an immediate and
 *           nothing else is (chars and words are ints too).
 *   ...00   pointer to a heap object (8-aligned, never 0).
 *   ...10   other immediates: bits 2-3 say which
 *             0  ()            the word 0x2
 *             1  C_k           nullary constructor, k = v >> 4
 *             2  ⊥             the placeholder of `rec`
 *   0       "no value": an unset global or an absent exception argument.
 *           Never on the stack.
 *
 * ---- Heap objects --------------------------------------------------------
 *
 * Every object starts with `obj` (8 bytes): its kind (CCAM_K_*), the mark
 * bit, flags and the constructor tag.  Objects of at most SMALL_CELL bytes
 * (pairs, constructors, closures, refs, exception names and values, short
 * strings) are cells of CHUNK_BYTES chunks, with no per-object link and no
 * free list.  Larger objects (strings, arrays, code blocks) are malloc'd
 * with a `large` prefix that links them into the large-object list and
 * records the bytes they are charged, so the sweep never recomputes sizes.
 * Dead large objects of at most 512 bytes (a per-step scratch array) are
 * not freed but kept, within the bytes kept in free cells, for the next
 * allocation of their 16-byte size class (heap.c large_malloc): no malloc
 * and free per object.  A kept object is out of the heap's counts; taking
 * it back is an allocation the debug failing allocator counts like a malloc.
 *
 * ---- Cells: an allocation cursor, no sweep --------------------------------
 *
 * Right after a collection every live cell is marked (old, see
 * "Generations"), so every unmarked cell is free: the cells are never
 * swept.  An allocation cursor (alloc_chunk, alloc_cell) walks the chunks
 * in order and takes every unmarked cell it meets, skipping marked ones; a
 * collection rewinds it to the first chunk.  So between collections a cell
 * is an object if and only if it is marked or the cursor has passed it
 * (heap.c cell_is_object, which the heap walks use: a dead cell keeps its
 * old header).  The last cell of every chunk is a sentinel (K_FREE, always
 * marked, never an object): the cursor stops there as at an old cell, so
 * the fast path (ccamH_alloc_small) tests one mark byte and small_budget
 * (the cells that may be allocated before the accounting must be looked at:
 * the collection threshold or the heap limit).  A run of old cells at the
 * cursor is skipped without the accounting while budget is left
 * (ccamH_alloc_small_skipping: after a minor collection the cursor meets
 * one at nearly every survivor); the slow path skips chunks known to be
 * full of old cells, and adds chunks.  Marking
 * counts the cells it marks, which gives the live cells without a walk.
 * Surplus empty chunks go back to malloc after a collection that leaves
 * more free cells than it keeps (at least as many bytes as are live), which
 * takes one pass over the cells (cells_swept counts such walks).  The counters
 * heap_bytes, total_allocated and nobjects lag behind by small_allocs cells
 * until ccamH_sync folds them in (every slow path, collection and API getter
 * does).
 *
 * ---- Code ----------------------------------------------------------------
 *
 * A code block (`block`) is a growable array of 64-bit words: an opcode word
 * then its operands (see op_width in heap.c): nat/prim → the number, const →
 * a value, prog → a block pointer, progs → n then n block pointers, instr →
 * the inner opcode and one operand word (0 if none), str → a string value.
 * The static program is decoded into blocks too, one per sub-program, so a
 * code reference is always a block and a sub-program always runs from word
 * 0.  Sealing a block appends OP_RET, the "end of sub-program" word, so the
 * loop never tests for the end; a sealed block never changes again, which
 * is why the control stack may hold raw pointers into its words.
 *
 * ---- The garbage collector (heap.c) --------------------------------------
 *
 * Precise, non-moving mark & sweep with an explicit mark stack (no C
 * recursion; on mark stack overflow the marker rescans the heap for grey
 * objects).  The mark stack holds pointers not yet examined; they reach the
 * marker through a small FIFO that prefetches each object as it enters, so
 * the cache misses of a large live heap overlap (heap.c `drain`).  The next
 * collection is due once the heap has grown by the live bytes, or by up to
 * twice them while the live data is growing (heap.c `next_growth`), capped
 * by max_heap.  gc_nanoseconds sums the wall time of every collection.
 * Roots: the value stack and the top register, the control stack (code
 * blocks, handler blocks, saved environments), globals, the pin table of
 * host handles, the main block, the current block.
 *
 * ---- Generations: sticky mark bits (Demers et al. 1990) ------------------
 *
 * Nothing moves (the machine and the API hold raw pointers), so the
 * generation of an object is its mark bit, which a minor collection never
 * clears: an object that survived a collection stays marked, "old"; one
 * allocated since the last collection is unmarked, "young".
 *   - A minor collection (the common one) marks from the roots and the
 *     remembered set only; the marker never enters a marked (old) object,
 *     so the old data is not walked again, and only unmarked (young) cells
 *     become free.  A chunk the allocation cursor walked from start to end
 *     without a free cell holds only old cells, and keeps holding only old
 *     cells until a major collection: the cursor skips it (chunk_full).
 *   - A major collection clears every mark, empties the remembered set,
 *     then marks (and sweeps large objects) as a full collection: the only one that frees
 *     old objects.  It runs when the old data has grown by what was live
 *     after the previous major (at least MIN_GC_THRESHOLD; heap.c
 *     `major_due`), when the remembered set could not grow, when a minor
 *     leaves more than max_heap counted live, for ccam_collect (the host's
 *     "collect now", so its figures are exact), after a run stopped at the
 *     heap limit, and before any allocation is refused at the limit (below).
 *     The debug collecting modes make every fifth collection major.
 *   - The write barrier (ccamH_barrier, inline, below): after a store of a
 *     value into an object that already existed before the current safe
 *     point, an old object that now points to a young one is added, once
 *     (flag OF_REMEMBERED), to the remembered set, which the next minor
 *     collection scans as roots and then empties (everything it marks is
 *     old afterwards).  Remembering the object rather than un-marking it:
 *     an un-marked old object would be freed by the minor unless something
 *     young still pointed to it, and its old referrers are not rescanned.
 *     THE MUTATION POINTS, every store of a value into an existing object:
 *       vm.c    CCAM_OP_UPDATE   the ⊥ slot of a rec environment (recursive closures)
 *       vm.c    append()         emit, lift, merge, mergebranch, mergetry: operand
 *                                words appended to a code block being generated
 *       vm.c    CCAM_OP_MERGESWITCH  the arms written into the block directly
 *       prims.c CCAM_PRIM_ASSIGN   r := v
 *       prims.c CCAM_PRIM_AUPDATE  Array.update
 *     Not mutation points (checked): every other store initialises an object
 *     allocated in the same instruction or API call, before any safe point,
 *     so the object is young (CUR, PACK, REC, exception values, strings,
 *     arrays filled by ARRAY/AFROMLIST, vectors, ccam_build and ccam_mk_*,
 *     the loader's blocks, even when ccam_extend loads into a used heap);
 *     sealing a block writes OP_RET, not a value; globals, pins, frames,
 *     the stacks and the registers are roots, scanned by every collection.
 *   - The limit: live_bytes after a minor counts the old objects that died
 *     since the last major (live_inexact).  An allocation that meets
 *     max_heap then is not refused: the loop redoes the instruction after a
 *     major collection at its safe point (vm.c RETRY_IF_LIMIT_SPURIOUS;
 *     every instruction allocates before it changes any state).  So a run
 *     fails at the limit by the rule it did without generations: when the
 *     bytes live at the last collection (then a major one: no dead object
 *     counts) plus the new object do not fit.  (When collections come
 *     differs: thresholds follow live_bytes, dead old objects included.)
 *     The API builds host values outside a run, with no safe point until
 *     a value is whole, so there every byte allocated counts against
 *     max_heap (heap.c headroom); met at the limit, it collects in full
 *     and builds again before it refuses the value, whatever the last
 *     collection was (ccamH_retry_after_major).  The heap never passes
 *     max_heap on the host's account.
 *     Everywhere here, max_heap is less the kept output (ccamH_limit).
 *   - The debug heap checker verifies the generational invariant: every
 *     old object pointing to a young one is in the remembered set, the set
 *     holds flagged old objects only, full chunks hold only old cells.
 *
 * THE INVARIANT: collection happens only at safe points — between two
 * instructions (vm.c `safepoint`) or from the API outside a run — never
 * inside an allocation.  Allocation only requests a collection (gc_pending
 * + trip), so C locals holding values inside an instruction can never be
 * freed or moved under it, and instructions need no temporary roots.  The
 * debug mode COLLECT_ALWAYS collects at every safe point, i.e. after every
 * instruction, which covers every allocation.  It hardly tests the write
 * barrier, though: every object is old before the next instruction could
 * store it anywhere.  COLLECT_SOMETIMES collects every 1-17 instructions,
 * so young objects are stored into old ones in between.  Before a safe point the loop
 * saves its registers (SAVE_STATE in vm.c) so the roots are complete.
 */
#ifndef CCAM_INT_H
#define CCAM_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ccam.h"
#include "ccam_opcodes.h"

#define CCAM_ABI_VERSION 13

typedef uint64_t value;

/* ---- immediates */
#define V_NONE ((value)0)
#define V_UNIT ((value)0x2)
#define V_BOTTOM ((value)0xA)
#define IS_INT(v) ((v) & 1)
#define INT_OF(v) ((int64_t)(v) >> 1)
#define MK_INT(n) ((((value)(uint64_t)(n)) << 1) | 1)
#define IS_PTR(v) ((v) != 0 && ((v) & 3) == 0)
#define IS_CON0(v) (((v) & 0xF) == 0x6)
#define CON0_TAG(v) ((v) >> 4)
#define MK_CON0(k) ((((value)(k)) << 4) | 0x6)
#define V_FALSE MK_CON0(CCAM_TAG_FALSE)
#define V_TRUE MK_CON0(CCAM_TAG_TRUE)
#define MK_BOOL(b) ((b) ? V_TRUE : V_FALSE)
#define CCAM_INT_MIN (-(INT64_C(1) << 62))
#define CCAM_INT_MAX ((INT64_C(1) << 62) - 1)
#define INT_FITS(n) ((n) >= CCAM_INT_MIN && (n) <= CCAM_INT_MAX)
#define WORD_MASK ((UINT64_C(1) << 63) - 1)

/* ---- heap objects */
/* OF_REMEMBERED: an old object in the remembered set (heap.c, ccamH_barrier). */
enum { OF_SEALED = 1, OF_GENERATED = 2, OF_PATCHED = 4, OF_REMEMBERED = 8 };

typedef struct obj {
    uint8_t kind;      /* CCAM_K_*; K_FREE: a chunk's sentinel or a never used cell */
    uint8_t mark;
    uint8_t flags;     /* OF_* */
    uint8_t small;     /* 1 if the object is a chunk cell */
    uint32_t aux;      /* constructor tag */
} obj;

/* The prefix of a large (malloc'd) object. */
typedef struct large {
    struct large *next;  /* the large-object list */
    int64_t bytes;       /* bytes charged (object + code buffer of a block) */
} large;
#define LARGE_OF(o) ((large *)((char *)(o) - sizeof(large)))
#define OBJ_OF_LARGE(l) ((obj *)((char *)(l) + sizeof(large)))

#define K_FREE 0xFF

typedef struct { obj h; value a, b; } pair_obj;          /* also CON (a = arg), REF (a), EXN (a = name, b = arg) */
typedef struct block block;
typedef struct { obj h; value env; block *code; } closure_obj;
typedef struct { obj h; value name; uint64_t id; } exnname_obj;  /* name: a string */
typedef struct { obj h; uint64_t len; uint8_t data[]; } string_obj;  /* data[len] == 0 */
typedef struct { obj h; uint64_t len; value items[]; } array_obj;  /* also VECTOR */
struct block {
    obj h;
    uint64_t *code;
    uint32_t len, cap;   /* words */
    uint32_t ninstr;     /* instructions (without the final OP_RET) */
};

#define OBJ(v) ((obj *)(uintptr_t)(v))
#define VAL(p) ((value)(uintptr_t)(p))
#define KIND(v) (OBJ(v)->kind)
#define IS_KIND(v, k) (IS_PTR(v) && KIND(v) == (k))
#define PAIR(v) ((pair_obj *)(uintptr_t)(v))
#define CLOS(v) ((closure_obj *)(uintptr_t)(v))
#define STR(v) ((string_obj *)(uintptr_t)(v))
#define ARR(v) ((array_obj *)(uintptr_t)(v))
#define EXNNAME(v) ((exnname_obj *)(uintptr_t)(v))
#define BLOCK(v) ((block *)(uintptr_t)(v))

#define SMALL_CELL 24
#define RECYCLE_CLASSES 32     /* size classes of reusable large objects: up to 512 bytes (heap.c) */
#define CHUNK_BYTES (256 << 10)
#define CHUNK_CELLS (CHUNK_BYTES / SMALL_CELL)

/* Internal opcodes beyond the table's (the loader never accepts them). */
#define OP_RET 60      /* end of a sub-program: return to the continuation */
#define OP_NCODES 128  /* dispatch slots: the table's opcodes, OP_RET, the fused opcodes (64 ..) */

/* Superinstructions (vm.c ccamV_fuse): sealing a block rewrites the opcode
 * word of the first instruction of some adjacent pairs (push; acc n,
 * cons; prim p, ...) into a fused opcode word, leaving every other word
 * as it was.  The word keeps the plain opcode: its dispatch slot in bits
 * 0-7, the plain opcode in bits 8-15 and OP_FUSED_TAG, which no operand
 * word read by number (nat, prim: < 2^32) can carry.  Only sealed blocks
 * hold fused words (a block the host unseals is unfused).  Everything that
 * reads code words other than the dispatch (the collector, the heap
 * checker, instruction widths, the host's view of a block) reads them
 * through ccam_plain_op, so it sees the loaded or emitted instructions. */
#define OP_FUSED_TAG (UINT64_C(1) << 40)
#define OP_FUSED(slot, plain) (OP_FUSED_TAG | (uint64_t)(plain) << 8 | (uint64_t)(slot))
static inline uint64_t ccam_plain_op(uint64_t word) {
    return (word & OP_FUSED_TAG) ? (word >> 8) & 0xFF : word;
}

/* ---- control stack */
typedef struct frame {
    block *blk;        /* the block returned to (keeps its words alive) */
    uint64_t *pc;      /* return address inside blk */
    block *handler;    /* try: P2; NULL for a plain return frame */
    value env;         /* try: the e handed to P2 with the exception */
    size_t sp;         /* try: value stack height of S (below e) */
    size_t prev;       /* try: 1 + index of the enclosing try frame, 0 if none */
} frame;

/* ---- the machine */
/* How the machine writes one output stream (prims.c, write_all): `how`
   (0 until a run's first write to it chooses) and `twin`, a non-blocking
   fd of its own on the same pipe or terminal (-1: none). */
typedef struct {
    int how;
    int twin;
} ccam_stream;

struct ccam_machine {
    /* heap */
    large *large_objects;    /* every large object */
    large *recycled[RECYCLE_CLASSES];  /* dead small large objects kept for reuse, by 16-byte class (heap.c) */
    int64_t recycled_bytes, nreused;  /* bytes kept; allocations that took a kept object back */
    obj *alloc_cell;         /* the allocation cursor: the next cell to look at (heap.c) */
    size_t alloc_chunk;      /* its chunk (nchunks: past the last one) */
    int64_t old_cells;       /* cells marked (old), dead old ones included */
    int64_t cells_marked;    /* cells the current collection marked */
    int64_t cells_swept;     /* cells collections walked outside marking: majors, rescans, chunk release */
    int64_t cell_slow_allocs; /* small cells ccamH_alloc's accounting handed out (heap.c) */
    size_t chunks_unreleasable; /* nchunks after a chunk-release pass that freed none (heap.c count_cells) */
    char **chunks; size_t nchunks, chunks_cap;
    uint8_t *chunk_full;     /* per chunk: only old cells (the cursor found no free one; till a major) */
    obj **remembered; size_t nremembered, remembered_cap;  /* old objects written since the last collection */
    int remembered_lost;     /* the remembered set could not grow: the next collection is major */
    int major_next;          /* the next collection is major (policy, or a limit retry) */
    int live_inexact;        /* a minor collection ran since the last major: live_bytes may count dead old objects */
    int64_t live_after_major;  /* live_bytes after the last major collection */
    int64_t nmajor;          /* major collections (ncollections counts all) */
    int64_t small_allocs;    /* cells allocated since the last ccamH_sync */
    int64_t small_budget;    /* cells that may be allocated before the slow path */
    int64_t heap_bytes;      /* bytes allocated now (live + garbage), without small_allocs */
    int64_t live_bytes;      /* after the last collection */
    int64_t peak_heap_bytes; /* the most heap_bytes seen (at a collection or a query): heap_bytes only
                                grows between collections, so this is the peak */
    int64_t gc_threshold;    /* collect when heap_bytes exceeds this */
    int64_t nobjects, ncollections;  /* nobjects: without small_allocs */
    int64_t gc_nanoseconds;  /* wall time spent in ccamH_collect, all collections */
    int64_t total_allocated;  /* bytes ever allocated (GC tests), without small_allocs */
    int gc_pending;
    value *mark_stack; size_t mark_top, mark_cap; int mark_overflow;
    int64_t fail_after;      /* debug: failing allocator countdown, -1 off */
    int running;             /* inside ccamV_execute_stack */
    int building;            /* the API is building a host value: see ccamH_headroom */
    int debug;
    int64_t debug_countdown; /* COLLECT_SOMETIMES: safe points until the next collection */
    int64_t debug_tick;      /* COLLECT_SOMETIMES: picks the next interval */
    int64_t debug_collections;  /* collections the debug modes asked for (every fifth is major) */
    int oom;                 /* an allocation failed in the current instruction: 1 out of memory,
                                2 at max_heap (heap.c), 3 the stacks would pass their bound (vm.c) */

    /* program */
    block *main_block;
    block *call_block;       /* [app]: what ccam_call runs */
    value builtin_exn[CCAM_N_BUILTIN_EXNS];  /* the names primitives raise */
    value *globals; int64_t nglobals;
    uint64_t next_exn_id;

    /* stacks (registers are saved here at safe points) */
    value *vs; size_t vs_cap;  /* value stack below the top */
    size_t sp;                 /* number of values below the top */
    value top;                 /* the top of the stack, the machine's accumulator */
    frame *cs; size_t cs_cap, csp;
    size_t hp;                 /* 1 + index of the innermost try frame, 0 if none */
    block *blk; uint64_t *pc;  /* the current block and instruction */

    /* limits and counters */
    int64_t max_reductions;  /* -1: none */
    int64_t max_stack;       /* value stack depth and control stack depth */
    int64_t max_heap;
    int64_t reductions, gen_reductions, emitted;
    int64_t fused_dispatches;  /* superinstructions that ran both their instructions (all runs) */
    /* Stop requests, polled by the running loop: written by another thread
       (ccam_interrupt) or by the SIGINT handler while the loop reads it, so
       an atomic (a lock-free one: C11 lets a signal handler touch only
       those); relaxed order suffices, as no other data is published through
       it. INTERRUPT_SIGINT is a Ctrl-C, dropped when a run entry (ccam_run,
       ccam_call, a batch) begins: one that came after the previous entry's
       last poll is stale; INTERRUPT_HOST stays pending until a run stops
       for it or ccam_clear_interrupt. */
    atomic_int interrupt;
    /* The host's deadline for its runs (ccam_set_deadline): the CLOCK_MONOTONIC
       time in ns past which a poll stops the run with CCAM_STATUS_INTERRUPTED
       and CCAM_DEADLINE_MESSAGE; 0: none.  Written only between runs, by the
       thread that holds the machine (no atomic needed). */
    int64_t deadline_ns;
    /* Held by every entry point of api.c (API_ENTRY) but ccam_interrupt,
       ccam_clear_interrupt and ccam_free: a host thread entering while
       another runs the machine (or builds, reads, collects) waits for it,
       where it used to collect or pin under a running loop whose registers
       were not saved (a crash).  Recursive: entry points call entry points. */
    pthread_mutex_t api_lock;

    /* results */
    int status;
    value result;
    char message[512];

    /* output */
    int catch_sigint;        /* swap in the SIGINT handler around runs */
    int out_fd;
    int out_keep;            /* also collect into out (for Result.output) */
    /* How print writes to out_fd, and TextIO.stdErr to fd 2 (prims.c,
       choose_writer): chosen at a run's first write, forgotten (a twin
       fd closed) when the run ends (ccamP_close_streams), as the host may
       put another file at the fd between runs. */
    ccam_stream out_stream, err_stream;
    int out_errno;           /* why the latest failed print failed (0: none) */
    uint8_t *out; size_t out_len, out_cap;  /* out_len counts against max_heap: ccamH_limit */
    char *msgs; size_t msgs_len, msgs_cap;  /* the messages of a batch of calls */

    /* host handles */
    value *pins; size_t npins_cap; int64_t *pin_free; size_t pin_free_n; int64_t npinned;

    /* what ccam_read wrote: its program and its strings' bytes (kept for the next read) */
    int64_t *read_ops; size_t read_ops_cap;
    uint8_t *read_data; size_t read_data_cap;
};

/* heap.c */
void *ccamH_alloc(ccam_machine *m, int kind, size_t size);
pair_obj *ccamH_pair(ccam_machine *m, int kind, value a, value b);
block *ccamH_block(ccam_machine *m, int flags);
value ccamH_string(ccam_machine *m, const uint8_t *data, size_t len);
array_obj *ccamH_array(ccam_machine *m, uint64_t len);
array_obj *ccamH_vector(ccam_machine *m, uint64_t len);
value ccamH_exnname(ccam_machine *m, value name_string);
int ccamH_block_reserve(ccam_machine *m, block *b, uint32_t words);
int ccamH_block_seal(ccam_machine *m, block *b);
void ccamH_collect(ccam_machine *m);
void ccamH_collect_major(ccam_machine *m);
int ccamH_retry_after_major(ccam_machine *m);
void ccamH_remember(ccam_machine *m, obj *o);
void ccamH_free_all(ccam_machine *m);
int ccamH_check(ccam_machine *m, char *why, size_t whylen);
uint32_t ccamH_op_width(const uint64_t *code, uint32_t pc);
void *ccamH_raw_malloc(ccam_machine *m, size_t size);
void *ccamH_raw_realloc(ccam_machine *m, void *p, size_t size);

void ccamH_sync(ccam_machine *m);
void ccamH_init(ccam_machine *m);

/* The bytes the heap may take: max_heap less the output kept for the host
   (out_len, the latest run's print bytes when there is no output fd or the
   host keeps them).  That output is memory the program takes, outside the
   heap, and nothing else bounds it (a print loop would grow the host until
   the system killed it): so it shares max_heap with the live heap, and
   print refuses bytes that would not fit beside what is live
   (ccamP_output).  Output written to an fd and not kept is bounded by
   nothing: a program may print forever to a pipe. */
static inline int64_t ccamH_limit(const ccam_machine *m) { return m->max_heap - (int64_t)m->out_len; }
void ccamH_refresh_budget(ccam_machine *m);

/* The hot path of ccamH_alloc for small objects: take the cell at the
   cursor if it is free (unmarked; a chunk's last cell is a marked sentinel).
   The header is written as one word: kind, mark 0, flags 0, small 1, aux 0. */
void *ccamH_alloc_small_skipping(ccam_machine *m, int kind);
static inline void *ccamH_alloc_small(ccam_machine *m, int kind) {
    obj *o = m->alloc_cell;
    if (__builtin_expect(o->mark || m->small_budget <= 0, 0)) return ccamH_alloc_small_skipping(m, kind);
    m->alloc_cell = (obj *)((char *)o + SMALL_CELL);
    m->small_budget--;
    m->small_allocs++;
    uint64_t header = (uint64_t)(uint8_t)kind | (UINT64_C(1) << 24);
    memcpy(o, &header, sizeof header);
    return o;
}

/* THE WRITE BARRIER: call after storing the value v into a field (or code
   word) of the existing object o.  An old (marked) object that now points
   to a young (unmarked) one goes into the remembered set, which the next
   minor collection scans as roots (see "Generations" above). */
static inline void ccamH_barrier(ccam_machine *m, obj *o, value v) {
    if (__builtin_expect(o->mark && IS_PTR(v) && !OBJ(v)->mark && !(o->flags & OF_REMEMBERED), 0))
        ccamH_remember(m, o);
}

static inline int64_t ccamH_nobjects(ccam_machine *m) { return m->nobjects + m->small_allocs; }

static inline pair_obj *ccamH_pair_fast(ccam_machine *m, int kind, value a, value b) {
    pair_obj *p = ccamH_alloc_small(m, kind);
    if (p) { p->a = a; p->b = b; }
    return p;
}

/* load.c */
int ccamL_load(ccam_machine *m, const uint8_t *bytes, size_t len, char *err, size_t errlen);
int ccamL_load_block(ccam_machine *m, const uint8_t *bytes, size_t len, block **out, char *err, size_t errlen);

/* vm.c */
int ccamV_execute(ccam_machine *m, block *code, value env);
int ccamV_execute_stack(ccam_machine *m, block *code, const value *stack, size_t n);
int ccamV_apply(ccam_machine *m, value closure, value arg);
void ccamV_fuse(block *b);
void ccamV_unfuse(block *b);
int ccamV_fused_word_ok(const uint64_t *code, uint32_t pc, uint32_t len);
const char *ccamV_kind_name(value v);

/* prims.c: returns 0 and sets *res, or a raise (status -1, *res the builtin
   exception global index with *arg its argument or V_NONE), or a status > 0 with
   the message already set. */
#define PRIM_RAISE (-1)
int ccamP_prim(ccam_machine *m, int code, value v, value *res, value *exn_arg);
int ccamP_equal(ccam_machine *m, value a, value b, int *eq);
int ccamP_output(ccam_machine *m, const uint8_t *data, size_t len);  /* 0 or a status */
void ccamP_close_streams(ccam_machine *m);  /* at the end of a run: forget how the streams are written */

void ccam_set_message(ccam_machine *m, const char *fmt, ...);
/* The message of a failed allocation (m->oom): "out of memory", or at the
   heap limit what is live and the limit, as the collector's check says. */
void ccam_set_oom_message(ccam_machine *m);
void ccam_set_heap_limit_message(ccam_machine *m);

#define CCAM_DEADLINE_MESSAGE "the deadline passed"
/* The largest output buffer a run begins with (api.c begin_run). */
#define OUTPUT_KEPT_CAPACITY (1 << 20)

#define INTERRUPT_SIGINT 1
#define INTERRUPT_HOST 2
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the interrupt flag must be lock-free (signal-safe)");

/* Whether a stop was requested; if so the request is consumed (the run
   stopping for it answers it). */
static inline int ccam_take_interrupt(ccam_machine *m) {
    /* (a plain load first: the exchange, a write, only when one is there) */
    return atomic_load_explicit(&m->interrupt, memory_order_relaxed) != 0
        && atomic_exchange_explicit(&m->interrupt, 0, memory_order_relaxed) != 0;
}

/* Whether the host's deadline (deadline_ns) has passed: read at the same
   polls as the interrupt flag (a clock read every POLL_INTERVAL reductions
   costs nothing measurable), only when one is set. */
static inline int ccam_deadline_passed(ccam_machine *m) {
    if (m->deadline_ns == 0) return 0;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec >= m->deadline_ns;
}

#endif
