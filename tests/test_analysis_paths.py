"""Analysis paths that had no test: seeding through `jax.jit(other_module.f)`, `*args` splats into
helpers, and `match` in traced code. Each claim is also checked against JAX."""

from __future__ import annotations

import importlib
import math
import sys
import textwrap
from pathlib import Path

import pytest

from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

DEFAULT = frozenset(all_codes()) - opt_in_codes()


def write(root: Path, files: dict[str, str]) -> list[str]:
    paths = []
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        paths.append(str(path))
    return sorted(paths)


def found(results, root: Path) -> set[tuple[str, int, str]]:
    return {(Path(f.path).relative_to(root).as_posix(), f.line, f.code) for r in results for f in r.findings}


def test_jit_of_a_function_of_another_module_checks_it_there(tmp_path, monkeypatch):
    paths = write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/helpers.py": """\
            def clip(x, lo):
                if x > lo:
                    return x
                return lo
            """,
        "pkg/main.py": """\
            import jax
            from pkg import helpers

            clip_jit = jax.jit(helpers.clip)
            """,
    })
    for jobs in (1, 2):
        results = lint_files(paths, LintOptions(DEFAULT), jobs=jobs)
        assert found(results, tmp_path) == {("pkg/helpers.py", 2, "JG101")}, jobs
    monkeypatch.syspath_prepend(str(tmp_path))
    main = importlib.import_module("pkg.main")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        main.clip_jit(jnp.ones(()), 0.0)
    sys.modules.pop("pkg.main"), sys.modules.pop("pkg.helpers"), sys.modules.pop("pkg")


SPLAT = """\
    import jax


    def helper(a, b):
        if a > b:
            return a
        return b


    @jax.jit
    def splat(x, y):
        args = (x, y)
        return helper(*args)


    @jax.jit
    def splat_static(x):
        sizes = (1, 2)
        return x * helper(*sizes)
    """


def test_star_args_splat_passes_traced_values_into_a_helper(tmp_path, monkeypatch):
    [path] = write(tmp_path, {"splat.py": SPLAT})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(5, "JG101")}
    assert "helper" in result.findings[0].message
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("splat")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.splat(1.0, 2.0)
    assert float(module.splat_static(jnp.float32(3.0))) == 6.0
    sys.modules.pop("splat")


def test_match_on_a_traced_value_and_on_a_static_one(tmp_path):
    [path] = write(tmp_path, {"m.py": """\
        from functools import partial
        import jax


        @jax.jit
        def f(x, n):
            match n:
                case 0 | 1:
                    return x
                case _:
                    if x.sum() > 0:
                        return -x
            return x


        @partial(jax.jit, static_argnames=("mode",))
        def g(x, mode):
            match mode:
                case "a":
                    return x
            match x:
                case None:
                    return x
            return -x
        """})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(8, "JG101"), (11, "JG101")}


LOCAL_IMPORTS = """\
    import numpy as np
    import jax


    def host_sin(x):
        import jax.numpy as np  # local to this function: the others still see NumPy
        return np.sin(x)


    def make():
        from jax import jit

        @jit
        def nested(x):  # `jit` is the enclosing function's import
            if x > 0:
                return x
            return -x

        return nested


    def uses_jax_jit():
        from jax import jit
        return jit(abs)


    def jit(f):  # this module's own decorator: `from jax import jit` above is local to a function
        return f


    @jit
    def plain(x):
        if x > 0:
            return x
        return -x


    @jax.jit
    def traced_sin(x):
        return np.sin(x)
    """


def test_an_import_inside_a_function_binds_its_name_there_only(tmp_path, monkeypatch):
    [path] = write(tmp_path, {"local_imports.py": LOCAL_IMPORTS})
    [result] = lint_files([path], LintOptions(DEFAULT))
    # `np` in traced_sin is NumPy (JG104), `jit` on `plain` is the module's plain decorator, and
    # the nested function's `@jit` is the enclosing function's `from jax import jit`
    assert {(f.line, f.code) for f in result.findings} == {(15, "JG101"), (40, "JG104")}
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("local_imports")
    assert float(module.host_sin(jnp.float32(0.0))) == 0.0
    assert module.plain(2.0) == 2.0  # not traced: Python compares the floats
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.make()(jnp.float32(1.0))
    with pytest.raises(jax.errors.TracerArrayConversionError):
        module.traced_sin(jnp.float32(1.0))
    sys.modules.pop("local_imports")


def test_a_local_import_of_a_jitted_function_is_seen_only_where_it_is_imported(tmp_path, monkeypatch):
    paths = write(tmp_path, {
        "lpkg/__init__.py": "",
        "lpkg/steps.py": """\
            from functools import partial
            import jax


            @partial(jax.jit, static_argnums=1)
            def step(x, sizes):
                return x * len(sizes)
            """,
        "lpkg/main.py": """\
            import jax.numpy as jnp


            def setup():
                from lpkg.steps import step
                return step(jnp.ones(3), [1, 2])


            def train(step):
                return step(jnp.ones(3), [1, 2])
            """,
    })
    results = lint_files(paths, LintOptions(DEFAULT))
    # setup's `step` is the jitted one (a list at a static position); train's is its parameter
    assert found(results, tmp_path) == {("lpkg/main.py", 6, "JG203")}
    monkeypatch.syspath_prepend(str(tmp_path))
    main = importlib.import_module("lpkg.main")
    with pytest.raises(ValueError, match="[Nn]on-hashable static"):
        main.setup()
    assert main.train(lambda x, sizes: x).shape == (3,)
    for name in ("lpkg.main", "lpkg.steps", "lpkg"):
        sys.modules.pop(name, None)


# -- kinds of trace (jitcontext.TRACE_KINDS) -----------------------------------------------------
def _fails(transform, op) -> bool:
    """Does ``op`` of the traced argument (or of a jnp constant) raise under ``transform``?"""
    try:
        transform(op)
    except (TypeError, jax.errors.ConcretizationTypeError):  # the tracer errors are TypeErrors too
        return True
    return False


_TRANSFORMS = {
    "staged": [
        lambda f: jax.jit(lambda x: (f(x), x)[1])(jnp.float32(2.0)),
        lambda f: jax.lax.cond(True, lambda x: (f(x), x)[1], lambda x: x, jnp.float32(2.0)),
        lambda f: jax.checkpoint(lambda x: (f(x), x * 1.0)[1])(2.0),
    ],
    "batched": [lambda f: jax.vmap(lambda x: (f(x), x)[1])(jnp.ones(2))],
    "differentiated": [
        lambda f: jax.grad(lambda x: (f(x), x * 1.0)[1])(2.0),
        lambda f: jax.value_and_grad(lambda x: (f(x), x * 1.0)[1])(2.0),
        lambda f: jax.jacrev(lambda x: (f(x), x * 1.0)[1])(2.0),
    ],
}
# operation -> the kinds under which it fails (the table of jitcontext's comment)
_OPERATIONS = {
    "bool": (lambda x: bool(x > 1), {"staged", "batched"}),
    "int": (lambda x: int(x), {"staged", "batched"}),
    "item": (lambda x: x.item(), {"staged", "batched"}),
    "list index": (lambda x: [1, 2, 3][x.astype(int)], {"staged", "batched"}),
    "float": (lambda x: float(x), {"staged", "batched", "differentiated"}),
    "complex": (lambda x: complex(x), {"staged", "batched", "differentiated"}),
    "tolist": (lambda x: x.tolist(), {"staged", "batched", "differentiated"}),
    "numpy": (lambda x: np.sin(x), {"staged", "batched", "differentiated"}),
    "math": (lambda x: math.sin(x), {"staged", "batched", "differentiated"}),
    "format spec": (lambda x: f"{x:.2f}", {"staged", "batched", "differentiated"}),
    "jnp of constants": (lambda x: int(jnp.argmin(jnp.array([3, 1, 2]))), {"staged"}),
}


@pytest.mark.parametrize("operation", sorted(_OPERATIONS))
def test_trace_kinds_are_what_jax_does(operation):
    op, failing = _OPERATIONS[operation]
    for kind, transforms in _TRANSFORMS.items():
        for transform in transforms:
            assert _fails(transform, op) == (kind in failing), (operation, kind)


KINDS = """\
    import jax
    from jax import lax


    @jax.jit
    def staged(x):
        def nested(y):
            return y
        return nested(x)


    @jax.vmap
    def batched(x):
        return x


    def body(i, x):
        return x


    def loop(x):
        return lax.fori_loop(0, 3, body, x)


    both = jax.jit(jax.vmap(batched))


    def plain(x):
        return x
    """


def test_trace_state_says_the_kind_of_trace():
    import libcst as cst

    from jitguard.lint.analysis.imports import ImportTable
    from jitguard.lint.analysis.jitcontext import BATCHED, STAGED, ModuleIndex

    module = cst.parse_module(textwrap.dedent(KINDS))
    imports = ImportTable()
    imports.add_module(module)
    index = ModuleIndex(module, imports)
    kinds = {info.name: index.traces.kind(info) for info in index.functions}
    # batched is also jitted (`both`): the strongest kind wins
    assert kinds == {"staged": STAGED, "nested": STAGED, "batched": STAGED, "body": STAGED, "loop": None,
                     "plain": None}
    index2 = ModuleIndex(cst.parse_module(textwrap.dedent(KINDS).replace("both = ", "# ")), imports)
    assert {i.name: index2.traces.kind(i) for i in index2.functions}["batched"] == BATCHED


def test_nnx_jit_decorator_factory_reads_static_argnames():
    # flax.nnx.jit has jax.jit's static_argnums/static_argnames (flax/nnx/transforms/compilation.py);
    # called with options only it returns the decorator (flax is not installed here: lint only)
    import libcst as cst

    from jitguard.lint.analysis.imports import ImportTable
    from jitguard.lint.analysis.jitcontext import ModuleIndex

    module = cst.parse_module(textwrap.dedent("""\
        from flax import nnx


        @nnx.jit(static_argnames=("keep",))
        def tail(x, keep):
            return x[-keep:]


        @nnx.jit(static_argnums=1)
        def head(x, keep):
            return x[:keep]


        @nnx.jit
        def plain(x, keep):
            return x[:keep]
        """))
    imports = ImportTable()
    imports.add_module(module)
    index = ModuleIndex(module, imports)
    traced = {info.name: sorted(index.traces.of(info).traced) for info in index.functions}
    assert traced == {"tail": ["x"], "head": ["x"], "plain": ["keep", "x"]}


DEFAULTS = """\
    import functools

    import jax
    import jax.numpy as jnp


    def local(x):
        def step(x, flag=False, width=2):
            if flag:
                return x[:width].sum()
            return x.sum()

        run = jax.jit(step)
        return run(x) + jax.jit(step)(x, width=3)


    def passes_the_flag(x):
        def step(x, flag=False):
            if flag:
                return x
            return -x

        run = jax.jit(step)
        return run(x, True)


    def checked(x, validate=True):
        if validate:
            assert x.sum() > 0
        return x


    unchecked = functools.partial(checked, validate=False)


    def main(x):
        return jax.jit(unchecked)(x)
    """


def test_defaults_no_visible_caller_passes_and_partial_bound_literals_stay_python_values(tmp_path, monkeypatch):
    [path] = write(tmp_path, {"defaults.py": DEFAULTS})
    [result] = lint_files([path], LintOptions(DEFAULT))
    # `width` (passed by a caller) stays traced but is only a slice bound under `if flag:`, which
    # does not run; the flag a caller passes is reported; `validate` is bound to False
    assert {(f.line, f.code) for f in result.findings} == {(19, "JG101")}
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("defaults")
    assert float(module.local(jnp.ones(4))) == 8.0
    assert float(module.main(jnp.ones(2)).sum()) == 2.0
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.passes_the_flag(jnp.ones(2))
    sys.modules.pop("defaults")


CALLED_INSTANCE = """\
    import jax


    class Gate:
        def __call__(self, x):
            if x.sum() > 0:
                return x
            return -x


    @jax.jit
    def apply(x):
        return Gate()(x)
    """


def test_an_instance_called_in_traced_code_runs_its_call_method_in_the_trace(tmp_path, monkeypatch):
    [path] = write(tmp_path, {"called_instance.py": CALLED_INSTANCE})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(6, "JG101")}
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("called_instance")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.apply(jnp.ones(2))
    sys.modules.pop("called_instance")


def test_a_default_stays_python_through_a_transform_rewrapped_under_the_same_name():
    # chex fake_test: `g = jax.pmap(foo); g = jax.jit(g); g(x, y)` never passes `flag`
    import libcst as cst

    from jitguard.lint.analysis.imports import ImportTable
    from jitguard.lint.analysis.jitcontext import ModuleIndex

    module = cst.parse_module(textwrap.dedent("""\
        import jax


        def run(xs):
            def foo(x, flag=True):
                return x * 2 if flag else x

            g = jax.vmap(foo)
            g = jax.jit(g)
            return g(xs), g(x=xs)


        def leaks(xs):
            def bar(x, flag=True):
                return x * 2 if flag else x

            h = jax.vmap(bar)
            h = jax.jit(h)
            return h
        """))
    imports = ImportTable()
    imports.add_module(module)
    index = ModuleIndex(module, imports)
    traced = {info.name: sorted(index.traces.of(info).traced) for info in index.functions}
    assert traced["foo"] == ["x"]
    assert traced["bar"] == ["flag", "x"]  # returned: its callers are out of sight
    assert jax.jit(jax.vmap(lambda x, flag=True: x * 2 if flag else x))(jnp.ones(2)).sum() == 4.0


CARRY = """\
import jax
import jax.numpy as jnp
from jax import lax


