"""The JAX facts behind the fixes of the second held-out set's false findings (docs/precision.md,
"Second held-out set"), checked under the installed JAX, and the linter's answer on small
look-alikes of each mechanism that differ from the case files in tests/precision_cases/.
"""

from __future__ import annotations

import textwrap

import pytest

from jitguard.lint.analysis import jaxapi
from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files


def _lint(tmp_path, **modules: str) -> list[tuple[str, int, str]]:
    paths = []
    for name, text in modules.items():
        path = tmp_path / f"{name}.py"
        path.write_text(textwrap.dedent(text))
        paths.append(str(path))
    codes = frozenset(all_codes()) - opt_in_codes()
    out = []
    for result in lint_files(paths, LintOptions(codes)):
        assert not result.errors, result.errors
        out.extend((result.path.rsplit("/", 1)[-1], f.line, f.code) for f in result.findings)
    return sorted(out)


def _expected(name: str, text: str) -> list[tuple[str, int, str]]:
    """The lines of ``text`` marked ``# expect JGxxx``, as _lint reports them."""
    out = []
    for i, line in enumerate(textwrap.dedent(text).splitlines(), 1):
        if "# expect " in line:
            out.append((f"{name}.py", i, line.split("# expect ", 1)[1][:5]))
    return out


# -- LAXLAYOUT: JAX's layout/shape/dtype helpers return Python values under jit -------------------

def _layout_calls(jnp, lax, x):
    """One call of each function of jaxapi.LAYOUT_FUNCTIONS, on what a jitted function has: the
    static shape and dtype of a traced array."""
    import jax

    nchw = ("NCHW", "OIHW", "NCHW")
    dn = lax.conv_dimension_numbers(x.shape, (4, 3, 3, 3), nchw)
    return {
        "jax.lax.conv_general_permutations": lambda: lax.conv_general_permutations(("NHWC", "HWIO", "NHWC")),
        "jax.lax.conv_dimension_numbers": lambda: dn,
        "jax.lax.padtype_to_pads": lambda: lax.padtype_to_pads(x.shape[2:], (3, 3), (1, 1), "SAME"),
        "jax.lax.conv_general_shape_tuple": lambda: lax.conv_general_shape_tuple(
            x.shape, (4, 3, 3, 3), (1, 1), [(1, 1), (1, 1)], nchw),
        "jax.lax.conv_shape_tuple": lambda: lax.conv_shape_tuple(x.shape, (4, 3, 3, 3), (1, 1), [(1, 1), (1, 1)]),
        "jax.lax.conv_transpose_shape_tuple": lambda: lax.conv_transpose_shape_tuple(
            x.shape, (4, 3, 3, 3), (1, 1), [(1, 1), (1, 1)], nchw),
        "jax.lax.reduce_window_shape_tuple": lambda: lax.reduce_window_shape_tuple(
            x.shape, (1, 1, 2, 2), (1, 1, 1, 1), [(0, 0)] * 4),
        "jax.lax.broadcast_shapes": lambda: lax.broadcast_shapes(x.shape, (1, 3, 1, 1)),
        "jax.numpy.broadcast_shapes": lambda: jnp.broadcast_shapes(x.shape, (1, 3, 1, 1)),
        "jax.numpy.promote_types": lambda: jnp.promote_types(x.dtype, jnp.int32),
        "jax.numpy.can_cast": lambda: jnp.can_cast(x.dtype, jnp.int32),
        "jax.numpy.isdtype": lambda: jnp.isdtype(x.dtype, "real floating"),
        "jax.lax.dtype": lambda: lax.dtype(x),
        "jax.dtypes.canonicalize_dtype": lambda: jax.dtypes.canonicalize_dtype(x.dtype),
    }


def test_layout_functions_return_python_values_under_jit():
    jax = pytest.importorskip("jax")
    jnp, lax = jax.numpy, jax.lax
    results = {}

    @jax.jit
    def f(x):
        for name, call in _layout_calls(jnp, lax, x).items():
            results[name] = call()
        return x

    f(jnp.ones((2, 3, 5, 5)))
    assert set(results) == set(jaxapi.LAYOUT_FUNCTIONS)
    for name, value in results.items():
        leaves = jax.tree_util.tree_leaves(value, is_leaf=lambda v: isinstance(v, jax.core.Tracer))
        assert not any(isinstance(v, jax.core.Tracer) for v in leaves), name
        assert value is not None, name
    # a Python int from them works where JAX needs a static size, inside the same jit
    pads = None

    @jax.jit
    def g(x):
        nonlocal pads
        pads = lax.padtype_to_pads(x.shape[2:], (3, 3), (1, 1), "SAME")
        return jnp.zeros(sum(p[0] + p[1] for p in pads))

    assert g(jnp.ones((2, 3, 5, 5))).shape == (4,)


