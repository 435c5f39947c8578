"""Write jitguard/lint/analysis/eqxnn.py from the installed equinox: which `equinox.nn` modules hold
a value JAX cannot trace among their pytree leaves.

    python scripts/gen_eqxnn.py            # rewrite the module
    python scripts/gen_eqxnn.py --check    # exit 1 if the committed module differs from a new probe

The linter never imports equinox; what it needs to know of `equinox.nn` is probed here and
committed. An `equinox.Module` is a pytree whose fields are all leaves unless declared static, so
plain `jax.jit` (and `jax.grad`, `jax.value_and_grad`, ...) abstracts every non-static field as an
array: one holding a function raises TypeError at the call (`eqx.filter_jit` and
`eqx.filter_grad` keep non-array leaves static). For every public class of `equinox.nn` that is an
`equinox.Module`, this script builds one instance with small arguments read from the parameter
names and annotations of its `__init__` (a class it cannot build is left out) and records:

* FUNCTION_LEAVES: the fields that hold a function (callable, not a module, not an array) among the
  instance's pytree leaves, each with the `__init__` parameter it comes from (None: the class sets
  it itself, whatever the arguments) -- such a parameter's default is then a function too;
* PASSED_THROUGH: the `__init__` parameters whose argument is kept as a leaf (or, for a sequence,
  each element is): the probe passes a fresh function there (or a list holding it) and finds that
  very object among the leaves.

Each entry: class -> ((parameter, position after `self` or -1 for keyword-only, field), ...).
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import sys
from pathlib import Path

TARGET = Path(__file__).resolve().parents[1] / "jitguard" / "lint" / "analysis" / "eqxnn.py"

_SIZES = 2


def _sentinel(x=None):
    return x


def _filler(param: inspect.Parameter):
    """A small argument for a required parameter, from its name and annotation."""
    import jax

    name, note = param.name, str(param.annotation)
    if name == "key":
        return jax.random.PRNGKey(0)
    if name == "layers":
        return []
    if name == "layer":
        import equinox as eqx

        return eqx.nn.Linear(_SIZES, _SIZES, key=jax.random.PRNGKey(0))
    if name == "init":
        return jax.numpy.zeros(_SIZES)
    if name == "axis_name":
        return "batch"
    if "Callable" in note or name in ("fn", "where", "get"):
        return _sentinel
    if name == "shape":
        return (_SIZES,)
    if name == "num_spatial_dims":
        return 1
    if name == "groups":
        return 1
    if "int" in note or name.endswith(("size", "features", "channels", "depth", "dims", "heads", "embeddings")):
        return _SIZES
    raise LookupError(name)


def _build(cls, overrides: dict):
    params = [p for p in inspect.signature(cls.__init__).parameters.values()][1:]
    kwargs = {}
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if p.name in overrides:
            kwargs[p.name] = overrides[p.name]
        elif p.default is inspect.Parameter.empty:
            kwargs[p.name] = _filler(p)
    return cls(**kwargs)


def _position(cls, name: str) -> int:
    params = [p for p in inspect.signature(cls.__init__).parameters.values()][1:]
    for i, p in enumerate(params):
        if p.name == name:
            return i if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) else -1
    return -1


def _is_function(value) -> bool:
    import equinox as eqx
    import jax
    import numpy as np

    return callable(value) and not isinstance(value, (eqx.Module, jax.Array, np.ndarray, type))


def scan() -> tuple[dict, dict, list[str]]:
    import equinox as eqx
    import jax

    functions: dict[str, tuple] = {}
    passed: dict[str, tuple] = {}
    skipped: list[str] = []
    for name in sorted(dir(eqx.nn)):
        cls = getattr(eqx.nn, name)
        if not (isinstance(cls, type) and issubclass(cls, eqx.Module)) or name.startswith("_"):
            continue
        qualified = f"equinox.nn.{name}"
        try:
            instance = _build(cls, {})
        except Exception:  # an abstract class, or arguments the filler cannot guess
            skipped.append(qualified)
            continue
        params = [p for p in inspect.signature(cls.__init__).parameters.values()][1:]
        names = {p.name for p in params}
        fields = [f.name for f in dataclasses.fields(cls) if not f.metadata.get("static", False)]
        leaves = {id(leaf) for leaf in jax.tree_util.tree_leaves(instance)}
        found = []
        for field in fields:
            value = getattr(instance, field, None)
            if _is_function(value) and id(value) in leaves:
                found.append((field if field in names else None, _position(cls, field) if field in names else -1, field))
        if found:
            functions[qualified] = tuple(found)
        through = []
        for p in params:
            if p.name not in fields:
                continue
            for probe in (_fresh(), [_fresh()]):
                try:
                    built = _build(cls, {p.name: probe})
                except Exception:
                    continue
                target = probe[0] if isinstance(probe, list) else probe
                if any(leaf is target for leaf in jax.tree_util.tree_leaves(built)):
                    through.append((p.name, _position(cls, p.name), p.name))
                    break
        if through:
            passed[qualified] = tuple(through)
    return functions, passed, skipped


def _fresh():
    def probe(x=None):
        return x

    return probe


def render(functions: dict, passed: dict, skipped: list[str], version: str) -> str:
    lines = [
        f'"""Generated by scripts/gen_eqxnn.py from equinox {version}: do not edit by hand.',
        "",
        "FUNCTION_LEAVES: equinox.nn class -> ((the __init__ parameter a field comes from, or None when",
        "the class sets it itself; its position after self, -1 keyword-only or none; the field), ...) for",
        "the non-static fields that hold a function among the pytree leaves of an instance built with",
        "the defaults.",
        "PASSED_THROUGH: equinox.nn class -> ((parameter, position, field), ...) for the parameters whose",
        "argument (or each element of a sequence given there) is kept as a pytree leaf.",
        "NOT_PROBED: classes the probe could not build (left out of both tables).",
        '"""',
        "",
        "FUNCTION_LEAVES: dict[str, tuple[tuple[str | None, int, str], ...]] = {",
    ]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted(functions.items())]
    lines += ["}", "", "PASSED_THROUGH: dict[str, tuple[tuple[str, int, str], ...]] = {"]
    lines += [f"    {k!r}: {v!r}," for k, v in sorted(passed.items())]
    lines += ["}", "", "NOT_PROBED: frozenset[str] = frozenset({"]
    lines += [f"    {k!r}," for k in sorted(skipped)]
    lines += ["})", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed module differs from a new probe")
    args = parser.parse_args(argv)
    import equinox as eqx

    text = render(*scan(), eqx.__version__)
    if args.check:
        same = TARGET.read_text("utf-8") == text
        if not same:
            print(f"{TARGET} differs from a new probe: run python scripts/gen_eqxnn.py")
        return 0 if same else 1
    TARGET.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
