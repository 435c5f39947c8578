"""Turn a compile into a message that says what changed and how to stop it. No jax."""

from __future__ import annotations

from typing import Any, Sequence

from jitguard.runtime import buckets
from jitguard.runtime.signature import Change, Leaf, churn, nearest

_MAX_VALUES = 12


def _values(values: Sequence[Any]) -> str:
    shown = [str(v) for v in values[:_MAX_VALUES]]
    more = len(values) - len(shown)
    return ", ".join(shown) + (f", … (+{more})" if more > 0 else "")


def _dtype_name(dtype: Any) -> str:
    return str(dtype)


def bucket_advice(sizes: Sequence[int]) -> tuple[str, tuple[int, ...]]:
    """('7 distinct lengths 97..131 → pad to (128, 256): 2 compiles instead of 7', buckets)."""
    ints = sorted({int(s) for s in sizes})
    chosen = buckets.suggest(ints)
    return (
        f"{len(ints)} distinct lengths {ints[0]}..{ints[-1]} → pad to {tuple(chosen)}: "
        f"{len(chosen)} compile{'s' if len(chosen) != 1 else ''} instead of {len(ints)}"
    ), chosen


def fix_for(change: Change, values: Sequence[Any]) -> str:
    """One actionable fix for one changed part."""
    path, aspect = change.path, change.aspect
    if aspect.startswith("dim "):
        axis = int(aspect.split()[1])
        advice, chosen = bucket_advice([v for v in values if isinstance(v, int)])
        return (
            f"{advice}: `padded, n = jitguard.pad_to_bucket({path}, axis={axis}, "
            f"buckets={tuple(chosen)})`, then mask or slice with n."
        )
    if aspect == "rank":
        return f"{path} changes rank; reshape it to one fixed rank before the call."
    if aspect == "dtype":
        first = _dtype_name(values[0]) if values else "float32"
        return (
            f"cast {path} to one dtype before the call, e.g. `{path}.astype(jnp.{first})` "
            f"(dtypes seen: {_values(values)})."
        )
    if aspect == "weak type":
        return (
            f"{path} is sometimes a Python scalar (weakly typed) and sometimes a typed array; "
            f"pass `jnp.asarray({path}, dtype=...)` every time."
        )
    if aspect == "static value":
        return (
            f"static argument {path} took {len(values)} values ({_values(values)}) and each new "
            f"value compiles again. If it only feeds arithmetic, make it traced (drop it from "
            f"static_argnums/static_argnames); otherwise limit it to a few values (bucket it)."
        )
    if aspect == "committed":
        return (
            f"{path} was committed to a device (jax.device_put(x, device), or the output of a "
            f"committed computation) in one call and uncommitted (jnp.asarray, numpy, Python "
            f"values) in another; place it consistently, e.g. always `jax.device_put({path}, device)`. "
            f"JAX's own cache-miss explanation does not report this change."
        )
    if aspect == "sharding":
        return (
            f"{path} arrived with {len(values)} shardings ({_values(values)}); reshard it once "
            f"with `jax.device_put(x, sharding)` before the loop, or pin `in_shardings=`."
        )
    if aspect == "container":
        return (
            f"{path} arrived as {_values(values)} in different calls, and each container type is a "
            f"different pytree; pass one type every call (e.g. always `tuple({path})`)."
        )
    if aspect == "pytree metadata":
        return (
            f"{path} carries pytree metadata (static fields of a registered dataclass or node) that took "
            f"{len(values)} values ({_values(values)}); each value compiles again. Keep it fixed, "
            f"or make it a data field if it only feeds arithmetic."
        )
    if aspect == "passed":
        return (
            f"{path} was passed by position in one call and by keyword in another, and JAX caches "
            f"the two separately; pass it the same way every time."
        )
    if aspect == "kind":
        return f"{path} is an array in some calls and a container or static value in others; pass one kind every call."
    if aspect in ("added", "removed"):
        root = path.split("[", 1)[0].split(".", 1)[0]
        return (
            f"the pytree structure of {root} changed; pass the same keys/fields every call "
            f"(fill absent entries with placeholders) or split the function."
        )
    return f"keep {path} the same between calls."


