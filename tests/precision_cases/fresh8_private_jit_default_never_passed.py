"""A defaulted parameter of a decorated private jitted function that no call of the module
passes holds its Python default in every trace.

``jax.jit`` calls the function with the arguments a caller gives; a parameter left out takes its
Python default, a Python value in the trace: ``jnp.linspace(0.0, 1.0, num_segments + 1)`` gets
the size 11 (checked on JAX 0.10.2). A private function (``_name``, at module level or a method,
static or not) is the module's own to call: when every use of its name in the module is a call,
all its calls are in sight, and none passes ``num_segments``. (A public jitted function's
defaulted parameter stays traced, a latent error as soon as someone passes it:
tests/precision_cases/true_latent_flags.py.)

Seen as (held-out 8): an Atari-style renderer draws a sagging fishing line with
``@staticmethod @partial(jax.jit, static_argnums=(4,)) def _render_saggy_line_id(raster, p_start,
p_end, sag_amount, color_id, scale_factor, num_segments=10)``, called twice from ``lax.cond``
branches (``lambda r: self._render_saggy_line_id(r, start, end, sag, self.LINE_P1_ID, scale)``).
"""

from functools import partial

import jax
import jax.numpy as jnp


class Renderer:
    LINE_ID = 3

    @partial(jax.jit, static_argnums=(0,))
    def render(self, raster, p, apply):
        raster = jax.lax.cond(
            apply,
            lambda r: self._render_curve(r, p, p + 1.0, 2.0, self.LINE_ID, 0.5),
            lambda r: r,
            raster,
        )
        return self._shade(raster, p) + _ramp(p)

    @staticmethod
    @partial(jax.jit, static_argnums=(4,))
    def _render_curve(raster, p_start, p_end, sag, color_id, scale, num_segments=10):
        t = jnp.linspace(0.0, 1.0, num_segments + 1)
        pts = p_start + t * (p_end - p_start) * sag * scale
        return raster.at[color_id].add(jnp.sum(pts))

    @partial(jax.jit, static_argnums=(0,))
    def _shade(self, raster, p, steps=4, *, mode="flat"):
        if mode == "flat":
            return raster + jnp.zeros(steps).sum() * p
        return raster


@jax.jit
def _ramp(p, n=5):
    return jnp.arange(n).sum() * p


RUNS = [
    lambda: Renderer().render(jnp.zeros(5), jnp.float32(1.0), jnp.bool_(True)),
    lambda: Renderer()._shade(jnp.zeros(5), jnp.float32(1.0)),
    lambda: _ramp(jnp.float32(2.0)),
]
