/* heap.c — allocation, the mark & sweep collector, and the debug heap checker.
 *
 * The design and THE invariant (collection only at safe points) are in
 * ccam_int.h.  Allocation never collects; it accounts bytes and, when the
 * heap grew past the threshold, sets gc_pending so the interpreter collects
 * before its next instruction.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ccam_int.h"

#define CHUNK_CELLS 2048
#define MIN_GC_THRESHOLD (8 << 20)
#define MARK_STACK_INITIAL 4096

/* ------------------------------------------------------------------ raw memory */

/* Every malloc of the machine goes through here so the debug failing
   allocator (fail_after, counted during runs only) can make any of them fail. */
void *ccamH_raw_malloc(ccam_machine *m, size_t size) {
    if (m->fail_after >= 0 && m->running) {
        if (m->fail_after == 0) { m->oom = 1; return NULL; }
        m->fail_after--;
    }
    void *p = malloc(size ? size : 1);
    if (!p) m->oom = 1;
    return p;
}

void *ccamH_raw_realloc(ccam_machine *m, void *old, size_t size) {
    if (m->fail_after >= 0 && m->running) {
        if (m->fail_after == 0) { m->oom = 1; return NULL; }
        m->fail_after--;
    }
    void *p = realloc(old, size ? size : 1);
    if (!p) m->oom = 1;
    return p;
}

/* ------------------------------------------------------------------ allocation */

static obj *small_cell(ccam_machine *m) {
    if (!m->free_cells) {
        if (m->nchunks == m->chunks_cap) {
            size_t cap = m->chunks_cap ? 2 * m->chunks_cap : 16;
            void **c = ccamH_raw_realloc(m, m->chunks, cap * sizeof *c);
            if (!c) return NULL;
            m->chunks = c;
            m->chunks_cap = cap;
        }
        char *chunk = ccamH_raw_malloc(m, (size_t)CHUNK_CELLS * SMALL_CELL);
        if (!chunk) return NULL;
        m->chunks[m->nchunks++] = chunk;
        for (int i = CHUNK_CELLS - 1; i >= 0; i--) {
            obj *c = (obj *)(chunk + (size_t)i * SMALL_CELL);
            c->kind = 0xFF;
            c->next = m->free_cells;
            m->free_cells = c;
        }
    }
    obj *c = m->free_cells;
    m->free_cells = c->next;
    return c;
}

/* A new object of `size` bytes (header included), linked into the heap.
   NULL when memory or the heap limit runs out (m->oom says which: 1 malloc
   failed, 2 the object cannot fit under max_heap even after a collection). */
void *ccamH_alloc(ccam_machine *m, int kind, size_t size) {
    size_t charged = size <= SMALL_CELL ? SMALL_CELL : size;
    if ((int64_t)charged > m->max_heap - m->live_bytes) {
        /* Even if everything allocated since the last collection were
           garbage, this object would not fit. */
        m->oom = 2;
        return NULL;
    }
    obj *o;
    if (size <= SMALL_CELL) {
        o = small_cell(m);
        if (!o) return NULL;
        o->small = 1;
    } else {
        o = ccamH_raw_malloc(m, size);
        if (!o) return NULL;
        o->small = 0;
    }
    o->kind = (uint8_t)kind;
    o->mark = 0;
    o->flags = 0;
    o->aux = 0;
    o->next = m->objects;
    m->objects = o;
    m->nobjects++;
    m->heap_bytes += (int64_t)charged;
    m->total_allocated += (int64_t)charged;
    if (m->heap_bytes > m->gc_threshold || m->heap_bytes > m->max_heap) m->gc_pending = 1;
    return o;
}

pair_obj *ccamH_pair(ccam_machine *m, int kind, value a, value b) {
    pair_obj *p = ccamH_alloc(m, kind, sizeof(pair_obj));
    if (p) { p->a = a; p->b = b; }
    return p;
}

value ccamH_string(ccam_machine *m, const uint8_t *data, size_t len) {
    string_obj *s = ccamH_alloc(m, CCAM_K_STRING, sizeof(string_obj) + len + 1);
    if (!s) return V_NONE;
    s->len = len;
    if (len && data) memcpy(s->data, data, len);
    s->data[len] = 0;
    return VAL(s);
}

