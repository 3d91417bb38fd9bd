"""Staging erasure of examples/bpf.sml, so that Poly/ML (when installed) can
cross-check its ML against libpcap's values independently of mlbox:
`[t]` ≡ `unit -> t`, `code e` ≡ `fn () => e`, `lift e` ≡
`let val v = e in fn () => v end`, `cogen u = e` ≡ `val u = e` with each use
of `u` ≡ `u ()`, `eval g` ≡ `g ()` (SPEC §7).

This is deliberately a textual transformation for programs written in the
disciplined style of bpf.sml: every `code` and `lift` argument is either
parenthesised or a single identifier, and code variables have names that
are not reused for anything else."""

from __future__ import annotations

import re

ERASED_PRELUDE = "fun eval g = g ()\n"


def _matching_paren(text: str, open_at: int) -> int:
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(f"unbalanced parenthesis at {open_at}")


def _strip_comments(text: str) -> str:
    out, depth, i = [], 0, 0
    while i < len(text):
        if text.startswith("(*", i):
            depth, i = depth + 1, i + 2
        elif depth and text.startswith("*)", i):
            depth, i = depth - 1, i + 2
        else:
            if not depth:
                out.append(text[i])
            i += 1
    return "".join(out)


def _rewrite_keyword(text: str, keyword: str, make) -> str:
    pattern = re.compile(r"\b" + keyword + r"\s+(\(|[A-Za-z_][A-Za-z0-9_']*)")
    while (m := pattern.search(text)) is not None:
        if m.group(1) == "(":
            open_at = m.start(1)
            close_at = _matching_paren(text, open_at)
            inner, end = text[open_at + 1:close_at], close_at + 1
        else:
            inner, end = m.group(1), m.end(1)
        text = text[:m.start()] + make(inner) + text[end:]
    return text


def erase(source: str) -> str:
    text = _strip_comments(source)
    code_vars = set(re.findall(r"\bcogen\s+([A-Za-z_][A-Za-z0-9_']*)\s*=", text))
    text = re.sub(r"\bcogen(\s+[A-Za-z_][A-Za-z0-9_']*\s*=)", r"val\1", text)
    for name in code_vars:
        text = re.sub(r"(?<!val )\b" + re.escape(name) + r"\b(?!\s*=[^>=])", f"({name} ())", text)
    text = _rewrite_keyword(text, "code", lambda inner: f"(fn () => ({inner}))")
    text = _rewrite_keyword(text, "lift", lambda inner: f"(let val lifted = ({inner}) in fn () => lifted end)")
    return ERASED_PRELUDE + text
