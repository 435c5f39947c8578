"""A method that jits a new function object on every call, defined in one module and run in a loop
in another (coordinax#785 across modules, the gap left by the 23rd batch in docs/recall.md): the
class's module records that its methods jit (``FileFacts.jitting_classes``), the importer is then
read with libcst and records the methods it runs again and again on new instances of the class
(``OutCall.repeats``, from ``shapes.imported_repeats``), and the class's module, seeded with them
(``REPEATED_SEED_KEY``), counts those methods among its repeated functions: JG301 reports the jit
in the method, naming the other module's loop.

The JAX fact (0.10.2): each call of such a method makes a new function object, jax.jit caches by
the function's identity, so the compiles grow with the loop's count (GROWS); the look-alike that
jits once in ``__init__`` compiles once however long the loop (BOUNDED). Both trees are run under
JAX, and linted cold and warm (the cache must give the same findings)."""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import run_jitguard

FRAMES = """
    import jax
    import jax.numpy as jnp


    class Rotation:
        def __init__(self, angle):
            self.angle = angle

        def transform(self, x):
            def rotate(v):
                return v * jnp.cos(self.angle)
            return jax.jit(jax.vmap(rotate))(x)  # the finding


    class Once:
        def __init__(self, angle):
            self.angle = angle
            self._fn = jax.jit(jax.vmap(lambda v: v * 2.0))

        def transform(self, x):
            return self._fn(x)
    """

# the loop, in another module: on an instance bound there, and through a parameter every caller
# fills with a new instance of the imported class
RUN = """
    import jax.numpy as jnp
    from PKG import frames
    from PKG.frames import CLASS


    def transform_batches(frame, n):
        x = jnp.ones((4, 3))
        for step in range(n):
            x = frame.transform(x)
        return x


    def direct(n):
        obj = frames.CLASS(0.3)
        x = jnp.ones((4, 3))
        for step in range(n):
            x = obj.transform(x)
        return x


    def main(n):
        transform_batches(CLASS(0.3), n)
        return direct(n)
    """


def _write(root: Path, pkg: str, klass: str, loop: bool = True) -> None:
    folder = root / pkg
    folder.mkdir(parents=True, exist_ok=True)
    run = RUN if loop else RUN.replace("for step in range(n):\n            x = ", "x = ")
    for name, text in {"__init__.py": "", "frames.py": FRAMES, "run.py": run}.items():
        (folder / name).write_text(textwrap.dedent(text).lstrip().replace("PKG", pkg).replace("CLASS", klass))


def _lint(root: Path, pkg: str, *args: str) -> list[tuple[str, int, str, str]]:
    proc = run_jitguard(root, "check", "--output-format", "json", "-j", "1", *args, pkg,
                        no_cache="--cache-dir" not in args)
    assert proc.returncode in (0, 1), proc.stderr
    return sorted((Path(f["path"]).name, f["line"], f["code"], f["message"]) for f in json.loads(proc.stdout))


def _finding_line() -> int:
    lines = textwrap.dedent(FRAMES).lstrip().splitlines()
    return next(i for i, line in enumerate(lines, 1) if "# the finding" in line)


def _compiles(root: Path, pkg: str, n: int) -> int:
    from tests.jaxrun import count_compiles

    import jax

    sys.path.insert(0, str(root))
    try:
        for name in [m for m in sys.modules if m == pkg or m.startswith(pkg + ".")]:
            sys.modules.pop(name)
        run = importlib.import_module(f"{pkg}.run")
    finally:
        sys.path.remove(str(root))
    jax.clear_caches()
    run.main(1)  # (the compiles that do not depend on the loop: jnp.ones, the first transform)
    with count_compiles() as box:
        jax.block_until_ready(run.main(n))
    return box["n"]


def test_a_method_that_jits_per_call_run_in_another_modules_loop_is_reported(tmp_path):
    pkg = "xr_rotation"
    _write(tmp_path, pkg, "Rotation")
    cold = _lint(tmp_path, pkg, "--cache-dir", str(tmp_path / "cache"))
    warm = _lint(tmp_path, pkg, "--cache-dir", str(tmp_path / "cache"))
    assert cold == warm == _lint(tmp_path, pkg)
    assert [(f, line, code) for f, line, code, _m in cold] == [("frames.py", _finding_line(), "JG301")]
    message = cold[0][3]
    assert "`Rotation.transform`" in message and "in a loop in `" in message and f"{pkg}/run.py" in message, message
    pytest.importorskip("jax")
    assert _compiles(tmp_path, pkg, 3) < _compiles(tmp_path, pkg, 6)  # GROWS with the loop


def test_the_method_reached_through_a_parameter_alone_is_reported(tmp_path):
    pkg = "xr_param"
    _write(tmp_path, pkg, "Rotation")
    run = tmp_path / pkg / "run.py"
    run.write_text(run.read_text().replace("    return direct(n)\n", "    return None\n"))
    found = _lint(tmp_path, pkg)
    assert [(f, code) for f, _line, code, _m in found] == [("frames.py", "JG301")]
    assert "in a loop in `transform_batches`" in found[0][3]


def test_the_jit_built_once_is_not_reported(tmp_path):
    pkg = "xr_once"
    _write(tmp_path, pkg, "Once")
    assert _lint(tmp_path, pkg) == []
    pytest.importorskip("jax")
    assert _compiles(tmp_path, pkg, 3) == _compiles(tmp_path, pkg, 6)  # BOUNDED


def test_a_method_called_once_per_run_is_not_reported(tmp_path):
    pkg = "xr_no_loop"
    _write(tmp_path, pkg, "Rotation", loop=False)
    assert _lint(tmp_path, pkg) == []


def test_the_warm_run_follows_an_edit_of_the_looping_module(tmp_path):
    pkg = "xr_edit"
    _write(tmp_path, pkg, "Rotation")
    cache = str(tmp_path / "cache")
    assert len(_lint(tmp_path, pkg, "--cache-dir", cache)) == 1
    _write(tmp_path, pkg, "Rotation", loop=False)  # the loops go: the finding goes, warm too
    assert _lint(tmp_path, pkg, "--cache-dir", cache) == []
    _write(tmp_path, pkg, "Rotation")
    assert len(_lint(tmp_path, pkg, "--cache-dir", cache)) == 1
