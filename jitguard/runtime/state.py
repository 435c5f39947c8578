"""Per-function guard state: counts, bounded history, the decision on each compile.

Everything here runs on JAX's compile path only (the hooks call in), never per call.
No jax import at module level.
"""

from __future__ import annotations

import atexit
import collections
import json
import logging
import sys
import threading
import time
import warnings
from dataclasses import dataclass, field
from typing import Any, Sequence

from jitguard.runtime import functions, settings
from jitguard.runtime.errors import RecompilationError, RecompilationWarning
from jitguard.runtime.explain import excess_message
from jitguard.runtime.signature import Leaf, key, nearest, worst_churn
from jitguard.runtime.table import Row

logger = logging.getLogger("jitguard")

MAX_HISTORY = 256  # compiled signatures kept per function
MAX_KEYS = 4096  # distinct signature keys remembered per function
MAX_REASONS = 64  # distinct excess reasons reported one by one per function
MAX_SUMMARY = 100  # functions listed in the exit summary
_log_lock = threading.Lock()


@dataclass
class CompileRecord:
    """One XLA compile (or persistent-cache hit) of a guarded function."""

    state: "GuardState" = field(repr=False)
    index: int  # 1-based compile number among call compiles; 0 for warm-up compiles
    signature: tuple[Leaf, ...] | None
    call_site: str | None
    warmup: bool = False
    excess: bool = False
    message: str | None = None
    cache_hit: bool = False
    trace_seconds: float = 0.0
    lower_seconds: float = 0.0
    compile_seconds: float = 0.0
    deferred: Any = field(default=None, repr=False)  # (action, frame) to apply after the compile
    write_refused: bool = False  # the persistent-cache write of a refused executable was stopped
    cache_written: bool = False  # ... or could not be stopped
    refused: bool = False  # on_excess refused this compile (the call raised)
    reason_key: Any = field(default=None, repr=False)

    @property
    def function(self) -> str:
        return self.state.name

    def refuses_after_compile(self) -> bool:
        """A deferred excess that ``raise`` will refuse once XLA is done."""
        deferred = self.deferred
        return deferred is not None and deferred[0] == "raise" and not self.cache_hit

    def to_json(self) -> dict[str, Any]:
        return {
            "time": time.time(),
            "function": self.state.name,
            "defined_at": self.state.defined_at,
            "call_site": self.call_site,
            "index": self.index,
            "warmup": self.warmup,
            "persistent_cache_hit": self.cache_hit,
            "excess": self.excess,
            "refused": self.refused,
            "trace_seconds": self.trace_seconds,
            "lower_seconds": self.lower_seconds,
            "compile_seconds": self.compile_seconds,
            "signature": None if self.signature is None else [leaf.to_dict() for leaf in self.signature],
            "message": self.message,
        }


class _Reason(str):
    """Why a compile is an excess: the text, and its kind for once-per-reason reports."""

    kind: str

    def __new__(cls, kind: str, text: str) -> "_Reason":
        self = super().__new__(cls, text)
        self.kind = kind
        return self


def _change_key(signature: Sequence[Leaf] | None, history: Sequence[Sequence[Leaf]]) -> tuple:
    """What changed against the nearest compiled signature, as (path, aspect) pairs."""
    if signature is None or not history:
        return ()
    try:
        _, changes = nearest(history, signature)
    except Exception:
        return ()
    return tuple(sorted({(c.path, c.aspect) for c in changes}))


