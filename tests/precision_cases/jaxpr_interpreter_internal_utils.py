"""JAX's own machinery is not its array API: `jax.util.safe_map(f, xs)` (and the private
`jax._src.util.safe_map`) returns a Python list, and `jax.core`/`jax.extend` functions handle
jaxprs and abstract values. A jaxpr interpreter that runs inside a `lax.scan` body maps over the
equations of a jaxpr it built from the scan's tracers and tests the lists it gets: Python values,
never tracers.

Seen as: genjax `State.eval_jaxpr_state`: `invals = safe_map(env.read, eqn.invars)`, then
`list(invals) if invals else []`, reached from a scan body through `state(body_fun)(*values)` (here the interpreter is called
from the scan body directly).
"""

from dataclasses import dataclass

import jax
import jax.extend.core
import jax.numpy as jnp
from jax._src.util import safe_map

from tests.precision_cases._jaxpr_interpreter_stage import stage


@dataclass
class Collect:
    seen: dict

    def run_jaxpr(self, jaxpr, consts, args):
        env = {}

        def read(v):
            return v.val if isinstance(v, jax.extend.core.Literal) else env[v]

        safe_map(env.__setitem__, jaxpr.constvars, consts)
        safe_map(env.__setitem__, jaxpr.invars, args)
        for eqn in jaxpr.eqns:
            invals = safe_map(read, eqn.invars)
            values = list(invals) if invals else []
            self.seen[str(eqn.primitive)] = len(values)
            outvals = eqn.primitive.bind(*invals, **eqn.params)
            outvals = outvals if eqn.primitive.multiple_results else [outvals]
            for var, val in zip(eqn.outvars, outvals):
                env[var] = val
        return [env[v] for v in jaxpr.outvars]

    def eval(self, fn, *args):
        closed, (flat, _tree) = stage(fn)(*args)
        return self.run_jaxpr(closed.jaxpr, closed.consts, flat)


def step(c):
    return jnp.sin(c) + 1.0


def body(carry, x):
    (out,) = Collect({}).eval(step, carry)
    return out, x


def main():
    return jax.lax.scan(body, jnp.float32(0.0), jnp.arange(3.0))


RUNS = [main]
