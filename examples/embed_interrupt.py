"""Deadlines and stopping calls (docs/embedding.md): a thread pool serves
requests on one program, each call with its own deadline (timeout=), which
stops that call only, wherever the others are; and prog.interrupt() stops
whatever call is in progress, from any thread (a host's "cancel"). The
program goes on serving.

    python examples/embed_interrupt.py"""

import threading
from concurrent.futures import ThreadPoolExecutor

from mlbox import api

prog = api.load_source("""
fun search (n : int) = if n < 0 then n else search (n + 1)   (* runs for ever *)
fun square (n : int) = n * n
""")


def request(name, n, timeout):
    try:
        return prog.call(name, n, timeout=timeout)  # the request's deadline, waiting for the program included
    except api.MachineFailure as failure:
        return f"stopped: {failure}"  # INTERRUPTED: the deadline passed (timeout=0.2 s): ...


requests = [("square", 12, 5.0), ("search", 0, 0.2), ("square", 5, 5.0)]
with ThreadPoolExecutor(max_workers=3) as pool:
    answers = pool.map(lambda r: request(*r), requests)
    for (name, n, _), answer in zip(requests, answers):
        print(f"{name} {n}:", answer)


def cancelled():
    try:
        prog.call("search", 0)  # no deadline
    except api.MachineFailure as failure:
        print("cancelled:", failure.status.name)  # MachineFailure: INTERRUPTED


worker = threading.Thread(target=cancelled)
worker.start()
while worker.is_alive():  # interrupt() is False until the call has begun: try again
    prog.interrupt()
    worker.join(timeout=0.1)
print("interrupt() with nothing running:", prog.interrupt())