class GuardState:
    """What jitguard knows about one guarded function."""

    def __init__(
        self,
        *,
        name: str,
        defined_at: str,
        jit_info: Any,
        max_compiles: int,
        window: tuple[int, int] | None,
        on_excess: str,
        call_counter: Any = None,
        from_jit: bool = True,
        short_name: str | None = None,
        guarded: bool = True,
    ) -> None:
        self.name = name
        self.short_name = short_name or name.rsplit(".", 1)[-1]
        self.from_jit = from_jit  # made by jitguard.jit (not guard): the name is its own
        self.guarded = guarded  # False where this JAX cannot be guarded (runs unguarded)
        self.defined_at = defined_at
        self.jit_info = jit_info
        self.max_compiles = max_compiles
        self.window = window
        self.on_excess = on_excess
        self.call_counter = call_counter  # () -> calls so far, only when calls are counted
        self.jitted_ref: Any = None  # weakref to the jitted function, for warmup
        self.lower_fn: Any = None  # the jitted function's own lower (not the AOT-counting one)
        self._lock = threading.Lock()
        self.compiles = 0
        self.warmup_compiles = 0
        self.cache_hits = 0
        self.refused = 0
        self.frozen = False
        self.trace_seconds = 0.0
        self.lower_seconds = 0.0
        self.compile_seconds = 0.0
        self.history: collections.deque[tuple[Leaf, ...]] = collections.deque(maxlen=MAX_HISTORY)
        self._keys: set[tuple] = set()
        self._recent: collections.deque[int] = collections.deque(maxlen=window[0] if window else 1)
        self.excess = 0  # excess compiles (acted on or not)
        self.reported: dict[Any, int] = {}  # reason -> excess compiles with it (bounded)
        self.suppressed = 0  # excess compiles not reported one by one

    # ------------------------------------------------------------ compile path
    def add_seconds(self, trace: float = 0.0, lower: float = 0.0) -> None:
        with self._lock:
            self.trace_seconds += trace
            self.lower_seconds += lower

    def before_compile(
        self,
        signature: tuple[Leaf, ...] | None,
        call_site: str | None,
        warn_frame: Any,
        warmup: bool,
        trace_seconds: float = 0.0,
        lower_seconds: float = 0.0,
        defer: bool = False,
    ) -> CompileRecord:
        """Decide about a compile XLA is about to run. Raises to refuse it.

        With ``defer`` (the persistent compilation cache is on), an excess is acted on
        after the compile, once jitguard knows whether it was a cache hit."""
        with self._lock:
            history = list(self.history)
            if warmup:
                self.warmup_compiles += 1
                index, reason = 0, None
            else:
                self.compiles += 1
                index = self.compiles
                reason = self._excess_reason(index)
        record = CompileRecord(
            self, index, signature, call_site, warmup=warmup,
            trace_seconds=trace_seconds, lower_seconds=lower_seconds,
        )
        if reason is None:
            return record
        record.excess = True
        action = settings.action(self.on_excess)
        if action == "off":
            return record
        record.reason_key = (reason.kind, _change_key(signature, history))
        record.message = excess_message(
            name=self.name, defined_at=self.defined_at, call_site=call_site,
            reason=str(reason), new=signature, history=history,
        )
        if defer:  # a persistent-cache hit is not a compile: decide once we know
            record.deferred = (action, warn_frame)
            return record
        self._act(record, action, warn_frame, before=True)
        return record

    def _act(self, record: CompileRecord, action: str, warn_frame: Any, before: bool) -> None:
        if action != "raise":
            # warn/log once per function and reason, with the count so far; the rest is
            # counted and summed up at exit (settings.exit_summary).
            with self._lock:
                self.excess += 1
                seen = self.reported.get(record.reason_key)
                if seen is None and len(self.reported) < MAX_REASONS:
                    self.reported[record.reason_key] = 1
                    first = True
                else:
                    if seen is not None:
                        self.reported[record.reason_key] = seen + 1
                    self.suppressed += 1
                    first = False
            if not first:
                _summary_pending(self)
                return
            record.message = (record.message or "") + (
                "\n  (jitguard reports each reason once per function; further excess compiles "
                "like this one are counted and summed up at exit)"
            )
        else:
            with self._lock:
                self.excess += 1
        try:
            if action == "raise":
                if before:
                    when = "before XLA compiled it"
                elif record.cache_written:
                    when = ("XLA compiled it (the persistent cache did not have it); the result is "
                            "discarded, but this jax wrote it to the persistent cache")
                else:
                    when = ("XLA compiled it (the persistent cache did not have it); the executable is "
                            "discarded and not written to the persistent cache")
                raise RecompilationError(f"{record.message}\n  (refused: on_excess='raise'; {when})")
            if action == "warn":
                _warn(record.message or "", warn_frame)
            else:
                logger.warning(record.message)
        except BaseException:
            record.refused = True
            with self._lock:  # this compile does not take effect
                self.compiles -= 1
                self.refused += 1
                if action != "raise":  # a warning turned error: refuse the next one like it too
                    self.reported.pop(record.reason_key, None)
            raise

    def _excess_reason(self, index: int) -> "_Reason | None":
        if self.frozen:
            return _Reason("frozen", f"compiled after .freeze() (compile #{index}); frozen functions must not compile")
        limit = settings.max_compiles(self.max_compiles)
        reason = None
        if index > limit:
            reason = _Reason("max_compiles", f"compiled {index} times, over max_compiles={limit}")
        if self.window is not None and self.call_counter is not None:
            k, n = self.window
            call = self.call_counter()
            self._recent.append(call)
            if reason is None and len(self._recent) == k and call - self._recent[0] < n:
                reason = _Reason("window", f"compiled on {k} of its last {n} calls (window=({k}, {n}))")
        return reason

    def after_compile(self, record: CompileRecord, seconds: float) -> None:
        record.compile_seconds = seconds
        refusing = record.refuses_after_compile()  # its signature was never usable
        with self._lock:
            if record.cache_hit:
                self.cache_hits += 1
                if record.warmup:
                    self.warmup_compiles -= 1
                else:
                    self.compiles -= 1
            else:
                self.compile_seconds += seconds
            if record.signature is not None and not refusing:
                self.history.append(record.signature)
                if len(self._keys) < MAX_KEYS:
                    self._keys.add(key(record.signature))
        deferred, record.deferred = record.deferred, None
        if deferred is not None and record.cache_hit:
            record.excess = False
            deferred = None
        try:
            if deferred is not None:
                self._act(record, deferred[0], deferred[1], before=False)
        finally:
            path = settings.log_path()
            if path:
                _append_log(path, record.to_json())
            if not record.refused:
                functions.notify(record)

    # ------------------------------------------------------------- public API
    def stats(self) -> dict[str, Any]:
        """Counts and timings of this function's compiles, and the signatures compiled."""
        with self._lock:
            out: dict[str, Any] = {
                "function": self.name,
                "guarded": self.guarded,
                "defined_at": self.defined_at,
                "compiles": self.compiles,
                "warmup_compiles": self.warmup_compiles,
                "persistent_cache_hits": self.cache_hits,
                "refused": self.refused,
                "excess": self.excess,
                "max_compiles": settings.max_compiles(self.max_compiles),
                "frozen": self.frozen,
                "trace_seconds": self.trace_seconds,
                "lower_seconds": self.lower_seconds,
                "compile_seconds": self.compile_seconds,
                "signatures": [[leaf.to_dict() for leaf in sig] for sig in self.history],
            }
            if self.call_counter is not None:
                out["calls"] = self.call_counter()
        return out

    def freeze(self) -> None:
        """From now on every compile of this function is an excess (JAX issue #8655)."""
        self.frozen = True

    def warmup(self, *arg_sets: Any) -> None:
        """Compile ahead of time, on the target device, for each set of example
        arguments: a tuple of positional arguments, a dict of keyword arguments, or (for
        a function of one argument) the argument itself; leaves may be arrays or
        ``jax.ShapeDtypeStruct``. Calls with those signatures then run without
        compiling. Warm-up compiles count nowhere: not against ``max_compiles``,
        ``expect_compiles`` or the pytest marker."""
        from jitguard.runtime import hooks

        jitted = self.jitted_ref() if self.jitted_ref is not None else None
        if jitted is None:
            raise RuntimeError(f"jitguard: {self.name} has been deleted; nothing to warm up.")
        lower = self.lower_fn or jitted.lower
        for arg_set in arg_sets:
            if isinstance(arg_set, dict):
                args, kwargs = (), arg_set
            elif isinstance(arg_set, tuple):
                args, kwargs = arg_set, {}
            else:  # one argument given bare: f.warmup(spec) for f(x)
                args, kwargs = (arg_set,), {}
            with hooks.attributing(self, args, kwargs, warmup=True):
                lower(*args, **kwargs).compile()

    def row(self) -> Row:
        with self._lock:
            return Row(
                self.name, self.defined_at, self.compiles + self.warmup_compiles,
                self.cache_hits, self.compile_seconds, len(self._keys), list(self.history),
            )


