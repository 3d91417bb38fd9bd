"""Hypothesis strategies for the packet filter's differential tests
(tests/test_pf_differential.py): random valid classic BPF programs over the
whole instruction set mlbox.pf_filter accepts, mutations of them that break
a validation rule, random packets and packets shaped like Ethernet / VLAN /
IPv4 / IPv6 / TCP / UDP / ICMP so that the branches of real filters are
taken, and a small grammar of tcpdump filter expressions.
"""

from __future__ import annotations

import struct

from hypothesis import strategies as st

from mlbox.pf_capture import Packet
from mlbox.pf_filter import (
    CONDITIONAL_JUMPS, DIVISIONS_BY_K, JA, OPCODES, RETURNS, SCRATCH_READS, SCRATCH_WRITES, SHIFTS_BY_K, Insn,
    successors, validation_error,
)

MAX_PACKET = 256
U32 = st.integers(0, 0xFFFFFFFF)
# Constants at the edges of 32-bit unsigned arithmetic and of the packets' headers.
EDGE_CONSTANTS = (0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 33, 63, 64, 255, 256, 0x7FF, 0x800, 0x806, 0x8100,
                  0x86DD, 0xFFFF, 0x10000, 0x1FFF, 6, 17, 23, 53, 80, 0x7FFFFFFF, 0x80000000, 0x80000001,
                  0xFFFFFFFE, 0xFFFFFFFF, 262144)
CONSTANTS = st.one_of(st.sampled_from(EDGE_CONSTANTS), U32)
# Packet offsets: mostly inside the headers of any but the shortest packets
# (a load past the captured bytes ends the filter: the rest of the program
# is not run), sometimes at or past the end of the packets we make,
# sometimes where X + k or k + 3 is beyond 2^32.
OFFSETS = st.one_of(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.integers(0, MAX_PACKET + 8),
                    st.sampled_from((0xFFFFFFFC, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000)))
SCRATCH_INDEX = st.integers(0, 15)

LOADS_FROM_PACKET = {0x20, 0x28, 0x30, 0x40, 0x48, 0x50, 0xB1}
MIDDLE_OPCODES = sorted(set(OPCODES) - RETURNS)  # the final ret is added separately
SETTERS = (0x00, 0x01, 0x07, 0x87)  # ld #k, ldx #k, tax, txa
ALU_K = (0x04, 0x14, 0x24, 0x34, 0x94, 0x54, 0x44, 0xA4, 0x64, 0x74)
ALU_X = tuple(code | 0x08 for code in ALU_K)


def _k_for(code: int, constants):
    if code in LOADS_FROM_PACKET:
        return OFFSETS
    if code in SCRATCH_READS or code in SCRATCH_WRITES:
        return SCRATCH_INDEX
    if code in DIVISIONS_BY_K:
        return constants.map(lambda k: k or 1)  # (a filter would reject every draw of a palette [0])
    if code in SHIFTS_BY_K:
        return st.integers(0, 31)
    return constants


