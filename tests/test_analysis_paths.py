"""Analysis paths that had no test: seeding through `jax.jit(other_module.f)`, `*args` splats into
helpers, and `match` in traced code. Each claim is also checked against JAX."""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

DEFAULT = frozenset(all_codes()) - opt_in_codes()


def write(root: Path, files: dict[str, str]) -> list[str]:
    paths = []
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        paths.append(str(path))
    return sorted(paths)


def found(results, root: Path) -> set[tuple[str, int, str]]:
    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for r in results for f in r.findings}


def test_jit_of_a_function_of_another_module_checks_it_there(tmp_path, monkeypatch):
    paths = write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/helpers.py": """\
            def clip(x, lo):
                if x > lo:
                    return x
                return lo
            """,
        "pkg/main.py": """\
            import jax
            from pkg import helpers

            clip_jit = jax.jit(helpers.clip)
            """,
    })
    for jobs in (1, 2):
        results = lint_files(paths, LintOptions(DEFAULT), jobs=jobs)
        assert found(results, tmp_path) == {("pkg/helpers.py", 2, "JG101")}, jobs
    monkeypatch.syspath_prepend(str(tmp_path))
    main = importlib.import_module("pkg.main")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        main.clip_jit(jnp.ones(()), 0.0)
    sys.modules.pop("pkg.main"), sys.modules.pop("pkg.helpers"), sys.modules.pop("pkg")


SPLAT = """\
    import jax


    def helper(a, b):
        if a > b:
            return a
        return b


    @jax.jit
    def splat(x, y):
        args = (x, y)
        return helper(*args)


    @jax.jit
    def splat_static(x):
        sizes = (1, 2)
        return x * helper(*sizes)
    """


def test_star_args_splat_passes_traced_values_into_a_helper(tmp_path, monkeypatch):
    [path] = write(tmp_path, {"splat.py": SPLAT})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(5, "JG101")}
    assert "helper" in result.findings[0].message
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("splat")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.splat(1.0, 2.0)
    assert float(module.splat_static(jnp.float32(3.0))) == 6.0
    sys.modules.pop("splat")


def test_match_on_a_traced_value_and_on_a_static_one(tmp_path):
    [path] = write(tmp_path, {"m.py": """\
        from functools import partial
        import jax


        @jax.jit
        def f(x, n):
            match n:
                case 0 | 1:
                    return x
                case _:
                    if x.sum() > 0:
                        return -x
            return x


        @partial(jax.jit, static_argnames=("mode",))
        def g(x, mode):
            match mode:
                case "a":
                    return x
            match x:
                case None:
                    return x
            return -x
        """})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(8, "JG101"), (11, "JG101")}
