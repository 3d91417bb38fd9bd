"""Embedding mlbox in Python (docs/embedding.md): load examples/bpf.sml,
specialise tcpdump's `tcp port 23` filter at run time, and run the
generated filter on the bundled telnet capture, one call at a time and
batched."""

import os

from mlbox import api
from mlbox.pf_capture import read_capture
from mlbox.pf_filter import parse_filter

HERE = os.path.dirname(os.path.abspath(__file__))

prog = api.load(os.path.join(HERE, "bpf.sml"))  # the C machine when it is built
print("specialise :", prog.type_of("specialise"))

with open(os.path.join(HERE, "filters", "tcp_port_23.bpf")) as f:
    insns = parse_filter(f.read())  # tcpdump -ddd output
decoded = prog.function("load").call([(i.code, i.jt, i.jf, i.k) for i in insns], keep=True)
tcp_port_23 = prog.call("specialise", decoded)  # an MLFunction: the generated filter
print("specialised:", prog.last_stats)

packets = read_capture(os.path.join(HERE, "captures", "telnet_small.pcap")).packets
print("packet 1   :", tcp_port_23(packets[1].data, packets[1].wirelen), prog.last_stats)

verdicts = tcp_port_23.map([(p.data, p.wirelen) for p in packets])  # one machine entry
print("all packets:", sum(1 for v in verdicts if v), "of", len(verdicts), "accepted in",
      prog.last_stats.reductions, "reductions")
print("first calls:", [s.reductions for s in prog.last_batch_stats[:4]])
