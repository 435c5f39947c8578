"""How much of the parse set a function-level reduction could keep from libcst (issue 15).

The idea measured: before libcst parses a file, replace the body of every function or method that
no rule can need with a body of the same line count (so the positions of the kept code do not
move), found with CPython's ``ast``. This script only measures, with ``ast`` alone, the share of
the parse set's lines (and non-blank characters) that such a reduction would blank, under keep
rules of growing strictness:

* a *unit* is a function or method not nested in a function (a nested function goes with the
  unit it is in); one-line bodies are never blanked;
* a unit is kept when its body holds a name that may resolve to a context-making function (the
  first pass's resolution, ``prepass.Prepass``), a ``global``/``nonlocal`` or an import (JG206's
  declared globals, JG301's "local imports" flag), a name or attribute that is a jitted name of
  the tree (call sites for JG206 and the churn rules), or when a decorator other than
  ``property``/``staticmethod``/``classmethod``/``abstractmethod``/``*.setter`` is on it;
* ``track``: also when it names a class JG301's cross-module proof records the uses of
  (``undertrace.file_facts``: the module's own CapWords classes, CapWords names it imports);
* ``class``: a class one of whose methods is kept is kept whole (the class-wide facts:
  attributes stored outside ``__init__``, ``self.x`` stored once, hashability, fields);
* then the closure: every unit named (a ``Name`` or an attribute) at module or class level or in
  a kept unit is kept, and so on.

Usage: ``python benchmarks/function_reduction.py [--corpus-dir DIR]`` (default: the development
corpus). Result in docs/performance.md.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import lint_corpus  # noqa: E402

from jitguard.lint.discovery import module_name  # noqa: E402
from jitguard.lint.prepass import Prepass, _dotted, import_bindings  # noqa: E402
from jitguard.lint.runner import with_tree_names  # noqa: E402

_CAP = re.compile(r"[A-Z]\w*\Z")
_TRIVIAL_DECORATORS = {"property", "staticmethod", "classmethod", "abstractmethod", "setter", "getter", "deleter",
                       "override", "abstractproperty", "cached_property"}
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
VARIANTS = ("base", "track", "track,class")


def _mentions(nodes) -> tuple[set[str], list[ast.Attribute], bool]:
    names: set[str] = set()
    attrs: list[ast.Attribute] = []
    flagged = False
    for root in nodes:
        for node in ast.walk(root):
            kind = type(node)
            if kind is ast.Name:
                names.add(node.id)
            elif kind is ast.Attribute:
                attrs.append(node)
            elif kind in (ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom):
                flagged = True
    return names, attrs, flagged


def _units(tree: ast.Module) -> tuple[list[tuple[ast.AST, tuple[str, ...]]], list[ast.AST]]:
    """(units with their enclosing classes, the module- and class-level code around them)."""
    units: list[tuple[ast.AST, tuple[str, ...]]] = []
    level: list[ast.AST] = []

    def visit(stmts, classes: tuple[str, ...]) -> None:
        for stmt in stmts:
            if type(stmt) in _FUNCS:
                units.append((stmt, classes))
                level.extend(stmt.decorator_list)
                level.append(stmt.args)
                if stmt.returns is not None:
                    level.append(stmt.returns)
            elif type(stmt) is ast.ClassDef:
                level.extend([*stmt.decorator_list, *stmt.bases, *stmt.keywords])
                visit(stmt.body, (*classes, stmt.name))
            elif any(isinstance(getattr(stmt, f, None), list) for f in ("body", "orelse", "finalbody", "handlers")):
                for name, value in ast.iter_fields(stmt):
                    if name in ("body", "orelse", "finalbody", "handlers"):
                        continue
                    level.extend(v for v in (value if isinstance(value, list) else [value]) if isinstance(v, ast.AST))
                for name in ("body", "orelse", "finalbody"):
                    visit(getattr(stmt, name, None) or [], classes)
                for handler in getattr(stmt, "handlers", None) or []:
                    if handler.type is not None:
                        level.append(handler.type)
                    visit(handler.body, classes)
            else:
                level.append(stmt)

    visit(tree.body, ())
    return units, level


def _imports(tree: ast.Module, modname: str) -> dict[str, set[str]]:
    every: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if type(node) in (ast.Import, ast.ImportFrom):
            for local, qual in import_bindings(node, modname):
                every.setdefault(local, set()).add(qual)
    return every


def _seed(unit, every, tracked, prepass: Prepass, jitted: frozenset[str], variant: str) -> tuple[bool, set[str]]:
    """(is the unit kept by the rules of ``variant`` alone, the names it mentions)."""
    names, attrs, flagged = _mentions(unit.body)
    attr_names = {a.attr for a in attrs}
    decorated = any((_dotted(d.func if type(d) is ast.Call else d) or "?").rpartition(".")[2]
                    not in _TRIVIAL_DECORATORS for d in unit.decorator_list)
    seed = (flagged or decorated or not (names | attr_names).isdisjoint(jitted)
            or prepass._resolves(names, [a for a in attrs if a.attr in prepass.last], every))
    if "track" in variant:
        seed = seed or not names.isdisjoint(tracked) or any(_CAP.match(a) for a in attr_names)
    return seed, names | attr_names


def _closure(units, kept: list[bool], named: list[set[str]], level: list[ast.AST], variant: str) -> None:
    """Keep every unit named at module or class level or in a kept unit, to a fixed point."""
    by_name: dict[str, list[int]] = {}
    in_class: dict[str, list[int]] = {}
    for k, (unit, classes) in enumerate(units):
        by_name.setdefault(unit.name, []).append(k)
        for name in classes:
            by_name.setdefault(name, []).append(k)
        if classes:
            in_class.setdefault(classes[0], []).append(k)
    names, attrs, _flagged = _mentions(level)
    work = [k for k, keep in enumerate(kept) if keep]
    more = [j for name in names | {a.attr for a in attrs} for j in by_name.get(name, ())]
    while True:
        for j in more:
            if not kept[j]:
                kept[j] = True
                work.append(j)
        if not work:
            return
        k = work.pop()
        more = [j for name in named[k] for j in by_name.get(name, ())]
        if "class" in variant and units[k][1]:
            more += in_class[units[k][1][0]]


def blanked(source: str, modname: str, prepass: Prepass, jitted: frozenset[str], variant: str) -> tuple[int, int]:
    """(lines, non-blank characters) of ``source`` a reduction under ``variant`` would blank."""
    tree = ast.parse(source)
    every = _imports(tree, modname)
    tracked = {n.name for n in tree.body if type(n) is ast.ClassDef and _CAP.match(n.name)}
    tracked |= {local for local, quals in every.items() if any(_CAP.match(q.rpartition(".")[2]) for q in quals)}
    units, level = _units(tree)
    seeds = [_seed(unit, every, tracked, prepass, jitted, variant) for unit, _classes in units]
    kept = [seed for seed, _names in seeds]
    _closure(units, kept, [names for _seed, names in seeds], level, variant)
    lines = source.splitlines()
    n_lines = n_chars = 0
    for keep, (unit, _classes) in zip(kept, units):
        first, last = unit.body[0].lineno, unit.body[-1].end_lineno or unit.body[-1].lineno
        if keep or first == unit.lineno:
            continue
        n_lines += last - first + 1
        n_chars += sum(len(line.strip()) for line in lines[first - 1:last])
    return n_lines, n_chars


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus-dir", help="a tree of Python files (default: the development corpus)")
    args = parser.parse_args()
    tree = Path(args.corpus_dir).expanduser() if args.corpus_dir else lint_corpus.ensure_corpus(lint_corpus.dev_corpus())
    sets = lint_corpus.file_sets(tree)
    options = with_tree_names(sets.files, lint_corpus.lint_options(sets.files, lint_corpus.settings_for(tree)))
    prepass = Prepass(options.extend_jit_names)
    sources = {p: sets.sources[p] for p in sets.parsed}
    total_lines = sum(s.count("\n") + (not s.endswith("\n") and bool(s)) for s in sources.values())
    total_chars = sum(len(line.strip()) for s in sources.values() for line in s.splitlines())
    print(f"parse set: {len(sources)} of {len(sets.files)} files, {total_lines} lines, {total_chars} non-blank characters")
    for variant in VARIANTS:
        lines = chars = 0
        for path, source in sources.items():
            try:
                n_lines, n_chars = blanked(source, module_name(path), prepass, options.jitted, variant)
            except (SyntaxError, ValueError, RecursionError):
                continue
            lines += n_lines
            chars += n_chars
        print(f"{variant:12s} blanked: {lines} lines ({lines / total_lines:.1%}), {chars} characters ({chars / total_chars:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
