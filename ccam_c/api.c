/* api.c — the public interface (ccam.h): machines, runs, handles.
 *
 * Handles are indices into the pin table m->pins; a pinned value is a GC
 * root until ccam_release.  Every entry point validates its handles and
 * arguments and reports failure by a return value, never by aborting.
 * Collections only happen inside runs (at safe points) or in ccam_collect,
 * so values handed between these calls stay valid while pinned.
 *
 * The per-call path is one C call: ccam_call_value builds the argument
 * from a postfix program (ccam_build's format), applies the closure and
 * reports status, counters and the result (immediates inline, anything
 * else as a new handle) in an info array; ccam_call_many does the same
 * for a whole batch of arguments in one machine entry.  Limits, the output
 * descriptor and the Ctrl-C setting are machine state the binding sets
 * once; every run entry clears the output buffer and, when asked, swaps in
 * the SIGINT handler for the run only.
 */
#include <signal.h>
#include <stdlib.h>

#include "ccam_int.h"

/* One thread in a machine at a time (ccam_int.h api_lock): the lock is taken
   at an entry point's first line and let go when it returns, by whichever
   return (the cleanup attribute of GCC and Clang). */
static ccam_machine *api_lock(ccam_machine *m) {
    pthread_mutex_lock(&m->api_lock);
    return m;
}
static void api_unlock(ccam_machine **m) { pthread_mutex_unlock(&(*m)->api_lock); }
#define API_ENTRY(m) ccam_machine *api_entered_ __attribute__((cleanup(api_unlock), unused)) = api_lock(m)


int ccam_abi_version(void) { return CCAM_ABI_VERSION; }
const char *ccam_table_hash(void) { return CCAM_TABLE_HASH; }

/* ------------------------------------------------------------------ machines */

static int make_builtins(ccam_machine *m) {
    for (int i = 0; i < CCAM_N_BUILTIN_EXNS; i++) {
        const char *name = ccam_builtin_exn_names[i];
        value s = ccamH_string(m, (const uint8_t *)name, strlen(name));
        if (!s) return -1;
        m->builtin_exn[i] = ccamH_exnname(m, s);
        if (!m->builtin_exn[i]) return -1;
    }
    block *b = ccamH_block(m, 0);
    if (!b || ccamH_block_reserve(m, b, 2)) return -1;
    b->code[b->len++] = CCAM_OP_APP;
    b->ninstr = 1;
    ccamH_block_seal(m, b);
    m->call_block = b;
    return 0;
}

ccam_machine *ccam_load(const uint8_t *bytes, size_t len, char *err, size_t errlen) {
    if (err && errlen) err[0] = 0;
    ccam_machine *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    pthread_mutexattr_t recursive;
    if (pthread_mutexattr_init(&recursive) || pthread_mutexattr_settype(&recursive, PTHREAD_MUTEX_RECURSIVE) ||
        pthread_mutex_init(&m->api_lock, &recursive)) {
        free(m);
        return NULL;
    }
    pthread_mutexattr_destroy(&recursive);
    ccamH_init(m);
    m->fail_after = -1;
    m->max_reductions = -1;
    m->max_stack = CCAM_DEFAULT_MAX_STACK;
    m->max_heap = CCAM_DEFAULT_MAX_HEAP;
    m->gc_threshold = 8 << 20;
    m->out_fd = -1;
    m->out_stream.twin = m->err_stream.twin = -1;
    m->top = V_UNIT;
    if (make_builtins(m) || ccamL_load(m, bytes, len, err, errlen)) {
        ccam_free(m);
        return NULL;
    }
    for (int i = 0; i < CCAM_N_BUILTIN_EXNS; i++) m->globals[i] = m->builtin_exn[i];
    return m;
}

/* Load another image into the same machine (same heap and globals; the
   global table grows to the new image's size).  0, or -1 with err set. */
int ccam_extend(ccam_machine *m, const uint8_t *bytes, size_t len, char *err, size_t errlen) {
    API_ENTRY(m);
    m->oom = 0;
    if (!ccamL_load(m, bytes, len, err, errlen)) return 0;
    /* Met at max_heap, the blocks loaded so far are garbage (never rooted):
       load again after a major collection, as build_value_within_limit
       builds again, and refuse only if the image still does not fit. */
    if (ccamH_retry_after_major(m) && !ccamL_load(m, bytes, len, err, errlen)) return 0;
    if (m->oom == 2) {
        ccam_set_heap_limit_message(m);  /* "heap limit exceeded (...)" */
        ccam_set_message(m, "heap limit exceeded while loading%s", m->message + strlen("heap limit exceeded"));
        return -2;
    }
    return -1;
}

static void sigint_forget(ccam_machine *m);

void ccam_free(ccam_machine *m) {
    if (!m) return;
    sigint_forget(m);
    ccamH_free_all(m);
    free(m->globals);
    free(m->vs);
    free(m->cs);
    free(m->out);
    free(m->msgs);
    free(m->pins);
    free(m->pin_free);
    free(m->read_ops);
    free(m->read_data);
    pthread_mutex_destroy(&m->api_lock);
    free(m);
}

void ccam_set_limits(ccam_machine *m, int64_t max_reductions, int64_t max_stack, int64_t max_heap) {
    API_ENTRY(m);
    m->max_reductions = max_reductions < 0 ? -1 : max_reductions;
    m->max_stack = max_stack < 0 ? CCAM_DEFAULT_MAX_STACK : max_stack;
    m->max_heap = max_heap < 0 ? CCAM_DEFAULT_MAX_HEAP : max_heap;
    ccamH_refresh_budget(m);
}

void ccam_set_output_fd(ccam_machine *m, int fd, int keep) {
    API_ENTRY(m);
    m->out_fd = fd;
    m->out_keep = keep;
}

const uint8_t *ccam_output(ccam_machine *m, size_t *len) {
    API_ENTRY(m);
    *len = m->out_len;
    return m->out;
}

/* A run that kept much output (60 MB printed) made its buffer that large:
   once the output is read, the memory goes back rather than waiting for
   the next run or ccam_free; a small buffer is kept for the next prints. */
static void release_large_output(ccam_machine *m) {
    if (m->out_cap > OUTPUT_KEPT_CAPACITY) {
        free(m->out);
        m->out = NULL;
        m->out_cap = 0;
    }
}

void ccam_output_clear(ccam_machine *m) {
    API_ENTRY(m);
    m->out_len = 0;
    release_large_output(m);
}
int64_t ccam_output_capacity(ccam_machine *m) { API_ENTRY(m); return (int64_t)m->out_cap; }
int ccam_output_errno(ccam_machine *m) { API_ENTRY(m); return m->out_errno; }
void ccam_set_debug(ccam_machine *m, int flags) { API_ENTRY(m); m->debug = flags; }
void ccam_fail_alloc_after(ccam_machine *m, int64_t n) { API_ENTRY(m); m->fail_after = n < 0 ? -1 : n; }
void ccam_interrupt(ccam_machine *m) { atomic_fetch_or_explicit(&m->interrupt, INTERRUPT_HOST, memory_order_relaxed); }
void ccam_clear_interrupt(ccam_machine *m) { atomic_store_explicit(&m->interrupt, 0, memory_order_relaxed); }