def scale(x, inference):
    if inference:
        return x
    return x * 2


def step(carry, _):
    (actor, n), other = carry
    if other:  # a child of the carry may be None: its own truth value is not reported
        n = n + 1
    return ((actor, n), other), scale(actor["w"], actor["inference"])


def check(carry, _):
    actor, n = carry
    if actor["inference"]:
        n = n + 1
    return (actor, n), None


def run(flag):
    return lax.scan(step, (({"w": jnp.ones(2), "inference": flag}, 0), None), None, 2)


def run_checked(flag):
    return lax.scan(check, ({"inference": flag}, 0), None, 2)


def static_use(flag):
    return scale(jnp.ones(2), flag)  # a Python flag: this call alone would never fail
"""


def test_children_of_a_carry_keep_their_leaves_traced(tmp_path, monkeypatch):
    """`a, b = carry; a["flag"]`: every leaf of a lax carry is an array, so a Python bool in a
    dict of the carry is traced in the body, nested unpacking included; a helper it reaches is
    reported although another caller passes it a Python bool (the traced call raises)."""
    [path] = write(tmp_path, {"carry.py": CARRY})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(7, "JG101"), (21, "JG101")}
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("carry")
    for call in (module.run, module.run_checked):
        with pytest.raises(jax.errors.TracerBoolConversionError):
            call(False)
    assert float(module.static_use(True).sum()) == 2.0
    sys.modules.pop("carry")


KWARGS = """\
from typing import Dict

