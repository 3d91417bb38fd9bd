"""The C machine's generational collector (sticky mark bits, heap.c):
minor collections mark only from the roots and the remembered set, so a
store of a young pointer into an old object that misses the write barrier
frees a live object.

The mutation-heavy programs below store into old objects in every way the
machine can — refs and arrays of lists updated in loops, recursive closures
patched by `update`, code blocks grown by emit/lift/merge over and over,
exception values carrying heap values — and run under the debug modes:
COLLECT_SOMETIMES collects every 1-17 instructions (so objects stay young
across the stores that follow them), COLLECT_ALWAYS before every
instruction; in both every fifth collection is major, and HEAP_CHECK
verifies around every collection that each old object pointing to a
young one is in the remembered set. Output and reduction counts must equal
the reference machine's."""

from __future__ import annotations

import pytest

from ccam import cmachine, refmachine
from ccam.instructions import Status
from mlbox import driver
from mlbox.diagnostics import Source
from tests.test_conformance import CONFORMANCE

STRESS_MODES = {
    "sometimes": cmachine.DEBUG_COLLECT_SOMETIMES | cmachine.DEBUG_HEAP_CHECK,
    "always": cmachine.DEBUG_COLLECT_ALWAYS | cmachine.DEBUG_HEAP_CHECK,
}

PROGRAMS = {
    # a long-lived ref (old after the first collections) takes a young list
    # at every step; the old lists die and must be freed by majors
    "refs_of_lists": """
val r = ref ([] : int list)
val keep = ref ([] : int list list)
fun loop 0 = ()
  | loop n = (r := n :: !r;
              if n mod 7 = 0 then (keep := !r :: !keep; r := []) else ();
              loop (n - 1))
val _ = loop 300
fun sum [] = 0 | sum (x :: xs) = x + sum xs
val _ = print (Int.toString (sum (!r)) ^ " " ^ Int.toString (length (!keep)) ^ " " ^
               Int.toString (sum (map sum (!keep))) ^ "\\n")
""",
    # an old array whose slots take young lists, and a ref to an array
    # replaced by a fresh one now and then
    "arrays_of_lists": """
val a = Array.array (8, [] : int list)
val cur = ref (Array.array (3, [0]))
fun loop i =
  if i = 400 then ()
  else (Array.update (a, i mod 8, i :: Array.sub (a, i mod 8));
        Array.update (!cur, i mod 3, [i, i + 1]);
        if i mod 50 = 0 then cur := Array.array (3, [i]) else ();
        loop (i + 1))
val _ = loop 0
fun total [] = 0 | total (x :: xs) = x + total xs
fun go i acc = if i = 8 then acc else go (i + 1) (acc + total (Array.sub (a, i)))
val _ = print (Int.toString (go 0 0) ^ " " ^ Int.toString (total (Array.sub (!cur, 1))) ^ "\\n")
""",
    # recursive closures made over and over: `rec` allocates the ⊥ slots,
    # `update` patches them later, by which time they may be old
    "recursive_closures": """
fun make k =
  let fun even 0 = true | even n = odd (n - 1)
      and odd 0 = false | odd n = even (n - 1)
      fun count 0 acc = acc | count n acc = count (n - 1) (if even (n + k) then acc + 1 else acc)
  in count end
val fs = List.tabulate (30, fn k => make k)
val _ = print (String.concat (map (fn f => Int.toString (f 9 0) ^ " ") fs) ^ "\\n")
""",
    # code generated over and over into blocks that outlive collections:
    # emit, lift (of heap values), merge of sub-blocks
    "generated_code": """
fun codePower e =
  if e = 0 then code (fn _ => 1)
  else let cogen p = codePower (e - 1) in code (fn b => b * (p b)) end
fun addList xs =
  let cogen l = lift xs in code (fn n => n + length l) end
fun loop 0 acc = acc
  | loop n acc = loop (n - 1) (acc + eval (codePower (n mod 6)) 2 + eval (addList (List.tabulate (n, fn i => i))) n)
val _ = print (Int.toString (loop 25 0) ^ "\\n")
""",
    # a case's arms and an if's branches generated into a code block that
    # a collection made old while they were generated (mergeswitch writes
    # the arms into it, mergebranch appends the branches)
    "generated_cases": """
datatype shape = Circle of int | Square of int | Rect of int * int | Dot
fun gen 0 = code (fn s => 0)
  | gen n =
      let cogen rest = gen (n - 1)
          cogen k = lift n
      in code (fn s => (case s of Circle r => k * r | Square a => a + k | Rect (w, h) => w * h - k | Dot => k)
                       + rest s + (if k mod 3 = 0 then 0 else 1)) end
fun label n = let cogen m = lift n in code (fn i => if i = m then "hit" else "miss" ^ Int.toString m) end
fun loop 0 acc = acc
  | loop i acc =
      let val f = eval (gen (i mod 9 + 3))
          val l = eval (label i)
      in loop (i - 1) (acc + f (Rect (i, 2)) + f (Circle i) + f Dot + f (Square i) + size (l (i mod 4))) end
val _ = print (Int.toString (loop 4 0) ^ "\\n")
""",
    # a handler's environment held by its try frame alone while the body
    # (a call that allocates, then raises) runs: the frame is a root
    "handler_environment": """
fun churn 0 = raise Fail "done"
  | churn k = (ignore (List.tabulate (20, fn i => i)); churn (k - 1))
fun f n =
  let val big = List.tabulate (n, fn i => i * 2)
  in churn 30 handle Fail m => foldl op+ 0 big + size m end
val _ = print (Int.toString (f 50 + f 7) ^ "\\n")
""",
    # exception values carrying heap values, caught and kept in refs
    "exceptions": """
exception Carry of int list * string
val caught = ref ([] : (int list * string) list)
fun thrower n = raise Carry (List.tabulate (n mod 5, fn i => i * n), Int.toString n)
fun loop 0 = ()
  | loop n = ((thrower n) handle Carry v => caught := v :: !caught; loop (n - 1))
val _ = loop 120
val _ = (raise Carry ([1, 2], "x")) handle Carry (l, s) => print (s ^ Int.toString (length l) ^ "\\n")
val _ = print (Int.toString (length (!caught)) ^ " " ^
               String.concat (map (fn (l, s) => s ^ ":" ^ Int.toString (foldl op+ 0 l) ^ " ") (List.take (!caught, 5))) ^ "\\n")
""",
}


