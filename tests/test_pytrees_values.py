"""Pytree values (issue 10: AUXLAMBDA, TYPEFIELD, DCTRUTH): what an instance JAX rebuilds from a
pytree is under a transform.

* the JAX facts, on the installed JAX: aux data of a flatten lambda/def/keys function stays the
  Python value it was, a property of a leaf's shape is an int, ``type(node.field)`` is the node's
  class, an instance of a class without ``__bool__``/``__len__`` is true (None false), and a
  ``__bool__`` reading a leaf raises;
* the readers (``pytree_aux.aux_attributes``, ``pytree_aux.static_properties``) on small sources;
* programs spanning modules, linted with the default rules and run under JAX: each legal one
  runs and gets no finding, each flagged one raises where jitguard reports it.
"""

from __future__ import annotations

import importlib.util
import sys
import textwrap

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files
from jitguard.lint.analysis.pytree_aux import aux_attributes, static_properties

DEFAULT = frozenset(all_codes()) - opt_in_codes()


# -- the JAX facts -------------------------------------------------------------------------------


def test_aux_data_of_flatten_functions_stays_python_under_jit():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    class A:
        def __init__(self, meta, arr, extra):
            self.meta, self.arr, self.extra = meta, arr, extra

        @property
        def rows(self):
            return self.arr.shape[-2]

    jax.tree_util.register_pytree_node(A, lambda x: ((x.arr,), (x.meta, x.extra)),
                                       lambda aux, ch: A(aux[0], ch[0], aux[1]))

    class B:
        def __init__(self, meta, arr):
            self.meta, self.arr = meta, arr

    def flatten(x):
        aux = x.meta
        return (x.arr,), aux

    jax.tree_util.register_pytree_node(B, flatten, lambda aux, ch: B(aux, ch[0]))

    class K:
        def __init__(self, meta, arr):
            self.meta, self.arr = meta, arr

    jax.tree_util.register_pytree_with_keys(
        K, lambda x: (((jax.tree_util.GetAttrKey("arr"), x.arr),), x.meta), lambda aux, ch: K(aux, ch[0]))
    seen = {}

    @jax.jit
    def f(a, b, k):
        seen.update(a_meta=a.meta, a_extra=a.extra, rows=a.rows, b_meta=b.meta, k_meta=k.meta,
                    leaf=isinstance(a.arr, jax.core.Tracer))
        return a.arr.sum()

    f(A((1, 2), jnp.ones((3, 4)), "s"), B("x", jnp.ones(2)), K(5, jnp.ones(2)))
    assert seen == {"a_meta": (1, 2), "a_extra": "s", "rows": 3, "b_meta": "x", "k_meta": 5, "leaf": True}


def test_type_of_a_node_and_truth_of_an_instance_are_static_under_jit():
    jax = pytest.importorskip("jax")
    import dataclasses
    import functools

    jnp = jax.numpy

    @functools.partial(jax.tree_util.register_dataclass, data_fields=["q"], meta_fields=[])
    @dataclasses.dataclass
    class Inner:
        q: jax.Array

    @functools.partial(jax.tree_util.register_dataclass, data_fields=["t", "impl"], meta_fields=[])
    @dataclasses.dataclass
    class Outer:
        t: jax.Array
        impl: object

    seen = {}

    @jax.jit
    def f(d, p=None):
        seen["type"] = type(d.impl)
        seen["truth"] = bool(p)  # noqa: JG104 - p keeps its default None here (DEFAULT does not cover decorated local defs yet)
        return d.t

    f(Outer(jnp.zeros(()), Inner(jnp.ones(2))))
    assert seen == {"type": Inner, "truth": False}
    f(Outer(jnp.zeros(()), Inner(jnp.ones(2))), Inner(jnp.zeros(0)))
    assert seen["truth"] is True  # no __bool__/__len__: true, whatever the leaves hold

    @functools.partial(jax.tree_util.register_dataclass, data_fields=["c"], meta_fields=[])
    @dataclasses.dataclass
    class WithBool:
        c: jax.Array

        def __bool__(self):
            return bool(self.c.any())

    with pytest.raises(jax.errors.TracerBoolConversionError):
        f(Outer(jnp.zeros(()), Inner(jnp.ones(2))), WithBool(jnp.zeros(2)))


# -- the readers ---------------------------------------------------------------------------------


def test_aux_attributes_reads_the_aux_half_of_flatten_functions():
    source = textwrap.dedent("""
        import jax
        from jax import tree_util as jtu

        jax.tree_util.register_pytree_node(A, lambda x: ((x.array,), x.irreps), lambda a, c: A(a, *c))
        jtu.register_pytree_node(S, lambda x: ((x.grid,), (x.quad, x.p_val, x.inner.p_arg)), unflatten)
        jax.tree_util.register_pytree_node(Irrep, lambda ir: ((), ir), lambda ir, _: ir)
        jax.tree_util.register_pytree_node(L, lambda x: ((x.items,), len(x.items)), unflatten)

        def flatten_d(x):
            children = (x.arr,)
            aux = {"n": x.n, "names": [x.names]}
            return children, aux

        jax.tree_util.register_pytree_with_keys(D, flatten_d, unflatten)

        def two_params(x, y):
            return (x.a,), x.not_read

        jax.tree_util.register_pytree_node(T, two_params, unflatten)

        @jtu.register_pytree_node_class
        class C:
            def tree_flatten(self):
                return (self.values,), (self.labels, self.count)

        class NotRegistered:
            def tree_flatten(self):
                return (self.values,), self.not_registered
    """)
    assert aux_attributes(source) == {"irreps", "quad", "p_val", "p_arg", "n", "names", "labels", "count"}
    assert aux_attributes("def broken(:\n") == set()