@st.composite
def _instruction(draw, pc: int, length: int, written: frozenset, constants, previous: Insn | None,
                 featured: int | None) -> Insn:
    """Instruction pc of a program whose last instruction is length - 1:
    jumps go forward and land inside it (often on the same targets: joins);
    a scratch read reads a word of `written`, those written on every path to
    pc (without one, it becomes a write); after an instruction that sets A or
    X, often a comparison of the value set (equal, one off: jgt against jge);
    one in three is the `featured` opcode, if any."""
    room = length - 1 - (pc + 1)  # the largest offset that still lands on an instruction
    short = st.integers(0, min(room, 3))  # near targets: the arms join soon
    offsets = st.one_of(short, short, st.integers(0, min(room, 255)))
    if previous is not None and previous.code in SETTERS and draw(st.booleans()):
        if draw(st.booleans()):  # an operation on the value set: A op k (often an edge case), A op X
            code = draw(st.sampled_from(ALU_K if previous.code == 0x00 else ALU_X))
            return Insn(code, 0, 0, draw(_k_for(code, st.one_of(constants, st.sampled_from(EDGE_CONSTANTS)))))
        if previous.code == 0x00:  # ld #c, then a test of A against c, c + 1 or c - 1
            k = (previous.k + draw(st.sampled_from((0, 0, 1, -1)))) & 0xFFFFFFFF
            return Insn(draw(st.sampled_from((0x15, 0x25, 0x35, 0x45))), draw(offsets), draw(offsets), k)
        return Insn(draw(st.sampled_from((0x1D, 0x2D, 0x3D, 0x4D))), draw(offsets), draw(offsets), 0)
    if draw(st.integers(0, 7)) == 0:
        return Insn(draw(st.sampled_from(SETTERS)), 0, 0, draw(constants))
    code = draw(st.sampled_from(MIDDLE_OPCODES) if draw(st.integers(0, 24)) else st.sampled_from(sorted(RETURNS)))
    if featured is not None and draw(st.integers(0, 2)) == 0:
        code = featured
    if written and draw(st.integers(0, 5)) == 0:  # reads are rare otherwise: most draws find no word written
        code = draw(st.sampled_from(sorted(SCRATCH_READS)))
    if code == JA:
        return Insn(code, 0, 0, draw(st.integers(0, room)))
    if code in CONDITIONAL_JUMPS:
        return Insn(code, draw(offsets), draw(offsets), draw(constants))
    if code in SCRATCH_READS:
        if written:
            return Insn(code, 0, 0, draw(st.sampled_from(sorted(written))))
        code = 0x02 if code == 0x60 else 0x03
    if code in SCRATCH_WRITES:  # a few words, so that later reads find them written
        return Insn(code, 0, 0, draw(st.one_of(st.integers(0, 2), SCRATCH_INDEX)))
    return Insn(code, 0, 0, draw(_k_for(code, constants)))


MIX = 0x9E3779B1  # odd: multiplying by it modulo 2^32 loses nothing


def observing_end(written: frozenset) -> list[Insn]:
    """Instructions that return a hash of the whole state: A, X and the
    scratch words written on every path here (A := A * MIX + v for each),
    so that a wrong value anywhere in it changes the value returned, not
    only a wrong value that happens to reach a `ret a`."""
    end = [Insn(0x24, 0, 0, MIX), Insn(0x0C, 0, 0, 0)]  # mul #MIX; add x
    for word in sorted(written):
        end += [Insn(0x61, 0, 0, word), Insn(0x24, 0, 0, MIX), Insn(0x0C, 0, 0, 0)]  # ldx M[word]; ...
    return end + [Insn(0x16, 0, 0, 0)]


@st.composite
def valid_programs(draw, max_length: int = 24, featured: int | None = None) -> list[Insn]:
    """A random program mlbox.pf_filter.validate accepts, where the opcode
    `featured` (if given) is frequent. Drawn in program order, carrying the
    scratch words written on every path to each instruction (the
    validator's must-analysis: every jump goes forward, so an instruction's
    predecessors are all drawn before it)."""
    length = draw(st.integers(1, max_length))
    # A few constants the program uses again and again, so that A, X and the
    # k of a comparison are often equal (jeq/jge against jgt then differ).
    palette = draw(st.lists(st.one_of(st.integers(0, 64), CONSTANTS), min_size=1, max_size=3))
    constants = st.one_of(st.sampled_from(palette), CONSTANTS)
    written_on_entry: list[frozenset | None] = [None] * length  # None: not reached (yet)
    written_on_entry[0] = frozenset()
    # Often X (and A) start from a constant: with X = 0, `div x` and `mod x` end most runs at once.
    nonzero = st.sampled_from(palette).map(lambda k: k or 1)
    prologue = draw(st.sampled_from(((), (0x01,), (0x00, 0x01))))[:length - 1]
    program = [Insn(code, 0, 0, draw(nonzero)) for code in prologue]
    for pc in range(len(program)):
        written_on_entry[pc + 1] = frozenset()
    for pc in range(len(program), length - 1):
        written = written_on_entry[pc]
        insn = draw(_instruction(pc, length, written or frozenset(), constants, program[-1] if program else None,
                                   featured))
        program.append(insn)
        if written is None:
            continue  # unreachable: its reads are on no path
        after = written | {insn.k} if insn.code in SCRATCH_WRITES else written
        for target in successors(pc, insn):
            known = written_on_entry[target]
            written_on_entry[target] = after if known is None else known & after
    # Jumps land at most on instruction length - 1: the end, where the state
    # is made observable (mostly), or a plain `ret`.
    if draw(st.integers(0, 3)):
        program += observing_end(written_on_entry[length - 1] or frozenset())
    else:
        program.append(draw(st.one_of(st.just(Insn(0x16, 0, 0, 0)),
                                      st.builds(Insn, st.just(0x06), st.just(0), st.just(0), CONSTANTS))))
    assert validation_error(program) is None, (validation_error(program), program)
    return program


