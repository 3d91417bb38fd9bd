/* load.c — the bytecode verifier and decoder (docs/ccam.md, "Bytecode format").
 *
 * One pass both verifies and decodes: every rule of the format is checked
 * before the bytes it covers are used, and a rejection reports the reason
 * and the byte offset ("offset 37: unknown opcode 200").  The accept/reject
 * decisions are the Python reader's (ccam/bytecode.py); tests/test_fuzz.py
 * checks that on mutated files.
 *
 * Nesting: decode_prog keeps the PROGs being decoded on a heap-allocated
 * stack, not the C stack (the machine may run on any thread, whose C stack
 * can be small), and the format bounds their number by CCAM_MAX_NESTING
 * (ccam/instructions.py MAX_CODE_NESTING, through ccam_opcodes.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "ccam_int.h"

#define FORMAT_VERSION 1
#define MAX_COUNT (UINT32_C(1) << 24)
#define MAX_GLOBALS (UINT32_C(1) << 24)
#define MAX_ACC (UINT32_C(1) << 20)
#define MAX_TAG (UINT32_C(1) << 24)
#define MAX_STRING (UINT32_C(1) << 30)

typedef struct {
    ccam_machine *m;
    const uint8_t *p;
    size_t len, pos;
    uint32_t nglobals;
    char *err;
    size_t errlen;
} reader;

static int reject(reader *r, size_t at, const char *fmt, ...) {
    if (r->err && r->errlen) {
        int n = snprintf(r->err, r->errlen, "offset %zu: ", at);
        if (n >= 0 && (size_t)n < r->errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return -1;
}

static int oom(reader *r) {
    if (r->err && r->errlen) snprintf(r->err, r->errlen, "out of memory while loading");
    return -1;
}

static int get_u8(reader *r, uint32_t *out, const char *what) {
    if (r->len - r->pos < 1) return reject(r, r->pos, "truncated %s", what);
    *out = r->p[r->pos++];
    return 0;
}

static int get_u16(reader *r, uint32_t *out, const char *what) {
    if (r->len - r->pos < 2) return reject(r, r->pos, "truncated %s", what);
    *out = (uint32_t)r->p[r->pos] | (uint32_t)r->p[r->pos + 1] << 8;
    r->pos += 2;
    return 0;
}

static int get_u32(reader *r, uint32_t *out, const char *what) {
    if (r->len - r->pos < 4) return reject(r, r->pos, "truncated %s", what);
    const uint8_t *b = r->p + r->pos;
    *out = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    r->pos += 4;
    return 0;
}

static int get_i64(reader *r, int64_t *out, const char *what) {
    if (r->len - r->pos < 8) return reject(r, r->pos, "truncated %s", what);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | r->p[r->pos + (size_t)i];
    r->pos += 8;
    memcpy(out, &v, sizeof v);
    return 0;
}

/* A length-prefixed byte string as a heap string value. */
static int get_string(reader *r, value *out, const char *what) {
    size_t at = r->pos;
    uint32_t n;
    if (get_u32(r, &n, what)) return -1;
    if (n > MAX_STRING) return reject(r, at, "%s length %u too large", what, n);
    if (r->len - r->pos < n) return reject(r, at, "truncated %s (expected %u bytes)", what, n);
    *out = ccamH_string(r->m, r->p + r->pos, n);
    if (!*out) return oom(r);
    r->pos += n;
    return 0;
}

static int get_const(reader *r, value *out) {
    size_t at = r->pos;
    uint32_t kind = 0, u = 0;
    int64_t n = 0;
    if (get_u8(r, &kind, "constant")) return -1;
    switch (kind) {
    case 0: *out = V_UNIT; return 0;
    case 1:
        if (get_i64(r, &n, "int constant")) return -1;
        if (!INT_FITS(n)) return reject(r, at, "int constant %lld outside the 63-bit range", (long long)n);
        *out = MK_INT(n);
        return 0;
    case 2: return get_string(r, out, "string constant");
    case 3:
        if (get_u32(r, &u, "constructor tag")) return -1;
        if (u >= MAX_TAG) return reject(r, at, "constructor tag %u too large", u);
        *out = MK_CON0(u);
        return 0;
    default: return reject(r, at, "unknown constant kind %u", kind);
    }
}

