"""The ast first pass (jitguard.lint.prepass): libcst parses only the files with something to
analyse, and what is skipped changes nothing.

The proof is by comparison, with the pass on and off (``LintOptions.prepass``, or
``JITGUARD_PREPASS=0`` for the CLI): the findings of the whole run, and for every file the
facts the project-wide rules read, are identical. ``benchmarks/lint_corpus.py --superset-check``
runs the file-level comparison on the development corpus (docs/performance.md)."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.facts import WRAPPER_SEED_KEY
from jitguard.lint.codes import all_codes
from jitguard.lint.discovery import module_name
from jitguard.lint.engine import FileLinter, LintOptions, decode, read_source
from jitguard.lint.prepass import CONTEXT_TABLES, NOT_CONTEXT_TABLES, Prepass, context_names, words
from jitguard.lint.runner import lint_files, with_tree_names

ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIRS = ("rules", "examples", "tests/reports", "tests/precision_cases")


def _paths(*dirs: str) -> list[str]:
    return sorted(str(p) for d in dirs for p in (ROOT / d).rglob("*.py"))


def _options(paths: list[str], prepass: bool) -> LintOptions:
    codes = frozenset(c for c in all_codes() if c.startswith("JG") and c[2] in "123")
    base = with_tree_names(paths, LintOptions(codes))
    return dataclasses.replace(base, prepass=prepass)


def _key(finding) -> tuple:
    return (finding.path, finding.line, finding.column, finding.code, finding.message)


@pytest.fixture(scope="module")
def repo_paths() -> list[str]:
    return _paths(*CORPUS_DIRS)


def test_findings_identical_with_and_without_the_first_pass(repo_paths: list[str], monkeypatch) -> None:
    monkeypatch.delenv("JITGUARD_PREPASS", raising=False)
    runs = {}
    for on in (False, True):
        results = lint_files(repo_paths, _options(repo_paths, on), jobs=1)
        runs[on] = sorted(_key(f) for r in results for f in r.findings)
        runs[on, "errors"] = [e for r in results for e in r.errors]
    assert runs[False, "errors"] == runs[True, "errors"] == []
    assert len(runs[False]) > 100  # the rule examples and reports: plenty to lose
    assert runs[True] == runs[False]


def test_skipped_files_give_the_same_facts_as_the_libcst_path(monkeypatch) -> None:
    """File by file, on the examples and on the linter's own code (which mentions every JAX name
    in strings and tables without tracing anything): a file the first pass keeps from libcst has
    the findings, suppression comments and project facts the libcst path gives it."""
    monkeypatch.delenv("JITGUARD_PREPASS", raising=False)
    paths = _paths(*CORPUS_DIRS, "jitguard/lint", "benchmarks")
    off = FileLinter(_options(paths, False))
    on = FileLinter(_options(paths, True))
    skipped = 0
    for path in paths:
        source = decode(read_source(path))
        name = module_name(path)
        full = off.lint_source(path, source, name)
        quick = on.lint_source(path, source, name)
        if full.parsed and not quick.parsed:
            skipped += 1
        maybe = quick.facts.maybe_wrappers if quick.facts is not None and not quick.parsed else ()
        if maybe and full.facts is not None and (full.facts.wrappers or full.facts.calls):
            # a file with no traced context whose possible wrappers the libcst path reads as
            # wrappers: the runner checks it again, with them seeded, once another file may call
            # one (crossmodule.wrapper_callers); that check is the libcst path's
            assert {w.qualname.rpartition(".")[2] for w in full.facts.wrappers} <= set(maybe), path
            assert quick.facts.calls == quick.facts.wrappers == (), path
            assert not on.needs_libcst(source, name), path
            quick = on.lint_source(path, source, name, {WRAPPER_SEED_KEY: {w: True for w in maybe}})
            assert quick.parsed, path
        assert [_key(f) for f in quick.findings] == [_key(f) for f in full.findings], path
        assert quick.noqa == full.noqa, path
        facts = [r.facts.to_json() if r.facts is not None else None for r in (full, quick)]
        if facts[1] is not None and facts[1]["trace_calls"] is None and facts[0] is not None:
            # JG301's instance uses (undertrace.file_facts) are recorded by the libcst path only; a
            # file read with ast has None ("unread": undertrace_project searches its text instead,
            # which can only keep a finding). Such a file has no JG301 finding awaiting a proof.
            assert not (facts[0]["trace_calls"] or {}).get("pending"), path
            facts[0] = {**facts[0], "trace_calls": None}
        if facts[0] is not None and not quick.parsed:
            # the methods of imported classes a file runs again and again (OutCall.repeats,
            # shapes.imported_repeats) are recorded by the libcst path only: a file read with ast
            # is read again with libcst once it imports a class whose methods jit
            # (crossmodule._Wrappers takes FileFacts.jitting_classes as wrappers), and that read
            # is the libcst path's
            facts[0] = {**facts[0], "outcalls": _without_repeats(facts[0]["outcalls"])}
        assert facts[1] == facts[0], path
        assert quick.parsed == on.needs_libcst(source, name) or (quick.parsed and maybe), path
    assert skipped >= 5  # the pass does keep files from libcst here


def _without_repeats(outcalls: list[dict]) -> list[dict]:
    """``FileFacts.to_json()["outcalls"]`` less what only ``repeats`` recorded."""
    out = []
    for call in outcalls:
        call = {k: v for k, v in call.items() if k != "repeats"}
        if call.get("args") or call.keys() - {"args", "callee", "caller"}:
            out.append(call)
    return out


def test_every_table_the_context_finder_reads_is_classified() -> None:
    """A jaxapi table that jitcontext.py (where traced contexts are found) or calls.py reads must
    be one the first pass reads, or be listed as holding no context-making name: a table added
    for a new kind of traced context fails here instead of silently leaving its files unparsed."""
    src = "\n".join((ROOT / "jitguard/lint/analysis" / f).read_text() for f in ("jitcontext.py", "calls.py"))
    used = set(re.findall(r"jaxapi\.([A-Z_]+)\b", src))
    assert used, "the context finder reads jaxapi's tables"
    unclassified = used - set(CONTEXT_TABLES) - set(NOT_CONTEXT_TABLES)
    assert not unclassified, f"classify these jaxapi tables in jitguard/lint/prepass.py: {sorted(unclassified)}"


def test_names_come_from_the_jaxapi_tables() -> None:
    names = context_names()
    assert set(jaxapi.TRACING_TRANSFORMS) <= names
    assert set(jaxapi.LAX_FUNCTION_ARGS) <= names
    assert jaxapi.TRANSPARENT_WRAPPERS <= names and jaxapi.TREE_MAPS <= names
    assert "mylib.my_jit" in context_names(("mylib.my_jit",))
    # a table added to jaxapi under a listed name is read without a change here
    assert set(getattr(jaxapi, "TRACED_CONTEXT_MAKERS", ())) <= names


CASES = {
    # (source, has a name that makes a traced context)
    "alias of lax": ("from jax import lax as L\ndef f(c, x):\n    return c, x\nL.scan(f, 0, xs)\n", True),
    "imported name": ("from jax import jit as J\n@J\ndef f(x):\n    return x\n", True),
    "in a function": ("def g():\n    from jax import vmap\n    return vmap(h)\n", True),
    "unimported jax": ("jax.jit(f)\n", True),
    "relative": ("from .lax_utils import scan\nscan(f, x)\n", False),
    "arrays only": ("import jax\nfrom jax import lax\ndef f(x):\n    return lax.add(x, jax.numpy.ones(3))\n", False),
    "word in a comment": ("import jax.numpy as jnp\n# we never jit or vmap this: lax.scan\ny = jnp.ones(3)\n", False),
    "orbax checkpoint": ("import orbax.checkpoint as ocp\nckpt = ocp.checkpoint_manager()\n", False),
    "grad": ("import jax\nloss = jax.grad(f)(x)\n", True),
    "custom_vjp": ("from jax import custom_vjp\n@custom_vjp\ndef f(x):\n    return x\n", True),
    "tree_map": ("import jax\ny = jax.tree.map(lambda a: a, x)\n", True),
    "shadowing import": ("import numpy as jax\njax.jit(f)\n", True),  # more than libcst sees: fine
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_context_cases(name: str) -> None:
    source, expected = CASES[name]
    prepass = Prepass()
    tree = ast.parse(source)
    assert prepass.scan(tree, "pkg.mod").context is expected
    # the word test never says "no" where the walk says "yes"
    if prepass.triage(words(source)) is False:
        assert not expected


TRIAGE = {
    # a likely word, and an import that reaches a context-making name: straight to libcst
    "import jax\ny = jax.tree_util.tree_map(f, x)\n": True,
    "from jax.tree_util import tree_map\ny = tree_map(f, x)\n": True,
    "from jax import lax\ny = lax.fori_loop(0, 3, f, x)\n": True,
    "def g():\n    import jax.lax as L\n    return L.while_loop(c, b, x)\n": True,
    # a library's own internals: the same words, no import of the tables' names: the ast pass
    "from jax._src.tree_util import tree_map\ny = tree_map(f, x)\n": None,
    "from ._src import tree_util\ny = tree_util.tree_map(f, x)\n": None,
    "def fori_loop(lower, upper, body, init):\n    return init\n": None,
    # no word of a context-making name at all
    "import jax\ny = jax.numpy.ones(3)\n": False,
}


@pytest.mark.parametrize("source", sorted(TRIAGE))
def test_triage_reads_the_imports_of_files_with_likely_words(source: str) -> None:
    """Speed only: None sends the file to the ast pass, which decides; True skips it."""
    prepass = Prepass()
    assert prepass.triage(words(source), source, "jax._src.lax.mod") is TRIAGE[source]
    if TRIAGE[source] is None:  # and the ast pass finds no context in these
        assert not prepass.scan(ast.parse(source), "jax._src.lax.mod").context


def test_module_import_table_matches_the_libcst_one() -> None:
    """The import table a skipped file's facts are built from is the one ModuleIndex builds."""
    import libcst as cst

    from jitguard.lint.analysis.imports import ImportTable
    from jitguard.lint.analysis.jitcontext import ModuleIndex

    prepass = Prepass()
    for path in _paths("jitguard/lint", "tests/reports", "examples"):
        source = decode(read_source(path))
        name = module_name(path)
        imports = ImportTable(name)
        imports.add_module(module := cst.parse_module(source))
        ModuleIndex(module, imports)
        tree = ast.parse(source)
        for context in (True, False):
            assert prepass.scan(tree, name, context).module_imports == dict(imports.names), path


def test_environment_switch_turns_the_pass_off(monkeypatch) -> None:
    source = "import jax.numpy as jnp\nfrom jax import lax\n\ny = lax.add(jnp.ones(3), 1)\n"
    options = LintOptions(frozenset({"JG101"}))
    monkeypatch.setenv("JITGUARD_PREPASS", "0")
    assert FileLinter(options).lint_source("m.py", source).parsed
    monkeypatch.setenv("JITGUARD_PREPASS", "1")
    assert not FileLinter(options).lint_source("m.py", source).parsed
    assert FileLinter(dataclasses.replace(options, prepass=False)).lint_source("m.py", source).parsed
