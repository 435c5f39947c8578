"""True look-alike of fresh8_host_callback_runs_eagerly: a function given to a host callback
that staged code also calls directly runs in the trace there, and its ``jnp`` results are
tracers.

``log(x)`` in the jitted function runs ``log``'s body while tracing: ``f"{jnp.mean(v):.2f}"``
formats a tracer (TypeError), and ``int(jnp.sum(v))`` in a module-level function that is both a
callback and a helper raises ConcretizationTypeError (checked on JAX 0.10.2). (A callback that
reads a tracer of the enclosing function through its closure is also wrong: the tracer leaked,
and the run fails with UnexpectedTracerError; tests/test_fresh8_mechanisms.py.)
"""

import jax
import jax.numpy as jnp


@jax.jit
def logged(x):
    def log(v):
        print(f"{jnp.mean(v):.2f}")  # expect: JG104

    jax.debug.callback(log, x)
    log(x)
    return x


def report(v):
    return int(jnp.sum(v))  # expect: JG104


@jax.jit
def reported(x):
    jax.debug.callback(report, x)
    return report(x)


RAISES = [
    (lambda: logged(jnp.ones(3)), "TypeError"),
    (lambda: reported(jnp.ones(3)), "ConcretizationTypeError"),
]
