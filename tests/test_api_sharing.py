"""The embedding API converts a value shared in the machine as the graph it
is (mlbox/hostvalues.py, "Sharing"): `val x1 = (x0, x0) ... val x24 =
(x23, x23)` converts in steps linear in 24, not 2^24, and comes back
shared; lists come back fresh at each occurrence, within a bound on the
nodes made; a shared Python tuple goes in as one machine value. Counted in
conversion steps, not timed."""

import pytest

from mlbox import api, driver, hostvalues
from mlbox.hostvalues import Converter, Data

MACHINES = ["py"] + (["c"] if driver.c_machine_available() else [])


def doubling(n: int, first: str = "0", name: str = "x") -> str:
    """val x0 = FIRST val x1 = (x0, x0) ... val xn = (x(n-1), x(n-1))"""
    return f"val {name}0 = {first} " + " ".join(f"val {name}{i} = ({name}{i - 1}, {name}{i - 1})"
                                               for i in range(1, n + 1))


def python_doubling(n: int, first=0):
    value = first
    for _ in range(n):
        value = (value, value)
    return value


@pytest.fixture
def steps(monkeypatch):
    """The number of values Converter converts afresh (not met before in the conversion)."""
    count = [0]
    convert = Converter._to_python

    def counted(self, v, t):
        count[0] += 1
        return convert(self, v, t)

    monkeypatch.setattr(Converter, "_to_python", counted)
    return count


@pytest.mark.parametrize("machine", MACHINES)
def test_a_value_doubled_24_times_converts_in_linear_steps(machine, steps):
    # Converted as a tree, x24 took 32 s (2^25 steps); as a graph, each xi
    # once, but x2 and x1, small tuples of ints (hostvalues.SMALL_TUPLE),
    # made afresh: x2 twice, x1 4 times, x0 8 times
    prog = api.load_source(doubling(24), machine=machine)
    x24 = prog["x24"]
    assert steps[0] == 22 + 2 + 4 + 8
    assert x24[0] is x24[1] and x24[0][0][0] is x24[1][1][1]


@pytest.mark.parametrize("machine", MACHINES)
def test_a_call_result_doubled_24_times_converts_in_linear_steps(machine):
    # a function's result converts through the compiled plans: 3 nodes (a
    # pair, its 2 items) a level, but x2 and x1, made with x3 (not counted)
    prog = api.load_source(doubling(24) + " fun get () = x24", machine=machine)
    x24 = prog.call("get")
    assert prog._plans.nodes == 3 * 22
    assert x24[1][0] is x24[0][1]
    assert [v[0] is v[1] for v in prog.function("get").map([(), ()])] == [True, True]


@pytest.mark.parametrize("machine", MACHINES)
def test_shared_conversion_equals_the_tree_conversion(machine):
    prog = api.load_source(doubling(12) + " fun get () = x12 fun poly (a, b) = (b, a)", machine=machine)
    expected = python_doubling(12)
    assert prog["x12"] == expected
    assert prog.call("get") == expected
    assert prog.call("poly", 1, prog["x12"]) == (expected, 1)  # through the Converter (polymorphic)


@pytest.mark.parametrize("machine", MACHINES)
def test_a_datatype_value_shared_converts_once(machine, steps):
    source = ("datatype t = L | N of t * string " + doubling(20, "N (L, \"leaf\")", "p")
              + " val d = N (N (L, \"x\"), \"y\")"  # the Data tree: a Data value shared
              + " val dd = (d, d)")
    prog = api.load_source(source, machine=machine)
    p20 = prog["p20"]
    assert steps[0] < 4 * 20  # each pi once, the N and its argument, L and the string once
    leaf = p20
    while isinstance(leaf, tuple):
        leaf = leaf[1]
    assert leaf == Data("N", (Data("L"), "leaf"))
    dd = prog["dd"]
    assert dd == (Data("N", (Data("N", (Data("L"), "x")), "y")),) * 2 and dd[0] is dd[1]


@pytest.mark.parametrize("machine", MACHINES)
def test_a_list_shared_in_ml_comes_back_fresh_at_each_occurrence(machine):
    # (docs/embedding.md) mutating one occurrence never changes another; the
    # list's immutable items are still converted once and shared
    prog = api.load_source("datatype d = D of int * string "
                           + doubling(3, "[D (1, \"a\"), D (2, \"b\")]", "l") + " fun get () = l3", machine=machine)
    items = [Data("D", (1, "a")), Data("D", (2, "b"))]
    for l3 in (prog["l3"], prog.call("get")):
        assert l3 == python_doubling(3, items)
        first, second = l3[0][0][0], l3[1][1][1]
        assert first == second and first is not second
        assert first[0] is second[0]
        first.append("mine")
        assert second == items


