"""Each element keeps its own kind: unpacking `zip(traced_list, static_list)`, iterating a dict
(its keys), or the keys of `.items()`, gives static values beside traced ones.

Seen as: chex `for x, expected in zip(inputs, expected_types): if expected in {...}`; jumanji
`for (direction, ems), (_, mask) in zip(d.items(), masks.items()): if direction == alt`; jax-md
`for k in kwargs: if k in combinators`.
"""

import jax
import jax.numpy as jnp
import numpy as np


def check_types(inputs, expected_types):
    if not isinstance(inputs, (list, tuple)):
        inputs = [inputs]
    if not isinstance(expected_types, (list, tuple)):
        expected_types = [expected_types] * len(inputs)
    errors = []
    for idx, (x, expected) in enumerate(zip(inputs, expected_types)):
        dtype = x.dtype
        if expected in {float, jnp.floating}:
            if not jnp.issubdtype(dtype, jnp.floating):
                errors.append(idx)
        else:
            expected = np.dtype(expected)
            if dtype != expected:
                errors.append(idx)
    if errors:
        raise AssertionError(errors)


@jax.jit
def checked(action):
    check_types(action, jnp.int32)
    return action + 1


def pairwise(ems, masks):
    out = []
    for (direction, e), (_, m) in zip(ems.items(), masks.items()):
        for (alt, a), (_, am) in zip(ems.items(), masks.items()):
            inc = e[:, None] <= a[None, :]
            if direction == alt:
                inc = inc.at[jnp.arange(e.shape[0]), jnp.arange(e.shape[0])].set(False)
            out.append(inc & jnp.outer(m, am))
    return out


@jax.jit
def intersections(x, y):
    return pairwise({"x": x, "y": y}, {"x": x > 0, "y": y > 0})


def species_params(kwargs, combinators):
    out = {}
    for k in kwargs:
        if k in combinators:
            out[k] = combinators[k](kwargs[k], kwargs[k])
        else:
            out[k] = kwargs[k]
    return out


@jax.jit
def energy(sigma, eps):
    params = species_params({"sigma": sigma, "eps": eps}, {"sigma": lambda a, b: 0.5 * (a + b)})
    return params["sigma"] * params["eps"]


RUNS = [
    lambda: checked(jnp.int32(3)),
    lambda: intersections(jnp.ones(3), -jnp.ones(3)),
    lambda: energy(jnp.ones(2), jnp.ones(2)),
]
