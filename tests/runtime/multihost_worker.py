"""One process of a real multi-process JAX job, launched by test_multihost.py.

    python multihost_worker.py SCENARIO PROCESS_ID NUM_PROCESSES PORT

Runs ``jax.distributed.initialize`` against 127.0.0.1:PORT with gloo CPU collectives and
prints one JSON object per line (``{"event": ...}``) for the test to read.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback


def emit(**fields):
    print(json.dumps(fields, default=str), flush=True)


def main() -> int:
    scenario, pid, n, port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    if os.environ.get("MH_TMP"):  # this process's compile log (JITGUARD_LOG)
        os.environ["JITGUARD_LOG"] = os.path.join(os.environ["MH_TMP"], f"p{pid}.jsonl")
    import jax

    early = None
    if os.environ.get("MH_EARLY"):  # a function guarded before jax.distributed.initialize
        import jax.numpy as jnp

        import jitguard

        def total(x):
            return jnp.sum(x)

        early = jitguard.jit(total, on_excess="raise")
    jax.config.update("jax_cpu_collectives_implementation", "gloo")
    jax.distributed.initialize(coordinator_address=f"127.0.0.1:{port}", num_processes=n, process_id=pid)
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    import jitguard
    from jitguard.runtime import multihost

    mesh = Mesh(np.array(jax.devices()), ("batch",))
    sharding = NamedSharding(mesh, PartitionSpec("batch"))

    def global_batch(rows):
        """Each process contributes ``rows`` rows of ones: a global array over all processes."""
        return jax.make_array_from_process_local_data(sharding, np.ones((rows, 2), np.float32))

    def total(x):
        return jnp.sum(x)  # an all-reduce across the processes

    def total_plain(x):
        return jnp.sum(x)

    guarded = jitguard.jit(total, on_excess="raise")
    plain = jax.jit(total_plain)
    compiles = []
    jax.monitoring.register_event_duration_secs_listener(
        lambda event, d, **kw: compiles.append(kw.get("fun_name"))
        if event == "/jax/core/compile/backend_compile_duration" else None
    )

    emit(event="setup", wrapped=type(guarded) is not type(plain))  # False: jax.jit's own object
    try:
        if scenario in ("diverge_first", "diverge_later"):
            # The last process's batch is short: at the first call (every process compiles),
            # or after a full step (the others hit their cache and run the earlier program).
            short_step = 0 if scenario == "diverge_first" else 1
            for step in range(short_step + 1):
                rows = 3 if (step == short_step and pid == n - 1) else 4
                x = global_batch(rows)
                emit(event="shape", step=step, shape=list(x.shape))
                t = time.perf_counter()
                try:
                    value = float(guarded(x))
                except jitguard.DivergentCompileError as e:
                    emit(event="divergent", step=step, seconds=time.perf_counter() - t, message=str(e),
                         function=e.function, compile_index=e.compile_index, groups=e.groups)
                    if scenario == "diverge_later":
                        # The others are inside the earlier program's collective, waiting for
                        # this process: leave without jax.distributed.shutdown's barrier.
                        emit(event="done")
                        os._exit(0)
                    break
                emit(event="result", step=step, value=value)
            emit(event="stats", multihost=multihost.stats(), compiles=guarded.stats()["compiles"])
        elif scenario == "short_last":
            # The headline case: full batches, then a short last batch on one process
            # (MH_SHORT, default the last). The others hit their cache and block in the earlier
            # program's collective; the short process compiles. Nobody catches the error to
            # leave specially: it propagates and ends each process, as in a user's script.
            short = int(os.environ.get("MH_SHORT", n - 1))
            fn = plain if os.environ.get("MH_PLAIN") else early or guarded  # MH_PLAIN: under `jitguard run`
            steps = 3
            for step in range(steps):
                rows = 3 if (step == steps - 1 and pid == short) else 4
                x = global_batch(rows)
                t = time.perf_counter()
                try:
                    value = float(fn(x))
                except jitguard.DivergentCompileError as e:
                    emit(event="divergent", step=step, seconds=time.perf_counter() - t, message=str(e),
                         function=e.function, compile_index=e.compile_index,
                         cause=type(e.__cause__).__name__ if e.__cause__ else None,
                         stats=multihost.stats())
                    raise
                emit(event="result", step=step, value=value)
        elif scenario == "recover":
            # The short process catches the error, pads its batch to the full size and calls
            # again: its cache has that program, so it joins the collective the others are
            # blocked in, and everybody goes on (and shuts down) normally.
            short = n - 1
            for step in range(3):
                rows = 3 if (step == 2 and pid == short) else 4
                local = np.ones((rows, 2), np.float32)
                try:
                    value = float(guarded(jax.make_array_from_process_local_data(sharding, local)))
                except jitguard.DivergentCompileError as e:
                    emit(event="divergent", step=step, message=str(e))
                    padded = np.concatenate([local, np.zeros((4 - rows, 2), np.float32)])
                    value = float(guarded(jax.make_array_from_process_local_data(sharding, padded)))
                emit(event="result", step=step, value=value)
            emit(event="stats", multihost=multihost.stats())
        elif scenario == "slow_same":
            # Every process's last batch is short (the same new program everywhere), but
            # process 0 reaches it 3 s late: the others probe it (not in the call: wait), then
            # it compiles the same program. No alarm.
            for step in range(3):
                if step == 2 and pid == 0:
                    time.sleep(3.0)
                emit(event="result", step=step, value=float(guarded(global_batch(3 if step == 2 else 4))))
            emit(event="stats", multihost=multihost.stats())
        elif scenario == "lagging":
            # A global element-wise function (no collective: the processes need not keep
            # step), called from one place. Process 0's second call is a long cache hit that
            # computes; meanwhile process 1 reaches a new batch size, compiles and waits, and
            # probes process 0: it is at that call, but computing, not blocked in a
            # collective, so process 1 keeps waiting; process 0 then compiles the same
            # program. No alarm.
            @jitguard.jit(on_excess="raise")
            def spin(v, k):
                return jax.lax.fori_loop(0, k, lambda i, w: w * 1.0000001 + 1e-9, v)

            def run(v, k):
                return jax.block_until_ready(spin(v, k))  # the one call site

            x4 = global_batch(4)
            run(x4, 10)  # compile #1, on both
            k, took = 10**6, 0.0
            while took < 0.5 and k < 2**30:  # cache hits: how long an iteration takes here, now
                k *= 4
                t = time.perf_counter()
                run(x4, k)
                took = time.perf_counter() - t
            long_k = int(min(10.0 * k / took, 2**31 - 1))  # 3-10 s here, whatever the load
            emit(event="calibrated", k=k, took=took, long_k=long_k)
            for step, (rows, k) in enumerate(((4, long_k if pid == 0 else 10), (2, 10))):
                t = time.perf_counter()
                y = run(global_batch(rows), k)
                emit(event="result", step=step, shape=list(y.shape), seconds=time.perf_counter() - t)
            emit(event="stats", multihost=multihost.stats(), compiles=spin.stats()["compiles"])
        elif scenario == "explicit":
            # multihost.check_step before each call of a plain jax.jit function: full steps,
            # then a short last batch on the last process. Every process raises before the
            # call runs, so nobody is blocked and the job shuts down normally.
            for step in range(3):
                x = global_batch(3 if (step == 2 and pid == n - 1) else 4)
                t = time.perf_counter()
                try:
                    multihost.check_step(plain, x)
                except jitguard.DivergentCompileError as e:
                    emit(event="divergent", step=step, seconds=time.perf_counter() - t, message=str(e))
                    break
                emit(event="result", step=step, value=float(plain(x)), check_seconds=time.perf_counter() - t)
            emit(event="stats", multihost=multihost.stats())
        elif scenario == "same":
            # Every process has the same (varying) batch size: results and compiles as plain jax.jit.
            for step, rows in enumerate((4, 4, 2, 4, 2)):
                x = global_batch(rows)
                emit(event="result", step=step, guarded=float(guarded(x)), plain=float(plain(x)))
            emit(event="stats", compiles=guarded.stats()["compiles"],
                 wrapped=type(guarded) is not type(plain),
                 guarded_backend=compiles.count("jit(total)"),
                 plain_backend=compiles.count("jit(total_plain)"), multihost=multihost.stats())
            before = multihost.stats()
            for _ in range(20):  # cache hits: nothing published, nothing compared
                guarded(global_batch(4))
            # What a cache hit runs in Python: the profiler sees every Python frame (and the
            # C++ fast path of jax.jit runs none).
            x = global_batch(4)
            frames = {}
            for name, fn in (("guarded", guarded), ("plain", plain)):
                seen = []

                def profile(frame, event, arg, seen=seen):
                    if event == "call":
                        seen.append(frame.f_code.co_name)

                sys.setprofile(profile)
                try:
                    for _ in range(20):
                        fn(x)
                finally:
                    sys.setprofile(None)
                frames[name] = seen
            emit(event="hits", multihost=multihost.stats(), before=before, frames=frames)
            # Aggregation on process 0 (collectives: every process calls them).
            emit(event="report", text=jitguard.report(all_processes=True))
            out = os.environ.get("MH_TMP")
            if out:
                emit(event="gathered", entries=multihost.gather_log(os.path.join(out, "all.jsonl"), timeout=20))
        elif scenario == "local":
            # A host-local function (local arrays) and a global one that only process 0
            # compiles (no collective inside), then a global function every process compiles.
            @jitguard.jit(on_excess="raise")
            def local_scale(v):
                return v * 3.0

            @jitguard.jit(on_excess="raise")
            def global_double(v):
                return v * 2.0

            if pid == 0:
                emit(event="local", value=float(local_scale(jnp.ones(5)).sum()))
                t = time.perf_counter()
                y = global_double(global_batch(4))
                emit(event="global_alone", seconds=time.perf_counter() - t,
                     local_sum=float(np.asarray(y.addressable_shards[0].data).sum()))
            emit(event="result", value=float(guarded(global_batch(4))))
            emit(event="stats", multihost=multihost.stats())
        elif scenario == "abandoned":
            # The timeout's "not compiled there" verdict (docs/multihost.md, "Timeout"):
            # (a) a global program without collectives that process 0 alone runs, compiled
            # twice; (b) a global function (an all-reduce) whose first compile process 1
            # reaches long after process 0 gave up waiting for it, then a second program of it.
            import logging
            import warnings

            from jax._src.distributed import global_state

            records = []  # what the `jitguard` logger said
            handler = logging.Handler(logging.INFO)
            handler.emit = lambda record: records.append(record.getMessage())
            logging.getLogger("jitguard").addHandler(handler)
            timeout = float(os.environ["JITGUARD_MULTIHOST_TIMEOUT"])

            @jitguard.jit(on_excess="raise")
            def global_double(v):
                return v * 2.0

            @jitguard.jit(on_excess="raise")
            def late_total(v):
                return jnp.sum(v)

            def first_shard_sum(y):
                return float(np.asarray(y.addressable_shards[0].data).sum())

            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                if pid == 0:
                    sums = [first_shard_sum(global_double(global_batch(rows))) for rows in (4, 2)]
                    emit(event="alone", sums=sums, multihost=multihost.stats())
                global_state.client.wait_at_barrier("mh_abandoned_a", 300_000)
                if pid == 1:
                    time.sleep(2 * timeout + 3)  # process 0 gives up on it after `timeout`
                emit(event="late", values=[float(late_total(global_batch(rows))) for rows in (4, 2)],
                     compiles=late_total.stats()["compiles"])
            emit(event="stats", multihost=multihost.stats(), log=records,
                 warnings=[f"{w.category.__name__}: {w.message}" for w in caught])
        elif scenario == "plain_first":
            # No decorator: a plain jax.jit function, watched by `jitguard run`.
            x = global_batch(3 if pid == n - 1 else 4)
            try:
                emit(event="result", value=float(plain(x)))
            except Exception as e:
                emit(event="divergent", type=type(e).__name__, message=str(e))
        elif scenario == "variety":
            # (a) a host callback inside a global program: the same on every process;
            # (b) a static argument read from host-local data; (c) a closed-over host-local
            # constant: same arguments, different program.
            @jitguard.jit(on_excess="raise")
            def printed(v):
                jax.debug.print("sum {s}", s=v.sum())
                return v.sum()

            @jitguard.jit(static_argnames=("scale",), on_excess="raise")
            def scaled(v, scale):
                return v.sum() * scale

            offset = float(pid)  # differs between the hosts

            @jitguard.jit(on_excess="raise")
            def shifted(v):
                return v.sum() + offset

            x = global_batch(4)
            emit(event="result", name="printed", value=float(printed(x)))
            for name, call in (("scaled", lambda: scaled(x, scale=pid + 1)), ("shifted", lambda: shifted(x))):
                try:
                    emit(event="result", name=name, value=float(call()))
                except jitguard.DivergentCompileError as e:
                    emit(event="divergent", name=name, message=str(e), groups=e.groups)
            emit(event="stats", multihost=multihost.stats())
        elif scenario == "cost":
            # Per-compile cost of the check (docs/multihost.md): 20 new global programs, and
            # the digest of a bigger program (a 64-layer MLP) against its compile time.
            many = jitguard.jit(total, max_compiles=100, on_excess="raise")
            t = time.perf_counter()
            for rows in range(1, 21):
                many(global_batch(rows))
            loop = time.perf_counter() - t
            emit(event="cost", multihost=multihost.stats(), compiles=many.stats()["compiles"],
                 compile_seconds=many.stats()["compile_seconds"], loop_seconds=loop)

            def mlp(ws, v):
                for w in ws:
                    v = jnp.tanh(v @ w)
                return v.sum()

            ws = [jnp.ones((128, 128)) for _ in range(64)]
            lowered = jax.jit(mlp).lower(ws, jnp.ones((8, 128)))
            module = lowered.compiler_ir()
            t = time.perf_counter()
            multihost._digest(module, jax.devices())
            digest_s = time.perf_counter() - t
            t = time.perf_counter()
            lowered.compile()
            emit(event="big", digest_seconds=digest_s, compile_seconds=time.perf_counter() - t,
                 text_chars=len(module.operation.get_asm(enable_debug_info=False)))

            # One probe (what a compiling process does after waiting a second): process 0
            # asks every other process's watchdog, which finds no blocked call.
            from jax._src.distributed import global_state

            kv = multihost._KV(global_state.client)
            if pid == 0:
                t = time.perf_counter()
                silent = set()
                multihost._probe(kv, "jitguard/cost", "nofunction", tuple(range(n)), 1, 0,
                                 list(range(1, n)), silent)
                emit(event="probe", seconds=time.perf_counter() - t, trips=kv.trips, silent=len(silent))
            global_state.client.wait_at_barrier("cost_probe", 60_000)
        else:
            raise SystemExit(f"unknown scenario {scenario}")
    except Exception as e:  # report, then leave the job cleanly
        if scenario == "short_last":
            raise  # as a user's script would: the error ends the process
        emit(event="exception", type=type(e).__name__, message=str(e), tb=traceback.format_exc())
        if scenario == "diverge_later":  # the job is broken: skip the shutdown barrier
            emit(event="done")
            os._exit(0)
    if scenario != "recover":  # there JAX's own atexit handler shuts down, after jitguard's
        jax.distributed.shutdown()
    emit(event="done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
