"""Stopping a call from another thread (docs/embedding.md): a worker thread
runs a call that would never end, as a request of a server might; when its
deadline passes, the main thread stops it with prog.interrupt(), and the
program goes on serving.

    python examples/embed_interrupt.py"""

import threading

from mlbox import api

prog = api.load_source("""
fun search (n : int) = if n < 0 then n else search (n + 1)   (* runs for ever *)
fun square (n : int) = n * n
""")


def request():
    try:
        print("result:", prog.call("search", 0))
    except api.MachineFailure as failure:
        print("stopped:", failure.status.name)  # MachineFailure: INTERRUPTED


worker = threading.Thread(target=request)
worker.start()
worker.join(timeout=0.5)  # the request's deadline
while worker.is_alive():  # interrupt() is False until the call has begun: try again
    prog.interrupt()
    worker.join(timeout=0.1)
print("the next call:", prog.call("square", 12))
print("interrupt() with nothing running:", prog.interrupt())