/* Check a nat operand against the rule of its opcode. */
static int check_nat(reader *r, size_t at, uint32_t op, uint32_t n) {
    switch (op) {
    case CCAM_OP_ACC: case CCAM_OP_REC: case CCAM_OP_UPDATE:
        if (n >= MAX_ACC) return reject(r, at, "%s %u: index too large (limit %u)", ccam_op_names[op], n, MAX_ACC);
        break;
    default: break;
    }
    switch (op) {
    case CCAM_OP_PACK: if (n >= MAX_TAG) return reject(r, at, "pack tag %u too large", n); break;
    case CCAM_OP_REC: case CCAM_OP_MERGESWITCH:
        if (n == 0) return reject(r, at, "%s 0", ccam_op_names[op]);
        break;
    case CCAM_OP_GETGLOBAL: case CCAM_OP_SETGLOBAL:
        if (n >= r->nglobals) return reject(r, at, "global %u out of range (%u globals)", n, r->nglobals);
        break;
    default: break;
    }
    return 0;
}

/* One operand of kind 'n', 'm', 'c' or 's' (no sub-program) of instruction
   op, appended to block b: 0 done, -1 rejected, 1 not such a kind. */
static int decode_scalar_operand(reader *r, block *b, uint32_t op, char kind) {
    size_t at = r->pos;
    uint32_t u = 0;
    value v = 0;
    switch (kind) {
    case 'n':
        if (get_u32(r, &u, "operand")) return -1;
        if (check_nat(r, at, op, u)) return -1;
        b->code[b->len++] = u;
        return 0;
    case 'm':
        if (get_u8(r, &u, "primitive")) return -1;
        if (u > CCAM_PRIM_MAX_CODE || !ccam_prim_names[u]) return reject(r, at, "unknown primitive %u", u);
        b->code[b->len++] = u;
        return 0;
    case 'c':
        if (get_const(r, &v)) return -1;
        b->code[b->len++] = v;
        return 0;
    case 's':
        if (get_string(r, &v, "string")) return -1;
        b->code[b->len++] = v;
        return 0;
    default:
        return 1;
    }
}

/* Operands of a simple instruction (the operand of emit): at most one, and
   never a sub-program, so no nesting. */
static int decode_simple_operands(reader *r, block *b, uint32_t op) {
    for (const char *k = ccam_op_operands[op]; *k; k++) {
        size_t at = r->pos;
        int done = decode_scalar_operand(r, b, op, *k);
        if (done < 0) return -1;
        if (done > 0) return reject(r, at, "sub-program operand of simple instruction %s", ccam_op_names[op]);
    }
    return 0;
}

/* One PROG being decoded: its block, its instructions so far, and where
   the instruction in progress stands (which operand is next, which arm of
   a switch), so that a sub-program can be decoded on a new frame and the
   instruction resumed after it. */
typedef struct {
    block *b;
    uint32_t count, done;  /* instructions the PROG declares, and decoded so far */
    uint32_t op;           /* the instruction in progress (when kind is set) */
    const char *kind;      /* its next operand kind; NULL between instructions */
    uint32_t arm, narms;   /* a PROGS operand: next arm, number of arms */
    uint32_t first;        /* a PROGS operand: word index of its first arm */
    uint32_t slot;         /* word index the sub-program being decoded goes to */
} prog_frame;

typedef struct {
    prog_frame *frames;
    size_t n, cap;
} frame_stack;

/* Start decoding a PROG (u32 count, then count INSTRs) at depth s->n + 1
   on a new frame. */
static int open_prog(reader *r, frame_stack *s) {
    size_t at = r->pos;
    uint32_t count = 0;
    if (s->n + 1 > CCAM_MAX_NESTING) return reject(r, at, "nesting deeper than %d", CCAM_MAX_NESTING);
    if (get_u32(r, &count, "program")) return -1;
    if (count > MAX_COUNT) return reject(r, at, "program of %u instructions too long", count);
    if (count > r->len - r->pos) return reject(r, at, "truncated program (expected %u instructions)", count);
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        prog_frame *f = realloc(s->frames, cap * sizeof *f);
        if (!f) return oom(r);
        s->frames = f;
        s->cap = cap;
    }
    block *b = ccamH_block(r->m, 0);
    if (!b) return oom(r);
    prog_frame *f = &s->frames[s->n++];
    memset(f, 0, sizeof *f);
    f->b = b;
    f->count = count;
    return 0;
}

