"""Compiled signatures: what one compile saw, how two differ, what keeps changing.

Plain data, so the JSON-lines log can be analysed without jax. Only :func:`capture`
touches jax, and imports it when called.
"""

from __future__ import annotations

import inspect
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Sequence

_MAX_REPR = 60


@dataclass(frozen=True)
class Leaf:
    """One argument leaf (``batch['tokens']``) or one static argument of a call."""

    path: str
    shape: tuple[int, ...] | None = None
    dtype: str | None = None
    weak_type: bool | None = None
    committed: bool | None = None
    sharding: str | None = None
    static: str | None = None  # repr of a static argument's value

    def describe(self) -> str:
        if self.static is not None:
            return f"{self.path} = {self.static} (static)"
        text = f"{self.path}: {self.dtype}[{','.join(map(str, self.shape or ()))}]"
        if self.weak_type:
            text += " weak"
        if self.committed:
            text += f" committed to {self.sharding}"
        return text

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if d["shape"] is not None:
            d["shape"] = list(d["shape"])
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Leaf":
        shape = d.get("shape")
        return cls(
            path=str(d["path"]),
            shape=None if shape is None else tuple(int(s) for s in shape),
            dtype=d.get("dtype"),
            weak_type=d.get("weak_type"),
            committed=d.get("committed"),
            sharding=d.get("sharding"),
            static=d.get("static"),
        )


Signature = tuple  # tuple[Leaf, ...], ordered as the arguments


@dataclass(frozen=True)
class Change:
    """How one part of a signature differs from the nearest compiled one."""

    path: str
    aspect: str  # "dim 1", "rank", "dtype", "weak type", "committed", "sharding", "static value", "added", "removed"
    old: Any
    new: Any

    def describe(self) -> str:
        if self.aspect == "added":
            return f"{self.path}: new in the pytree ({self.new})"
        if self.aspect == "removed":
            return f"{self.path}: gone from the pytree (was {self.old})"
        return f"{self.path}: {self.aspect} changed {_fmt(self.old)} → {_fmt(self.new)}"


def _fmt(v: Any) -> str:
    if isinstance(v, tuple):
        return "[" + ",".join(map(str, v)) + "]"
    if v is None:
        return "unspecified"
    return str(v)


def _parts(leaf: Leaf) -> list[tuple[str, Any]]:
    """The aspects of a leaf that a compile depends on, as (aspect, value)."""
    if leaf.static is not None:
        return [("static value", leaf.static)]
    parts: list[tuple[str, Any]] = [("rank", len(leaf.shape or ()))]
    parts += [(f"dim {i}", d) for i, d in enumerate(leaf.shape or ())]
    parts += [("dtype", leaf.dtype), ("weak type", leaf.weak_type)]
    if leaf.committed is not None:
        parts.append(("committed", leaf.committed))
        if leaf.committed:
            parts.append(("sharding", leaf.sharding))
    return parts


def diff(old: Sequence[Leaf], new: Sequence[Leaf]) -> list[Change]:
    """What changed from ``old`` to ``new``, part by part."""
    olds = {leaf.path: leaf for leaf in old}
    news = {leaf.path: leaf for leaf in new}
    changes: list[Change] = []
    for path, n in news.items():
        o = olds.get(path)
        if o is None:
            changes.append(Change(path, "added", None, n.describe().split(": ", 1)[-1]))
            continue
        op, np_ = dict(_parts(o)), dict(_parts(n))
        if op.get("rank") != np_.get("rank"):
            changes.append(Change(path, "rank", o.shape, n.shape))
            op = {k: v for k, v in op.items() if not k.startswith("dim")}
            np_ = {k: v for k, v in np_.items() if not k.startswith("dim")}
            op.pop("rank", None), np_.pop("rank", None)
        for aspect, value in np_.items():
            if aspect in op and op[aspect] != value:
                changes.append(Change(path, aspect, op[aspect], value))
    for path, o in olds.items():
        if path not in news:
            changes.append(Change(path, "removed", o.describe().split(": ", 1)[-1], None))
    return changes