void ccam_set_deadline(ccam_machine *m, double seconds) {
    API_ENTRY(m);
    if (!(seconds >= 0)) {  /* (a NaN too: no deadline) */
        m->deadline_ns = 0;
        return;
    }
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    double ns = seconds * 1e9;
    int64_t now = (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
    /* (a deadline centuries away is as good as none, but is one: clamp it) */
    m->deadline_ns = ns >= (double)(INT64_MAX - now) ? INT64_MAX : now + (int64_t)ns;
    if (m->deadline_ns == 0) m->deadline_ns = 1;  /* (0 means none) */
}

/* ------------------------------------------------------------------ runs */

static void after_run(ccam_machine *m) {
    /* The stacks of a finished run are no roots any more: drop them so the
       next collection can reclaim what they held. */
    m->sp = 0;
    m->csp = 0;
    m->hp = 0;
    m->top = V_UNIT;
    m->blk = NULL;
    /* A run stopped at the heap limit leaves live_bytes counting what its
       stacks held, and allocation outside a run (host values) or before the
       next run's first safe point checks against it: collect now (a major
       collection: exact live bytes), or every later call would fail too. */
    if (m->status == CCAM_STATUS_HEAP_LIMIT) ccamH_collect_major(m);
}

static int valid_handle(ccam_machine *m, int64_t h) {
    return h >= 0 && (size_t)h < m->npins_cap && m->pins[h] != V_NONE;
}

/* ------------------------------------------------------------------ Ctrl-C around runs */

static int sigint_install(ccam_machine *m);
static void sigint_restore_if(ccam_machine *only_for);

/* Every run entry goes through begin_run / end_run: a fresh output buffer
   and, when the binding asked for it, the SIGINT handler for the run. A
   Ctrl-C flag left from an earlier entry (it came after that run's last
   poll) is stale: dropped here, once per entry, so that one coming between
   two calls of a batch still ends the batch. */
static int begin_run(ccam_machine *m) {
    m->out_len = 0;
    release_large_output(m);  /* (a binding that did not clear what it read) */
    atomic_fetch_and_explicit(&m->interrupt, ~INTERRUPT_SIGINT, memory_order_relaxed);
    return m->catch_sigint && sigint_install(m) == 0;
}

static void end_run(ccam_machine *m, int installed) {
    ccamP_close_streams(m);
    if (installed) sigint_restore_if(m);  /* (unless another entry put the host's back since) */
}

void ccam_set_catch_sigint(ccam_machine *m, int on) { API_ENTRY(m); m->catch_sigint = on != 0; }

int ccam_run_stack(ccam_machine *m, const int64_t *handles, int64_t n) {
    API_ENTRY(m);
    /* (the bytes of n values must not wrap around: max_stack may be as
       large as INT64_MAX) */
    if (n < 1 || n > m->max_stack || (uint64_t)n > SIZE_MAX / sizeof(value)) {
        ccam_set_message(m, "run: a start stack of %lld values", (long long)n);
        return m->status = CCAM_STATUS_UNDERFLOW;
    }
    value *vals = ccamH_raw_malloc(m, (size_t)n * sizeof(value));
    if (!vals) {
        ccam_set_message(m, "out of memory");
        return m->status = CCAM_STATUS_HEAP_LIMIT;
    }
    for (int64_t i = 0; i < n; i++) {
        if (!valid_handle(m, handles[i])) {
            free(vals);
            ccam_set_message(m, "run: bad handle");
            return m->status = CCAM_STATUS_TYPE;
        }
        vals[i] = m->pins[handles[i]];
    }
    int sig = begin_run(m);
    int st = ccamV_execute_stack(m, m->main_block, vals, (size_t)n);
    end_run(m, sig);
    free(vals);
    after_run(m);
    return st;
}

int ccam_run(ccam_machine *m) {
    API_ENTRY(m);
    int sig = begin_run(m);
    int st = ccamV_execute(m, m->main_block, V_UNIT);
    end_run(m, sig);
    after_run(m);
    return st;
}


int ccam_call(ccam_machine *m, int64_t closure, int64_t arg) {
    API_ENTRY(m);
    if (!valid_handle(m, closure) || !valid_handle(m, arg)) {
        m->result = V_NONE;
        m->reductions = m->gen_reductions = m->emitted = 0;
        ccam_set_message(m, "call: bad handle");
        return m->status = CCAM_STATUS_TYPE;
    }
    int sig = begin_run(m);
    int st = ccamV_apply(m, m->pins[closure], m->pins[arg]);
    end_run(m, sig);
    after_run(m);
    return st;
}

/* ------------------------------------------------------------------ handles */

static int64_t pin(ccam_machine *m, value v) {
    if (v == V_NONE) return -1;
    if (m->pin_free_n) {
        int64_t h = m->pin_free[--m->pin_free_n];
        m->pins[h] = v;
        m->npinned++;
        return h;
    }
    size_t cap = m->npins_cap ? m->npins_cap * 2 : 64;
    value *p = ccamH_raw_realloc(m, m->pins, cap * sizeof(value));
    if (!p) return -1;
    m->pins = p;
    int64_t *f = ccamH_raw_realloc(m, m->pin_free, cap * sizeof(int64_t));
    if (!f) return -1;
    m->pin_free = f;
    for (size_t i = m->npins_cap; i < cap; i++) p[i] = V_NONE;
    /* free slots, lowest index handed out first */
    for (size_t i = cap; i-- > m->npins_cap + 1;) m->pin_free[m->pin_free_n++] = (int64_t)i;
    int64_t h = (int64_t)m->npins_cap;
    m->npins_cap = cap;
    m->pins[h] = v;
    m->npinned++;
    return h;
}

void ccam_release(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    if (!valid_handle(m, h)) return;
    m->pins[h] = V_NONE;
    m->pin_free[m->pin_free_n++] = h;
    m->npinned--;
}

int64_t ccam_npinned(ccam_machine *m) { API_ENTRY(m); return m->npinned; }
int64_t ccam_dup(ccam_machine *m, int64_t h) { API_ENTRY(m); return valid_handle(m, h) ? pin(m, m->pins[h]) : -1; }

int64_t ccam_result(ccam_machine *m) { API_ENTRY(m); return pin(m, m->result); }
const char *ccam_message(ccam_machine *m) { API_ENTRY(m); return m->message; }
int64_t ccam_reductions(ccam_machine *m) { API_ENTRY(m); return m->reductions; }
int64_t ccam_gen_reductions(ccam_machine *m) { API_ENTRY(m); return m->gen_reductions; }
int64_t ccam_emitted(ccam_machine *m) { API_ENTRY(m); return m->emitted; }

int64_t ccam_nglobals(ccam_machine *m) { API_ENTRY(m); return m->nglobals; }

int64_t ccam_get_global(ccam_machine *m, int64_t i) {
    API_ENTRY(m);
    if (i < 0 || i >= m->nglobals) return -1;
    return pin(m, m->globals[i]);
}

int ccam_set_global(ccam_machine *m, int64_t i, int64_t h) {
    API_ENTRY(m);
    if (i < 0 || i >= m->nglobals || !valid_handle(m, h)) return -1;
    m->globals[i] = m->pins[h];
    return 0;
}

int ccam_kind(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    if (!valid_handle(m, h)) return -1;
    value v = m->pins[h];
    if (IS_INT(v)) return CCAM_K_INT;
    if (v == V_UNIT) return CCAM_K_UNIT;
    if (v == V_BOTTOM) return CCAM_K_BOTTOM;
    if (IS_CON0(v)) return CCAM_K_CON0;
    return KIND(v);
}

int64_t ccam_int_value(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    return valid_handle(m, h) && IS_INT(m->pins[h]) ? INT_OF(m->pins[h]) : -1;
}

int64_t ccam_tag(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    if (!valid_handle(m, h)) return -1;
    value v = m->pins[h];
    if (IS_CON0(v)) return (int64_t)CON0_TAG(v);
    if (IS_KIND(v, CCAM_K_CON)) return OBJ(v)->aux;
    return -1;
}

int64_t ccam_field(ccam_machine *m, int64_t h, int64_t i) {
    API_ENTRY(m);
    if (!valid_handle(m, h)) return -1;
    value v = m->pins[h];
    if (!IS_PTR(v)) return -1;
    switch (KIND(v)) {
    case CCAM_K_PAIR: return i == 0 ? pin(m, PAIR(v)->a) : i == 1 ? pin(m, PAIR(v)->b) : -1;
    case CCAM_K_CON: case CCAM_K_REF: return i == 0 ? pin(m, PAIR(v)->a) : -1;
    case CCAM_K_EXN: return i == 0 ? pin(m, PAIR(v)->b) : -1;
    case CCAM_K_CLOSURE: return i == 0 ? pin(m, CLOS(v)->env) : i == 1 ? pin(m, VAL(CLOS(v)->code)) : -1;
    case CCAM_K_ARRAY: case CCAM_K_VECTOR:
        return i >= 0 && (uint64_t)i < ARR(v)->len ? pin(m, ARR(v)->items[i]) : -1;
    default: return -1;
    }
}

int64_t ccam_length(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    if (!valid_handle(m, h) || !IS_PTR(m->pins[h])) return -1;
    value v = m->pins[h];
    if (KIND(v) == CCAM_K_STRING) return (int64_t)STR(v)->len;
    if (KIND(v) == CCAM_K_ARRAY || KIND(v) == CCAM_K_VECTOR) return (int64_t)ARR(v)->len;
    if (KIND(v) == CCAM_K_BLOCK) return BLOCK(v)->ninstr;
    return -1;
}

int ccam_block_sealed(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    if (!valid_handle(m, h) || !IS_KIND(m->pins[h], CCAM_K_BLOCK)) return -1;
    return (OBJ(m->pins[h])->flags & OF_SEALED) != 0;
}

const uint8_t *ccam_string_data(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    if (!valid_handle(m, h) || !IS_KIND(m->pins[h], CCAM_K_STRING)) return NULL;
    return STR(m->pins[h])->data;
}

int64_t ccam_exn_name(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    if (!valid_handle(m, h)) return -1;
    value v = m->pins[h];
    if (IS_KIND(v, CCAM_K_EXN)) return pin(m, PAIR(v)->a);
    if (IS_KIND(v, CCAM_K_EXNNAME)) return pin(m, EXNNAME(v)->name);
    return -1;
}

int64_t ccam_identity(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    if (!valid_handle(m, h) || !IS_PTR(m->pins[h])) return 0;
    return (int64_t)(uintptr_t)OBJ(m->pins[h]);
}

/* ---- block contents, for decoding generated code back to instructions */

int64_t ccam_block_nwords(ccam_machine *m, int64_t h) {
    API_ENTRY(m);
    if (!valid_handle(m, h) || !IS_KIND(m->pins[h], CCAM_K_BLOCK)) return -1;
    block *b = BLOCK(m->pins[h]);
    return (b->h.flags & OF_SEALED) ? b->len - 1 : b->len;  /* without the end word */
}

/* Word i of a block: an opcode (a fused one as its plain opcode) or a
   number operand (never mistaken for a fused opcode: see OP_FUSED_TAG). */
int64_t ccam_block_word(ccam_machine *m, int64_t h, int64_t i) {
    API_ENTRY(m);
    if (ccam_block_nwords(m, h) <= i || i < 0) return -1;
    return (int64_t)ccam_plain_op(BLOCK(m->pins[h])->code[i]);
}

/* Word i of a block as a value (constant or sub-program operand): a new handle. */
int64_t ccam_block_operand(ccam_machine *m, int64_t h, int64_t i) {
    API_ENTRY(m);
    if (ccam_block_nwords(m, h) <= i || i < 0) return -1;
    value v = BLOCK(m->pins[h])->code[i];
    /* only words that are values may become handles: check before pinning */
    if (!(IS_INT(v) || v == V_UNIT || v == V_BOTTOM || IS_CON0(v) || IS_PTR(v))) return -1;
    if (IS_PTR(v)) {
        /* the word must be an operand the decoder expects: verify it is an object
           referenced from this block by walking its instructions */
        block *b = BLOCK(m->pins[h]);
        uint32_t pc = 0, end = (uint32_t)ccam_block_nwords(m, h);
        int found = 0;
        while (pc < end && !found) {
            uint32_t w = ccamH_op_width(b->code, pc);
            const char *k = ccam_op_operands[ccam_plain_op(b->code[pc])];
            uint32_t at = pc + 1;
            for (; *k && !found; k++) {
                if (*k == 'c' || *k == 's' || *k == 'p') { if (at == i) found = 1; at++; }
                else if (*k == 'P') { uint64_t n = b->code[at++]; if ((int64_t)at <= i && i < (int64_t)(at + n)) found = 1; at += (uint32_t)n; }
                else if (*k == 'i') { const char *ik = ccam_op_operands[b->code[at]]; if ((ik[0] == 'c' || ik[0] == 's') && at + 1 == i) found = 1; at += 2; }
                else at++;
            }
            pc += w;
        }
        if (!found) return -1;
    }
    return pin(m, v);
}

/* ---- construction */

/* A block decoded from an image's main program; unsealed on request (the
   end word is taken off again). */
int64_t ccam_mk_block(ccam_machine *m, const uint8_t *bytes, size_t len, int sealed, char *err, size_t errlen) {
    API_ENTRY(m);
    block *b;
    if (ccamL_load_block(m, bytes, len, &b, err, errlen)) return -1;
    if (!sealed) {
        b->len--;
        b->h.flags &= (uint8_t)~OF_SEALED;
        ccamV_unfuse(b);  /* fused words are for sealed blocks only */
    }
    b->h.flags |= OF_GENERATED;
    return pin(m, VAL(b));
}

int64_t ccam_mk_closure(ccam_machine *m, int64_t env, int64_t code) {
    API_ENTRY(m);
    if (!valid_handle(m, env) || !valid_handle(m, code) || !IS_KIND(m->pins[code], CCAM_K_BLOCK)) return -1;
    block *b = BLOCK(m->pins[code]);
    if (ccamH_block_seal(m, b)) return -1;
    closure_obj *c = ccamH_alloc(m, CCAM_K_CLOSURE, sizeof(closure_obj));
    if (!c) return -1;
    c->env = m->pins[env];
    c->code = b;
    return pin(m, VAL(c));
}

int64_t ccam_mk_int(ccam_machine *m, int64_t n) { API_ENTRY(m); return INT_FITS(n) ? pin(m, MK_INT(n)) : -1; }
int64_t ccam_mk_unit(ccam_machine *m) { API_ENTRY(m); return pin(m, V_UNIT); }
int64_t ccam_mk_bottom(ccam_machine *m) { API_ENTRY(m); return pin(m, V_BOTTOM); }
int64_t ccam_mk_con0(ccam_machine *m, int64_t tag) { API_ENTRY(m); return tag >= 0 && tag <= UINT32_MAX ? pin(m, MK_CON0(tag)) : -1; }

int64_t ccam_mk_con(ccam_machine *m, int64_t tag, int64_t arg) {
    API_ENTRY(m);
    if (tag < 0 || tag > UINT32_MAX || !valid_handle(m, arg)) return -1;
    pair_obj *c = ccamH_pair(m, CCAM_K_CON, m->pins[arg], V_NONE);
    if (!c) return -1;
    c->h.aux = (uint32_t)tag;
    return pin(m, VAL(c));
}

int64_t ccam_mk_pair(ccam_machine *m, int64_t a, int64_t b) {
    API_ENTRY(m);
    if (!valid_handle(m, a) || !valid_handle(m, b)) return -1;
    pair_obj *p = ccamH_pair(m, CCAM_K_PAIR, m->pins[a], m->pins[b]);
    return p ? pin(m, VAL(p)) : -1;
}

int64_t ccam_mk_string(ccam_machine *m, const uint8_t *data, size_t len) {
    API_ENTRY(m);
    if (len > ((size_t)1 << 30)) return -1;
    value s = ccamH_string(m, data, len);
    return s ? pin(m, s) : -1;
}

int64_t ccam_mk_ref(ccam_machine *m, int64_t v) {
    API_ENTRY(m);
    if (!valid_handle(m, v)) return -1;
    pair_obj *p = ccamH_pair(m, CCAM_K_REF, m->pins[v], V_NONE);
    return p ? pin(m, VAL(p)) : -1;
}

int64_t ccam_mk_array(ccam_machine *m, const int64_t *items, int64_t n) {
    API_ENTRY(m);
    if (n < 0 || n > (INT64_C(1) << 24)) return -1;
    for (int64_t i = 0; i < n; i++) if (!valid_handle(m, items[i])) return -1;
    array_obj *a = ccamH_array(m, (uint64_t)n);
    if (!a) return -1;
    for (int64_t i = 0; i < n; i++) a->items[i] = m->pins[items[i]];
    return pin(m, VAL(a));
}

int64_t ccam_mk_exnname(ccam_machine *m, const uint8_t *name, size_t len) {
    API_ENTRY(m);
    if (len > ((size_t)1 << 30)) return -1;
    value s = ccamH_string(m, name, len);
    if (!s) return -1;
    value x = ccamH_exnname(m, s);
    return x ? pin(m, x) : -1;
}

int64_t ccam_mk_exn(ccam_machine *m, int64_t name, int64_t arg) {
    API_ENTRY(m);
    if (!valid_handle(m, name) || !IS_KIND(m->pins[name], CCAM_K_EXNNAME)) return -1;
    if (arg != -1 && !valid_handle(m, arg)) return -1;
    pair_obj *x = ccamH_pair(m, CCAM_K_EXN, m->pins[name], arg == -1 ? V_NONE : m->pins[arg]);
    return x ? pin(m, VAL(x)) : -1;
}

/* ------------------------------------------------------------------ host values in bulk */


typedef struct {
    value *stack; size_t n, cap;
    value *made; size_t nmade, made_cap;  /* the values of composite operations, in order */
} builder;

static int build_fail(ccam_machine *m, const char *what, int64_t at) {
    ccam_set_message(m, "host value: %s (word %lld)", what, (long long)at);
    return -1;
}

/* An allocation failed: the heap limit (oom 2) or malloc. */
static int build_out_of_room(ccam_machine *m, int64_t at) {
    return build_fail(m, m->oom == 2 ? "the heap limit is reached" : "out of memory", at);
}

static int build_push(ccam_machine *m, builder *b, value v) {
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 64;
        value *st = realloc(b->stack, cap * sizeof(value));
        if (!st) return -1;
        b->stack = st;
        b->cap = cap;
    }
    b->stack[b->n++] = v;
    return 0;
}

