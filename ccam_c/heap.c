/* heap.c — allocation, the generational (sticky-mark) mark & sweep
 * collector, and the debug heap checker.
 *
 * The design, the generations, the list of mutation points that need the
 * write barrier, and THE invariant (collection only at safe points) are in
 * ccam_int.h.  Allocation never collects; it accounts bytes and, when the
 * heap grew past the threshold, sets gc_pending so the interpreter collects
 * before its next instruction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ccam_int.h"

#if defined(__SANITIZE_ADDRESS__)
#define CCAM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CCAM_ASAN 1
#endif
#endif
#ifdef CCAM_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define MIN_GC_THRESHOLD (8 << 20)
#define MARK_STACK_INITIAL 4096

/* ------------------------------------------------------------------ raw memory */

/* Every malloc of the machine goes through here so the debug failing
   allocator (fail_after, counted during runs only) can make any of them fail. */
/* The failing allocator's countdown: whether this allocation must fail. */
static int debug_fails(ccam_machine *m) {
    if (m->fail_after >= 0 && m->running) {
        if (m->fail_after == 0) { m->oom = 1; return 1; }
        m->fail_after--;
    }
    return 0;
}

void *ccamH_raw_malloc(ccam_machine *m, size_t size) {
    if (debug_fails(m)) return NULL;
    void *p = malloc(size ? size : 1);
    if (!p) m->oom = 1;
    return p;
}

void *ccamH_raw_realloc(ccam_machine *m, void *old, size_t size) {
    if (debug_fails(m)) return NULL;
    void *p = realloc(old, size ? size : 1);
    if (!p) m->oom = 1;
    return p;
}

/* ------------------------------------------------------------------ recycled large objects */

/* Small large objects (RECYCLE_MAX bytes at most, prefix included) are
   malloc'd in whole 16-byte size classes.  A program that makes a small
   array per step (evalpf: a 16-word scratch memory per packet) would pay
   a malloc per array and a free per array at the sweep, which frees them
   by the thousand, more than glibc's per-size cache holds: 3% of evalpf's
   instructions.  So the sweep of large objects keeps dead ones, by class
   (keep_large), and allocation takes one back before it calls malloc
   (large_malloc).  A kept object is out of the heap (heap_bytes,
   nobjects), memory held for reuse as malloc would hold it; at most as
   many bytes are kept as a collection keeps in free cells (keep_free in
   collect).  The failing allocator counts a reuse as a malloc; under
   AddressSanitizer a kept object is poisoned until reused. */
#define RECYCLE_MAX (RECYCLE_CLASSES * 16)

static size_t recycle_class(size_t total) { return (total + 15) / 16 - 1; }

static large *large_malloc(ccam_machine *m, size_t total) {
    if (total > RECYCLE_MAX) return ccamH_raw_malloc(m, total);
    size_t class = recycle_class(total), rounded = (class + 1) * 16;
    large *l = m->recycled[class];
    if (!l) return ccamH_raw_malloc(m, rounded);
    if (debug_fails(m)) return NULL;
    UNPOISON(l, rounded);
    m->recycled[class] = l->next;
    m->recycled_bytes -= (int64_t)rounded;
    m->nreused++;
    return l;
}

static void free_large(large *l) {
    obj *o = OBJ_OF_LARGE(l);
    if (o->kind == CCAM_K_BLOCK) free(((block *)o)->code);
    free(l);
}

/* A dead large object: kept for reuse if it is small and the kept bytes
   stay within keep_bytes, freed otherwise. */
static void keep_large(ccam_machine *m, large *l, int64_t keep_bytes) {
    obj *o = OBJ_OF_LARGE(l);
    /* a block is charged its code buffer too; its own size is fixed */
    size_t total = sizeof(large) + (o->kind == CCAM_K_BLOCK ? sizeof(block) : (size_t)l->bytes);
    size_t class = recycle_class(total), rounded = (class + 1) * 16;
    if (total > RECYCLE_MAX || m->recycled_bytes + (int64_t)rounded > keep_bytes) {
        free_large(l);
        return;
    }
    if (o->kind == CCAM_K_BLOCK) free(((block *)o)->code);
    l->next = m->recycled[class];
    m->recycled[class] = l;
    m->recycled_bytes += (int64_t)rounded;
    POISON(l, rounded);
}

static void free_recycled(ccam_machine *m) {
    for (size_t c = 0; c < RECYCLE_CLASSES; c++) {
        large *l = m->recycled[c];
        while (l) {
            UNPOISON(l, (c + 1) * 16);
            large *next = l->next;
            free(l);
            l = next;
        }
        m->recycled[c] = NULL;
    }
    m->recycled_bytes = 0;
}

/* ------------------------------------------------------------------ allocation */

/* Fold the cells counted by the fast path into the byte and object counts. */
void ccamH_sync(ccam_machine *m) {
    int64_t n = m->small_allocs;
    if (!n) return;
    m->small_allocs = 0;
    m->nobjects += n;
    m->heap_bytes += n * SMALL_CELL;
    m->total_allocated += n * SMALL_CELL;
}

/* The bytes an allocation may still take under max_heap.  In a run, what
   was live at the last collection counts: everything allocated since may
   be garbage, and the next safe point finds out.  While the API builds a
   host value there is no safe point until the value is whole, so every
   byte allocated counts: the build then fails at the limit, is redone
   after a major collection (ccamH_retry_after_major), and is refused only
   if the value and what is live cannot fit, so the heap never passes
   max_heap on the host's account. */
static int64_t headroom(ccam_machine *m) {
    return ccamH_limit(m) - (m->building ? m->heap_bytes : m->live_bytes);
}

/* How many cells the fast path may hand out before the slow path must look
   at the accounting again: none when even one cell would not fit under
   max_heap (the slow path reports it), up to the collection threshold
   otherwise, and without bound once a collection is pending (the safe point
   is near; the limit check is made against live bytes, which only a
   collection changes). */
