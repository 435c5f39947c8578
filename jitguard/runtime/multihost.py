"""Multi-process runs: catch a compile that differs between processes before it runs.

In a multi-controller JAX job (``jax.distributed.initialize``, one process per host) every
process must compile and run the same program for every computation over global arrays;
if one process compiles something else (its last batch is shorter, a static value comes
from host-local data) the collectives no longer match and the job hangs or computes wrong
numbers. Here every new compile of a guarded function whose program spans the devices of
several processes is compared, through the key-value store of the coordination service
that ``jax.distributed`` already runs, with the same compile on the other processes.

The protocol (docs/multihost.md has the reasoning, cost and limits):

* **Who is compared.** The program's device assignment (read from JAX's compile frame)
  names the processes whose devices it runs on: its *participants*. Only they must compile
  it, so only they are compared. A host-local program (all devices on this process) is never
  published: no key-value traffic, no wait, no deadlock.
* **Which compile is matched with which.** Per (function, participants) each process
  numbers its compiles 1, 2, 3, ... JAX requires every participant to run the same global
  computations in the same order, so compile #k of ``train_step`` on one process is compile
  #k of ``train_step`` on every other.
* **Round.** Under ``jitguard/mh/<function>/<participants>/<k>/`` a process publishes its
  digest (a hash of the lowered program text, without source locations, and its device
  assignment), records the digest in its catalog of programs compiled for this function,
  increments a counter and waits for the verdict key. The process whose increment completes
  the count reads every digest (one directory read) and writes the verdict: ``ok``, or the
  groups of processes that compiled each program. The verdict key is create-only, so every
  process acts on the same verdict, and a divergence raises on all of them.
* **Timeout** (``JITGUARD_MULTIHOST_TIMEOUT``, default 30 s). A missing process that never
  compiled this function over these processes does not run it: "not compiled there", the
  round is abandoned (logged) and the function is no longer compared. A missing process
  that compiled the function before, but never this program, answered the call from its
  cache: it is running an earlier program, so the round's verdict is a divergence. A
  missing process that is itself waiting in another round, entered later, is waited for
  once more (the earlier of two waits is extended, so two processes never wait for each
  other forever).
* **The cache-hit case.** A cache hit runs no jitguard code; the miss path records where
  each function is called (:mod:`jitguard.runtime.multihost_hits`). A compiling process
  that has waited ``JITGUARD_MULTIHOST_PROBE`` (1 s) asks the missing processes' watchdog
  threads whether a thread is blocked, idle, at such a call, answered from the cache; if
  every one asked is, the verdict is a divergence at once, the blocked processes are told
  why (their watchdog arms the blocked call so that its failure raises), and at exit the
  compiling process skips JAX's shutdown barrier so their collective fails. Only for
  programs on the CPU (the idle test's premise: there the calling thread computes); on
  other platforms nobody probes, no call is found blocked, and the timeout decides.
* **Explicit check.** :func:`check_step` compares a call's signature across processes
  before the call, on any backend.

Switch: ``JITGUARD_MULTIHOST=off`` disables it; ``raise``/``warn``/``log`` choose the action
on divergence; unset (or ``on``) follows the guard's own mode (``on_excess``, ``JITGUARD``),
and a guard whose mode is ``off`` is not compared. With one process, or before
``jax.distributed.initialize``, :func:`check` returns after one attribute lookup.

Importing this module does not import jax (``jitguard.DivergentCompileError`` lives here).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
import threading
import time
import warnings
from typing import Any, Sequence

from jitguard.runtime import multihost_hits as _hits
from jitguard.runtime.errors import RecompilationWarning

logger = logging.getLogger("jitguard")

ENV = "JITGUARD_MULTIHOST"
ENV_TIMEOUT = "JITGUARD_MULTIHOST_TIMEOUT"
ENV_PROBE = "JITGUARD_MULTIHOST_PROBE"
DEFAULT_TIMEOUT = 30.0
DEFAULT_PROBE = 1.0  # seconds a compiling process waits for the others before it asks them
PROBE_EVERY = 1.0  # then it asks again after 1, 2, 4, ... seconds (at most timeout / 4)
PROBE_REPLY = 2.0  # seconds to wait for the answers to one probe
PROBE_SAMPLES = (0.1, 0.1)  # a call is "blocked" when it is the innermost frame at three samples
PREFIX = "jitguard/mh"
REPORT_PREFIX = "jitguard/report"
MAX_SIGNATURE_CHARS = 16_000  # readable signature published per compile, at most
MAX_CATALOGS = 32  # after a timeout, missing processes whose compiled programs are read
_OFF = ("off", "0", "false", "no")


class DivergentCompileError(RuntimeError):
    """Processes of one multi-process job compiled different programs for the same call.

    Raised (guard mode ``raise``) on every process that compiled, before XLA compiles, so
    the mismatched program never runs there. A process that answered the call from its
    cache instead is blocked in that program's collective: the compiling process finds it
    (a probe of its watchdog thread) and, when it leaves, the blocked call fails and raises
    this error from that failure, at the call (docs/multihost.md, "The cache-hit case").
    ``function`` is the function's name, ``compile_index`` this process's compile number
    of it (0 in a blocked process), ``groups`` maps each program's digest
    (``cached:...`` for the blocked processes' calls) to the processes running it.
    """

    def __init__(self, message: str, *, function: str = "", compile_index: int = 0,
                 groups: dict[str, list[int]] | None = None) -> None:
        super().__init__(message)
        self.function = function
        self.compile_index = compile_index
        self.groups = groups or {}


class DivergentCompileWarning(RecompilationWarning):
    """The divergence, reported as a warning (the guard's mode is ``warn``)."""


_lock = threading.Lock()
_sequence: dict[tuple[str, tuple[int, ...]], int] = {}
_unaligned: set[tuple[str, tuple[int, ...]]] = set()
_report_rounds = 0
_warned: set[str] = set()
_names: dict[str, str] = {}  # function id -> its name, for the errors of blocked calls
_stats = {"checks": 0, "local": 0, "round_trips": 0, "seconds": 0.0, "rpc_seconds": 0.0,
          "digest_seconds": 0.0, "timeouts": 0, "divergent": 0, "probes": 0, "probe_trips": 0,
          "blocked": 0, "busy": 0}


def stats() -> dict[str, Any]:
    """Counts of this process's checks: ``checks`` (compiles compared), ``local``
    (host-local compiles, never published), ``round_trips`` (key-value calls), ``seconds``
    (time in the checks, waiting for the others included), ``rpc_seconds`` (in the calls
    that do not wait), ``digest_seconds`` (hashing the programs), ``timeouts``, ``divergent``,
    ``probes`` (times this process asked the processes it waited for what they were doing),
    ``probe_trips`` (the key-value calls of those probes, included in ``round_trips``) and
    ``blocked`` (calls of this process, blocked in a program it had compiled before, that
    raised DivergentCompileError because another process compiled a new one) and ``busy``
    (probe answers of processes found at a call of the function but computing: not
    blocked, so not taken for a divergence)."""
    with _lock:
        return dict(_stats)


def client() -> Any:
    """The coordination-service client of ``jax.distributed``, or None (one process).

    There is no public accessor in jax 0.10.2; ``jax._src.distributed.global_state.client``
    is what ``jax.experimental.multihost_utils`` itself uses. Never imports jax."""
    dist = sys.modules.get("jax._src.distributed")
    if dist is None:
        return None
    state = getattr(dist, "global_state", None)
    c = getattr(state, "client", None)
    if c is None or getattr(state, "num_processes", 1) <= 1:
        return None
    return c


def _action(state: Any) -> str:
    env = os.environ.get(ENV, "").strip().lower()
    if env in _OFF:
        return "off"
    if env in ("raise", "warn", "log"):
        return env
    if env not in ("", "on", "1", "true", "yes"):
        _warn_once(ENV, f"jitguard: ignoring {ENV}={env!r}; expected on|off|raise|warn|log.")
    from jitguard.runtime import settings

    return settings.action(getattr(state, "on_excess", "warn"))


def _probe_after() -> float | None:
    env = os.environ.get(ENV_PROBE, "").strip().lower()
    if not env:
        return DEFAULT_PROBE
    if env in _OFF:
        return None
    try:
        value = float(env)
        if value > 0:
            return value
    except ValueError:
        pass
    _warn_once(ENV_PROBE, f"jitguard: ignoring {ENV_PROBE}={env!r}; expected seconds > 0 or off.")
    return DEFAULT_PROBE


def _timeout() -> float:
    env = os.environ.get(ENV_TIMEOUT, "").strip()
    if env:
        try:
            value = float(env)
            if value > 0:
                return value
        except ValueError:
            pass
        _warn_once(ENV_TIMEOUT, f"jitguard: ignoring {ENV_TIMEOUT}={env!r}; expected seconds > 0.")
    return DEFAULT_TIMEOUT


def _warn_once(key: str, message: str) -> None:
    if key not in _warned:
        _warned.add(key)
        warnings.warn(message, RuntimeWarning, stacklevel=4)


# ------------------------------------------------------------------ the program

def _program(frame: Any) -> tuple[Any, Any] | None:
    """(lowered module, device assignment) of the compile in progress on this thread.

    JAX records the compile-start event inside ``pxla._cached_compilation(computation, name,
    ..., da, ...)``; its frame is a few levels above the listener (checked on jax 0.10.2)."""
    f, depth = frame, 0
    while f is not None and depth < 40:
        code = f.f_code
        if code.co_name == "_cached_compilation" and code.co_filename.endswith("pxla.py"):
            local = f.f_locals
            if "computation" in local and "da" in local:
                return local["computation"], local["da"]
            return None
        f, depth = f.f_back, depth + 1
    return None


def _digest(module: Any, devices: Sequence[Any]) -> str:
    """Hash of the program text (without source locations) and of where it runs."""
    h = hashlib.sha256()
    try:
        text = module.operation.get_asm(enable_debug_info=False)
    except Exception:
        text = str(module)
    h.update(text.encode())
    h.update(("|" + ",".join(str(d.id) for d in devices)).encode())
    return h.hexdigest()[:24]


def _function_id(state: Any) -> str:
    """Stable across hosts: the qualified name and the defining file's base name and line."""
    where = str(getattr(state, "defined_at", ""))
    path, _, line = where.rpartition(":")
    text = f"{getattr(state, 'name', '?')}|{os.path.basename(path)}:{line}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _procs_key(procs: tuple[int, ...], total: int) -> str:
    if procs == tuple(range(total)):
        return "all"
    return "p" + hashlib.sha256(",".join(map(str, procs)).encode()).hexdigest()[:12]


def _encode_signature(signature: Any) -> str:
    if signature is None:
        return "null"
    out, size = [], 2
    for leaf in signature:
        item = json.dumps(leaf.to_dict(), default=str)
        if size + len(item) + 1 > MAX_SIGNATURE_CHARS:
            break
        out.append(item)
        size += len(item) + 1
    return "[" + ",".join(out) + "]"


def _decode_signature(text: str | None) -> tuple | None:
    if not text or text == "null":
        return None
    from jitguard.runtime.signature import Leaf

    try:
        return tuple(Leaf.from_dict(d) for d in json.loads(text))
    except Exception:
        return None


# ------------------------------------------------------------------ the round

class _KV:
    """The client, counting round trips and their time."""

    def __init__(self, c: Any) -> None:
        self.c = c
        self.trips = 0
        self.seconds = 0.0

    def __call__(self, method: str, *args: Any) -> Any:
        t = time.perf_counter()
        try:
            return getattr(self.c, method)(*args)
        finally:
            self.trips += 1
            if method != "blocking_key_value_get":  # a wait for the others, not a round trip's cost
                self.seconds += time.perf_counter() - t


def _is(error: BaseException, code: str) -> bool:
    return code in str(error)


def _create(kv: _KV, key: str, value: str) -> str:
    """Set ``key`` unless it exists; return the value it holds afterwards."""
    try:
        kv("key_value_set", key, value)
        return value
    except Exception as e:
        if not _is(e, "ALREADY_EXISTS"):
            raise
    return kv("blocking_key_value_get", key, 10_000)


def _round(kv: _KV, fbase: str, k: int, me: int, procs: tuple[int, ...], digest: str,
           signature: str, timeout: float, fid: str = "", publish: bool = True,
           probe: bool = True) -> dict[str, Any]:
    """Publish this process's compile #k and return the verdict every participant acts on.
    ``publish=False``: this process already published this digest's signature and catalog
    entry (check_step's repeated signatures); ``probe=False``: never probe the others."""
    base = f"{fbase}/{k}"
    if publish:
        _publish_program(kv, fbase, k, me, digest, signature)
    kv("key_value_set", f"{base}/x/{me}", digest)
    arrived = kv("key_value_increment", f"{base}/n", 1)
    if arrived >= len(procs):  # this process completed the round: judge it
        return _complete_round(kv, base)
    probe_after = _probe_after() if probe else None
    verdict = _await_verdict(kv, base, k, me, procs, timeout, fid, probe_after)
    if verdict is not None:
        return verdict
    return _abandon_round(kv, fbase, base, me, procs, digest, timeout)


def _publish_program(kv: _KV, fbase: str, k: int, me: int, digest: str, signature: str) -> None:
    """Record the program's readable signature (once per digest, shared by the processes that
    compile it) and this process's catalog entry: it compiled ``digest`` as its #k."""
    try:  # one readable signature per distinct program, shared by the processes that compile it
        kv("key_value_set", f"{fbase}/sig/{digest}", signature)
    except Exception as e:
        if not _is(e, "ALREADY_EXISTS"):
            raise
    kv("key_value_set", f"{fbase}/cat/{me}/{digest}", str(k), True)  # what this process compiled


def _complete_round(kv: _KV, base: str) -> dict[str, Any]:
    """The last process to arrive judges the round: the verdict it set, or the one already there."""
    digests = _digests(kv, base)
    verdict = json.dumps(_judge(digests))
    held = _create(kv, f"{base}/v", verdict)
    if held == verdict and json.loads(verdict)["status"] == "ok":
        kv("key_value_delete", f"{base}/x/")  # the verdict and the counter stay: a few bytes
    return json.loads(held)


def _await_verdict(kv: _KV, base: str, k: int, me: int, procs: tuple[int, ...], timeout: float,
                   fid: str, probe_after: float | None) -> dict[str, Any] | None:
    """Wait (``timeout``, extended once at most) for the round's verdict, probing the missing
    processes from ``probe_after`` seconds on (None: never). None when no verdict came."""
    entered = time.time()
    kv("key_value_set", f"{PREFIX}/at/{me}", json.dumps([base, entered]), True)  # where it waits
    until = time.monotonic() + timeout
    extended = False
    probe_at = time.monotonic() + probe_after if probe_after is not None else float("inf")
    silent: set[int] = set()  # processes that did not answer a probe: not asked again
    probe_every = PROBE_EVERY / 2
    while True:
        verdict = _verdict_by(kv, base, min(until, probe_at))
        if verdict is not None:
            return verdict
        if probe_at < until and time.monotonic() < until:
            verdict = _probe_round(kv, base, fid, procs, k, me, silent)
            if verdict is not None:
                return verdict
            probe_every = min(2 * probe_every, max(PROBE_EVERY, timeout / 4))
            probe_at = time.monotonic() + probe_every
            continue
        if extended:
            return None
        extension = _extended_until(kv, base, procs, me, entered, timeout)
        if extension is None:
            return None
        extended = True
        until = extension


def _verdict_by(kv: _KV, base: str, stop: float) -> dict[str, Any] | None:
    """The round's verdict, waiting for it until ``stop`` (``time.monotonic()``); None if none came."""
    try:
        wait_ms = max(1, int((stop - time.monotonic()) * 1000))
        return json.loads(kv("blocking_key_value_get", f"{base}/v", wait_ms))
    except Exception as e:
        if not _is(e, "DEADLINE_EXCEEDED"):
            raise
    return None


def _probe_round(kv: _KV, base: str, fid: str, procs: tuple[int, ...], k: int, me: int,
                 silent: set[int]) -> dict[str, Any] | None:
    """Still no verdict: ask the missing processes what they are doing; the divergent verdict
    (set for everyone) when they run a program answered from their cache, else None."""
    # Processes blocked in a call of this function answered from their cache run a program
    # they compiled before, while this process compiles a new one: a divergence now. Every
    # process asked must be so: one that computes, runs elsewhere or does not answer may be
    # the one the blocked ones wait for (a process still inside an earlier call of it).
    # Only the lowest-numbered process that arrived asks (so a round with many waiting
    # processes sends one probe, not one per process), every 1, 2, 4, ... seconds.
    digests = _digests(kv, base)
    missing = [p for p in procs if p != me and str(p) not in digests and p not in silent]
    asker = min((int(p) for p in digests), default=me)
    running = {}
    if missing and asker == me:
        running = _probe(kv, base, fid, procs, k, me, missing, silent, every=True)
    if not running or silent:
        return None
    verdict = {"status": "divergent", "groups": _groups(digests), "running": running, "by": me}
    return json.loads(_create(kv, f"{base}/v", json.dumps(verdict)))


def _extended_until(kv: _KV, base: str, procs: tuple[int, ...], me: int, entered: float,
                    timeout: float) -> float | None:
    """The new end (``time.monotonic()``) of this process's wait when it is the earlier of two
    waits for each other, else None."""
    # A missing process may itself be waiting in another round that it entered after
    # this one (a compile only it makes, say): it comes here once that wait ends.
    # Only the earlier of two such waits is extended (ordered by start time, then
    # process), so two processes waiting for each other never both keep waiting.
    later = _waiting_since(kv, base, [p for p in procs if p != me and str(p) not in _digests(kv, base)])
    if later is None or later <= (entered, me):
        return None
    return time.monotonic() + max(0.0, later[0] + 2 * timeout - time.time())


def _abandon_round(kv: _KV, fbase: str, base: str, me: int, procs: tuple[int, ...], digest: str,
                   timeout: float) -> dict[str, Any]:
    """Nobody completed the round in time: the verdict (divergent when a missing process runs
    an earlier program of this function, else abandoned) set for everyone."""
    # A missing process that never compiled this function (over these processes) does not
    # run it: "not compiled there". One that compiled it before, but not this program, is
    # running one of its earlier programs.
    digests = _digests(kv, base)
    missing = [p for p in procs if str(p) not in digests]
    earlier = _earlier_programs(kv, fbase, missing, digest)
    verdict = _judge(digests)
    if earlier:
        verdict = {"status": "divergent", "groups": verdict.get("groups") or _groups(digests),
                   "earlier": earlier, "waited": timeout, "by": me}
    else:
        verdict = {"status": "abandoned", "by": me, "digests": digests, "missing": missing,
                   "differ": verdict.get("status") == "divergent"}
    return json.loads(_create(kv, f"{base}/v", json.dumps(verdict)))


def _earlier_programs(kv: _KV, fbase: str, missing: Sequence[int], digest: str) -> dict[str, list[int]]:
    """{the last program a missing process compiled: those processes}, over the missing
    processes (the first MAX_CATALOGS) that compiled this function before but not ``digest``."""
    earlier: dict[str, list[int]] = {}
    for p in missing[:MAX_CATALOGS]:
        done = {key.rsplit("/", 1)[1]: int(v) for key, v in kv("key_value_dir_get", f"{fbase}/cat/{p}/")}
        if done and digest not in done:
            last = max(done, key=done.__getitem__)
            earlier.setdefault(last, []).append(p)
    return earlier


def _probe(kv: _KV, base: str, fid: str, procs: tuple[int, ...], k: int, me: int,
           missing: Sequence[int], silent: set[int], every: bool = False) -> dict[str, Any]:
    """Ask each missing process's watchdog (the first MAX_CATALOGS) whether one of its
    threads is blocked in a call of this function that its cache answered. Returns
    {process: answer} for those that are (``every``: only if all asked are, else {}); adds
    those that did not answer in time to ``silent`` (no watchdog there: not asked again)."""
    trips = kv.trips
    asks = []
    for q in missing[:MAX_CATALOGS]:
        ticket = kv("key_value_increment", f"{PREFIX}/ask/{q}/n", 1)
        reply = f"{base}/probe/{me}/{q}/{ticket}"
        kv("key_value_set", f"{PREFIX}/ask/{q}/{ticket}", json.dumps(
            {"type": "probe", "fid": fid, "procs": list(procs), "k": k, "from": me, "reply": reply}))
        asks.append((q, reply))
    deadline = time.monotonic() + PROBE_REPLY
    running: dict[str, Any] = {}
    for q, reply in asks:
        try:
            answer = json.loads(kv("blocking_key_value_get", reply,
                                   max(1, int((deadline - time.monotonic()) * 1000))))
        except Exception as e:
            if not _is(e, "DEADLINE_EXCEEDED"):
                raise
            silent.add(q)
            continue
        kv("key_value_delete", reply)
        if answer.get("busy"):
            with _lock:
                _stats["busy"] += 1
        # Blocked (idle) at a call of this function over these processes, and it has not
        # compiled the function's k-th program: it runs one it compiled before.
        if answer.get("running") and int(answer.get("compiles", 0)) < k:
            running[str(q)] = answer
    with _lock:
        _stats["probes"] += 1
        _stats["probe_trips"] += kv.trips - trips
    if every and len(running) < len(asks):
        return {}
    return running


def _waiting_since(kv: _KV, base: str, missing: Sequence[int]) -> tuple[float, int] | None:
    """(start time, process) of the latest wait, among ``missing`` (the first 16), in
    another round that is still open, or None."""
    latest = None
    for p in missing[:16]:
        try:
            where, since = json.loads(kv("key_value_try_get", f"{PREFIX}/at/{p}"))
        except Exception:
            continue
        if where == base:
            continue
        try:
            kv("key_value_try_get", f"{where}/v")
            continue  # that round has its verdict: the process left it
        except Exception as e:
            if not _is(e, "NOT_FOUND"):
                continue
        latest = (since, p) if latest is None else max(latest, (since, p))
    return latest


def _digests(kv: _KV, base: str) -> dict[str, str]:
    return {k.rsplit("/", 1)[1]: v for k, v in kv("key_value_dir_get", f"{base}/x/")}


def _groups(digests: dict[str, str]) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for p, d in sorted(digests.items(), key=lambda item: int(item[0])):
        groups.setdefault(d, []).append(int(p))
    return groups


def _judge(digests: dict[str, str]) -> dict[str, Any]:
    groups = _groups(digests)
    if len(groups) <= 1:
        return {"status": "ok"}
    return {"status": "divergent", "groups": groups}


# ------------------------------------------------------------------ entry point

def check(state: Any, signature: Any, call_site: str | None = None, warn_frame: Any = None) -> None:
    """Compare the compile in progress with the other processes' (the guard's miss path).

    Called by the compile-start listener before the guard counts the compile. Returns at
    once with one process. Raises :class:`DivergentCompileError` (mode ``raise``) when the
    processes compiled different programs: the compile is refused on every process."""
    c = client()
    if c is None:
        return
    action = _action(state)
    if action == "off":
        return
    _ensure_watchdog(c)
    try:
        verdict = _compare(c, state, signature, sys._getframe(1), action)
    except Exception as e:  # never break the user's program over the check itself
        _warn_once("failed:" + type(e).__name__, f"jitguard: multi-process compile check failed ({e}); "
                   "this compile is not compared across processes.")
        logger.debug("jitguard multihost check failed", exc_info=True)
        return
    if verdict is not None:
        _act(action, verdict, warn_frame)


def _compare(c: Any, state: Any, signature: Any, frame: Any,
             action: str = "raise") -> DivergentCompileError | None:
    program = _program(frame)
    if program is None:
        _warn_once("program", "jitguard: cannot find the program being compiled in this jax version "
                   "(jax._src.interpreters.pxla._cached_compilation); compiles are not compared "
                   "across processes.")
        return None
    module, da = program
    import jax

    me = jax.process_index()
    devices = list(da)
    procs = tuple(sorted({d.process_index for d in devices}))
    if len(procs) <= 1:  # host-local program: nobody else runs it
        with _lock:
            _stats["local"] += 1
        return None
    fid = _function_id(state)
    group = (fid, procs)
    k = _next_compile(group)
    if k is None:
        return None
    platform = _platform(devices)
    fbase = f"{PREFIX}/{fid}/{_procs_key(procs, jax.process_count())}"
    sig_text = _encode_signature(signature)
    # Where this function is called: a cache hit of it blocked there is found by the
    # watchdog (multihost_hits), with nothing run on the hit itself.
    _names[fid] = state.name
    _remember_call_site(frame, fid, procs, sig_text, platform)
    t0 = time.perf_counter()
    digest = _digest(module, devices)
    t_digest = time.perf_counter() - t0
    kv = _KV(c)
    timeout = _timeout()
    try:
        # The probe's idle test holds where the program runs on host CPU threads only.
        verdict = _round(kv, fbase, k, me, procs, digest, sig_text, timeout, fid, probe=platform == "cpu")
    finally:
        with _lock:
            _stats["checks"] += 1
            _stats["round_trips"] += kv.trips
            _stats["seconds"] += time.perf_counter() - t0
            _stats["rpc_seconds"] += kv.seconds
            _stats["digest_seconds"] += t_digest
    status = verdict.get("status")
    if status == "ok":
        return None
    if status == "abandoned":
        _on_abandoned_round(state, verdict, group, k, me, digest, timeout)
        return None
    return _divergent(kv, fbase, state, verdict, group, k, me, digest, timeout, action)


def _platform(devices: Sequence[Any]) -> str:
    """Where a program runs: its devices' platform ("cpu", "gpu", "tpu", ...), else the
    default backend's; "mixed" or "unknown" when neither says one platform."""
    kinds = {str(getattr(d, "platform", "") or "").lower() for d in devices}
    if len(kinds) == 1 and "" not in kinds:
        return kinds.pop()
    if len(kinds - {""}) > 1:
        return "mixed"
    try:
        import jax

        return str(jax.default_backend()).lower()
    except Exception:
        return "unknown"


def _remember_call_site(frame: Any, fid: str, procs: tuple[int, ...], sig_text: str, platform: str) -> None:
    try:
        _hits.remember(_hits.call_site(frame), fid, procs, sig_text, platform)
    except Exception:  # the cache-hit case loses this call site; the compile is still compared
        logger.debug("jitguard: could not record the call site", exc_info=True)


def _next_compile(group: tuple[str, tuple[int, ...]]) -> int | None:
    """The number of the compile in progress among this function's compiles over these
    processes (counted from 1), or None once they are no longer compared."""
    with _lock:
        if group in _unaligned:
            return None
        k = _sequence[group] = _sequence.get(group, 0) + 1
    return k


def _on_abandoned_round(state: Any, verdict: dict[str, Any], group: tuple[str, tuple[int, ...]], k: int,
                        me: int, digest: str, timeout: float) -> None:
    """Nobody completed the round in time: stop comparing this function over these
    processes, and say why."""
    procs = group[1]
    with _lock:
        _stats["timeouts"] += 1
        _unaligned.add(group)
    present = verdict.get("digests", {})
    if str(me) not in present:  # the others gave up on this process before it arrived
        logger.warning(
            "jitguard: %s (defined at %s): this process reached its compile #%d more than %gs after "
            "process %s gave up waiting for it; this function is no longer compared across processes.",
            state.name, state.defined_at, k, timeout, verdict.get("by"),
        )
        return
    differing = sorted(int(p) for p, d in present.items() if d != digest)
    logger.warning(
        "jitguard: %s (defined at %s): compile #%d runs on processes %s, but %s had not compiled "
        "this function before and did not compile it within %gs: treating it as not compiled "
        "there%s. This function is no longer compared across processes (its compiles may not "
        "line up).",
        state.name, state.defined_at, k, _fmt_procs(procs),
        _who(verdict.get("missing") or []) or "some processes", timeout,
        f"; {_who(differing)} compiled a different program" if differing else "",
    )


def _divergent(kv: _KV, fbase: str, state: Any, verdict: dict[str, Any], group: tuple[str, tuple[int, ...]],
               k: int, me: int, digest: str, timeout: float, action: str) -> DivergentCompileError | None:
    """The processes compiled different programs: the error to act on (None when this
    process was only late), after marking what ``_at_exit`` must know and telling the
    processes found blocked why."""
    fid, procs = group
    groups = {d: [int(p) for p in ps] for d, ps in verdict.get("groups", {}).items()}
    earlier = {d: [int(p) for p in ps] for d, ps in verdict.get("earlier", {}).items()}
    running = {int(q): a for q, a in verdict.get("running", {}).items()}
    if not _join_groups(groups, earlier, running, me, digest):
        logger.warning("jitguard: %s: this process compiled #%d more than %gs after the others.",
                       state.name, k, timeout)
        with _lock:
            _unaligned.add(group)
        return None
    with _lock:
        _stats["divergent"] += 1
    message = _message(kv, fbase, state, k, procs, me, groups, earlier, verdict.get("waited"), running)
    all_groups = _all_groups(groups, earlier, running)
    if earlier:
        # The others are presumably inside a program's collective that this process will
        # not join: when this process raises, its exit must not wait for them (_at_exit).
        _mark_abandoned(action)
    elif running and action == "raise":  # they are: _at_exit checks they still are
        _left_blocked.append((f"{fbase}/{k}", fid, procs, k, sorted(running)))
    if verdict.get("by") == me:  # this process found them blocked, or presumes so: tell them why
        targets = sorted(running) or sorted(q for ps in earlier.values() for q in ps)
        _notify(kv, targets[:MAX_CATALOGS], running, state, fid, fbase, k, procs, me, groups, earlier,
                verdict, action)
    return DivergentCompileError(message, function=state.name, compile_index=k, groups=all_groups)


def _join_groups(groups: dict[str, list[int]], earlier: dict[str, list[int]], running: dict[int, Any],
                 me: int, digest: str) -> bool:
    """Add this process to ``groups`` (under ``digest``) when the verdict was set without it;
    False when it was only late: it arrived after the others gave up on it, and compiled what
    they compiled."""
    if running and not any(me in ps for ps in groups.values()):
        groups.setdefault(digest, []).append(me)  # arrived after the verdict: it compiles too
    if earlier and not any(me in ps for ps in groups.values()):
        # This process arrived after the others gave up on it: it was late, not divergent,
        # if it compiled what they compiled.
        if digest in groups:
            return False
        groups.setdefault(digest, []).append(me)
    return True


def _all_groups(groups: dict[str, list[int]], earlier: dict[str, list[int]],
                running: dict[int, Any]) -> dict[str, list[int]]:
    """{program: processes} over every process: those that compiled it now or earlier, and
    those found running a cached program (under ``cached:<its digest>``)."""
    all_groups = {d: sorted(set(groups.get(d, [])) | set(earlier.get(d, []))) for d in {*groups, *earlier}}
    for q, answer in running.items():
        all_groups.setdefault("cached:" + str(answer.get("digest", q)), []).append(q)
    return all_groups


def _act(action: str, error: DivergentCompileError, warn_frame: Any) -> None:
    if action == "raise":
        error.args = (f"{error}\n  (refused: the compile was stopped before XLA compiled it)",)
        raise error
    message = str(error)
    if action == "warn":
        if warn_frame is None:
            warnings.warn(message, DivergentCompileWarning, stacklevel=3)
        else:
            g = warn_frame.f_globals
            warnings.warn_explicit(
                message, DivergentCompileWarning, warn_frame.f_code.co_filename, warn_frame.f_lineno,
                module=g.get("__name__", "<unknown>"), registry=g.setdefault("__warningregistry__", {}),
            )
    else:
        logger.warning(message)


# ------------------------------------------------------------------ explicit per-call check

_steps: dict[str, int] = {}
_step_published: dict[str, set[str]] = {}


class _Named:
    def __init__(self, name: str, defined_at: str, on_excess: str) -> None:
        self.name, self.defined_at, self.on_excess = name, defined_at, on_excess


def check_step(fn: Any, *args: Any, **kwargs: Any) -> None:
    """Before calling ``fn(*args, **kwargs)``: check that every process is about to make the
    same call (same argument shapes, dtypes, shardings and static values). A collective:
    call it on every process, at every step, for the calls you want checked.

    Raises :class:`DivergentCompileError` on every process, before the call runs, when
    they differ (or warns, or logs, per ``fn``'s guard mode and ``JITGUARD_MULTIHOST``).
    Unlike the compile check, it needs nothing of JAX's dispatch: it holds on any backend
    and for functions guarded before ``jax.distributed.initialize``. It costs one
    key-value round per call (about 5 calls: milliseconds), so use it where a step is
    much longer than that, or only around the last batches. With one process it returns
    at once; ``JITGUARD_MULTIHOST=off`` turns it off."""
    c = client()
    if c is None:
        return
    import jax

    from jitguard.runtime.signature import capture

    state = getattr(fn, "__jitguard__", None)
    ji = getattr(state, "jit_info", None) or getattr(fn, "_jit_info", None)
    if state is not None:
        named = _Named(state.name, state.defined_at, getattr(state, "on_excess", "warn"))
    else:
        inner = getattr(fn, "__wrapped__", fn)
        code = getattr(inner, "__code__", None)
        where = f"{os.path.basename(code.co_filename)}:{code.co_firstlineno}" if code else "?"
        named = _Named(getattr(inner, "__qualname__", repr(inner)), where, "raise")
    action = _action(named)
    if action == "off":
        return
    sig = capture(args, kwargs, fun_signature=getattr(ji, "fun_signature", None),
                  static_argnums=getattr(ji, "static_argnums", ()),
                  static_argnames=getattr(ji, "static_argnames", ()))
    text = _encode_signature(sig)
    digest = hashlib.sha256(text.encode()).hexdigest()[:24]
    fid = "step-" + _function_id(named)
    me, total = jax.process_index(), jax.process_count()
    procs = tuple(range(total))
    with _lock:
        k = _steps[fid] = _steps.get(fid, 0) + 1
        published = _step_published.setdefault(fid, set())
        publish = digest not in published
        published.add(digest)
    fbase = f"{PREFIX}/{fid}"
    kv = _KV(c)
    verdict = _round(kv, fbase, k, me, procs, digest, text, _timeout(), fid, publish=publish, probe=False)
    if me == 0 and k > 2:  # every process has left round k-2 (it reached round k-1's verdict)
        kv("key_value_delete", f"{fbase}/{k - 2}/")
    with _lock:
        _stats["round_trips"] += kv.trips
        _stats["rpc_seconds"] += kv.seconds
    status = verdict.get("status")
    if status == "ok":
        return
    groups = {d: [int(p) for p in ps] for d, ps in verdict.get("groups", {}).items()}
    earlier = {d: [int(p) for p in ps] for d, ps in verdict.get("earlier", {}).items()}
    if status == "abandoned":  # processes that never reached any check of this call
        missing = [int(p) for p in verdict.get("missing", [])]
        message = (f"jitguard: check_step({named.name}) #{k}: {_who(missing)} did not reach it within "
                   f"{_timeout():g}s (this is process {me}): the processes no longer make the same calls.")
        error = DivergentCompileError(message, function=named.name, compile_index=k, groups=groups)
    else:
        if not any(me in ps for ps in groups.values()):
            groups.setdefault(digest, []).append(me)
        message = _message(kv, fbase, named, k, procs, me, groups, earlier, verdict.get("waited"), unit="call")
        error = DivergentCompileError(message, function=named.name, compile_index=k,
                                      groups={d: sorted(set(groups.get(d, [])) | set(earlier.get(d, [])))
                                              for d in {*groups, *earlier}})
    with _lock:
        _stats["divergent"] += 1
    if action == "raise":
        error.args = (f"{error}\n  (checked by check_step before the call: nothing ran)",)
        raise error
    _act(action, error, sys._getframe(1))


# ------------------------------------------------------------------ the cache-hit case

# A process whose call hits its cache runs no jitguard code: when another process compiles
# a new program of the same function there, the first is already inside the earlier
# program's collective, waiting for the second. Three pieces let every process raise within
# seconds (docs/multihost.md, "The cache-hit case"), none of them on the cache-hit path:
# * the miss path records where each function is called (``multihost_hits.call_site``): a
#   cache hit blocked in jaxlib's C++ has that frame, stopped at that CALL, innermost;
# * a watchdog thread per process (``_watch``) answers the compiling process's probes ("is
#   one of your threads blocked, idle, in a call of f?"), keeps the divergence notice it
#   receives, logging it at once, and arms the blocked call (``multihost_hits.arm``) so
#   that its failure raises DivergentCompileError at the call;
# * a process that raised the divergence, or was told it is blocked in it, leaves at exit
#   without JAX's shutdown barrier, which could only time out (``_at_exit``): its exit
#   closes its collective connections, so the blocked calls fail at once.

_watch_state: dict[str, Any] = {"thread": None, "ticket": 1, "client": None, "me": 0}
_watch_stop = threading.Event()
_notice_event = threading.Event()
_notices: dict[str, str] = {}  # function id -> the divergence message for this process
_probed: dict[str, float] = {}  # function id -> when a probe last found a call blocked here
_abandoned = False  # leave without JAX's shutdown barrier at exit
_left_blocked: list[tuple] = []  # (round, function id, processes, k, blocked processes)


def wrap_call(state: Any, target: Any, jitted: Any) -> Any:
    """``target`` itself (the guarded jitted function: jax.jit's own object unless the guard
    has a ``window``): a cache hit runs no jitguard code, in one process or many. In a job
    already past ``jax.distributed.initialize`` with several processes it starts the
    watchdog that answers the other processes' probes (``jitguard/mh/ask/<process>``)."""
    c = client()
    if c is not None and hasattr(target, "lower") and _action(state) != "off":
        _ensure_watchdog(c)
    return target


def _blocked_error(fid: str, error: BaseException) -> DivergentCompileError | None:
    """The DivergentCompileError for a call of function ``fid`` that failed while another
    process compiled a new program of it (this call was blocked in the earlier one), else
    None. Runs on the blocked thread, from the trace function the watchdog armed it with."""
    message = _notices.get(fid)
    if message is None:
        seen = _probed.get(fid)
        if seen is None or time.monotonic() - seen > 2 * _timeout() + PROBE_REPLY:
            return None  # an ordinary error of the call: it propagates unchanged
        _notice_event.wait(PROBE_REPLY)  # the notice follows the probe that found us blocked
        message = _notices.get(fid)
        if message is None:
            return None
    global _abandoned
    _abandoned = True
    first = (str(error).strip().splitlines() or [""])[0][:300]
    with _lock:
        _stats["blocked"] += 1
    return DivergentCompileError(
        f"{message}\n  (this process was blocked in the collective of the program it had compiled "
        f"before, waiting for the process that compiled a new one; the collective failed when that "
        f"process left: {type(error).__name__}: {first})",
        function=_names.get(fid, ""),
    )


def _arm(fid: str, found: dict[str, Any]) -> bool:
    """Arm the blocked call ``found`` (``multihost_hits.blocked``) so that its failure raises
    DivergentCompileError (no probes, no arming: ``JITGUARD_MULTIHOST_PROBE=off``)."""
    if _probe_after() is None or not found.get("found"):
        return False
    try:
        return _hits.arm(found["tid"], found["frame"], found["lasti"],
                        lambda error: _blocked_error(fid, error))
    except Exception:
        logger.debug("jitguard: could not arm a blocked call", exc_info=True)
        return False


def _ensure_watchdog(c: Any) -> None:
    if _watch_state["thread"] is not None:
        return
    import atexit

    import jax

    with _lock:
        if _watch_state["thread"] is not None:
            return
        _watch_state.update(client=c, me=jax.process_index())
        thread = threading.Thread(target=_watch, args=(c, jax.process_index()),
                                  name="jitguard-multihost-watchdog", daemon=True)
        _watch_state["thread"] = thread
        thread.start()
    atexit.register(_at_exit)  # registered after jax's own clean-up: runs before it


def _watch(c: Any, me: int) -> None:
    """The watchdog: waits for probes and notices addressed to this process (ticket by
    ticket, in the order the askers drew them) and answers them."""
    stale = 0
    while not _watch_stop.is_set():
        ticket = _watch_state["ticket"]
        key = f"{PREFIX}/ask/{me}/{ticket}"
        try:
            raw = c.blocking_key_value_get(key, 5_000)
        except Exception as e:
            if _watch_stop.is_set() or not _is(e, "DEADLINE_EXCEEDED"):
                return  # shutting down, or the coordination service is gone
            try:  # an asker that drew this ticket and died before writing it: skip it
                drawn = int(c.key_value_try_get(f"{PREFIX}/ask/{me}/n"))
            except Exception:
                drawn = 0
            stale = stale + 1 if drawn > ticket else 0
            if stale >= 2:
                _watch_state["ticket"] = ticket + 1
                stale = 0
            continue
        stale = 0
        _watch_state["ticket"] = ticket + 1
        try:
            c.key_value_delete(key)
            _answer(c, me, json.loads(raw))
        except Exception:
            logger.debug("jitguard: multi-process watchdog could not answer %s", raw, exc_info=True)


def _answer(c: Any, me: int, msg: dict) -> None:
    kind = msg.get("type")
    if kind == "probe":
        fid = msg["fid"]
        answer, found = _blocked_call(fid, tuple(msg.get("procs", ())))
        if answer.get("running"):
            _probed[fid] = time.monotonic()
            _arm(fid, found)  # before answering: the asker may decide, notify and leave at once
        c.key_value_set(msg["reply"], json.dumps(answer))
    elif kind == "stop":  # this process is exiting (_at_exit)
        _watch_stop.set()
    elif kind == "notice":
        fid = msg["fid"]
        _notices[fid] = msg["message"]
        _notice_event.set()
        logger.error("%s\n  (this process is blocked in that call until process %s joins it or leaves)",
                     msg["message"], msg.get("from"))
        if msg.get("procs"):  # a call blocked there fails when the sender leaves: name the cause
            answer, found = _blocked_call(fid, tuple(msg["procs"]))
            if answer.get("running"):  # the probe's test: blocked, idle, on the CPU
                _arm(fid, found)


def _blocked_call(fid: str, procs: tuple[int, ...]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Is a thread of this process blocked in a call of function ``fid`` over ``procs`` that
    its cache answered? Yes when a call site of it recorded on the miss path is the thread's
    innermost Python frame, stopped at that CALL (the call is in jaxlib's C++: dispatch and
    execution of a cached program; a miss would show JAX's Python frames above it), at three
    samples 0.1 s apart, and the process is idle (no other thread running: waiting in a
    collective, not computing). Never for a program that runs on another platform than the
    CPU (the device computes while the host threads sleep: idle proves nothing there).
    Returns (the answer sent to the asker, what was found)."""
    found = _hits.blocked(fid, procs, PROBE_SAMPLES)
    with _lock:
        compiles = max((n for (g, ps), n in _sequence.items() if g == fid and ps == procs), default=0)
    if not found["found"] or found["busy"]:
        answer = {"running": False, "compiles": compiles, "busy": found["busy"]}
        if "platform" in found:
            answer["platform"] = found["platform"]
        return answer, found
    sig = found["sig"]
    return {"running": True, "compiles": compiles, "sig": sig,
            "digest": hashlib.sha256(sig.encode()).hexdigest()[:16]}, found


def _notify(kv: _KV, targets: Sequence[int], running: dict[int, dict], state: Any, fid: str, fbase: str,
            k: int, procs: tuple[int, ...], me: int, groups: dict, earlier: dict, verdict: dict,
            action: str) -> None:
    """Send each blocked process (found by the probe, or presumed at the timeout) its own
    divergence message, through its watchdog, which logs it at once."""
    for q in targets:
        try:
            text = _message(kv, fbase, state, k, procs, q, groups, earlier, verdict.get("waited"), running)
            ticket = kv("key_value_increment", f"{PREFIX}/ask/{q}/n", 1)
            kv("key_value_set", f"{PREFIX}/ask/{q}/{ticket}", json.dumps(
                {"type": "notice", "fid": fid, "procs": list(procs), "from": me, "action": action,
                 "message": text}))
        except Exception:
            logger.debug("jitguard: could not notify process %s", q, exc_info=True)


def _still_blocked(c: Any, me: int) -> bool:
    for base, fid, procs, k, blocked in _left_blocked:
        try:
            if _probe(_KV(c), base, fid, procs, k, me, blocked, set()):
                return True
        except Exception:  # cannot tell: leave it to JAX's own shutdown
            logger.debug("jitguard: exit-time probe failed", exc_info=True)
    return False


def _mark_abandoned(action: str) -> None:
    global _abandoned
    if action == "raise":
        _abandoned = True


def _at_exit() -> None:
    """Stop the watchdog; after a divergence that left processes blocked in a collective,
    end the process without JAX's shutdown barrier (they can never reach it: it would
    wait minutes, then the coordination service would abort the job)."""
    c, me = _watch_state.get("client"), _watch_state.get("me", 0)
    thread = _watch_state.get("thread")
    if c is not None and thread is not None and thread.is_alive() and client() is not None:
        try:  # wake the watchdog: a ticket of its own, after any question already asked
            ticket = c.key_value_increment(f"{PREFIX}/ask/{me}/n", 1)
            c.key_value_set(f"{PREFIX}/ask/{me}/{ticket}", json.dumps({"type": "stop"}))
        except Exception:
            pass
        thread.join(1.0)
    # After raising over processes blocked in a call, leave without the barrier only if one
    # of them still is (the program may have recovered: caught the error and joined their
    # collective with the program they run, say).
    if client() is None:  # jax.distributed already shut down: no barrier left to skip
        return
    if not _abandoned and not (_left_blocked and c is not None and _still_blocked(c, me)):
        return
    logger.error("jitguard: leaving without jax.distributed's shutdown barrier: after the divergence "
                 "reported above, the other processes cannot reach it.")
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    os._exit(1)


# ------------------------------------------------------------------ the message

def _fmt_procs(procs: Sequence[int]) -> str:
    """[0, 1, 2, 5] -> '0-2, 5'."""
    procs = sorted(set(procs))
    parts, i = [], 0
    while i < len(procs):
        j = i
        while j + 1 < len(procs) and procs[j + 1] == procs[j] + 1:
            j += 1
        parts.append(str(procs[i]) if i == j else f"{procs[i]}-{procs[j]}" if j > i + 1 else f"{procs[i]}, {procs[j]}")
        i = j + 1
    return ", ".join(parts)


def _who(procs: Sequence[int]) -> str:
    return ("process " if len(procs) == 1 else "processes ") + _fmt_procs(procs)


def _message(kv: _KV, fbase: str, state: Any, k: int, procs: tuple[int, ...], me: int,
             groups: dict[str, list[int]], earlier: dict[str, list[int]], waited: Any,
             running: dict[int, dict] | None = None, unit: str = "compile") -> str:
    from jitguard.runtime.signature import diff

    entries: list[tuple[str, list[int], str]] = [(d, ps, "new") for d, ps in groups.items()]
    entries += [(d, ps, "earlier") for d, ps in earlier.items()]
    sigs: dict[str, tuple | None] = {}
    by_call: dict[str, list[int]] = {}  # the blocked processes, grouped by their call's signature
    for q, answer in sorted((running or {}).items()):
        key = "run:" + str(answer.get("sig"))
        by_call.setdefault(key, []).append(q)
        sigs[key] = _decode_signature(answer.get("sig"))
    entries += [(key, ps, "running") for key, ps in by_call.items()]
    # The reference is the largest group; among equals, a program that already ran (the
    # blocked or silent processes') before a new compile.
    entries.sort(key=lambda e: (-len(e[1]), e[2] == "new", e[1][0]))
    for d, _, _ in entries:
        if d not in sigs:
            try:
                sigs[d] = _decode_signature(kv("key_value_try_get", f"{fbase}/sig/{d}"))
            except Exception:
                sigs[d] = None
    lines = [
        f"jitguard: {state.name} (defined at {state.defined_at}) runs different programs on "
        f"different processes (its {unit} #{k} on this process, over processes {_fmt_procs(procs)}); "
        f"this is process {me}.",
        "  Their collectives would not match: the job would hang or return wrong numbers.",
    ]
    for d, ps, kind in entries:
        sig = sigs[d]
        shown = "; ".join(leaf.describe() for leaf in sig[:6]) if sig else "(arguments not described)"
        if sig and len(sig) > 6:
            shown += f"; … (+{len(sig) - 6})"
        if kind == "running":
            lines.append(
                f"  {_who(ps)} compiled nothing for this call: {'it is' if len(ps) == 1 else 'they are'} "
                f"blocked inside this call, answered from {'its' if len(ps) == 1 else 'their'} cache "
                f"(a program compiled before; the last one compiled at that call was for: {shown})"
            )
        elif kind == "earlier":
            lines.append(
                f"  {_who(ps)} compiled no new program for this call within {waited}s: "
                f"{'it is' if len(ps) == 1 else 'they are'} presumably running the one compiled "
                f"before for: {shown}"
            )
        else:
            lines.append(f"  {_who(ps)} compiled: {shown}")
    ref_digest, ref_procs, _ = entries[0]
    fixes: list[str] = []
    for d, ps, _ in entries[1:]:
        old, new = sigs[ref_digest], sigs[d]
        changes = diff(old, new) if old is not None and new is not None else []
        if not changes:
            lines.append(
                f"  what differs: the arguments look the same on {_who(ref_procs)} and {_who(ps)}, "
                "but the programs differ: a Python value baked into the program (a closed-over "
                "constant, a value read from a host-local file or clock) or a jax config flag "
                "differs between the hosts."
            )
            _add(fixes, "make every value the program depends on identical on every process: pass it as "
                 "an argument, or compute it on one process and share it "
                 "(jax.experimental.multihost_utils.broadcast_one_to_all).")
            continue
        for ch in changes[:6]:
            lines.append(
                f"  what differs: {ch.path}: {ch.aspect} is {_val(ch.old)} on {_who(ref_procs)} "
                f"but {_val(ch.new)} on {_who(ps)}"
            )
            _add(fixes, _fix(ch))
    for fix in fixes:
        lines.append(f"  fix: {fix}")
    return "\n".join(lines)


def _val(v: Any) -> str:
    if isinstance(v, tuple):
        return "[" + ",".join(map(str, v)) + "]"
    return "unspecified" if v is None else str(v)


def _add(fixes: list[str], fix: str) -> None:
    if fix not in fixes:
        fixes.append(fix)


def _fix(change: Any) -> str:
    aspect, path = change.aspect, change.path
    if aspect.startswith("dim "):
        axis = aspect.split()[1]
        return (
            f"give {path} the same global shape on every process: pad the short (last) batch to the "
            f"full size and mask the padding (`jitguard.pad_to_bucket(x, axis={axis}, buckets=(full,))` "
            f"on the host-local data), or drop the remainder (drop_last=True) so every process runs "
            f"the same number of full batches."
        )
    if aspect == "static value":
        return (
            f"static argument {path} differs between processes, so it comes from host-local data: "
            f"make it global (the same constant everywhere, or computed on one process and shared "
            f"with jax.experimental.multihost_utils.broadcast_one_to_all)."
        )
    if aspect == "sharding":
        return f"build {path} with the same Mesh and PartitionSpec on every process."
    if aspect in ("added", "removed"):
        return "pass the same pytree structure (same keys and fields) on every process."
    return f"make {path} identical ({aspect}) on every process before the call."


# ------------------------------------------------------------------ aggregation

def report(timeout: float | None = None) -> str:
    """``jitguard.report()`` over every process; call it on all of them (a collective).

    Each process publishes its rows; process 0 waits for the others (at most ``timeout``
    seconds each, default ``JITGUARD_MULTIHOST_TIMEOUT``) and returns one table whose
    function column says which process compiled (``[p1] train_step``), followed by one
    line per process that did not answer. Other processes return their own table without
    waiting. With one process it is ``jitguard.report()``."""
    from jitguard.runtime import functions
    from jitguard.runtime.table import Row, render

    c = client()
    if c is None:
        return functions.report()
    import jax

    rows = [s.row() for s in functions.states()]
    me, total = jax.process_index(), jax.process_count()
    global _report_rounds
    with _lock:
        _report_rounds += 1
        n = _report_rounds
    base = f"{REPORT_PREFIX}/{n}"
    payload = json.dumps([
        [r.function, r.defined_at, r.compiles, r.cache_hits, r.compile_seconds, r.signatures,
         [[leaf.to_dict() for leaf in sig] for sig in list(r.history)[-32:]]]
        for r in rows
    ], default=str)
    c.key_value_set(f"{base}/{me}", payload)
    if me != 0:
        return render(rows)
    from jitguard.runtime.signature import Leaf

    wait_ms = int((timeout if timeout is not None else _timeout()) * 1000)
    merged: list[Row] = []
    missing: list[int] = []
    for p in range(total):
        try:
            data = json.loads(c.blocking_key_value_get(f"{base}/{p}", wait_ms))
        except Exception:
            missing.append(p)
            continue
        for fn, where, compiles, hits, seconds, nsig, history in data:
            merged.append(Row(f"[p{p}] {fn}", where, compiles, hits, seconds, nsig,
                              [tuple(Leaf.from_dict(d) for d in sig) for sig in history]))
    c.key_value_delete(f"{base}/")
    text = render(merged)
    if missing:
        text += f"\n(no answer from {_who(missing)})"
    return text


def gather_log(out_path: str, log_path: str | None = None, timeout: float | None = None) -> int:
    """Collect every process's ``JITGUARD_LOG`` lines into ``out_path`` on process 0.

    A collective: call it on every process. Each entry gets a ``"process"`` field; the file
    reads with ``jitguard report out_path``. Returns the number of entries process 0 wrote
    (0 elsewhere). ``log_path`` defaults to this process's ``JITGUARD_LOG``."""
    from jitguard.runtime import settings

    path = log_path or settings.log_path()
    lines: list[str] = []
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            lines = [line.strip() for line in f if line.strip()]
    c = client()
    me, total = 0, 1
    if c is not None:
        import jax

        me, total = jax.process_index(), jax.process_count()
    global _report_rounds
    with _lock:
        _report_rounds += 1
        n = _report_rounds
    base = f"{REPORT_PREFIX}/log{n}"
    if c is not None:
        c.key_value_set(f"{base}/{me}", "\n".join(lines))
        if me != 0:
            return 0
    wait_ms = int((timeout if timeout is not None else _timeout()) * 1000)
    written = 0
    with open(out_path, "w", encoding="utf-8") as out:
        for p in range(total):
            if c is None:
                text = "\n".join(lines)
            else:
                try:
                    text = c.blocking_key_value_get(f"{base}/{p}", wait_ms)
                except Exception:
                    logger.warning("jitguard: process %d sent no compile log within the timeout", p)
                    continue
            for line in text.splitlines():
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                entry["process"] = p
                out.write(json.dumps(entry, default=str) + "\n")
                written += 1
    if c is not None:
        c.key_value_delete(f"{base}/")
    return written
