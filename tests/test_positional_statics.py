"""``jaxapi.POSITIONAL_STATICS``, checked against the installed JAX: each transform there reads
its static positions from the call's positional arguments only (a static argument passed by
keyword raises ValueError at the call), while ``jax.jit`` and ``jax.custom_jvp`` accept it by
keyword (JG201)."""

from __future__ import annotations

import functools

import pytest

jax = pytest.importorskip("jax")
jnp = jax.numpy

from jitguard.lint.analysis import jaxapi  # noqa: E402


def _scale(x, k):
    return x * k


def _wrapped(qualname: str, kw: str):
    module, _, name = qualname.rpartition(".")
    transform = getattr(__import__(module, fromlist=[name]), name)
    return transform(_scale, **{kw: (1,)})


@pytest.mark.parametrize("qualname", sorted(jaxapi.POSITIONAL_STATICS))
def test_static_by_keyword_raises(qualname):
    fn = _wrapped(qualname, jaxapi.POSITIONAL_STATICS[qualname])
    x = jnp.ones((1, 2))
    assert fn(x, 2).shape == (1, 2)  # positionally: fine
    with pytest.raises(ValueError):
        fn(x, k=2)


def test_jit_and_custom_jvp_take_static_by_keyword():
    assert jax.jit(_scale, static_argnums=(1,))(jnp.ones(2), k=2).shape == (2,)
    assert "jax.jit" not in jaxapi.POSITIONAL_STATICS

    @functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
    def f(x, k):
        return x * k

    f.defjvp(lambda k, p, t: (f(p[0], k), t[0] * k))
    assert f(jnp.ones(2), k=2).shape == (2,)


@pytest.mark.parametrize("outer", ["jax.jit", "jax.experimental.pjit.pjit"])  # (no jax.pjit in 0.10.2)
@pytest.mark.parametrize("qualname", sorted(jaxapi.POSITIONAL_STATICS))
def test_jit_stacked_over_it_passes_keywords_on(outer, qualname):
    """A jit stacked over the transform hands the call's arguments on as they came: the static
    argument by keyword (or left at its default) still reaches the inner transform as a keyword
    (or not at all), and it raises (JG201 follows the call through the stack of decorators)."""
    def scale(x, k=2):
        return x * k

    module, _, name = outer.rpartition(".")
    jit = getattr(__import__(module, fromlist=[name]), name)
    module, _, name = qualname.rpartition(".")
    transform = getattr(__import__(module, fromlist=[name]), name)
    fn = jit(transform(scale, **{jaxapi.POSITIONAL_STATICS[qualname]: (1,)}), static_argnums=(1,))
    x = jnp.ones((1, 2))
    assert fn(x, 3).shape == (1, 2)
    for call in (lambda: fn(x, k=3), lambda: fn(x)):
        with pytest.raises(ValueError):
            call()