LAYOUT_CODE = '''
        import jax
        import jax.numpy as jnp
        from jax import lax

        @jax.jit
        def f(x):
            perm = lax.conv_general_permutations(("NHWC", "HWIO", "NHWC"))
            c = x.shape[perm[0][1]]
            pads = lax.padtype_to_pads(x.shape[1:3], (3, 3), (1, 1), "SAME")
            if c > 1:
                x = x * 2
            n = jnp.broadcast_shapes(x.shape, (1, 1, 1, 1))[0]
            return jnp.zeros((c, pads[0][0] + n))

        @jax.jit
        def traced_size(x):
            return jnp.zeros(x.sum())  # expect JG105: a traced value stays one
'''


def test_layout_results_are_static_in_the_value_model(tmp_path):
    assert _lint(tmp_path, layout=LAYOUT_CODE) == _expected("layout", LAYOUT_CODE)
    assert _expected("layout", LAYOUT_CODE)


def _exec(text: str) -> dict:
    namespace: dict = {}
    exec(compile(textwrap.dedent(text), "<case>", "exec"), namespace)
    return namespace


def test_layout_code_runs_under_jax():
    jax = pytest.importorskip("jax")
    ns = _exec(LAYOUT_CODE)
    assert ns["f"](jax.numpy.ones((2, 5, 5, 3))).shape == (3, 3)
    with pytest.raises(TypeError, match="concrete"):
        ns["traced_size"](jax.numpy.ones(3, dtype=int))


# -- VMAPSTAR / VMAPNONEX: None entries of vmap's in_axes, spliced or in another module ----------

def test_vmap_in_axes_entries_line_up_with_the_arguments():
    jax = pytest.importorskip("jax")
    np = pytest.importorskip("numpy")
    jnp = jax.numpy
    seen = {}

    def f(x, idx, n, scale):
        seen["idx"], seen["n"], seen["scale"] = type(idx), type(n), type(scale)
        return x * scale + jnp.ones(n)[idx].sum()

    nones = [None] * 3
    out = jax.jit(lambda x: jax.vmap(f, in_axes=(0, *nones))(x, np.arange(2), 4, 2.0))(jnp.ones(3))
    assert out.shape == (3,)
    assert seen == {"idx": np.ndarray, "n": int, "scale": float}
    with pytest.raises(ValueError):  # one entry per positional argument: a star cannot shift them
        jax.vmap(f, in_axes=(0, *[None] * 2))(jnp.ones(3), np.arange(2), 4, 2.0)


VMAP_FUNCS = '''
    import jax.numpy as jnp
    import numpy as np


    def make(n, width):
        return jnp.arange(-n, n + 1) / width


    def pick(x, types, n):
        if np.sum(np.isin(types, [1, 2])) > 0:
            x = x + jnp.ones(n)[0]
        if x.sum() > 0:  # expect JG101: x is mapped (axis 0)
            x = -x
        return x
'''

VMAP_CALLS = '''
    import jax
    from jax import vmap

    from vfuncs import make, pick


    def filters(n, widths):
        return vmap(make, (None, 0))(n, widths)


    def picks(xs, types, n):
        tail = [None] * 2
        return jax.vmap(pick, in_axes=(0, *tail))(xs, types, n)


    def spread(xs, types, n, extra):
        axes = [None for _ in extra]
        return jax.vmap(pick, in_axes=[0] + axes)(xs, types, n)


    def branches(xs, types, n, extra, implicit):
        if implicit:
            nones = [None] * len(extra)
            return jax.vmap(pick, in_axes=(0, *nones))(xs, types, n)
        nones = [None] * (len(extra) - 1)
        return jax.vmap(pick, in_axes=(0, None, *nones))(xs, types, n)


    def local(xs, types, n):
        def g(x, t, k):
            if k > 1:  # expect JG101: entries of unknown value: k may be mapped
                x = x * k
            if t > 0:  # expect JG101: t too
                x = -x
            return x
        extra = list(types)
        return jax.vmap(g, in_axes=(0, *extra))(xs, types, n)
'''