def test_metadata_names_reads_the_static_keywords_not_longer_names_ending_in_them():
    from jitguard.lint.textscan import metadata_names

    source = textwrap.dedent(
        """
        class P(eqx.Module):
            a: int = my_field(is_static=True)
            b: int = eqx.field(static=True)
            c: int = my_field(not_pytree_node=False)
            d: int = struct.field(pytree_node=False)
        """
    )
    fields, _ = metadata_names(source)
    assert {f for f in fields if not f.startswith("\x00")} == {"b", "d"}  # (marked entries: other scans' records)


def test_metadata_names_reads_wrapped_field_calls_and_class_variables():
    from jitguard.lint.textscan import metadata_names

    source = textwrap.dedent(
        """
        @jax.tree_util.register_dataclass
        @dataclasses.dataclass(frozen=True)
        class P:
            mode: Mode = dataclasses.field(
                metadata={"static": True}
            )
            n: int = dataclasses.field(
                default=3,
                metadata=dict(static=True),
            )
            x: jax.Array = dataclasses.field(
                default=None,
            )
            dim: ClassVar[int]
            other: typing.ClassVar[str] = "a"
            y: jax.Array = dataclasses.field(default_factory=lambda: jnp.zeros(()), metadata={"static": False})
        """
    )
    fields, _ = metadata_names(source)
    assert {f for f in fields if not f.startswith("\x00")} == {"mode", "n", "dim", "other"}


def test_class_truth_records_and_lookup():
    from jitguard.lint.analysis import classtruth

    source = textwrap.dedent(
        """
        @jax.tree_util.register_dataclass
        @dataclasses.dataclass(frozen=True)
        class Plain:
            x: jax.Array

        class Sized(Plain):
            def __len__(self):
                return 2

        class Child(Plain, Generic[T]):
            pass

        class Meta(metaclass=abc.ABCMeta):
            pass

        @some_registry.add
        class Decorated:
            pass

        class Arr(np.ndarray):
            pass
        """
    )
    records = classtruth.table(classtruth.qualify(classtruth.scan(source), "pkg.types"))
    truthy = {name for name in records if classtruth.always_true(records, f"pkg.types.{name}")}
    assert truthy == {"Plain", "Child"}
    assert classtruth.always_true(records, "pkg.Plain")  # a re-export of the package
    assert classtruth.always_true(records, "root.pkg.types.Plain")  # scanned below the package root
    assert not classtruth.always_true(records, "other.types.Plain")
    assert classtruth.plain_names(classtruth.qualify(classtruth.scan(source), "pkg.types")) == {"Plain", "Child"}


def test_shape_methods_of_self_alone():
    from jitguard.lint.analysis.pytree_aux import shape_methods

    source = textwrap.dedent(
        """
        class G:
            @final
            def batch_axes(self) -> Tuple[int, ...]:
                return self.parameters().shape[:-1]

            def rank(self):
                return self.x.ndim + 1

            def total(self):
                return self.x.sum() + self.x.shape[0]

            @jax.jit
            def jitted(self):
                return self.x.shape

            def mixed(self):
                return self.x.shape

        class H:
            def mixed(self, k):
                return self.x[k]
        """
    )
    assert shape_methods(source) == {"batch_axes", "rank"}


def test_static_properties_reads_getters_that_never_read_data():
    source = textwrap.dedent("""
        import enum

        class Impl(enum.Enum):
            A = 1

        class Sub:
            pass

        class S:
            @property
            def res_beta(self):
                return self.grid_values.shape[-2]

            @property
            def resolution(self) -> tuple:
                \"\"\"Docstring.\"\"\"
                return (self.res_beta, self.grid_values.shape[-1])

            @property
            def impl(self):
                return {Sub: Impl.A}[type(self._impl)]

            @property
            def total(self):
                return self.values.sum()

            @property
            def meta(self):
                return self.meta_field

            @property
            def overridden(self):
                return 1

            @property
            def unknown_class(self):
                return {Missing: 1}[type(self._impl)]

        class Other:
            @property
            def overridden(self):
                return self.values[0]

        def make(threshold):
            class Local:
                @property
                def limit(self):
                    return threshold
            return Local
    """)
    assert static_properties(source) == {"res_beta", "resolution", "impl"}


# -- programs across modules, linted and run -----------------------------------------------------

