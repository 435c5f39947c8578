"""The JAX facts behind ``jitguard.lint.analysis.npparams`` (JAX 0.10.2, CPU): where a function
gets the caller's NumPy array as it is, and that a NumPy array indexed with a tracer raises."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import test_util

from jitguard.lint.analysis import npparams


def _recording():
    seen = []

    def f(*args):
        seen.append(tuple(type(a) for a in args))
        return jnp.sum(args[0] ** 2)

    return f, seen


@pytest.mark.parametrize("name", sorted(npparams.CALLS_AS_GIVEN))
def test_calls_as_given_hand_the_function_numpy_arrays(name):
    fn_pos, args_pos = npparams.CALLS_AS_GIVEN[name]
    f, seen = _recording()
    args = (np.ones(3),)
    call = [None] * (max(fn_pos, args_pos) + 1)
    call[fn_pos], call[args_pos] = f, args
    if name.endswith("check_jvp"):
        call[1] = lambda primals, tangents: jax.jvp(f, primals, tangents)
    elif name.endswith("check_vjp"):
        call[1] = lambda *primals: jax.vjp(f, *primals)
    kwargs = {"order": 1, "modes": ["rev"]} if name.endswith("check_grads") else {}
    getattr(test_util, name.rsplit(".", 1)[1])(*call, **kwargs)
    assert (np.ndarray,) in seen  # f(*args) on the arguments as given


def test_passing_transforms_leave_their_untraced_positions_alone():
    f, seen = _recording()
    jax.vmap(f, in_axes=(0, None))(jnp.ones((2, 3)), np.ones(3))
    jax.grad(f)(jnp.ones(3), np.ones(3))
    jax.value_and_grad(f)(jnp.ones(3), np.ones(3))
    assert all(types[1] is np.ndarray for types in seen)
    seen.clear()
    jax.jit(f)(jnp.ones(3), np.ones(3))
    assert seen[0][1] is not np.ndarray  # jit traces it


def test_a_numpy_array_indexed_with_a_loop_counter_raises():
    table = np.arange(3.0)
    with pytest.raises(jax.errors.TracerArrayConversionError):
        jax.lax.fori_loop(0, 3, lambda i, acc: acc + table[i], 0.0)  # noqa: JG104 - raises on purpose
