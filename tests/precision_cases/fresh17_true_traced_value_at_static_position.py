"""True (held-out 17): a parameter of a jitted function that is not static there is a tracer in
its trace, also under a `vmap` inside it; passing it on at a static position of another jitted
function asks JAX to hash a tracer, and the call raises (JAX 0.10.2: ValueError, "Non-hashable
static arguments are not supported"), however the outer function was called.

Seen as (held-out 17): jaxus `beamforming/beamform.py` (`das_beamform_transmit`, jitted with only
its last parameter static, `vmap`s `_beamform_pixel`, jitted the same way, which passes its traced
`f_number` to `get_f_number_mask`, jitted with `static_argnums=(2, 3)`: every call of the
package's delay-and-sum beamformer raises from that line).
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def aperture_weights(offsets, ratio):
    return jnp.where(jnp.abs(offsets) <= 0.5 / ratio, 1.0, 0.0)


@partial(jax.jit, static_argnums=(3,))
def focus_one(trace, offsets, ratio, coherent=False):
    weights = aperture_weights(offsets, ratio)  # expect: JG203
    return jnp.sum(trace * weights)


@partial(jax.jit, static_argnums=(4,))
def focus_all(trace, offsets, ratio, unused, coherent):
    return jax.vmap(focus_one, in_axes=(None, 0, None, None))(trace, offsets, ratio, coherent)


TRACE = jnp.ones(4)
OFFSETS = jnp.linspace(-1.0, 1.0, 12).reshape(3, 4)

RAISES = [(lambda: focus_one(TRACE, OFFSETS[0], 1.5), "ValueError"),
          (lambda: focus_all(TRACE, OFFSETS, 1.5, 0, False), "ValueError")]
