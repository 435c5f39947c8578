"""Audit the value model on a grid of generated programs, each labelled by running JAX.

    python benchmarks/value_model_audit.py [--sample N] [--seed S] [--entries ...] [--keep DIR] [--json OUT]
    python benchmarks/value_model_audit.py --relint OUT.json    # lint an earlier run's programs again

Every program is one function, traced one of the ways of ENTRIES (``jax.jit``, ``eqx.filter_jit``,
``vmap``, ``grad``, a ``lax.scan`` body, ...), in which a *source* value (``x.shape[0]``,
``len(x)``, a static argument, a pytree's static field; ``x[0, 0]``, a non-static argument, an
array made in the trace, an array leaf) reaches a *use* that needs a concrete value (``if``,
``range``, ``int()``, ``jnp.zeros``, a slice bound, a format spec, a list index, ...) through a
*flow* (a local name, a helper's return, a tuple, a dict, an attribute of an object built in the
trace, a closure, a ``*args, **kwargs`` forwarder, ...). The grid is entries x sources x flows x uses.

JAX decides each label, not this script (whether a source is static depends on the entry: under
``eqx.filter_jit`` or ``vmap`` a Python int argument stays one): each program runs under JAX on
the CPU, and either runs, raises a tracer error, or fails for another reason (*unlabelled*, left
out). Then each file is linted alone with jitguard's default rules:

* **false**: a program that runs under JAX and gets a finding;
* **missed**: a program JAX rejects with a tracer error and jitguard reports nothing on.

Grouped by entry, source, flow and use, the counts say which part of the value model loses what.
Not a test (it takes minutes); tests/precision_cases/audit_* keep reduced cases of what it found.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import textwrap
from collections import Counter
from pathlib import Path

# source name -> expression of x (f32[3, 4]), m (an int, not static under jit), n (static under jit), p and q (pytrees)
# (under jax.jit those up to "numpy_const" are static, the others traced)
SOURCES: dict[str, str] = {
    "shape": "x.shape[0]",
    "ndim": "x.ndim + 1",
    "len": "len(x)",
    "size": "x.size // 4",
    "static_arg": "n",
    "itemsize": "x.dtype.itemsize - 1",
    "module_static_field": "p.k",
    "metadata_field": "q.k",
    "leaf_shape": "p.a.shape[0] + q.a.size - 1",
    "shape_tuple_sum": "sum(x.shape) - 4",
    "numpy_const": "int(np.int64(3))",
    "module_leaf": "p.a[0].astype(int) + 2",
    "data_field": "q.a.sum().astype(int) + 1",
    "element": "x[0, 0].astype(int) + 2",
    "reduction": "x.sum().astype(int) - 9",
    "traced_arg": "m",
    "made_in_trace": "jnp.int32(3)",
    "argmax": "jnp.argmax(x[0]) + 3",
}

# flow name -> (module-level helpers, lines that bind `v` from `{src}`)
FLOWS: dict[str, tuple[str, str]] = {
    "direct": ("", "v = {src}"),
    "helper": ("def helper(x, m, n, p, q):\n    return {src}\n", "v = helper(x, m, n, p, q)"),
    "tuple": ("", "_, v = 0, {src}"),
    "dict": ("", "d = {{'k': {src}}}\nv = d['k']"),
    "list": ("", "items = [{src}]\nv = items[0]"),
    "object": ("class Box:\n    def __init__(self, value):\n        self.value = value\n",
               "v = Box({src}).value"),
    "dataclass": ("@dataclasses.dataclass\nclass Holder:\n    value: int\n", "v = Holder({src}).value"),
    "closure": ("", "def inner():\n    return {src}\nv = inner()"),
    "loop": ("", "for v in [{src}]:\n    pass"),
    "max": ("", "v = max({src}, 1)"),
    "arith": ("", "v = ({src}) * 2 - ({src})"),
    "partial": ("def identity(k):\n    return k\n", "bound = partial(identity, k={src})\nv = bound()"),
    "forwarded": ("def helper(x, m, n, p, q):\n    return {src}\n\n\ndef forward(*args, **kwargs):\n"
                  "    return helper(*args, **kwargs)\n", "v = forward(x, m, n=n, p=p, q=q)"),
    "decorated": ("def logged(fn):\n    @functools.wraps(fn)\n    def wrapper(*args, **kwargs):\n"
                  "        return fn(*args, **kwargs)\n    return wrapper\n\n\n@logged\n"
                  "def helper(x, m, n, p, q):\n    return {src}\n", "v = helper(x, m, n, p, q)"),
    "namedtuple": ("class Pair(typing.NamedTuple):\n    value: int\n    other: int = 0\n",
                   "v = Pair({src}).value"),
    "comprehension": ("", "v = [a for a in [{src}]][0]"),
    "enumerate": ("", "for _, v in enumerate([{src}]):\n    pass"),
    "getattr": ("class Box:\n    def __init__(self, value):\n        self.value = value\n",
                "v = getattr(Box({src}), 'value')"),
    "method": ("class Calc:\n    def __init__(self, x, m, n, p, q):\n        self.x, self.m, self.n = x, m, n\n"
               "        self.p, self.q = p, q\n\n    def value(self):\n"
               "        x, m, n, p, q = self.x, self.m, self.n, self.p, self.q\n        return {src}\n",
               "v = Calc(x, m, n, p, q).value()"),
    "classmethod": ("class Box:\n    def __init__(self, value):\n        self.value = value\n\n    @classmethod\n"
                    "    def make(cls, value):\n        return cls(value)\n", "v = Box.make({src}).value"),
    "property": ("class Box:\n    def __init__(self, value):\n        self._value = value\n\n    @property\n"
                 "    def value(self):\n        return self._value\n", "v = Box({src}).value"),
    "staticmethod": ("class Util:\n    @staticmethod\n    def compute(x, m, n, p, q):\n        return {src}\n",
                     "v = Util.compute(x, m, n, p, q)"),
    "inherited": ("class Base:\n    def __init__(self, value):\n        self.value = value\n\n\n"
                  "class Child(Base):\n    def __init__(self, value):\n        super().__init__(value)\n\n"
                  "    def get(self):\n        return self.value\n", "v = Child({src}).get()"),
    "setter": ("class Acc:\n    def __init__(self):\n        self.value = 0\n\n    def set(self, value):\n"
               "        self.value = value\n", "acc = Acc()\nacc.set({src})\nv = acc.value"),
    "lambda": ("", "g = lambda: {src}  # noqa: E731\nv = g()"),
    "ifexp": ("", "v = {src} if x.ndim == 2 else 0"),
    "augassign": ("", "v = 0\nv += {src}"),
    "nested_unpack": ("", "(_, (v, _)) = (0, ({src}, 1))"),
    "zip": ("", "for v, _ in zip([{src}], [0]):\n    pass"),
    "dict_get": ("", "d = {{'k': {src}}}\nv = d.get('k')"),
    "tree_map": ("", "v = jax.tree.map(lambda a: a, [{src}])[0]"),
    "walrus": ("", "if (v := {src}) is None:\n    pass"),
}

# use name -> lines that need a concrete `v` (the last line is the one a finding must be on)
USES: dict[str, str] = {
    "if": "if v > 1:\n    x = x + 1",
    "while": "while v > 10:\n    v = v - 1",
    "range": "for i in range(v):\n    x = x + i",
    "int": "x = x + int(v)",
    "float": "x = x * float(v)",
    "bool": "x = x * bool(v)",
    "zeros": "x = x + jnp.zeros(v).sum()",
    "arange": "x = x + jnp.arange(v).sum()",
    "np_zeros": "x = x + np.zeros(v).sum()",
    "slice": "x = x + x[:v].sum()",
    "format": "s = f'{v:d}'",
    "list_index": "x = x + [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0][v]",
    "axis": "x = x + jnp.sum(x, axis=v % 2).sum()",
    "assert": "assert v > 0",
    "and": "x = x * (v and 1)",
    "repeat": "x = x + jnp.repeat(x[0], v).sum()",
    "one_hot": "x = x + jax.nn.one_hot(0, v).sum()",
    "np_index": "x = x + np.arange(12.0)[v]",
    "reshape": "x = x + x.reshape(v, -1).sum()",
    "full": "x = x + jnp.full((v,), 1.0).sum()",
    "linspace": "x = x + jnp.linspace(0.0, 1.0, v).sum()",
    "slice_size": "x = x + lax.dynamic_slice_in_dim(x, 0, v).sum()",
    "math": "x = x * math.sqrt(v)",
    "tuple_index": "x = x + (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0)[v]",
    "dict_key": "x = x + {3: 1.0}.get(v, 0.0)",
    "chain": "if 0 < v < 10:\n    x = x + 1",
    "not": "if not v:\n    x = x + 1",
    "ifexp_use": "x = x * (2.0 if v > 1 else 1.0)",
    # legal whatever v is (JAX traces them): a finding here is false
    "where": "x = jnp.where(v > 1, x, 0.0)",
    "fori_bound": "x = lax.fori_loop(0, v, lambda i, c: c + 1.0, x)",
    "cond_pred": "x = lax.cond(v > 1, lambda c: c + 1.0, lambda c: c, x)",
    "dynamic_index": "x = x + x[v % 3]",
    "at_set": "x = x.at[v % 3].set(0.0)",
    "str": "s = str(v)",
}

HEADER = ("import dataclasses\nimport functools\nimport math\nimport typing\nfrom functools import partial\n\nimport equinox as eqx\n"
          "import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax import lax\n\n\n"
          "class P(eqx.Module):\n    a: jax.Array\n    k: int = eqx.field(static=True)\n\n\n"
          "@partial(jax.tree_util.register_dataclass, data_fields=['a'], meta_fields=['k'])\n"
          "@dataclasses.dataclass\nclass Q:\n    a: jax.Array\n    k: int\n\n\n")
# the pytree arguments every entry passes: `p` (an equinox Module with a static field) and `q` (a
# registered dataclass with a metadata field)
P_ARG, Q_ARG = "P(jnp.ones(2), 3)", "Q(jnp.ones(2), 3)"
TREES = f"{P_ARG}, {Q_ARG}"

# entry name -> (the decorator line(s) of `f`, or "" for none; the body of `run()`): how `f` is traced
ENTRIES: dict[str, tuple[str, str]] = {
    "jit": ('@partial(jax.jit, static_argnames=("n",))\n', f"return f(jnp.ones((3, 4)), 3, 3, {TREES})"),
    "jit_call": ("", f'return jax.jit(f, static_argnames=("n",))(jnp.ones((3, 4)), 3, 3, {TREES})'),
    "filter_jit": ("@eqx.filter_jit\n", f"return f(jnp.ones((3, 4)), 3, 3, {TREES})"),
    "vmap": ("", "return jax.vmap(f, in_axes=(0, 0, None, None, None))"
                 f"(jnp.ones((2, 3, 4)), jnp.array([3, 3]), 3, {TREES})"),
    "grad": ("", f"return jax.grad(lambda x: f(x, 3, 3, {TREES}).sum())(jnp.ones((3, 4)))"),
    "scan": ("", f"return lax.scan(lambda c, i: (f(c, i + 3, 3, {TREES}), None), jnp.ones((3, 4)), jnp.arange(2))"),
    "cond": ("", f"return lax.cond(True, lambda c: f(c, 3, 3, {TREES}), lambda c: c, jnp.ones((3, 4)))"),
    "checkpoint": ("", "return jax.jit(jax.checkpoint(f, static_argnums=(2,)), static_argnums=(2,))"
                       f"(jnp.ones((3, 4)), 3, 3, {TREES})"),
    "value_and_grad": ("", f"return jax.jit(jax.value_and_grad(lambda x, m: f(x, m, 3, {TREES}).sum()))"
                           "(jnp.ones((3, 4)), 3)"),
    "eval_shape": ("", f"return jax.eval_shape(partial(f, n=3), jnp.ones((3, 4)), 3, p={P_ARG}, q={Q_ARG})"),
}
TRACER_ERRORS = ("ConcretizationTypeError", "TracerBoolConversionError", "TracerIntegerConversionError",
                 "TracerArrayConversionError", "NonConcreteBooleanIndexError")


def program(source: str, flow: str, use: str, entry: str = "jit") -> tuple[str, int]:
    """The program's text and the line of its use's last line."""
    src = SOURCES[source]
    helpers, bind = FLOWS[flow]
    decorator, call = ENTRIES[entry]
    body = bind.format(src=src) + "\n" + USES[use]
    text = HEADER + helpers.format(src=src) + ("\n\n" if helpers else "")
    text += decorator + "def f(x, m, n, p, q):\n"
    text += textwrap.indent(body, "    ") + "\n    return x\n\n\n"
    text += f"def run():\n    {call}\n"
    use_line = text.splitlines().index(textwrap.indent(USES[use].splitlines()[-1], "    ")) + 1
    return text, use_line


def jax_label(text: str) -> str:
    """'runs', 'tracer' (a tracer error: one of JAX's, or a TypeError/IndexError/ValueError whose
    message is about a tracer or a concrete value), or 'other: <error>'."""
    import types

    module = types.ModuleType("audit_program")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    try:
        exec(compile(text, "<audit>", "exec"), module.__dict__)  # noqa: S102 - the generated program, run under JAX
        module.run()
    except Exception as exc:  # noqa: BLE001 - the error is the label
        name, message = type(exc).__name__, str(exc)
        about_tracers = any(word in message for word in ("Tracer", "traced", "abstract", "concrete"))
        return "tracer" if name in TRACER_ERRORS or about_tracers else f"other: {name}: {message[:80]}"
    finally:
        del sys.modules[module.__name__]
    return "runs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0, help="audit a random sample of the grid (0: all of it)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--keep", type=Path, help="write the programs here (default: a temporary folder)")
    parser.add_argument("--json", type=Path, help="write every row here")
    parser.add_argument("--entries", nargs="+", default=list(ENTRIES), choices=list(ENTRIES),
                        help="how the function is traced (default: every way)")
    parser.add_argument("--relint", type=Path, metavar="JSON",
                        help="lint the programs of an earlier run's --json again (their JAX labels kept)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    if args.relint:
        rows = json.loads(args.relint.read_text(encoding="utf-8"))
        lint(rows)
        report(rows)
        return 0
    grid = [(s, f, u, e) for e in args.entries for s in SOURCES for f in FLOWS for u in USES]
    if args.sample:
        grid = random.Random(args.seed).sample(grid, min(args.sample, len(grid)))
    folder = args.keep or Path(tempfile.mkdtemp(prefix="jitguard-audit-"))
    folder.mkdir(parents=True, exist_ok=True)
    rows = []
    for source, flow, use, entry in grid:
        text, use_line = program(source, flow, use, entry)
        path = folder / f"audit_{entry}__{source}__{flow}__{use}.py"
        path.write_text(text, encoding="utf-8")
        rows.append({"entry": entry, "source": source, "flow": flow, "use": use, "path": str(path), "line": use_line,
                     "jax": jax_label(text)})
    lint(rows)
    report(rows)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


def lint(rows: list[dict]) -> None:
    """Lint each program alone (default rules) and set its verdict from its JAX label."""
    from jitguard.lint.codes import all_codes, opt_in_codes
    from jitguard.lint.engine import LintOptions
    from jitguard.lint.runner import lint_files

    options = LintOptions(frozenset(all_codes()) - opt_in_codes())
    for row in rows:
        [result] = lint_files([row["path"]], options)
        row["findings"] = sorted({(f.line, f.code) for f in result.findings})
        row["errors"] = [str(e) for e in result.errors]
        if row["jax"] == "runs":
            row["verdict"] = "false" if row["findings"] else "ok"
        elif row["jax"] == "tracer":
            row["verdict"] = "ok" if row["findings"] else "missed"
        else:
            row["verdict"] = "unlabelled"


def report(rows: list[dict]) -> None:
    verdicts = Counter(r["verdict"] for r in rows)
    print(f"{len(rows)} programs: " + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    for verdict in ("false", "missed", "unlabelled"):
        chosen = [r for r in rows if r["verdict"] == verdict]
        if not chosen:
            continue
        print(f"\n{verdict}: {len(chosen)}")
        for axis in ("entry", "source", "flow", "use"):
            counts = Counter(r[axis] for r in chosen)
            print(f"  by {axis}: " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
        if verdict == "unlabelled":
            print("  JAX said: " + ", ".join(f"{k} {v}" for k, v in Counter(r["jax"] for r in chosen).most_common(6)))


if __name__ == "__main__":
    sys.exit(main())