import jax
import jax.numpy as jnp


def merge(params: Dict[str, jax.Array], combinators: dict):
    out = 0.0
    for k in params:
        if k in combinators:
            out = out + params[k]
    return out


@jax.jit
def names(x, **kwargs):
    for k in kwargs:
        if k in ("a", "b"):
            x = x + kwargs[k]
    for k, v in kwargs.items():
        if k.startswith("a"):
            x = x * v
    return x + merge(kwargs, {"a": 1}) + merge(dict(a=x), {})


def offsets(x, **kw):
    if kw["low"] > 0:
        x = x - 1
    if kw["high"] > 0:
        x = x + 1
    return x


@jax.jit
def shift(x):
    return offsets(x, low=x, high=2)
"""


def test_keys_of_kwargs_and_of_dicts_are_static(tmp_path, monkeypatch):
    """The keys of **kwargs are the keywords' names, and a dict's keys are never tracers (JAX
    cannot hash one): iterating them gives Python strings, whatever the values are. The values
    keep their kinds: a traced keyword is traced, a Python int stays one."""
    [path] = write(tmp_path, {"kw.py": KWARGS})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(27, "JG101")}
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("kw")
    assert float(module.names(1.0, a=2.0, b=3.0)) == 14.0
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.shift(1.0)
    with pytest.raises(TypeError, match="unhashable"):
        jax.jit(lambda x: {x: 1})(1.0)
    sys.modules.pop("kw")


_METHOD_ARGS = {"astype": (jnp.int32,), "dot": (jnp.ones(3),), "repeat": (2,), "reshape": (3, 2), "searchsorted": (1.0,),
                "swapaxes": (0, 1), "take": (jnp.array([0]),)}


def test_operations_on_a_captured_concrete_array_are_staged():
    """What walker.captured_array encodes: under jit (and in lax loops) every JAX operation on a
    concrete JAX array the function captures gives a tracer, the array itself stays concrete;
    under vmap alone, and inside ensure_compile_time_eval, the operations are concrete."""
    from jitguard.lint.analysis.walker import _ARRAY_OP_ATTRIBUTES, ARRAY_OP_METHODS, AT_METHODS

    y = jnp.arange(6.0).reshape(2, 3)
    v = jnp.arange(3.0)
    s = jnp.array(2.0)
    seen = {}

    def probe(tag):
        def f(x):
            tracer = jax.core.Tracer
            seen[tag] = {
                "ops": {m: isinstance(getattr(v if m == "searchsorted" else y, m)(*_METHOD_ARGS.get(m, ())), tracer)
                        for m in sorted(ARRAY_OP_METHODS)}
                | {a: isinstance(getattr(y, a), tracer) for a in _ARRAY_OP_ATTRIBUTES}
                | {f"at.{m}": isinstance(getattr(y.at[0, 0], m)(*(() if m == "get" else (jnp.abs,) if m == "apply" else (1.0,))),
                                         tracer) for m in AT_METHODS}
                | {"y <= 0": isinstance(y <= 0, tracer), "-y": isinstance(-y, tracer), "y[0]": isinstance(y[0], tracer)},
                "concrete": [type(v).__name__ for v in (float(s), bool(s), s.item(), y.tolist(), y.shape, np.asarray(y))],
            }
            with jax.ensure_compile_time_eval():
                seen[tag]["eager"] = isinstance(y[0] <= 0, tracer) or isinstance(y.sum(), tracer)
            return x
        return f

    jax.jit(probe("jit"))(1.0)
    jax.lax.scan(lambda c, _: (probe("scan")(c), None), 1.0, None, 1)
    jax.vmap(probe("vmap"))(jnp.ones(2))
    for tag in ("jit", "scan"):
        assert all(seen[tag]["ops"].values()), [k for k, v in seen[tag]["ops"].items() if not v]
    assert not any(seen["vmap"]["ops"].values())
    assert {tag: seen[tag]["concrete"] for tag in seen} == dict.fromkeys(
        seen, ["float", "bool", "float", "list", "tuple", "ndarray"])
    assert not any(seen[tag]["eager"] for tag in seen)


CAPTURED = """\
import jax
import jax.numpy as jnp
import numpy as np

