"""jitguard.jit / guard on real jax.jit (CPU): counting, actions, explanations."""

import functools
import gc
import logging
import threading
import warnings
import weakref

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jitguard


def own(backend_compiles, name):
    return sum(1 for n in backend_compiles if n == f"jit({name})")


def test_counts_real_compiles_not_calls(backend_compiles):
    @jitguard.jit(on_excess="off")
    def add_one(x):
        return x + 1

    for n in (3, 3, 4, 3, 4, 5):
        add_one(jnp.ones(n))
    stats = add_one.stats()
    assert stats["compiles"] == 3 == own(backend_compiles, "add_one")
    assert "calls" not in stats  # not countable for free without window=
    assert [s[0]["shape"] for s in stats["signatures"]] == [[3], [4], [5]]
    assert stats["compile_seconds"] > 0 and stats["lower_seconds"] > 0


def test_results_unchanged_and_decorator_forms():
    def f(x, n):
        return x * n

    bare = jax.jit(f, static_argnums=1)
    a = jitguard.jit(f, static_argnums=1)
    b = jitguard.jit(static_argnames="n")(f)
    c = functools.partial(jitguard.jit, static_argnums=(1,), max_compiles=3)(f)
    x = jnp.arange(4.0)
    for g in (a, b, c):
        np.testing.assert_array_equal(g(x, 3), bare(x, 3))
        assert isinstance(g, jitguard.GuardedFunction)
    assert not isinstance(bare, jitguard.GuardedFunction)
    assert a.__name__ == "f"


def test_lower_trace_eval_shape_and_donation():
    @jitguard.jit(donate_argnums=0, on_excess="off")
    def double(x):
        return x * 2

    spec = jax.ShapeDtypeStruct((2, 3), jnp.float32)
    assert double.eval_shape(spec).shape == (2, 3)
    assert "mul" in str(double.trace(spec).jaxpr)
    assert "stablehlo" in double.lower(spec).as_text()
    np.testing.assert_array_equal(double(jnp.ones((2, 3))), 2 * np.ones((2, 3)))


def test_raise_before_compile(backend_compiles):
    @jitguard.jit(max_compiles=1, on_excess="raise")
    def strict(x):
        return x - 1

    strict(jnp.ones(2))
    with pytest.raises(jitguard.RecompilationError) as info:
        strict(jnp.ones(3))
    assert own(backend_compiles, "strict") == 1  # XLA never compiled the refused one
    msg = str(info.value)
    assert "strict" in msg and "max_compiles=1" in msg
    assert "test_core.py:" in msg  # the call site in user code
    assert "x: dim 0 changed 2 → 3" in msg
    assert strict.stats()["refused"] == 1 and strict.stats()["compiles"] == 1
    np.testing.assert_array_equal(strict(jnp.ones(2)), np.zeros(2))  # cached path still works


def test_warn_names_argument_path_and_bucket_fix():
    @jitguard.jit(max_compiles=2)
    def loss(batch):
        return batch["tokens"].sum()

    with pytest.warns(jitguard.RecompilationWarning) as caught:
        for length in (97, 100, 128, 131, 110, 120, 129):
            loss({"tokens": jnp.ones((2, length))})
    assert len(caught) == 1  # once per function and reason; the rest is summed up at exit
    last = str(caught[-1].message)
    assert "compiled 3 times, over max_compiles=2" in last
    assert "batch['tokens']: dim 1 changed 100 → 128" in last
    assert "3 distinct lengths 97..128 → pad to (128,): 1 compile instead of 3" in last
    assert caught[-1].filename == __file__  # points at the user's call
    assert loss.stats()["compiles"] == 7 and loss.stats()["excess"] == 5


def test_warning_filter_error_refuses_compile(backend_compiles):
    @jitguard.jit(max_compiles=1)
    def strict_warn(x):
        return x * 3

    strict_warn(jnp.ones(1))
    with warnings.catch_warnings():
        warnings.simplefilter("error", jitguard.RecompilationWarning)
        with pytest.raises(jitguard.RecompilationWarning):
            strict_warn(jnp.ones(2))
    assert own(backend_compiles, "strict_warn") == 1


