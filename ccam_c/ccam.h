/* ccam.h — the public interface of the C CCAM machine (what Python sees).
 *
 * Everything between CDEF BEGIN and CDEF END is handed verbatim to
 * cffi's ffibuilder.cdef() by build_ccam.py, so it must stay plain C
 * declarations (no #include, no conditionals).
 *
 * Errors never escape as aborts or longjmps: every entry point that can
 * fail returns a status (CCAM_STATUS_* in ccam_opcodes.h, the same numbers
 * as ccam.instructions.Status) and leaves a message in ccam_message().
 *
 * Host values cross the boundary as *handles*: small integers naming a slot
 * of the machine's pin table.  A pinned value is a GC root until released,
 * so Python may hold closures and code blocks across runs.
 *
 * Threads: one thread is in a machine at a time.  An entry point called
 * while another thread is inside the same machine (running it, building,
 * reading or collecting) waits until that one returns; ccam_interrupt and
 * ccam_clear_interrupt never wait (they stop the run in progress).  A
 * pointer an entry point returns into the machine (ccam_output,
 * ccam_message, ccam_string_data, ccam_read's program) stays valid only
 * until the next entry, of any thread: a host sharing a machine between
 * threads keeps each call and the reading of its results together.
 * Different machines run in parallel; the SIGINT handler of
 * ccam_set_catch_sigint is swapped in for one run at a time (a run that
 * starts while another machine's run has it goes without).
 */
#ifndef CCAM_H
#define CCAM_H

#include <stddef.h>
#include <stdint.h>

/* CDEF BEGIN */
typedef struct ccam_machine ccam_machine;

/* Kinds of values, as ccam_kind() reports them. */
enum {
    CCAM_K_INT = 0,     /* 63-bit int (also char and word) */
    CCAM_K_UNIT = 1,
    CCAM_K_CON0 = 2,    /* nullary constructor C_k */
    CCAM_K_CON = 3,     /* constructor with an argument C_k(v) */
    CCAM_K_PAIR = 4,
    CCAM_K_STRING = 5,
    CCAM_K_CLOSURE = 6,
    CCAM_K_BLOCK = 7,
    CCAM_K_REF = 8,
    CCAM_K_ARRAY = 9,
    CCAM_K_EXNNAME = 10,
    CCAM_K_EXN = 11,    /* exception value X or X(v) */
    CCAM_K_BOTTOM = 12, /* the placeholder of rec */
    CCAM_K_VECTOR = 13  /* immutable vector (an array's layout, structural equality) */
};

/* Debug options (ccam_set_debug). */
enum {
    CCAM_DEBUG_COLLECT_ALWAYS = 1, /* collect at every safe point (before every instruction) */
    CCAM_DEBUG_HEAP_CHECK = 2,     /* verify the heap's invariants around every collection */
    CCAM_DEBUG_COLLECT_SOMETIMES = 4  /* collect every 1-17 instructions (a fixed irregular cycle), so young
                                         objects live across instructions and stores between collections
                                         go through the write barrier; in both collecting modes every
                                         fifth collection is major */
};

int ccam_abi_version(void);
const char *ccam_table_hash(void);
int ccam_computed_goto(void);      /* 1 if the dispatch loop uses computed goto */

/* Load (verify + decode) a .ccam image. NULL on rejection, with the
   reason ("offset N: ...") copied into err.  NULL with an empty err means
   out of memory. */
ccam_machine *ccam_load(const uint8_t *bytes, size_t len, char *err, size_t errlen);
/* Load another image into the same machine: same heap and globals, the
   global table grows to the image's nglobals.  0; -1 with err set; or -2
   when the image does not fit under max_heap (even after a collection),
   with the machine's message (ccam_message) saying so. */
int ccam_extend(ccam_machine *m, const uint8_t *bytes, size_t len, char *err, size_t errlen);
void ccam_free(ccam_machine *m);

/* Limits; a negative value means "no limit" (max_stack and max_heap
   always have a default). */
void ccam_set_limits(ccam_machine *m, int64_t max_reductions, int64_t max_stack, int64_t max_heap);
/* print: bytes go to fd when fd >= 0 (and also into the buffer read by
   ccam_output when keep is set); with fd < 0 only into the buffer.  The
   buffer (the run's output so far; in a batch, the output of its calls so
   far) counts against max_heap with the live heap: a print whose bytes
   would not fit stops the run with CCAM_STATUS_HEAP_LIMIT before it writes
   anything ("the kept output would pass the heap limit (K bytes kept + N
   to print + L bytes live > limit M); ..."), and an allocation that does
   not fit beside the buffer names it ("heap limit exceeded (L bytes live
   and K bytes of kept output, limit M)").  What was printed before the stop
   stays in the buffer (and was written to fd).  Bytes written to fd and
   not kept count against nothing.  A print (and TextIO.stdErr's output, on
   fd 2) to a pipe, socket or terminal never blocks in write(), where no
   stop request is seen: a pipe or terminal is written through a
   non-blocking descriptor of the machine's own, opened at the run's first
   print through /proc/self/fd and closed when the run ends (O_NONBLOCK on
   fd would change it for every process sharing it), a socket with
   MSG_DONTWAIT, and where neither can be, after poll() and PIPE_BUF bytes
   at a time; a full one is waited for in poll(), which ccam_interrupt,
   Ctrl-C and the deadline end (CCAM_STATUS_INTERRUPTED). */
