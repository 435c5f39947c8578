"""A file's check leaves no reference cycle holding its libcst tree.

The analysis's records point at each other (a class lists its methods, which name their class; a
walker and the context its rules see), and a cycle that reaches the tree keeps it alive until
CPython's cycle collector walks it: measured on the development corpus, the collector then cost
about a tenth of a cold run (docs/performance.md). ``ModuleIndex.release`` breaks the index's
cycles at the end of each file's check; this test finds any new one.
"""

from __future__ import annotations

import gc
from pathlib import Path

from jitguard.lint.codes import all_codes
from jitguard.lint.engine import FileLinter, LintOptions
from tests.rule_examples import example_files

ROOT = Path(__file__).resolve().parents[1]


def _cyclic_garbage(linter: FileLinter, path: Path) -> list | None:
    """The objects only the cycle collector would free after ``path``'s check (None: the file
    was not parsed with libcst)."""
    source = path.read_text()
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        result = linter.lint_source(str(path), source, path.stem)
        assert not result.errors, path
        parsed = result.parsed
        del result
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        garbage = list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()
    return garbage if parsed else None


def test_a_checked_tree_is_freed_without_the_cycle_collector():
    linter = FileLinter(LintOptions(frozenset(all_codes())))
    files = example_files() + sorted((ROOT / "examples").glob("*.py"))
    held, parsed = {}, 0
    for path in files:
        garbage = _cyclic_garbage(linter, path)
        if garbage is None:
            continue
        parsed += 1
        nodes = [o for o in garbage if type(o).__module__.startswith("libcst")]
        if nodes:
            held[path.name] = len(nodes)
    assert parsed >= len(files) - 2
    assert not held, f"libcst nodes freed only by the cycle collector: {held}"