static void build_free(builder *b) {
    free(b->stack);
    free(b->made);
}

static int build_remember(builder *b, value v) {
    if (b->nmade == b->made_cap) {
        size_t cap = b->made_cap ? b->made_cap * 2 : 64;
        value *mv = realloc(b->made, cap * sizeof(value));
        if (!mv) return -1;
        b->made = mv;
        b->made_cap = cap;
    }
    b->made[b->nmade++] = v;
    return 0;
}

/* Build one value from ops[*at ..] through its END.  No collection can
   happen here (no safe point), so the half-built values on the build stack
   need no rooting. */
static int build_value(ccam_machine *m, builder *b, const int64_t *ops, int64_t nops, int64_t *at,
                       const uint8_t *data, size_t datalen, value *out) {
    b->n = 0;
    b->nmade = 0;
    int64_t i = *at;
    for (;;) {
        if (i >= nops) return build_fail(m, "program ends inside a value", i);
        int64_t op = ops[i], start = i;
        int64_t arg = 0;
        int has_arg = op == CCAM_B_INT || op == CCAM_B_CON0 || op == CCAM_B_CON || op == CCAM_B_ARRAY ||
                      op == CCAM_B_VECTOR || op == CCAM_B_HANDLE || op == CCAM_B_LOAD || op == CCAM_B_STRING;
        if (has_arg) {
            if (i + 1 >= nops) return build_fail(m, "operand missing", i);
            arg = ops[i + 1];
        }
        i += 1 + has_arg;
        value v = V_NONE;
        pair_obj *p;
        switch (op) {
        case CCAM_B_END:
            if (b->n != 1) return build_fail(m, "a value must leave exactly one value", start);
            *out = b->stack[0];
            *at = i;
            return 0;
        case CCAM_B_INT:
            if (!INT_FITS(arg)) return build_fail(m, "int outside the 63-bit range", start);
            v = MK_INT(arg);
            break;
        case CCAM_B_UNIT: v = V_UNIT; break;
        case CCAM_B_BOTTOM: v = V_BOTTOM; break;
        case CCAM_B_CON0:
            if (arg < 0 || arg > UINT32_MAX) return build_fail(m, "bad constructor tag", start);
            v = MK_CON0(arg);
            break;
        case CCAM_B_CON: case CCAM_B_REF:
            if (op == CCAM_B_CON && (arg < 0 || arg > UINT32_MAX)) return build_fail(m, "bad constructor tag", start);
            if (b->n < 1) return build_fail(m, "stack underflow", start);
            p = ccamH_pair(m, op == CCAM_B_CON ? CCAM_K_CON : CCAM_K_REF, b->stack[--b->n], V_NONE);
            if (!p) return build_out_of_room(m, start);
            p->h.aux = op == CCAM_B_CON ? (uint32_t)arg : 0;
            v = VAL(p);
            break;
        case CCAM_B_PAIR:
            if (b->n < 2) return build_fail(m, "stack underflow", start);
            p = ccamH_pair(m, CCAM_K_PAIR, b->stack[b->n - 2], b->stack[b->n - 1]);
            if (!p) return build_out_of_room(m, start);
            b->n -= 2;
            v = VAL(p);
            break;
        case CCAM_B_STRING: {
            if (i >= nops) return build_fail(m, "operand missing", start);
            int64_t len = ops[i++];
            if (arg < 0 || len < 0 || (uint64_t)arg > datalen || (uint64_t)len > datalen - (uint64_t)arg ||
                len > (INT64_C(1) << 30))
                return build_fail(m, "string outside the data", start);
            v = ccamH_string(m, data + arg, (size_t)len);
            if (!v) return build_out_of_room(m, start);
            break;
        }
        case CCAM_B_ARRAY: case CCAM_B_VECTOR: {
            if (arg < 0 || arg > CCAM_MAX_ARRAY_LENGTH || (uint64_t)arg > b->n)
                return build_fail(m, op == CCAM_B_ARRAY ? "bad array length" : "bad vector length", start);
            array_obj *a = op == CCAM_B_ARRAY ? ccamH_array(m, (uint64_t)arg) : ccamH_vector(m, (uint64_t)arg);
            if (!a) return build_out_of_room(m, start);
            b->n -= (size_t)arg;
            if (arg) memcpy(a->items, b->stack + b->n, (size_t)arg * sizeof(value));
            v = VAL(a);
            break;
        }
        case CCAM_B_EXN: case CCAM_B_EXNARG: {
            size_t need = op == CCAM_B_EXN ? 1 : 2;
            if (b->n < need) return build_fail(m, "stack underflow", start);
            value name = b->stack[b->n - need];
            if (!IS_KIND(name, CCAM_K_EXNNAME)) return build_fail(m, "an exception needs an exception name", start);
            p = ccamH_pair(m, CCAM_K_EXN, name, need == 2 ? b->stack[b->n - 1] : V_NONE);
            if (!p) return build_out_of_room(m, start);
            b->n -= need;
            v = VAL(p);
            break;
        }
        case CCAM_B_HANDLE:
            if (!valid_handle(m, arg)) return build_fail(m, "bad handle", start);
            v = m->pins[arg];
            break;
        case CCAM_B_CLOSURE: {
            if (b->n < 2) return build_fail(m, "stack underflow", start);
            value env = b->stack[b->n - 2], code = b->stack[b->n - 1];
            if (!IS_KIND(code, CCAM_K_BLOCK)) return build_fail(m, "a closure needs a code block", start);
            if (ccamH_block_seal(m, BLOCK(code))) return build_out_of_room(m, start);
            closure_obj *c = ccamH_alloc_small(m, CCAM_K_CLOSURE);
            if (!c) return build_out_of_room(m, start);
            c->env = env;
            c->code = BLOCK(code);
            b->n -= 2;
            v = VAL(c);
            break;
        }
        case CCAM_B_LOAD:
            if (arg < 0 || (uint64_t)arg >= b->nmade) return build_fail(m, "bad load", start);
            v = b->made[arg];
            break;
        default:
            return build_fail(m, "unknown operation", start);
        }
        if (build_push(m, b, v)) return build_out_of_room(m, start);
        if (op == CCAM_B_CON || op == CCAM_B_PAIR || op == CCAM_B_REF || op == CCAM_B_ARRAY || op == CCAM_B_VECTOR ||
            op == CCAM_B_EXN ||
            op == CCAM_B_EXNARG || op == CCAM_B_CLOSURE) {
            if (build_remember(b, v)) return build_out_of_room(m, start);
        }
    }
}

