/* prims.c — the primitives of the basis (`prim p`, ccam/instructions.py PRIMS)
 * and structural equality, with the reference machine's semantics
 * (ccam/refprims.py): SML overflow rules on 63-bit ints, floor div/mod, words
 * as the unsigned reading of the same 63 bits, strings as bytes.
 *
 * No primitive collects (see the safe-point invariant in ccam_int.h), and
 * none recurses on the shape of its argument: lists are walked in loops and
 * equality keeps an explicit work stack.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ccam_int.h"


typedef struct {
    ccam_machine *m;
    const char *name;
    value *res;
    value *exn_arg;
} pctx;

static int type_err(pctx *c, const char *expected, value found) {
    ccam_set_message(c->m, "%s: expected %s, found %s", c->name, expected, ccamV_kind_name(found));
    return CCAM_STATUS_TYPE;
}

static int raise_builtin(pctx *c, int exn) {
    *c->res = (value)exn;
    *c->exn_arg = V_NONE;
    return PRIM_RAISE;
}

static int oom(pctx *c) {
    ccam_set_oom_message(c->m);
    return CCAM_STATUS_HEAP_LIMIT;
}

#define TRY(x) do { int st_ = (x); if (st_) return st_; } while (0)

static int get_pair(pctx *c, value v, value *a, value *b) {
    if (!IS_KIND(v, CCAM_K_PAIR)) return type_err(c, "a pair", v);
    *a = PAIR(v)->a;
    *b = PAIR(v)->b;
    return 0;
}

static int get_int(pctx *c, value v, int64_t *n) {
    if (!IS_INT(v)) return type_err(c, "an int", v);
    *n = INT_OF(v);
    return 0;
}

static int get_ints(pctx *c, value v, int64_t *a, int64_t *b) {
    value x, y;
    TRY(get_pair(c, v, &x, &y));
    TRY(get_int(c, x, a));
    return get_int(c, y, b);
}

static int get_string(pctx *c, value v, string_obj **s) {
    if (!IS_KIND(v, CCAM_K_STRING)) return type_err(c, "a string", v);
    *s = STR(v);
    return 0;
}

static int get_strings(pctx *c, value v, string_obj **a, string_obj **b) {
    value x, y;
    TRY(get_pair(c, v, &x, &y));
    TRY(get_string(c, x, a));
    return get_string(c, y, b);
}

/* An int result: Overflow outside the 63-bit range. */
static int int_result(pctx *c, int64_t n) {
    if (!INT_FITS(n)) return raise_builtin(c, CCAM_EXN_OVERFLOW);
    *c->res = MK_INT(n);
    return 0;
}

static uint64_t to_word(int64_t n) { return (uint64_t)n & WORD_MASK; }
/* The int whose 63-bit pattern is w mod 2^63 (sign-extend bit 62). */
static value word_value(uint64_t w) { return MK_INT((int64_t)((w & WORD_MASK) << 1) >> 1); }

static int string_result(pctx *c, const uint8_t *data, size_t len) {
    value s = ccamH_string(c->m, data, len);
    if (!s) return oom(c);
    *c->res = s;
    return 0;
}

/* ------------------------------------------------------------------ lists */

/* Walk a machine list (nil = C_0, x :: l = C_1((x, l))) calling visit on
   each element.  A list with more cells than there are objects is cyclic
   (built with update): TYPE, where a naive walk would never end. */
typedef int (*visit_fn)(pctx *c, value item, void *acc);

static int walk_list(pctx *c, value v, visit_fn visit, void *acc, int64_t *count) {
    int64_t n = 0;
    for (;;) {
        if (IS_CON0(v)) {
            if (CON0_TAG(v) == CCAM_TAG_NIL) break;
            return type_err(c, "a list", v);
        }
        if (!IS_KIND(v, CCAM_K_CON) || OBJ(v)->aux != CCAM_TAG_CONS || !IS_KIND(PAIR(v)->a, CCAM_K_PAIR))
            return type_err(c, "a list", v);
        if (++n > ccamH_nobjects(c->m)) {
            ccam_set_message(c->m, "%s: expected a list, found a cyclic structure", c->name);
            return CCAM_STATUS_TYPE;
        }
        if (visit) TRY(visit(c, PAIR(PAIR(v)->a)->a, acc));
        v = PAIR(PAIR(v)->a)->b;
    }
    *count = n;
    return 0;
}

static int visit_string_len(pctx *c, value item, void *acc) {
    string_obj *s;
    TRY(get_string(c, item, &s));
    *(int64_t *)acc += (int64_t)s->len;
    return 0;
}

static int visit_string_copy(pctx *c, value item, void *acc) {
    (void)c;
    uint8_t **dst = acc;
    memcpy(*dst, STR(item)->data, STR(item)->len);
    *dst += STR(item)->len;
    return 0;
}

