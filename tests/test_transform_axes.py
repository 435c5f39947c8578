"""What a transform passes through untouched, and what stays a Python value: `jax.vmap`'s None
`in_axes` entries (also written as expressions), `jax.shard_map`'s None `in_specs` entries,
`jax.ensure_compile_time_eval` blocks, predicates mapped with `all(map(...))`, and helpers
returning pytree metadata. Each legal program is linted (no finding) and run under JAX; each
true one is linted (the marked lines) and raises under JAX."""

from __future__ import annotations

import importlib.util
import re
import sys
import textwrap
from pathlib import Path

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files

jax = pytest.importorskip("jax")

DEFAULT = frozenset(all_codes()) - opt_in_codes()
_MARK = re.compile(r"#\s*expect:\s*(JG\d+)")


def _write(tmp_path: Path, source: str, name: str = "prog.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return path


def lint(tmp_path: Path, source: str) -> set[tuple[int, str]]:
    path = _write(tmp_path, source)
    results = lint_files([str(path)], LintOptions(DEFAULT))
    return {(f.line, f.code) for r in results for f in r.findings}


def expected(source: str) -> set[tuple[int, str]]:
    return {(i, m.group(1)) for i, line in enumerate(textwrap.dedent(source).splitlines(), 1)
            if (m := _MARK.search(line))}


def load(tmp_path: Path, source: str, name: str):
    """Import the program as a module (it runs its top level)."""
    path = _write(tmp_path, source, f"{name}.py")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(name, None)
    return module


# -- VMAPNONE: jax.vmap passes the arguments at None in_axes entries through untouched ------------

VMAP_NONE_EXPRESSIONS = """
import functools

import jax
import jax.numpy as jnp


def helper(x, k):
    return jax.ops.segment_sum(x, jnp.zeros(x.shape[0], int), num_segments=k)


@functools.partial(jax.vmap, in_axes=[0] + [None] * 2)
def added(x, k, n):
    def body(i, c):
        return c + helper(x[None], k).sum()
    for _ in range(n):
        x = x + 1
    return jax.lax.fori_loop(0, n, body, x)


@functools.partial(jax.vmap, in_axes=(0,) + (None,) * 2)
def tuples(x, k, n):
    return x[-k:].sum() + n if x.shape != (k,) else x.sum()


repeated = jax.vmap(lambda x, k: x[:k], in_axes=[0, None] * 1)


def run():
    xs = jnp.ones((2, 3))
    added(xs, 2, 3)
    jax.jit(lambda xs: added(xs, 1, 2))(xs)
    tuples(xs, 2, 1)
    return repeated(xs, 2)
"""

VMAP_TRACED = """
import functools

import jax
import jax.numpy as jnp


def helper(x, k):
    return jax.ops.segment_sum(x, jnp.zeros(x.shape[0], int), num_segments=k)  # expect: JG105


@functools.partial(jax.vmap, in_axes=[0] + [None])
def unmapped(x, k):
    return helper(x[None], k).sum()


@jax.jit
def caller(x, k):
    return unmapped(x, k)


mapped = jax.vmap(lambda x, k: x[:k], in_axes=[0] + [0])  # expect: JG105


def run():
    return caller(jnp.ones((2, 3)), 2)


def run_mapped():
    return mapped(jnp.ones((2, 3)), jnp.array([1, 2]))
"""


def test_vmap_in_axes_expressions_leave_none_arguments_python(tmp_path):
    assert lint(tmp_path, VMAP_NONE_EXPRESSIONS) == set()
    assert load(tmp_path, VMAP_NONE_EXPRESSIONS, "vmap_none_ok").run().shape == (2, 2)


def test_vmap_none_argument_is_traced_when_the_caller_is(tmp_path):
    assert lint(tmp_path, VMAP_TRACED) == expected(VMAP_TRACED)
    module = load(tmp_path, VMAP_TRACED, "vmap_traced")
    with pytest.raises(jax.errors.ConcretizationTypeError):
        module.run()  # jit traces k: vmap passes the tracer on
    with pytest.raises(IndexError, match="static integers"):
        module.run_mapped()  # a mapped k is a batched tracer


# -- SHARDMAPNONE: shard_map passes the arguments at None in_specs entries through ---------------

SHARD_MAP_NONE = """
import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

MESH = jax.make_mesh((1,), ("x",))
SPECS = (P(), None, None)


@dataclasses.dataclass(frozen=True)
class Config:
    block: int = 4


def outer(x, cfg, n, flag):
    @functools.partial(jax.shard_map, mesh=MESH, in_specs=(P(), None) + (None,) * 2, out_specs=P())
    def inner(x, cfg, n, flag):
        if n > 1 and flag:
            x = jnp.flip(x, 0)
        pad = (x.shape[0] + cfg.block - 1) // cfg.block * cfg.block - x.shape[0]
        if pad > 0:
            x = jnp.pad(x, (0, pad))
        return x[: x.shape[0] - pad]

    return inner(x, cfg, n, flag)


def positional(x, n):
    return x[:n].sum() + x


legacy = shard_map(positional, MESH, (P(), None), P())
named = jax.shard_map(lambda x, cfg, n: x * n if cfg.block > n else x, mesh=MESH, in_specs=SPECS, out_specs=P())
step = jax.jit(outer, static_argnums=(1, 2, 3))


def run():
    step(jnp.ones(3), Config(), 2, True)
    legacy(jnp.ones(3), 2)
    named(jnp.ones(3), Config(), 2)
    return jax.jit(lambda x: legacy(x, 1))(jnp.ones(3))
"""

SHARD_MAP_SPEC_TRACES = """
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MESH = jax.make_mesh((1,), ("x",))


@functools.partial(jax.shard_map, mesh=MESH, in_specs=(P(), P()), out_specs=P())
def scaled(x, n):
    if n > 1:  # expect: JG101
        return x * 2
    return x


def run():
    return jax.jit(lambda x: scaled(x, 2))(jnp.ones(3))
"""


def test_shard_map_none_specs_leave_arguments_python(tmp_path):
    assert lint(tmp_path, SHARD_MAP_NONE) == set()
    assert load(tmp_path, SHARD_MAP_NONE, "shard_map_none_ok").run().shape == (3,)


def test_shard_map_partition_spec_traces_even_p(tmp_path):
    assert lint(tmp_path, SHARD_MAP_SPEC_TRACES) == expected(SHARD_MAP_SPEC_TRACES)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        load(tmp_path, SHARD_MAP_SPEC_TRACES, "shard_map_spec").run()  # under jit, P() traces a Python int


# -- PREDMAP: map of a predicate that returns Python values -------------------------------------

PREDICATE_MAP = """
import jax
import jax.numpy as jnp


def is_pair(x) -> bool:
    return isinstance(x, tuple) and len(x) == 2


def both_arrays(x, y):
    return isinstance(x, jax.Array) and isinstance(y, jax.Array)


@jax.jit
def total(xs, ys):
    if all(map(is_pair, xs)) or any(map(both_arrays, xs, ys)):
        return sum(a.sum() for a, _ in xs)
    return sum(x.sum() for x in xs)


def run():
    total([(jnp.ones(2), jnp.ones(2))], [jnp.ones(1)])
    return total([jnp.ones(2)], [0])
"""

PREDICATE_MAP_TRACED = """
import jax
import jax.numpy as jnp


def positive(x):
    return x.sum() > 0


@jax.jit
def total(xs):
    if all(map(positive, xs)):  # expect: JG103
        return sum(x.sum() for x in xs)
    return 0.0


def run():
    return total([jnp.ones(2)])
"""


def test_map_of_a_static_predicate_is_python(tmp_path):
    assert lint(tmp_path, PREDICATE_MAP) == set()
    assert load(tmp_path, PREDICATE_MAP, "predmap_ok").run().shape == ()


def test_map_of_a_traced_predicate_is_flagged(tmp_path):
    assert lint(tmp_path, PREDICATE_MAP_TRACED) == expected(PREDICATE_MAP_TRACED)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        load(tmp_path, PREDICATE_MAP_TRACED, "predmap_traced").run()


# -- HELPERMETA: helpers returning metadata, static arguments, shapes or None --------------------

RECURSIVE_METADATA = """
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.tree_util.register_dataclass, data_fields=["data"], meta_fields=["dims"])
@dataclasses.dataclass
class Arr:
    data: jax.Array
    dims: tuple


def dims_of(x):
    if isinstance(x, Arr):
        return x.dims
    if x.ndim == 0:
        return None
    subs = [dims_of(row) for row in x]
    return subs[0] if all(s == subs[0] for s in subs) else None


def size_of(x):
    return np.prod(dims_of(x)) if dims_of(x) is not None else x.shape[-1]


@jax.jit
def scaled(x):
    dims = dims_of(x)
    if size_of(x) > 2 and dims is not None:
        return x.data.reshape(*dims) * 2
    return x.data


def run():
    scaled(Arr(jnp.ones(6), (2, 3)))
    return scaled(Arr(jnp.ones(2), (2,)))
"""

RECURSIVE_TRACED = """
import jax
import jax.numpy as jnp


def doubled(x, n):
    if n == 0:
        return x
    return doubled(x * 2, n - 1)


@jax.jit
def grows(x):
    if doubled(x, 2).sum() > 0:  # expect: JG101
        return x
    return -x


def run():
    return grows(jnp.ones(2))
"""


def test_recursive_helper_returning_metadata_is_python(tmp_path):
    assert lint(tmp_path, RECURSIVE_METADATA) == set()
    assert load(tmp_path, RECURSIVE_METADATA, "recursive_meta").run().shape == (2,)


def test_recursive_helper_returning_its_traced_argument_is_traced(tmp_path):
    assert lint(tmp_path, RECURSIVE_TRACED) == expected(RECURSIVE_TRACED)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        load(tmp_path, RECURSIVE_TRACED, "recursive_traced").run()


METADATA_LIB = """
import dataclasses
import functools
from collections.abc import Sequence

import jax
import numpy as np


@functools.partial(jax.tree_util.register_dataclass, data_fields=["data"], meta_fields=["dims"])
@dataclasses.dataclass
class Arr:
    data: jax.Array
    dims: tuple


def get_dims(x):
    if isinstance(x, Sequence) and not isinstance(x, str):
        subs = [get_dims(sub) for sub in x]
        return subs[0] if all(s == subs[0] for s in subs) else None
    if isinstance(x, Arr):
        return x.dims
    return None


def init_dims(xdims, dims, shape):
    if dims is None:
        dims = (shape[-1],) if xdims is None else xdims
    if np.prod(dims) != shape[-1]:
        raise ValueError("dims do not match the shape")
    return dims
"""

METADATA_MAIN = """
import functools

import jax
import numpy as np

from .lib import get_dims, init_dims


@functools.partial(jax.jit, static_argnums=(1,))
def split(x, dims=None):
    xdims = get_dims(x)
    data = x.data
    dims = np.asarray(init_dims(xdims, dims, data.shape))
    if np.prod(dims) != data.shape[-1]:
        raise ValueError("dims")
    return data.reshape(*dims), tuple(dims.tolist())


@jax.jit
def converts(x):
    return np.asarray(x)  # expect: JG104


@jax.jit
def big(x):
    if np.prod(get_dims(x)) > 4:
        return x.data * 2
    return x.data


@jax.jit
def positive(x):
    if np.prod(x) > 0:  # expect: JG101
        return x
    return -x
"""


def test_numpy_conversion_of_another_modules_metadata_is_python(tmp_path):
    pkg = tmp_path / "metapkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "lib.py").write_text(textwrap.dedent(METADATA_LIB))
    (pkg / "main.py").write_text(textwrap.dedent(METADATA_MAIN))
    results = lint_files([str(pkg / n) for n in ("__init__.py", "lib.py", "main.py")], LintOptions(DEFAULT))
    assert {(Path(f.path).name, f.line, f.code) for r in results for f in r.findings} == {
        ("main.py", line, code) for line, code in expected(METADATA_MAIN)}
    sys.path.insert(0, str(tmp_path))
    try:
        main = importlib.import_module("metapkg.main")
        lib = importlib.import_module("metapkg.lib")
        out, dims = main.split(lib.Arr(jax.numpy.ones(6), (2, 3)))
        assert out.shape == (2, 3) and [int(d) for d in dims] == [2, 3]
        assert main.split(lib.Arr(jax.numpy.ones(4), None), (4,))[0].shape == (4,)
        with pytest.raises(jax.errors.TracerArrayConversionError):
            main.converts(jax.numpy.ones(2))
        assert float(main.big(lib.Arr(jax.numpy.ones(6), (2, 3))).sum()) == 12.0
        with pytest.raises(jax.errors.TracerBoolConversionError):
            main.positive(jax.numpy.ones(2))  # np.prod calls the tracer's own prod: a tracer
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.startswith("metapkg")]:
            del sys.modules[name]


