"""Per-call overhead of jitguard.jit against bare jax.jit on the cache-hit path.

Measures, in one process and interleaved (bare, guarded, bare, guarded, ...), the
median over rounds of (guarded time per call) / (bare time per call) for:

* a call with one array argument;
* a call with a 100-leaf pytree argument;
* both again with ``window=(3, 10)``, which counts calls (in C: functools.lru_cache(maxsize=0)).

Target: <= 1.02x for every case (issue 13). Run: python benchmarks/guard_overhead.py [--rounds N]

Times are CPU time of the calling thread by default (``--clock thread``): dispatch runs
on that thread, and time the process spends descheduled on a busy machine does not
count. ``--clock wall`` uses wall time. The "A/A" line times bare jax.jit against itself:
its distance from 1.000x is the noise floor of this run.
"""

from __future__ import annotations

import argparse
import statistics
import time

import jax
import jax.numpy as jnp

import jitguard


CLOCKS = {"thread": time.thread_time, "wall": time.perf_counter}
clock = time.thread_time


def per_call(fn, args, n):
    t0 = clock()
    for _ in range(n):
        fn(*args)
    return (clock() - t0) / n


def ratio(bare, guarded, args, rounds, n):
    jax.block_until_ready(bare(*args))
    jax.block_until_ready(guarded(*args))
    ratios, bare_times = [], []
    for _ in range(rounds):
        b = per_call(bare, args, n)
        g = per_call(guarded, args, n)
        ratios.append(g / b)
        bare_times.append(b)
    return statistics.median(ratios), statistics.median(bare_times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=41)
    parser.add_argument("--calls", type=int, default=2000, help="calls per round (1-array case)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="thread")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]

    def one(x):
        return x + 1

    def tree(t):
        return jax.tree_util.tree_map(lambda v: v * 2, t)

    x = (jnp.ones(8),)
    tree_args = ({f"p{i}": jnp.ones(4) for i in range(100)},)
    n_tree = max(args.calls // 10, 50)
    bare_one = jax.jit(one)
    cases = [
        ("A/A (bare, bare)", bare_one, bare_one, x, args.calls, 1.02),
        ("1 array", jax.jit(one), jitguard.jit(one), x, args.calls, 1.02),
        ("100-leaf pytree", jax.jit(tree), jitguard.jit(tree), tree_args, n_tree, 1.02),
        ("1 array, window", jax.jit(one), jitguard.jit(one, window=(3, 10)), x, args.calls, 1.02),
        ("100-leaf, window", jax.jit(tree), jitguard.jit(tree, window=(3, 10)), tree_args, n_tree, 1.02),
    ]
    print(f"jax {jax.__version__}, backend {jax.default_backend()}, {args.rounds} interleaved rounds, "
          f"{args.clock} clock")
    for name, bare, guarded, call_args, n, target in cases:
        r, t = ratio(bare, guarded, call_args, args.rounds, n)
        verdict = "ok" if r <= target else "OVER TARGET"
        print(f"{name:17s} bare {t * 1e6:8.2f} us/call   guarded/bare median {r:.3f}x   target <= {target:.2f}x  {verdict}")


if __name__ == "__main__":
    main()