static int visit_char(pctx *c, value item, void *acc) {
    (void)acc;
    if (!IS_INT(item) || INT_OF(item) < 0 || INT_OF(item) > 255) return type_err(c, "a char", item);
    return 0;
}

static int visit_char_copy(pctx *c, value item, void *acc) {
    (void)c;
    uint8_t **dst = acc;
    *(*dst)++ = (uint8_t)INT_OF(item);
    return 0;
}

static int visit_store(pctx *c, value item, void *acc) {
    (void)c;
    value **dst = acc;
    *(*dst)++ = item;
    return 0;
}

/* Build the list of items[0..n) (used by explode). */
static int make_char_list(pctx *c, const uint8_t *data, size_t n) {
    value list = MK_CON0(CCAM_TAG_NIL);
    for (size_t i = n; i-- > 0;) {
        pair_obj *p = ccamH_pair(c->m, CCAM_K_PAIR, MK_INT(data[i]), list);
        if (!p) return oom(c);
        pair_obj *cell = ccamH_pair(c->m, CCAM_K_CON, VAL(p), V_NONE);
        if (!cell) return oom(c);
        cell->h.aux = CCAM_TAG_CONS;
        list = VAL(cell);
    }
    *c->res = list;
    return 0;
}

/* ------------------------------------------------------------------ equality */

static int is_con(value v) { return IS_CON0(v) || IS_KIND(v, CCAM_K_CON); }
static uint32_t con_tag(value v) { return IS_CON0(v) ? (uint32_t)CON0_TAG(v) : OBJ(v)->aux; }

/* A coarse kind for "values of different kinds are unequal". */
static int eq_kind(value v) {
    if (IS_INT(v)) return -1;
    if (is_con(v)) return -2;
    if (!IS_PTR(v)) return -3 - (int)(v & 0xF);  /* unit, ⊥ */
    return KIND(v);
}

/* Structural equality (refprims.structural_eq): depth first, left to right,
   stopping at the first difference; a closure or code block met first is
   TYPE; a value met opposite itself is equal without a look inside.  Cycles (only `update` can make one, by patching a pair) would make
   that walk endless: the pairs of patched pairs whose comparison is in
   progress are remembered, and meeting one again inside its own comparison
   is TYPE "cyclic value" — exactly the cases where the reference machine
   would never finish; every other comparison gives its answer. */
typedef struct { value *w; size_t n, cap; value local[128]; } eqstack;

static int eq_push(ccam_machine *m, eqstack *s, value x, value y) {
    if (s->n + 2 > s->cap) {
        size_t ncap = s->cap * 2;
        value *w = ccamH_raw_malloc(m, ncap * sizeof(value));
        if (!w) return -1;
        memcpy(w, s->w, s->n * sizeof(value));
        if (s->w != s->local) free(s->w);
        s->w = w;
        s->cap = ncap;
    }
    s->w[s->n++] = x;
    s->w[s->n++] = y;
    return 0;
}