# ------------------------------------------------------------------ mutations


@st.composite
def mutated_programs(draw) -> list[Insn]:
    """A valid program with one field or one instruction changed at random:
    often invalid (a bad opcode, a jump out of range, no final ret, a scratch
    index >= 16, a division or shift by a bad constant, ...), sometimes not."""
    program = draw(valid_programs(max_length=12))
    pc = draw(st.integers(0, len(program) - 1))
    insn = program[pc]
    kind = draw(st.sampled_from(("code", "code_bits", "jt", "jf", "k", "k_edge", "drop", "append", "empty")))
    if kind == "code":
        insn = Insn(draw(st.integers(0, 0xFFFF) | st.integers(0, 0xFF)), insn.jt, insn.jf, insn.k)
    elif kind == "code_bits":  # one bit of the opcode flipped: a neighbour, defined or not
        insn = Insn(insn.code ^ (1 << draw(st.integers(0, 15))), insn.jt, insn.jf, insn.k)
    elif kind in ("jt", "jf"):
        value = draw(st.integers(0, 255))
        insn = Insn(insn.code, value, insn.jf, insn.k) if kind == "jt" else Insn(insn.code, insn.jt, value, insn.k)
    elif kind in ("k", "k_edge"):
        value = draw(U32 if kind == "k" else st.sampled_from((0, 16, 17, 31, 32, 33, 0xFFFFFFFF, 0x80000000)))
        insn = Insn(insn.code, insn.jt, insn.jf, value)
    if kind == "drop":
        return program[:pc] + program[pc + 1:]
    if kind == "append":
        return program + [draw(st.builds(Insn, st.sampled_from(MIDDLE_OPCODES), st.just(0), st.just(0), CONSTANTS))]
    if kind == "empty":
        return []
    return program[:pc] + [insn] + program[pc + 1:]


# ------------------------------------------------------------------ packets


def _finish(draw, frame: bytes) -> Packet:
    """The frame captured whole or cut short, with a wire length of at least
    the captured bytes (sometimes much larger: a truncated capture)."""
    caplen = draw(st.one_of(st.just(len(frame)), st.just(len(frame)), st.just(len(frame)), st.integers(0, len(frame))))
    data = frame[:min(caplen, MAX_PACKET)]
    wirelen = len(data) + draw(st.one_of(st.just(0), st.integers(0, 64), st.sampled_from((1500, 0xFFFFFFFF - len(data)))))
    return Packet(data, wirelen)


@st.composite
def random_packets(draw) -> Packet:
    # short ones are what hypothesis draws most: long ones too, so that loads reach their bytes
    return _finish(draw, draw(st.one_of(st.binary(max_size=MAX_PACKET), st.binary(min_size=48, max_size=MAX_PACKET))))


HOSTS = ("10.0.0.1", "10.0.0.2", "192.168.1.7", "8.8.8.8")
PORTS = (23, 53, 80, 443, 1000, 1500, 2000, 8080)
IP6_HOSTS = ("2001:db8::1", "fe80::1")


def _ip4(text: str) -> bytes:
    return bytes(int(part) for part in text.split("."))


def _ip6(text: str) -> bytes:
    import ipaddress

    return ipaddress.IPv6Address(text).packed