void ccamH_refresh_budget(ccam_machine *m) {
    ccamH_sync(m);
    int64_t room = headroom(m);
    if (SMALL_CELL > room) {
        m->small_budget = 0;
        return;
    }
    if (m->gc_pending) {
        m->small_budget = m->building ? room / SMALL_CELL : INT64_MAX / 4;
        return;
    }
    int64_t limit = m->gc_threshold < ccamH_limit(m) ? m->gc_threshold : ccamH_limit(m);
    room = limit - m->heap_bytes;
    m->small_budget = room > 0 ? room / SMALL_CELL : 0;
}

/* ---- cells: the allocation cursor (see "Cells" in ccam_int.h)
   The last cell of every chunk is its sentinel: marked, never an object,
   so the fast path stops there as at an old cell and needs no bound test.
   NO_CELLS stands for "past the last chunk". */
#define USABLE_CELLS (CHUNK_CELLS - 1)
#define CELL(chunk, j) ((obj *)((chunk) + (size_t)(j) * SMALL_CELL))
#define NEXT_CELL(o) ((obj *)((char *)(o) + SMALL_CELL))
static obj no_cells = { K_FREE, 1, 0, 1, 0 };

void ccamH_init(ccam_machine *m) {
    m->alloc_cell = &no_cells;
    m->alloc_chunk = 0;
}

/* Every cell is free again (after a collection): back to the first chunk. */
static void rewind_cursor(ccam_machine *m) {
    m->alloc_chunk = 0;
    m->alloc_cell = m->nchunks ? CELL(m->chunks[0], 0) : &no_cells;
}

/* Whether cell o of chunk i is an object: old (marked), or young, i.e.
   passed by the cursor, which takes every unmarked cell it passes. */
static int cell_is_object(ccam_machine *m, size_t i, obj *o) {
    return o->mark || i < m->alloc_chunk || (i == m->alloc_chunk && o < m->alloc_cell);
}

/* A new chunk of free cells, at the end of the chunk list. */
static int new_chunk(ccam_machine *m) {
    if (m->nchunks == m->chunks_cap) {
        size_t cap = m->chunks_cap ? 2 * m->chunks_cap : 16;
        char **c = ccamH_raw_realloc(m, m->chunks, cap * sizeof *c);
        if (!c) return -1;
        m->chunks = c;
        uint8_t *full = ccamH_raw_realloc(m, m->chunk_full, cap);
        if (!full) return -1;  /* chunks_cap stays: the next try grows both again */
        m->chunk_full = full;
        m->chunks_cap = cap;
    }
    char *chunk = ccamH_raw_malloc(m, CHUNK_BYTES);
    if (!chunk) return -1;
    m->chunk_full[m->nchunks] = 0;
    m->chunks[m->nchunks++] = chunk;
    for (size_t j = 0; j < CHUNK_CELLS; j++) *CELL(chunk, j) = (obj){ K_FREE, 0, 0, 1, 0 };
    CELL(chunk, USABLE_CELLS)->mark = 1;
    return 0;
}

/* The slow path's search for a free cell: the first unmarked cell from
   the cursor on, skipping the chunks known to hold only old cells, or a
   new chunk.  A chunk the cursor walks from its first cell to its sentinel
   without finding one holds only old cells: the minor collections leave it
   so (chunk_full), and the cursor skips it until a major one. */
static obj *find_free_cell(ccam_machine *m) {
    while (m->alloc_chunk < m->nchunks) {
        size_t i = m->alloc_chunk;
        char *chunk = m->chunks[i];
        obj *o = m->alloc_cell, *sentinel = CELL(chunk, USABLE_CELLS);
        int from_start = o == CELL(chunk, 0);
        if (from_start && m->chunk_full[i]) o = sentinel;
        while (o->mark && o != sentinel) o = NEXT_CELL(o);
        if (o != sentinel) {
            m->alloc_cell = o;
            return o;
        }
        if (from_start) m->chunk_full[i] = 1;
        m->alloc_chunk = i + 1;
        m->alloc_cell = i + 1 < m->nchunks ? CELL(m->chunks[i + 1], 0) : &no_cells;
    }
    if (new_chunk(m)) return NULL;
    return m->alloc_cell = CELL(m->chunks[m->alloc_chunk], 0);
}

static void account(ccam_machine *m, int64_t charged) {
    m->nobjects++;
    m->heap_bytes += charged;
    m->total_allocated += charged;
    if (m->heap_bytes > m->gc_threshold || m->heap_bytes > ccamH_limit(m)) m->gc_pending = 1;
}

/* A new object of `size` bytes (header included).  NULL when memory or the
   heap limit runs out (m->oom says which: 1 malloc failed, 2 the object
   cannot fit under max_heap even after a collection).  Code blocks are
   always large: their buffer is freed with them. */
void *ccamH_alloc(ccam_machine *m, int kind, size_t size) {
    int small = size <= SMALL_CELL && kind != CCAM_K_BLOCK;
    if (size > (size_t)INT64_MAX / 2) { m->oom = 2; return NULL; }
    int64_t charged = small ? SMALL_CELL : (int64_t)size;
    ccamH_sync(m);
    if (charged > headroom(m)) {
        /* Even if everything allocated since the last collection were
           garbage, this object would not fit (or a host value is being
           built: see headroom). */
        m->oom = 2;
        return NULL;
    }
    obj *o;
    if (small) {
        o = find_free_cell(m);
        if (!o) return NULL;
        m->cell_slow_allocs++;
        m->alloc_cell = NEXT_CELL(o);
    } else {
        large *l = large_malloc(m, sizeof(large) + size);
        if (!l) return NULL;
        l->bytes = charged;
        l->next = m->large_objects;
        m->large_objects = l;
        o = OBJ_OF_LARGE(l);
    }
    o->kind = (uint8_t)kind;
    o->mark = 0;
    o->flags = 0;
    o->small = (uint8_t)small;
    o->aux = 0;
    account(m, charged);
    ccamH_refresh_budget(m);
    return o;
}

/* ccamH_alloc_small met an old cell at the cursor (or no budget).  Old
   cells lie scattered among the free ones after a minor collection, and
   the cursor meets each run of them; while budget is left, skip the run
   within the chunk here, without ccamH_alloc's accounting (small_budget
   has answered for it), and take the free cell after it.  Each run cost
   a full slow path before: MLton's mpuz 13.6 -> 12.7 s, logic 1.52 ->
   1.31 s.  A chunk's sentinel (marked, K_FREE) ends the skip. */
