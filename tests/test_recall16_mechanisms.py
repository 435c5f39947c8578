"""The mechanisms of the recall session of 2026-12-06 (docs/recall.md, "fix-recall16"), each written
in shapes of our own (none keyed on the reports they came from: jax-md#249): the lines marked
``# flag`` get the code and nothing else is reported, and each program runs under JAX 0.10.2 as
its oracle says (a raised error, or it runs)."""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
import dataclasses
import functools
from functools import partial

import jax
import jax.numpy as jnp
import numpy as onp


@partial(jax.tree_util.register_dataclass, data_fields=["nodes"], meta_fields=["shape"])
@dataclasses.dataclass(frozen=True)
class Mesh:
    nodes: jax.Array
    shape: object


@jax.jit
def relax(mesh):
    return mesh.nodes * 0.5
"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG203: metadata arrays made anew by a helper the module runs more than once
    "helper_run_in_a_loop": ("JG203", """
        EXTENT = jnp.array([2.0, 3.0, 4.0])


        def refine(nodes, extent, h):
            mesh = Mesh(nodes, jnp.ceil(extent / h))
            return relax(mesh)  # flag


        def main():
            out = []
            for h in (0.5, 0.25):
                out.append(refine(jnp.zeros(3), EXTENT, h))
            return out
        """, "ValueError"),
    "numpy_arithmetic_at_two_sites": ("JG203", """
        SIDES = onp.array([4, 4])


        def build(nodes, sides):
            return relax(Mesh(nodes, sides * 2))  # flag


        def main():
            build(jnp.zeros(3), SIDES)
            return build(jnp.ones(3), SIDES)
        """, "ValueError"),
    "helper_run_once": (None, """
        EXTENT = jnp.array([2.0, 3.0, 4.0])


        def refine(nodes, extent, h):
            return relax(Mesh(nodes, jnp.ceil(extent / h)))


        def main():
            return refine(jnp.zeros(3), EXTENT, 0.5)
        """, None),
    "same_array_object_every_run": (None, """
        EXTENT = jnp.array([2.0, 3.0, 4.0])


        def refine(nodes, extent):
            return relax(Mesh(nodes, jnp.asarray(extent)))  # `jnp.asarray` of a JAX array returns it


        def main():
            refine(jnp.zeros(3), EXTENT)
            return refine(jnp.ones(3), EXTENT)
        """, None),
    "one_element_every_run": (None, """
        def refine(nodes, extent, h):
            return relax(Mesh(nodes, jnp.ceil(extent / h)))


        def main():
            refine(jnp.zeros(3), 2.0, 0.5)
            return refine(jnp.ones(3), 3.0, 0.5)
        """, None),
    "hashable_values_every_run": (None, """
        EXTENT = jnp.array([2.0, 3.0, 4.0])


        def refine(nodes, extent, h):
            return relax(Mesh(nodes, tuple(int(c) for c in onp.ceil(onp.asarray(extent) / h))))


        def main():
            refine(jnp.zeros(3), EXTENT, 0.5)
            return refine(jnp.ones(3), EXTENT, 0.5)
        """, None),
    # -- JG203: a loop body's tracer in a custom_jvp/custom_vjp nondiff_argnums slot
    "custom_jvp_slot_from_scan_xs_under_value_and_grad": ("JG203", """
        def clip_fwd(v, limit):
            return jnp.minimum(v, limit)


        clip = jax.custom_jvp(clip_fwd, nondiff_argnums=(1,))
        clip.defjvp(lambda limit, p, t: (clip(p[0], limit), t[0]))


        def body(v, limit):
            return clip(v, limit), None  # flag


        def objective(v, limits):
            out, _ = jax.lax.scan(body, v, limits)
            return out.sum()


        def main():
            return jax.value_and_grad(objective)(jnp.ones(3), jnp.ones((2, 3)))
        """, "UnexpectedTracerError"),
    "custom_vjp_slot_from_fori_carry_undifferentiated": ("JG203", """
        @functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
        def damp(v, rate):
            return v * rate


        damp.defvjp(lambda v, rate: (damp(v, rate), None), lambda rate, _r, g: (g * rate,))


        def body(i, state):
            v, rate = state
            return damp(v, rate), rate  # flag


        def main():
            return jax.lax.fori_loop(0, 3, body, (jnp.ones(3), 0.5))
        """, "UnexpectedTracerError"),
    "custom_jvp_slot_from_scan_carry_undifferentiated": (None, """
        def clip_fwd(v, limit):
            return jnp.minimum(v, limit)


        clip = jax.custom_jvp(clip_fwd, nondiff_argnums=(1,))
        clip.defjvp(lambda limit, p, t: (clip(p[0], limit), t[0]))


        def body(carry, _):
            return (clip(*carry), carry[1]), None


        def main():
            return jax.jit(lambda v: jax.lax.scan(body, (v, jnp.ones(3)), None, length=2)[0][0])(jnp.ones(3))
        """, None),
}

