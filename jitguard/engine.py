"""The engine: read a file, guard against hostile input, parse once, analyse, run the rules.

Per file: read bytes -> decode (PEP 263) -> skip-file / prefilter -> cheap nesting scan (and
CPython's parser to confirm a suspicious file) -> one libcst parse -> import table and jit
contexts -> one taint walk per traced function, calling the enabled rules -> suppressions ->
positions (computed only when there is something to report).

Nothing that goes wrong with one file stops the others: a file that cannot be read, decoded or
parsed becomes a finding (JG001-JG003); an exception inside a rule becomes an internal error
naming file and rule (exit code 2 at the end).
"""

from __future__ import annotations

import ast
import io
import re
import sys
import threading
import tokenize
import traceback
from dataclasses import dataclass
from pathlib import Path

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from jitguard.analysis.imports import ImportTable
from jitguard.analysis.jitcontext import ModuleIndex
from jitguard.analysis.taint import Analysis, RuleError, build_hooks
from jitguard.diagnostics import FileResult, Finding
from jitguard.rules import ALL_RULES
from jitguard.suppression import is_suppressed, skip_file

MAX_FILE_BYTES = 10 * 1024 * 1024
# Beyond these, a file is handed to CPython's own parser first: libcst's native parser overflows
# its stack (SIGSEGV) on ~1,500 nested brackets or 10,000-term operator chains, and is very slow
# well before that. CPython rejects such files cleanly ("too many nested parentheses").
SUSPICIOUS_DEPTH = 100
SUSPICIOUS_LINE = 2000
SUSPICIOUS_SPAN = 2000
_BIG_STACK = 512 * 1024 * 1024

_PREFILTER_WORDS = ("jit", "vmap", "pmap", "lax", "shard_map", "checkpoint", "remat", "make_jaxpr", "eval_shape", "checkify")
_BRACKETS = str.maketrans({chr(i): None for i in range(128) if chr(i) not in "()[]{}\n"})


@dataclass(frozen=True)
class LintOptions:
    """What one worker needs to lint files: picklable, derived from Settings."""

    codes: frozenset[str]
    extend_jit_names: tuple[str, ...] = ()

    def prefilter(self) -> re.Pattern[str]:
        words = list(_PREFILTER_WORDS) + [n.rsplit(".", 1)[-1] for n in self.extend_jit_names]
        return re.compile("|".join(re.escape(w) for w in words))


