# Report: markean/aimz#271 https://github.com/markean/aimz/issues/271
# Class: 5 (what reaches a traced position: a keyword the cached jit does not mark static)
# Rule: JG206
# Reduced: "`train_on_batch()` builds its jitted `SVI.update` wrapper once per model instance,
# deriving `static_argnames` from whatever non-array keyword arguments the first call happened to
# pass, and then reuses that wrapper"; a later call with a different non-array keyword raises.
# SVI.update is a one-line stand-in. Fix (the issue's): key the cached wrappers by the set of
# non-array argument names.
import jax
import jax.numpy as jnp


def svi_update(params, X, mode="full", scale=1.0):
    grad = X.mean(0) if mode == "full" else X[0]
    return params - 0.1 * scale * grad


# --- must be flagged ---


class Model:
    def __init__(self):
        self._update = None

    def train_on_batch(self, params, X, **kwargs):
        if self._update is None:
            static = tuple(k for k, v in kwargs.items() if not isinstance(v, jax.Array))
            self._update = jax.jit(svi_update, static_argnames=static)
        return self._update(params, X, **kwargs)  # expect: JG206


def bug():
    m = Model()
    p = m.train_on_batch(jnp.zeros(3), jnp.ones((4, 3)), scale=jnp.asarray(2.0))
    return m.train_on_batch(p, jnp.ones((4, 3)), mode="first")


# --- must not be flagged ---


class ModelFixed:
    def __init__(self):
        self._updates = {}

    def train_on_batch(self, params, X, **kwargs):
        static = tuple(sorted(k for k, v in kwargs.items() if not isinstance(v, jax.Array)))
        if static not in self._updates:
            self._updates[static] = jax.jit(svi_update, static_argnames=static)
        return self._updates[static](params, X, **kwargs)


def fixed():
    m = ModelFixed()
    p = m.train_on_batch(jnp.zeros(3), jnp.ones((4, 3)), scale=jnp.asarray(2.0))
    return m.train_on_batch(p, jnp.ones((4, 3)), mode="first")



RAISES = [(bug, "TypeError")]
RUNS = [fixed]
