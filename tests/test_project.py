"""Whole-tree analysis: jitted functions defined in one module and misused in another, and traced
values followed into helpers of other modules. Through the real CLI, cold and warm."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

FILES = {
    "pkg/__init__.py": "from .train import step\n",
    "pkg/train.py": """
        from functools import partial

        import jax

        from pkg.helpers import safe_log


        @partial(jax.jit, static_argnames=("n", "sizes"))
        def step(x, n, sizes=(1,)):
            return safe_log(x) * n


        @jax.jit
        def scale(x, factor):
            return x * factor
    """,
    "pkg/helpers.py": """
        import jax.numpy as jnp


        def safe_log(x):
            if jnp.min(x) <= 0:
                x = x - jnp.min(x) + 1e-6
            return jnp.log(x)


        def plain(x):
            if x > 0:
                return x
            return -x
    """,
    "run.py": """
        import numpy as np

        import pkg
        from pkg import train
        from pkg.train import scale, step

        data = np.ones(16, np.float32)
        for i in range(data.shape[0] // 2):  # (a literal range(8) would be a bounded warm-up)
            step(data, i)
            train.step(data[:i], 2)
            pkg.step(data, 3, sizes=[1, 2])
        scale(data, 2)
        scale(data, 0.5)
        print(pkg.helpers.plain(3.0))
    """,
}

EXPECTED = {
    ("pkg/helpers.py", 5, "JG101"),  # safe_log gets a traced x from jitted step in pkg/train.py
    ("run.py", 9, "JG302"),  # static n changes with the loop
    ("run.py", 10, "JG303"),  # data[:i] changes shape with the loop
    ("run.py", 11, "JG203"),  # a list as static `sizes`, through the package's re-export
    ("run.py", 12, "JG304"),  # scale(data, 2) here, scale(data, 0.5) below (opt-in: selected here)
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for name, text in FILES.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    return tmp_path


def check(cwd: Path, *args: str) -> set[tuple[str, int, str]]:
    proc = subprocess.run(
        [sys.executable, "-m", "jitguard", "check", "--output-format", "json", "--extend-select", "JG304", *args, "."],
        cwd=cwd, capture_output=True, text=True,
    )
    assert proc.returncode in (0, 1), proc.stderr
    return {(Path(f["path"]).as_posix(), f["line"], f["code"]) for f in json.loads(proc.stdout)}


def test_misuse_is_reported_at_the_call_site_in_another_module(tree):
    assert check(tree, "--no-cache") == EXPECTED


def test_parallel_cold_and_warm_runs_agree(tree):
    assert check(tree, "-j", "2") == EXPECTED
    assert check(tree) == EXPECTED  # from the cache
    (tree / "pkg/helpers.py").write_text((tree / "pkg/helpers.py").read_text().replace("<= 0", "< 1"))
    assert check(tree) == EXPECTED  # the changed file again, the others from the cache


def test_one_process_checks_the_helper_once_with_its_seeds(tree, monkeypatch):
    """On one process importers are linted first, so pkg/helpers.py gets the traced `x` from
    pkg/train.py before its only parse (a second, seeded parse is the fallback for cycles)."""
    from jitguard.lint.engine import FileLinter, LintOptions
    from jitguard.lint.codes import all_codes, opt_in_codes
    from jitguard.lint.runner import lint_files

    parses: list[tuple[str, bool]] = []
    lint_source = FileLinter.lint_source

    def counting(self, path, source, module_name="", seeds=None):
        result = lint_source(self, path, source, module_name, seeds)
        if result.parsed:
            parses.append((Path(path).as_posix(), bool(seeds)))
        return result

    helpers = tree / "pkg/helpers.py"  # a JAX word, so that the helper passes the prefilter on its own
    helpers.write_text("from jax import lax  # noqa: F401\n" + helpers.read_text())
    monkeypatch.chdir(tree)
    monkeypatch.setattr(FileLinter, "lint_source", counting)
    paths = sorted(str(p.relative_to(tree)) for p in tree.rglob("*.py"))
    results = lint_files(paths, LintOptions((frozenset(all_codes()) - opt_in_codes()) | {"JG304"}), jobs=1)
    found = {(Path(r.path).as_posix(), f.line, f.code) for r in results for f in r.findings}
    assert found == {(p, line + (p == "pkg/helpers.py"), code) for p, line, code in EXPECTED}
    assert [p for p in parses if p[0] == "pkg/helpers.py"] == [("pkg/helpers.py", True)]
    assert len(parses) == len(set(parses))  # no file parsed twice


def test_importers_come_before_what_they_import():
    from jitguard.lint.analysis.crossmodule import importers_first

    texts = {
        "a.py": "from pkg import b\nimport c as see\n",
        "pkg/__init__.py": "from .b import f\n",
        "pkg/b.py": "from c import g  # a comment\n",
        "c.py": "from . import a\n",  # a cycle back to a: broken, not looping
        "d.py": "import os\n",
    }
    modules = {"a": "a.py", "pkg": "pkg/__init__.py", "pkg.b": "pkg/b.py", "c": "c.py", "d": "d.py"}
    names = {"a.py": "a", "pkg/__init__.py": "pkg.__init__", "pkg/b.py": "pkg.b", "c.py": "c", "d.py": "d"}
    order = importers_first(list(texts), modules, names, texts.__getitem__)
    assert sorted(order) == sorted(texts)
    position = order.index
    assert position("a.py") < position("pkg/__init__.py") < position("pkg/b.py") < position("c.py")
    assert position("a.py") < position("c.py")


def test_only_the_files_to_lint_are_ordered():
    """A warm run lints only the changed files: the files they import (results in the cache) must
    not join the order, or each edit would parse every module it imports again."""
    from jitguard.lint.analysis.crossmodule import importers_first

    texts = {"a.py": "import b\nimport c\n", "b.py": "import c\n", "c.py": ""}
    modules = {"a": "a.py", "b": "b.py", "c": "c.py"}
    names = {"a.py": "a", "b.py": "b", "c.py": "c"}
    assert importers_first(["c.py", "a.py"], modules, names, texts.__getitem__) == ["a.py", "c.py"]
    assert importers_first(["b.py"], modules, names, texts.__getitem__) == ["b.py"]


WRAPPED = {
    "wrap.py": """
        from functools import partial

        import jax


        @partial(jax.jit, static_argnums=1)
        def step(x, n):
            return x * n


        def run(x, n):
            return step(x, n)
    """,
    # imports the wrapper and may record a call (jax.jit(g)(1.0)), but calls no `run`
    "user.py": """
        import jax

        from wrap import run


        def g(x):
            return x + 1


        y = jax.jit(g)(1.0)
        print(run)
    """,
    "caller.py": """
        import jax
        import jax.numpy as jnp

        from wrap import run


        @jax.jit
        def h(x):
            return x


        for i in range(jnp.ones(3).shape[0]):
            run(h(jnp.ones(2)), i)
    """,
}


def test_a_wrapper_seeded_check_that_changes_nothing_reuses_the_first(tmp_path, monkeypatch):
    """On one process, a file the seeded phase checks again only for another file's wrapper names
    (crossmodule.wrapper_callers) is not parsed again when none of its calls has such a name
    (FileLinter._same_as_before): the check would make the first one's result. A file that calls
    the wrapper is checked again, and records the call. The results are those of a run that
    checks both again."""
    from jitguard.lint.analysis.facts import WRAPPER_SEED_KEY
    from jitguard.lint.codes import all_codes, opt_in_codes
    from jitguard.lint.engine import FileLinter, LintOptions
    from jitguard.lint.runner import lint_files, with_tree_names

    for name, text in WRAPPED.items():
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip())
    monkeypatch.chdir(tmp_path)
    paths = sorted(WRAPPED)
    options = LintOptions(frozenset(all_codes()) - opt_in_codes())
    checks: list[tuple[str, bool, bool]] = []  # (path, wrapper names seeded, parsed)
    lint_source, parsed = FileLinter.lint_source, FileLinter._parsed

    def counting(self, path, source, module_name="", seeds=None):
        checks.append((path, bool(seeds and WRAPPER_SEED_KEY in seeds), False))
        return lint_source(self, path, source, module_name, seeds)

    def parsing(self, path, source):
        checks[-1] = (*checks[-1][:2], True)
        return parsed(self, path, source)

    monkeypatch.setattr(FileLinter, "lint_source", counting)
    monkeypatch.setattr(FileLinter, "_parsed", parsing)
    results = lint_files(paths, with_tree_names(paths, options), jobs=1)
    assert ("user.py", True, False) in checks  # checked with `run` seeded, not parsed again
    assert ("caller.py", True, True) in checks  # checked with `run` seeded, parsed again
    # (reported at the wrapper's call of the jitted function, where its callers compile)
    assert {(r.path, f.code) for r in results for f in r.findings} == {("wrap.py", "JG302")}
    monkeypatch.setattr(FileLinter, "_same_as_before", lambda self, *args: None)
    again = lint_files(paths, with_tree_names(paths, options), jobs=1)
    assert [(r.path, r.findings, r.facts, r.noqa, r.parsed) for r in again] == [
        (r.path, r.findings, r.facts, r.noqa, r.parsed) for r in results]


def test_the_helper_is_clean_when_nothing_traced_reaches_it(tree):
    (tree / "pkg/train.py").write_text((tree / "pkg/train.py").read_text().replace("safe_log(x) * n", "x * n"))
    assert ("pkg/helpers.py", 5, "JG101") not in check(tree, "--no-cache")


def test_the_cross_module_bug_is_real():
    """What the JG101 finding in helpers.py claims, run under JAX."""
    jax = pytest.importorskip("jax")
    namespace: dict = {}
    exec(textwrap.dedent(FILES["pkg/helpers.py"]), namespace)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        jax.jit(namespace["safe_log"])(jax.numpy.ones(3))


# -- files that only import a jitted function: read with CPython's ast when that is enough ---------
ROOT = Path(__file__).resolve().parent.parent
OWN_SOURCES = sorted(p for d in ("jitguard", "rules", "examples", "tests", "benchmarks") for p in (ROOT / d).rglob("*.py"))


def _linter(jitted: frozenset[str], tree_packages: frozenset[str] = frozenset()):
    from jitguard.lint.engine import FileLinter, LintOptions
    from jitguard.lint.codes import all_codes

    return FileLinter(LintOptions(frozenset(all_codes()), jitted=jitted, jit_modules=frozenset({"train"}),
                                  tree_packages=tree_packages))


@pytest.mark.parametrize(
    ("source", "needs_libcst"),
    [
        ("from pkg.train import step\n\n\ndef main(state, batch):\n    return step(state, batch)\n", False),
        ("import pkg.train as train\n\nresult = train.step(state)\nprint(jnp_sum(result))\n", False),
        ("from pkg.train import step\n\nstep(state, [1, 2])\n", True),  # a list: maybe static (JG203)
        ("from pkg.train import step\n\nstep(state, n=2)\n", True),  # a scalar literal (JG304)
        ("from pkg.train import step\n\nfor b in batches:\n    step(state, b)\n", True),  # a loop (JG302/JG303)
        ("from pkg.train import step\n\nsizes = [1, 2]\nstep(state, sizes)\n", True),  # a name bound to a list
        # `info` is jitted somewhere in the tree, but logging is not part of it
        ("import logging\nfrom pkg.train import step\n\nlogging.info('%s', 1)\nstep(state)\n", False),
        # a wrapper: passes its parameter on to the jitted function; its own call passes a list
        ("from pkg.train import step\n\n\ndef run(s, n):\n    return step(s, n)\n\n\nrun(state, [1])\n", True),
        # PARTIALCALL: a name bound to partial(step, ...) is step's call, here with a list
        ("from functools import partial\n\nfrom pkg.train import step\n\ng = partial(step, state)\ng([1])\n", True),
        # `self.cfg` set in __init__ to a dict, passed to the jitted function (JG203 reads it)
        ("from pkg.train import step\n\n\nclass Env:\n    def __init__(self):\n        self.cfg = {\"n\": 1}\n\n"
         "    def reset(self, s):\n        return step(s, self.cfg)\n", True),
    ],
)
def test_a_file_that_only_imports_a_jitted_function(source: str, needs_libcst: bool) -> None:
    linter = _linter(frozenset({"step", "info"}), frozenset({"pkg", "app"}))
    result = linter.lint_source("mod.py", source, "app.mod")
    assert linter.needs_libcst(source) is needs_libcst
    assert result.parsed is needs_libcst
    # read either way: its imports, for re-exports (`from app.mod import step` elsewhere)
    reexports = result.facts.reexports
    assert reexports.get("app.mod.step") == "pkg.train.step" or reexports.get("app.mod.train") == "pkg.train"
    assert bool(result.facts.calls) is needs_libcst


def test_the_ast_check_never_misses_a_call_libcst_would_record() -> None:
    """calls.may_record_calls must say yes whenever FactExtractor.call_facts records a call: checked on
    every file of this project, with every called name taken as jitted (so every call is a candidate)."""
    from jitguard.lint.analysis.calls import may_record_calls
    from jitguard.lint.analysis.imports import ImportTable
    from jitguard.lint.engine import run_with_big_stack

    from jitguard.lint.prepass import Prepass

    with_calls = no_context = 0
    first_pass = Prepass()
    for path in OWN_SOURCES:
        source = path.read_text(encoding="utf-8")
        jitted = frozenset(re.findall(r"(\w+)\s*\(", source))
        linter = _linter(jitted)
        linter._calls_only = lambda *args: None  # always the libcst path, whatever the prefilter says
        result = run_with_big_stack(linter.lint_source, str(path), source, "app.mod")
        assert not result.errors, result.errors
        # a wrapper's own call of its jitted function with no argument recorded (``wrapper`` set,
        # ``args`` empty) matters only through calls of the wrapper, which the ast check counts
        # itself (a call of a wrapper name is a candidate)
        calls = [c for c in result.facts.calls if c.args or c.wrapper is None] if result.facts else []
        if calls:
            with_calls += 1
            assert may_record_calls(ast.parse(source), jitted, ImportTable("app.mod")), path
        # a file with no traced context (the first pass's scan: the engine's _no_context) asks the
        # narrower question; it must still say yes to every recorded call, and its possible wrappers
        # must hold every wrapper the libcst path finds (those are linted again once called)
        tree = ast.parse(source)
        if not first_pass.scan(tree, "app.mod").context:
            maybe: set[str] = set()
            recorded = may_record_calls(tree, jitted, ImportTable("app.mod"), frozenset(), maybe, no_context=True)
            wrappers = {w.qualname.rpartition(".")[2] for w in result.facts.wrappers} if result.facts else set()
            assert wrappers <= maybe, path
            if calls:
                no_context += 1
                assert recorded, path
    assert with_calls >= 20  # the check above really ran
    assert no_context >= 20  # and on files without a traced context


HELPER_TREE = {
    "infer.py": """
        import jax
        import jax.numpy as jnp
        import numpy as np


        @jax.jit
        def apply(frames):
            return jnp.sum(frames)


        def inference(frames):
            return apply(frames)


        def main(k):
            for n in range(k):
                print(inference(np.ones((n, 4), np.float32)))
            for _ in range(k):
                print(inference(np.ones((8, 4), np.float32)))  # one shape: fine
    """,
}


@pytest.fixture
def helper_tree(tmp_path: Path) -> Path:
    for name, text in HELPER_TREE.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    return tmp_path


def _findings(cwd: Path, *args: str) -> list[dict]:
    proc = subprocess.run([sys.executable, "-m", "jitguard", "check", "--output-format", "json", *args, "."],
                          cwd=cwd, capture_output=True, text=True)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


def test_churn_through_a_helper_is_reported_where_jax_compiles(helper_tree):
    """The first loop varies the shape; JAX compiles at the helper's call of the jitted function:
    the finding is there, and names the loop's call of the helper; cold and from the cache."""
    for args in (["--no-cache"], [], []):
        found = [f for f in _findings(helper_tree, *args) if f["code"] == "JG303"]
        assert [(f["path"], f["line"]) for f in found] == [("infer.py", 12)], args
        assert "the loop that calls `inference` at line 17 (`np.ones((n, 4), np.float32)`)" in found[0]["message"]


def test_the_helper_call_compiles_once_per_shape():
    """What that finding claims, under JAX: one compile per distinct shape of the loop's arrays."""
    pytest.importorskip("jax")
    import numpy as np
    from tests.jaxrun import cold_compiles
    import jax
    import jax.numpy as jnp

    apply = jax.jit(lambda frames: jnp.sum(frames))

    def inference(frames):
        return apply(frames)

    def loop(k):
        return [inference(np.ones((n, 4), np.float32)) for n in range(2, 2 + k)]

    assert cold_compiles(loop, 4) - cold_compiles(loop, 2) == 2


# A `@jax.jit` def nested in a model method that runs only inside the jitted training step
# (JG301's proof across modules, jitguard.lint.analysis.undertrace): the model is defined in one
# module and built and applied in another. Legal as long as every call of the model's instances in
# the tree is made under a trace; each variant below adds a module that calls one from Python (or
# could), and the finding stays.
MODEL_TREE = {
    "mtree/__init__.py": "",
    "mtree/models.py": """
        import functools

        import jax
        import jax.numpy as jnp


        class AttentionOp:
            def __init__(self, scale):
                self.scale = scale

            def __call__(self, q, k):
                return self.flash_attention(q, k)

            def flash_attention(self, q, k):
                @functools.partial(jax.jit, static_argnames=["causal"])
                def kernel(q, k, causal):
                    s = q @ k.T
                    return jnp.tril(s) if causal else s

                return kernel(q, k, causal=True).sum() * self.scale


        class Model:
            def __init__(self):
                self.attention = AttentionOp(2.0)

            def __call__(self, x):
                return self.attention(x, x)
    """,
    "mtree/train.py": """
        import jax
        import jax.numpy as jnp

        from mtree.models import Model

        MODEL = Model()


        @jax.jit
        def train_step(x):
            return jax.grad(lambda x: MODEL(x))(x)


        def train(n):
            x = jnp.ones((3, 2))
            for _ in range(n):
                x = x - 0.1 * train_step(x)
            return x
    """,
}
NESTED_JIT = ("mtree/models.py", 15, "JG301")
VARIANTS = {
    "eager_loop_in_the_same_module": {"mtree/train.py": MODEL_TREE["mtree/train.py"] + """

        def evaluate(xs):
            return [MODEL(x) for x in xs]
    """},
    "the_global_instance_imported_elsewhere": {"mtree/evaluate.py": """
        from mtree.train import MODEL


        def evaluate(xs):
            return [MODEL(x) for x in xs]
    """},
    "an_instance_made_and_called_in_a_file_without_jax": {"mtree/eager.py": """
        from mtree.models import Model


        def evaluate(xs):
            model = Model()
            return [model(x) for x in xs]
    """},
    "a_subclass_in_another_module": {"mtree/sub.py": """
        from mtree import models


        class Bigger(models.AttentionOp):
            pass
    """},
    "the_instance_passed_on": {"mtree/serve.py": """
        import jax

        from mtree.models import Model


        def serve(model, xs):
            return [model(x) for x in xs]


        def main(xs):
            return serve(Model(), xs)
    """},
}


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    return root


def _jg301(root: Path, *args: str) -> set[tuple[str, int, str]]:
    return {(Path(f["path"]).as_posix(), f["line"], f["code"]) for f in _findings(root, *args) if f["code"] == "JG301"}


def test_a_nested_jit_in_a_model_applied_only_in_another_modules_jitted_step_is_not_flagged(tmp_path):
    root = _write(tmp_path, MODEL_TREE)
    for args in (["--no-cache"], [], [], ["--no-cache", "-j", "2"]):
        assert _jg301(root, *args) == set(), args


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_call_of_the_model_from_python_anywhere_keeps_the_finding(tmp_path, variant):
    root = _write(tmp_path, {**MODEL_TREE, **VARIANTS[variant]})
    for args in (["--no-cache"], []):
        assert _jg301(root, *args) == {NESTED_JIT}, args


def test_the_model_tree_under_jax(tmp_path, monkeypatch):
    """What the two verdicts claim: inside the jitted step the nested jit compiles nothing per step
    (train: as many compiles for 4 steps as for 2); called from Python, each call compiles it again."""
    pytest.importorskip("jax")
    from tests.jaxrun import cold_compiles

    _write(tmp_path, {**MODEL_TREE, **VARIANTS["the_global_instance_imported_elsewhere"]})
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m == "mtree" or m.startswith("mtree.")]:
        monkeypatch.delitem(sys.modules, name)
    import jax.numpy as jnp
    from mtree import evaluate, train

    assert cold_compiles(train.train, 4) == cold_compiles(train.train, 2) >= 1
    xs = [jnp.ones((3, 2))] * 4
    assert cold_compiles(evaluate.evaluate, xs) - cold_compiles(evaluate.evaluate, xs[:2]) >= 2
