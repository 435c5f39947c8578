"""Calls of a wrapper defined in another module of the checked tree (``def run(x, sizes): return
step(x, sizes)`` with ``step`` jitted, called from another file) are checked as calls of the jitted
function, as a wrapper called in its own file is: JG203, JG302, JG303 report at the wrapper's call
of the jitted function (where JAX raises or compiles) and name the outer call, in the other file;
JG304 reports at the first of the calls that disagree, naming the other.

Each flagged tree is also run under JAX (the error is raised, or the function compiles once per
iteration), and each legal look-alike runs (and compiles once)."""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import run_jitguard

TRAIN = """
    import jax
    import jax.numpy as jnp
    from functools import partial


    @partial(jax.jit, static_argnums=1)
    def step(x, sizes):
        return x * len(sizes)


    @partial(jax.jit, static_argnums=1)
    def scale(x, n):
        return x * n


    @jax.jit
    def total(x):
        return jnp.sum(x)


    @jax.jit
    def mul(x, k):
        return x * k
    """

WRAP = """
    from PKG.train import mul, scale, step, total


    def run(x, sizes):
        return step(x, sizes)


    def grow(x, n):
        return scale(x, n)


    def sum_all(x):
        return total(x)


    def times(x, k):
        return mul(x, k)
    """

# case -> (files besides train.py and wrap.py, {(file, line, code)}, what JAX does: an exception
# type, or {jitted function: compiles})
FLAGGED = {
    "from_import": ({"app.py": """
        import jax.numpy as jnp
        from PKG.wrap import run


        def main():
            return run(jnp.ones(3), [1, 2])
        """}, {("wrap.py", 5, "JG203")}, ValueError),
    "module_attribute": ({"app.py": """
        import jax.numpy as jnp
        from PKG import wrap


        def main():
            return wrap.run(jnp.ones(3), [1, 2])
        """}, {("wrap.py", 5, "JG203")}, ValueError),
    "relative_import": ({"app.py": """
        import jax.numpy as jnp
        from .wrap import run


        def main():
            return run(jnp.ones(3), sizes=[1, 2])
        """}, {("wrap.py", 5, "JG203")}, ValueError),
    "import_alias": ({"app.py": """
        import jax.numpy as jnp
        from PKG.wrap import run as go


        def main():
            return go(jnp.ones(3), [1, 2])
        """}, {("wrap.py", 5, "JG203")}, ValueError),
    "package_reexport": ({"__init__.py": "from .wrap import run\n", "app.py": """
        import jax.numpy as jnp
        from PKG import run


        def main():
            return run(jnp.ones(3), [1, 2])
        """}, {("wrap.py", 5, "JG203")}, ValueError),
    # a static value that changes with the loop: one compile per value (JG302)
    "loop_static": ({"app.py": """
        import jax.numpy as jnp
        from PKG.wrap import grow


        def main(steps=4):  # (a literal range(4) would be a bounded warm-up)
            x = jnp.ones(3)
            for n in range(steps):
                x = grow(x, n)
            return x
        """}, {("wrap.py", 9, "JG302")}, {"scale": 4}),
    # an array whose shape grows with the loop: one compile per shape (JG303)
    "loop_shape": ({"app.py": """
        import jax.numpy as jnp
        from PKG import wrap


        def main(steps=4):
            out = []
            for i in range(1, steps):
                out.append(wrap.sum_all(jnp.ones(i)))
            return out
        """}, {("wrap.py", 13, "JG303")}, {"total": 3}),
    # a Python int at one call, a float at the other: two input types, two compiles (JG304, opt-in;
    # reported at the first call, as in one file)
    "scalar_types": ({"app.py": """
        import jax.numpy as jnp
        from PKG.wrap import times


        def main():
            x = jnp.ones(3)
            times(x, 2)
            return times(x, 0.5)
        """}, {("app.py", 7, "JG304")}, {"mul": 2}),
}

