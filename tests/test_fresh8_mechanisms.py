"""The JAX facts behind the fixes of the eighth held-out set's false findings (docs/precision.md,
"Eighth held-out set"), checked under the installed JAX, and the linter's answer on look-alikes
of each mechanism that differ from the case files in tests/precision_cases/.
"""

from __future__ import annotations

import textwrap

import pytest

from jitguard.lint.analysis import jaxapi
from tests.test_fresh2_mechanisms import _expected, _lint


# -- HOSTCALLBACK ----------------------------------------------------------------------------------


def test_host_callbacks_get_concrete_arrays_under_jit():
    jax = pytest.importorskip("jax")
    import numpy as np
    from jax.experimental import io_callback

    jnp = jax.numpy
    seen = {}

    def record(name):
        def callback(v):
            seen[name] = isinstance(v, jax.core.Tracer) or isinstance(jnp.mean(v), jax.core.Tracer)
            return np.asarray(int(jnp.sum(v[v > 0])), np.int32)
        return callback

    shape = jax.ShapeDtypeStruct((), jnp.int32)

    @jax.jit
    def f(x):
        jax.debug.callback(record("jax.debug.callback"), x)
        a = jax.pure_callback(record("jax.pure_callback"), shape, x)
        b = io_callback(record("jax.experimental.io_callback"), shape, x)
        return a + b

    assert int(f(jnp.arange(3.0))) == 6
    jax.effects_barrier()
    assert seen == dict.fromkeys(jaxapi.HOST_CALLBACKS, False)


CLOSURE = '''
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(x):
        y = x * 2

        def callback(v):
            m = jnp.mean(v) + y
            print(f"{m:.2f}")  # expect JG104: y is the trace's tracer, leaked into the callback

        jax.debug.callback(callback, x)
        return y
'''


def test_a_tracer_the_callback_closes_over_is_a_leaked_tracer(tmp_path):
    jax = pytest.importorskip("jax")
    namespace: dict = {}
    exec(textwrap.dedent(CLOSURE), namespace)
    with pytest.raises(Exception) as info:
        jax.block_until_ready(namespace["f"](jax.numpy.ones(3)))
        jax.effects_barrier()
    assert "UnexpectedTracerError" in str(info.value)
    assert _lint(tmp_path, closure=CLOSURE) == _expected("closure", CLOSURE)


# -- DEFAULTPRIVATE --------------------------------------------------------------------------------

PRIVATE = '''
    from functools import partial

    import jax
    import jax.numpy as jnp

    class Grid:
        @partial(jax.jit, static_argnums=(0,))
        def _cells(self, x, n=4):
            return x + jnp.zeros(n)  # expect JG105: Grid._cells(self, x, 3) passes n by hand

        @partial(jax.jit, static_argnums=(0,))
        def _rows(self, x, n=4):
            return x + jnp.zeros(n)  # expect JG105: a subclass's call passes n

        @partial(jax.jit, static_argnums=(0,))
        def _cols(self, x, n=4):
            return x + jnp.zeros(n)

        def run(self, x):
            return self._cells(x) + Grid._cells(self, x, 3) + self._rows(x) + self._cols(x)

    class Wide(Grid):
        def run(self, x):
            return self._rows(x, 8)

    @jax.jit
    def _fill(x, n=4):
        return x + jnp.zeros(n)  # expect JG105: passed on as a value, its calls are out of sight

    @jax.jit
    def public_fill(x, n=4):
        return x + jnp.zeros(n)  # expect JG105: importable, n is a latent traced size

    def run(x):
        return jax.tree.map(_fill, x) , public_fill(x)
'''


def test_private_defaults_are_held_only_when_every_call_is_in_sight(tmp_path):
    assert _lint(tmp_path, private=PRIVATE) == _expected("private", PRIVATE)


ACROSS = {
    "fills": '''
        from functools import partial

        import jax
        import jax.numpy as jnp

        @jax.jit
        def _fill(x, n=4):
            return x + jnp.zeros(n)  # expect JG105: widen() in another module passes n

        @jax.jit
        def _pad(x, n=4):
            return x + jnp.zeros(n)

        class Grid:
            @partial(jax.jit, static_argnums=(0,))
            def _cells(self, x, n=4):
                return x + jnp.zeros(n)  # expect JG105: a subclass in another module passes n

            def run(self, x):
                return self._cells(x) + _fill(x) + _pad(x)
    ''',
    "users": '''
        from fills import Grid, _fill

        def widen(x):
            return _fill(x, 8)

        class Wide(Grid):
            def run(self, x):
                return self._cells(x, 8)
    ''',
}


def test_private_defaults_stay_traced_when_another_module_imports_or_calls_the_function(tmp_path):
    expected = sorted(e for name, text in ACROSS.items() for e in _expected(name, text))
    assert _lint(tmp_path, **ACROSS) == expected
    # alone, every call of each is in sight
    assert _lint(tmp_path, fills=ACROSS["fills"]) == []


def test_private_uses_scan():
    from jitguard.lint.textscan import USED_ELSEWHERE, private_uses

    text = "from a import _fill, public\nimport b._impl\n\ndef f(g):\n    return g._step(1) + g.__len__() + _local(2)\n"
    assert private_uses(text, set()) == {USED_ELSEWHERE + n for n in ("_fill", "_impl", "_step")}
    assert private_uses(text, {"_step"}) == {USED_ELSEWHERE + n for n in ("_fill", "_impl")}