int ccamP_equal(ccam_machine *m, value a, value b, int *eq) {
    eqstack work, active;  /* work items (x, y); active: patched pairs being compared */
    work.w = work.local; work.n = 0; work.cap = 128;
    active.w = active.local; active.n = 0; active.cap = 128;
    int status = 0;
    uint64_t steps = 0;
    *eq = 1;
    if (eq_push(m, &work, a, b)) status = -1;
    while (status == 0 && work.n) {
        value y = work.w[--work.n], x = work.w[--work.n];
        if (x == V_NONE && y == V_NONE) {  /* end of a patched pair's comparison */
            active.n -= 2;
            continue;
        }
        if (x == V_NONE) {  /* a vector cursor: compare item y; the two vectors lie just below */
            value vx = work.w[work.n - 2], vy = work.w[work.n - 1];
            uint64_t i = (uint64_t)INT_OF(y);
            if (i + 1 < ARR(vx)->len) {
                work.n += 2;  /* the cursor again, at the next item */
                work.w[work.n - 1] = MK_INT((int64_t)i + 1);
            } else {
                work.n -= 2;
            }
            if (eq_push(m, &work, ARR(vx)->items[i], ARR(vy)->items[i])) status = -1;
            continue;
        }
        if ((++steps & 0xFFFFF) == 0 && (ccam_take_interrupt(m) || ccam_deadline_passed(m))) {
            ccam_set_message(m, ccam_deadline_passed(m) ? CCAM_DEADLINE_MESSAGE : "interrupted");
            status = CCAM_STATUS_INTERRUPTED;
            break;
        }
        if (IS_KIND(x, CCAM_K_CLOSURE) || IS_KIND(x, CCAM_K_BLOCK) || IS_KIND(y, CCAM_K_CLOSURE) ||
            IS_KIND(y, CCAM_K_BLOCK)) {
            ccam_set_message(m, "eq: closures and code blocks admit no equality");
            status = CCAM_STATUS_TYPE;
            break;
        }
        if (x == y) continue;  /* one value: equal, however large or shared (as Poly/ML) */
        if (eq_kind(x) != eq_kind(y)) { *eq = 0; break; }
        if (IS_INT(x)) {
            if (x != y) { *eq = 0; break; }
            continue;
        }
        if (is_con(x)) {
            if (con_tag(x) != con_tag(y) || IS_CON0(x) != IS_CON0(y)) { *eq = 0; break; }
            if (IS_CON0(x)) continue;
            if (eq_push(m, &work, PAIR(x)->a, PAIR(y)->a)) status = -1;
        } else if (!IS_PTR(x)) {
            if (x != y) { *eq = 0; break; }  /* (), ⊥ */
        } else if (KIND(x) == CCAM_K_STRING) {
            if (STR(x)->len != STR(y)->len || memcmp(STR(x)->data, STR(y)->data, STR(x)->len)) { *eq = 0; break; }
        } else if (KIND(x) == CCAM_K_EXN) {
            if (PAIR(x)->a != PAIR(y)->a || (PAIR(x)->b == V_NONE) != (PAIR(y)->b == V_NONE)) { *eq = 0; break; }
            if (PAIR(x)->b != V_NONE && eq_push(m, &work, PAIR(x)->b, PAIR(y)->b)) status = -1;
        } else if (KIND(x) == CCAM_K_PAIR) {
            if ((OBJ(x)->flags | OBJ(y)->flags) & OF_PATCHED) {
                for (size_t i = 0; i < active.n; i += 2) {
                    if (active.w[i] == x && active.w[i + 1] == y) {
                        ccam_set_message(m, "eq: cyclic value");
                        status = CCAM_STATUS_TYPE;
                        break;
                    }
                }
                if (status) break;
                if (eq_push(m, &active, x, y) || eq_push(m, &work, V_NONE, V_NONE)) { status = -1; break; }
            }
            /* snd below fst: fst is compared completely first */
            if (eq_push(m, &work, PAIR(x)->b, PAIR(y)->b) || eq_push(m, &work, PAIR(x)->a, PAIR(y)->a)) status = -1;
        } else if (KIND(x) == CCAM_K_VECTOR) {
            /* Built from values older than itself, a vector never contains
               itself: a cycle must pass a patched pair (checked above).
               Items are compared one at a time under a cursor (V_NONE,
               index), so a long vector costs no work-stack space per item. */
            if (ARR(x)->len != ARR(y)->len) { *eq = 0; break; }
            if (ARR(x)->len && (eq_push(m, &work, x, y) || eq_push(m, &work, V_NONE, MK_INT(0)))) status = -1;
        } else if (x != y) {
            *eq = 0;  /* refs, arrays, exception names: identity */
            break;
        }
    }
    if (status == -1) {
        ccam_set_message(m, "out of memory");
        status = CCAM_STATUS_HEAP_LIMIT;
    }
    if (work.w != work.local) free(work.w);
    if (active.w != active.local) free(active.w);
    return status;
}

/* ------------------------------------------------------------------ output */

/* How long a print waiting for a slow reader sleeps between two looks at
   the stop requests: ccam_interrupt only sets a flag, which wakes nothing. */
#define BLOCKED_WRITE_POLL_MS 10

/* Wait until fd takes more bytes (the reader may never read: a pipe nobody
   reads), stopping for ccam_interrupt, a Ctrl-C or the deadline as the
   running loop's polls do: 0, or INTERRUPTED with the message set. */
static int wait_writable(ccam_machine *m, int fd) {
    for (;;) {
        if (ccam_take_interrupt(m)) {
            ccam_set_message(m, "interrupted");
            return CCAM_STATUS_INTERRUPTED;
        }
        int timeout_ms = BLOCKED_WRITE_POLL_MS;
        if (m->deadline_ns) {
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            int64_t left_ns = m->deadline_ns - ((int64_t)t.tv_sec * 1000000000 + t.tv_nsec);
            if (left_ns <= 0) {
                ccam_set_message(m, CCAM_DEADLINE_MESSAGE);
                return CCAM_STATUS_INTERRUPTED;
            }
            if (left_ns < (int64_t)timeout_ms * 1000000) timeout_ms = (int)((left_ns + 999999) / 1000000);
        }
        struct pollfd p;
        p.fd = fd;
        p.events = POLLOUT;
        p.revents = 0;
        /* ready, or an error or hang-up, which the write after it reports;
           EINTR (a Ctrl-C) and a timeout look at the requests again */
        int ready = poll(&p, 1, timeout_ms);
        if (ready > 0 || (ready < 0 && errno != EINTR)) return 0;
    }
}

