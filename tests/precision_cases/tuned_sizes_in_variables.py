"""A benchmark or tuning sweep over `itertools.product` of literal tuples kept in variables (one of
them chosen between two literal tuples by a flag) compiles once per point of that fixed grid, and
its inner loop over literal block sizes once per block: however long the program runs, the grid
does not grow. Static flags and array shapes taken from the grid's elements are bounded the same
way.

Seen as: jax's pallas `attention_mgpu.py` `main()`: `problem_it = itertools.product((1,), (4096,
32768), (64, 128, 256), schedule_barrier_opts, (False, True))` with `schedule_barrier_opts` set to
`(True, False)` or `(True,)`, then `attention_reference(q, k, v, causal=causal)` on arrays shaped
by the grid (JG302 and JG303 before).
"""

import functools
import itertools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=["causal"])
def attention_reference(q, k, v, causal=False):
    s = q @ jnp.swapaxes(k, -1, -2)
    if causal:
        s = jnp.tril(s)
    return (s @ v).sum()


def sweep(n, use_pipeline=False):
    if use_pipeline:
        barrier_opts = (True, False)
    else:
        barrier_opts = (True,)
    problem_it = itertools.product((1,), (4, 8), (2, 4), barrier_opts, (False, True))
    out = []
    for batch_size, seq_len, head_dim, _barrier, causal in problem_it:
        q = jnp.ones((batch_size, seq_len, head_dim))
        for _block in (4, 2):  # tuning points: the reference is the same program for each
            out.append(attention_reference(q, q, q, causal=causal))
    for _ in range(n):  # the steps after the sweep reuse one point of the grid
        out.append(attention_reference(q, q, q, causal=False))
    return out


RUNS = [lambda: sweep(2)]
BOUNDED = [sweep]