/* build_value, counting every byte it allocates against max_heap (see
   heap.c headroom).  Met at the limit, the half-built value is garbage
   (never rooted): it is built again after a major collection, which leaves
   only live data in the heap, and refused only if it still does not fit. */
static int build_value_within_limit(ccam_machine *m, builder *b, const int64_t *ops, int64_t nops, int64_t *at,
                                    const uint8_t *data, size_t datalen, value *out) {
    int64_t start = *at;
    m->building = 1;
    ccamH_refresh_budget(m);
    int r = build_value(m, b, ops, nops, at, data, datalen, out);
    if (r && ccamH_retry_after_major(m)) {
        *at = start;
        r = build_value(m, b, ops, nops, at, data, datalen, out);
    }
    m->building = 0;
    ccamH_refresh_budget(m);
    return r;
}

int64_t ccam_build(ccam_machine *m, const int64_t *ops, int64_t nops, const uint8_t *data, size_t datalen) {
    API_ENTRY(m);
    builder b = { 0 };
    int64_t at = 0;
    value v;
    m->oom = 0;
    int r = build_value_within_limit(m, &b, ops, nops, &at, data, datalen, &v);
    build_free(&b);
    if (r) return -1;
    if (at != nops) {
        ccam_set_message(m, "host value: %lld words after the value", (long long)(nops - at));
        return -1;
    }
    return pin(m, v);
}