/* How a stream's bytes are written (ccam_stream): chosen at the run's first
   write to it.  A write() blocked on a reader that does not read sees no
   stop request but a Ctrl-C (its EINTR), so a stream that can wait for a
   reader is written without blocking, and waited for in wait_writable:
   a pipe, FIFO or terminal through a twin (its own open file description,
   non-blocking, opened through /proc/self/fd: O_NONBLOCK on the host's fd
   would change it for every process sharing it), a socket with
   MSG_DONTWAIT.  Neither costs a system call more a print.  Where no twin
   can be opened (no /proc, another device), each write waits in poll
   first and writes at most PIPE_BUF bytes, which a pipe or socket polling
   writable takes without blocking: a poll a print, up to three times as
   slow on many short prints. */
enum { WRITE_UNCHOSEN, WRITE_PLAIN, WRITE_TWIN, WRITE_SEND, WRITE_POLLED };

static void choose_writer(ccam_stream *s, int fd) {
    struct stat st;
    s->twin = -1;
    s->how = WRITE_PLAIN;  /* a file (it takes the bytes), or an fd the write reports bad */
    if (fstat(fd, &st) != 0 || S_ISREG(st.st_mode) || S_ISBLK(st.st_mode)) return;
    if (S_ISSOCK(st.st_mode)) {
        s->how = WRITE_SEND;
        return;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY) return;  /* the write reports it */
    if (S_ISFIFO(st.st_mode) || isatty(fd)) {
        char path[48];
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        s->twin = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (flags & O_APPEND));
        if (s->twin >= 0) {
            s->how = WRITE_TWIN;
            return;
        }
    }
    s->how = WRITE_POLLED;
}

void ccamP_close_streams(ccam_machine *m) {
    ccam_stream *streams[2] = {&m->out_stream, &m->err_stream};
    for (int i = 0; i < 2; i++) {
        if (streams[i]->twin >= 0) close(streams[i]->twin);
        streams[i]->twin = -1;
        streams[i]->how = WRITE_UNCHOSEN;
    }
}

/* All of len bytes to fd: a short write continues. 0, or a status with the
   message set: OUTPUT when the fd refuses the bytes (a closed pipe, a full
   disk; the errno is kept for ccam_output_errno), so that the run stops at
   this write instead of going on and losing its output; INTERRUPTED when a
   stop request (ccam_interrupt, Ctrl-C, the deadline) comes while the
   write waits for a slow reader (see ccam_stream).  A non-blocking fd
   (O_NONBLOCK set on a shared pipe or terminal by another process) is
   waited for in the same way, instead of losing bytes.  `what` names the
   stream in the message. */
static int write_all(ccam_machine *m, ccam_stream *s, int fd, const uint8_t *data, size_t len, const char *what) {
    if (s->how == WRITE_UNCHOSEN) choose_writer(s, fd);
    if (s->how == WRITE_TWIN) fd = s->twin;
    size_t done = 0;
    while (done < len) {
        size_t chunk = len - done;
        if (s->how == WRITE_POLLED) {
            TRY(wait_writable(m, fd));
            if (chunk > PIPE_BUF) chunk = PIPE_BUF;
        }
        ssize_t w = s->how == WRITE_SEND ? send(fd, data + done, chunk, MSG_DONTWAIT) : write(fd, data + done, chunk);
        if (w >= 0) {
            done += (size_t)w;
            continue;
        }
        if (errno == EINTR) {
            if (ccam_take_interrupt(m)) {
                ccam_set_message(m, "interrupted");
                return CCAM_STATUS_INTERRUPTED;
            }
            continue;
        }
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            TRY(wait_writable(m, fd));
            continue;
        }
        m->out_errno = errno;
        ccam_set_message(m, "cannot write %s: %s", what, strerror(errno));
        return CCAM_STATUS_OUTPUT;
    }
    return 0;
}

/* The bytes of output on TextIO.stdErr: to the process's standard error
   (descriptor 2), whatever the machine's output stream is; see write_all. */
static int error_output(ccam_machine *m, const uint8_t *data, size_t len) {
    return write_all(m, &m->err_stream, 2, data, len, "the error output");
}

/* print's bytes: all of them to the output fd when there is one (see
   write_all), and into the buffer read by ccam_output when there is no fd
   or the host keeps it.  Kept bytes count against max_heap with the live
   heap (ccamH_limit): bytes that would not fit beside what was live at the
   last collection are refused before any is written, so that the loop may
   redo the print after a major collection (RETRY_IF_LIMIT_SPURIOUS) and a
   refused print writes nothing anywhere; the run stops with HEAP_LIMIT
   and the output kept so far stays for ccam_output. */