# -- CTEVAL: ensure_compile_time_eval runs what has no traced input eagerly --------------------

COMPILE_TIME_EVAL = """
from typing import Callable

import jax
import jax.numpy as jnp


def space(n):
    return jnp.sqrt(2.0) * jnp.linspace(-1.0, 1.0, n)


def normalize(phi: Callable):
    with jax.ensure_compile_time_eval():
        x = space(101)
        c = jnp.mean(phi(x) ** 2) ** 0.5
        c = c.item()
        if jnp.allclose(c, 1.0):
            return phi
    return lambda v: phi(v) / c


def parity(phi) -> int:
    with jax.ensure_compile_time_eval():
        x = jnp.linspace(0.0, 3.0, 16)
        a1, a2 = phi(x), phi(-x)
        if jnp.max(jnp.abs(a1 - a2)) < 1e-5:
            return 1
        return -1 if jnp.max(jnp.abs(a1 + a2)) < 1e-5 else 0


def activation(x, even_act=jax.nn.gelu, odd_act=jnp.tanh):
    if parity(odd_act) != -1:
        raise ValueError("odd_act must be odd")
    return normalize(even_act)(x) + odd_act(x)


gate = jax.jit(jax.vmap(activation))


def run():
    return gate(jnp.ones((2, 3)))
"""

