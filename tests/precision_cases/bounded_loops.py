"""A loop over a fixed collection (a literal tuple or list, an Enum, `itertools.product` of
literals, the keys of a dict built once) compiles a bounded number of times, however long the
program runs: one compile per element, not per step. A new function per element is needed anyway
when each element is a different program (a different op, config or tuning point).

Seen as: chex `jax.pmap(fn)` for each op of a literal list; haiku `for axis_name in [None, 'i']`;
jax's pallas tuning loops over `itertools.product((4, 8, ...), (1024, ...))`, and
`attention_reference(q, k, v, causal=causal)` over literal sizes; neural-tangents
`{i: jit(partial(f, implementation=i)) for i in Implementation}`; jaxmarl
`{agent: jax.jit(jax.vmap(space(agent).sample)) for agent in self.agents}` built once in
`__init__`; dynamax `jit(lambda y: f(y, fields=fields))` for two literal field lists.
"""

import enum
import functools
import itertools

import jax
import jax.numpy as jnp


class Implementation(enum.Enum):
    JACOBIAN = 1
    NTK_VECTOR = 2
    STRUCTURED = 3


def kernel(x, scale, impl):
    return x * scale * impl.value


@functools.partial(jax.jit, static_argnames=["causal"])
def attention_reference(q, k, causal=False):
    s = q @ k.T
    if causal:
        s = jnp.tril(s)
    return s.sum()


def sweep(n):
    out = []
    for op in (jnp.sum, jnp.max, jnp.min):
        out.append(jax.jit(functools.partial(kernel, scale=2.0, impl=Implementation.JACOBIAN))(jnp.ones(2)))
        out.append(jax.jit(lambda x, op=op: op(x))(jnp.ones(2)))
    for size, causal in itertools.product((2, 4), (False, True)):
        q = jnp.ones((size, 3))
        out.append(attention_reference(q, q, causal=causal))
    for block, tile in itertools.product((1, 2), (8, 16)):

        @jax.jit
        def tuned(x):
            return x.reshape(block, -1).sum() * tile

        out.append(tuned(jnp.ones(16)))
    fns = {i: jax.jit(functools.partial(kernel, scale=1.0, impl=i)) for i in Implementation}
    for fields in (["mean", "cov"], ["mean"]):
        out.append(jax.jit(lambda y: {f: y for f in fields})(jnp.ones(2)))
    for _ in range(n):
        for fn in fns.values():
            out.append(fn(jnp.ones(2)))
    return out


class Sampler:
    def __init__(self, agents):
        self.agents = agents
        self.samplers = {agent: jax.jit(jax.vmap(self.space(agent).sample)) for agent in self.agents}

    def space(self, agent):
        return Space(len(agent))

    def sample(self, keys):
        return {agent: self.samplers[agent](keys) for agent in self.agents}


class Space:
    def __init__(self, n):
        self.n = n

    def sample(self, key):
        return jax.random.randint(key, (), 0, self.n)


def run_sampler(n):
    s = Sampler(["a", "bb"])
    return [s.sample(jax.random.split(jax.random.key(i), 4)) for i in range(n)]


RUNS = [lambda: sweep(2), lambda: run_sampler(2)]
BOUNDED = [sweep, run_sampler]
