"""Staged programs checked against Poly/ML through the staging erasure
(docs/language.md §7, "The staging erasure"): an ML□
program prints what Poly/ML prints for the same program with `[t]` read as
`unit -> t`, `code e` as `fn () => e`, `lift e` as a thunk of e's value and
`cogen u = e` as `val u = e` with every use of u forced.

tests/data/staged_polyml/NAME.sml covers one area adversarially: every
construct under `code` at depth 1 and 2, lift of every kind of value,
cogen at top level and in let, the order of effects at generation and at
run time, memoised generators, generators that raise, code run many
times, staged power, polynomials, an interpreter, a matcher and word
arithmetic; then realistic staged programs (interpreters with let, a
stack machine with loops, glob, regex and DFA matchers, printf, templates,
queries, a lexer generator, CPS generation with let-insertion, sorting
networks) and the corners of staging (generators in data structures and
higher-order functions, sharing of lifted refs, effects at generation
versus run time, exceptions across stages, nesting 3 deep, recursion 10^5
deep in generated code, thousands of generators, programs that die of an
exception during generation or from nested generated code). Programs 40 and
up are a second sweep written as a staging teacher's test set would be:
power in five styles, inner and matrix products with lifted coefficients,
polynomial specialisation, staged list functions, KMP and naive search,
compilers for let-expressions, a stack machine, a while language, boolean
formulae, a first-order language with recursive functions and Brainfuck,
printf with directives and in Danvy's typed style, switch tables, automata
and a derivative-built DFA, parser combinators, Church numerals, CRC on
words, BST specialisation, code returning code, lift identity, local
exceptions in code, scoping and shadowing of code variables, polymorphic
code variables, effect order, 10^4-node generated code, long hand-written
chains of lifted operands and applications (80), and three more
programs that die of an uncaught exception. Programs 81 and up are a third
sweep of bigger, more deeply staged programs: interpreters of languages
with closures, recursion and exceptions (81, 113), a three-stage language
tower (98), generators three and four levels deep (83, 86, 111, 112),
backtracking regexps and CPS parser combinators, sorting networks, NTT
butterflies, sparse matrices, transducers, memo tables at both stages,
decision trees, tries, term rewriting, dynamic programming, type-directed
generic functions, query plans, a CNF solver, generated code under load
(92: 10^5 calls, recursion 10^5 deep), refs, arrays and large values
across stages, polymorphic generators and the value restriction, and
four more programs that die of an exception escaping generated code
(94, 95, 102, 109). Programs 119 and up were written during a
differential campaign, on what the sweeps above touch only in passing:
datatypes, mutually recursive functions, exceptions, local and fixity
declarations, while loops and string, char and word patterns declared and
run inside generated code at depths 1 and 2 (119), loops unrolled at
generation time over state shared by both stages, blocked unrolling,
exceptions that leave generated loops or generation (120), and a CPS
matcher compiled at the second of three stages, memoised at the first
(121), exceptions with arguments (lifted values, functions, exception
packets) raised and handled across stages (122, which dies of one), and
the staging constructs in every syntactic position: extent of code and
lift, generators as operands of user infix operators, box types in
annotations, datatypes and exceptions, cogen shadowing (123). Programs
124 to 129 were written in a later campaign: an evaluator for arithmetic
with let and division, staged over the run-time environment (124);
validators folded from a list of rules, their checkers memoised in a
table of refs, lifted exception packets, three stages (125); a stack
machine compiled by a right fold, jumps to generated suffixes, ending in
an uncaught exception (126); lift of strings with every escape, chars,
nested lists and options of strings, documents and exceptions (127);
memoised recurrence generators, a generator of generators, handlers in
code at depths 1 and 2 (128); a binary record decoder generated
from a format, with word arithmetic at both stages (129); and arrays of
generators and of generated functions, a ref read at generation time
against one read by the generated code, a dispatcher folded from a grid
of generators (130). Programs 131 to 157 are the examples of the staging
literature, each citing its source: the related work of the paper
(dynamic staging's three-stage dot product, CPS power, fragment chaining,
convolution with boundary modes and an FFT-shaped transform with an unroll
threshold; Asai and Kameyama's annotations; LMS's let-insertion and staged
recursive functions; Impala's bounded unfolding and loop fusion) and the
classics (Taha's staged interpreter, KMP from a naive matcher, Harper's
regexp matcher, parser combinators, Danvy's printf, Swadi et al.'s
memoising let-insertion monad, staged open recursion with mixins, Fabius
examples, Davies and Pfenning's modal axioms, the Shonan HMM challenge,
strymonas stream fusion, tagless-final interpreters, Bareiss elimination,
the Turing machine of Jones, Gomard and Sestoft, staged generic
functions, a three-stage query compiler that dies of an exception
(154), Glück and Jørgensen's multi-level generating extensions (156) and
Taha's error handling in a staged interpreter three ways: options, CPS
and exceptions (157)); where the original needs open code, the program
is its closed modal analogue and says so. Programs 158 to 161 come from a
campaign against the type system: the order of evaluation of code
variables applied at generation time (158), exceptions across splices and
levels, generative at each run of generated code (159), lifted constants
at the ends of the int range next to generation-time folding, and
shadowing after capture (160), and names a program declares that the
erasure must not capture (161). Programs 169 to 187 come from a hunt
aimed at what the programs above touch only in passing: match
compilation under code (169), polymorphic generators and generators kept
in data (170), top-level rebinding after capture (171), local datatypes
across stages (172), the order of effects of every construct in
generated code (173), explicit type variables, equality and the basis
under code (174, 183), every pattern form (175), the ways a code variable
is applied to arguments (176, 181: curried, tupled, split pairs), local
exceptions generative per run (177, which dies of one), tree generators
with withtype and abstype (178), large generated code written out (179:
600 case arms, 300 nested lets), lift of closures and of every value kind
(180), cogen inside code over three stages (182), hundreds of
generated functions with eval 3,000 deep (184), matches on more than 32
constants (binary searches) under code (185), code variables bound to
fns past the generator's size limit (186) and declarations inside
stage-two code (187). Programs 200 to 220 are a fourth sweep, against
the generator's optimisations (generator.py's module doc): curried calls
of inlined generators with arguments that log, assign and raise, partial
and over-application, chains broken by lets, effects, cases, failing
clauses and ref patterns (200); folding on lifted 0, 1 and "" next to
arithmetic that must not fold, overflow and words (201); splices in tail
position of every construct (202); pair and triple arguments bound split
or whole (203); chains, bodies and arguments across the copy size bound
(204, 207, 209); polymorphic code variables and code nested three deep
(205); nested code inside inlined bodies, run at other environment
depths (206, 208); wide matches whose arms end in splices (210); two
seeds of a random generator of curried generators and their calls (211,
212); failures at generation time beside run-time ones, ending in an
uncaught Match (213); generators of exactly 400 and 402 instructions, the
copy size bound (214); infix code variables, bound with `cogen op` (215);
code variables bound at run time applied as the generator cannot reduce
(216); tuples bound split, read by selectors and passed whole to
generators that are not fns (217); and built-in operators rebound as code
variables (`cogen op +`) and as values next to lifted 0, 1 and "", where
nothing may fold (218); names rebound along curried chains (219); and
code variables spliced as values: raised, scrutinised, passed to map (220).
Programs 223 to 232 come from a fifth hunt against those optimisations:
code variables bound in local, match arms and handlers, spliced at depths
1 to 3, generated in while loops over refs of code (223); chains whose
bodies generate code, and chains of later stages (224); every kind of
variable as a curried argument, and scoping the erasure must respect
(225); lifted constants at the edges next to identity folding (226);
specialised code run many times, inlined, not a fn and spliced through a
function, and over-application by 20 arguments (227); generators reached
through data, refs, parameters and computed heads, and arguments that
would not terminate but for a counter (228); exceptions raised while
generating at each stage, ending in an uncaught one (229); seeds of
two scratch generators of curried chains and of random nesting (230, 231);
and two chains swept across the copy size bound (232). Programs 240 to
249 are realistic specialisers as the staging literature writes them,
each printing its unstaged and specialised results side by side and
checking they agree: a CPS regex matcher with a generated recursive star
(240), KMP with the failure jumps built into generated states kept in an
array (241), the first Futamura projection of an expression interpreter
(242), printf in Danvy's typed style beside a format interpreter (243), an
online partial evaluator with static/dynamic values and a bound on
unfolding (244), memoised generators: an association list of specialised
functions and a table of sub-generators' code (245), LMS-style
let-insertion beside a naive duplicating generator (246), a three-stage
dot product with cogen inside lets inside code at depths 2 and 3 (247), a
compiled imperative language whose exceptions are ML exceptions raised
and handled by generated code, ending in one uncaught (248), and
generated code kept in refs and arrays, rebuilt and evaluated in loops
(249). Programs 250 to 269 were written in the style of the shared
conformance programs, one or two for each topic their numbering leaves
out: a sparse inner product and a matrix-vector product (250), matrix
power by squaring, dying of Overflow in generated code (251), an
interpreter with functions and its first Futamura projection (252), a
while language compiled over an array store (253), a matcher with
wildcards and a CPS regexp matcher with classes (254, 255), scoping of
code variables (256), lift of trees, closures, refs, exceptions and
generators (257), exceptions raised, handled and re-raised in generated
code (258), a generator that dies of an exception while generating
(259), polymorphic generator combinators (260), generators in lists,
arrays, refs and trees, evaluated in loops (261), staged list functions
with a memo array (262), three-level generators (263), printf (264), Div
escaping generated code (265), a sorting network (266), prints at
generation and at run time interleaved (267), code of code (268) and
Subscript escaping code generated at the second level (269). Programs 270
to 291 take their examples from the paper's related work again, from
angles 131 to 139 leave out, each printing its unstaged result beside the
specialised one: MetaML's back2 dot product over three stages and the
Stage-C one specialised over either vector (270, 271), power by squaring
as program text, as code and in CPS (272), a staged for loop unrolled up
to a threshold (273), a convolution by regions whose constant border
escapes the pixel, dying of a strict border's exception (274), a
recursive NTT mod 17 with an unroll threshold (275), Ackermann
specialised per level with a call budget that runs out (276), Asai and
Kameyama's competing annotations (277), The Trick (278), LMS's
duplicated and reordered effects and its squaring power whose copied
code grows with the exponent, dying of Overflow (279, 280), residual
recursion and a cyclic graph specialised through lifted refs (281), the
counting-loop problem with bounded unfolding (282), fused_iterate with
strip-mining (283), a separable stencil over three stages (284), a
V-cycle of pluggable components (285), KMP states tied by open recursion
(286), a staged scanf dying of a bad format at generation time (287),
partially static vectors (288), an online specialiser with run and halt
annotations (289), stage plans choosing per variable among three stages
(290) and an edit distance specialised to its pattern (291). Programs 292
to 312 are realistic programs on what the corpus touched least: the
String, Substring, StringCvt, Char, Array, Vector, List and ListPair basis
under `code` (fixed-width records raising an exception with values to the
generator's caller, 292; an array pipeline with lifted, shared buffers,
294; sparse kernels and Jacobi over vectors, 302; a query pipeline fused
into one fold, 307; escapers from 256-entry character tables, 308),
`fun ... and ...` with local datatypes and exceptions inside code (a
recursive-descent calculator, 293; a tokenizer tying open-recursive
states, 300; mutually recursive machines at depth 2, 304), exception
packets lifted and raised by generated code, generative exceptions and
handlers matching carried values (295), polymorphic code values and the
value restriction, box types in annotations (296), unrolled code run many
times (297: 36,000 instructions; 306: a dispatch tree of 89,000), eval
inside generated code with memo tables of code and of generated
functions (298: a JIT), staged pretty-printer and parser combinators with
a knot tied through a lifted ref (299, 305), a ledger dying of a lifted
packet (301), hot patching through lifted refs (303), elimination mod p
unrolled over arrays of arrays (309), a two-stage glob compiler memoised
by pattern that dies of an exception raised while generating at the
second stage (310), sorting networks over polymorphic comparator
generators (311) and arrays and refs lifted through three stages (312).
Programs 313 and 314 use ArraySlice and VectorSlice under `code`: a
convolution kernel unrolled over windows of a vector, applied in place to
a region of a lifted array, slices lifted whole (313), and a packet
decoder compiled from its format, at two levels, cutting subslices of a
shared buffer (314). Programs 315 to 324 are whole programs of the kind an
ML programmer writes to try an implementation, each checked against its
unstaged twin: a stack language with loops compiled to code (315), a DFA
built by derivatives emitted as one function per state (316), products by
a known matrix (317), Mealy machines and a tokenizer with a local datatype
in code (318), bit-field layouts as word shifts and masks (319),
polymorphic generator combinators with `op`, `o` and `before` (320), an
expression compiler with generated handlers (321), keyword search by a
trie unrolled into code under a while loop (322), Horner's rule over three
stages (323) and Batcher's sorting network over polymorphic arrays (324).
Program 325 uses Array2 under `code`: a 3 x 3 stencil unrolled into a
smoothing pass over grids given at run time, products by a known matrix
unrolled by rows, and a lifted Array2 modified by generated code in both
traversals. Programs 326 to 340 are what a user of MetaOCaml, LMS or an
online partial evaluator ports first, each checked against its unstaged
twin: a sparse dot product and a CSR matrix-vector product (326), naive
and KMP search with the failure chain unrolled per state (327), an
imperative language with blocks, for loops and procedures compiled over
a frame (328), a DFA's table as range tests under a bisecting dispatch
(329), printf from a parsed format with widths and padding (330),
memoised generated functions for power, Fibonacci and Ackermann per level
(331), let-insertion emulated by slots, naive beside direct and CPS
(332), a de Bruijn lambda evaluator with a fixpoint (333), formulae
compiled directly, as a BDD tree and as a BDD with shared nodes (334),
list functions on a known prefix (335), a three-stage linear form and
lookup table (336), a schema validator, a safe calculator and retries
raising and handling exceptions in generated code, ending in an uncaught
one (337), a histogram, ring buffers and a ref shared by both stages
(338), a Forth whose words are compiled once and called through lift
(339) and a bit-parallel Glushkov regex search (340).

NAME.expected (and NAME.exception) were recorded by `python -m
tests.polyml_record --write` from Poly/ML running the erased program, so
the main test does not need Poly/ML; when it is installed the recording
is checked against it again.
"""