void *ccamH_alloc_small_skipping(ccam_machine *m, int kind) {
    if (m->small_budget > 0) {
        obj *o = m->alloc_cell;
        while (o->mark && o->kind != K_FREE) o = NEXT_CELL(o);
        if (!o->mark) {
            m->alloc_cell = o;
            return ccamH_alloc_small(m, kind);
        }
    }
    return ccamH_alloc(m, kind, SMALL_CELL);
}

_Static_assert(sizeof(obj) == 8, "the object header is one word");
_Static_assert(sizeof(pair_obj) <= SMALL_CELL && sizeof(closure_obj) <= SMALL_CELL &&
               sizeof(exnname_obj) <= SMALL_CELL, "cell-sized objects fit a cell");
_Static_assert(sizeof(large) % 16 == 0, "large objects stay 16-aligned");

pair_obj *ccamH_pair(ccam_machine *m, int kind, value a, value b) {
    return ccamH_pair_fast(m, kind, a, b);
}

value ccamH_string(ccam_machine *m, const uint8_t *data, size_t len) {
    string_obj *s = ccamH_alloc(m, CCAM_K_STRING, sizeof(string_obj) + len + 1);
    if (!s) return V_NONE;
    s->len = len;
    if (len && data) memcpy(s->data, data, len);
    s->data[len] = 0;
    return VAL(s);
}

static array_obj *sequence(ccam_machine *m, int kind, uint64_t len) {
    if (len > (uint64_t)INT64_MAX / 16) { m->oom = 2; return NULL; }
    array_obj *a = ccamH_alloc(m, kind, sizeof(array_obj) + len * sizeof(value));
    if (a) a->len = len;
    return a;
}

array_obj *ccamH_array(ccam_machine *m, uint64_t len) { return sequence(m, CCAM_K_ARRAY, len); }

/* Like an array, its items are uninitialised: the caller fills them all
   before the next safe point (where a collection would scan them). */
array_obj *ccamH_vector(ccam_machine *m, uint64_t len) { return sequence(m, CCAM_K_VECTOR, len); }

value ccamH_exnname(ccam_machine *m, value name_string) {
    exnname_obj *x = ccamH_alloc(m, CCAM_K_EXNNAME, sizeof(exnname_obj));
    if (!x) return V_NONE;
    x->name = name_string;
    x->id = ++m->next_exn_id;
    return VAL(x);
}

block *ccamH_block(ccam_machine *m, int flags) {
    block *b = ccamH_alloc(m, CCAM_K_BLOCK, sizeof(block));
    if (!b) return NULL;
    b->h.flags = (uint8_t)flags;
    b->code = NULL;
    b->len = b->cap = b->ninstr = 0;
    return b;
}

/* Room for `words` more words in b.  0 on success, -1 if memory or the
   heap limit ran out, -2 if the block would exceed the format's limit. */
int ccamH_block_reserve(ccam_machine *m, block *b, uint32_t words) {
    if ((uint64_t)b->len + words <= b->cap) return 0;
    uint64_t cap = b->cap ? (uint64_t)b->cap * 2 : 16;
    while (cap < (uint64_t)b->len + words) cap *= 2;
    if (cap > UINT32_MAX / 2) return -2;
    int64_t grow = (int64_t)(cap - b->cap) * 8;
    if (grow > headroom(m)) { m->oom = 2; return -1; }
    uint64_t *code = ccamH_raw_realloc(m, b->code, cap * sizeof(uint64_t));
    if (!code) return -1;
    b->code = code;
    ccamH_sync(m);
    m->heap_bytes += grow;
    m->total_allocated += grow;
    LARGE_OF(b)->bytes += grow;
    b->cap = (uint32_t)cap;
    if (m->heap_bytes > m->gc_threshold || m->heap_bytes > ccamH_limit(m)) m->gc_pending = 1;
    ccamH_refresh_budget(m);
    return 0;
}

/* Seal: append the end-of-sub-program word.  Every append reserves one
   word more than it writes, so only a block never written to (no buffer
   yet) needs memory here.  0, or -1 when memory ran out. */
int ccamH_block_seal(ccam_machine *m, block *b) {
    if (b->h.flags & OF_SEALED) return 0;
    if (b->len == b->cap && ccamH_block_reserve(m, b, 1)) return -1;
    b->code[b->len++] = OP_RET;
    b->h.flags |= OF_SEALED;
    ccamV_fuse(b);  /* its words are final: pick the superinstructions */
    return 0;
}

/* ------------------------------------------------------------------ code layout */

static uint32_t operand_words(const char *kinds, const uint64_t *code, uint32_t pc) {
    uint32_t w = 0;
    for (; *kinds; kinds++) {
        if (*kinds == 'P') w += 1 + (uint32_t)code[pc + w];
        else if (*kinds == 'i') w += 2;
        else w += 1;
    }
    return w;
}

/* Words taken by the instruction at code[pc] (opcode included). */
uint32_t ccamH_op_width(const uint64_t *code, uint32_t pc) {
    uint64_t op = ccam_plain_op(code[pc]);
    if (op == OP_RET || op > CCAM_OP_MAX_CODE || !ccam_op_operands[op]) return 1;
    return 1 + operand_words(ccam_op_operands[op], code, pc + 1);
}

/* ------------------------------------------------------------------ mark */

/* Marking is a graph walk bound by memory latency: on a large live heap
   nearly every object it reaches is a cache miss.  So an object is not
   looked at when it is found.  Its pointer goes onto the mark stack
   unexamined (`grey`); `drain` moves pointers from the stack into a small
   FIFO, prefetching each object as it enters, and examines an object only
   as it leaves the FIFO, MARK_FIFO objects later, when its line has
   (hopefully) arrived: then it is marked if it was not, and its children
   are pushed.  The misses of up to MARK_FIFO objects overlap instead of
   following one another (Boehm's prefetch-on-grey).  A pointer may be
   pushed more than once (each edge to an object pushes it); the mark bit
   makes the second visit a no-op.

   If the mark stack cannot grow, the object is marked at once but not
   scanned; mark_overflow makes mark_all rescan the heap for such objects
   (no recursion, no failure). */