static int value_kind(value v) {
    if (IS_INT(v)) return CCAM_K_INT;
    if (v == V_UNIT) return CCAM_K_UNIT;
    if (v == V_BOTTOM) return CCAM_K_BOTTOM;
    if (IS_CON0(v)) return CCAM_K_CON0;
    return KIND(v);
}

/* Append the current message to the batch's messages (unless OK). */
static void keep_message(ccam_machine *m, int st) {
    size_t n = st == CCAM_STATUS_OK ? 0 : strlen(m->message);
    if (n == 0) return;
    if (m->msgs_len + n > m->msgs_cap) {
        size_t cap = m->msgs_cap ? m->msgs_cap : 256;
        while (cap < m->msgs_len + n) cap *= 2;
        char *p = realloc(m->msgs, cap);
        if (!p) return;  /* the message is lost, the call's outcome is not */
        m->msgs = p;
        m->msgs_cap = cap;
    }
    memcpy(m->msgs + m->msgs_len, m->message, n);
    m->msgs_len += n;
}

const uint8_t *ccam_call_messages(ccam_machine *m, size_t *len) {
    API_ENTRY(m);
    *len = m->msgs_len;
    return (const uint8_t *)m->msgs;
}

/* A small result read in the call (ccam_call_small): where it goes. */
typedef struct {
    int64_t *ops;     /* ops[0]: the bytes used in data; the program from ops[1] */
    int64_t cap;      /* words of ops */
    uint8_t *data;
    size_t datacap;
} small_reader;

/* root as a postfix program (see ccam_call_small) into r; the words of
   the program, or -1 when root holds anything but ints, strings, (), ⊥,
   pairs and constructors, or more than CCAM_SMALL_NODES of them, or the
   program or its strings do not fit.  Allocates nothing: the heap does
   not move under it. */