def test_vmap_none_axes_static_in_the_value_model(tmp_path):
    found = _lint(tmp_path, vfuncs=VMAP_FUNCS, vcalls=VMAP_CALLS)
    assert found == sorted(_expected("vfuncs", VMAP_FUNCS) + _expected("vcalls", VMAP_CALLS))


# -- METADICT: a field declared static through its metadata mapping -------------------------------

def test_metadata_mapping_fields_stay_python_values_under_jit():
    jax = pytest.importorskip("jax")
    import dataclasses

    jnp = jax.numpy

    @jax.tree_util.register_dataclass
    @dataclasses.dataclass
    class Scaled:
        x: jax.Array
        n: int = dataclasses.field(metadata=dict(static=True))

    def by_pytree_node(cls):  # a decorator reading the metadata flax.struct.field writes
        cls = dataclasses.dataclass(frozen=True)(cls)
        fields = dataclasses.fields(cls)
        meta = [f.name for f in fields if not f.metadata.get("pytree_node", True)]
        data = [f.name for f in fields if f.metadata.get("pytree_node", True)]
        return jax.tree_util.register_dataclass(cls, data_fields=data, meta_fields=meta)

    @by_pytree_node
    class Labelled:
        x: jax.Array
        axes: dict = dataclasses.field(metadata={"pytree_node": False})

    seen = {}

    @jax.jit
    def f(s, lab):
        seen["n"], seen["axes"] = type(s.n), type(lab.axes)
        return s.x * s.n if s.n > 1 and lab.axes["i"] < 1 else s.x

    f(Scaled(jnp.ones(2), 3), Labelled(jnp.ones(2), {"i": 0}))
    assert seen == {"n": int, "axes": dict}


META_TYPES = '''
    import dataclasses

    import jax


    @jax.tree_util.register_dataclass
    @dataclasses.dataclass
    class Scaled:
        x: jax.Array
        n: int = dataclasses.field(metadata=dict(static=True))


    @jax.tree_util.register_dataclass
    @dataclasses.dataclass
    class Labelled:
        x: jax.Array
        axes: dict = dataclasses.field(metadata={"static": True})


    def by_pytree_node(cls):  # a project's own decorator: it may read either key
        cls = dataclasses.dataclass(frozen=True)(cls)
        meta = [f.name for f in dataclasses.fields(cls) if not f.metadata.get("pytree_node", True)]
        data = [f.name for f in dataclasses.fields(cls) if f.metadata.get("pytree_node", True)]
        return jax.tree_util.register_dataclass(cls, data_fields=data, meta_fields=meta)


    @by_pytree_node
    class Ordered:
        order: tuple = dataclasses.field(metadata={"pytree_node": False})
'''

META_USE = '''
    import jax

    from mtypes import Labelled, Ordered, Scaled


    @jax.jit
    def f(s: Scaled, lab: Labelled, o: Ordered):
        if s.n > 1 and lab.axes["i"] < o.order[0]:
            return s.x * s.n
        if lab.x.sum() > 0:  # expect JG101: a data field is traced
            return lab.x
        return s.x
'''


def test_metadata_mapping_fields_are_static_in_the_value_model(tmp_path):
    found = _lint(tmp_path, mtypes=META_TYPES, muse=META_USE)
    assert found == _expected("muse", META_USE)


# -- XMODPROP: a property of another module computing a Python int with builtins and host queries -

def test_host_queries_and_builtins_are_python_values_under_jit():
    jax = pytest.importorskip("jax")
    seen = {}

    @jax.jit
    def f(x):
        seen["q"] = [type(q) for q in (jax.device_count(), jax.local_device_count(), jax.process_count(),
                                       jax.process_index())]
        per, rest = divmod(x.shape[0], jax.device_count())
        seen["divmod"] = (type(per), type(rest))
        return x.reshape(jax.device_count(), per, -1)

    f(jax.numpy.ones((4, 2)))
    assert seen == {"q": [int] * 4, "divmod": (int, int)}