#define MARK_FIFO 16

/* grey when the mark stack is full: grow it, or else mark the object
   at once and leave it to the rescan. */
static void grey_onto_full_stack(ccam_machine *m, value v) {
    size_t cap = m->mark_cap ? 2 * m->mark_cap : MARK_STACK_INITIAL;
    value *s = ccamH_raw_realloc(m, m->mark_stack, cap * sizeof(value));
    if (s) {
        m->mark_stack = s;
        m->mark_cap = cap;
        m->mark_stack[m->mark_top++] = v;
        return;
    }
    m->oom = 0;
    obj *o = OBJ(v);
    if (o->mark) return;
    o->mark = 1;
    m->cells_marked += o->small;
    if (o->kind != CCAM_K_STRING) m->mark_overflow = 1;
}

static inline void grey(ccam_machine *m, value v) {
    if (!IS_PTR(v)) return;
    if (__builtin_expect(m->mark_top == m->mark_cap, 0)) {
        grey_onto_full_stack(m, v);
        return;
    }
    m->mark_stack[m->mark_top++] = v;
}

static void scan_block(ccam_machine *m, block *b) {
    const uint64_t *code = b->code;
    uint32_t pc = 0;
    while (pc < b->len) {
        uint64_t op = ccam_plain_op(code[pc]);
        if (op == OP_RET) { pc++; continue; }
        const char *k = ccam_op_operands[op];
        uint32_t at = pc + 1;
        for (; *k; k++) {
            switch (*k) {
            case 'c': case 's': grey(m, code[at]); at++; break;
            case 'p': grey(m, code[at]); at++; break;
            case 'P': {
                uint64_t n = code[at++];
                for (uint64_t i = 0; i < n; i++) grey(m, code[at++]);
                break;
            }
            case 'i': {
                uint64_t inner = code[at];
                const char *ik = ccam_op_operands[inner];
                if (ik[0] == 'c' || ik[0] == 's') grey(m, code[at + 1]);
                at += 2;
                break;
            }
            default: at++; break;
            }
        }
        pc = at;
    }
}

static void scan_object(ccam_machine *m, obj *o) {
    switch (o->kind) {
    case CCAM_K_PAIR: case CCAM_K_EXN:
        grey(m, ((pair_obj *)o)->a);
        grey(m, ((pair_obj *)o)->b);
        break;
    case CCAM_K_CON: case CCAM_K_REF:
        grey(m, ((pair_obj *)o)->a);
        break;
    case CCAM_K_CLOSURE:
        grey(m, ((closure_obj *)o)->env);
        grey(m, VAL(((closure_obj *)o)->code));
        break;
    case CCAM_K_EXNNAME:
        grey(m, ((exnname_obj *)o)->name);
        break;
    case CCAM_K_ARRAY: case CCAM_K_VECTOR: {
        array_obj *a = (array_obj *)o;
        for (uint64_t i = 0; i < a->len; i++) grey(m, a->items[i]);
        break;
    }
    case CCAM_K_BLOCK:
        scan_block(m, (block *)o);
        break;
    default:
        break;
    }
}

/* Mark and scan everything reachable from the mark stack (see grey). */
static void drain(ccam_machine *m) {
    value fifo[MARK_FIFO];
    unsigned head = 0, count = 0;
    for (;;) {
        while (count < MARK_FIFO && m->mark_top) {
            value v = m->mark_stack[--m->mark_top];
            __builtin_prefetch(OBJ(v), 1, 3);
            fifo[(head + count) % MARK_FIFO] = v;
            count++;
        }
        if (!count) return;
        obj *o = OBJ(fifo[head]);
        head = (head + 1) % MARK_FIFO;
        count--;
        if (o->mark) continue;
        o->mark = 1;
        m->cells_marked += o->small;
        scan_object(m, o);
    }
}

/* ------------------------------------------------------------------ generations */

/* The write barrier's slow path (ccamH_barrier in ccam_int.h): o is old and
   now points to a young object.  If the set cannot grow, the next
   collection is major instead, which needs no remembered set. */
void ccamH_remember(ccam_machine *m, obj *o) {
    if (m->remembered_lost) return;
    if (m->nremembered == m->remembered_cap) {
        size_t cap = m->remembered_cap ? 2 * m->remembered_cap : 256;
        int saved_oom = m->oom;  /* a failure here fails no instruction */
        obj **r = ccamH_raw_realloc(m, m->remembered, cap * sizeof *r);
        m->oom = saved_oom;
        if (!r) {
            m->remembered_lost = 1;
            return;
        }
        m->remembered = r;
        m->remembered_cap = cap;
    }
    o->flags |= OF_REMEMBERED;
    m->remembered[m->nremembered++] = o;
}

static void forget_remembered(ccam_machine *m) {
    for (size_t i = 0; i < m->nremembered; i++) m->remembered[i]->flags &= (uint8_t)~OF_REMEMBERED;
    m->nremembered = 0;
    m->remembered_lost = 0;
}

/* A major collection starts from nothing old: every mark bit cleared (the
   sentinels' excepted), no chunk full. */
static void clear_marks(ccam_machine *m) {
    for (size_t i = 0; i < m->nchunks; i++) {
        char *chunk = m->chunks[i];
        for (size_t j = 0; j < USABLE_CELLS; j++) CELL(chunk, j)->mark = 0;
        m->chunk_full[i] = 0;
    }
    m->cells_swept += (int64_t)m->nchunks * USABLE_CELLS;
    for (large *l = m->large_objects; l; l = l->next) OBJ_OF_LARGE(l)->mark = 0;
}

/* Mark from the roots.  A minor collection (major = 0) also scans every
   remembered object: those are old, so the marker would not enter them,
   but they are the only old objects that may point to young ones. */