void ccam_set_output_fd(ccam_machine *m, int fd, int keep);
const uint8_t *ccam_output(ccam_machine *m, size_t *len);
/* Empty the kept output (the binding calls it once it has copied what
   ccam_output gave); a buffer a run made large (over 1 MB) is freed. */
void ccam_output_clear(ccam_machine *m);
/* Bytes the buffer of kept output holds allocated (what ccam_output reads
   from): freed when cleared, or when a run begins, if a run made it large. */
int64_t ccam_output_capacity(ccam_machine *m);
/* The errno of the print that stopped the latest run with CCAM_STATUS_OUTPUT (0: none). */
int ccam_output_errno(ccam_machine *m);
void ccam_set_debug(ccam_machine *m, int flags);
/* Make the n-th allocation from now fail as if malloc returned NULL (-1: never). */
void ccam_fail_alloc_after(ccam_machine *m, int64_t n);
/* Ask m to stop, from any thread (signal-safe: sets an atomic flag): the
   run in progress stops at its next poll (every 65536 reductions, in a
   long equality, and every 10 ms while a print waits for a reader that
   does not read: a pipe, socket or terminal is written without blocking,
   see ccam_set_output_fd) with CCAM_STATUS_INTERRUPTED; with no run in progress, the next run stops
   before its first instruction. The request stays pending until a run
   stops for it or ccam_clear_interrupt drops it. */
void ccam_interrupt(ccam_machine *m);
void ccam_clear_interrupt(ccam_machine *m);
/* Give m's runs a deadline `seconds` from now (< 0: none, the default): a
   run polling past it (where it polls for ccam_interrupt, a print waiting
   for a reader included) stops with
   CCAM_STATUS_INTERRUPTED and the message "the deadline passed"; one begun
   past it stops before its first instruction.  It stays until set again,
   for every run (a batch: all its calls).  Only the thread holding the
   machine sets it, between runs: it stops that thread's runs, no other's. */
void ccam_set_deadline(ccam_machine *m, double seconds);
/* Install (on = 1) / restore (on = 0) a SIGINT handler that interrupts m
   (restored by ccam_free(m) too). */
int ccam_catch_sigint(ccam_machine *m, int on);

/* Swap in the SIGINT handler of ccam_catch_sigint around every run of m
   (on = 1) or not (on = 0); the binding sets it once, not per call. */
void ccam_set_catch_sigint(ccam_machine *m, int on);

/* Run the main program on (); returns a status.  Every run entry clears
   the output buffer first. */
int ccam_run(ccam_machine *m);
/* Run the main program on the stack handles[0..n) (bottom first, n >= 1). */
int ccam_run_stack(ccam_machine *m, const int64_t *handles, int64_t n);
/* Apply a closure (handle) to an argument (handle); returns a status. */
int ccam_call(ccam_machine *m, int64_t closure, int64_t arg);

/* Host values built in one call from a postfix program of int64 words
   (CCAM_B_*; strings are (offset, length) slices of `data`).  Every value
   of a program ends with CCAM_B_END.  The values that CON, PAIR, REF,
   ARRAY, VECTOR, EXN, EXNARG and CLOSURE make are numbered 0, 1, ... within a value,
   and LOAD k pushes the k-th again (shared substructure).  A malformed program
   is refused (-1 / CCAM_STATUS_TYPE with a message), never trusted. */
enum {
    CCAM_B_END = 0,      /* the value is complete: exactly one on the build stack */
    CCAM_B_INT = 1,      /* INT n */
    CCAM_B_UNIT = 2,
    CCAM_B_BOTTOM = 3,
    CCAM_B_CON0 = 4,     /* CON0 tag */
    CCAM_B_CON = 5,      /* CON tag: v -> C_tag(v) */
    CCAM_B_PAIR = 6,     /* a b -> (a, b) */
    CCAM_B_STRING = 7,   /* STRING offset length */
    CCAM_B_REF = 8,      /* v -> ref v */
    CCAM_B_ARRAY = 9,    /* ARRAY n: v0 .. vn-1 -> [|v0, .., vn-1|] */
    CCAM_B_EXN = 10,     /* X -> X (an exception value without argument) */
    CCAM_B_EXNARG = 11,  /* X v -> X(v) */
    CCAM_B_HANDLE = 12,  /* HANDLE h: the pinned value */
    CCAM_B_CLOSURE = 13, /* env {P} -> [env : P] (seals the block) */
    CCAM_B_LOAD = 14,    /* LOAD k: the k-th value made by a composite operation */
    CCAM_B_VECTOR = 15   /* VECTOR n: v0 .. vn-1 -> #[v0, .., vn-1] */
};
/* One value: a new handle, or -1 (message in ccam_message). */
int64_t ccam_build(ccam_machine *m, const int64_t *ops, int64_t nops, const uint8_t *data, size_t datalen);