Y = jnp.arange(4.0)
Z = Y * 2
N = np.arange(4.0)


@jax.jit
def f(x):
    if Z[0] >= 0:
        x = x + 1
    if Y.shape[0] > 2 and np.asarray(Y)[0] >= 0 and N[0] >= 0 and Y.tolist()[0] >= 0:
        x = x + 1
    return x


def make(w):
    v = jnp.ones(3)

    def inner(x):
        if v.at[0].set(2.0).sum() > 1:
            x = x + 1
        if w[0] > 0:  # a parameter of make: what it is is not known here
            x = x + 1
        return x

    return jax.jit(inner)


def step(x):
    if Y.sum() > 0:  # vmap alone: concrete
        return x * 2
    return x


g = jax.vmap(step)
"""


def test_captured_concrete_arrays_are_traced_once_operated_on(tmp_path, monkeypatch):
    [path] = write(tmp_path, {"captured.py": CAPTURED})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(12, "JG101"), (23, "JG101")}
    assert "`Z = Y * 2` at module level" in min(result.findings, key=lambda f: f.line).message
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("captured")
    for call in (lambda: module.f(1.0), lambda: module.make(np.ones(2))(1.0)):
        with pytest.raises(jax.errors.TracerBoolConversionError):
            call()
    assert float(module.g(jnp.ones(2)).sum()) == 4.0
    sys.modules.pop("captured")


METADATA = """\
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Box:
    w: jax.Array
    limit: object