static void mark_all(ccam_machine *m, int major) {
    m->mark_top = 0;
    m->mark_overflow = 0;
    m->cells_marked = 0;
    if (major) {
        forget_remembered(m);
        clear_marks(m);
    } else {
        for (size_t i = 0; i < m->nremembered; i++) {
            obj *o = m->remembered[i];
            o->flags &= (uint8_t)~OF_REMEMBERED;
            scan_object(m, o);
            drain(m);
        }
        m->nremembered = 0;
    }
    for (size_t i = 0; i < m->sp; i++) grey(m, m->vs[i]);
    grey(m, m->top);
    grey(m, m->result);
    for (size_t i = 0; i < m->csp; i++) {
        frame *f = &m->cs[i];
        grey(m, VAL(f->blk));
        grey(m, VAL(f->handler));
        grey(m, f->env);
    }
    for (int64_t i = 0; i < m->nglobals; i++) grey(m, m->globals[i]);
    for (size_t i = 0; i < m->npins_cap; i++) grey(m, m->pins[i]);
    grey(m, VAL(m->main_block));
    grey(m, VAL(m->call_block));
    for (int i = 0; i < CCAM_N_BUILTIN_EXNS; i++) grey(m, m->builtin_exn[i]);
    grey(m, VAL(m->blk));
    drain(m);
    while (m->mark_overflow) {
        /* Some grey objects never reached the mark stack: rescan every
           marked object (scanning twice is harmless). */
        m->mark_overflow = 0;
        m->cells_swept += (int64_t)m->nchunks * USABLE_CELLS;
        for (size_t i = 0; i < m->nchunks; i++) {
            for (size_t j = 0; j < USABLE_CELLS; j++) {
                obj *o = CELL(m->chunks[i], j);
                if (o->mark) { scan_object(m, o); drain(m); }
            }
        }
        for (large *l = m->large_objects; l; l = l->next) {
            obj *o = OBJ_OF_LARGE(l);
            if (o->mark) { scan_object(m, o); drain(m); }
        }
    }
}

/* ------------------------------------------------------------------ sweep */

/* The cells need no sweep: once marking is done, every unmarked cell is
   free, and rewinding the cursor (rewind_cursor) hands them out again.
   Marks stay set: a survivor is old from now on (sticky mark bits); the
   live cells are the old ones a minor collection does not look at plus
   those it marked.  Returning an empty chunk to malloc, once the free
   cells kept already cover the allocation expected before the next
   collection (at least as much as is live), needs a pass over the cells:
   it is made only when the free cells exceed that by more than a chunk
   (the heap has shrunk), never in a steady state.  When survivors are
   scattered over every chunk, the pass frees none; a minor collection
   cannot empty an old chunk, so minors skip the pass until the heap has
   grown by a chunk (an empty chunk can then exist) or a major runs. */
static void count_cells(ccam_machine *m, int64_t keep_free_bytes, int major) {
    int64_t live = (major ? 0 : m->old_cells) + m->cells_marked;
    m->old_cells = live;
    m->nobjects = live;
    m->heap_bytes = live * SMALL_CELL;
    int64_t free_cells = (int64_t)m->nchunks * USABLE_CELLS - live;
    if ((free_cells - USABLE_CELLS) * SMALL_CELL <= keep_free_bytes) return;
    if (!major && m->nchunks == m->chunks_unreleasable) return;
    size_t chunks_before = m->nchunks;
    int64_t kept_free = 0;
    size_t kept_chunks = 0;
    for (size_t i = 0; i < m->nchunks; i++) {
        char *chunk = m->chunks[i];
        int64_t chunk_live = USABLE_CELLS;
        if (!m->chunk_full[i]) {
            chunk_live = 0;
            for (size_t j = 0; j < USABLE_CELLS; j++) chunk_live += CELL(chunk, j)->mark;
            m->cells_swept += USABLE_CELLS;
        }
        if (chunk_live == 0 && kept_free * SMALL_CELL >= keep_free_bytes) {
            free(chunk);
            continue;
        }
        kept_free += USABLE_CELLS - chunk_live;
        m->chunk_full[kept_chunks] = chunk_live == USABLE_CELLS;
        m->chunks[kept_chunks++] = chunk;
    }
    m->nchunks = kept_chunks;
    m->chunks_unreleasable = kept_chunks == chunks_before ? kept_chunks : 0;
}

static void sweep_large(ccam_machine *m, int64_t keep_bytes) {
    large **link = &m->large_objects;
    while (*link) {
        large *l = *link;
        obj *o = OBJ_OF_LARGE(l);
        if (o->mark) {
            m->nobjects++;
            m->heap_bytes += l->bytes;
            link = &l->next;
        } else {
            *link = l->next;
            keep_large(m, l, keep_bytes);
        }
    }
}