@st.composite
def _transport(draw, protocol: int) -> bytes:
    if protocol in (6, 17):
        ports = st.one_of(st.sampled_from(PORTS), st.integers(0, 0xFFFF))
        sport, dport = draw(ports), draw(ports)
        if protocol == 17:
            return struct.pack(">HHHH", sport, dport, 8 + 4, 0) + draw(st.binary(max_size=16))
        flags = draw(st.one_of(st.sampled_from((0x02, 0x12, 0x10, 0x11, 0x04, 0x18, 0x01)), st.integers(0, 0xFF)))
        offset = draw(st.integers(5, 8))
        return (struct.pack(">HHIIBBHHH", sport, dport, draw(U32), 0, offset << 4, flags, 1024, 0, 0)
                + bytes(4 * (offset - 5)) + draw(st.binary(max_size=16)))
    return struct.pack(">BBH", draw(st.sampled_from((0, 8, 3, 11, 128, 129))), 0, 0) + draw(st.binary(max_size=12))


@st.composite
def _ipv4(draw) -> bytes:
    protocol = draw(st.one_of(st.sampled_from((6, 17, 1)), st.integers(0, 255)))
    ihl = draw(st.sampled_from((5, 5, 5, 6, 15)))
    fragment = draw(st.sampled_from((0, 0, 0, 0x4000, 0x2000, 0x0010)))  # DF, MF, an offset
    hosts = st.one_of(st.sampled_from(HOSTS).map(_ip4), st.binary(min_size=4, max_size=4))
    payload = draw(_transport(protocol))
    header = struct.pack(">BBHHHBBH4s4s", 0x40 | ihl, 0, 4 * ihl + len(payload), 1, fragment, draw(st.integers(0, 255)),
                         protocol, 0, draw(hosts), draw(hosts))
    return header + bytes(4 * (ihl - 5)) + payload


@st.composite
def _ipv6(draw) -> bytes:
    protocol = draw(st.one_of(st.sampled_from((6, 17, 58, 0)), st.integers(0, 255)))
    hosts = st.one_of(st.sampled_from(IP6_HOSTS).map(_ip6), st.binary(min_size=16, max_size=16))
    payload = draw(_transport(protocol))
    return struct.pack(">IHBB16s16s", 0x60000000, len(payload), protocol, 64, draw(hosts), draw(hosts)) + payload


# Link types (as a capture file's header gives them) the expression tests
# compile for: Ethernet, BSD loopback in host and network byte order, raw IP
# (LINKTYPE_RAW, whose DLT_ value differs), Linux cooked capture v1 and v2.
ETHERNET, NULL_LINK, RAW_IP, LOOP_LINK, LINUX_SLL, LINUX_SLL2 = 1, 0, 101, 108, 113, 276
LINK_TYPES = (ETHERNET, NULL_LINK, RAW_IP, LOOP_LINK, LINUX_SLL, LINUX_SLL2)


@st.composite
def _network_layer(draw) -> tuple[int, bytes]:
    """(ethertype, payload): IPv4, IPv6, ARP or something else."""
    known = st.sampled_from((0x0800, 0x0800, 0x0800, 0x86DD, 0x86DD, 0x0806))
    ethertype = draw(st.one_of(known, known, known, st.integers(0, 0xFFFF)))
    payload = (draw(_ipv4()) if ethertype == 0x0800 else draw(_ipv6()) if ethertype == 0x86DD
               else draw(st.binary(min_size=28, max_size=64)))
    return ethertype, payload


@st.composite
def shaped_packets(draw, linktype: int = ETHERNET) -> Packet:
    """A frame of the link type (Ethernet: sometimes 802.1Q-tagged) carrying
    IPv4, IPv6, ARP or something else, with the addresses and ports the
    expression grammar names, then captured whole or cut short."""
    ethertype, payload = draw(_network_layer())
    if linktype == RAW_IP:
        return _finish(draw, payload)
    if linktype in (NULL_LINK, LOOP_LINK):  # an address family: 2 = IPv4, 24/28/30 = IPv6 (BSDs differ)
        family = {0x0800: 2, 0x86DD: draw(st.sampled_from((24, 28, 30)))}.get(ethertype, draw(st.integers(0, 40)))
        # NULL gives it in the capturing host's byte order, LOOP in network byte order
        return _finish(draw, struct.pack("<I" if linktype == NULL_LINK else ">I", family) + payload)
    if linktype == LINUX_SLL:  # packet type, ARPHRD type, address length, address, protocol
        return _finish(draw, struct.pack(">HHH8sH", draw(st.integers(0, 4)), 1, 6, bytes(8), ethertype) + payload)
    if linktype == LINUX_SLL2:  # protocol, reserved, interface index, ARPHRD type, packet type, address length, address
        return _finish(draw, struct.pack(">HHIHBB8s", ethertype, 0, draw(st.integers(1, 4)), 1,
                                         draw(st.integers(0, 4)), 6, bytes(8)) + payload)
    macs = st.one_of(st.sampled_from((b"\xff" * 6, b"\x01\x00\x5e\x00\x00\x01", b"\x00\x11\x22\x33\x44\x55")),
                     st.binary(min_size=6, max_size=6))
    tag = struct.pack(">HH", 0x8100, draw(st.sampled_from((100, 200, 1)))) if draw(st.integers(0, 4)) == 0 else b""
    return _finish(draw, draw(macs) + draw(macs) + tag + struct.pack(">H", ethertype) + payload)