/* Decode operands of the frame's instruction in progress until it is
   complete (0, kind set to NULL) or a sub-program must be decoded first
   (1, a new frame is open; its block goes to word `slot`). */
static int decode_operands(reader *r, frame_stack *s) {
    prog_frame *f = &s->frames[s->n - 1];
    block *b = f->b;
    uint32_t op = f->op;
    for (; *f->kind; f->kind++) {
        size_t at = r->pos;
        uint32_t u = 0;
        int scalar = decode_scalar_operand(r, b, op, *f->kind);
        if (scalar < 0) return -1;
        if (scalar == 0) continue;
        switch (*f->kind) {
        case 'p':
            f->slot = b->len;
            b->code[b->len++] = VAL(NULL);
            f->kind++;  /* resume after this operand */
            return open_prog(r, s) ? -1 : 1;
        case 'P':
            if (f->narms == 0) {  /* the arm count, before the first arm */
                if (get_u32(r, &u, "arm count")) return -1;
                if (u == 0) return reject(r, at, "%s with no arms", ccam_op_names[op]);
                /* every PROG takes at least 4 bytes: refuse absurd counts before reserving */
                if (u > (r->len - r->pos) / 4)
                    return reject(r, at, "truncated %s (expected %u arms)", ccam_op_names[op], u);
                if (ccamH_block_reserve(r->m, b, u + 2)) return oom(r);
                b->code[b->len++] = u;
                f->first = b->len;
                b->len += u;
                for (uint32_t i = 0; i < u; i++) b->code[f->first + i] = VAL(NULL);
                f->narms = u;
                f->arm = 0;
            }
            if (f->arm < f->narms) {
                f->slot = f->first + f->arm++;
                return open_prog(r, s) ? -1 : 1;  /* resume on this operand, at the next arm */
            }
            f->narms = 0;
            break;
        case 'i': {
            uint32_t inner = 0;
            if (get_u8(r, &inner, "instruction")) return -1;
            if (inner > CCAM_OP_MAX_CODE || !ccam_op_operands[inner]) return reject(r, at, "unknown opcode %u", inner);
            if (!ccam_op_simple[inner]) return reject(r, at, "emit of composite instruction %s", ccam_op_names[inner]);
            b->code[b->len++] = inner;
            b->code[b->len] = 0;
            /* a simple instruction has at most one operand */
            uint32_t save = b->len;
            if (decode_simple_operands(r, b, inner)) return -1;
            b->len = save + 1;
            break;
        }
        }
    }
    f->kind = NULL;
    return 0;
}

/* Decode the PROG at r->pos into a new sealed block. Iterative: the PROGs
   being decoded are frames on a heap-allocated stack (at most
   CCAM_MAX_NESTING of them), so no input can exhaust the C stack of the
   calling thread. */
static int decode_prog(reader *r, block **out) {
    frame_stack s = { 0 };
    int status = open_prog(r, &s);
    /* Blocks under construction are reachable from nothing, but no
       collection can happen during loading (no safe point). */
    while (status == 0) {
        prog_frame *f = &s.frames[s.n - 1];
        block *b = f->b;
        if (f->kind) {  /* an instruction waiting for a sub-program that is now done */
            int more = decode_operands(r, &s);
            if (more < 0) { status = -1; break; }
            if (more) continue;
            b->ninstr++;
            f->done++;
            continue;
        }
        if (f->done < f->count) {
            size_t iat = r->pos;
            uint32_t op = 0;
            if (get_u8(r, &op, "instruction")) {
                status = reject(r, iat, "truncated program (expected %u instructions)", f->count);
                break;
            }
            if (op > CCAM_OP_MAX_CODE || !ccam_op_operands[op]) {
                status = reject(r, iat, "unknown opcode %u", op);
                break;
            }
            /* opcode + at most 3 fixed words (emit: opcode, inner, operand; branch: 2 blocks) + the seal word */
            if (ccamH_block_reserve(r->m, b, 5)) { status = oom(r); break; }
            b->code[b->len++] = op;
            f->op = op;
            f->kind = ccam_op_operands[op];
            continue;  /* its operands: the branch above */
        }
        if (ccamH_block_reserve(r->m, b, 1)) { status = oom(r); break; }
        ccamH_block_seal(r->m, b);
        s.n--;
        if (s.n == 0) { *out = b; break; }
        prog_frame *parent = &s.frames[s.n - 1];
        parent->b->code[parent->slot] = VAL(b);
    }
    free(s.frames);
    return status;
}

