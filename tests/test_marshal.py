"""Host values ⇄ machine values (the structural layer of the embedding API)."""

from __future__ import annotations

import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ccam.instructions import INT_MAX, INT_MIN
from ccam.marshal import (
    Constructor,
    MarshalError,
    bool_to_host,
    constructor,
    list_to_host,
    to_host,
    to_machine,
    tuple_to_host,
)
from ccam.values import Closure, Pair, UNIT_VALUE, Vector, show


@pytest.mark.parametrize("host, shown", [
    (5, "5"),
    (-5, "-5"),
    (True, "C1"),
    (False, "C0"),
    ("hé", '"h\\xe9"'),
    (b"ab", '"ab"'),
    (bytearray(b"x"), '"x"'),
    ((), "()"),
    ((1, 2), "(1, 2)"),
    ((1, 2, 3), "(1, (2, 3))"),
    ([1, 2], "C1((1, C1((2, C0))))"),
    ([], "C0"),
    (array.array("q", [1, 2]), "[|1, 2|]"),
    (Constructor(2), "C2"),
    (Constructor(1, (1, "a")), 'C1((1, "a"))'),
])
def test_to_machine(host, shown):
    assert show(to_machine(host)) == shown


@pytest.mark.parametrize("host, fragment", [
    (INT_MAX + 1, "does not fit in 63 bits"),
    (INT_MIN - 1, "does not fit in 63 bits"),
    ("€", "beyond \\u00ff"),
    ((1,), "1-tuple"),
    (1.5, "no machine value for a Python float"),
    (None, "no machine value for a Python NoneType"),
    (array.array("d", [1.0]), "only integer arrays"),
    (Constructor(-1), "not a natural number"),
])
def test_to_machine_rejects(host, fragment):
    with pytest.raises(MarshalError, match=fragment.replace("\\", "\\\\").replace("(", "\\(")):
        to_machine(host)


def test_machine_values_pass_through():
    closure = Closure(UNIT_VALUE, ())
    assert to_machine(closure) is closure and to_host(closure) is closure


def test_vectors_pass_in_and_come_back_as_lists():
    vector = Vector([1, Pair(b"a", 2)])
    assert to_machine(vector) is vector
    assert to_host(vector) == [1, (b"a", 2)]


def test_constructor_by_name():
    tags = {"Leaf": 0, "Node": 1}
    assert show(to_machine(constructor("Node", (1, 2), tags=tags))) == "C1((1, 2))"
    with pytest.raises(MarshalError, match="unknown constructor 'Tree'"):
        constructor("Tree", tags=tags)


host_values = st.recursive(
    st.one_of(st.integers(INT_MIN, INT_MAX), st.binary(max_size=4), st.just(()),
              st.builds(Constructor, st.integers(0, 5))),
    lambda inner: st.one_of(st.tuples(inner, inner), st.builds(Constructor, st.integers(0, 5), inner)),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(host_values)
def test_structural_round_trip(x):
    assert to_host(to_machine(x)) == x


def test_layout_readers():
    assert list_to_host(to_machine([1, 2, 3])) == [1, 2, 3]
    assert tuple_to_host(to_machine((1, b"a", ())), 3) == (1, b"a", ())
    assert tuple_to_host(to_machine(()), 0) == ()
    assert bool_to_host(to_machine(True)) is True
    with pytest.raises(MarshalError, match="expected a list"):
        list_to_host(to_machine((1, 2)))
    with pytest.raises(MarshalError, match="expected a boolean"):
        bool_to_host(5)
    with pytest.raises(MarshalError, match="expected a 3-tuple"):
        tuple_to_host(to_machine((1, 2)), 3)


def test_long_lists_do_not_recurse():
    assert len(list_to_host(to_machine(list(range(100_000))))) == 100_000