from __future__ import annotations

import pathlib

import pytest

from tests import polyml_record
from tests.expected_output import check_on_both_machines

CORPUS = pathlib.Path(__file__).resolve().parent / "data" / "staged_polyml"
PROGRAMS = sorted(CORPUS.glob("*.sml"))

# Programs too long for the Python machine (it runs one to two million
# reductions a second): the C machine runs them whole, the Python machine
# their first few million reductions, which must be the C machine's.
LONG = {
    "25_deep_recursion_generated",  # ~38 million reductions
    "92_hot_generated_loops",  # ~28 million: 10^5 calls, recursion 10^5 deep, 10^4-term code
}




def test_the_corpus_is_complete():
    assert len(PROGRAMS) >= 187
    assert LONG <= {p.stem for p in PROGRAMS}
    for path in PROGRAMS:
        assert path.with_suffix(".expected").exists(), path.name


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in PROGRAMS])
def test_prints_what_polyml_prints_for_the_erasure_on_both_machines(path):
    result = check_on_both_machines(path, py_prefix=path.stem in LONG)
    assert result.emitted > 0  # staging is not erased here: code is generated


@pytest.mark.skipif(polyml_record.POLY is None, reason=polyml_record.POLY_MISSING)
@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in PROGRAMS])
def test_the_recording_is_what_polyml_prints_for_the_erasure(path):
    run = polyml_record.run_poly(path)
    assert (run.output, run.exception) == polyml_record.recorded(path)