static int64_t monotonic_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* The heap may grow by `grow` bytes before the next collection.  Marking
   costs about as much as is live, so collecting after allocating as much
   again as is live (Go's default) keeps the collector's cost per
   allocated byte constant in a steady state.  But while a program builds a
   large structure, each collection finds most of the heap still live and
   the next is due after only a little more allocation: building a list of
   10^7 ints marked the growing list 21 times, 4.6 times its final size in
   all.  So when a fair share of what was allocated since the previous
   collection survived (the heap is growing), the room grows up to twice
   the live bytes: half as many collections on a growing heap, at most three
   times the live bytes at the peak, and no change for a program whose live
   data stays put (nothing new survives) or is small (under
   MIN_GC_THRESHOLD, the room every heap has).  max_heap still caps it (see
   ccamH_refresh_budget). */
static int64_t next_growth(int64_t live, int64_t live_before, int64_t allocated) {
    /* a small heap (the first collection of every program among them)
       keeps the fixed minimum room */
    if (live <= MIN_GC_THRESHOLD) return MIN_GC_THRESHOLD;
    if (allocated <= 0 || live <= live_before) return live;
    /* survived / allocated >= 1/8: twice the live bytes; linearly less below that */
    double share = (double)(live - live_before) / (double)allocated * 8.0;
    if (share > 1.0) share = 1.0;
    return live + (int64_t)((double)live * share);
}

/* Whether the collection after this one must be major: once the old data
   has grown by as much as was live after the last major collection (at
   least MIN_GC_THRESHOLD), so the old objects that died unseen since (the
   floating garbage minors cannot free) stay a bounded share of the heap,
   and a growing heap is marked in full only O(log) times: the marking work
   of the majors sums to about twice the final live bytes. */
static int major_due(ccam_machine *m) {
    if (m->remembered_lost) return 1;
    int64_t room = m->live_after_major > MIN_GC_THRESHOLD ? m->live_after_major : MIN_GC_THRESHOLD;
    return m->live_bytes - m->live_after_major > room;
}

static void collect(ccam_machine *m, int major) {
    int64_t start = monotonic_ns();
    int saved_oom = m->oom;
    ccamH_sync(m);
    if (m->heap_bytes > m->peak_heap_bytes) m->peak_heap_bytes = m->heap_bytes;
    /* heap_bytes - live_bytes: what was allocated since the last collection
       (nothing is freed between collections) */
    int64_t live_before = m->live_bytes, allocated = m->heap_bytes - m->live_bytes;
    mark_all(m, major);
    int64_t keep_free = m->live_bytes > MIN_GC_THRESHOLD ? m->live_bytes : MIN_GC_THRESHOLD;
    count_cells(m, keep_free, major);
    rewind_cursor(m);
    sweep_large(m, keep_free);
    m->oom = saved_oom;
    m->live_bytes = m->heap_bytes;
    m->ncollections++;
    if (major) {
        m->nmajor++;
        m->live_after_major = m->live_bytes;
        m->live_inexact = 0;
    } else {
        m->live_inexact = 1;
    }
    m->gc_pending = 0;
    m->major_next = major_due(m);
    /* Every collection, minor ones too, scans the whole value and call
       stacks: the room before the next is at least their size, so that a
       deep recursion's collections scan in all no more than is allocated
       (with a fixed room, a recursion n deep paid O(n) per collection, and
       made O(n) of them). */
    int64_t growth = next_growth(m->live_bytes, live_before, allocated);
    int64_t stacks = (int64_t)(m->sp * sizeof(value) + m->csp * sizeof(frame));
    if (growth < stacks) growth = stacks;
    m->gc_threshold = m->live_bytes + growth;
    ccamH_refresh_budget(m);
    m->gc_nanoseconds += monotonic_ns() - start;
}

/* The collection at a safe point: minor unless the policy (major_due) or
   a heap-limit retry asked for a major one.  A minor that leaves more than
   max_heap counted live is followed at once by a major one, so the machine
   never stops at the limit because of dead old objects. */
void ccamH_collect(ccam_machine *m) {
    collect(m, m->major_next || m->remembered_lost);
    if (m->live_inexact && m->live_bytes > ccamH_limit(m)) collect(m, 1);
}

void ccamH_collect_major(ccam_machine *m) { collect(m, 1); }

/* After an allocation failed at the heap limit (m->oom == 2), whether the
   caller must redo the failed operation after a major collection (1), or
   the failure stands (0).
   Inside a run: if a minor collection ran since the last major one,
   live_bytes may count dead old objects, so the failure may be spurious;
   the loop collects at its safe point (m->major_next) and runs the
   instruction again.  Otherwise live_bytes is what the collector without
   generations would have counted: the limit fails the programs it failed.
   Outside a run (the API building host values): always, collecting here,
   so whether a host value fits does not depend on when the last collection
   ran or what it was: the values of earlier calls and released handles are
   garbage by now.  Once per operation: the caller gives up on a second
   failure. */
int ccamH_retry_after_major(ccam_machine *m) {
    if (m->oom != 2) return 0;
    if (m->running) {
        if (!m->live_inexact) return 0;
        m->major_next = 1;
        m->gc_pending = 1;
    } else {
        collect(m, 1);
    }
    m->oom = 0;
    return 1;
}

void ccamH_free_all(ccam_machine *m) {
    large *l = m->large_objects;
    while (l) {
        large *next = l->next;
        free_large(l);
        l = next;
    }
    m->large_objects = NULL;
    free_recycled(m);
    for (size_t i = 0; i < m->nchunks; i++) free(m->chunks[i]);
    free(m->chunks);
    free(m->chunk_full);
    free(m->mark_stack);
    free(m->remembered);
    m->remembered = NULL;
    m->nremembered = m->remembered_cap = 0;
    m->chunk_full = NULL;
    m->chunks = NULL;
    m->nchunks = 0;
    m->old_cells = 0;
    rewind_cursor(m);
    m->mark_stack = NULL;
}

/* ------------------------------------------------------------------ heap checker */

static int cmp_ptr(const void *a, const void *b) {
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;
    return x < y ? -1 : x > y;
}

typedef struct { uintptr_t *addr; size_t n; } objset;

static int is_object(const objset *s, value v) {
    uintptr_t p = (uintptr_t)v;
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->addr[mid] < p) lo = mid + 1; else hi = mid;
    }
    return lo < s->n && s->addr[lo] == p;
}

#define CHECK(cond, ...) do { if (!(cond)) { snprintf(why, whylen, __VA_ARGS__); goto fail; } } while (0)

static int valid_value(const objset *s, value v) {
    if (v == V_NONE) return 1;
    if (IS_INT(v) || IS_CON0(v) || v == V_UNIT || v == V_BOTTOM) return 1;
    return IS_PTR(v) && is_object(s, v);
}

static int young(value v) { return IS_PTR(v) && !OBJ(v)->mark; }

/* Whether the (valid) object o holds a pointer to a young object: the
   fields scan_object visits. */