@pytest.mark.parametrize("machine", MACHINES)
def test_arrays_come_back_as_copies_vectors_shared_and_refs_as_handles_of_one_ref(machine):
    prog = api.load_source("val a = Array.fromList [1, 2] val pa = (a, a) val r = ref 0 val pr = (r, r) "
                           "val v = Vector.fromList [1, 2] val pv = [v, v] "
                           "fun set (r, v) = r := v fun get r = !r", machine=machine)
    pv = prog["pv"]
    assert pv == [(1, 2), (1, 2)] and pv[0] is pv[1]
    pa = prog["pa"]
    assert pa == ([1, 2], [1, 2]) and pa[0] is not pa[1]
    pr = prog["pr"]
    prog.call("set", pr[0], 5)
    assert prog.call("get", pr[1]) == 5  # one ML ref, whichever handle names it


EXPONENTIAL_LISTS = doubling(12, "[0]", "l").replace("(l", "[l").replace(")", "]") + " fun get () = l12"


@pytest.mark.parametrize("machine", MACHINES)
def test_a_list_value_exponential_in_python_meets_the_bound(machine, monkeypatch):
    # l12 is 2^12 fresh Python lists: truly exponential as a Python value
    monkeypatch.setattr(hostvalues, "MAX_PYTHON_NODES", 1000)
    prog = api.load_source(EXPONENTIAL_LISTS, machine=machine)
    message = "more than 1,000 nodes as a Python value.*keep it in ML as an MLValue \\(keep=True\\)"
    with pytest.raises(api.HostValueError, match=message):
        prog["l12"]
    with pytest.raises(api.HostValueError, match=message):
        prog.call("get")
    kept = prog.value("l12", keep=True)  # as the message says
    assert isinstance(kept, api.MLValue) and isinstance(prog.call("get", keep=True), api.MLValue)
    assert prog["l2"] == [[[0], [0]], [[0], [0]]]
    monkeypatch.setattr(hostvalues, "MAX_PYTHON_NODES", 1 << 24)
    assert prog.call("get") == prog["l12"]  # 2^13 lists: within the bound, and a call after the error works


def test_the_bound_counts_nodes_made_not_nodes_shared(monkeypatch):
    # a datatype with a list in one constructor is not shared (it may hold a
    # list), so its values count each occurrence; the doubled tuple of ints does not
    monkeypatch.setattr(hostvalues, "MAX_PYTHON_NODES", 1000)
    prog = api.load_source("datatype u = A of int list | B of u * u "
                           + doubling(10, "B (A [], A [])", "u").replace("(u", "B (u") + " "
                           + doubling(300) + " fun get () = u10", machine="py")
    x300 = prog["x300"]  # 2^300 leaves as a tree; 900 nodes made as a graph, within the bound
    assert x300[0] is x300[1]
    with pytest.raises(api.HostValueError, match="more than 1,000 nodes"):
        prog.call("get")
    monkeypatch.setattr(hostvalues, "MAX_PYTHON_NODES", 1 << 24)
    u10 = prog.call("get")
    assert u10.arg[0].arg[0] == u10.arg[1].arg[1] and u10.arg[0].arg[0] is not u10.arg[1].arg[1]


TYPES = "type t0 = int " + " ".join(f"type t{i} = t{i - 1} * t{i - 1}" for i in range(1, 25))


@pytest.mark.parametrize("machine", MACHINES)
def test_a_shared_python_tuple_goes_in_as_one_machine_value(machine):
    # 2^24 leaves as a tree: beyond the C machine's 4,194,304 nodes, and
    # 2^24 pairs built; as a graph, 24 pairs
    prog = api.load_source(TYPES + " fun first ((a, b) : t24) = a fun poly (x, y) = x", machine=machine)
    value = python_doubling(24)
    first = prog.call("first", value)  # the compiled plans
    assert first[0] is first[1] and first[0][0][0] is first[1][1][1]
    kept = prog.call("poly", value, 1, keep=True)  # the Converter (a type variable)
    pair = kept.value
    if machine == "py":  # the machine value itself: one Pair per level
        assert pair.fst is pair.snd and pair.fst.fst is pair.snd.snd
    result = prog.call("poly", value, 1)
    assert result[0] is result[1]


