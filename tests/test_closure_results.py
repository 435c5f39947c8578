"""``jaxapi.CLOSURE_RESULTS``, checked against the installed JAX: each function there returns, at
the listed position of its tuple, a new function object on every call, and jitting that object
where the call runs per iteration compiles once per iteration, while one object jitted again and
again compiles once (JG301, ``rules/JG301.py``)."""

from __future__ import annotations

import pytest

jax = pytest.importorskip("jax")
jnp = jax.numpy

from jitguard.lint.analysis import jaxapi  # noqa: E402


def _transform(qualname: str):
    module, _, name = qualname.rpartition(".")
    return getattr(__import__(module, fromlist=[name]), name)


def _compiles(run) -> int:
    count = [0]

    def listen(event, **_kwargs):
        if event == "/jax/compilation_cache/compile_requests_use_cache":
            count[0] += 1

    jax.clear_caches()
    jax.monitoring.register_event_listener(listen)
    try:
        run()
    finally:
        jax.monitoring.unregister_event_listener(listen)
    return count[0]


def _energy(x):
    return jnp.sum(jnp.sin(x) * x)


@pytest.mark.parametrize("qualname", sorted(jaxapi.CLOSURE_RESULTS))
def test_the_closure_is_new_per_call_and_recompiles_under_jit(qualname):
    transform, position = _transform(qualname), jaxapi.CLOSURE_RESULTS[qualname]
    first = transform(_energy, jnp.ones(3))[position]
    again = transform(_energy, jnp.ones(3))[position]
    assert callable(first) and first is not again

    def per_iteration(n):
        def run():
            for k in range(n):
                closure = transform(_energy, jnp.full(3, float(k)))[position]
                jax.jit(closure)(jnp.ones(3) if qualname == "jax.linearize" else 1.0)
        return run

    def one_object(n):
        def run():
            closure = transform(_energy, jnp.ones(3))[position]
            for _ in range(n):
                jax.jit(closure)(jnp.ones(3) if qualname == "jax.linearize" else 1.0)
        return run

    assert _compiles(per_iteration(4)) > _compiles(per_iteration(2))
    assert _compiles(one_object(4)) == _compiles(one_object(2))