test_recall16_linted, test_recall16_under_jax = case_tests(CASES, PRELUDE, "recall16")


# -- JG203: a slice at a static position, on the Pythons the project supports
SLICED = """\
from functools import partial

import jax


@partial(jax.jit, static_argnums=1)
def rows(x, window):
    return x[window]


def head(x):
    return rows(x, slice(0, 2))
"""


def _slice_findings(folder, *args: str) -> list[tuple[int, str]]:
    import json
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "jitguard", "check", "--output-format", "json", *args, "m.py"],
                          cwd=folder, capture_output=True, text=True)
    assert proc.returncode in (0, 1), proc.stderr
    return [(f["line"], f["code"]) for f in json.loads(proc.stdout)]


def test_a_slice_at_a_static_position_is_reported_unless_the_project_requires_python_3_12(tmp_path):
    """Slices are unhashable before Python 3.12 (TypeError from ``hash``; JAX 0.10.2, which supports
    3.11, raises ValueError at the call: rules/JG203_slices.py). The finding follows the project's
    declared oldest Python (``[project] requires-python``), read with the configuration, and the
    result cache follows it too."""
    (tmp_path / "m.py").write_text(SLICED)
    flagged = [(12, "JG203")]
    assert _slice_findings(tmp_path, "--no-cache") == flagged  # nothing declared: every Python JAX supports
    for spec, expected in ((">=3.10", flagged), (">=3.11,<4", flagged), (">=3.12", []), (">=3.12,<4", []),
                           ("~=3.13", []), ("==3.12.*", [])):
        (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "m"\nrequires-python = "{spec}"\n')
        assert _slice_findings(tmp_path, "--no-cache") == expected, spec
    # with a [tool.jitguard] table, and through the cache: a changed floor is not served stale
    cache = str(tmp_path / "cache")
    (tmp_path / "pyproject.toml").write_text('[project]\nrequires-python = ">=3.11"\n[tool.jitguard]\nignore = []\n')
    assert _slice_findings(tmp_path, "--cache-dir", cache) == flagged
    (tmp_path / "pyproject.toml").write_text('[project]\nrequires-python = ">=3.12"\n[tool.jitguard]\nignore = []\n')
    assert _slice_findings(tmp_path, "--cache-dir", cache) == []


# -- JG304's decision, the facts behind it (docs/recall.md, "Weak-type churn, decided")
def test_weak_type_is_part_of_the_compile_key_and_feedback_compiles_twice():
    """XLA programs are keyed on the arguments' abstract values, ``weak_type`` included: a Python
    float and a weakly typed float32 array share one program, a strongly typed float32 array (JAX
    or NumPy) needs another, and a Python int a third. A running value that starts weak (a Python
    scalar, ``jnp.asarray(0.0)``) and is fed back from the jitted function's strongly typed result
    compiles exactly twice however many steps run; started strong, once. ``None`` on the first call
    and the result afterwards: twice as well."""
    import pytest

    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    import numpy as np

    from tests.jaxrun import cold_compiles

    one = jnp.float32(1.0)
    weak = jnp.asarray(0.0)
    x = jnp.ones(3)

    @jax.jit
    def bump(s):
        return s + 1

    @jax.jit
    def step(x, s):
        return x * 2.0, s + one

    def compiles(run) -> int:
        run_and_return = lambda: run() or 0  # noqa: E731 - cold_compiles waits on what it returns
        return cold_compiles(run_and_return)

    def calls(*values):
        return lambda: [bump(v) for v in values]

    def fed_back(start, steps):
        def run():
            s = start
            for _ in range(steps):
                _, s = step(x, s)
        return run

    assert weak.weak_type and not one.weak_type
    assert compiles(calls(1.0, weak)) == 1
    assert compiles(calls(1.0, one)) == 2
    assert compiles(calls(1.0, np.float32(1.0))) == 2
    assert compiles(calls(one, np.float32(1.0))) == 1
    assert compiles(calls(1.0, 1)) == 2
    @jax.jit
    def damped(x, a):
        a = 1.0 if a is None else a
        return x * a, one * a

    def none_then_result(steps):
        def run():
            a = None
            for _ in range(steps):
                _, a = damped(x, a)
        return run

    for steps in (2, 5, 50):
        assert compiles(none_then_result(steps)) == 2  # two tree structures: None, then an array
        assert compiles(fed_back(0.0, steps)) == 2
        assert compiles(fed_back(weak, steps)) == 2
        assert compiles(fed_back(one, steps)) == 1