def test_a_string_shared_in_the_c_machine_is_read_and_decoded_once():
    prog = api.load_source('val s = String.implode (List.tabulate (1000, fn i => #"a")) val l = [s, s, s]',
                           machine="c")
    strings = prog["l"]
    assert strings == ["a" * 1000] * 3 and strings[0] is strings[1] is strings[2]


@pytest.mark.parametrize("machine", MACHINES)
def test_an_exception_argument_too_large_to_convert_is_kept_in_ml(machine, monkeypatch):
    # the uncaught exception is still what the call raises, its argument a handle
    monkeypatch.setattr(hostvalues, "MAX_PYTHON_NODES", 1000)
    prog = api.load_source(EXPONENTIAL_LISTS + " exception Big of int list list list list list list list "
                           "list list list list list list fun fail () = raise Big l12", machine=machine)
    with pytest.raises(api.MLError, match="uncaught exception Big") as raised:
        prog.call("fail")
    assert isinstance(raised.value.arg, api.MLValue)


class _CountingLib:
    """ccam.cmachine's cffi lib, counting the calls made through it."""

    def __init__(self, lib):
        self._lib = lib
        self.calls: dict[str, int] = {}

    def __getattr__(self, name):
        function = getattr(self._lib, name)
        if not callable(function):
            return function

        def counted(*args):
            self.calls[name] = self.calls.get(name, 0) + 1
            return function(*args)
        return counted


LARGE_VALUES = """
fun upto n = List.tabulate (n, fn i => (i, Int.toString i, i mod 2 = 0))
fun table n = Vector.tabulate (n, fn i => (i, Int.toString i))
fun grid n = Array.tabulate (n, fn i => (i, [i]))
val shared = ("s", [1, 2])
fun mixed n = List.tabulate (n, fn i => (shared, ref i, fn x => x + i, Vector.fromList [i, ~i], SOME [Int.toString i]))
"""


@pytest.mark.skipif("c" not in MACHINES, reason="the C machine is not built")
def test_a_large_list_comes_back_from_the_c_machine_in_one_read(monkeypatch):
    """A list or tree is read out of the C machine by one C call (ccam_read),
    not a call per node: 10,000 tuples were 70,000 calls of ccam_child,
    about 10 µs an item."""
    from ccam import cmachine

    counting = _CountingLib(cmachine.lib)
    monkeypatch.setattr(cmachine, "lib", counting)
    prog = api.load_source(LARGE_VALUES, machine="c")
    counting.calls.clear()
    items = prog.call("upto", 10_000)
    assert items == [(i, str(i), i % 2 == 0) for i in range(10_000)]
    assert counting.calls.get("ccam_read") == 1 and "ccam_child" not in counting.calls
    counting.calls.clear()  # a vector too
    assert prog.call("table", 5_000) == tuple((i, str(i)) for i in range(5_000))
    assert counting.calls.get("ccam_read") == 1 and "ccam_child" not in counting.calls
    counting.calls.clear()  # and the items of an array (copied into a list)
    assert prog.call("grid", 5_000) == [(i, [i]) for i in range(5_000)]
    assert counting.calls.get("ccam_read") == 1 and "ccam_child" not in counting.calls


@pytest.mark.skipif("c" not in MACHINES, reason="the C machine is not built")
def test_data_inside_an_exception_comes_back_from_the_c_machine_in_one_read(monkeypatch):
    # The exception itself is not data read by ccam_read; its argument was
    # then read a C call per node: `mlbox run` ending in an exception that
    # carried a list of a million items took 4 s to report it.
    from ccam import cmachine

    counting = _CountingLib(cmachine.lib)
    monkeypatch.setattr(cmachine, "lib", counting)
    prog = api.load_source(LARGE_VALUES + "exception Big of (int * string * bool) list\n"
                           "fun big n = raise Big (upto n)\n", machine="c")
    counting.calls.clear()
    with pytest.raises(api.MLError) as raised:
        prog.call("big", 10_000)
    assert raised.value.arg == [(i, str(i), i % 2 == 0) for i in range(10_000)]
    assert counting.calls.get("ccam_read") == 1 and counting.calls.get("ccam_child", 0) < 5



