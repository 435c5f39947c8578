"""The true look-alike of `fresh21_aligned_seasonal_subseries.py`: the same start `i + n % s` without
the step (`y[i + n % s:]`, every tail from there on) holds `n - i - n % s` elements, one shape per
`i`, so the jitted smoother compiles once per position of the season.
"""

import jax
import jax.numpy as jnp


@jax.jit
def smooth(x, alpha):
    return alpha * x[-1] + (1 - alpha) * x[0]


def tails(season_length):
    y = jnp.arange(23.0)
    return [smooth(y[k + len(y) % season_length:], 0.3) for k in range(season_length)]  # expect: JG303


RUNS = [lambda: tails(4)]
GROWS = [tails]