PROP_BASE = '''
    import dataclasses

    import jax

    SPLIT = False


    @dataclasses.dataclass(frozen=True)
    class Base:
        n_sites: int = dataclasses.field(metadata={"static": True})

        @property
        def n_total(self) -> int:
            return jax.device_count()

        @property
        def per_device(self):
            devices = jax.device_count() if SPLIT else 1
            per, rest = divmod(self.n_total, devices)
            if rest != 0:
                raise RuntimeError("uneven")
            return max(per, 1)

        @property
        def energy(self):
            e = self.values.sum()
            if SPLIT:
                return e / 2
            return e
'''

PROP_USE = '''
    import dataclasses
    import functools

    import jax

    from pbase import Base


    @jax.tree_util.register_dataclass
    @dataclasses.dataclass(frozen=True)
    class Chain(Base):
        values: jax.Array = None

        @functools.partial(jax.jit, static_argnums=1)
        def run(self, k):
            if self.values.shape != (self.per_device, self.n_sites):
                raise ValueError("shape")
            if self.energy > k:  # expect JG101: computed from a data field
                return self.values
            return -self.values
'''


def test_cross_module_property_of_host_queries_is_static(tmp_path):
    found = _lint(tmp_path, pbase=PROP_BASE, puse=PROP_USE)
    assert found == _expected("puse", PROP_USE)


# -- MAPQUERY: tree_map of a dtype/type query gives Python values --------------------------------

def test_tree_map_of_a_query_gives_python_values_under_jit():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    seen = {}

    @jax.jit
    def f(tree):
        for q in (jnp.iscomplexobj, jnp.isrealobj, jnp.shape, jnp.ndim, type):
            seen[q] = {type(v) for v in jax.tree.leaves(jax.tree.map(q, tree), is_leaf=lambda v: v is not tree)}
        return tree

    f({"a": jnp.ones(2), "b": jnp.ones((), jnp.complex64)})
    assert all(not any(issubclass(t, jax.core.Tracer) for t in types) for types in seen.values()), seen


MAP_CODE = '''
    import jax
    import jax.numpy as jnp


    @jax.jit
    def f(tree):
        if any(jax.tree.leaves(jax.tree.map(jnp.iscomplexobj, tree))):
            tree = jax.tree.map(jnp.conj, tree)
        if all(jax.tree_util.tree_leaves(jax.tree_util.tree_map(jnp.ndim, tree))):
            tree = jax.tree.map(lambda v: v * 2, tree)
        if any(jax.tree.leaves(jax.tree.map(jnp.isnan, tree))):  # expect JG103: a traced mask per leaf
            tree = jax.tree.map(jnp.nan_to_num, tree)
        return tree
'''


def test_tree_map_of_a_query_is_static_in_the_value_model(tmp_path):
    assert _lint(tmp_path, mapq=MAP_CODE) == _expected("mapq", MAP_CODE)


# -- a type test on the left of `and` narrows the if's body (found re-measuring held-out 2) -------

GUARD_CODE = '''
    import dataclasses

    import jax


    @jax.tree_util.register_dataclass
    @dataclasses.dataclass(frozen=True)
    class Slot:
        label: str = dataclasses.field(metadata=dict(static=True))


    @jax.jit
    def bind(tree, values):
        table = {Slot(k): v for k, v in values.items()}
        leaves, treedef = jax.tree_util.tree_flatten(tree, is_leaf=lambda x: isinstance(x, Slot))
        out = []
        for leaf in leaves:
            if isinstance(leaf, Slot) and leaf in table:
                out.append(table[leaf])
            elif not isinstance(leaf, Slot) or leaf.label in values:
                out.append(leaf)
            else:
                out.append(leaf)
        return treedef.unflatten(out)


    @jax.jit
    def wrong(tree, table):
        for leaf in jax.tree_util.tree_leaves(tree):
            if isinstance(leaf, Slot) or leaf in table:  # expect JG101: leaf may be a tracer here
                return table[leaf]
        return tree
'''


def test_type_test_in_a_conjunction_narrows_the_body(tmp_path):
    jax = pytest.importorskip("jax")
    ns = _exec(GUARD_CODE)
    out = ns["bind"]({"w": ns["Slot"]("w"), "x": jax.numpy.ones(2)}, {"w": jax.numpy.zeros(2)})
    assert float(out["w"].sum()) == 0.0
    with pytest.raises(TypeError):  # unhashable tracer
        ns["wrong"]([jax.numpy.ones(())], {1.0: 2.0})
    assert _lint(tmp_path, guard=GUARD_CODE) == _expected("guard", GUARD_CODE)