@pytest.mark.parametrize("machine", MACHINES)
def test_a_large_value_with_handles_inside_reads_whole_and_frees_every_handle(machine):
    # refs, functions and vectors inside the list come back as on the other
    # machine, shared data shared, and every handle made is released with
    # the Python values that hold it
    import gc

    prog = api.load_source(LARGE_VALUES, machine=machine)
    warm = prog.call("mixed", 1)[0][1]  # (MLRef's get and set keep a closure each, made at first use)
    warm.set(warm.get())
    del warm
    gc.collect()
    prog.call("upto", 1)
    before = prog._machine.heap_stats()["pinned"] if machine == "c" else None
    items = prog.call("mixed", 2_000)
    assert len(items) == 2_000
    shared, cell, add, vector, some = items[1_999]
    assert shared == ("s", [1, 2]) and items[0][0] is not None
    assert items[0][0][0] is items[1][0][0]  # the one string "s", read once
    assert cell.get() == 1_999 and add(1) == 2_000 and vector == (1_999, -1_999) and some == ["1999"]
    cell.set(7)
    assert cell.get() == 7
    if machine == "c":
        del items, shared, cell, add, vector, some
        gc.collect()
        prog.call("upto", 1)  # dead handles are released at the next entry
        assert prog._machine.heap_stats()["pinned"] == before


@pytest.mark.skipif("c" not in MACHINES, reason="the C machine is not built")
def test_a_failed_read_falls_back_to_reading_node_by_node(monkeypatch):
    # ccam_read fails only when memory runs out; the value is then read as
    # before, a call per node, and comes out the same
    from ccam import cmachine

    counting = _CountingLib(cmachine.lib)
    monkeypatch.setattr(cmachine, "lib", counting)
    prog = api.load_source(LARGE_VALUES, machine="c")
    expected = prog.call("upto", 300)
    monkeypatch.setattr(counting, "ccam_read", lambda *args: -1, raising=False)
    counting.calls.clear()
    assert prog.call("upto", 300) == expected
    assert counting.calls["ccam_child"] >= 300


# ---- values of any size through both machines (ccam_read above CCAM_SMALL_NODES)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ROUND_TRIP = """
datatype tree = Leaf | Node of tree * int * tree
fun ints (x : int list) = x
fun pairs (x : (int * string) list) = x
fun options (x : string option list) = x
fun nested (x : (bool list * string) list list) = x
fun trees (x : tree) = x
fun both (x : tree list * (int * int) option) = x
fun vectors (x : (int * string) vector list) = x
fun arrays (x : (string * int list) array) = x
"""
small_ints = st.integers(min_value=-(1 << 62), max_value=(1 << 62) - 1)
texts = st.text(st.characters(max_codepoint=255), max_size=6)


def sized_lists(items, most: int):
    """Lists of up to `most` items, any length as likely (st.lists favours short ones)."""
    return st.integers(0, most).flatmap(lambda n: st.lists(items, min_size=n, max_size=n))


def search_tree(keys: list[int]):
    """The binary search tree of keys inserted in order: any shape, from a path to a balanced tree."""
    def insert(tree, key):
        if tree.constructor == "Leaf":
            return Data("Node", (Data("Leaf"), key, Data("Leaf")))
        left, k, right = tree.arg
        return Data("Node", (insert(left, key), k, right) if key < k else (left, k, insert(right, key)))
    tree = Data("Leaf")
    for key in keys:
        tree = insert(tree, key)
    return tree


trees = sized_lists(st.integers(-1000, 1000), 120).map(search_tree)
ROUND_TRIP_VALUES = {
    "ints": sized_lists(small_ints, 400),
    "pairs": sized_lists(st.tuples(small_ints, texts), 200),
    "options": sized_lists(st.none() | texts, 200),
    "nested": sized_lists(sized_lists(st.tuples(st.lists(st.booleans(), max_size=8), texts), 8), 20),
    "trees": trees,
    "both": st.tuples(st.lists(trees, max_size=4), st.none() | st.tuples(small_ints, small_ints)),
    "vectors": sized_lists(sized_lists(st.tuples(small_ints, texts), 100).map(tuple), 5),
    "arrays": sized_lists(st.tuples(texts, st.lists(small_ints, max_size=4)), 200),
}


@pytest.fixture(scope="module")
def round_trip_programs():
    return {machine: api.load_source(ROUND_TRIP, machine=machine) for machine in MACHINES}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_values_of_any_size_come_back_equal_on_both_machines(round_trip_programs, data):
    # small results come back in ccam_call_small's buffer, larger ones by ccam_read
    name = data.draw(st.sampled_from(sorted(ROUND_TRIP_VALUES)))
    value = data.draw(ROUND_TRIP_VALUES[name])
    for machine, prog in round_trip_programs.items():
        assert prog.call(name, value) == value, machine
