"""JG301's eager control-flow and jitted-factory mechanisms (jitguard/lint/analysis/eagerloops.py):
each claim is run under real JAX (compiles counted for 2 and 4 runs), and the linter is checked to
flag the growing code and leave the look-alikes alone."""

from __future__ import annotations

import textwrap

import pytest

from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files

HEADER = """\
import functools
import jax
import jax.numpy as jnp
from jax import lax


def _cond(c):
    return c < 10.0


def _body(c):
    return c + 1.0

"""

CASES = {
    # name: (source, entry, grows)
    "while_lambda": ("""
def count(x):
    return lax.while_loop(lambda c: c < 10.0, lambda c: c + 1.0, x)  # flag


def run(n):
    x = jnp.float32(0.0)
    for i in range(n):
        x = count(x - 3.0)
    return x


if __name__ == "__main__":  # called from the top level only: runs eagerly
    run(8)
""", True),
    "scan_nested_def": ("""
def roll(x):
    def body(c, _):
        return c + 1.0, None
    return lax.scan(body, x, None, length=3)[0]  # flag


def run(n):
    x = jnp.float32(0.0)
    for i in range(n):
        x = roll(x)
    return x


if __name__ == "__main__":  # called from the top level only: runs eagerly
    run(8)
""", True),
    "switch_lambdas": ("""
def pick(x):
    return lax.switch(0, [lambda v: v + 1.0, lambda v: v - 1.0], x)  # flag


def run(n):
    x = jnp.float32(0.0)
    for i in range(n):
        x = pick(x)
    return x


if __name__ == "__main__":  # called from the top level only: runs eagerly
    run(8)
""", True),
    "bound_methods": ("""
class Solver:
    def _c(self, c):
        return c < 10.0

    def _b(self, c):
        return c + 1.0

    def solve(self, x):
        return lax.while_loop(self._c, self._b, x)  # flag


def run(n):
    s = Solver()
    x = jnp.float32(0.0)
    for i in range(n):
        x = s.solve(x - 3.0)
    return x


if __name__ == "__main__":  # called from the top level only: runs eagerly
    run(8)
""", True),
    "module_functions": ("""
def count(x):
    return lax.while_loop(_cond, _body, x)


def run(n):
    x = jnp.float32(0.0)
    for i in range(n):
        x = count(x - 3.0)
    return x
""", False),
    "under_jit": ("""
@jax.jit
def step(x):
    return lax.fori_loop(0, 3, lambda i, c: c + 1.0, x)


def run(n):
    x = jnp.float32(0.0)
    for i in range(n):
        x = step(x)
    return x
""", False),
    "called_once": ("""
def count(x):
    return lax.while_loop(lambda c: c < 10.0, lambda c: c + 1.0, x)


def run(n):
    x = count(jnp.float32(0.0))
    return x + n
""", False),
    "factory_decorated": ("""
def make_step(scale):
    @jax.jit
    def step(v):
        return v * scale
    return step


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        x = make_step(2.0)(x)  # flag
    return x
""", True),
    "factory_jit_call": ("""
def make_step(scale):
    def step(v):
        return v * scale
    return jax.jit(step)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        f = make_step(2.0)
        x = f(x)  # flag
    return x
""", True),
    "factory_once": ("""
def make_step(scale):
    @jax.jit
    def step(v):
        return v * scale
    return step


def run(n):
    x = jnp.ones(3)
    f = make_step(2.0)
    for i in range(n):
        x = f(x)
    return x
""", False),
    "factory_cached": ("""
@functools.cache
def make_step(scale):
    @jax.jit
    def step(v):
        return v * scale
    return step


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        x = make_step(2.0)(x)
    return x
""", False),
}


def _source(name: str) -> str:
    return HEADER + textwrap.dedent(CASES[name][0])


@pytest.mark.parametrize("name", sorted(CASES))
def test_b2_linted(tmp_path, name):
    source = _source(name)
    path = tmp_path / "example.py"
    path.write_text(source)
    [result] = lint_files([str(path)], LintOptions(frozenset({"JG301"})))
    assert not result.errors
    found = {f.line for f in result.findings if f.code == "JG301"}
    expected = {i for i, line in enumerate(source.splitlines(), 1) if line.rstrip().endswith("# flag")}
    assert found == expected


@pytest.mark.parametrize("name", sorted(CASES))
def test_b2_compiles_under_jax(name):
    pytest.importorskip("jax")
    from tests.jaxrun import cold_compiles

    namespace: dict = {}
    exec(compile(_source(name), f"<b2 {name}>", "exec"), namespace)
    run = namespace["run"]
    cold_compiles(run, 1)  # warm the small eager ops (jnp.float32, subtraction) once
    namespace2: dict = {}
    exec(compile(_source(name), f"<b2 {name}>", "exec"), namespace2)
    from tests.jaxrun import count_compiles
    import jax

    with count_compiles() as two:
        jax.block_until_ready(namespace2["run"](2))
    with count_compiles() as four:
        jax.block_until_ready(namespace2["run"](4))
    grows = four["n"] > two["n"]  # compiles that grow with the number of steps
    assert grows == CASES[name][1], (two["n"], four["n"])


_ENTRY = HEADER + textwrap.dedent("""
    def walk(x):
        def below(c):
            return c < x
        return lax.while_loop(below, lambda c: c + 1, 0)


    def many(xs):
        return [walk(x) for x in xs]
    """)


def test_a_function_another_file_names_is_not_claimed(tmp_path):
    # `many` is called from another module (a generator method, perhaps inside a jitted reset):
    # nothing shows it runs eagerly, so its loop's eager while_loop is not claimed.
    (tmp_path / "walks.py").write_text(_ENTRY)
    (tmp_path / "env.py").write_text("import jax\nfrom walks import many\n\n\n@jax.jit\ndef reset(xs):\n    return many(xs)\n")
    results = lint_files([str(tmp_path / "walks.py"), str(tmp_path / "env.py")], LintOptions(frozenset({"JG301"})))
    assert not any(r.errors or r.findings for r in results)


def test_a_driver_no_file_names_is_an_entry(tmp_path):
    # a function nothing in the checked tree calls, whose only parameter counts its loop (it makes
    # the arrays it steps): a driver run from Python (eager, one compile per call, like `run` of the
    # CASES above)
    source = _ENTRY + "\n\ndef drive(n):\n    return many([jnp.float32(k) for k in range(n)])\n"
    (tmp_path / "walks.py").write_text(source)
    [result] = lint_files([str(tmp_path / "walks.py")], LintOptions(frozenset({"JG301"})))
    assert [f.line for f in result.findings] == [source.splitlines().index("    return lax.while_loop(below, lambda c: c + 1, 0)") + 1]


def test_a_library_function_no_file_names_is_not_an_entry(tmp_path):
    # `many(xs)` takes its arrays as a parameter: a library function whose callers (outside the
    # tree) may run it inside their own jitted step, where its loop unrolls into one trace (review
    # s8 item 6): nothing shows it runs eagerly, so it is not claimed
    (tmp_path / "walks.py").write_text(_ENTRY)
    [result] = lint_files([str(tmp_path / "walks.py")], LintOptions(frozenset({"JG301"})))
    assert not result.findings