static int has_young_child(obj *o) {
    switch (o->kind) {
    case CCAM_K_PAIR: case CCAM_K_EXN: return young(((pair_obj *)o)->a) || young(((pair_obj *)o)->b);
    case CCAM_K_CON: case CCAM_K_REF: return young(((pair_obj *)o)->a);
    case CCAM_K_CLOSURE: return young(((closure_obj *)o)->env) || young(VAL(((closure_obj *)o)->code));
    case CCAM_K_EXNNAME: return young(((exnname_obj *)o)->name);
    case CCAM_K_ARRAY: case CCAM_K_VECTOR: {
        array_obj *a = (array_obj *)o;
        for (uint64_t i = 0; i < a->len; i++) if (young(a->items[i])) return 1;
        return 0;
    }
    case CCAM_K_BLOCK: {
        block *b = (block *)o;
        for (uint32_t pc = 0; pc < b->len; pc += ccamH_op_width(b->code, pc)) {
            uint64_t op = ccam_plain_op(b->code[pc]);
            if (op == OP_RET) continue;
            uint32_t at = pc + 1;
            for (const char *k = ccam_op_operands[op]; *k; k++) {
                if (*k == 'c' || *k == 's' || *k == 'p') { if (young(b->code[at])) return 1; at++; }
                else if (*k == 'P') {
                    uint64_t cnt = b->code[at++];
                    for (uint64_t i = 0; i < cnt; i++, at++) if (young(b->code[at])) return 1;
                } else if (*k == 'i') {
                    const char *ik = ccam_op_operands[b->code[at]];
                    if ((ik[0] == 'c' || ik[0] == 's') && young(b->code[at + 1])) return 1;
                    at += 2;
                } else at++;
            }
        }
        return 0;
    }
    default:
        return 0;
    }
}

/* Walk the whole heap and the roots verifying the invariants: every
   reference from an object or a root is an immediate or a live object;
   the generational invariant (every old object that points to a young one
   is in the remembered set; the set holds old objects only, each once, all
   flagged; a chunk called full holds only old cells); the allocation
   cursor lies in its chunk, every chunk keeps its sentinel; kinds are
   valid; blocks decode
   into known instructions whose operands are values and blocks, and sealed
   blocks end with OP_RET; the byte and object counts add up. */
