"""Refs across the boundary (docs/embedding.md): the program keeps its state
in refs; Python reads them with get() and writes them with set(), converted
by the ref's type as a call's values are, and a ref inside a result is such
a handle too.

    python examples/embed_refs.py"""

from mlbox import api

prog = api.load_source("""
val log = ref ([] : int list)
val limit = ref 3
val accept = ref (fn (n : int) => n mod 2 = 0)
fun admit n = length (!log) < !limit andalso !accept n andalso (log := n :: !log; true)
fun isPrime n = n > 1 andalso List.all (fn d => n mod d <> 0) (List.tabulate (n - 2, fn i => i + 2))
fun account owner = (owner, ref 0)
fun deposit ((_, balance), amount : int) = balance := !balance + amount
val seen = ref []
""", name="state.sml")

print("admitted   :", [n for n in range(10) if prog.call("admit", n)])
log = prog["log"]  # a handle on the ref itself: an MLRef
print("log        :", log, log.get())
log.set([])  # the program sees the change at its next call
prog["limit"].set(5)
prog["accept"].set(prog["isPrime"])  # a function of the program, stored in a ref
print("admitted   :", [n for n in range(30) if prog.call("admit", n)], "log:", log.get())

owner, balance = prog.call("account", "ada")  # a ref inside a result is an MLRef too
prog.call("deposit", (owner, balance), 40)
balance.set(balance.get() + 2)
print("account    :", owner, balance.get())

seen = prog["seen"]  # '_a list ref: the first value that gives '_a a type fixes it
print("seen       :", prog.type_of("seen"), seen.get())
seen.set([(1, "one")])
print("seen       :", prog.type_of("seen"), seen.get())
try:
    seen.set([("two", 2)])
except api.HostValueError as err:  # as a call refuses it
    print("bad value  :", err)