def _warn(message: str, frame: Any) -> None:
    if frame is None:
        warnings.warn(message, RecompilationWarning, stacklevel=2)
        return
    g = frame.f_globals
    # No module_globals: with it, warn_explicit asks the module's loader for the source
    # line, and for __main__ run by `python -c`, stdin, the REPL or `python -m` the
    # loader raises ImportError. The line is read from the file instead.
    warnings.warn_explicit(
        message, RecompilationWarning, frame.f_code.co_filename, frame.f_lineno,
        module=g.get("__name__", "<unknown>"),
        registry=g.setdefault("__warningregistry__", {}),
    )


# ----------------------------------------------------------------- exit summary
_summary_lock = threading.Lock()
_summary_states: "dict[int, GuardState]" = {}
_summary_registered = False


def _summary_pending(state: "GuardState") -> None:
    """Remember a function whose excess compiles were not all reported (bounded)."""
    global _summary_registered
    with _summary_lock:
        if len(_summary_states) < MAX_SUMMARY:
            _summary_states.setdefault(id(state), state)
        if not _summary_registered:
            _summary_registered = True
            atexit.register(_print_summary)


def summary_lines() -> list[str]:
    """One line per guarded function whose excess compiles were not all reported."""
    with _summary_lock:
        states = list(_summary_states.values())
    lines = []
    for st in states:
        with st._lock:
            compiles, excess, suppressed = st.compiles, st.excess, st.suppressed
            history = list(st.history)
        if not suppressed:
            continue
        worst = worst_churn(history)
        churn = "" if worst is None else f"; most churn: {worst[0]} {worst[1]} ({len(worst[2])} values)"
        lines.append(
            f"  {st.name} ({st.defined_at}): {compiles} compiles, {excess} over the limit, "
            f"{suppressed} not reported one by one{churn}"
        )
    return lines


def _print_summary() -> None:
    if not settings.exit_summary:
        return
    lines = summary_lines()
    if lines:
        try:
            print("jitguard: excess compiles (each reason was reported once):", *lines, sep="\n", file=sys.stderr)
        except Exception:
            pass


def _append_log(path: str, entry: dict[str, Any]) -> None:
    line = json.dumps(entry, default=str)
    with _log_lock:
        try:
            with open(path, "a", encoding="utf-8") as f:
                f.write(line + "\n")
        except OSError as e:
            logger.warning("jitguard: cannot append to JITGUARD_LOG=%s: %s", path, e)


def history_of(records: Sequence[CompileRecord]) -> list[tuple[Leaf, ...]]:
    return [r.signature for r in records if r.signature is not None]