jax.tree_util.register_dataclass(Box, data_fields=["w"], meta_fields=["limit"])


@jax.jit
def clip(b):
    if b.limit > 0:
        return jnp.minimum(b.w, b.limit)
    return b.w


@jax.jit
def clip_python(b):
    if b.limit > 0:
        return jnp.minimum(b.w, b.limit)
    return b.w


def run():
    box = Box(jnp.ones(2), jnp.array(1.0))
    return clip(box)


def run_python():
    return clip_python(Box(jnp.ones(2), 1.0))
"""


def test_a_jax_array_kept_as_pytree_metadata_is_concrete_but_operations_on_it_are_traced(tmp_path, monkeypatch):
    """JAX passes pytree metadata into the trace as it is: a JAX array there is concrete inside
    jit (bool() of it works) and a comparison on it is staged out, a tracer; a call of the jitted
    function in the module that builds the argument with one is enough to know it."""
    [path] = write(tmp_path, {"meta.py": METADATA})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(18, "JG101")}
    assert "pytree metadata" in result.findings[0].help
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("meta")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.run()
    assert float(module.run_python().sum()) == 2.0
    seen = {}

    @jax.jit
    def probe(b):
        seen["concrete"] = not isinstance(b.limit, jax.core.Tracer) and bool(b.limit)
        seen["traced"] = isinstance(b.limit > 0, jax.core.Tracer)
        return b.w

    probe(module.Box(jnp.ones(2), jnp.array(1.0)))
    assert seen == {"concrete": True, "traced": True}
    sys.modules.pop("meta")


COMPILED_OUTPUT = """\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=0)
def plan(n):
    return (n + 1, None), {"rows": 2 * n}


