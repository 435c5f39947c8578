"""Value kinds JAX cannot trace (JG206): JAX runtime objects (a device, a mesh, a sharding) and a
function in a data field of a ``register_dataclass`` instance, each at a traced position of a jitted
function. Each program is linted, then run under JAX: a flagged one raises TypeError at the call,
a legal look-alike (the value static, the function in a meta field) runs."""

from __future__ import annotations

import textwrap

import pytest

from jitguard.lint.engine import LintOptions
from jitguard.lint.runner import lint_files
from tests.test_jg206 import _lint as jg206_lint
from tests.test_jg206 import _run

PRELUDE = """\
import dataclasses
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec, SingleDeviceSharding


@jax.jit
def f(x, y):
    return x


@partial(jax.jit, static_argnames=("y",))
def g(x, y):
    return x


def hook(v):
    return v
"""

FLAGGED = {
    "device": """
        def main():
            return f(1.0, jax.devices()[0])  # flag
        """,
    "local_device_keyword": """
        def main():
            return f(1.0, y=jax.local_devices()[0])  # flag
        """,
    "device_list": """
        def main():
            return f(1.0, jax.devices())  # flag
        """,
    "mesh_through_a_name": """
        def main():
            mesh = Mesh(np.array(jax.devices()), ("d",))
            return f(1.0, mesh)  # flag
        """,
    "make_mesh": """
        def main():
            return f(1.0, jax.make_mesh((1,), ("d",)))  # flag
        """,
    "named_sharding": """
        def main():
            mesh = jax.make_mesh((1,), ("d",))
            return f(1.0, NamedSharding(mesh, PartitionSpec()))  # flag
        """,
    "single_device_sharding": """
        def main():
            return f(1.0, SingleDeviceSharding(jax.devices()[0]))  # flag
        """,
    "def_in_listed_data_field": """
        @dataclass
        class State:
            w: object
            fn: object


        jax.tree_util.register_dataclass(State, data_fields=["w", "fn"], meta_fields=[])


        def main():
            return f(1.0, State(jnp.ones(2), hook))  # flag
        """,
    "lambda_in_decorated_dataclass": """
        @jax.tree_util.register_dataclass
        @dataclass
        class State:
            w: object
            fn: object


        def main():
            return f(1.0, State(w=jnp.ones(2), fn=lambda v: v))  # flag
        """,
    "def_in_data_field_of_partial_registration": """
        @partial(jax.tree_util.register_dataclass, data_fields=["w", "fn"], meta_fields=["n"])
        @dataclass
        class State:
            w: object
            fn: object
            n: int = 1


        def main():
            return f(1.0, State(jnp.ones(2), hook))  # flag
        """,
}

LEGAL = {
    "device_static": """
        def main():
            return g(1.0, jax.devices()[0]), g(1.0, jax.make_mesh((1,), ("d",)))
        """,
    "device_attribute": """
        def main():
            return f(1.0, jax.devices()[0].id), f(1.0, len(jax.devices()))
        """,
    "def_in_meta_field": """
        @dataclass
        class State:
            w: object
            fn: object


        jax.tree_util.register_dataclass(State, data_fields=["w"], meta_fields=["fn"])


        def main():
            return f(1.0, State(jnp.ones(2), hook))
        """,
    "def_in_static_metadata_field": """
        @jax.tree_util.register_dataclass
        @dataclass
        class State:
            w: object
            fn: object = dataclasses.field(default=None, metadata=dict(static=True))


        def main():
            return f(1.0, State(jnp.ones(2), fn=hook))
        """,
    "arrays_in_data_fields": """
        @jax.tree_util.register_dataclass
        @dataclass
        class State:
            w: object
            fn: object


        def main():
            return f(1.0, State(jnp.ones(2), 2.0))
        """,
}


def _lint(tmp_path, name: str, body: str):
    return jg206_lint(tmp_path, name, body, PRELUDE)


@pytest.mark.parametrize("name", sorted(FLAGGED))
def test_b1_flagged_on_the_marked_line(name, tmp_path):
    source, findings = _lint(tmp_path, name, FLAGGED[name])
    marked = [no for no, line in enumerate(source.splitlines(), 1) if line.rstrip().endswith("# flag")]
    assert [f.line for f in findings] == marked, findings
    assert "not static" in findings[0].message


@pytest.mark.parametrize("name", sorted(FLAGGED))
def test_b1_flagged_really_raises_type_error(name):
    pytest.importorskip("jax")
    with pytest.raises(TypeError, match="as an abstract array"):
        _run(PRELUDE + textwrap.dedent(FLAGGED[name]), name)


@pytest.mark.parametrize("name", sorted(LEGAL))
def test_b1_legal_look_alike_not_flagged(name, tmp_path):
    _source, findings = _lint(tmp_path, name, LEGAL[name])
    assert findings == []


@pytest.mark.parametrize("name", sorted(LEGAL))
def test_b1_legal_look_alike_runs(name):
    pytest.importorskip("jax")
    _run(PRELUDE + textwrap.dedent(LEGAL[name]), name)


def test_b1_message_names_the_data_field(tmp_path):
    _source, [finding] = _lint(tmp_path, "msg", FLAGGED["def_in_listed_data_field"])
    assert "holding a function (`def hook`) in its data field `fn`" in finding.message


# -- JG203: the result of a jax.numpy / jax.random / lax call is a JAX array, unhashable -------

STATIC_PRELUDE = """\
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.jit, static_argnums=1)
def s(x, n):
    return x
"""

STATIC_FLAGGED = {
    "jnp_call": "s(1.0, jnp.add(4, 1))",
    "legacy_key": "s(1.0, jax.random.PRNGKey(0))",
    "typed_key": "s(1.0, jax.random.key(0))",
    "lax_call": "s(1.0, lax.max(1, 2))",
    "random_draw": "s(1.0, jax.random.normal(jax.random.key(0)))",
}

STATIC_LEGAL = {
    "converted": "s(1.0, int(jnp.add(4, 1)))",
    "shape_query": "s(1.0, jnp.shape(jnp.ones(3)))",
    "python_int": "s(1.0, 3)",
    "fori_loop_of_ints": "s(1.0, lax.fori_loop(0, 2, lambda i, c: c, 1))",
    "precision_enum": "s(1.0, lax.Precision.HIGHEST)",
    "dtype_info": "s(1.0, jnp.finfo(jnp.float32))",
    "promote_types": "s(1.0, jnp.promote_types(jnp.int32, jnp.float32))",
}


def _lint_static(tmp_path, name: str, line: str):
    source = STATIC_PRELUDE + f"\n\ndef main():\n    return {line}\n"
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    [result] = lint_files([str(path)], LintOptions(frozenset({"JG203"})))
    assert not result.errors
    return source, result.findings


@pytest.mark.parametrize("name", sorted(STATIC_FLAGGED))
def test_b1_static_jax_result_flagged_and_raises(name, tmp_path):
    source, findings = _lint_static(tmp_path, name, STATIC_FLAGGED[name])
    assert [f.line for f in findings] == [len(source.splitlines())], findings
    assert "a JAX array" in findings[0].message
    pytest.importorskip("jax")
    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        _run(source, name)


@pytest.mark.parametrize("name", sorted(STATIC_LEGAL))
def test_b1_static_look_alike_not_flagged_and_runs(name, tmp_path):
    source, findings = _lint_static(tmp_path, name, STATIC_LEGAL[name])
    assert findings == []
    pytest.importorskip("jax")
    _run(source, name)
