"""The sub-series of each position in a season, aligned to end at the series' last element:
`x = y[i + n % s :: s]` for `i in range(s)`, `n` the series' length (here `y.size` of a 1-D
series, also `len(y)` or `y.shape[0]`). Each slice holds `len(range(i + n % s, n, s))` elements,
which is `n // s` for every `i` from 0 to `s - 1`: one shape, so the jitted smoother called on each
compiles once, however long the season. (The series here is a NumPy array: slicing a `jax.Array`
eagerly compiles its own small slice program per start index, a cost apart from the smoother's.)

Seen as: the twenty-first held-out set's time-series forecasting library (docs/precision.md,
"Twenty-first held-out set"): seasonal exponential smoothing that fits simple exponential
smoothing (a jitted function) to each seasonal sub-series (JG303 before).
"""

import jax
import numpy as np


@jax.jit
def smooth(x, alpha):
    level = x[0]
    for k in range(1, 3):
        level = alpha * x[-k] + (1 - alpha) * level
    return level


def seasonal(season_length):
    y = np.arange(23.0)
    n = y.size
    out = []
    for i in range(season_length):
        init_idx = i + n % season_length
        x = y[init_idx::season_length]
        out.append(smooth(x, 0.3))
    return out


def seasonal_len(season_length):
    y = np.arange(30.0).reshape(15, 2)
    return [smooth(y[n_i + len(y) % season_length::season_length], 0.5) for n_i in range(season_length)]


def seasonal_loop(season_length):
    y = np.arange(41.0)
    out = []
    for i in range(season_length):
        out.append(smooth(y[y.shape[0] % season_length + i::season_length], 0.1))
    return out


RUNS = [lambda: seasonal(4), lambda: seasonal_len(3), lambda: seasonal_loop(5)]
BOUNDED = [seasonal, seasonal_len, seasonal_loop]