COMPILE_TIME_EVAL_TRACED = """
import jax
import jax.numpy as jnp


def checked(phi, v):
    with jax.ensure_compile_time_eval():
        if jnp.max(phi(v)) > 0:  # expect: JG101
            return v
    return -v


@jax.jit
def step(v):
    return checked(jnp.tanh, v)


def run():
    return step(jnp.ones(2))


@jax.jit
def closure(x):
    def inner():
        return x + 1

    with jax.ensure_compile_time_eval():
        if inner().sum() > 0:  # expect: JG101
            return x
    return -x


def run_closure():
    return closure(jnp.ones(2))
"""


def test_compile_time_eval_of_a_callable_on_constants_is_concrete(tmp_path):
    assert lint(tmp_path, COMPILE_TIME_EVAL) == set()
    assert load(tmp_path, COMPILE_TIME_EVAL, "cteval_ok").run().shape == (2, 3)


def test_compile_time_eval_of_a_traced_input_still_raises(tmp_path):
    assert lint(tmp_path, COMPILE_TIME_EVAL_TRACED) == expected(COMPILE_TIME_EVAL_TRACED)
    module = load(tmp_path, COMPILE_TIME_EVAL_TRACED, "cteval_traced")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.run()
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.run_closure()  # a nested function reads the traced x: not eager


SHARD_MAP_NONE_TRACED_CALLER = """
import functools
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MESH = jax.make_mesh((1,), ("x",))


def outer(x, n):
    @functools.partial(jax.shard_map, mesh=MESH, in_specs=(P(), None), out_specs=P())
    def inner(x, n):
        if n > 1:  # expect: JG101
            return x * 2
        return x
    return inner(x, n)


step = jax.jit(outer)


def run():
    return step(jnp.ones(2), 2)
"""


def test_shard_map_none_spec_passes_a_traced_value_on(tmp_path):
    assert lint(tmp_path, SHARD_MAP_NONE_TRACED_CALLER) == expected(SHARD_MAP_NONE_TRACED_CALLER)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        load(tmp_path, SHARD_MAP_NONE_TRACED_CALLER, "shard_map_none_traced").run()  # jit traced n