LEGAL = {
    # a tuple is hashable
    "tuple_passed": {"app.py": """
        import jax.numpy as jnp
        from PKG.wrap import run


        def main():
            return run(jnp.ones(3), (1, 2))
        """},
    # another module's `run` is no wrapper: its call is not a call of `step`
    "same_name_elsewhere": {"other.py": """
        def run(x, sizes):
            return x * len(sizes)
        """, "app.py": """
        import jax.numpy as jnp
        from PKG.other import run


        def main():
            return run(jnp.ones(3), [1, 2])
        """},
    # a wrapper that makes the list a tuple before passing it on does not forward `sizes`
    "converting_wrapper": {"conv.py": """
        from PKG.train import step


        def run(x, sizes):
            return step(x, tuple(sizes))
        """, "app.py": """
        import jax.numpy as jnp
        from PKG.conv import run


        def main():
            return run(jnp.ones(3), [1, 2])
        """},
    # the same static value each iteration, the same shape each iteration: one compile each
    "fixed_in_loop": {"app.py": """
        import jax.numpy as jnp
        from PKG import wrap


        def main():
            x = jnp.ones(3)
            for _ in range(4):
                x = wrap.grow(x, 2)
                wrap.sum_all(jnp.ones(5))
            return x
        """},
}


def _write(root: Path, pkg: str, files: dict[str, str]) -> list[Path]:
    folder = root / pkg
    folder.mkdir(parents=True)
    every = {"__init__.py": "", "train.py": TRAIN, "wrap.py": WRAP, **files}
    paths = []
    for name, text in every.items():
        path = folder / name
        path.write_text(textwrap.dedent(text).lstrip().replace("PKG", pkg))
        paths.append(path)
    return paths


def _lint(root: Path, pkg: str, *args: str) -> set[tuple[str, int, str]]:
    """The findings of the real CLI over the package, as (file, line, code), and their messages."""
    import json

    proc = run_jitguard(root, "check", "--output-format", "json", "--extend-select", "JG304", *args, pkg, no_cache="--cache-dir" not in args)
    assert proc.returncode in (0, 1), proc.stderr
    found = json.loads(proc.stdout)
    _lint.messages = [f["message"] for f in found]  # type: ignore[attr-defined]
    return {(Path(f["path"]).name, f["line"], f["code"]) for f in found}


def _main(root: Path, pkg: str):
    """Import ``pkg.app`` fresh and return (its main, the module pkg.train)."""
    sys.path.insert(0, str(root))
    try:
        for name in [m for m in sys.modules if m == pkg or m.startswith(pkg + ".")]:
            sys.modules.pop(name)
        app = importlib.import_module(f"{pkg}.app")
        return app.main, importlib.import_module(f"{pkg}.train")
    finally:
        sys.path.remove(str(root))


@pytest.mark.parametrize("case", sorted(FLAGGED))
def test_a_call_of_another_modules_wrapper_is_checked(tmp_path, case):
    files, expected, under_jax = FLAGGED[case]
    pkg = f"xw_{case}"
    _write(tmp_path, pkg, files)
    assert _lint(tmp_path, pkg) == expected
    (message,) = _lint.messages  # type: ignore[attr-defined]
    assert " → " in message and f"{pkg}/app.py:" in message, message  # `run → step`, the outer call
    pytest.importorskip("jax")
    main, train = _main(tmp_path, pkg)
    if isinstance(under_jax, type):
        with pytest.raises(under_jax, match="Non-hashable static arguments"):
            main()
    else:
        main()
        for name, compiles in under_jax.items():
            assert getattr(train, name)._cache_size() == compiles


@pytest.mark.parametrize("case", sorted(LEGAL))
def test_legal_look_alikes_are_not_flagged(tmp_path, case):
    pkg = f"xw_ok_{case}"
    _write(tmp_path, pkg, LEGAL[case])
    assert _lint(tmp_path, pkg) == set()
    pytest.importorskip("jax")
    main, train = _main(tmp_path, pkg)
    main()  # runs
    assert all(getattr(train, f)._cache_size() <= 1 for f in ("step", "scale", "total", "mul"))