/* Verify and decode a whole image: its main block and nglobals. */
static int parse_image(ccam_machine *m, const uint8_t *bytes, size_t len, block **main_out, uint32_t *nglobals_out,
                       char *err, size_t errlen) {
    reader r = { m, bytes, len, 0, 0, err, errlen };
    uint32_t version = 0, flags = 0, nglobals = 0, nnames = 0;
    if (err && errlen) err[0] = 0;
    if (len < 4 || memcmp(bytes, "CCAM", 4) != 0) return reject(&r, 0, "bad magic (not a .ccam file)");
    r.pos = 4;
    if (get_u16(&r, &version, "header")) return -1;
    if (version != FORMAT_VERSION)
        return reject(&r, 4, "format version %u, this mlbox reads version %d", version, FORMAT_VERSION);
    if (get_u16(&r, &flags, "header")) return -1;
    if (flags != 0) return reject(&r, 6, "unsupported flags %u", flags);
    if (get_u32(&r, &nglobals, "header")) return -1;
    if (nglobals < CCAM_N_BUILTIN_EXNS) return reject(&r, 8, "nglobals %u < %d (the built-in exceptions)", nglobals, CCAM_N_BUILTIN_EXNS);
    if (nglobals > MAX_GLOBALS) return reject(&r, 8, "nglobals %u > %u", nglobals, MAX_GLOBALS);
    r.nglobals = nglobals;
    block *main_block = NULL;
    if (decode_prog(&r, &main_block)) return -1;
    size_t at = r.pos;
    if (get_u32(&r, &nnames, "name table")) return -1;
    if (nnames > nglobals) return reject(&r, at, "%u global names for %u globals", nnames, nglobals);
    for (uint32_t i = 0; i < nnames; i++) {
        value name;
        if (get_string(&r, &name, "global name")) return -1;  /* debug names are not kept */
    }
    if (r.pos != len) return reject(&r, r.pos, "%zu trailing bytes", len - r.pos);
    *main_out = main_block;
    *nglobals_out = nglobals;
    return 0;
}

/* Decode a whole image into m: a new main block, and the global table grown
   to the image's nglobals (existing globals keep their values, so a machine
   can run further programs against the same state). */
int ccamL_load(ccam_machine *m, const uint8_t *bytes, size_t len, char *err, size_t errlen) {
    block *main_block = NULL;  /* set by parse_image on success (gcc cannot see it) */
    uint32_t nglobals;
    if (parse_image(m, bytes, len, &main_block, &nglobals, err, errlen)) return -1;
    if ((int64_t)nglobals > m->nglobals) {
        value *g = ccamH_raw_realloc(m, m->globals, nglobals * sizeof(value));
        if (!g) {
            if (err && errlen) snprintf(err, errlen, "out of memory while loading");
            return -1;
        }
        for (int64_t i = m->nglobals; i < nglobals; i++) g[i] = V_NONE;
        m->globals = g;
        m->nglobals = nglobals;
    }
    m->main_block = main_block;
    return 0;
}

/* Decode an image's main program into a block without installing it (host
   values: closures and blocks built by Python). */
int ccamL_load_block(ccam_machine *m, const uint8_t *bytes, size_t len, block **out, char *err, size_t errlen) {
    uint32_t nglobals;
    return parse_image(m, bytes, len, out, &nglobals, err, errlen);
}