/* What ccam_call_value and ccam_call_many report per call, in this order
   (CCAM_INFO_WORDS words): status, reductions, gen_reductions, emitted,
   the end offset of its output in ccam_output, the result's kind (-1:
   none), the result word: the int of an int, the tag of a nullary
   constructor, 0 for () and ⊥, otherwise a new handle; and the end offset
   of its message in ccam_call_messages (the messages of a batch's calls,
   one after another; a call ending OK has an empty message). */
enum { CCAM_INFO_WORDS = 8 };
const uint8_t *ccam_call_messages(ccam_machine *m, size_t *len);
/* Apply the closure (handle) to the value built from ops. */
int ccam_call_value(ccam_machine *m, int64_t closure, const int64_t *ops, int64_t nops, const uint8_t *data,
                    size_t datalen, int64_t *info);
/* ccam_call_value, reading a small result in the same call: a value of
   at most CCAM_SMALL_NODES ints, strings, (), ⊥, pairs and constructors is
   written to rops as a postfix program (ccam_build's INT, UNIT, BOTTOM,
   CON0, CON, PAIR; STRING offset length with the bytes copied to rdata;
   LOAD k for the k-th STRING, PAIR or CON written, met again), rops[0]
   holding the bytes used in rdata and the program from rops[1]; info then
   reports the kind CCAM_K_SMALL and the program's length in words, and no
   handle is made.  Any other result (or one that does not fit in rcap
   words and rdatacap bytes) is reported as ccam_call_value reports it. */
enum { CCAM_K_SMALL = 100, CCAM_SMALL_NODES = 64 };
int ccam_call_small(ccam_machine *m, int64_t closure, const int64_t *ops, int64_t nops, const uint8_t *data,
                    size_t datalen, int64_t *info, int64_t *rops, int64_t rcap, uint8_t *rdata, size_t rdatacap);
/* The value of handle h as ccam_call_small writes a small one, of any size:
   a postfix program (INT, UNIT, BOTTOM, CON0, CON, PAIR, STRING, VECTOR n,
   LOAD k for the k-th STRING, PAIR, CON or VECTOR written, met again) with *ops pointing at its
   words and *data at its strings' bytes, both owned by the machine until the
   next ccam_read; any other value inside (a closure, ref, array, vector,
   exception, ...) is HANDLE h', a new handle the caller owns; but an array
   at the root is written as its items, as a vector (VECTOR n).  Returns the
   program's length in words, or -1 when h is bad, memory runs out or the
   value holds a cycle (no handle is left made).  Converting a large list or tree takes this one call,
   not a call per node. */
int64_t ccam_read(ccam_machine *m, int64_t h, const int64_t **ops, const uint8_t **data, size_t *datalen);
/* Apply the closure to each of the nargs values of ops (one machine entry;
   each call has its own counters and limits).  Returns the number of calls
   made: fewer than nargs only when one was interrupted (it is the last). */
int64_t ccam_call_many(ccam_machine *m, int64_t closure, const int64_t *ops, int64_t nops, const uint8_t *data,
                       size_t datalen, int64_t nargs, int64_t *info);
/* The kind of a handle, and its int / tag in *word (immediates only). */
int ccam_peek(ccam_machine *m, int64_t h, int64_t *word);
void ccam_release_many(ccam_machine *m, const int64_t *handles, int64_t n);
/* Field i of a handle (as ccam_field) without pinning immediates: returns
   the field's kind (-1: no such field) and in *word its int for an int,
   its tag for a nullary constructor, 0 for () and ⊥, else a new handle. */
int ccam_child(ccam_machine *m, int64_t h, int64_t i, int64_t *word);

/* After a run: the result value (pinned handle; -1 if none), message,
   and the counters (reductions, reductions spent in generated code,
   instructions emitted into code blocks). */
int64_t ccam_result(ccam_machine *m);
const char *ccam_message(ccam_machine *m);
int64_t ccam_reductions(ccam_machine *m);
int64_t ccam_gen_reductions(ccam_machine *m);
int64_t ccam_emitted(ccam_machine *m);