# -- the metadata key a registration reads: register_dataclass reads "static" only ---------------

WRONG_KEY = '''
    import dataclasses

    import jax
    import jax.numpy as jnp


    @jax.tree_util.register_dataclass
    @dataclasses.dataclass
    class S:
        x: jax.Array
        w: float = dataclasses.field(metadata={"pytree_node": False})


    @jax.jit
    def f(s):
        if s.w > 0:  # expect JG101: register_dataclass ignores "pytree_node": w is a traced leaf
            return s.x
        return -s.x
'''


def test_register_dataclass_ignores_the_pytree_node_key_under_jit():
    jax = pytest.importorskip("jax")
    ns = _exec(WRONG_KEY)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        ns["f"](ns["S"](jax.numpy.ones(2), 1.0))


def test_register_dataclass_pytree_node_key_is_traced_in_the_value_model(tmp_path):
    assert _lint(tmp_path, wrongkey=WRONG_KEY) == _expected("wrongkey", WRONG_KEY)
    # the same class from another module (the tree-wide text scan reads the key by registration too)
    types = WRONG_KEY.split("@jax.jit", 1)[0]
    use = '''
        import jax

        from wtypes import S


        @jax.jit
        def f(s: S):
            if s.w > 0:  # expect JG101
                return s.x
            return -s.x
    '''
    assert _lint(tmp_path, wtypes=types, wuse=use) == _expected("wuse", use)


# -- a name that is a parameter of a function on the way out is the caller's value ---------------

PARAM_AXES = '''
    import jax
    import jax.numpy as jnp

    nones = [None, None]


    def f(x, w, b):
        if w > 0:  # expect JG101: `nones` in run is its parameter, not the module's list
            return x
        return -x


    def run(x, nones):
        return jax.vmap(f, in_axes=(0, *nones))(x, x, x)
'''


def test_vmap_in_axes_of_a_parameter_maps_under_jax():
    jax = pytest.importorskip("jax")
    ns = _exec(PARAM_AXES)
    with pytest.raises(jax.errors.TracerBoolConversionError):
        ns["run"](jax.numpy.ones(3), [0, 0])


def test_vmap_in_axes_of_a_parameter_is_not_read_through_the_module(tmp_path):
    assert _lint(tmp_path, paxes=PARAM_AXES) == _expected("paxes", PARAM_AXES)


# -- `partial(f, k=obj.attr)`: attr is never None only for the class obj is, when that is in sight --

LIMIT_TYPES = '''
    import dataclasses
    from typing import Optional


    @dataclasses.dataclass(frozen=True)
    class Limits:
        size: Optional[int] = None
'''

LIMIT_USE = '''
    import dataclasses
    from functools import partial

    import jax
    import jax.numpy as jnp

    from ltypes import Limits


    @dataclasses.dataclass(frozen=True)
    class Budget:
        size: int


    def _fill(x, size=None):
        if size is None:  # Limits.size may be None: this runs in the cond
            size = int(jnp.sum(x > 0))  # expect JG104
        return x[:size]


    def fill_to_limit(x, limits: Limits):
        return jax.lax.cond(x.sum() > 0, partial(_fill, size=limits.size), lambda v: v[:2], x)


    def _fill_budget(x, size=None):
        if size is None:  # Budget.size is an int: never None here
            size = int(jnp.sum(x > 0))
        return x[:size]


    def fill_to_budget(x, budget: Budget):
        return jax.lax.cond(x.sum() > 0, partial(_fill_budget, size=budget.size), lambda v: v[:2], x)
'''


def test_an_optional_field_of_another_class_reaches_the_cond_under_jax(tmp_path, monkeypatch):
    jax = pytest.importorskip("jax")
    (tmp_path / "ltypes.py").write_text(textwrap.dedent(LIMIT_TYPES))
    monkeypatch.syspath_prepend(str(tmp_path))
    ns = _exec(LIMIT_USE)
    with pytest.raises(jax.errors.ConcretizationTypeError):
        ns["fill_to_limit"](jax.numpy.ones(3), ns["Limits"]())
    assert ns["fill_to_budget"](jax.numpy.ones(3), ns["Budget"](2)).shape == (2,)


def test_never_none_field_is_read_on_the_class_the_object_is(tmp_path):
    assert _lint(tmp_path, ltypes=LIMIT_TYPES, luse=LIMIT_USE) == _expected("luse", LIMIT_USE)