def test_parallel_and_cached_runs_follow_the_wrappers_file(tmp_path):
    """-j 2, cold and warm, report the same; a change of the wrapper's file (it no longer passes
    `sizes` on, then does again) changes the caller's finding on a warm run."""
    pkg = "xw_cache"
    _write(tmp_path, pkg, FLAGGED["from_import"][0])
    cache = ("--cache-dir", str(tmp_path / "cache"))
    expected = FLAGGED["from_import"][1]
    assert _lint(tmp_path, pkg, *cache) == expected
    assert _lint(tmp_path, pkg, *cache, "-j", "2") == expected
    wrap = tmp_path / pkg / "wrap.py"
    text = wrap.read_text()
    wrap.write_text(text.replace("step(x, sizes)", "step(x, tuple(sizes))"))
    assert _lint(tmp_path, pkg, *cache) == set()
    wrap.write_text(text)
    assert _lint(tmp_path, pkg, *cache) == expected


def test_a_possible_wrapper_is_read_with_libcst_only_when_another_file_calls_it(tmp_path):
    """wrap.py says nothing of JAX: the first lint reads it with CPython's ast alone and notes its
    possible wrappers; it is read with libcst only because app.py calls one."""
    from jitguard.lint.codes import all_codes
    from jitguard.lint.engine import LintOptions
    from jitguard.lint.runner import lint_files

    pkg = "xw_lazy"
    paths = [str(p) for p in _write(tmp_path, pkg, {})]
    options = LintOptions(frozenset(all_codes()))
    alone = {r.path: r for r in lint_files(paths, options)}
    wrap = str(tmp_path / pkg / "wrap.py")
    assert not alone[wrap].parsed and alone[wrap].facts.maybe_wrappers == ("grow", "run", "sum_all", "times")
    app = tmp_path / pkg / "app.py"
    app.write_text(textwrap.dedent(FLAGGED["from_import"][0]["app.py"]).replace("PKG", pkg))
    called = {r.path: r for r in lint_files([*paths, str(app)], options)}
    assert called[wrap].parsed and [w.qualname for w in called[wrap].facts.wrappers] == [
        f"{pkg}.wrap.run", f"{pkg}.wrap.grow", f"{pkg}.wrap.sum_all", f"{pkg}.wrap.times"]
    assert [f.code for f in called[wrap].findings] == ["JG203"]


def test_an_unsaved_buffer_sees_the_wrappers_of_its_project(tmp_path):
    """stdin / the language server: the buffer's calls of another file's wrapper are recorded too
    (JG304 reports in the buffer itself)."""
    import json
    import subprocess

    pkg = "xw_buffer"
    files, expected, _jax = FLAGGED["scalar_types"]
    _write(tmp_path, pkg, files)
    source = (tmp_path / pkg / "app.py").read_text()
    proc = subprocess.run([sys.executable, "-m", "jitguard", "check", "--no-cache", "--output-format", "json",
                           "--extend-select", "JG304", "--stdin-filename", f"{pkg}/app.py", "-"],
                          cwd=tmp_path, input=source, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr
    assert {(Path(f["path"]).name, f["line"], f["code"]) for f in json.loads(proc.stdout)} == expected


def test_a_warm_run_reads_no_file_with_libcst(tmp_path):
    """The decision to lint a caller again is cached with its content: a warm run over a tree with
    cross-file wrappers imports neither libcst nor the rules, and finds the same."""
    from tests.test_cache import warm_run

    pkg = "xw_warm"
    _write(tmp_path, pkg, FLAGGED["from_import"][0])
    cold, heavy = warm_run(tmp_path, pkg)
    assert {(Path(p).name, line, code) for p, line, code in cold} == FLAGGED["from_import"][1] and "libcst" in heavy
    warm, heavy = warm_run(tmp_path, pkg)
    assert warm == cold and heavy == []
