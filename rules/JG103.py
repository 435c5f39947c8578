"""JG103 traced-truth-value: examples that must and must not be flagged."""

from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def both_positive(x, y):
    return x > 0 and y > 0  # expect: JG103


@jax.jit
def either(x, y):
    ok = x.sum() > 0 or y  # expect: JG103
    return jnp.where(ok, x, y)


@jax.jit
def negate(mask):
    return not mask  # expect: JG103


@jax.jit
def checked(x):
    assert x.ndim == 1
    assert jnp.all(x >= 0), "negative input"  # expect: JG103
    return jnp.sqrt(x)


@jax.jit
def clamp(x, lo):
    return max(x, lo)  # expect: JG103


@jax.jit
def any_positive(xs):
    return any(xs > 0)  # expect: JG103


@jax.jit
def ranked(a, b):
    return sorted([a, b])  # expect: JG103


def make_shape_guard(*expected):
    def guard(x):
        # a factory's function called from jitted code is staged: jnp.all of a Python bool is a tracer
        assert jnp.all(x.shape == expected)  # expect: JG103
        return x

    return guard


guard_3 = make_shape_guard(3)


@jax.jit
def guarded(x):
    return guard_3(x) * 2


@jax.jit
def listed(k):
    chosen = k in [1, 2]  # expect: JG103
    return jnp.int32(chosen)


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def shapes_and_none(x, y=None):
    assert x.ndim == 1 and x.shape[0] > 0
    if y is not None and y.shape == x.shape:
        x = x + y
    return x, max(x.shape[0], 1), min(len(x), 4)


@jax.jit
def array_logic(x, y):
    return jnp.logical_and(x > 0, y > 0), jnp.maximum(x, y), jnp.any(x > 0), ~(x > 0)


@partial(jax.jit, static_argnames=("mode",))
def static_mode(x, mode="train"):
    if mode == "train" and not x.ndim:
        return x
    return x * 2


@jax.jit
def sorted_keys(batch):
    return [batch[k] for k in sorted(batch.keys())], sorted(batch.items())[0][1]


@jax.jit
def collection_names(variables):
    # indexed by a string, so a dict (JAX arrays take no string index): sorted() gives its keys
    if "params" not in variables:
        raise ValueError(f"no params collection, only {sorted(variables)}")
    return variables["params"] * 2


@jax.jit
def by_length(xs):
    # with key=, Python compares what the key returns: lengths are static ints
    return sorted(xs, key=lambda v: v.shape[0])[0]


@jax.jit
def list_truthiness(x):
    parts = [x, x * 2]
    if parts:
        return parts[0]
    return x


def outside(x, y):
    assert x > 0
    return x > 0 and y > 0



class _Settings:
    pass


@jax.jit
def attribute_kinds(m):
    s = _Settings()
    s.m = m
    s.limit = 2.0
    bad = s.m < 0 or s.m > 10  # expect: JG103
    fine = s.limit > 1 or s.limit < 0  # a Python float assigned to the attribute: static
    return jnp.where(bad, 0.0, m) if fine else m



def make_static_guard(*expected):
    def guard(x):
        assert x.shape == expected  # shapes compared in Python: a Python bool
        return x

    return guard


static_guard_3 = make_static_guard(3)


@jax.jit
def never_equal(x):
    # a JAX array equals neither None nor a string (== gives False): a Python bool
    unknown = x in (None, "auto")
    return x * 2 if not unknown else x


@jax.jit
def statically_guarded(x):
    return static_guard_3(x) * 2


RAISES = [
    (lambda: guarded(jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: attribute_kinds(1.0), "TracerBoolConversionError"),
    (lambda: both_positive(jnp.float32(1.0), jnp.float32(2.0)), "TracerBoolConversionError"),
    (lambda: either(jnp.ones(2), jnp.zeros(2)), "TracerBoolConversionError"),
    (lambda: negate(jnp.bool_(True)), "TracerBoolConversionError"),
    (lambda: checked(jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: clamp(jnp.float32(1.0), 0.0), "TracerBoolConversionError"),
    (lambda: any_positive(jnp.ones(3)), "TracerBoolConversionError"),
    (lambda: ranked(jnp.float32(1.0), jnp.float32(2.0)), "TracerBoolConversionError"),
    (lambda: listed(1), "TracerBoolConversionError"),
]


class Link(eqx.Module):
    a_id: int


class Chain(eqx.Module):
    pos: jnp.ndarray
    links: dict

    def entity(self, id: int):
        assert id < self.pos.shape[0], "out of bounds"  # a Python int under filter_jit
        return self.pos[id]

    @eqx.filter_jit
    def step(self):
        # a list holds what it is extended with: Python fields stay Python values
        # (fresh11_list_of_filtered_fields.py)
        chosen = []
        chosen.extend(self.links[key] for key in sorted(self.links))
        return jnp.stack([self.entity(link.a_id) for link in chosen])


RUNS = [
    lambda: statically_guarded(jnp.ones(3)),
    lambda: shapes_and_none(jnp.ones(3), jnp.ones(3)),
    lambda: array_logic(jnp.ones(3), jnp.zeros(3)),
    lambda: static_mode(jnp.ones(2), mode="eval"),
    lambda: sorted_keys({"a": jnp.ones(2), "b": jnp.zeros(2)}),
    lambda: collection_names({"params": jnp.ones(2), "stats": jnp.zeros(2)}),
    lambda: by_length([jnp.ones(3), jnp.ones(2)]),
    lambda: list_truthiness(jnp.ones(2)),
    lambda: outside(1.0, 2.0),
    lambda: never_equal(jnp.ones(2)),
    lambda: Chain(jnp.ones((3, 2)), {0: Link(1), 1: Link(2)}).step(),
]