def test_log_and_off(caplog):
    f = jitguard.jit(lambda x: x, max_compiles=0, on_excess="log")
    with caplog.at_level(logging.WARNING, logger="jitguard"):
        f(jnp.ones(1))
    assert "over max_compiles=0" in caplog.text
    g = jitguard.jit(lambda x: x, max_compiles=0, on_excess="off")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        g(jnp.ones(1))
    assert g.stats()["compiles"] == 1


def test_env_and_configure_override(monkeypatch):
    f = jitguard.jit(lambda x: x + 2, on_excess="off")  # default max_compiles=8
    monkeypatch.setenv("JITGUARD_MAX_COMPILES", "1")
    monkeypatch.setenv("JITGUARD", "raise")
    f(jnp.ones(1))
    with pytest.raises(jitguard.RecompilationError):
        f(jnp.ones(2))
    monkeypatch.delenv("JITGUARD")
    jitguard.configure(on_excess="warn")
    with pytest.warns(jitguard.RecompilationWarning):
        f(jnp.ones(3))
    with pytest.raises(ValueError, match="on_excess must be one of"):
        jitguard.configure(on_excess="explode")
    with pytest.raises(ValueError, match="on_excess must be one of"):
        jitguard.jit(lambda x: x, on_excess="loud")


def test_committed_change_is_counted_and_explained(backend_compiles):
    @jitguard.jit(max_compiles=1, on_excess="raise")
    def placed(x):
        return x * 5

    x = jnp.ones(4)
    placed(x)
    with pytest.raises(jitguard.RecompilationError, match=r"x: committed changed False → True") as info:
        placed(jax.device_put(x, jax.devices()[0]))
    assert "jax.device_put" in str(info.value)
    assert own(backend_compiles, "placed") == 1


def test_static_dtype_weak_and_structure_explanations():
    def run(fn, *calls):
        with pytest.warns(jitguard.RecompilationWarning) as caught:
            for args in calls:
                fn(*args)
        return str(caught[-1].message)

    static = jitguard.jit(lambda x, n: x * n, static_argnums=1, max_compiles=1)
    msg = run(static, (jnp.ones(2), 3), (jnp.ones(2), 4))
    assert "n: static value changed 3 → 4" in msg and "make it traced" in msg

    typed = jitguard.jit(lambda x: x, max_compiles=1)
    msg = run(typed, (jnp.ones(2, jnp.float32),), (jnp.ones(2, jnp.int32),))
    assert "x: dtype changed float32 → int32" in msg and ".astype(" in msg

    weak = jitguard.jit(lambda x: x * 2, max_compiles=1)
    msg = run(weak, (1.0,), (jnp.float32(1.0),))
    assert "x: weak type changed True → False" in msg

    tree = jitguard.jit(lambda d: sum(d.values()), max_compiles=1)
    msg = run(tree, ({"a": jnp.ones(1)},), ({"a": jnp.ones(1), "b": jnp.ones(1)},))
    assert "d['b']: new in the pytree" in msg and "pytree structure of d" in msg


def test_transformations_and_nesting_are_not_own_compiles():
    @jitguard.jit(max_compiles=0, on_excess="raise")
    def inner(x):
        return jnp.sin(x) * 2

    x = jnp.ones(3)
    jax.grad(lambda v: inner(v).sum())(x)
    jax.vmap(inner)(jnp.ones((2, 3)))
    jax.eval_shape(inner, x)
    outer = jax.jit(lambda v: inner(v) + 1)
    np.testing.assert_allclose(outer(x), np.sin(1.0) * 2 + 1, rtol=1e-6)
    assert inner.stats()["compiles"] == 0


def test_window_counts_calls_and_flags_churn():
    f = jitguard.jit(lambda x: x, max_compiles=100, window=(3, 5))
    assert isinstance(f, jitguard.GuardedFunction)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # compiles on calls 1, 2, 7, 9: never 3 compiles within 5 calls
        for n in (1, 2, 2, 2, 2, 2, 3, 3, 4):
            f(jnp.ones(n))
    with pytest.warns(jitguard.RecompilationWarning, match=r"3 of its last 5 calls"):
        f(jnp.ones(5))  # compiles on calls 7, 9, 10
    assert f.stats()["calls"] == 10


