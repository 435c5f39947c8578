"""Cache-hit cost of the guard in a real multi-process job (2 local processes, gloo).

In a multi-process job ``jitguard.jit`` returns jax.jit's own object, as in one process:
a process blocked in a cache hit is found from the frame that called it, recorded on the
miss path (docs/multihost.md, "The cache-hit case"), so nothing of jitguard runs on a hit.
This script checks that (the guarded function's type is jax.jit's) and measures it per call
against bare ``jax.jit`` in the same run, with the earlier design's wrapper for comparison:

* ``bare``      jax.jit's own object (the floor; timed twice per round: ``A/A`` is the noise)
* ``guard``     jitguard.jit as shipped (jax.jit's own object, checked at the compiles)
* ``off``       jitguard.jit with JITGUARD_MULTIHOST=off (jax.jit's object; no check)
* ``wrapper``   the thin Python wrapper the guard used before (``def call(*args, **kwargs)``,
                ``n = next(calls)``, the call inside ``try``): what the current design saves

for four programs: ``allreduce`` (a sum over a global array: the all-reduce every
data-parallel step has), ``step16`` (16 global parameters updated with the mean of a
global batch: a small training step's dispatch, with an all-reduce), ``global-map`` (an
element-wise function of a global array: no collective) and ``local`` (``v + 1`` on 3
floats of this process: the cheapest dispatch there is).

Both processes run the same calls in the same order (a collective needs its peer): each
round times every variant once, in an order shuffled from round to round (seeded by the
round, so the same on both processes). Reported per
program and variant: the median per-call time of the variant, and its ratio to ``bare`` in
the same round (median, interquartile range, min-max over the rounds), the median of the
per-round differences in microseconds per call, and the fastest round of the variant and of
``bare`` (on a loaded machine the least disturbed estimate of a fixed cost), in thread CPU time
(the calling thread: dispatch; waiting for the peer and the collective's other threads
excluded) and wall time (what the step takes). ``A/A`` is bare against itself: its
distance from 1.00 is this run's noise.

Run from the repository root:  python benchmarks/multihost_hitpath.py [--rounds N] [--calls N]
(prints ``uptime`` first: the numbers mean little on a loaded machine without it).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

VARIANTS = ("bare", "bare2", "guard", "off", "wrapper")
PROGRAMS = ("allreduce", "step16", "global-map", "local")


def _wrapper(target):
    """The wrapper the guard returned in a multi-process job before (numbering the calls so
    that a probe could match a blocked call; its ``except`` clause named a blocked call's
    failure)."""
    calls = itertools.count()

    def call(*args, **kwargs):
        n = next(calls)  # noqa: F841 (what the probe read)
        try:
            return target(*args, **kwargs)
        except Exception:
            raise

    return call


def _variants(fn, bare, guard, off):
    """name -> callable, for one program (``bare``, ``guard`` and ``off`` made by the caller)."""
    import jax

    return {"bare": bare, "bare2": bare, "guard": guard, "off": off, "wrapper": _wrapper(jax.jit(fn))}


def _timed(made, args, rounds, count):
    """Per-call thread CPU and wall times of every variant, interleaved; each round in its own
    order, shuffled with the round's number as the seed (the same order on every process, as
    the collectives need; no variant always follows the same one)."""
    cpu = {v: [] for v in VARIANTS}
    wall = {v: [] for v in VARIANTS}
    for r in range(rounds):
        order = list(VARIANTS)
        random.Random(r).shuffle(order)
        for v in order:
            f = made[v]
            w0, t0 = time.perf_counter(), time.thread_time()
            for _ in range(count):
                f(*args)
            t1, w1 = time.thread_time(), time.perf_counter()
            cpu[v].append((t1 - t0) / count)
            wall[v].append((w1 - w0) / count)
    return {"calls": count, "cpu": cpu, "wall": wall}


def _worker(pid: int, n: int, port: int, rounds: int, calls: int, out: str) -> None:
    import jax

    jax.config.update("jax_cpu_collectives_implementation", "gloo")
    jax.distributed.initialize(coordinator_address=f"127.0.0.1:{port}", num_processes=n, process_id=pid)
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    import jitguard
    from jitguard.runtime import multihost

    mesh = Mesh(np.array(jax.devices()), ("batch",))
    batch = NamedSharding(mesh, PartitionSpec("batch"))
    replicated = NamedSharding(mesh, PartitionSpec())
    x = jax.make_array_from_process_local_data(batch, np.ones((4, 2), np.float32))
    params = {f"w{i}": jax.make_array_from_process_local_data(replicated, np.ones((2, 2), np.float32))
              for i in range(16)}

    def allreduce(v):
        return jnp.sum(v)

    def step16(p, v):
        g = jnp.mean(v)
        return {k: w - 0.01 * g for k, w in p.items()}

    def global_map(v):
        return v * 2.0

    def local(v):
        return v + 1.0

    programs = {
        "allreduce": (allreduce, (x,)),
        "step16": (step16, (params, x)),
        "global-map": (global_map, (x,)),
        "local": (local, (jnp.ones(3),)),
    }

    made = {}
    for name, (fn, args) in programs.items():
        bare = jax.jit(fn)
        guard = jitguard.jit(fn, max_compiles=100)
        os.environ["JITGUARD_MULTIHOST"] = "off"
        off = jitguard.jit(fn, max_compiles=100)
        off(*args)  # its compile: not compared (the switch is read at the compile too)
        del os.environ["JITGUARD_MULTIHOST"]
        assert type(guard) is type(bare) and type(off) is type(bare)  # jax.jit's own objects
        made[name] = _variants(fn, bare, guard, off)
        for f in made[name].values():
            jax.block_until_ready(f(*args))

    results = {name: _timed(made[name], args, rounds, calls if name != "local" else calls * 10)
               for name, (_, args) in programs.items()}
    with open(out, "w", encoding="utf-8") as f:  # not stdout: a full pipe would block the shutdown barrier
        json.dump({"pid": pid, "results": results, "multihost": multihost.stats(),
                   "guard_type": type(made["allreduce"]["guard"]).__name__}, f)
    jax.distributed.shutdown()


def _one_process(rounds: int, calls: int) -> dict:
    """The same variants on the cheapest dispatch (``v + 1``) in this one process (no job):
    the fixed cost of each, timed without a peer."""
    import jax
    import jax.numpy as jnp

    import jitguard

    def local(v):
        return v + 1.0

    guard = jitguard.jit(local, max_compiles=100)
    os.environ["JITGUARD_MULTIHOST"] = "off"
    off = jitguard.jit(local, max_compiles=100)
    del os.environ["JITGUARD_MULTIHOST"]
    bare = jax.jit(local)
    assert type(guard) is type(bare) and type(off) is type(bare)
    made = _variants(local, bare, guard, off)
    args = (jnp.ones(3),)
    for f in made.values():
        jax.block_until_ready(f(*args))
    return {"local": _timed(made, args, rounds, calls)}


def _quantiles(xs):
    xs = sorted(xs)
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return xs[0], q[0], q[1], q[2], xs[-1]


def _summary(pid, results: dict) -> list[str]:
    lines = [f"process {pid}"]
    for clock in ("cpu", "wall"):
        lines.append(f"  {clock} time per call (median) and ratio to bare in the same round "
                     "(median [IQR] {min-max}):")
        for name in [p for p in PROGRAMS if p in results]:
            r = results[name]
            bare = r[clock]["bare"]
            lines.append(f"    {name:<10} ({r['calls']} calls/round) bare {statistics.median(bare) * 1e6:8.2f} us")
            for v in VARIANTS[1:]:
                times = r[clock][v]
                ratios = [t / b for t, b in zip(times, bare)]
                lo, q1, med, q3, hi = _quantiles(ratios)
                delta = statistics.median([t - b for t, b in zip(times, bare)]) * 1e6
                label = "A/A" if v == "bare2" else v
                lines.append(f"      {label:<8} {statistics.median(times) * 1e6:8.2f} us  {med:5.3f} "
                             f"[{q1:5.3f}-{q3:5.3f}] {{{lo:5.3f}-{hi:5.3f}}}  {delta:+6.2f} us/call; "
                             f"fastest round {min(times) * 1e6:7.2f} us (bare {min(bare) * 1e6:7.2f})")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=31)
    parser.add_argument("--calls", type=int, default=200, help="calls per round and variant (local: 10x)")
    parser.add_argument("--json", help="also write the raw per-round times here")
    parser.add_argument("--one-process", action="store_true",
                        help="only the fixed cost: the variants on `v + 1` in this one process (no job)")
    parser.add_argument("--worker", nargs=3, type=int, metavar=("PID", "N", "PORT"), help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(*args.worker, args.rounds, args.calls, args.out)
        return 0
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    if args.one_process:
        print("\n".join(_summary("(one process, no job)", _one_process(args.rounds, args.calls * 10))))
        print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
        return 0
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONPATH": os.pathsep.join(
        p for p in (repo, os.environ.get("PYTHONPATH", "")) if p)}
    env.pop("JITGUARD_MULTIHOST", None)
    tmp = tempfile.mkdtemp(prefix="jitguard-hitpath-")
    files = [os.path.join(tmp, f"p{i}.json") for i in range(2)]
    logs = [open(os.path.join(tmp, f"p{i}.log"), "w+", encoding="utf-8") for i in range(2)]
    procs = [subprocess.Popen([sys.executable, os.path.abspath(__file__), "--rounds", str(args.rounds),
                               "--calls", str(args.calls), "--worker", str(i), "2", str(port),
                               "--out", files[i]],
                              stdout=logs[i], stderr=subprocess.STDOUT, text=True, env=env)
             for i in range(2)]
    out = []
    try:
        for i, p in enumerate(procs):
            p.wait(timeout=1800)
            if p.returncode != 0:
                logs[i].seek(0)
                print(logs[i].read()[-3000:], file=sys.stderr)
                return 1
            with open(files[i], encoding="utf-8") as f:
                out.append(json.load(f))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
        for log in logs:
            log.close()
        shutil.rmtree(tmp, ignore_errors=True)
    for o in out:
        print(f"process {o['pid']}: the guarded function is a {o['guard_type']} (jax.jit's own object)")
        print("\n".join(_summary(o["pid"], o["results"])))
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
