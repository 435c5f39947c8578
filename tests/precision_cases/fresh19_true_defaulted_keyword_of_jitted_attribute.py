"""True as soon as a caller passes the keyword: a method with a defaulted `kernel=None` is jitted and
kept as a public attribute (`self.blur = jax.jit(self._blur)`), whose calls in sight pass only the
image. Those traces take the default (`if kernel is None: return` ends them), but anyone holding the
object may call `blur(img, kernel)`, and then `kernel` is a tracer: a Python `if` on it raises
TracerBoolConversionError and `float()` of it ConcretizationTypeError. A second copy that binds a
NumPy kernel with `functools.partial` is legal (the bound keyword is a Python value in the trace).

Seen as: the nineteenth held-out set's lattice Boltzmann simulator (docs/precision.md, "Nineteenth
held-out set"): a stencil method with `weights=None`, jitted through `shard_map` as a public
attribute, and again with the weights bound by `functools.partial`. The policy for defaulted
parameters keeps such a keyword traced (a latent error), as in `true_latent_flags.py`.
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np


class Smoother:
    def __init__(self):
        self.blur = jax.jit(self._blur)
        self.blur_fixed = jax.jit(functools.partial(self._blur, kernel=np.array([0.5, 0.0, 0.25])))
        self.scale = jax.jit(self._scale)

    def _blur(self, img, kernel=None):
        out = img * 1.0
        if kernel is None:
            return out
        for shift, k in enumerate(kernel):
            if k == 0.0:  # expect: JG101
                continue
            out = out + k * jnp.roll(img, shift)
        return out

    def _scale(self, img, factor=None):
        if factor is None:
            return img
        return img * float(factor)  # expect: JG104


S = Smoother()

RUNS = [
    lambda: S.blur(jnp.arange(4.0)),
    lambda: S.blur_fixed(jnp.arange(4.0)),
    lambda: S.scale(jnp.arange(4.0)),
]

RAISES = [
    (lambda: S.blur(jnp.arange(4.0), jnp.array([0.5, 0.0, 0.25])), "TracerBoolConversionError"),
    (lambda: S.scale(jnp.arange(4.0), jnp.asarray(2.0)), "ConcretizationTypeError"),
]
