"""Cross-module forms of the sixth recall session of 2026-12-06 (branch fix-xmodrecall;
docs/recall.md): each tree is linted with the real CLI (cold, then warm from a cache) and run under
JAX 0.10.2 (the flagged one raises the named error or compiles once per iteration, its legal
look-alike runs).

* **A class of another module built in traced code.** ``Scaler(rate)`` in a jitted function of
  ``step.py``, ``Scaler`` defined in ``base.py``: Python runs ``Scaler.__init__`` on the tracer, so
  ``if rate < floor: raise`` there raises TracerBoolConversionError. Also through a subclass of the
  calling module with no ``__init__`` of its own (``class Slow(base.Scaler)``: the base's runs).
* Forms already followed before this session, kept as regressions: a helper imported inside the
  jitted function's body, and a chain of three modules (``a.py`` jits, ``b.py`` wraps, ``c.py``
  calls the wrapper in a loop with a growing shape or a changing static value, or with a list at
  the static position from inside a function body).
"""

from __future__ import annotations

import importlib
import json
import textwrap
from pathlib import Path

import pytest

from tests.conftest import run_jitguard
from tests.jaxrun import cold_compiles

BASE = """
    class Scaler:
        def __init__(self, rate, floor=0.0):
            if rate < floor:
                raise ValueError("rate below floor")
            self.rate = rate

        def apply(self, x):
            return x * self.rate
    """

# case -> (files, {(file, line, code)}, what main() does under JAX: an error name, "GROWS", None)
CASES = {
    "constructor_of_imported_class": ({"base.py": BASE, "step.py": """
        import jax
        from PKG.base import Scaler


        @jax.jit
        def step(x, rate):
            return Scaler(rate).apply(x)


        def main():
            return step(jax.numpy.ones(2), 1.0)
        """}, {("base.py", 3, "JG101")}, "TracerBoolConversionError"),
    "constructor_keyword_of_imported_class": ({"base.py": BASE, "step.py": """
        import jax
        from PKG import base


        @jax.jit
        def step(x, floor):
            return base.Scaler(2.0, floor=floor).apply(x)


        def main():
            return step(jax.numpy.ones(2), 0.0)
        """}, {("base.py", 3, "JG101")}, "TracerBoolConversionError"),
    "subclass_without_init": ({"base.py": BASE, "step.py": """
        import jax
        from PKG import base


        class Slow(base.Scaler):
            def half(self, x):
                return self.apply(x) / 2


        @jax.jit
        def step(x, rate):
            return Slow(rate).half(x)


        def main():
            return step(jax.numpy.ones(2), 1.0)
        """}, {("base.py", 3, "JG101")}, "TracerBoolConversionError"),
    "helper_imported_in_body": ({"helpers.py": """
        def clip(x):
            if x > 0:
                return x
            return -x
        """, "step.py": """
        import jax


        @jax.jit
        def step(x):
            from PKG.helpers import clip
            return clip(x)


        def main():
            return step(jax.numpy.float32(1.0))
        """}, {("helpers.py", 2, "JG101")}, "TracerBoolConversionError"),
    "three_modules_growing_shape": ({"a.py": """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def total(x):
            return jnp.sum(x)
        """, "b.py": """
        from PKG.a import total


        def summarize(x):
            return total(x) / x.shape[0]
        """, "step.py": """
        import jax.numpy as jnp
        from PKG.b import summarize


        def main(steps=4):
            return [summarize(jnp.ones(n)) for n in range(1, steps)]
        """}, {("b.py", 5, "JG303")}, "GROWS"),
    "three_modules_static_in_body_import": ({"a.py": """
        import jax
        from functools import partial


        @partial(jax.jit, static_argnums=1)
        def scale(x, n):
            return x * n
        """, "b.py": """
        from PKG.a import scale


        def grow(x, n):
            return scale(x, n)
        """, "step.py": """
        import jax.numpy as jnp


        def main(steps=4):
            from PKG.b import grow
            x = jnp.ones(3)
            for n in range(steps):
                x = grow(x, n)
            return x
        """}, {("b.py", 5, "JG302")}, "GROWS"),
}

LEGAL = {
    # the class built outside jit, with Python values: __init__ runs on floats
    "constructor_outside_jit": {"base.py": BASE, "step.py": """
        import jax
        from PKG.base import Scaler


        @jax.jit
        def step(x, scaler_rate):
            return x * scaler_rate


        def main():
            scaler = Scaler(1.0)
            return step(jax.numpy.ones(2), scaler.rate)
        """},
    # built in traced code with Python values only
    "constructor_with_constants": {"base.py": BASE, "step.py": """
        import jax
        from PKG.base import Scaler


        @jax.jit
        def step(x):
            return Scaler(2.0, floor=1.0).apply(x)


        def main():
            return step(jax.numpy.ones(2))
        """},
    # a subclass with its own __init__ that never compares: the base's is not run
    "subclass_own_init": {"base.py": BASE, "step.py": """
        import jax
        from PKG import base


        class Fixed(base.Scaler):
            def __init__(self, rate):
                self.rate = rate


        @jax.jit
        def step(x, rate):
            return Fixed(rate).apply(x)


        def main():
            return step(jax.numpy.ones(2), 1.0)
        """},
}


def _write(root: Path, pkg: str, files: dict[str, str]) -> None:
    folder = root / pkg
    folder.mkdir(parents=True)
    for name, text in {"__init__.py": "", **files}.items():
        (folder / name).write_text(textwrap.dedent(text).lstrip().replace("PKG", pkg))


def _lint(root: Path, pkg: str, *args: str) -> set[tuple[str, int, str]]:
    proc = run_jitguard(root, "check", "--output-format", "json", "-j", "1", *args, pkg,
                        no_cache="--cache-dir" not in args)
    assert proc.returncode in (0, 1), proc.stderr
    return {(Path(f["path"]).name, f["line"], f["code"]) for f in json.loads(proc.stdout)}


@pytest.mark.parametrize("case", sorted(CASES))
def test_cross_module_form_is_flagged_and_fails_under_jax(tmp_path, monkeypatch, case):
    files, expected, under_jax = CASES[case]
    pkg = f"xmr_{case}"
    _write(tmp_path, pkg, files)
    assert _lint(tmp_path, pkg) == expected
    cache = ("--cache-dir", str(tmp_path / "cache"))
    assert _lint(tmp_path, pkg, *cache) == expected  # cold cache
    assert _lint(tmp_path, pkg, *cache) == expected  # warm
    pytest.importorskip("jax")
    monkeypatch.syspath_prepend(str(tmp_path))
    main = importlib.import_module(f"{pkg}.step").main
    if under_jax == "GROWS":
        assert cold_compiles(main, 4) > cold_compiles(main, 2)
    else:
        with pytest.raises(Exception) as info:
            main()
        assert under_jax in {c.__name__ for c in type(info.value).__mro__}, repr(info.value)


@pytest.mark.parametrize("case", sorted(LEGAL))
def test_cross_module_look_alike_is_not_flagged_and_runs(tmp_path, monkeypatch, case):
    pkg = f"xmr_ok_{case}"
    _write(tmp_path, pkg, LEGAL[case])
    assert _lint(tmp_path, pkg) == set()
    pytest.importorskip("jax")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module(f"{pkg}.step").main()