def nearest(compiled: Sequence[Sequence[Leaf]], new: Sequence[Leaf]) -> tuple[Sequence[Leaf] | None, list[Change]]:
    """The compiled signature closest to ``new`` (fewest changes; latest on ties)."""
    best, best_changes = None, []
    for sig in compiled:
        changes = diff(sig, new)
        if best is None or len(changes) <= len(best_changes):
            best, best_changes = sig, changes
    return best, best_changes


def churn(signatures: Iterable[Sequence[Leaf]]) -> dict[tuple[str, str], list[Any]]:
    """For every (path, aspect): the distinct values seen, in first-seen order."""
    seen: dict[tuple[str, str], list[Any]] = {}
    for sig in signatures:
        for leaf in sig:
            for aspect, value in _parts(leaf):
                values = seen.setdefault((leaf.path, aspect), [])
                if value not in values:
                    values.append(value)
    return seen


def worst_churn(signatures: Iterable[Sequence[Leaf]]) -> tuple[str, str, list[Any]] | None:
    """The part that took the most distinct values (at least two), or None."""
    best = None
    for (path, aspect), values in churn(signatures).items():
        if aspect == "rank":
            continue
        if len(values) >= 2 and (best is None or len(values) > len(best[2])):
            best = (path, aspect, values)
    return best


def key(sig: Sequence[Leaf]) -> tuple:
    return tuple(sig)


# ----------------------------------------------------------------- capture (jax)

def _short_repr(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _MAX_REPR else text[: _MAX_REPR - 1] + "…"


def short_sharding(sharding: Any) -> str | None:
    if sharding is None:
        return None
    name = type(sharding).__name__
    if name == "SingleDeviceSharding":
        (device,) = tuple(sharding.device_set)
        return f"{device.platform}:{device.id}"
    if name == "NamedSharding":
        return f"NamedSharding(mesh={dict(sharding.mesh.shape)}, spec={sharding.spec})"
    return str(sharding)


def _leaf(path: str, x: Any) -> Leaf:
    import jax

    try:
        aval = jax.typeof(x)
        shape, dtype, weak = tuple(aval.shape), str(aval.dtype), bool(getattr(aval, "weak_type", False))
    except Exception:  # not a jax type: describe what we can
        shape = tuple(getattr(x, "shape", ()) or ())
        dtype = str(getattr(x, "dtype", type(x).__name__))
        weak = bool(getattr(x, "weak_type", False))
    if isinstance(x, jax.ShapeDtypeStruct):
        committed = None if x.sharding is None else True
        sharding = short_sharding(x.sharding)
    elif isinstance(x, jax.Array) and not isinstance(x, jax.core.Tracer):
        committed = bool(x.committed)
        sharding = short_sharding(x.sharding)
    else:  # numpy arrays and Python scalars behave as uncommitted arrays
        committed, sharding = False, None
    return Leaf(path, shape, dtype, weak, committed, sharding)


def arg_names(fun_signature: inspect.Signature | None, nargs: int) -> list[str]:
    names: list[str] = []
    if fun_signature is not None:
        for p in fun_signature.parameters.values():
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                names.append(p.name)
            elif p.kind is p.VAR_POSITIONAL:
                names += [f"{p.name}[{i}]" for i in range(nargs - len(names))]
                break
    names += [f"args[{i}]" for i in range(len(names), nargs)]
    return names[:nargs]


def capture(
    args: Sequence[Any],
    kwargs: dict[str, Any],
    *,
    fun_signature: inspect.Signature | None,
    static_argnums: Iterable[int] = (),
    static_argnames: Iterable[str] = (),
) -> tuple[Leaf, ...]:
    """The signature of one call, leaf by leaf, named like the user's code."""
    import jax

    nargs = len(args)
    static_nums = {i % nargs for i in static_argnums if -nargs <= i < nargs} if nargs else set()
    static_names = set(static_argnames)
    names = arg_names(fun_signature, nargs)
    leaves: list[Leaf] = []
    items = [(names[i], a, i in static_nums or names[i] in static_names) for i, a in enumerate(args)]
    items += [(k, v, k in static_names) for k, v in kwargs.items()]
    for name, value, is_static in items:
        if is_static:
            leaves.append(Leaf(name, static=_short_repr(value)))
            continue
        flat, _ = jax.tree_util.tree_flatten_with_path(value)
        for path, x in flat:
            leaves.append(_leaf(name + jax.tree_util.keystr(path), x))
    return tuple(leaves)