def explain_compile(
    *,
    new: Sequence[Leaf],
    history: Sequence[Sequence[Leaf]],
) -> tuple[list[str], list[str]]:
    """Lines describing what changed against the nearest compiled signature, and fixes."""
    if not history:
        return ["first compile: " + "; ".join(leaf.describe() for leaf in new[:8])], []
    _, changes = nearest(history, new)
    if not changes:
        return ["same signature as an earlier compile (JAX's cache dropped it, or "
                "an option outside the arguments changed, e.g. a jax.config flag)"], []
    seen = churn([*history, new])
    what: list[str] = []
    # One fix per kind of change: leaves that churn alike share it (named together).
    groups: dict[tuple, list[Change]] = {}
    for i, change in enumerate(changes):
        values = seen.get((change.path, change.aspect), [])
        if i < 6:
            line = change.describe()
            if len(values) > 2:
                line += f" (values seen: {_values(values)})"
            what.append(line)
        group = _fix_group(change, values)
        groups.setdefault(group, []).append(change)
    if len(changes) > 6:
        what.append(f"… and {len(changes) - 6} more changes")
    fixes: list[str] = []
    for group_changes in groups.values():
        first = group_changes[0]
        fix = fix_for(first, seen.get((first.path, first.aspect), []))
        others = [c.path for c in group_changes[1:]]
        if others:
            shown = ", ".join(others[:4]) + (f" and {len(others) - 4} more" if len(others) > 4 else "")
            fix += f" The same holds for {shown}."
        if fix not in fixes:
            fixes.append(fix)
    return what, fixes


def _fix_group(change: Change, values: Sequence[Any]) -> tuple:
    """Changes that need the same fix: same aspect and the same values seen."""
    if change.aspect in ("added", "removed"):
        return (change.aspect, change.path.split("[", 1)[0].split(".", 1)[0])
    try:
        return (change.aspect, tuple(values))
    except TypeError:
        return (change.aspect, change.path)


def excess_message(
    *,
    name: str,
    defined_at: str,
    call_site: str | None,
    reason: str,
    new: Sequence[Leaf] | None,
    history: Sequence[Sequence[Leaf]],
) -> str:
    lines = [f"jitguard: {name} (defined at {defined_at}) {reason}."]
    if call_site:
        lines.append(f"  called from {call_site}")
    if new is None:
        lines.append("  (the arguments of this call could not be described)")
        return "\n".join(lines)
    what, fixes = explain_compile(new=new, history=history)
    if history:
        lines.append("  what changed against the nearest compiled signature:")
    lines += ["    " + w for w in what] if history else ["  " + w for w in what]
    for fix in fixes:
        lines.append(f"  fix: {fix}")
    return "\n".join(lines)


def short_fix(path: str, aspect: str, values: Sequence[Any]) -> str:
    """A one-line fix for a table cell."""
    if aspect.startswith("dim "):
        ints = [v for v in values if isinstance(v, int)]
        if ints:
            chosen = buckets.suggest(sorted(set(ints)))
            return f"pad {path} axis {aspect.split()[1]} to buckets {tuple(chosen)} (jitguard.pad_to_bucket)"
    if aspect == "dtype":
        return f"cast {path} to one dtype"
    if aspect == "weak type":
        return f"pass jnp.asarray({path}, dtype=...) every time"
    if aspect == "static value":
        return f"make {path} traced, or limit it to a few values"
    if aspect == "committed":
        return f"place {path} the same way every call (jax.device_put)"
    if aspect == "sharding":
        return f"reshard {path} once, or pin in_shardings="
    if aspect == "container":
        return f"pass {path} as one container type every call"
    if aspect == "pytree metadata":
        return f"keep the static metadata of {path} fixed"
    if aspect == "passed":
        return f"pass {path} the same way (position or keyword) every call"
    if aspect in ("added", "removed", "rank", "kind"):
        return f"keep the structure of {path} the same every call"
    return f"keep {path} the same between calls"
