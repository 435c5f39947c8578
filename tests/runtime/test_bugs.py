"""Regression tests for the bugs of issue 13 (each failed on the code before the fix)."""

import dataclasses
import os
import subprocess
import sys
import textwrap
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jitguard
from jitguard.runtime import hooks

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_python(args, cwd, stdin=None, env=None):
    full_env = dict(os.environ, PYTHONPATH=REPO, JAX_PLATFORMS="cpu", **(env or {}))
    for var in ("JITGUARD", "JITGUARD_MAX_COMPILES", "JITGUARD_LOG"):
        full_env.pop(var, None)
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, input=stdin, capture_output=True, text=True, timeout=240, env=full_env,
    )


SNIPPET = """import jax.numpy as jnp, jitguard
f = jitguard.jit(lambda x: x, max_compiles=1)
f(jnp.ones(1)); f(jnp.ones(2))
print("survived")
"""


# ------------------------------------------------------------------ bug 1
@pytest.mark.parametrize("how", ["-c", "stdin", "-m"])
def test_warn_mode_in_main_does_not_crash(tmp_path, how):
    if how == "-c":
        proc = run_python(["-c", SNIPPET], tmp_path)
    elif how == "stdin":
        proc = run_python(["-"], tmp_path, stdin=SNIPPET)
    else:
        (tmp_path / "churny.py").write_text(SNIPPET)
        proc = run_python(["-m", "churny"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "survived" in proc.stdout
    assert "RecompilationWarning" in proc.stderr and "over max_compiles=1" in proc.stderr


# ------------------------------------------------------------------ bug 2
@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Layer:
    w: jax.Array
    act: str = dataclasses.field(metadata=dict(static=True))


def refused(fn, *calls):
    for args, kwargs in calls[:-1]:
        fn(*args, **kwargs)
    args, kwargs = calls[-1]
    with pytest.raises(jitguard.RecompilationError) as info:
        fn(*args, **kwargs)
    msg = str(info.value)
    assert "same signature as an earlier compile" not in msg
    return msg


def test_layout_only_changes_are_explained():
    seq = jitguard.jit(lambda xs: xs[0] + xs[1], max_compiles=1, on_excess="raise")
    a = jnp.ones(2)
    msg = refused(seq, (([a, a],), {}), (((a, a),), {}))
    assert "xs: container changed list → tuple" in msg and "always `tuple(xs)`" in msg

    layer = jitguard.jit(lambda l: l.w * 2, max_compiles=1, on_excess="raise")
    msg = refused(layer, ((Layer(a, "relu"),), {}), ((Layer(a, "gelu"),), {}))
    assert "l: pytree metadata changed ('relu',) → ('gelu',)" in msg

    def h(x, b):
        return x + b

    hh = jitguard.jit(h, max_compiles=1, on_excess="raise")
    msg = refused(hh, ((a, a), {}), ((a,), {"b": a}))
    assert "b: passed changed positional → keyword" in msg and "same way every time" in msg


def test_one_fix_for_leaves_that_churn_alike():
    f = jitguard.jit(lambda d: d, max_compiles=1, on_excess="raise")
    f({f"k{i}": jnp.ones(3) for i in range(5)})
    with pytest.raises(jitguard.RecompilationError) as info:
        f({f"k{i}": jnp.ones(4) for i in range(5)})
    msg = str(info.value)
    assert msg.count("fix:") == 1
    assert "The same holds for d['k1'], d['k2'], d['k3'], d['k4']." in msg


# ------------------------------------------------------------------ bug 3
def test_missing_jax_api_runs_unguarded_with_one_warning(tmp_path):
    # A jax without register_scalar_listener (jax < 0.6): the attribute is removed
    # before jitguard looks for it. The real old jax runs in benchmarks/jax_versions.sh.
    script = """
import warnings
import jax, jax.numpy as jnp
del jax.monitoring.register_scalar_listener
import jitguard
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    f = jitguard.jit(lambda x: x * 2, max_compiles=1, on_excess="raise")
    g = jitguard.guard(jax.jit(lambda x: x + 1), max_compiles=0, on_excess="raise")
    out = [float(f(jnp.ones(n)).sum()) for n in (1, 2, 3)] + [float(g(jnp.ones(2)).sum())]
assert out == [2.0, 4.0, 6.0, 4.0], out
msgs = [str(w.message) for w in caught]
assert len(msgs) == 1, msgs
assert "jax.monitoring.register_scalar_listener" in msgs[0] and "unguarded" in msgs[0], msgs
assert f.stats()["guarded"] is False and f.stats()["compiles"] == 0
print("ok")
"""
    proc = run_python(["-c", script], tmp_path)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-3000:]


# ------------------------------------------------------------------ bug 4
def test_missing_compile_start_event_is_reported_and_counted(monkeypatch, backend_compiles):
    monkeypatch.setattr(hooks, "COMPILE_START", "/no/such/event")
    monkeypatch.setattr(hooks, "_warned", set())

    @jitguard.jit(max_compiles=1, on_excess="raise")
    def no_start(x):
        return x + 3

    with pytest.warns(RuntimeWarning, match="without its start") as caught:
        no_start(jnp.ones(1))
    assert len([w for w in caught if "jitguard" in str(w.message)]) == 1
    with pytest.raises(jitguard.RecompilationError, match="over max_compiles=1"):
        no_start(jnp.ones(2))
    stats = no_start.stats()
    assert stats["compiles"] == 1 and stats["refused"] == 1
    np.testing.assert_array_equal(no_start(jnp.ones(1)), 4 * np.ones(1))


def test_moved_miss_frame_still_attributes(monkeypatch):
    monkeypatch.setattr(hooks, "MISS_FRAME", "no_such_frame")

    @jitguard.jit(max_compiles=1, on_excess="raise")
    def moved(x):
        return x * 4

    moved(jnp.ones(1))
    with pytest.raises(jitguard.RecompilationError, match="x: dim 0 changed 1 → 2"):
        moved(jnp.ones(2))
    assert moved.stats()["compiles"] == 1


def test_unattributable_compile_is_reported(monkeypatch):
    monkeypatch.setattr(hooks, "MISS_FRAME", "no_such_frame")
    monkeypatch.setattr(hooks, "JIT_INFO", "no_such_local")
    monkeypatch.setattr(hooks, "_warned", set())

    @jitguard.jit(max_compiles=0, on_excess="raise")
    def lost_track(x):
        return x * 5

    with pytest.warns(RuntimeWarning, match=r"lost_track.*not counted"):
        lost_track(jnp.ones(1))
    assert lost_track.stats()["compiles"] == 0


def test_install_names_what_is_missing(monkeypatch):
    monkeypatch.setattr(hooks, "MISS_FRAME", "no_such_frame")
    assert any("no_such_frame" in m for m in hooks.find_missing())
    monkeypatch.undo()
    assert hooks.find_missing() == []


# ------------------------------------------------------------------ bug 5
def test_persistent_cache_refused_executable_is_not_cached(tmp_path):
    script = f"""
import jax, jax.numpy as jnp
jax.config.update("jax_compilation_cache_dir", {str(tmp_path / "cache")!r})
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
import jitguard
f = jitguard.jit(lambda x: jnp.sin(x) * 2, max_compiles=1, on_excess="raise")
f(jnp.ones(2))
outcomes, messages = [], []
for attempt in range(2):
    try:
        f(jnp.ones(3))
        outcomes.append("ran")
    except jitguard.RecompilationError as e:
        outcomes.append("refused")
        messages.append(str(e))
assert outcomes == ["refused", "refused"], outcomes  # the retry is no persistent-cache hit
assert "not written to the persistent cache" in messages[0], messages[0]
s = f.stats()
assert s["refused"] == 2 and s["compiles"] == 1, s
assert [sig[0]["shape"] for sig in s["signatures"]] == [[2]], s["signatures"]
print("ok")
"""
    proc = run_python(["-W", "error::UserWarning", "-c", script], tmp_path)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stdout + proc.stderr[-3000:]


# ------------------------------------------------------------------ bug 6
def test_warmup_counts_nowhere_and_accepts_a_bare_spec():
    @jitguard.jit(max_compiles=0, on_excess="raise")
    def one_arg(x):
        return x - 1

    with jitguard.expect_compiles(at_most=0):
        one_arg.warmup(jax.ShapeDtypeStruct((3,), jnp.float32), jnp.ones(4))
    assert one_arg.stats()["warmup_compiles"] == 2
    one_arg(jnp.ones(3))
    one_arg(jnp.ones(4))
    assert one_arg.stats()["compiles"] == 0


@pytest.mark.jitguard(max_compiles=0)
def test_warmup_does_not_count_for_the_pytest_marker():
    f = jitguard.jit(lambda x: x + 9)
    f.warmup((jnp.ones(2),))


def test_aot_compile_is_counted_and_refused_after_freeze(backend_compiles):
    @jitguard.jit(max_compiles=1, on_excess="raise")
    def aot(x):
        return x * 6

    compiled = aot.lower(jnp.ones(2)).compile()
    np.testing.assert_array_equal(compiled(jnp.ones(2)), 6 * np.ones(2))
    assert aot.stats()["compiles"] == 1
    aot.freeze()
    with pytest.raises(jitguard.RecompilationError, match=r"freeze\(\)"):
        aot.lower(jnp.ones(5)).compile()
    assert aot.stats()["refused"] == 1


def test_window_wrapped_and_positional_fun():
    def body(x):
        return x

    w = jitguard.jit(body, window=(2, 3), on_excess="off")
    assert w.__wrapped__ is body
    assert jitguard.jit(body).__wrapped__ is body
    with pytest.raises(TypeError, match="positionally"):
        jitguard.jit(fun=body)


# ------------------------------------------------------------------ bug 7
def test_warn_once_per_reason_then_summary_at_exit(tmp_path):
    script = """
import warnings
import jax.numpy as jnp
import jitguard

@jitguard.jit(max_compiles=4)
def noisy(x):
    return x * 2

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for n in range(1, 41):
        noisy(jnp.ones(n))
    assert len(caught) == 1, len(caught)
    assert "compiled 5 times, over max_compiles=4" in str(caught[0].message)
    noisy(jnp.ones(3, jnp.int32))          # a new reason: the dtype
    assert len(caught) == 2 and "dtype changed" in str(caught[1].message)
    noisy(jnp.ones(4, jnp.int32))          # an int32 length change: dim 0 again
assert noisy.stats()["compiles"] == 42
print("done")
"""
    proc = run_python(["-c", script], tmp_path)
    assert proc.returncode == 0 and "done" in proc.stdout, proc.stderr[-3000:]
    assert "jitguard: excess compiles" in proc.stderr
    assert "noisy (<string>:6): 42 compiles, 38 over the limit, 36 not reported one by one" in proc.stderr
    assert "most churn: x dim 0 (40 values)" in proc.stderr


def test_warning_turned_error_refuses_every_excess_of_a_reason():
    f = jitguard.jit(lambda x: x * 8, max_compiles=1)
    f(jnp.ones(1))
    with warnings.catch_warnings():
        warnings.simplefilter("error", jitguard.RecompilationWarning)
        for n in (2, 3):  # the same reason twice: refused twice, not reported once
            with pytest.raises(jitguard.RecompilationWarning):
                f(jnp.ones(n))
    assert f.stats()["refused"] == 2 and f.stats()["compiles"] == 1
