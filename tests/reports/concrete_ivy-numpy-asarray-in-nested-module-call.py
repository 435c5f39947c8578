# Report: unifyai/ivy#16255 https://github.com/unifyai/ivy/pull/16255 ("remove numpy call from jax asarray": the PR's minimal example)
# Class: 4 (NumPy and Python on traced values, deeper: NumPy in a submodule's call, two calls away)
# Rule: JG104
# Reduced: a Flax module whose `__call__` starts with `x = np.asarray(x)` before its Dense layer,
# used three times as a submodule of another module (`self._linear0(x)` ... in `__call__`), the
# whole model applied under jit: the inner `np.asarray` receives a tracer
# (TracerArrayConversionError). "when we change `x = np.asarray(x)` to `x = jnp.asarray(x)` it
# works fine". Here the two modules are plain classes holding their weights (no Flax), built in
# `__init__` as the PR's `setup` builds them, and the model is applied by a jitted function.
import jax
import jax.numpy as jnp
import numpy as np


def dense_params(key, n_in, n_out):
    wkey, _ = jax.random.split(key)
    return jax.random.normal(wkey, (n_in, n_out)) * 0.1, jnp.zeros(n_out)


# --- must be flagged ---


class TestLinear:
    def __init__(self, key, n_in, out_size):
        self.w, self.b = dense_params(key, n_in, out_size)

    def __call__(self, x):
        x = np.asarray(x)  # expect: JG104
        return x @ self.w + self.b


class TestModule:
    def __init__(self, key, in_size, out_size, hidden_size=4):
        k0, k1, k2 = jax.random.split(key, 3)
        self._linear0 = TestLinear(k0, in_size, hidden_size)
        self._linear1 = TestLinear(k1, hidden_size, hidden_size)
        self._linear2 = TestLinear(k2, hidden_size, out_size)

    def __call__(self, x):
        x = jnp.expand_dims(x, 0)
        x = jnp.tanh(self._linear0(x))
        x = jnp.tanh(self._linear1(x))
        return jnp.tanh(self._linear2(x))[0]


def bug():
    model = TestModule(jax.random.PRNGKey(0), 2, 3)

    @jax.jit
    def apply(x):
        return model(x)

    return apply(jnp.array([0.1, 0.2]))


# --- must not be flagged ---


class TestLinearJnp(TestLinear):
    def __call__(self, x):
        x = jnp.asarray(x)
        return x @ self.w + self.b


class TestModuleJnp(TestModule):  # the same model (its __call__), built from the jnp layer
    def __init__(self, key, in_size, out_size, hidden_size=4):
        k0, k1, k2 = jax.random.split(key, 3)
        self._linear0 = TestLinearJnp(k0, in_size, hidden_size)
        self._linear1 = TestLinearJnp(k1, hidden_size, hidden_size)
        self._linear2 = TestLinearJnp(k2, hidden_size, out_size)


def fixed():
    model = TestModuleJnp(jax.random.PRNGKey(0), 2, 3)
    return jax.jit(lambda x: model(x))(jnp.array([0.1, 0.2]))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