array_obj *ccamH_array(ccam_machine *m, uint64_t len) {
    if (len > (uint64_t)INT64_MAX / 16) { m->oom = 2; return NULL; }
    array_obj *a = ccamH_alloc(m, CCAM_K_ARRAY, sizeof(array_obj) + len * sizeof(value));
    if (a) a->len = len;
    return a;
}

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
    if (grow > m->max_heap - m->live_bytes) { m->oom = 2; return -1; }
    uint64_t *code = ccamH_raw_realloc(m, b->code, cap * sizeof(uint64_t));
    if (!code) return -1;
    b->code = code;
    m->heap_bytes += grow;
    m->total_allocated += grow;
    b->cap = (uint32_t)cap;
    if (m->heap_bytes > m->gc_threshold || m->heap_bytes > m->max_heap) m->gc_pending = 1;
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
    uint64_t op = code[pc];
    if (op == OP_RET || op > CCAM_OP_MAX_CODE || !ccam_op_operands[op]) return 1;
    return 1 + operand_words(ccam_op_operands[op], code, pc + 1);
}

/* ------------------------------------------------------------------ mark */

/* Grey an object: mark it and queue it for scanning.  If the mark stack
   cannot grow, the object stays marked but unscanned; mark_overflow makes
   mark_all rescan the heap for such objects (no recursion, no failure). */
static void mark_value(ccam_machine *m, value v) {
    if (!IS_PTR(v)) return;
    obj *o = OBJ(v);
    if (o->mark) return;
    o->mark = 1;
    if (o->kind == CCAM_K_STRING) return;  /* no children */
    if (m->mark_top == m->mark_cap) {
        size_t cap = m->mark_cap ? 2 * m->mark_cap : MARK_STACK_INITIAL;
        value *s = ccamH_raw_realloc(m, m->mark_stack, cap * sizeof(value));
        if (!s) { m->oom = 0; m->mark_overflow = 1; return; }
        m->mark_stack = s;
        m->mark_cap = cap;
    }
    m->mark_stack[m->mark_top++] = v;
}

