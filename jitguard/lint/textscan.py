"""What the runner needs for every file of a run before anything is linted, without libcst or
the analysis: reading a file, the cheap tree-wide text scans (jitted names, pytree metadata),
:class:`LintOptions`, and the thread with a big stack the engine runs in.

A run whose files all come from the cache (jitguard.lint.cache) needs nothing else, so it
imports neither libcst nor the rules (the pre-commit path: docs/performance.md).
``jitguard.lint.engine`` re-exports every name defined here.
"""

from __future__ import annotations

import errno
import functools
import os
import re
import stat
import sys
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path

MAX_FILE_BYTES = 10 * 1024 * 1024
_BIG_STACK = 512 * 1024 * 1024


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_WORD_BYTES = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
_NOT_WORD_BYTES = bytes(c if c in _WORD_BYTES else 32 for c in range(256))
_ATTR_CALL = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)\s*\(")
# import statements, including parenthesised multi-line `from x import (a, b)`
_IMPORT_LINE = re.compile(r"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]*\([^)]*\)|(?:from|import)[ \t][^\n]*)", re.MULTILINE)


@functools.lru_cache(maxsize=1)
def _jit_patterns() -> tuple[tuple[str, ...], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(words, def, call, assign): compiled on first use, from jaxapi's tables (imported then)."""
    from jitguard.lint.analysis import jaxapi

    # names of functions a file jits: `@...jit...` above a def, or `name = ...jit(` / `...pmap(`
    # (the words of the compiling transforms: jit, pjit, pmap, filter_jit; jaxapi.JIT_WORDS)
    jit_words = "|".join(jaxapi.JIT_WORDS)
    jit_def = re.compile(
        rf"^[ \t]*@[^\n]*\b(?:{jit_words})\b[^\n]*\n(?:[ \t]*@[^\n]*\n|[ \t]*#[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)",
        re.MULTILINE,
    )
    # finds the lines for the assignment pattern (plain literals: fast): jit( and pmap( cover every word
    cover = jaxapi.substring_cover(jaxapi.JIT_WORDS)
    jit_call = re.compile("|".join(re.escape(w + "(") for w in cover))
    jit_assign = re.compile(rf"(?:^|[\s.])(\w+)[ \t]*=[ \t]*[\w.]*\b(?:{jit_words})\(", re.MULTILINE)
    return cover, jit_def, jit_call, jit_assign


def jitted_names(source: str, extra: tuple[str, ...] = ()) -> set[str]:
    """Cheap text scan: names this file may define as jitted functions.

    Only a filter: it decides which call sites are worth recording for the project-wide rules
    (and which files that never mention jit still need a parse). The real index is built from
    the parse; a name found here that is not really jitted costs a little time, nothing else."""
    cover, jit_def, jit_call, jit_assign = _jit_patterns()
    words = (*cover, *(e.rsplit(".", 1)[-1] for e in extra))
    if not any(w in source for w in words):
        return set()
    found = set(jit_def.findall(source))
    # the assignment pattern only on the lines that call jit/pmap: run over the whole text it tries every position
    done = -1
    for m in jit_call.finditer(source):
        start = source.rfind("\n", 0, m.start()) + 1
        if start == done:
            continue
        done = start
        end = source.find("\n", m.end())
        found.update(jit_assign.findall(source, start, len(source) if end < 0 else end))
    return found


_METADATA_WORDS = ("pytree_node", "static", "meta_fields", "->")
# `name: T = struct.field(pytree_node=False)`, `eqx.field(static=True)`, `field(metadata={"static": True})`,
# `field(metadata={"pytree_node": False})` (what struct.field writes: analysis/fieldmeta.py); the keywords themselves, not `is_static=`;
# the call's arguments may span lines (`field(\n    metadata={"static": True}\n)`, as formatters wrap it)
_META_FIELD = re.compile(
    r"^[ \t]+(\w+)[ \t]*:([^=\n]*)=[ \t]*[\w.]*field\((?:[^\n]*?|[^)]*?)(?:\bpytree_node[\"']?[ \t]*[=:][ \t]*False|\bstatic[\"']?[ \t]*[=:][ \t]*True)",
    re.MULTILINE,
)
# `dim: ClassVar[int]`: a class variable, never a dataclass field (so never a pytree leaf); read on an
# instance it is the class's attribute, a Python value under jit
_CLASS_VAR = re.compile(r"^[ \t]+(\w+)[ \t]*:[ \t]*(?:typing\.)?ClassVar\b", re.MULTILINE)
_STATIC_FIELD_CALL = re.compile(r"^[ \t]+(\w+)[ \t]*:([^=\n]*)=[ \t]*[\w.]*static_field\(", re.MULTILINE)
# a metadata field is never None when its annotation excludes None and it has no None default
# (``max_occupancy: int = static_field()``): entries NOT_NONE + name / MAYBE_NONE + name; a name is
# never None when some field of the tree so declares it and none of that name may be None
NOT_NONE = "\x00metadata-not-none:"
MAYBE_NONE = "\x00metadata-maybe-none:"
_MAY_BE_NONE_WORDS = ("None", "Optional", "Any", "object")
SCALAR_ATTR = "\x00scalar-attr:"  # VMAPSCALAR's kept entries (jitguard.lint.analysis.scalarattrs.SCALAR)
# a private name (``_name``, not a dunder) a file uses without defining it as a jitted function:
# imported (``from a import _fill``) or called as an attribute (``a._fill(x, 8)``,
# ``self._step(x, 8)`` in a subclass): entries USED_ELSEWHERE + name, kept for the tree's jitted
# names; the calls of such a function are not all in its own module (analysis/privatecalls.py)
USED_ELSEWHERE = "\x00private-used-elsewhere:"
_PRIVATE_ATTR_CALL = re.compile(r"\.(_[A-Za-z0-9_]*)[ \t]*\(")
_PRIVATE_WORD = re.compile(r"(?<!\w)_\w*")
_META_FIELDS_LIST = re.compile(r"meta_fields[ \t]*=[ \t]*[\[(]([^\])]*)[\])]")
_QUOTED = re.compile(r"[\"'](\w+)[\"']")
# `def num_links(self) -> int:`: a method of self alone that its author says returns a Python value
_PY_VALUE_METHOD = re.compile(r"^[ \t]+def[ \t]+(\w+)\([ \t]*self[ \t]*\)[ \t]*->[ \t]*(?:int|bool|str)[ \t]*:", re.MULTILINE)


def _key_read(source: str, match: re.Match) -> bool:
    """A ``metadata={...}`` key that the class's registration reads (analysis/fieldmeta.py):
    register_dataclass/equinox read only "static", flax.struct only "pytree_node"; a class whose
    header and decorators (the text since the blank line above ``class``) name neither: any."""
    line = match.group(0)  # from the field's name to the keyword, over the lines the call spans
    if "metadata" not in line:
        return True  # the keyword forms: struct.field(pytree_node=False), eqx.field(static=True)
    start = source.rfind("\nclass ", 0, match.start())
    header = source[source.rfind("\n\n", 0, max(start, 0)) + 1:source.find("\n", start + 1)] if start >= 0 else ""
    flax = "struct.dataclass" in header or "PyTreeNode" in header
    static_reader = "register_dataclass" in header or "Module" in header
    if "pytree_node" in line and static_reader and not flax:
        return False
    return not ("static" in line.replace("pytree_node", "") and flax and not static_reader)


def _field_calls(source: str) -> set[str]:
    """The metadata fields declared by field calls (``struct.field(pytree_node=False)``,
    ``static_field()``, ...), each with its NOT_NONE or MAYBE_NONE entry."""
    found = [m for m in _META_FIELD.finditer(source) if _key_read(source, m)]
    if "static_field(" in source:
        found += list(_STATIC_FIELD_CALL.finditer(source))
    fields = set()
    for m in found:
        fields.add(m.group(1))
        fields.add((MAYBE_NONE if _may_be_none(source, m) else NOT_NONE) + m.group(1))
    return fields


def _may_be_none(source: str, match: re.Match) -> bool:
    """The field's annotation admits None, or its line gives a None default (``default=None``)."""
    line_end = source.find("\n", match.end())
    rest = source[match.end(): line_end if line_end >= 0 else len(source)]
    return any(w in match.group(2) for w in _MAY_BE_NONE_WORDS) or "=None" in (match.group(0) + rest).replace(" ", "")


def _class_scans(source: str) -> set[str]:
    """Which classes have instances that are always true (classtruth records), and the names
    annotated ``ClassVar`` (class variables: never a field, never a leaf)."""
    from jitguard.lint.analysis import classtruth  # standard library only

    found = classtruth.scan(source)
    if "ClassVar" in source:
        found |= set(_CLASS_VAR.findall(source))
    return found


def private_uses(source: str, defines: set[str]) -> set[str]:
    """USED_ELSEWHERE entries of the private names ``source`` imports or calls as attributes,
    less the jitted names it defines itself (``defines``)."""
    words = set(_PRIVATE_ATTR_CALL.findall(source)) if "._" in source else set()
    if "import _" in source or ", _" in source or "._" in source:
        for m in _IMPORT_LINE.finditer(source):
            if "_" in m.group(0):
                words.update(_PRIVATE_WORD.findall(m.group(0)))
    return {USED_ELSEWHERE + w for w in words if not w.startswith("__") and w not in defines}


def metadata_names(source: str) -> tuple[set[str], set[str]]:
    """Cheap text scan, for the whole tree: (pytree metadata field names, names of methods of
    ``self`` alone annotated to return ``int``/``bool``/``str``). A class is usually defined in
    another module than the jitted code that reads its metadata (``sys.num_links()``), so every
    file's analysis gets the tree's names (see jitguard.lint.analysis.pytrees for the in-module
    analysis, which also reads unannotated methods; jitguard.lint.analysis.pytree_aux for the aux
    data of flatten functions and the static properties)."""
    fields: set[str] = set()
    if "register_pytree" in source or "property" in source:
        from jitguard.lint.analysis.pytree_aux import aux_attributes, static_properties  # ast only, no libcst

        # aux data of flatten functions, in whichever module registers them; properties whose value
        # never depends on the instance's data (shapes, type(...) of a node, constants)
        fields = (aux_attributes(source) if "register_pytree" in source else set()) | static_properties(source)
    if "register_pytree" in source or ("fields(" in source and "register_dataclass" in source):
        from jitguard.lint.analysis.pytree_annot import registrar_entries  # ast only

        # registrations that sort fields by annotation, or keep them all in the aux data: marked
        # entries, resolved once the tree is scanned
        fields |= registrar_entries(source)
    fields |= _class_scans(source)
    from jitguard.lint.analysis import scalarattrs  # re only

    fields |= scalarattrs.scan(source)  # VMAPSCALAR: stores of Python scalars, and the other stores
    from jitguard.lint.analysis.pytree_aux import shape_methods  # ast only

    shaped = shape_methods(source)  # `def batch_axes(self): return self.x.shape[:-1]`
    if not any(w in source for w in _METADATA_WORDS):
        return fields, shaped
    # each pattern only where its literal part occurs (they try every line start: ~1 s on a large tree)
    if "field(" in source:
        fields |= _field_calls(source)
    if "meta_fields" in source:
        for listed in _META_FIELDS_LIST.findall(source):
            fields.update(_QUOTED.findall(listed))
    methods = set(_PY_VALUE_METHOD.findall(source)) if "->" in source and "self" in source else set()
    return fields, methods | shaped


@dataclass(frozen=True)
class LintOptions:
    """What one worker needs to lint files: picklable, derived from Settings."""

    codes: frozenset[str]
    extend_jit_names: tuple[str, ...] = ()
    # names of jitted functions anywhere in the checked tree (see jitted_names), and the last
    # components of the modules that define them
    jitted: frozenset[str] = frozenset()
    jit_modules: frozenset[str] = frozenset()
    # the top-level packages and modules of the checked tree: a call resolved outside them cannot
    # reach a function of the tree (empty: unknown, nothing is ruled out)
    tree_packages: frozenset[str] = frozenset()
    # pytree metadata field names and Python-valued methods of the whole tree (metadata_names)
    metadata_fields: frozenset[str] = frozenset()
    static_methods: frozenset[str] = frozenset()
    # classes registered by a flatten that sorts fields by annotation (analysis/pytree_annot.resolve):
    # their aux fields are static only on a receiver known to be one of them (analysis/annotated.py)
    annotated_classes: tuple = ()
    # the ast first pass that spares libcst the files with nothing to analyse (jitguard.lint.prepass)
    prepass: bool = True
    # the oldest Python the checked project supports (config.Settings.python_floor)
    python_floor: tuple[int, int] | None = None

    def prefilter(self) -> re.Pattern[str]:
        from jitguard.lint.analysis import jaxapi  # jit, vmap, pmap, lax, shard_map, checkpoint, remat, ...

        words = list(jaxapi.PREFILTER_WORDS) + [n.rsplit(".", 1)[-1] for n in self.extend_jit_names]
        return re.compile("|".join(re.escape(w) for w in words))

    def mentions_jitted(self, source: str) -> bool:
        """Does the file import a jitted function (or a module defining one) of the checked tree?"""
        if not self.jitted:
            return False
        words = set()
        for m in _IMPORT_LINE.finditer(source):
            words.update(_WORD.findall(m.group(0)))
        if not words.isdisjoint(self.jitted):
            return True  # from train import step
        # import train ... train.step(...): the module is imported and a jitted name is called on it
        return not words.isdisjoint(self.jit_modules) and not self.jitted.isdisjoint(_ATTR_CALL.findall(source))

    def tree_names(self) -> frozenset[str]:
        """Every name of the tree a file's result can depend on (the cache keys on them)."""
        from jitguard.lint.analysis import scalarattrs
        from jitguard.lint.analysis.classtruth import plain_names

        names = self.jitted | self.jit_modules | self.tree_packages | self.metadata_fields | self.static_methods
        names = names | plain_names(self.metadata_fields) | scalarattrs.scalar_names(self.metadata_fields)
        for qualname, aux, refs, _bound, _closed in self.annotated_classes:
            names = names | {qualname.rpartition(".")[2], *aux, *(f for f, _c in refs)}
        return names

    def mentioned(self, source: str) -> set[str]:
        """The jitted names, their modules and the tree's top-level packages this file mentions:
        its result depends on them."""
        if not self.jitted and not self.metadata_fields and not self.static_methods and not self.annotated_classes:
            return set()
        # the words of the file, as bytes: every byte that cannot be part of an ASCII identifier
        # becomes a space (twice as fast as a regex; a number such as 1e-5 is not the word "e")
        words = source.encode("utf-8", "surrogatepass").translate(_NOT_WORD_BYTES).split()
        found = {w.decode() for w in self._known_bytes().intersection(words)}
        # what the tree says of a mentioned field (never None or maybe None) is part of the
        # file's inputs too: a flip from `int` to `Optional[int]` elsewhere must invalidate it
        states = self._field_states()
        for name in found.intersection(states):
            found.update(states[name])
        return found

    def _field_states(self) -> dict[str, tuple[str, ...]]:
        states = self.__dict__.get("_states")
        if states is None:
            out: dict[str, list[str]] = {}
            for entry in self.metadata_fields:
                for mark in (NOT_NONE, MAYBE_NONE, USED_ELSEWHERE, SCALAR_ATTR):
                    if entry.startswith(mark):
                        out.setdefault(entry[len(mark):], []).append(entry)
            states = {name: tuple(entries) for name, entries in out.items()}
            object.__setattr__(self, "_states", states)
        return states

    def _known_bytes(self) -> frozenset[bytes]:
        known = self.__dict__.get("_known")
        if known is None:
            known = frozenset(n.encode() for n in self.tree_names())
            object.__setattr__(self, "_known", known)
        return known


def read_source(path: str) -> bytes:
    """The file's bytes. Opened without blocking and checked to be a regular file first, so a FIFO
    or device named ``x.py`` is an error (OSError), never a hang; a directory is IsADirectoryError.
    A notebook (``.ipynb``) reads as the Python source of its code cells; a broken one is an OSError."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "is a directory", path)
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, "not a regular file", path)
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(fd)
    if str(path).endswith(".ipynb"):  # a notebook is linted as its code cells (jitguard.lint.notebook)
        from jitguard.lint.notebook import virtual_source_bytes

        return virtual_source_bytes(b"".join(chunks), path)
    return b"".join(chunks)


def public_name(module_name: str) -> str:
    """``pkg.__init__`` is imported as ``pkg``."""
    return module_name[: -len(".__init__")] if module_name.endswith(".__init__") else module_name


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _internal_error(path: str, rule: str, exc: BaseException) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    where = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
    return f"{path}: internal error in {rule}: {type(exc).__name__}: {_one_line(exc)}{where}"


def run_with_big_stack(fn, *args):
    """Run ``fn`` in a thread with a large stack and recursion limit (deep but valid code)."""
    box: dict = {}

    def target() -> None:
        try:
            box["value"] = fn(*args)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller
            box["error"] = exc

    old_size = threading.stack_size()
    old_limit = sys.getrecursionlimit()
    try:
        threading.stack_size(_BIG_STACK)
        sys.setrecursionlimit(max(old_limit, 20000))
        thread = threading.Thread(target=target, name="jitguard-lint")
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old_size)
        sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]
    return box.get("value")