static int64_t read_small(value root, small_reader *r) {
    value seen[CCAM_SMALL_NODES];  /* the composites written, in order: LOAD k is seen[k] */
    struct { value v; int state; } stack[CCAM_SMALL_NODES];
    int nseen = 0, sp = 0;
    int64_t *ops = r->ops + 1, n = 0, cap = r->cap - 1;
    size_t used = 0;
    stack[sp].v = root;
    stack[sp++].state = 0;
    while (sp) {
        value v = stack[sp - 1].v;
        int state = stack[sp - 1].state;
        if (n + 3 > cap) return -1;  /* (every operation takes at most 3 words) */
        if (state == 0 && IS_PTR(v)) {
            int i = 0;
            while (i < nseen && seen[i] != v) i++;
            if (i < nseen) {
                ops[n++] = CCAM_B_LOAD;
                ops[n++] = i;
                sp--;
                continue;
            }
        }
        switch (value_kind(v)) {
        case CCAM_K_INT: ops[n++] = CCAM_B_INT; ops[n++] = INT_OF(v); sp--; continue;
        case CCAM_K_UNIT: ops[n++] = CCAM_B_UNIT; sp--; continue;
        case CCAM_K_BOTTOM: ops[n++] = CCAM_B_BOTTOM; sp--; continue;
        case CCAM_K_CON0: ops[n++] = CCAM_B_CON0; ops[n++] = (int64_t)CON0_TAG(v); sp--; continue;
        case CCAM_K_STRING: {
            string_obj *str = STR(v);
            if (nseen == CCAM_SMALL_NODES || str->len > r->datacap - used) return -1;
            ops[n++] = CCAM_B_STRING;
            ops[n++] = (int64_t)used;
            ops[n++] = (int64_t)str->len;
            memcpy(r->data + used, str->data, str->len);
            used += str->len;
            seen[nseen++] = v;
            sp--;
            continue;
        }
        case CCAM_K_PAIR: case CCAM_K_CON: {
            int fields = KIND(v) == CCAM_K_PAIR ? 2 : 1;
            if (state < fields) {  /* next, field `state` */
                if (sp == CCAM_SMALL_NODES) return -1;
                stack[sp - 1].state = state + 1;
                stack[sp].v = state == 0 ? PAIR(v)->a : PAIR(v)->b;
                stack[sp++].state = 0;
                continue;
            }
            if (nseen == CCAM_SMALL_NODES) return -1;
            if (fields == 2) {
                ops[n++] = CCAM_B_PAIR;
            } else {
                ops[n++] = CCAM_B_CON;
                ops[n++] = OBJ(v)->aux;
            }
            seen[nseen++] = v;
            sp--;
            continue;
        }
        default:
            return -1;
        }
    }
    r->ops[0] = (int64_t)used;
    return n;
}

/* ---- ccam_read: read_small's program for a value of any size */

typedef struct {
    ccam_machine *m;
    int64_t n;                       /* words written to m->read_ops */
    size_t used;                     /* bytes written to m->read_data */
    value *keys; int64_t *index;     /* the composites written: open addressing, by address */
    size_t slots, nseen;             /* nseen: keys in the table */
    int64_t nwritten;                /* the next LOAD number */
    struct read_frame { value v; int64_t state; } *stack;  /* state: the fields written so far */
    size_t sp, stack_cap;
    int64_t *handles; size_t nhandles, handles_cap;  /* made so far: released if the read fails */
} big_reader;

static int grow(ccam_machine *m, void **p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 1;
    size_t c = *cap ? *cap : 64;
    while (c < need) c *= 2;
    void *q = ccamH_raw_realloc(m, *p, c * size);
    if (!q) return 0;
    *p = q;
    *cap = c;
    return 1;
}

static size_t slot_of(value v, size_t slots) {
    return (size_t)(((uint64_t)v >> 4) * 0x9E3779B97F4A7C15ull >> 20) & (slots - 1);
}

enum { READ_UNSEEN = -1, READ_OPEN = -2 };  /* seen_index besides a LOAD number */

/* The LOAD number of composite v; READ_UNSEEN, or READ_OPEN while its fields are being written. */
static int64_t seen_index(big_reader *r, value v) {
    if (!r->slots) return -1;
    for (size_t i = slot_of(v, r->slots);; i = (i + 1) & (r->slots - 1)) {
        if (r->keys[i] == v) return r->index[i];
        if (r->keys[i] == V_NONE) return READ_UNSEEN;
    }
}

/* Composite v is written (LOAD number `k`) or being written (READ_OPEN). */
static int remember(big_reader *r, value v, int64_t k) {
    if (2 * (r->nseen + 1) > r->slots) {  /* at most half full */
        size_t slots = r->slots ? 2 * r->slots : 1024;
        value *keys = malloc(slots * sizeof *keys);
        int64_t *index = malloc(slots * sizeof *index);
        if (!keys || !index) { free(keys); free(index); return 0; }
        for (size_t i = 0; i < slots; i++) keys[i] = V_NONE;
        for (size_t j = 0; j < r->slots; j++) {
            if (r->keys[j] == V_NONE) continue;
            size_t i = slot_of(r->keys[j], slots);
            while (keys[i] != V_NONE) i = (i + 1) & (slots - 1);
            keys[i] = r->keys[j];
            index[i] = r->index[j];
        }
        free(r->keys);
        free(r->index);
        r->keys = keys;
        r->index = index;
        r->slots = slots;
    }
    size_t i = slot_of(v, r->slots);
    while (r->keys[i] != V_NONE && r->keys[i] != v) i = (i + 1) & (r->slots - 1);
    if (r->keys[i] == V_NONE) r->nseen++;
    r->keys[i] = v;
    r->index[i] = k;
    return 1;
}

static int emit(big_reader *r, int64_t a, int64_t b, int64_t c, int words) {
    ccam_machine *m = r->m;
    if (!grow(m, (void **)&m->read_ops, &m->read_ops_cap, (size_t)r->n + 3, sizeof(int64_t))) return 0;
    m->read_ops[r->n++] = a;
    if (words > 1) m->read_ops[r->n++] = b;
    if (words > 2) m->read_ops[r->n++] = c;
    return 1;
}

static int push_frame(big_reader *r, value v) {
    if (!grow(r->m, (void **)&r->stack, &r->stack_cap, r->sp + 1, sizeof *r->stack)) return 0;
    r->stack[r->sp].v = v;
    r->stack[r->sp++].state = 0;
    return 1;
}