static void scan_block(ccam_machine *m, block *b) {
    const uint64_t *code = b->code;
    uint32_t pc = 0;
    while (pc < b->len) {
        uint64_t op = code[pc];
        if (op == OP_RET) { pc++; continue; }
        const char *k = ccam_op_operands[op];
        uint32_t at = pc + 1;
        for (; *k; k++) {
            switch (*k) {
            case 'c': case 's': mark_value(m, code[at]); at++; break;
            case 'p': mark_value(m, code[at]); at++; break;
            case 'P': {
                uint64_t n = code[at++];
                for (uint64_t i = 0; i < n; i++) mark_value(m, code[at++]);
                break;
            }
            case 'i': {
                uint64_t inner = code[at];
                const char *ik = ccam_op_operands[inner];
                if (ik[0] == 'c' || ik[0] == 's') mark_value(m, code[at + 1]);
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
        mark_value(m, ((pair_obj *)o)->a);
        mark_value(m, ((pair_obj *)o)->b);
        break;
    case CCAM_K_CON: case CCAM_K_REF:
        mark_value(m, ((pair_obj *)o)->a);
        break;
    case CCAM_K_CLOSURE:
        mark_value(m, ((closure_obj *)o)->env);
        mark_value(m, VAL(((closure_obj *)o)->code));
        break;
    case CCAM_K_EXNNAME:
        mark_value(m, ((exnname_obj *)o)->name);
        break;
    case CCAM_K_ARRAY: {
        array_obj *a = (array_obj *)o;
        for (uint64_t i = 0; i < a->len; i++) mark_value(m, a->items[i]);
        break;
    }
    case CCAM_K_BLOCK:
        scan_block(m, (block *)o);
        break;
    default:
        break;
    }
}

static void drain(ccam_machine *m) {
    while (m->mark_top) scan_object(m, OBJ(m->mark_stack[--m->mark_top]));
}

static void mark_all(ccam_machine *m) {
    m->mark_top = 0;
    m->mark_overflow = 0;
    for (size_t i = 0; i < m->sp; i++) mark_value(m, m->vs[i]);
    mark_value(m, m->top);
    mark_value(m, m->result);
    for (size_t i = 0; i < m->csp; i++) {
        frame *f = &m->cs[i];
        mark_value(m, VAL(f->blk));
        mark_value(m, VAL(f->handler));
        mark_value(m, f->env);
    }
    for (int64_t i = 0; i < m->nglobals; i++) mark_value(m, m->globals[i]);
    for (size_t i = 0; i < m->npins_cap; i++) mark_value(m, m->pins[i]);
    mark_value(m, VAL(m->main_block));
    mark_value(m, VAL(m->call_block));
    for (int i = 0; i < CCAM_N_BUILTIN_EXNS; i++) mark_value(m, m->builtin_exn[i]);
    mark_value(m, VAL(m->blk));
    drain(m);
    while (m->mark_overflow) {
        /* Some grey objects never reached the mark stack: rescan every
           marked object (scanning twice is harmless). */
        m->mark_overflow = 0;
        for (obj *o = m->objects; o; o = o->next) {
            if (o->mark) { scan_object(m, o); drain(m); }
        }
    }
}

/* ------------------------------------------------------------------ sweep */

static int64_t object_bytes(obj *o) {
    if (o->small) return SMALL_CELL;
    switch (o->kind) {
    case CCAM_K_STRING: return (int64_t)(sizeof(string_obj) + ((string_obj *)o)->len + 1);
    case CCAM_K_ARRAY: return (int64_t)(sizeof(array_obj) + ((array_obj *)o)->len * sizeof(value));
    case CCAM_K_BLOCK: return (int64_t)sizeof(block) + (int64_t)((block *)o)->cap * 8;
    default: return SMALL_CELL;
    }
}

static void free_object(ccam_machine *m, obj *o) {
    m->heap_bytes -= object_bytes(o);
    m->nobjects--;
    if (o->small) {
        o->kind = 0xFF;  /* the heap checker and debuggers can tell a freed cell */
        o->next = m->free_cells;
        m->free_cells = o;
        return;
    }
    if (o->kind == CCAM_K_BLOCK) free(((block *)o)->code);
    free(o);
}

static void sweep(ccam_machine *m) {
    obj **link = &m->objects;
    while (*link) {
        obj *o = *link;
        if (o->mark) {
            o->mark = 0;
            link = &o->next;
        } else {
            *link = o->next;
            free_object(m, o);
        }
    }
}

void ccamH_collect(ccam_machine *m) {
    int saved_oom = m->oom;
    mark_all(m);
    sweep(m);
    m->oom = saved_oom;
    m->live_bytes = m->heap_bytes;
    m->ncollections++;
    m->gc_pending = 0;
    /* Next collection when the heap has grown by as much again as is live
       (at least MIN_GC_THRESHOLD): amortised cost proportional to allocation. */
    int64_t grow = m->live_bytes > MIN_GC_THRESHOLD ? m->live_bytes : MIN_GC_THRESHOLD;
    m->gc_threshold = m->live_bytes + grow;
}

void ccamH_free_all(ccam_machine *m) {
    obj *o = m->objects;
    while (o) {
        obj *next = o->next;
        if (!o->small) {
            if (o->kind == CCAM_K_BLOCK) free(((block *)o)->code);
            free(o);
        }
        o = next;
    }
    m->objects = NULL;
    for (size_t i = 0; i < m->nchunks; i++) free(m->chunks[i]);
    free(m->chunks);
    free(m->mark_stack);
    m->chunks = NULL;
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

/* Walk the whole heap and the roots verifying the invariants: every
   reference from an object or a root is an immediate or a live object;
   no object is marked between collections; kinds are valid; blocks decode
   into known instructions whose operands are values and blocks, and sealed
   blocks end with OP_RET; the byte and object counts add up. */
int ccamH_check(ccam_machine *m, char *why, size_t whylen) {
    objset s = { NULL, 0 };
    int64_t count = 0, bytes = 0;
    for (obj *o = m->objects; o; o = o->next) count++;
    s.addr = malloc((size_t)(count ? count : 1) * sizeof(uintptr_t));
    if (!s.addr) { snprintf(why, whylen, "heap check: out of memory"); return -1; }
    for (obj *o = m->objects; o; o = o->next) s.addr[s.n++] = (uintptr_t)o;
    qsort(s.addr, s.n, sizeof(uintptr_t), cmp_ptr);
    CHECK(count == m->nobjects, "object count %lld != %lld", (long long)count, (long long)m->nobjects);
    for (obj *o = m->objects; o; o = o->next) {
        bytes += object_bytes(o);
        CHECK(o->kind <= CCAM_K_EXN && o->kind != CCAM_K_INT && o->kind != CCAM_K_UNIT && o->kind != CCAM_K_CON0,
              "object %p has bad kind %d", (void *)o, o->kind);
        CHECK(!o->mark, "object %p marked outside a collection", (void *)o);
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
        case CCAM_K_ARRAY: {
            array_obj *a = (array_obj *)o;
            for (uint64_t i = 0; i < a->len; i++)
                CHECK(valid_value(&s, a->items[i]) && a->items[i] != V_NONE, "array %p item %llu dangling",
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
                uint64_t op = b->code[pc];
                if (op == OP_RET) {
                    CHECK(pc + 1 == b->len && (o->flags & OF_SEALED), "block %p: misplaced end", (void *)o);
                    pc++;
                    continue;
                }
                CHECK(op <= CCAM_OP_MAX_CODE && ccam_op_operands[op], "block %p: bad opcode %llu", (void *)o,
                      (unsigned long long)op);
                uint32_t w = ccamH_op_width(b->code, pc);
                CHECK(pc + w <= b->len, "block %p: instruction overruns", (void *)o);
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