def test_warmup_then_no_compile_and_freeze(backend_compiles):
    @jitguard.jit(max_compiles=0, on_excess="raise")
    def served(x, y):
        return x @ y

    served.warmup(
        (jax.ShapeDtypeStruct((2, 3), jnp.float32), jax.ShapeDtypeStruct((3, 4), jnp.float32)),
        (jnp.ones((5, 3)), jnp.ones((3, 4))),
        {"x": jnp.ones((1, 3)), "y": jnp.ones((3, 1))},
    )
    before = own(backend_compiles, "served")
    assert before == 3
    served(jnp.ones((2, 3)), jnp.ones((3, 4)))
    served(np.ones((5, 3), np.float32), jnp.ones((3, 4)))
    served(x=jnp.ones((1, 3)), y=jnp.ones((3, 1)))
    assert own(backend_compiles, "served") == before
    stats = served.stats()
    assert stats["compiles"] == 0 and stats["warmup_compiles"] == 3
    served.freeze()
    jitguard.configure(max_compiles=100)
    with pytest.raises(jitguard.RecompilationError, match=r"freeze\(\)"):
        served(jnp.ones((7, 3)), jnp.ones((3, 4)))


def test_guard_existing_jitted_shares_executables(backend_compiles):
    def scale(x):
        return x * 7

    original = jax.jit(scale)
    x = jnp.ones(3)
    original(x)
    guarded = jitguard.guard(original, max_compiles=1, on_excess="raise")
    guarded(x)  # already compiled by the original: no new compile
    assert guarded.stats()["compiles"] == 0 and own(backend_compiles, "scale") == 1
    guarded(jnp.ones(4))
    with pytest.raises(jitguard.RecompilationError):
        guarded(jnp.ones(5))
    with pytest.raises(TypeError, match="needs a function returned by jax.jit"):
        jitguard.guard(scale)


def test_methods():
    class Model:
        def __init__(self, k):
            self.k = k

        @functools.partial(jitguard.jit, static_argnums=0, on_excess="off")
        def apply(self, x):
            return x * self.k

        @functools.partial(jitguard.jit, static_argnums=0, window=(2, 2), on_excess="off")
        def apply_w(self, x):
            return x + self.k

        def __hash__(self):
            return hash(self.k)

        def __eq__(self, other):
            return self.k == other.k

    m = Model(3)
    np.testing.assert_array_equal(m.apply(jnp.ones(2)), 3 * np.ones(2))
    np.testing.assert_array_equal(m.apply_w(jnp.ones(2)), 4 * np.ones(2))


def test_threads_exact_counts(backend_compiles):
    @jitguard.jit(max_compiles=1000, on_excess="off")
    def churn(x):
        return x * 2 + 1

    errors = []

    def work(t):
        try:
            for i in range(6):
                churn(jnp.ones(1 + (t * 6 + i) % 20))
        except Exception as e:  # pragma: no cover - surfaced below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    stats = churn.stats()
    assert stats["compiles"] == own(backend_compiles, "churn")
    assert 20 <= stats["compiles"]
    assert len({tuple(s[0]["shape"]) for s in stats["signatures"]}) == 20


def test_deleted_guard_is_collectable():
    f = jitguard.jit(lambda x: x * 11, on_excess="off")
    f(jnp.ones(2))
    state = weakref.ref(f.__jitguard__)
    ref = weakref.ref(f)
    del f
    gc.collect()
    assert ref() is None and state() is None


def test_report_table():
    @jitguard.jit(on_excess="off")
    def reported_fn(x):
        return x

    for n in (1, 2, 3):
        reported_fn(jnp.ones((n, 2)))
    table = jitguard.report()
    line = next(l for l in table.splitlines() if "reported_fn" in l)
    assert "x dim 0 (3 values)" in line
    assert line.split()[2:4] == ["3", "0"]
