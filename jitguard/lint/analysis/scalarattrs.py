"""VMAPSCALAR: an attribute that every store in the checked tree makes a Python scalar is still
one under ``vmap``.

The fact (checked on JAX 0.10.2: tests/precision_cases/fresh24_vmap_keeps_python_int_attribute*.py):
``vmap`` maps the array leaves of its arguments along ``in_axes`` and hands every other leaf to
the function as it is. A Python scalar cannot be mapped (``in_axes=0`` on a pytree holding one
raises ValueError: "vmap was requested to map its argument along axis 0, which implies that its
rank should be at least 1, but is only 0"), so where vmap runs at all, an ``int`` leaf reaches
the function unchanged: ``model.obs_dim`` of an ``equinox.Module`` whose ``__init__`` stores
``self.obs_dim = int(w.shape[-1])`` is a Python int inside the vmapped function, whatever the
``in_axes`` tree says, and ``if obs_dim > 1:`` is a Python test. Under ``jit`` (STAGED) the same
leaf is a tracer (TracerBoolConversionError), so this holds only for code whose trace kind is
BATCHED (vmap alone, no jit around it in sight: ``jitcontext.Traces.kind``).

Which attributes hold a Python scalar is read off the whole tree by a text scan (the class of a
value is rarely known where its attribute is read, often in another module): a name is a scalar
attribute when some ``self.name = int(...)`` (``bool(...)``, ``len(...)``, an integer or bool
literal) stores it and nothing else in the tree may store anything else under that name: any
other ``self.name = ...`` (augmented, annotated, tuple-unpacked), a ``setattr(obj, "name", ...)``,
or a field ``name: T`` of a class without its own ``__init__`` (a dataclass, NamedTuple or
Module whose generated ``__init__`` stores whatever the caller passes).
"""

from __future__ import annotations

import re

from jitguard.lint.textscan import SCALAR_ATTR as SCALAR  # some store of the name is a Python scalar
OTHER = "\x00other-attr:"  # some store (or generated __init__) of the name may hold anything

_STORE = re.compile(r"\bself\.(\w+)[ \t]*(?::[^=\n]*)?((?:[-+*/%&|^@]|//|\*\*|<<|>>)?=)(?!=)[ \t]*([^\n]*)")
# _STORE without its leading \b: a literal start, which the regex engine finds by a fast scan where
# \b makes it try every position (5x the time); _stores puts the \b back
_STORE_TEXT = re.compile(_STORE.pattern[2:])
_WORD = re.compile(r"\w")
_TUPLE_STORE = re.compile(r"^[ \t]*((?:\*?[\w.]+[ \t]*,[ \t]*)+\*?[\w.]+[ \t]*,?)[ \t]*=(?!=)", re.MULTILINE)
_SELF_NAME = re.compile(r"\bself\.(\w+)")
_SETATTR = re.compile(r"setattr\([ \t]*\w+[ \t]*,[ \t]*[\"'](\w+)[\"']")
_SCALAR_CALL = re.compile(r"(?:int|bool|len)[ \t]*\(")
_SCALAR_LITERAL = re.compile(r"(?:-?\d+|True|False)[ \t]*(?:#.*)?")
_CLASS_HEAD = re.compile(r"class[ \t]+\w+")
_INIT = re.compile(r"(?:async[ \t]+)?def[ \t]+__init__[ \t]*\(")
_FIELD = re.compile(r"(\w+)[ \t]*:(?!=)[ \t]*[^\s#]")
_KEYWORDS = frozenset({"if", "elif", "else", "for", "while", "try", "except", "finally", "with", "def", "class",
                       "return", "lambda", "async", "match", "case"})


def scan(source: str) -> set[str]:
    """The file's entries: SCALAR + name for a store of a Python scalar, OTHER + name for any
    other store (see the module docstring)."""
    out: set[str] = set()
    if "self." in source:
        for m in _stores(source):
            out.add((SCALAR if m.group(2) == "=" and _scalar(m.group(3)) else OTHER) + m.group(1))
        if "," in source:
            for m in _TUPLE_STORE.finditer(source):
                out.update(OTHER + n for n in _SELF_NAME.findall(m.group(1)))
    if "setattr" in source:
        out.update(OTHER + n for n in _SETATTR.findall(source))
    if "class" in source:
        out.update(OTHER + n for n in _generated_init_fields(source))
    return out


def _stores(source: str):
    """``_STORE.finditer(source)``'s matches: those of _STORE_TEXT that start at a word boundary
    (``self`` begins with a word character), the search going on from the next position after
    one that does not, as finditer's does (a match is the same from any start before it)."""
    search, word = _STORE_TEXT.search, _WORD.match
    pos = 0
    while (m := search(source, pos)) is not None:
        start = m.start()
        if start and word(source, start - 1):
            pos = start + 1
            continue
        yield m
        pos = m.end()


def _scalar(rhs: str) -> bool:
    """``int(...)``, ``bool(...)``, ``len(...)`` closed on this line (a comment may follow), or an
    integer or bool literal."""
    rhs = rhs.strip()
    if _SCALAR_LITERAL.fullmatch(rhs):
        return True
    m = _SCALAR_CALL.match(rhs)
    if m is None:
        return False
    depth = 0
    for i in range(m.end() - 1, len(rhs)):
        c = rhs[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                rest = rhs[i + 1:].strip()
                return not rest or rest.startswith("#")
        elif c in "\"'":
            return False  # a string in the call: not worth reading quotes for
    return False  # not closed on this line


def _generated_init_fields(source: str) -> set[str]:
    """Names annotated at the body level of a class that defines no ``__init__`` of its own (its
    generated one, if any, stores whatever it is given). Read by indentation, line by line."""
    fields: set[str] = set()
    stack: list[list] = []  # [class indent, body indent or None, own __init__, annotated names]
    header = False  # inside a class header spanning lines, until the line ending with ":"
    for line in source.splitlines():
        text = line.lstrip()
        if not text or text.startswith("#"):
            continue
        if header:
            header = not text.split("#", 1)[0].rstrip().endswith(":")
            continue
        indent = len(line) - len(text)
        while stack and indent <= stack[-1][0]:  # back at the class's level or out: its body ended
            _close(stack.pop(), fields)
        if stack and stack[-1][1] is None:
            stack[-1][1] = indent
        if stack and indent == stack[-1][1]:
            if _INIT.match(text):
                stack[-1][2] = True
            elif (m := _FIELD.match(text)) and m.group(1) not in _KEYWORDS:
                stack[-1][3].add(m.group(1))
        if _CLASS_HEAD.match(text):
            stack.append([indent, None, False, set()])
            header = not text.split("#", 1)[0].rstrip().endswith(":")
    while stack:
        _close(stack.pop(), fields)
    return fields


def _close(entry: list, fields: set[str]) -> None:
    if not entry[2]:
        fields |= entry[3]


def tree_entries(entries: set[str]) -> set[str]:
    """The tree's entries as the runner keeps them: SCALAR + name for each name some store makes
    a Python scalar and none may make anything else (every OTHER entry dropped)."""
    other = {e[len(OTHER):] for e in entries if e.startswith(OTHER)}
    return {e for e in entries if not e.startswith(OTHER) and not (e.startswith(SCALAR) and e[len(SCALAR):] in other)}


def scalar_names(entries) -> set[str]:
    """The names of the SCALAR entries among the tree's (its kept entries: :func:`tree_entries`)."""
    return {e[len(SCALAR):] for e in entries if e.startswith(SCALAR)}