int ccamP_output(ccam_machine *m, const uint8_t *data, size_t len) {
    int keep = (m->out_fd < 0 || m->out_keep) && len;
    /* (a string is shorter than 2^62 bytes: len fits an int64_t) */
    if (keep && (int64_t)len > ccamH_limit(m) - m->live_bytes) {
        m->oom = 2;
        /* (ccam/refmachine.py words its own stop the same way) */
        ccam_set_message(m,
                         "the kept output would pass the heap limit (%zu bytes kept + %zu to print + %lld bytes live "
                         "> limit %lld); write the output to a stream without keeping it, or raise the heap limit",
                         m->out_len, len, (long long)m->live_bytes, (long long)m->max_heap);
        return CCAM_STATUS_HEAP_LIMIT;
    }
    if (m->out_fd >= 0) TRY(write_all(m, &m->out_stream, m->out_fd, data, len, "the output"));
    /* (nothing to keep for print "": the buffer may not exist yet, and
       memcpy to a null pointer is undefined even for no bytes) */
    if (keep) {
        size_t need = m->out_len + len;  /* at most max_heap (checked above) */
        if (need > m->out_cap) {
            size_t cap = m->out_cap ? m->out_cap : 256;
            while (cap < need) cap *= 2;
            /* (doubling past the limit would reserve memory no print may fill) */
            if (cap > (uint64_t)m->max_heap) cap = need;
            uint8_t *o = ccamH_raw_realloc(m, m->out, cap);
            if (!o) {
                ccam_set_oom_message(m);
                return CCAM_STATUS_HEAP_LIMIT;
            }
            m->out = o;
            m->out_cap = cap;
        }
        memcpy(m->out + m->out_len, data, len);
        m->out_len = need;
        ccamH_refresh_budget(m);  /* the heap's room shrank by len */
    }
    return 0;
}

/* ------------------------------------------------------------------ the primitives */

static int word_compare(pctx *c, value v, int code) {
    int64_t a, b;
    TRY(get_ints(c, v, &a, &b));
    uint64_t x = to_word(a), y = to_word(b);
    int r = code == CCAM_PRIM_WLT ? x < y : code == CCAM_PRIM_WLE ? x <= y : code == CCAM_PRIM_WGT ? x > y : x >= y;
    *c->res = MK_BOOL(r);
    return 0;
}

static int string_compare(pctx *c, value v, int code) {
    string_obj *a, *b;
    TRY(get_strings(c, v, &a, &b));
    size_t n = a->len < b->len ? a->len : b->len;
    int r = memcmp(a->data, b->data, n);
    if (r == 0) r = a->len < b->len ? -1 : a->len > b->len;
    int t = code == CCAM_PRIM_SLT ? r < 0 : code == CCAM_PRIM_SLE ? r <= 0 : code == CCAM_PRIM_SGT ? r > 0 : r >= 0;
    *c->res = MK_BOOL(t);
    return 0;
}

static int stoi(pctx *c, string_obj *s) {
    size_t i = 0, len = s->len;
    const uint8_t *d = s->data;
    while (i < len && (d[i] == ' ' || d[i] == '\t' || d[i] == '\n' || d[i] == '\v' || d[i] == '\f' || d[i] == '\r')) i++;
    int negative = 0;
    if (i < len && (d[i] == '~' || d[i] == '-' || d[i] == '+')) { negative = d[i] != '+'; i++; }
    size_t start = i;
    while (i < len && d[i] >= '0' && d[i] <= '9') i++;
    if (i == start) { *c->res = MK_CON0(CCAM_TAG_NONE); return 0; }
    while (start < i - 1 && d[start] == '0') start++;  /* leading zeros are not significant */
    if (i - start > 19) return raise_builtin(c, CCAM_EXN_OVERFLOW);  /* cannot fit in 63 bits */
    uint64_t n = 0;
    for (size_t k = start; k < i; k++) n = n * 10 + (uint64_t)(d[k] - '0');
    if (negative ? n > (UINT64_C(1) << 62) : n > (uint64_t)CCAM_INT_MAX) return raise_builtin(c, CCAM_EXN_OVERFLOW);
    int64_t r = negative ? (int64_t)(0 - n) : (int64_t)n;
    pair_obj *some = ccamH_pair(c->m, CCAM_K_CON, MK_INT(r), V_NONE);
    if (!some) return oom(c);
    some->h.aux = CCAM_TAG_SOME;
    *c->res = VAL(some);
    return 0;
}