def packet_lists_for(linktype: int = ETHERNET):
    packets = st.one_of(shaped_packets(linktype), shaped_packets(linktype), random_packets())
    return st.lists(packets, min_size=1, max_size=10)


packets = st.one_of(shaped_packets(), shaped_packets(), random_packets())
packet_lists = packet_lists_for(ETHERNET)


# ------------------------------------------------------------------ expressions


# Primitives about the Ethernet header, which libpcap compiles for Ethernet only.
ETHERNET_ONLY = ("arp", "vlan", "broadcast", "multicast", "ether[0] & 1 != 0", "vlan 100", "vlan 200")


def _primitives(linktype: int):
    port = st.sampled_from(PORTS).map(str)
    ethernet = st.sampled_from(ETHERNET_ONLY) if linktype == ETHERNET else st.nothing()
    return st.one_of(
        ethernet,
        st.sampled_from(("tcp", "udp", "icmp", "ip", "ip6", "icmp6",
                         "tcp[tcpflags] & tcp-syn != 0", "tcp[tcpflags] & (tcp-fin|tcp-rst) != 0",
                         "ip[6:2] & 0x1fff = 0")),
        st.builds(lambda proto, direction, p: f"{proto}{direction}port {p}",
                  st.sampled_from(("", "tcp ", "udp ")), st.sampled_from(("", "src ", "dst ")), port),
        st.builds(lambda direction, h: f"{direction}host {h}", st.sampled_from(("", "src ", "dst ")),
                  st.sampled_from(HOSTS + IP6_HOSTS)),
        st.sampled_from(("net 10.0.0.0/8", "net 192.168.0.0/16", "dst net 10.0.0.0/24", "net 2001:db8::/32")),
        st.builds(lambda a, b: f"portrange {min(a, b)}-{max(a, b)}", st.integers(0, 3000), st.integers(0, 3000)),
        st.builds(lambda op, n: f"len {op} {n}", st.sampled_from((">", "<", ">=", "<=", "=")), st.integers(0, 200)),
        st.builds(lambda off, op, n: f"ip[{off}:2] {op} {n}", st.integers(0, 18), st.sampled_from((">", "<", "=", "!=")),
                  st.integers(0, 0xFFFF)),
        st.builds(lambda op, n: f"ip[0] & 0xf {op} {n}", st.sampled_from((">", "=")), st.integers(4, 15)),
        st.builds(lambda off, n: f"udp[{off}:2] = {n}", st.integers(0, 6), st.sampled_from(PORTS)),
        st.builds(lambda op, n: f"ip[8] * 2 + ip[9] {op} {n}", st.sampled_from((">", "<")), st.integers(0, 600)),
        st.builds(lambda n: f"ip[2:2] / 4 > {n}", st.integers(0, 100)),
        st.builds(lambda n: f"tcp[0:2] % 7 = {n}", st.integers(0, 6)),
    )


def expressions(linktype: int = ETHERNET):
    """tcpdump filter expressions for a link type: primitives under
    and/or/not and parentheses."""
    return st.recursive(
        _primitives(linktype),
        lambda inner: st.one_of(
            st.builds(lambda a, op, b: f"({a}) {op} ({b})", inner, st.sampled_from(("and", "or")), inner),
            st.builds(lambda a: f"not ({a})", inner),
        ),
        max_leaves=4,
    )
