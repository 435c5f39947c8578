"""True (held-out 18, look-alike of ``fresh18_flag_tested_before_staging.py``): a nested function
that formats a traced value under ``if report:``, staged by a transform where that flag may be
on, traces the formatting and raises (JAX 0.10.2: TypeError, "unsupported format string passed
to DynamicJaxprTracer.__format__"): staged in the ``if report:`` branch itself, or in the ``else``
of a test the enclosing function no longer holds because it rebinds the flag before the
transform runs, or in the ``else`` of a test of a list the enclosing function fills before the
transform runs (its truth changed in place: the closure reads the filled list at trace time).
"""

import jax
import jax.numpy as jnp


def relax_logged(grid, sweeps=4, report=False):
    def sweep(i, g):
        new = 0.5 * (jnp.roll(g, 1) + jnp.roll(g, -1))
        if report:
            print(f"sweep {i}: change {jnp.max(jnp.abs(new - g)):.3e}")  # expect: JG104
        return new

    if report:
        return jax.lax.fori_loop(0, sweeps, sweep, grid)
    return sweep(0, grid)


def accumulate_leveled(xs, show=False, level=0):
    def body(total, x):
        total = total + x
        if show:
            print(f"running total {total:8.3f}")  # expect: JG104
        return total, total

    if not show:
        show = level > 1
        return jax.lax.scan(body, jnp.zeros(()), xs)[0]
    return xs.sum()


def integrate_noted(xs, notes=()):
    notes = list(notes)
    if notes:
        raise ValueError("notes are added here")
    notes += ["start"]
    step = lambda i, acc: acc + xs[i] if not notes else _noisy(acc + xs[i])  # noqa: E731
    return jax.lax.fori_loop(0, xs.shape[0], step, jnp.zeros(()))


def _noisy(acc):
    print(f"{acc:8.3f}")  # expect: JG104
    return acc


def integrate_logged(xs, log):
    def body(total, x):
        total = total + x
        if log:
            print(f"{log[-1]}: {total:8.3f}")  # expect: JG104
        return total, total

    if log:
        return xs.sum()
    log.append("start")
    return jax.lax.scan(body, jnp.zeros(()), xs)[0]


GRID = jnp.arange(6.0)
RAISES = [
    (lambda: integrate_noted(GRID), "TypeError"),
    (lambda: integrate_logged(GRID, []), "TypeError"),
    (lambda: relax_logged(GRID, report=True), "TypeError"),
    (lambda: accumulate_leveled(GRID, level=2), "TypeError"),
]