TYPES = """\
import dataclasses
import enum
import functools

import jax
import jax.numpy as jnp


class Impl(enum.Enum):
    JAX = "jax"
    WARP = "warp"


class Signal:
    def __init__(self, grid, quadrature, p_val=1):
        self.grid = grid
        self.quadrature = quadrature
        self.p_val = p_val

    @property
    def res_beta(self):
        return self.grid.shape[-2]

    @property
    def total(self):
        return self.grid.sum()


def _flatten(x):
    aux = (x.quadrature, x.p_val)
    return (x.grid,), aux


jax.tree_util.register_pytree_node(Signal, _flatten, lambda aux, ch: Signal(ch[0], aux[0], p_val=aux[1]))


@functools.partial(jax.tree_util.register_dataclass, data_fields=["q"], meta_fields=[])
@dataclasses.dataclass
class DataJAX:
    q: jax.Array


@functools.partial(jax.tree_util.register_dataclass, data_fields=["q"], meta_fields=[])
@dataclasses.dataclass
class DataWarp:
    q: jax.Array


@functools.partial(jax.tree_util.register_dataclass, data_fields=["t", "impl_data"], meta_fields=[])
@dataclasses.dataclass
class Data:
    t: jax.Array
    impl_data: object

    @property
    def impl(self) -> Impl:
        return {DataJAX: Impl.JAX, DataWarp: Impl.WARP}[type(self.impl_data)]
"""

USE = """\
import jax
import jax.numpy as jnp
import numpy as np

from {types} import Data, DataJAX, DataWarp, Impl, Signal


@jax.jit
def integrate(sig):
    if sig.p_val != 1 and sig.quadrature == "soft":
        raise ValueError("odd signals need gauss quadrature")
    weights = np.arange(sig.res_beta) / sig.res_beta
    return jnp.einsum("ba,b->", sig.grid, weights)


@jax.jit
def forward(d):
    if d.impl == Impl.WARP:
        return d.t + 1.0
    return d.t + d.impl_data.q.sum()


@jax.jit
def positive(sig):
    if sig.total > 0:  # flag
        return sig.grid
    return -sig.grid


def legal():
    integrate(Signal(jnp.ones((4, 3)), "soft"))
    forward(Data(jnp.zeros(()), DataJAX(jnp.ones(2))))
    forward(Data(jnp.zeros(()), DataWarp(jnp.ones(2))))


def flagged():
    positive(Signal(jnp.ones((4, 3)), "soft"))
"""

TRUTH = """\
import dataclasses
import functools
from typing import Optional

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass, data_fields=["cache"], meta_fields=[])
@dataclasses.dataclass
class Prefix:
    cache: jax.Array


@functools.partial(jax.tree_util.register_dataclass, data_fields=["cache"], meta_fields=[])
@dataclasses.dataclass
class Mask:
    cache: jax.Array

    def __bool__(self):
        return bool(self.cache.any())


@jax.jit
def prefill(tokens, prefix: Optional[Prefix] = None):
    if prefix:
        tokens = tokens + prefix.cache.sum()
    return tokens


@jax.jit
def masked(tokens, mask: Optional[Mask] = None):
    if mask:  # flag
        tokens = tokens * 2
    return tokens


def legal():
    prefill(jnp.ones(3))
    prefill(jnp.ones(3), Prefix(jnp.zeros(2)))


def flagged():
    masked(jnp.ones(3), Mask(jnp.zeros(2)))
"""


def _write(tmp_path, files: dict[str, str]) -> list[str]:
    paths = []
    for name, text in files.items():
        path = tmp_path / f"{name}.py"
        path.write_text(text)
        paths.append(str(path))
    return paths


def _findings(paths: list[str]) -> dict[tuple[str, int], set[str]]:
    found: dict[tuple[str, int], set[str]] = {}
    for result in lint_files(paths, LintOptions(DEFAULT)):
        assert not result.errors, result.errors
        for f in result.findings:
            found.setdefault((f.path.rsplit("/", 1)[-1], f.line), set()).add(f.code)
    return found


def _flag_lines(text: str) -> set[int]:
    return {i for i, line in enumerate(text.splitlines(), 1) if line.rstrip().endswith("# flag")}


def _load(tmp_path, name: str):
    sys.path.insert(0, str(tmp_path))
    try:
        spec = importlib.util.spec_from_file_location(name, tmp_path / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(tmp_path))


@pytest.mark.parametrize("case", ["modules", "truth"])
def test_programs_are_flagged_exactly_where_jax_raises(tmp_path, case):
    if case == "modules":
        types, use = f"pv_types_{case}", f"pv_use_{case}"
        files = {types: TYPES, use: USE.format(types=types)}
        main, text = use, files[use]
    else:
        main = f"pv_truth_{case}"
        files = {main: TRUTH}
        text = TRUTH
    found = _findings(_write(tmp_path, files))
    assert {line for (name, line) in found if name == f"{main}.py"} == _flag_lines(text), found
    assert all(name == f"{main}.py" for name, _ in found), found
    assert all(codes == {"JG101"} for codes in found.values()), found

    jax = pytest.importorskip("jax")
    try:
        module = _load(tmp_path, main)
        module.legal()  # the look-alikes run
        with pytest.raises(jax.errors.TracerBoolConversionError):
            module.flagged()
    finally:
        for name in files:
            sys.modules.pop(name, None)