/* The postfix program of root into m->read_ops / read_data; 0 when memory runs out or root holds a cycle. */
static int read_big(big_reader *r, value root) {
    ccam_machine *m = r->m;
    if (!push_frame(r, root)) return 0;
    while (r->sp) {
        value v = r->stack[r->sp - 1].v;
        int64_t state = r->stack[r->sp - 1].state;
        if (state == 0 && IS_PTR(v)) {
            int64_t k = seen_index(r, v);
            /* a cycle (made by back-patching): left to the host's reader, which keeps it */
            if (k == READ_OPEN) return 0;
            if (k >= 0) {
                if (!emit(r, CCAM_B_LOAD, k, 0, 2)) return 0;
                r->sp--;
                continue;
            }
        }
        int kind = value_kind(v);
        if (kind == CCAM_K_ARRAY && r->sp == 1) kind = CCAM_K_VECTOR;  /* the root array: its items */
        switch (kind) {
        case CCAM_K_INT: if (!emit(r, CCAM_B_INT, INT_OF(v), 0, 2)) return 0; r->sp--; continue;
        case CCAM_K_UNIT: if (!emit(r, CCAM_B_UNIT, 0, 0, 1)) return 0; r->sp--; continue;
        case CCAM_K_BOTTOM: if (!emit(r, CCAM_B_BOTTOM, 0, 0, 1)) return 0; r->sp--; continue;
        case CCAM_K_CON0: if (!emit(r, CCAM_B_CON0, (int64_t)CON0_TAG(v), 0, 2)) return 0; r->sp--; continue;
        case CCAM_K_STRING: {
            string_obj *str = STR(v);
            if (!grow(m, (void **)&m->read_data, &m->read_data_cap, r->used + str->len, 1)) return 0;
            if (!emit(r, CCAM_B_STRING, (int64_t)r->used, (int64_t)str->len, 3) || !remember(r, v, r->nwritten++))
                return 0;
            memcpy(m->read_data + r->used, str->data, str->len);
            r->used += str->len;
            r->sp--;
            continue;
        }
        case CCAM_K_PAIR: case CCAM_K_CON: {
            int fields = KIND(v) == CCAM_K_PAIR ? 2 : 1;
            if (state < fields) {  /* next, field `state` */
                if (state == 0 && !remember(r, v, READ_OPEN)) return 0;
                r->stack[r->sp - 1].state = state + 1;
                if (!push_frame(r, state == 0 ? PAIR(v)->a : PAIR(v)->b)) return 0;
                continue;
            }
            if (!(fields == 2 ? emit(r, CCAM_B_PAIR, 0, 0, 1) : emit(r, CCAM_B_CON, OBJ(v)->aux, 0, 2))) return 0;
            if (!remember(r, v, r->nwritten++)) return 0;
            r->sp--;
            continue;
        }
        case CCAM_K_VECTOR: {  /* (an array inside is a handle: the host reads its items when it copies it) */
            int64_t len = (int64_t)ARR(v)->len;
            if (state < len) {
                if (state == 0 && !remember(r, v, READ_OPEN)) return 0;
                r->stack[r->sp - 1].state = state + 1;
                if (!push_frame(r, ARR(v)->items[state])) return 0;
                continue;
            }
            if (!emit(r, CCAM_B_VECTOR, len, 0, 2) || !remember(r, v, r->nwritten++)) return 0;
            r->sp--;
            continue;
        }
        default: {  /* the host converts it by its handle (a closure, a ref, ...) */
            if (!grow(m, (void **)&r->handles, &r->handles_cap, r->nhandles + 1, sizeof(int64_t))) return 0;
            int64_t h = pin(m, v);
            if (h < 0) return 0;
            r->handles[r->nhandles++] = h;
            if (!emit(r, CCAM_B_HANDLE, h, 0, 2)) return 0;
            r->sp--;
            continue;
        }
        }
    }
    return 1;
}

int64_t ccam_read(ccam_machine *m, int64_t h, const int64_t **ops, const uint8_t **data, size_t *datalen) {
    API_ENTRY(m);
    *ops = NULL;
    *data = NULL;
    *datalen = 0;
    if (!valid_handle(m, h)) return -1;
    big_reader r = { .m = m };
    int ok = read_big(&r, m->pins[h]);  /* allocates nothing on the heap: nothing moves or dies under it */
    if (!ok)
        for (size_t i = 0; i < r.nhandles; i++) ccam_release(m, r.handles[i]);
    free(r.keys);
    free(r.index);
    free(r.stack);
    free(r.handles);
    if (!ok) return -1;
    *ops = m->read_ops;
    *data = m->read_data;
    *datalen = r.used;
    return r.n;
}

static void report(ccam_machine *m, int st, int64_t *info, small_reader *small) {
    keep_message(m, st);
    info[7] = (int64_t)m->msgs_len;
    info[0] = st;
    info[1] = m->reductions;
    info[2] = m->gen_reductions;
    info[3] = m->emitted;
    info[4] = (int64_t)m->out_len;
    value v = st == CCAM_STATUS_OK || st == CCAM_STATUS_UNCAUGHT ? m->result : V_NONE;
    if (v == V_NONE) {
        info[5] = -1;
        info[6] = 0;
        return;
    }
    int k = value_kind(v);
    info[5] = k;
    if (small && st == CCAM_STATUS_OK && (k == CCAM_K_PAIR || k == CCAM_K_CON || k == CCAM_K_STRING)) {
        int64_t n = read_small(v, small);
        if (n >= 0) {
            info[5] = CCAM_K_SMALL;
            info[6] = n;
            return;
        }
    }
    if (k == CCAM_K_INT) info[6] = INT_OF(v);
    else if (k == CCAM_K_CON0) info[6] = (int64_t)CON0_TAG(v);
    else if (k == CCAM_K_UNIT || k == CCAM_K_BOTTOM) info[6] = 0;
    else {
        info[6] = pin(m, v);
        if (info[6] < 0) info[5] = -1;
    }
}

static int64_t call_values(ccam_machine *m, int64_t closure, const int64_t *ops, int64_t nops, const uint8_t *data,
                           size_t datalen, int64_t nargs, int64_t *info, small_reader *small) {
    if (!valid_handle(m, closure)) {
        ccam_set_message(m, "call: bad handle");
        info[0] = -1;
        return 0;
    }
    builder b = { 0 };
    int64_t at = 0, done = 0;
    m->msgs_len = 0;
    int sig = begin_run(m);
    for (; done < nargs; done++) {
        int64_t *out = info + done * CCAM_INFO_WORDS;
        value arg;
        m->oom = 0;
        int r = build_value_within_limit(m, &b, ops, nops, &at, data, datalen, &arg);
        if (r) {
            out[0] = -1;
            break;
        }
        int st = ccamV_apply(m, m->pins[closure], arg);
        report(m, st, out, small);
        after_run(m);
        if (st == CCAM_STATUS_INTERRUPTED) {
            done++;
            break;
        }
    }
    end_run(m, sig);
    build_free(&b);
    return done;
}

int ccam_call_value(ccam_machine *m, int64_t closure, const int64_t *ops, int64_t nops, const uint8_t *data,
                    size_t datalen, int64_t *info) {
    API_ENTRY(m);
    call_values(m, closure, ops, nops, data, datalen, 1, info, NULL);
    return (int)info[0];
}

int ccam_call_small(ccam_machine *m, int64_t closure, const int64_t *ops, int64_t nops, const uint8_t *data,
                    size_t datalen, int64_t *info, int64_t *rops, int64_t rcap, uint8_t *rdata, size_t rdatacap) {
    API_ENTRY(m);
    small_reader small = { rops, rcap, rdata, rdatacap };
    call_values(m, closure, ops, nops, data, datalen, 1, info, rcap > 1 ? &small : NULL);
    return (int)info[0];
}

