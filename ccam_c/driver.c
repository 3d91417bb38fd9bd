/* driver.c — a standalone test driver for the C machine, compiled from the
 * same sources as the extension (tests/test_asan.py builds it with
 * -fsanitize=address,undefined, in both dispatch builds).
 *
 *   driver [-r max_reductions] [-s max_stack] [-m max_heap] [-d debug_flags]
 *          [-f fail_alloc_after] CORPUS...
 *
 * A CORPUS file is a sequence of records (u32 little-endian length, then that
 * many bytes of a .ccam image). For every record the driver prints one line:
 *   REJECT                       the loader refused it
 *   RUN status reductions gen emitted kind output_bytes
 * and after a run it collects and runs the heap checker (exit 3 if it fails).
 * Exit status 0 when every record was processed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccam.h"

static long long arg_or(int *i, int argc, char **argv) {
    if (*i + 1 >= argc) {
        fprintf(stderr, "driver: option %s needs a value\n", argv[*i]);
        exit(2);
    }
    return atoll(argv[++*i]);
}

static int run_record(const uint8_t *data, size_t len, long long maxred, long long maxstack, long long maxheap,
                      int debug, long long fail_after) {
    char err[512];
    ccam_machine *m = ccam_load(data, len, err, sizeof err);
    if (!m) {
        printf("REJECT\n");
        return 0;
    }
    ccam_set_limits(m, maxred, maxstack, maxheap);
    ccam_set_debug(m, debug);
    ccam_fail_alloc_after(m, fail_after);
    int st = ccam_run(m);
    int64_t h = ccam_result(m);
    int kind = h >= 0 ? ccam_kind(m, h) : -1;
    size_t outlen = 0;
    ccam_output(m, &outlen);
    printf("RUN %d %lld %lld %lld %d %zu\n", st, (long long)ccam_reductions(m), (long long)ccam_gen_reductions(m),
           (long long)ccam_emitted(m), kind, outlen);
    if (h >= 0) ccam_release(m, h);
    ccam_collect(m);
    if (ccam_heap_check(m) != 0) {
        fprintf(stderr, "driver: %s\n", ccam_message(m));
        ccam_free(m);
        return 3;
    }
    ccam_free(m);
    return 0;
}

int main(int argc, char **argv) {
    long long maxred = 20000, maxstack = 2000, maxheap = 16 << 20, fail_after = -1;
    int debug = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-r")) maxred = arg_or(&i, argc, argv);
        else if (!strcmp(argv[i], "-s")) maxstack = arg_or(&i, argc, argv);
        else if (!strcmp(argv[i], "-m")) maxheap = arg_or(&i, argc, argv);
        else if (!strcmp(argv[i], "-d")) debug = (int)arg_or(&i, argc, argv);
        else if (!strcmp(argv[i], "-f")) fail_after = arg_or(&i, argc, argv);
        else {
            FILE *f = fopen(argv[i], "rb");
            if (!f) {
                perror(argv[i]);
                return 2;
            }
            uint8_t hdr[4];
            while (fread(hdr, 1, 4, f) == 4) {
                size_t len = (size_t)hdr[0] | (size_t)hdr[1] << 8 | (size_t)hdr[2] << 16 | (size_t)hdr[3] << 24;
                uint8_t *data = malloc(len ? len : 1);
                if (!data || fread(data, 1, len, f) != len) {
                    fprintf(stderr, "driver: truncated corpus %s\n", argv[i]);
                    return 2;
                }
                int r = run_record(data, len, maxred, maxstack, maxheap, debug, fail_after);
                free(data);
                if (r) return r;
            }
            fclose(f);
        }
    }
    return 0;
}
