"""A nested function staged by a transform only where the enclosing function's flag tested false
never traces the block that flag guards.

``lax.fori_loop`` (``lax.scan``, ``while_loop``, ``jit``) traces the function it is given when it
is called, and the closure reads the enclosing function's parameter then: staged only in the
``else`` of ``if report:`` (or after ``if report: ...; return``), the parameter is false in that
trace and ``if report:`` inside skips the formatting of a tracer (JAX 0.10.2: the same block
traced with the flag on raises TypeError, "unsupported format string passed to
DynamicJaxprTracer.__format__"). With the flag on, the same nested function runs eagerly in a
Python loop, on concrete arrays, where formatting works; with it off, the functions run under
``jit`` and ``vmap``. (``fresh18_true_flag_on_when_staged.py``: staged where the flag is on, or
with the flag rebound before the transform: raises.)

Seen as (held-out 18): a QP solver library's interior-point solvers, ``def _step(inputs): ...
if verbose: print(f"{jnp.linalg.norm(r, ord=jnp.inf):9.2e} ...")``, staged by
``jax.lax.while_loop(_cond, _step, init)`` in the ``else`` of ``if verbose:`` whose body runs
``while _cond(val): val = _step(val)`` (29 findings in one project).
"""

import jax
import jax.numpy as jnp


def relax(grid, sweeps=4, report=False):
    def sweep(i, g):
        new = 0.5 * (jnp.roll(g, 1) + jnp.roll(g, -1))
        if report:
            print(f"sweep {i}: change {jnp.max(jnp.abs(new - g)):.3e}")
        return new

    if report:
        out = grid
        for i in range(sweeps):
            out = sweep(i, out)
    else:
        out = jax.lax.fori_loop(0, sweeps, sweep, grid)
    return out


def accumulate(xs, *, show=False, scale=1.0):
    def body(total, x):
        total = total + scale * x
        if show:
            print(f"running total {total:8.3f}")
        return total, total

    if show and scale > 0:
        total = jnp.zeros(())
        for x in xs:
            total, _ = body(total, x)
        return total
    if show:
        raise ValueError("show needs a positive scale")
    return jax.lax.scan(body, jnp.zeros(()), xs)[0]


GRID = jnp.arange(6.0)
RUNS = [
    lambda: relax(GRID),
    lambda: jax.jit(relax)(GRID),
    lambda: jax.vmap(relax)(jnp.stack([GRID, GRID])),
    lambda: relax(GRID, report=True),
    lambda: jax.jit(accumulate)(GRID),
    lambda: accumulate(GRID, show=True),
    lambda: jax.vmap(accumulate)(jnp.stack([GRID, GRID])),
]