int64_t ccam_call_many(ccam_machine *m, int64_t closure, const int64_t *ops, int64_t nops, const uint8_t *data,
                       size_t datalen, int64_t nargs, int64_t *info) {
    API_ENTRY(m);
    if (nargs <= 0) return 0;
    return call_values(m, closure, ops, nops, data, datalen, nargs, info, NULL);
}

int ccam_peek(ccam_machine *m, int64_t h, int64_t *word) {
    API_ENTRY(m);
    *word = 0;
    if (!valid_handle(m, h)) return -1;
    value v = m->pins[h];
    int k = value_kind(v);
    if (k == CCAM_K_INT) *word = INT_OF(v);
    else if (k == CCAM_K_CON0) *word = (int64_t)CON0_TAG(v);
    else if (k == CCAM_K_CON) *word = OBJ(v)->aux;
    return k;
}

int ccam_child(ccam_machine *m, int64_t h, int64_t i, int64_t *word) {
    API_ENTRY(m);
    *word = 0;
    if (!valid_handle(m, h) || !IS_PTR(m->pins[h])) return -1;
    value v = m->pins[h], f;
    switch (KIND(v)) {
    case CCAM_K_PAIR: if (i != 0 && i != 1) return -1; f = i == 0 ? PAIR(v)->a : PAIR(v)->b; break;
    case CCAM_K_CON: case CCAM_K_REF: if (i != 0) return -1; f = PAIR(v)->a; break;
    case CCAM_K_EXN: if (i != 0 || PAIR(v)->b == V_NONE) return -1; f = PAIR(v)->b; break;
    case CCAM_K_CLOSURE: if (i != 0 && i != 1) return -1; f = i == 0 ? CLOS(v)->env : VAL(CLOS(v)->code); break;
    case CCAM_K_ARRAY: case CCAM_K_VECTOR:
        if (i < 0 || (uint64_t)i >= ARR(v)->len) return -1;
        f = ARR(v)->items[i];
        break;
    default: return -1;
    }
    int k = value_kind(f);
    if (k == CCAM_K_INT) *word = INT_OF(f);
    else if (k == CCAM_K_CON0) *word = (int64_t)CON0_TAG(f);
    else if (k == CCAM_K_UNIT || k == CCAM_K_BOTTOM) *word = 0;
    else {
        *word = pin(m, f);
        if (*word < 0) return -1;
    }
    return k;
}

void ccam_release_many(ccam_machine *m, const int64_t *handles, int64_t n) {
    API_ENTRY(m);
    for (int64_t i = 0; i < n; i++) ccam_release(m, handles[i]);
}

/* ------------------------------------------------------------------ GC introspection */

/* The host's "collect now" is a major collection: afterwards live bytes
   and object counts are exact, dead old objects included. */
void ccam_collect(ccam_machine *m) { API_ENTRY(m); ccamH_collect_major(m); }
int64_t ccam_heap_live(ccam_machine *m) { API_ENTRY(m); return m->live_bytes; }
int64_t ccam_fused_dispatches(ccam_machine *m) { API_ENTRY(m); return m->fused_dispatches; }
int64_t ccam_heap_bytes(ccam_machine *m) { API_ENTRY(m); ccamH_sync(m); return m->heap_bytes; }
int64_t ccam_heap_peak(ccam_machine *m) {
    API_ENTRY(m);
    ccamH_sync(m);
    if (m->heap_bytes > m->peak_heap_bytes) m->peak_heap_bytes = m->heap_bytes;
    return m->peak_heap_bytes;
}
int64_t ccam_heap_objects(ccam_machine *m) { API_ENTRY(m); ccamH_sync(m); return m->nobjects; }
int64_t ccam_collections(ccam_machine *m) { API_ENTRY(m); return m->ncollections; }
int64_t ccam_major_collections(ccam_machine *m) { API_ENTRY(m); return m->nmajor; }
int64_t ccam_gc_nanoseconds(ccam_machine *m) { API_ENTRY(m); return m->gc_nanoseconds; }
int64_t ccam_heap_total(ccam_machine *m) { API_ENTRY(m); ccamH_sync(m); return m->total_allocated; }
int64_t ccam_heap_reused(ccam_machine *m) { API_ENTRY(m); return m->nreused; }
int64_t ccam_heap_chunks(ccam_machine *m) { API_ENTRY(m); return (int64_t)m->nchunks; }
int64_t ccam_heap_cells_swept(ccam_machine *m) { API_ENTRY(m); return m->cells_swept; }
int64_t ccam_heap_cell_slow_allocs(ccam_machine *m) { API_ENTRY(m); return m->cell_slow_allocs; }

int ccam_heap_check(ccam_machine *m) {
    API_ENTRY(m);
    char why[256];
    if (ccamH_check(m, why, sizeof why) == 0) return 0;
    ccam_set_message(m, "heap check: %s", why);
    return -1;
}

/* ------------------------------------------------------------------ Ctrl-C */

/* While a run is in progress the host's SIGINT handler cannot run (the
   host waits for the call to return), so the binding swaps in this one:
   it only sets the machine's interrupt flag, which the loop polls. */
static ccam_machine *volatile sigint_machine;
static struct sigaction saved_sigint;
static int sigint_installed;
/* Machines run in parallel in several threads, each run entry swapping the
   handler in and out: the swap and the three variables above change under
   this lock (the handler itself only reads sigint_machine). */
static pthread_mutex_t sigint_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_sigint(int sig) {
    (void)sig;
    ccam_machine *m = sigint_machine;
    if (m) atomic_fetch_or_explicit(&m->interrupt, INTERRUPT_SIGINT, memory_order_relaxed);
}

/* 0 when this call installed the handler (and must restore it), 1 when it
   was installed already (for this machine or another), -1 on failure. */
static int sigint_install(ccam_machine *m) {
    pthread_mutex_lock(&sigint_lock);
    int st = 1;
    if (!sigint_installed) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        sigint_machine = m;
        st = sigaction(SIGINT, &sa, &saved_sigint) == 0 ? 0 : -1;
        if (st == 0) sigint_installed = 1;
        else sigint_machine = NULL;
    }
    pthread_mutex_unlock(&sigint_lock);
    return st;
}

/* Put the host's handler back: always (only_for NULL), or only if the
   installed handler interrupts only_for. */
static void sigint_restore_if(ccam_machine *only_for) {
    pthread_mutex_lock(&sigint_lock);
    if (sigint_installed && (!only_for || sigint_machine == only_for)) {
        sigaction(SIGINT, &saved_sigint, NULL);
        sigint_installed = 0;
        sigint_machine = NULL;
    }
    pthread_mutex_unlock(&sigint_lock);
}

static void sigint_restore(void) { sigint_restore_if(NULL); }

/* A machine being freed takes its handler with it (ccam_catch_sigint left
   it installed): a later SIGINT wrote into the freed machine, and never
   reached the host's own handler again. */
static void sigint_forget(ccam_machine *m) { sigint_restore_if(m); }

int ccam_catch_sigint(ccam_machine *m, int on) {
    API_ENTRY(m);
    if (on) return sigint_install(m) < 0 ? -1 : 0;
    sigint_restore();
    return 0;
}