int ccamH_check(ccam_machine *m, char *why, size_t whylen) {
    objset s = { NULL, 0 };
    int64_t count = 0, bytes = 0;
    ccamH_sync(m);
    for (size_t i = 0; i < m->nchunks; i++)
        for (size_t j = 0; j < USABLE_CELLS; j++)
            if (cell_is_object(m, i, CELL(m->chunks[i], j))) count++;
    for (large *l = m->large_objects; l; l = l->next) count++;
    s.addr = malloc((size_t)(count ? count : 1) * sizeof(uintptr_t));
    if (!s.addr) { snprintf(why, whylen, "heap check: out of memory"); return -1; }
    for (size_t i = 0; i < m->nchunks; i++)
        for (size_t j = 0; j < USABLE_CELLS; j++) {
            obj *o = CELL(m->chunks[i], j);
            if (cell_is_object(m, i, o)) s.addr[s.n++] = (uintptr_t)o;
        }
    for (large *l = m->large_objects; l; l = l->next) s.addr[s.n++] = (uintptr_t)OBJ_OF_LARGE(l);
    qsort(s.addr, s.n, sizeof(uintptr_t), cmp_ptr);
    CHECK(count == m->nobjects, "object count %lld != %lld", (long long)count, (long long)m->nobjects);
    if (m->alloc_chunk < m->nchunks) {
        char *chunk = m->chunks[m->alloc_chunk];
        CHECK(m->alloc_cell >= CELL(chunk, 0) && m->alloc_cell <= CELL(chunk, USABLE_CELLS) &&
              ((char *)m->alloc_cell - chunk) % SMALL_CELL == 0, "the allocation cursor is off its chunk");
    } else {
        CHECK(m->alloc_chunk == m->nchunks && m->alloc_cell == &no_cells, "the allocation cursor is past the chunks");
    }
    for (size_t i = 0; i < m->nchunks; i++) {
        obj *sentinel = CELL(m->chunks[i], USABLE_CELLS);
        CHECK(sentinel->kind == K_FREE && sentinel->mark, "chunk %zu lost its sentinel", i);
    }
    CHECK(m->old_cells <= m->nobjects, "%lld old cells, %lld objects", (long long)m->old_cells, (long long)m->nobjects);
    for (size_t k = 0; k < s.n; k++) {
        obj *o = (obj *)s.addr[k];
        CHECK(o->small ? o->kind != CCAM_K_BLOCK : 1, "code block %p in a cell", (void *)o);
        bytes += o->small ? SMALL_CELL : LARGE_OF(o)->bytes;
        if (!o->small && o->kind == CCAM_K_BLOCK)
            CHECK(LARGE_OF(o)->bytes == (int64_t)sizeof(block) + (int64_t)((block *)o)->cap * 8,
                  "block %p charged %lld bytes", (void *)o, (long long)LARGE_OF(o)->bytes);
        CHECK((o->kind <= CCAM_K_EXN || o->kind == CCAM_K_VECTOR) && o->kind != CCAM_K_INT && o->kind != CCAM_K_UNIT && o->kind != CCAM_K_CON0,
              "object %p has bad kind %d", (void *)o, o->kind);
        CHECK(!(o->flags & OF_REMEMBERED) || o->mark, "young object %p in the remembered set", (void *)o);
        switch (o->kind) {
        case CCAM_K_PAIR: case CCAM_K_EXN: case CCAM_K_CON: case CCAM_K_REF: {
            pair_obj *p = (pair_obj *)o;
            CHECK(valid_value(&s, p->a) && valid_value(&s, p->b), "%s %p has a dangling field",
                  o->kind == CCAM_K_PAIR ? "pair" : "cell", (void *)o);
            if (o->kind == CCAM_K_EXN) CHECK(IS_KIND(p->a, CCAM_K_EXNNAME), "exception value without a name");
            if (o->kind != CCAM_K_EXN) CHECK(p->a != V_NONE, "cell %p holds no value", (void *)o);
            break;
        }
        case CCAM_K_CLOSURE: {
            closure_obj *c = (closure_obj *)o;
            CHECK(valid_value(&s, c->env) && c->env != V_NONE, "closure %p has a bad environment", (void *)o);
            CHECK(is_object(&s, VAL(c->code)) && c->code->h.kind == CCAM_K_BLOCK, "closure %p has bad code", (void *)o);
            CHECK(c->code->h.flags & OF_SEALED, "closure %p runs an unsealed block", (void *)o);
            break;
        }
        case CCAM_K_EXNNAME:
            CHECK(IS_KIND(((exnname_obj *)o)->name, CCAM_K_STRING) && is_object(&s, ((exnname_obj *)o)->name),
                  "exception name %p has no name string", (void *)o);
            break;
        case CCAM_K_ARRAY: case CCAM_K_VECTOR: {
            array_obj *a = (array_obj *)o;
            for (uint64_t i = 0; i < a->len; i++)
                CHECK(valid_value(&s, a->items[i]) && a->items[i] != V_NONE, "array/vector %p item %llu dangling",
                      (void *)o, (unsigned long long)i);
            break;
        }
        case CCAM_K_STRING:
            CHECK(((string_obj *)o)->data[((string_obj *)o)->len] == 0, "string %p not terminated", (void *)o);
            break;
        case CCAM_K_BLOCK: {
            block *b = (block *)o;
            CHECK(b->len <= b->cap, "block %p overflows its buffer", (void *)o);
            uint32_t pc = 0, n = 0;
            while (pc < b->len) {
                uint64_t op = ccam_plain_op(b->code[pc]);
                if (op == OP_RET) {
                    CHECK(pc + 1 == b->len && (o->flags & OF_SEALED), "block %p: misplaced end", (void *)o);
                    pc++;
                    continue;
                }
                CHECK(op <= CCAM_OP_MAX_CODE && ccam_op_operands[op], "block %p: bad opcode %llu", (void *)o,
                      (unsigned long long)op);
                uint32_t w = ccamH_op_width(b->code, pc);
                CHECK(pc + w <= b->len, "block %p: instruction overruns", (void *)o);
                CHECK(b->code[pc] == op || ((o->flags & OF_SEALED) && ccamV_fused_word_ok(b->code, pc, b->len)),
                      "block %p: bad fused opcode %#llx", (void *)o, (unsigned long long)b->code[pc]);
                const char *k = ccam_op_operands[op];
                uint32_t at = pc + 1;
                for (; *k; k++) {
                    if (*k == 'c' || *k == 's') { CHECK(valid_value(&s, b->code[at]) && b->code[at], "block %p: bad constant", (void *)o); at++; }
                    else if (*k == 'p') {
                        CHECK(is_object(&s, b->code[at]) && KIND(b->code[at]) == CCAM_K_BLOCK &&
                              (OBJ(b->code[at])->flags & OF_SEALED), "block %p: bad sub-program", (void *)o);
                        at++;
                    } else if (*k == 'P') {
                        uint64_t cnt = b->code[at++];
                        for (uint64_t i = 0; i < cnt; i++, at++)
                            CHECK(is_object(&s, b->code[at]) && KIND(b->code[at]) == CCAM_K_BLOCK,
                                  "block %p: bad arm", (void *)o);
                    } else if (*k == 'i') {
                        uint64_t inner = b->code[at];
                        CHECK(inner <= CCAM_OP_MAX_CODE && ccam_op_operands[inner] && ccam_op_simple[inner],
                              "block %p: bad emitted instruction", (void *)o);
                        at += 2;
                    } else at++;
                }
                pc += w;
                n++;
            }
            CHECK(n == b->ninstr, "block %p: %u instructions, header says %u", (void *)o, n, b->ninstr);
            CHECK(!(o->flags & OF_SEALED) || (b->len > 0 && b->code[b->len - 1] == OP_RET),
                  "sealed block %p without end", (void *)o);
            break;
        }
        default:
            break;
        }
    }
    CHECK(bytes == m->heap_bytes, "heap bytes %lld != accounted %lld", (long long)bytes, (long long)m->heap_bytes);
    /* generations (every field is known valid now) */
    {
        size_t flagged = 0;
        for (size_t k = 0; k < s.n; k++) {
            obj *o = (obj *)s.addr[k];
            if (o->flags & OF_REMEMBERED) flagged++;
            if (o->mark && !(o->flags & OF_REMEMBERED) && !m->remembered_lost)
                CHECK(!has_young_child(o), "old %s %p points to a young object but is not remembered",
                      ccamV_kind_name(VAL(o)), (void *)o);
        }
        CHECK(flagged == m->nremembered, "%zu objects flagged remembered, %zu in the set", flagged, m->nremembered);
        for (size_t i = 0; i < m->nremembered; i++)
            CHECK(is_object(&s, VAL(m->remembered[i])) && (m->remembered[i]->flags & OF_REMEMBERED),
                  "remembered set entry %zu is not a flagged object", i);
        for (size_t i = 0; i < m->nchunks; i++) {
            if (!m->chunk_full[i]) continue;
            for (size_t j = 0; j < USABLE_CELLS; j++) {
                obj *o = CELL(m->chunks[i], j);
                CHECK(o->mark, "chunk %zu was full but cell %zu is young or free", i, j);
            }
        }
    }
    /* roots */
    for (size_t i = 0; i < m->sp; i++) CHECK(valid_value(&s, m->vs[i]) && m->vs[i], "stack slot %zu dangling", i);
    CHECK(valid_value(&s, m->top), "top register dangling");
    for (size_t i = 0; i < m->csp; i++) {
        CHECK(is_object(&s, VAL(m->cs[i].blk)), "frame %zu: dangling block", i);
        CHECK(!m->cs[i].handler || is_object(&s, VAL(m->cs[i].handler)), "frame %zu: dangling handler", i);
        CHECK(valid_value(&s, m->cs[i].env), "frame %zu: dangling env", i);
    }
    for (int64_t i = 0; i < m->nglobals; i++) CHECK(valid_value(&s, m->globals[i]), "global %lld dangling", (long long)i);
    for (size_t i = 0; i < m->npins_cap; i++) CHECK(valid_value(&s, m->pins[i]), "pin %zu dangling", i);
    CHECK(!m->main_block || is_object(&s, VAL(m->main_block)), "main block dangling");
    free(s.addr);
    return 0;
fail:
    free(s.addr);
    return -1;
}