/* Globals. */
int64_t ccam_nglobals(ccam_machine *m);
int64_t ccam_get_global(ccam_machine *m, int64_t i);          /* handle, -1 if unset */
int ccam_set_global(ccam_machine *m, int64_t i, int64_t h);   /* 0 ok, -1 bad index/handle */

/* Handles: inspection (all return -1 / NULL on a bad handle or wrong kind). */
int ccam_kind(ccam_machine *m, int64_t h);
int64_t ccam_int_value(ccam_machine *m, int64_t h);
int64_t ccam_tag(ccam_machine *m, int64_t h);                 /* constructor tag */
int64_t ccam_field(ccam_machine *m, int64_t h, int64_t i);    /* new handle: pair 0/1, con/exn/ref arg 0, array/vector i */
int64_t ccam_length(ccam_machine *m, int64_t h);              /* string/array/vector length, block instructions */
int ccam_block_sealed(ccam_machine *m, int64_t h);
int64_t ccam_block_nwords(ccam_machine *m, int64_t h);        /* words of a block's code */
int64_t ccam_block_word(ccam_machine *m, int64_t h, int64_t i);   /* opcode or number operand */
int64_t ccam_block_operand(ccam_machine *m, int64_t h, int64_t i); /* value/sub-program operand: new handle */
const uint8_t *ccam_string_data(ccam_machine *m, int64_t h);
int64_t ccam_exn_name(ccam_machine *m, int64_t h);           /* exn value -> name handle; name -> itself */
int64_t ccam_identity(ccam_machine *m, int64_t h);            /* stable id of a heap object (0 for immediates) */
int64_t ccam_dup(ccam_machine *m, int64_t h);
void ccam_release(ccam_machine *m, int64_t h);
int64_t ccam_npinned(ccam_machine *m);

/* Handles: construction (-1 on a bad argument handle or out of memory). */
int64_t ccam_mk_int(ccam_machine *m, int64_t n);              /* n must lie in the 63-bit range */
int64_t ccam_mk_unit(ccam_machine *m);
int64_t ccam_mk_bottom(ccam_machine *m);
int64_t ccam_mk_exnname(ccam_machine *m, const uint8_t *name, size_t len);
int64_t ccam_mk_con0(ccam_machine *m, int64_t tag);
int64_t ccam_mk_con(ccam_machine *m, int64_t tag, int64_t arg);
int64_t ccam_mk_pair(ccam_machine *m, int64_t a, int64_t b);
int64_t ccam_mk_string(ccam_machine *m, const uint8_t *data, size_t len);
int64_t ccam_mk_ref(ccam_machine *m, int64_t v);
int64_t ccam_mk_array(ccam_machine *m, const int64_t *items, int64_t n);
int64_t ccam_mk_exn(ccam_machine *m, int64_t name, int64_t arg);  /* arg -1: no argument */
/* A code block from the main program of a .ccam image (sealed or not). */
int64_t ccam_mk_block(ccam_machine *m, const uint8_t *bytes, size_t len, int sealed, char *err, size_t errlen);
int64_t ccam_mk_closure(ccam_machine *m, int64_t env, int64_t block);  /* seals the block */

/* GC introspection (tests). */
void ccam_collect(ccam_machine *m);            /* a major (full) collection */
int64_t ccam_heap_live(ccam_machine *m);     /* bytes live after the last collection (after a minor one,
                                                old objects dead since the last major one count too) */
int64_t ccam_heap_bytes(ccam_machine *m);    /* bytes allocated now, garbage included */
int64_t ccam_heap_peak(ccam_machine *m);     /* the most bytes allocated at once, garbage included */
int64_t ccam_heap_objects(ccam_machine *m);  /* objects currently allocated */
int64_t ccam_collections(ccam_machine *m);
int64_t ccam_major_collections(ccam_machine *m);  /* of those, the major (full) ones */
int64_t ccam_gc_nanoseconds(ccam_machine *m);  /* wall time spent collecting, all collections */
int64_t ccam_heap_total(ccam_machine *m);    /* bytes ever allocated */
int64_t ccam_heap_reused(ccam_machine *m);   /* large objects allocated by taking back a dead one the
                                                sweep kept (heap.c large_malloc) */
int64_t ccam_heap_chunks(ccam_machine *m);   /* chunks of small cells held */
int64_t ccam_heap_cells_swept(ccam_machine *m);  /* cells collections walked outside marking (a minor
                                                    collection walks none in a steady state) */
int64_t ccam_heap_cell_slow_allocs(ccam_machine *m);  /* small cells taken through the allocator's slow path
                                                         (its accounting), not at the cursor */
int ccam_heap_check(ccam_machine *m);        /* 0 if every invariant holds */
/* Superinstructions (vm.c) whose fast path ran both their instructions, over
   every run of m: how tests see that fusion happened. */
int64_t ccam_fused_dispatches(ccam_machine *m);
/* CDEF END */

#endif