@partial(jax.jit, static_argnums=0)
def staged(n, x):
    (size, nothing), extra = plan(n)
    if nothing is None:
        x = x + 1.0
    if size > 2:
        x = x * 2.0
    return x + extra["rows"]


def concrete(n, x):
    (size, _), extra = plan(n)
    if size > 2:
        x = x * 2.0
    return jax.vmap(lambda v: v + jnp.zeros(plan(n)[1]["rows"]).sum())(x)
"""


def test_a_compiled_function_called_in_a_trace_returns_tracers_but_keeps_none(tmp_path, monkeypatch):
    """jax.jit (and pmap, checkpoint) called inside another trace stages the call into it: every
    leaf of the output is a tracer, a Python int computed from static arguments too; None stays
    None (an empty pytree). Outside a trace, and under vmap alone, the output is a concrete array."""
    [path] = write(tmp_path, {"compiled_out.py": COMPILED_OUTPUT})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert {(f.line, f.code) for f in result.findings} == {(17, "JG101")}
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("compiled_out")
    with pytest.raises(jax.errors.TracerBoolConversionError):
        module.staged(3, jnp.ones(2))
    assert float(module.concrete(3, jnp.ones(2)).sum()) == 4.0
    for inner in (jax.checkpoint(lambda: 3), jax.jit(lambda: 3)):
        with pytest.raises(jax.errors.ConcretizationTypeError):
            jax.jit(lambda x, inner=inner: jnp.arange(inner()) + x)(1.0)
        assert jnp.arange(inner()).shape == (3,)
    sys.modules.pop("compiled_out")


def test_a_method_call_on_a_name_no_scope_binds_is_no_instance(tmp_path):
    """``thing.step(x)`` in a loop, ``thing`` from ``import *`` (bound in no scope this file
    shows): no class of the module is known for it, and the analysis does not fail on it (it
    raised TypeError in JG301 once); a parameter annotated with the class still is one."""
    [path] = write(tmp_path, {"unbound_receiver.py": """\
        import jax
        from helpers import *


        class Stepper:
            def step(self, x):
                return jax.jit(lambda v: v + 1)(x)


        def run(n, x):
            for _ in range(n):
                x = thing.step(x)
            return x


        def run_given(n, x, stepper: Stepper):
            for _ in range(n):
                x = stepper.step(x)
            return x
        """})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert result.errors == []
    assert {(f.line, f.code) for f in result.findings} == {(7, "JG301")}


def test_an_import_in_a_nested_function_does_not_unshadow_the_outer_binding(tmp_path):
    """``g = make()`` in ``outer`` makes ``g`` local to all of ``outer``; a ``from ... import g``
    in a function nested in it binds ``inner``'s own ``g`` only, so ``g([1], x)`` in ``outer``
    does not call the module's jit (no JG203), while the same call where the function itself
    imports ``g`` from this module still does (JAX: a list at a static position raises)."""
    [path] = write(tmp_path, {"nested_import.py": """\
        import jax


        def f(n, x):
            return x


        g = jax.jit(f, static_argnums=0)


        def make():
            return lambda n, x: x


        def outer(x):
            g = make()

            def inner():
                from nested_import import g
                return g

            return g([1], x), inner


        def imports_it(x):
            from nested_import import g
            return g([1], x)
        """})
    [result] = lint_files([path], LintOptions(DEFAULT))
    assert result.errors == []
    assert {(f.line, f.code) for f in result.findings} == {(27, "JG203")}