def compile_program(name: str, text: str):
    return driver.compile_source(Source(f"{name}.sml", text)).program


@pytest.mark.parametrize("mode", sorted(STRESS_MODES))
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_mutation_heavy_program_under_collection_stress(name, mode):
    program = compile_program(name, PROGRAMS[name])
    ref = refmachine.Machine(program).run()
    assert ref.status == Status.OK, ref.message
    machine = cmachine.Machine(program, debug=STRESS_MODES[mode])
    c = machine.run()
    assert c.status == Status.OK, c.message
    assert c.output == ref.output
    assert c.reductions == ref.reductions
    stats = machine.heap_stats()
    # both kinds of collection ran (the debug modes make every fifth major)
    assert 0 < stats["major_collections"] < stats["collections"]
    machine.heap_check()


@pytest.mark.parametrize("name", ["02_code_power", "23_staged_refs", "14_effects_ordering"])
def test_staged_conformance_programs_collecting_every_few_instructions(name):
    path = CONFORMANCE / "staged" / f"{name}.sml"
    program = driver.compile_source(Source(str(path), path.read_text())).program
    ref = refmachine.Machine(program).run()
    c = cmachine.Machine(program, debug=STRESS_MODES["sometimes"]).run()
    assert (c.status, c.output, c.reductions) == (ref.status, ref.output, ref.reductions), c.message


# ------------------------------------------------------------- the heap limit

# A list kept live across collections (so it is old), then dropped; garbage
# enough for a collection (a minor one: it cannot free the old list); then
# an array that fits only once the dead list is gone. The allocation meets
# the limit counting the dead list and must be retried after a major
# collection, not fail: the limit stays what it was before generations.
DEAD_OLD_LIST_THEN_ARRAY = """
val r = ref (List.tabulate ({n}, fn i => i))
fun churn 0 = () | churn k = (ignore (List.tabulate (100, fn i => i)); churn (k - 1))
val _ = churn 2000
val _ = print (Int.toString (length (!r)) ^ "\\n")
val _ = r := []
val _ = churn 2000
val a = Array.array ({m}, 1)
val _ = print (Int.toString (Array.length a + Array.sub (a, 0)) ^ "\\n")
"""


def test_an_allocation_meeting_the_limit_because_of_dead_old_objects_is_retried():
    n, m = 500_000, 3_000_000  # a 24 MB list, a 24 MB array
    program = compile_program("retry", DEAD_OLD_LIST_THEN_ARRAY.format(n=n, m=m))
    machine = cmachine.Machine(program, max_heap=40 << 20)
    result = machine.run()
    assert result.status == Status.OK, result.message
    assert result.output == f"{n}\n{m + 1}\n".encode()
    assert machine.heap_stats()["major_collections"] >= 1
    machine.heap_check()
    # and a real overflow still stops cleanly at the limit
    tight = cmachine.Machine(program, max_heap=20 << 20).run()
    assert tight.status == Status.HEAP_LIMIT
    assert "heap limit exceeded" in tight.message


# Lists of 15 MB, each replacing the last in a ref: every one dies old, so
# minors alone would count them all live and pass the 40 MB limit.
REPLACED_LISTS = """
val r = ref ([] : int list)
fun loop 0 = () | loop k = (r := List.tabulate (300000, fn i => i + k); loop (k - 1))
val _ = loop 6
val _ = print (Int.toString (hd (!r)) ^ "\\n")
"""


def test_dead_old_data_never_counts_against_the_limit():
    machine = cmachine.Machine(compile_program("replaced", REPLACED_LISTS), max_heap=40 << 20)
    result = machine.run()
    assert result.status == Status.OK, result.message
    assert result.output == b"1\n"
    stats = machine.heap_stats()
    assert stats["major_collections"] >= 1
    assert stats["live"] <= 40 << 20


def test_a_growing_list_is_marked_in_full_only_a_few_times():
    # minor collections do not re-mark the old part of the list: the majors
    # come when the old data has doubled since the last one
    from tests.test_gc import compiled_list_program, list_output

    n = 1_000_000
    machine = cmachine.Machine(compiled_list_program(n))
    assert machine.run().output == list_output(n)
    stats = machine.heap_stats()
    assert 1 <= stats["major_collections"] <= 3 < stats["collections"]
