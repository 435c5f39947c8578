"""jitguard.lint.positions.locate gives exactly libcst's PositionProvider positions, at a fraction of the cost."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from jitguard.lint import positions
from jitguard.lint.analysis import walk
from jitguard.lint.analysis.walk import iter_nodes
from jitguard.lint.positions import _locate_by_statement, locate

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(
    p for folder in ("jitguard", "rules", "examples", "tests", "benchmarks") for p in (ROOT / folder).rglob("*.py")
)

ODD = {
    "crlf": "import jax\r\n\r\n@jax.jit\r\ndef f(x):\r\n    if x > 0:\r\n        return g(x,\r\n                 1)\r\n    return x\r\n",
    "tabs_and_unicode": "def f(x):\n\tif x:\n\t\ty = 'é' + h(x)  # ünïcode\n\treturn [g(a) for a in x]\n",
    "no_trailing_newline": "x = f(1)\ny = g(f(2))",
    "semicolons_and_suites": "a = f(1); b = g(2)\nif a: c = h(a); d = k(c)\nclass A: x = f(3)\n",
    "continuations": "x = f(1, \\\n      2)\ny = (\n    # a comment inside brackets\n    g(3)\n)\n",
    "nested": "class A:\n    class B:\n        @dec(1)\n        def m(self):\n            while f(self):\n                yield g(\n                    h(1),\n                )\n",
    "header_and_footer": "#!/usr/bin/env python\n# header\n\nx = f(1)\n\n# footer\n",
    "decorators_and_comments": "# c\n\n@a\n# between\n\n@b(\n  1)\n\ndef f():\n    return g(1)\n    # end\n# after\nx = h(2)\n",
    "parenthesized_starts": "(\n  a\n) = f(1)\n@(\n  d\n)\ndef g():\n    pass\n(\n  h(2))\n",
    "continued_decorator": "@\\\n d\ndef g():\n    return k(1)\nx = 1; y = f(2);\n",
    "no_trailing_newline_deco": "@d\nclass A:\n    x = f(1)",
}


def _expected(module: cst.Module):
    return MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)


def _check_all(module: cst.Module, locator, statements_only: bool = False) -> None:
    expected = _expected(module)
    nodes = list(iter_nodes(module))[1 if statements_only else 0 :]  # the fallback does not place the Module
    got = locator(module, nodes)
    assert {n: got.get(n) for n in nodes} == {n: expected[n] for n in nodes}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_node_of_the_projects_own_files(path: Path) -> None:
    _check_all(cst.parse_module(path.read_text(encoding="utf-8")), locate)


@pytest.mark.parametrize("name", sorted(ODD))
def test_odd_layouts(name: str) -> None:
    module = cst.parse_module(ODD[name])
    _check_all(module, locate)
    _check_all(module, lambda m, nodes: _locate_by_statement(m, set(nodes)), statements_only=True)


def _by_statements(module: cst.Module, nodes, source: str):
    """locate as the engine calls it: the module shared (walk.share) and its text given."""
    walk.share(module)
    try:
        return locate(module, nodes, source)
    finally:
        walk.unshare()
        positions.forget()


@pytest.mark.parametrize("path", SOURCES[::7], ids=lambda p: str(p.relative_to(ROOT)))
def test_only_the_statements_that_hold_the_nodes(path: Path) -> None:
    """With the text (and the shared walk), only the top-level statements holding the nodes are
    generated, each from the line CPython's ast gives: the same positions, for every node, for
    a few, and for the last ones."""
    source = path.read_text(encoding="utf-8")
    module = cst.parse_module(source)
    expected = _expected(module)
    nodes = list(iter_nodes(module))[1:]
    for chosen in (nodes, nodes[::53], nodes[-3:], nodes[len(nodes) // 2 : len(nodes) // 2 + 2]):
        assert _by_statements(module, chosen, source) == {n: expected[n] for n in chosen}


@pytest.mark.parametrize("name", sorted(ODD))
def test_odd_layouts_by_statements(name: str) -> None:
    """Layouts where the ast's first line is not where libcst's code starts (a parenthesized
    target or decorator, a continued ``@``), or ``\\r`` line ends: the check of the generated
    text against the source sends them to the whole module's generation, with the same answer."""
    module = cst.parse_module(ODD[name])
    expected = _expected(module)
    nodes = list(iter_nodes(module))[1:]
    for chosen in (nodes, nodes[-2:], nodes[:1]):
        assert _by_statements(module, chosen, ODD[name]) == {n: expected[n] for n in chosen}


# layouts whose statements all start where the ast says (the others go to the module's generation)
BY_STATEMENTS = {"tabs_and_unicode", "no_trailing_newline", "semicolons_and_suites", "continuations", "nested",
                 "header_and_footer", "decorators_and_comments", "no_trailing_newline_deco"}


@pytest.mark.parametrize("name", sorted(BY_STATEMENTS))
def test_the_statements_path_is_taken(name: str) -> None:
    module = cst.parse_module(ODD[name])
    nodes = set(list(iter_nodes(module))[1:])
    walk.share(module)
    try:
        assert positions._locate_in_statements(module, nodes, ODD[name], None) is not None
    finally:
        walk.unshare()
        positions.forget()


def test_a_misplaced_statement_is_caught() -> None:
    """A statement whose code is not the text at the line the ast gives is not trusted."""
    source = "x = f(1)\ny = g(2)\n"
    module = cst.parse_module(source)
    walk.share(module)
    try:
        assert positions._locate_in_statements(module, {module.body[1]}, "x = f(1)\nz = g(2)\n", None) is None
        assert positions._locate_in_statements(module, {module.body[1]}, source, None) is not None
    finally:
        walk.unshare()
        positions.forget()


def test_a_few_nodes_and_early_stop() -> None:
    """Asking for some calls only: the same ranges, whichever nodes are asked for together."""
    module = cst.parse_module((ROOT / "jitguard" / "lint" / "engine.py").read_text(encoding="utf-8"))
    expected = _expected(module)
    calls = [n for n in iter_nodes(module) if isinstance(n, cst.Call)]
    for chosen in (calls[:1], calls[5:8], calls[-2:], calls[::37]):
        assert locate(module, chosen) == {n: expected[n] for n in chosen}
    assert locate(module, []) == {}
    assert locate(module, [None]) == {}
