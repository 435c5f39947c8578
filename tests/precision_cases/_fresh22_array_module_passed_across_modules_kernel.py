"""The kernel module of `fresh22_array_module_passed_across_modules.py`: written for NumPy and JAX
alike, the array module a parameter defaulting to NumPy."""

import numpy as np


def kernel_weights(u, n, xp=np):
    inside = (u >= 0) & (u <= n - 1)
    i = xp.clip(xp.floor(u), 0, n - 2).astype(int)
    f = u - i
    edge = (i == 0) | (i == n - 2)
    a, g = -0.5, 1 - f
    wc = xp.stack([a * f * g * g, ((a + 2) * f - (a + 3)) * f * f + 1, ((a + 2) * g - (a + 3)) * g * g + 1,
                   a * g * f * f], -1)
    wl = xp.stack([xp.zeros_like(f), 1 - f, f, xp.zeros_like(f)], -1)
    w = xp.where(edge[..., None], wl, wc) * inside[..., None]
    idx = xp.clip(i[..., None] + xp.arange(-1, 3), 0, n - 1)
    return idx, w