int ccamP_prim(ccam_machine *m, int code, value v, value *res, value *exn_arg) {
    pctx cx = { m, code >= 0 && code <= CCAM_PRIM_MAX_CODE ? ccam_prim_names[code] : "prim", res, exn_arg };
    pctx *c = &cx;
    int64_t a, b, r;
    value x, y;
    string_obj *s, *t;
    switch (code) {
    case CCAM_PRIM_ADD:
        TRY(get_ints(c, v, &a, &b));
        return int_result(c, a + b);  /* |a|, |b| < 2^62: no int64 overflow */
    case CCAM_PRIM_SUB:
        TRY(get_ints(c, v, &a, &b));
        return int_result(c, a - b);
    case CCAM_PRIM_MUL:
        TRY(get_ints(c, v, &a, &b));
        if (__builtin_mul_overflow(a, b, &r)) return raise_builtin(c, CCAM_EXN_OVERFLOW);
        return int_result(c, r);
    case CCAM_PRIM_DIV:
        TRY(get_ints(c, v, &a, &b));
        if (b == 0) return raise_builtin(c, CCAM_EXN_DIV);
        r = a / b;
        if (a % b != 0 && ((a < 0) != (b < 0))) r--;  /* floor */
        return int_result(c, r);
    case CCAM_PRIM_MOD:
        TRY(get_ints(c, v, &a, &b));
        if (b == 0) return raise_builtin(c, CCAM_EXN_DIV);
        r = a % b;
        if (r != 0 && ((r < 0) != (b < 0))) r += b;  /* the sign of b */
        *res = MK_INT(r);
        return 0;
    case CCAM_PRIM_NEG:
        TRY(get_int(c, v, &a));
        return int_result(c, -a);
    case CCAM_PRIM_ABS:
        TRY(get_int(c, v, &a));
        return int_result(c, a < 0 ? -a : a);
    case CCAM_PRIM_LT: TRY(get_ints(c, v, &a, &b)); *res = MK_BOOL(a < b); return 0;
    case CCAM_PRIM_LE: TRY(get_ints(c, v, &a, &b)); *res = MK_BOOL(a <= b); return 0;
    case CCAM_PRIM_GT: TRY(get_ints(c, v, &a, &b)); *res = MK_BOOL(a > b); return 0;
    case CCAM_PRIM_GE: TRY(get_ints(c, v, &a, &b)); *res = MK_BOOL(a >= b); return 0;
    case CCAM_PRIM_EQ:
    case CCAM_PRIM_NE: {
        int eq;
        TRY(get_pair(c, v, &x, &y));
        TRY(ccamP_equal(m, x, y, &eq));
        *res = MK_BOOL(code == CCAM_PRIM_EQ ? eq : !eq);
        return 0;
    }
    case CCAM_PRIM_WADD: TRY(get_ints(c, v, &a, &b)); *res = word_value(to_word(a) + to_word(b)); return 0;
    case CCAM_PRIM_WSUB: TRY(get_ints(c, v, &a, &b)); *res = word_value(to_word(a) - to_word(b)); return 0;
    case CCAM_PRIM_WMUL: TRY(get_ints(c, v, &a, &b)); *res = word_value(to_word(a) * to_word(b)); return 0;
    case CCAM_PRIM_WDIV:
    case CCAM_PRIM_WMOD:
        TRY(get_ints(c, v, &a, &b));
        if (to_word(b) == 0) return raise_builtin(c, CCAM_EXN_DIV);
        *res = word_value(code == CCAM_PRIM_WDIV ? to_word(a) / to_word(b) : to_word(a) % to_word(b));
        return 0;
    case CCAM_PRIM_WANDB: TRY(get_ints(c, v, &a, &b)); *res = word_value(to_word(a) & to_word(b)); return 0;
    case CCAM_PRIM_WORB: TRY(get_ints(c, v, &a, &b)); *res = word_value(to_word(a) | to_word(b)); return 0;
    case CCAM_PRIM_WXORB: TRY(get_ints(c, v, &a, &b)); *res = word_value(to_word(a) ^ to_word(b)); return 0;
    case CCAM_PRIM_WNOTB: TRY(get_int(c, v, &a)); *res = word_value(~to_word(a)); return 0;
    case CCAM_PRIM_WSHL:
        TRY(get_ints(c, v, &a, &b));
        *res = to_word(b) >= 63 ? MK_INT(0) : word_value(to_word(a) << to_word(b));
        return 0;
    case CCAM_PRIM_WSHR:
        TRY(get_ints(c, v, &a, &b));
        *res = to_word(b) >= 63 ? MK_INT(0) : word_value(to_word(a) >> to_word(b));
        return 0;
    case CCAM_PRIM_WASHR:
        TRY(get_ints(c, v, &a, &b));
        *res = MK_INT(a >> (to_word(b) < 62 ? to_word(b) : 62));
        return 0;
    case CCAM_PRIM_WLT: case CCAM_PRIM_WLE: case CCAM_PRIM_WGT: case CCAM_PRIM_WGE:
        return word_compare(c, v, code);
    case CCAM_PRIM_WFROMINT: case CCAM_PRIM_WTOINTX:
        TRY(get_int(c, v, &a));
        *res = v;
        return 0;
    case CCAM_PRIM_WTOINT:
        TRY(get_int(c, v, &a));
        if (a < 0) return raise_builtin(c, CCAM_EXN_OVERFLOW);  /* unsigned reading > INT_MAX */
        *res = v;
        return 0;
    case CCAM_PRIM_WTOSTRING: {
        char buf[32];
        TRY(get_int(c, v, &a));
        int n = snprintf(buf, sizeof buf, "%llX", (unsigned long long)to_word(a));
        return string_result(c, (const uint8_t *)buf, (size_t)n);
    }
    case CCAM_PRIM_CONCAT: {
        TRY(get_strings(c, v, &s, &t));
        if ((int64_t)(s->len + t->len) > CCAM_MAX_STRING_SIZE) return raise_builtin(c, CCAM_EXN_SIZE);
        value out = ccamH_string(m, NULL, s->len + t->len);
        if (!out) return oom(c);
        memcpy(STR(out)->data, s->data, s->len);
        memcpy(STR(out)->data + s->len, t->data, t->len);
        *res = out;
        return 0;
    }
    case CCAM_PRIM_SIZE:
        TRY(get_string(c, v, &s));
        *res = MK_INT((int64_t)s->len);
        return 0;
    case CCAM_PRIM_SSUB:
        TRY(get_pair(c, v, &x, &y));
        TRY(get_string(c, x, &s));
        TRY(get_int(c, y, &a));
        if (a < 0 || (uint64_t)a >= s->len) return raise_builtin(c, CCAM_EXN_SUBSCRIPT);
        *res = MK_INT(s->data[a]);
        return 0;
    case CCAM_PRIM_SUBSTRING:
        TRY(get_pair(c, v, &x, &y));
        TRY(get_string(c, x, &s));
        TRY(get_ints(c, y, &a, &b));
        if (a < 0 || b < 0 || (uint64_t)a + (uint64_t)b > s->len) return raise_builtin(c, CCAM_EXN_SUBSCRIPT);
        return string_result(c, s->data + a, (size_t)b);
    case CCAM_PRIM_SCONCAT: {
        int64_t total = 0, n;
        TRY(walk_list(c, v, NULL, NULL, &n));
        TRY(walk_list(c, v, visit_string_len, &total, &n));
        if (total > CCAM_MAX_STRING_SIZE) return raise_builtin(c, CCAM_EXN_SIZE);
        value out = ccamH_string(m, NULL, (size_t)total);
        if (!out) return oom(c);
        uint8_t *dst = STR(out)->data;
        TRY(walk_list(c, v, visit_string_copy, &dst, &n));
        *res = out;
        return 0;
    }
    case CCAM_PRIM_IMPLODE: {
        int64_t n;
        TRY(walk_list(c, v, NULL, NULL, &n));
        TRY(walk_list(c, v, visit_char, NULL, &n));
        if (n > CCAM_MAX_STRING_SIZE) return raise_builtin(c, CCAM_EXN_SIZE);
        value out = ccamH_string(m, NULL, (size_t)n);
        if (!out) return oom(c);
        uint8_t *dst = STR(out)->data;
        TRY(walk_list(c, v, visit_char_copy, &dst, &n));
        *res = out;
        return 0;
    }
    case CCAM_PRIM_EXPLODE:
        TRY(get_string(c, v, &s));
        return make_char_list(c, s->data, s->len);
    case CCAM_PRIM_SLT: case CCAM_PRIM_SLE: case CCAM_PRIM_SGT: case CCAM_PRIM_SGE:
        return string_compare(c, v, code);
    case CCAM_PRIM_CHR:
        TRY(get_int(c, v, &a));
        if (a < 0 || a > 255) return raise_builtin(c, CCAM_EXN_CHR);
        *res = v;
        return 0;
    case CCAM_PRIM_ITOS: {
        char buf[32];
        TRY(get_int(c, v, &a));
        int n = snprintf(buf, sizeof buf, "%lld", (long long)a);
        if (buf[0] == '-') buf[0] = '~';
        return string_result(c, (const uint8_t *)buf, (size_t)n);
    }
    case CCAM_PRIM_STOI:
        TRY(get_string(c, v, &s));
        return stoi(c, s);
    case CCAM_PRIM_PRINT:
        TRY(get_string(c, v, &s));
        TRY(ccamP_output(m, s->data, s->len));
        *res = V_UNIT;
        return 0;
    case CCAM_PRIM_OUTPUT: {
        /* (stream, string): stream 1 is TextIO.stdOut, print's own output
           (so the two interleave exactly), 2 is TextIO.stdErr */
        value stream, text;
        TRY(get_pair(c, v, &stream, &text));
        TRY(get_string(c, text, &s));
        if (stream == MK_INT(1)) {
            TRY(ccamP_output(m, s->data, s->len));
        } else if (stream == MK_INT(2)) {
            TRY(error_output(m, s->data, s->len));
        } else {
            return type_err(c, "an output stream (1 or 2)", stream);
        }
        *res = V_UNIT;
        return 0;
    }
    case CCAM_PRIM_REF: {
        pair_obj *p = ccamH_pair(m, CCAM_K_REF, v, V_NONE);
        if (!p) return oom(c);
        *res = VAL(p);
        return 0;
    }
    case CCAM_PRIM_DEREF:
        if (!IS_KIND(v, CCAM_K_REF)) return type_err(c, "a ref", v);
        *res = PAIR(v)->a;
        return 0;
    case CCAM_PRIM_ASSIGN:
        TRY(get_pair(c, v, &x, &y));
        if (!IS_KIND(x, CCAM_K_REF)) return type_err(c, "a ref", x);
        PAIR(x)->a = y;
        ccamH_barrier(m, OBJ(x), y);
        *res = V_UNIT;
        return 0;
    case CCAM_PRIM_ARRAY: {
        TRY(get_pair(c, v, &x, &y));
        TRY(get_int(c, x, &a));
        if (a < 0 || a > CCAM_MAX_ARRAY_LENGTH) return raise_builtin(c, CCAM_EXN_SIZE);
        array_obj *arr = ccamH_array(m, (uint64_t)a);
        if (!arr) return oom(c);
        for (int64_t i = 0; i < a; i++) arr->items[i] = y;
        *res = VAL(arr);
        return 0;
    }
    case CCAM_PRIM_ASUB:
        TRY(get_pair(c, v, &x, &y));
        if (!IS_KIND(x, CCAM_K_ARRAY)) return type_err(c, "an array", x);
        TRY(get_int(c, y, &a));
        if (a < 0 || (uint64_t)a >= ARR(x)->len) return raise_builtin(c, CCAM_EXN_SUBSCRIPT);
        *res = ARR(x)->items[a];
        return 0;
    case CCAM_PRIM_AUPDATE: {
        value iv, item;
        TRY(get_pair(c, v, &x, &iv));
        if (!IS_KIND(x, CCAM_K_ARRAY)) return type_err(c, "an array", x);
        TRY(get_pair(c, iv, &y, &item));
        TRY(get_int(c, y, &a));
        if (a < 0 || (uint64_t)a >= ARR(x)->len) return raise_builtin(c, CCAM_EXN_SUBSCRIPT);
        ARR(x)->items[a] = item;
        ccamH_barrier(m, OBJ(x), item);
        *res = V_UNIT;
        return 0;
    }
    case CCAM_PRIM_ALENGTH:
        if (!IS_KIND(v, CCAM_K_ARRAY)) return type_err(c, "an array", v);
        *res = MK_INT((int64_t)ARR(v)->len);
        return 0;
    case CCAM_PRIM_AFROMLIST: {
        int64_t n;
        TRY(walk_list(c, v, NULL, NULL, &n));
        if (n > CCAM_MAX_ARRAY_LENGTH) return raise_builtin(c, CCAM_EXN_SIZE);
        array_obj *arr = ccamH_array(m, (uint64_t)n);
        if (!arr) return oom(c);
        value *dst = arr->items;
        TRY(walk_list(c, v, visit_store, &dst, &n));
        *res = VAL(arr);
        return 0;
    }
    case CCAM_PRIM_VFROMLIST: {
        int64_t n;
        TRY(walk_list(c, v, NULL, NULL, &n));
        if (n > CCAM_MAX_ARRAY_LENGTH) return raise_builtin(c, CCAM_EXN_SIZE);
        array_obj *vec = ccamH_vector(m, (uint64_t)n);
        if (!vec) return oom(c);
        value *dst = vec->items;
        TRY(walk_list(c, v, visit_store, &dst, &n));
        *res = VAL(vec);
        return 0;
    }
    case CCAM_PRIM_VSUB:
        TRY(get_pair(c, v, &x, &y));
        if (!IS_KIND(x, CCAM_K_VECTOR)) return type_err(c, "a vector", x);
        TRY(get_int(c, y, &a));
        if (a < 0 || (uint64_t)a >= ARR(x)->len) return raise_builtin(c, CCAM_EXN_SUBSCRIPT);
        *res = ARR(x)->items[a];
        return 0;
    case CCAM_PRIM_VLENGTH:
        if (!IS_KIND(v, CCAM_K_VECTOR)) return type_err(c, "a vector", v);
        *res = MK_INT((int64_t)ARR(v)->len);
        return 0;
    case CCAM_PRIM_VFROMARRAY: {
        if (!IS_KIND(v, CCAM_K_ARRAY)) return type_err(c, "an array", v);
        array_obj *vec = ccamH_vector(m, ARR(v)->len);
        if (!vec) return oom(c);
        if (ARR(v)->len) memcpy(vec->items, ARR(v)->items, ARR(v)->len * sizeof(value));
        *res = VAL(vec);
        return 0;
    }
    case CCAM_PRIM_EXNNAME:
        if (!IS_KIND(v, CCAM_K_EXN)) return type_err(c, "an exception value", v);
        *res = EXNNAME(PAIR(v)->a)->name;
        return 0;
    default:
        ccam_set_message(m, "unknown primitive %d", code);
        return CCAM_STATUS_TYPE;
    }
}