def decode(data: bytes) -> str:
    """Decode Python source as the interpreter would (BOM, coding cookie, default UTF-8)."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    text = data.decode(encoding)
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def nesting_scan(source: str) -> tuple[int, int, int]:
    """(max bracket depth, most lines inside one bracket group, longest line): cheap, C-speed mostly."""
    longest = max(map(len, source.splitlines()), default=0)
    depth = max_depth = span = max_span = 0
    for ch in source.translate(_BRACKETS):
        if ch == "\n":
            if depth:
                span += 1
                if span > max_span:
                    max_span = span
        elif ch in "([{":
            depth += 1
            if depth > max_depth:
                max_depth = depth
        elif ch in ")]}":
            depth -= 1
            if depth <= 0:
                depth = span = 0
    return max_depth, max_span, longest


class FileLinter:
    """Lints files with one set of options. Rules are instantiated once and reused."""

    def __init__(self, options: LintOptions) -> None:
        self.options = options
        self.rules = [r() for r in ALL_RULES if r.code in options.codes]
        self.hooks = build_hooks(self.rules)
        self._prefilter = options.prefilter()
        self._extra = frozenset(options.extend_jit_names)

    def lint_path(self, path: str, module_name: str = "") -> FileResult:
        try:
            data = Path(path).read_bytes()
        except FileNotFoundError:
            return self._diag(path, "JG002", "file disappeared before it could be read")
        except IsADirectoryError:
            return FileResult(path)
        except OSError as exc:
            return self._diag(path, "JG002", f"cannot read file: {exc.strerror or exc}")
        return self.lint_bytes(path, data, module_name)

    def lint_bytes(self, path: str, data: bytes, module_name: str = "") -> FileResult:
        if len(data) > MAX_FILE_BYTES:
            return self._diag(path, "JG003", f"file is {len(data) // (1024 * 1024)} MiB, over the {MAX_FILE_BYTES // (1024 * 1024)} MiB limit; not checked")
        if b"\x00" in data:
            line = data[: data.index(b"\x00")].count(b"\n") + 1
            return self._diag(path, "JG002", "file contains NUL bytes; not checked", line)
        try:
            source = decode(data)
        except (SyntaxError, UnicodeDecodeError, LookupError) as exc:
            return self._diag(path, "JG002", f"cannot decode file: {_one_line(exc)}; not checked")
        return self.lint_source(path, source, module_name)

    def lint_source(self, path: str, source: str, module_name: str = "") -> FileResult:
        result = FileResult(path)
        if skip_file(source) or not self._prefilter.search(source):
            return result
        problem = self._precheck(path, source)
        if problem is not None:
            return problem
        try:
            module = cst.parse_module(source)
        except cst.ParserSyntaxError as exc:
            return self._diag(path, "JG001", f"syntax error: {exc.message}", exc.raw_line, exc.raw_column + 1)
        except RecursionError:
            return self._diag(path, "JG003", "file is too deeply nested to parse; not checked")
        result.parsed = True
        imports = ImportTable(module_name)
        imports.add_module(module)
        try:
            index = ModuleIndex(module, imports, self._extra)
            raw = Analysis(index, self.hooks).run()
        except RecursionError:
            return self._diag(path, "JG003", "file is too deeply nested to analyse; not checked")
        except RuleError as exc:
            result.errors.append(_internal_error(path, f"rule {exc.code}", exc.error))
            return result
        except Exception as exc:  # noqa: BLE001 - one file must not stop the run
            result.errors.append(_internal_error(path, "the analysis", exc))
            return result
        if raw:
            result.findings = self._locate(path, module, source, raw)
        return result

    def _precheck(self, path: str, source: str) -> FileResult | None:
        depth, span, longest = nesting_scan(source)
        if depth <= SUSPICIOUS_DEPTH and span <= SUSPICIOUS_SPAN and longest <= SUSPICIOUS_LINE:
            return None
        try:
            ast.parse(source)
        except SyntaxError as exc:
            return self._diag(path, "JG001", f"syntax error: {exc.msg}", exc.lineno or 1, (exc.offset or 0) + 0 or 1)
        except (RecursionError, MemoryError):
            return self._diag(path, "JG003", "file is too deeply nested for Python's own parser; not checked")
        return None

    def _locate(self, path: str, module: cst.Module, source: str, raw: list) -> list[Finding]:
        positions = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
        lines = source.splitlines()
        findings: list[Finding] = []
        for code, node, message, fix in raw:
            rng = positions.get(node)
            if rng is None:
                continue
            line = rng.start.line
            text = lines[line - 1] if 0 < line <= len(lines) else ""
            if is_suppressed(code, text):
                continue
            findings.append(
                Finding(path, line, rng.start.column + 1, code, message, rng.end.line, rng.end.column + 1, fix)
            )
        findings.sort()
        return findings

    @staticmethod
    def _diag(path: str, code: str, message: str, line: int = 1, column: int = 1) -> FileResult:
        fixes = {
            "JG001": "Fix the syntax error; jitguard checks the file once it parses",
            "JG002": "Save the file as UTF-8 text (or declare its encoding with a `# -*- coding: ... -*-` line)",
            "JG003": "Split the file or the expression; if it is generated code, exclude it in [tool.jitguard] exclude",
        }
        return FileResult(path, [Finding(path, max(line, 1), max(column, 1), code, message, fix=fixes[code])])


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
