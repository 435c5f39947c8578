"""True look-alike of fresh8_private_jit_default_never_passed: a call of the module passes the
private jitted function's defaulted parameter, so it is traced in that trace.

``self._render_curve(..., 20)`` and ``_ramp(p, n=3)`` give ``jax.jit`` the parameter: it is a
tracer, and ``jnp.linspace``/``jnp.arange`` raise for a traced size (TypeError: the size must be
concrete; checked on JAX 0.10.2). A use of the name that is not a call (bound by
``functools.partial``, passed on) leaves the calls out of sight: the parameter stays traced.
"""

from functools import partial

import jax
import jax.numpy as jnp


class Renderer:
    @partial(jax.jit, static_argnums=(0,))
    def render(self, raster, p):
        return self._render_curve(raster, p, 20)

    @partial(jax.jit, static_argnums=(0,))
    def _render_curve(self, raster, p, num_segments=10):
        t = jnp.linspace(0.0, 1.0, num_segments + 1)  # expect: JG105
        return raster + jnp.sum(t) * p


@jax.jit
def _ramp(p, n=5):
    return jnp.arange(n).sum() * p  # expect: JG105


@jax.jit
def _steps(p, n=5):
    return jnp.arange(n).sum() * p  # expect: JG105


def ramp3(p):
    return _ramp(p, n=3)


steps_of = partial(_steps, n=3)


RAISES = [
    (lambda: Renderer().render(jnp.zeros(5), jnp.float32(1.0)), "TypeError"),
    (lambda: ramp3(jnp.float32(1.0)), "TypeError"),
    (lambda: steps_of(jnp.float32(1.0)), "TypeError"),
]
