"""Unit tests of the value lattice (jitguard.lint.analysis.lattice): what a value is, and how
each operation combines the values of its operands."""

from __future__ import annotations

import libcst as cst
import pytest

from jitguard.lint.analysis import lattice
from jitguard.lint.analysis.lattice import Kind, Origin, Taint

X = Origin("x", "parameter of jitted `f`, not in static_argnames")
Y = Origin("y", "parameter of jitted `f`, not in static_argnames")
ARRAY = Taint(X)
MASK = Taint(X, boolean=True)
CONTAINER = Taint(X, container=True)
OBJECT = Taint(X, opaque=True)
FOREIGN = Taint(X, opaque=True, foreign=True)


@pytest.mark.parametrize(
    ("value", "kind"),
    [(None, Kind.STATIC), (ARRAY, Kind.ARRAY), (MASK, Kind.MASK), (CONTAINER, Kind.CONTAINER),
     (OBJECT, Kind.OBJECT), (FOREIGN, Kind.FOREIGN), (Taint(X, container=True, opaque=True), Kind.CONTAINER)],
)
def test_kind_names_what_a_value_is(value, kind) -> None:
    assert lattice.kind(value) is kind
    assert lattice.is_array(value) is (kind in (Kind.ARRAY, Kind.MASK))


def test_flags_round_trip() -> None:
    for value in (ARRAY, MASK, CONTAINER, OBJECT, FOREIGN):
        assert Taint.with_flags(value.origin, value.flags) == value
    assert FOREIGN.flags == {"opaque", "foreign"}


def test_join_keeps_the_first_traced_operand() -> None:
    assert lattice.join(None, None) is None
    assert lattice.join(None, Taint(Y), ARRAY) == Taint(Y)
    assert lattice.join(ARRAY, Taint(Y)) is ARRAY


def test_merge_is_a_union_that_keeps_the_first_branch() -> None:
    a = {"x": ARRAY}
    b = {"x": Taint(Y), "z": MASK}
    assert lattice.merge(a, b) == {"x": ARRAY, "z": MASK}
    assert a == {"x": ARRAY}  # not changed in place


def test_static_stays_static_through_every_operation() -> None:
    for op in (lattice.container, lattice.collection, lattice.element, lattice.unpacked, lattice.leaf,
               lattice.attribute, lattice.negation, lattice.membership):
        assert op(None) is None
    assert lattice.unary(None, invert=True) is None
    assert lattice.binary(None, None, bitwise=False, add=True) is None
    assert lattice.boolean_operation(None, None) is None
    assert lattice.comparison([None, None]) is None
    assert lattice.mapped_result(None, ARRAY) is None


def test_containers_and_their_elements() -> None:
    assert lattice.kind(lattice.container(MASK)) is Kind.CONTAINER
    assert lattice.collection(OBJECT) == Taint(X, container=True, opaque=True)
    # iterating keeps the mask and what we cannot see into; the container flag goes
    assert lattice.element(Taint(X, container=True, boolean=True, opaque=True)) == Taint(X, boolean=True, opaque=True)
    # `a, b = carry` of a parameter: rows or pytree children, whose truth value is unknown, but
    # never static metadata (child); what an unseen function returned may be anything
    assert lattice.unpacked(MASK) == Taint(X, boolean=True, opaque=True, child=True)
    assert lattice.unpacked(FOREIGN) == FOREIGN
    assert lattice.kind(lattice.unpacked(ARRAY)) is Kind.OBJECT
    assert Taint.with_flags(X, lattice.unpacked(ARRAY).flags).child  # the flag reaches a helper
    assert lattice.leaf(FOREIGN) == FOREIGN and lattice.leaf(MASK) == ARRAY
    # what we cannot see into stays so through containers and iteration (`for eqn in foreign.eqns`)
    assert lattice.element(lattice.container(FOREIGN)) == FOREIGN
    assert lattice.element(Taint(X, foreign=True)) == FOREIGN


def test_attribute_and_item_access() -> None:
    assert lattice.attribute(ARRAY) == OBJECT  # x.attr: a pytree field or an array
    assert lattice.attribute(FOREIGN) == FOREIGN
    assert lattice.item(MASK, keyed=False) == MASK  # mask[i] is a boolean array
    assert lattice.item(ARRAY, keyed=True) == OBJECT  # batch["x"]: a field of a pytree
    assert lattice.item(Taint(X, container=True, boolean=True), keyed=False) == OBJECT  # xs[0] of a list
    assert lattice.array(OBJECT) == ARRAY  # static_table[i] with i traced is an array
    assert lattice.array(ARRAY, boolean=True) == MASK


def test_arithmetic_and_bitwise_operators() -> None:
    assert lattice.binary(ARRAY, None, bitwise=False, add=True) == ARRAY
    assert lattice.binary(None, Taint(Y), bitwise=False, add=False) == Taint(Y)
    # masks combined with & | ^ stay masks; with + they are numbers
    assert lattice.binary(MASK, MASK, bitwise=True, add=False) == MASK
    assert lattice.binary(MASK, ARRAY, bitwise=True, add=False) == ARRAY
    assert lattice.binary(MASK, MASK, bitwise=False, add=True) == ARRAY
    # opaque/foreign only when every traced operand is: an array operand makes an array
    assert lattice.binary(OBJECT, ARRAY, bitwise=False, add=False) == ARRAY
    assert lattice.binary(FOREIGN, None, bitwise=False, add=False) == FOREIGN
    # tuple + tuple is a tuple
    assert lattice.binary(CONTAINER, Taint(X, container=True, opaque=True), bitwise=False, add=True) == Taint(
        X, container=True, opaque=True)
    assert lattice.kind(lattice.binary(CONTAINER, ARRAY, bitwise=False, add=True)) is Kind.ARRAY


def test_unary_and_boolean_operators() -> None:
    assert lattice.negation(ARRAY) == MASK
    assert lattice.negation(CONTAINER) == Taint(X, boolean=True, opaque=True)  # `not xs`: a length test
    assert lattice.unary(MASK, invert=True) == MASK and lattice.unary(MASK, invert=False) == ARRAY
    assert lattice.boolean_operation(MASK, MASK) == MASK
    # Python tests the left operand first: if we cannot see into it, it may short-circuit
    assert lattice.boolean_operation(OBJECT, ARRAY) == Taint(X, opaque=True)
    assert lattice.boolean_operation(None, Taint(Y, boolean=True)) == Taint(Y, boolean=True)


def test_comparisons() -> None:
    assert lattice.comparison([None, ARRAY]) == MASK
    assert lattice.comparison([Taint(Y), ARRAY]).origin == Y  # the first traced operand names it
    # pytree_size(x) < 2 compares what an unseen function returned: maybe Python ints
    assert lattice.comparison([FOREIGN, None]) == Taint(X, boolean=True, opaque=True, foreign=True)
    assert lattice.comparison([FOREIGN, ARRAY]) == MASK
    assert lattice.membership(ARRAY) == MASK
    assert lattice.membership(FOREIGN) == Taint(X, boolean=True, opaque=True, foreign=True)


def test_call_results() -> None:
    assert lattice.foreign(MASK) == FOREIGN
    assert lattice.method_result(ARRAY, CONTAINER) == OBJECT  # xs.count(...) of a list: who knows
    assert lattice.method_result(ARRAY, ARRAY) == ARRAY  # x.sum()
    assert lattice.reduction(ARRAY, OBJECT) == OBJECT and lattice.reduction(ARRAY, None) == ARRAY
    assert lattice.mapped_result(ARRAY, FOREIGN) == FOREIGN
    assert lattice.mapped_result(Taint(Y), ARRAY) == Taint(Y, opaque=True)


@pytest.mark.parametrize(
    ("source", "kind"),
    [("1", "int"), ("-2", "int"), ("0.5", "float"), ("1j", "complex"), ("True", "bool"), ("x", None),
     ("jnp.float32(0.5)", "strong float32"), ("np.int32(1)", "strong int32"), ("jnp.asarray(1)", None),
     ("[1]", None)],
)
def test_scalar_kind_weak_and_strong(source: str, kind: str | None) -> None:
    names = {"jnp": "jax.numpy", "np": "numpy"}

    def resolve(expr: cst.BaseExpression) -> str | None:
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            return f"{names.get(expr.value.value, expr.value.value)}.{expr.attr.value}"
        return None

    found = lattice.scalar_kind(cst.parse_expression(source), resolve)
    assert found == kind
    assert (found in lattice.WEAK_SCALARS) is (kind is not None and not kind.startswith("strong"))


# -- staged code: jnp results of constants are tracers under jit, not under vmap alone ---------
_STAGED_PROBES = {  # qualified name -> a call on Python constants
    "jax.numpy.array": lambda jnp, lax, jax: jnp.array([0, 1, 2]),
    "jax.numpy.add": lambda jnp, lax, jax: jnp.add(3, 1),
    "jax.numpy.float32": lambda jnp, lax, jax: jnp.float32(1.0),
    "jax.lax.stop_gradient": lambda jnp, lax, jax: lax.stop_gradient(1.0),
    "jax.nn.relu": lambda jnp, lax, jax: jax.nn.relu(1.0),
    "jax.numpy.finfo": lambda jnp, lax, jax: jnp.finfo(jnp.float32).eps,
    "jax.numpy.iinfo": lambda jnp, lax, jax: jnp.iinfo(jnp.int32).max,
    "jax.numpy.dtype": lambda jnp, lax, jax: jnp.dtype("float32"),
    "jax.numpy.promote_types": lambda jnp, lax, jax: jnp.promote_types(jnp.int32, jnp.float32),
    "jax.numpy.broadcast_shapes": lambda jnp, lax, jax: jnp.broadcast_shapes((1, 2), (2, 1)),
    "jax.numpy.can_cast": lambda jnp, lax, jax: jnp.can_cast(jnp.int32, jnp.float32),
    "jax.numpy.ndim": lambda jnp, lax, jax: jnp.ndim(jnp.ones(2)),
    "jax.numpy.shape": lambda jnp, lax, jax: jnp.shape(jnp.ones(2)),
    "jax.numpy.vectorize": lambda jnp, lax, jax: jnp.vectorize(abs),
    "jax.lax.padtype_to_pads": lambda jnp, lax, jax: lax.padtype_to_pads((4,), (2,), (1,), "SAME"),
    "jax.nn.initializers.normal": lambda jnp, lax, jax: jax.nn.initializers.normal(),
}


def test_makes_array_when_staged_matches_jax() -> None:
    """Under jit, a jnp/lax function on constants returns a tracer exactly when the table says so."""
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    from jax import lax

    from jitguard.lint.analysis.callsem import makes_array_when_staged

    seen = {}

    @jax.jit
    def probe(x):
        for name, call in _STAGED_PROBES.items():
            value = call(jnp, lax, jax)
            seen[name] = isinstance(value, jax.core.Tracer)
        return x

    probe(1.0)
    for name, traced in seen.items():
        assert makes_array_when_staged(name) is traced, name


def test_only_compiling_transforms_stage_constants() -> None:
    """jit, pmap and lax loops stage jnp operations on constants; vmap and grad alone do not."""
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    from jax import lax

    from jitguard.lint.analysis.jitcontext import STAGED, trace_kind

    seen = {}

    def probe(tag):
        def f(x):
            seen[tag] = isinstance(jnp.add(3, 1), jax.core.Tracer)
            return x
        return f

    jax.jit(probe("jax.jit"))(1.0)
    lax.fori_loop(0, 1, lambda i, v: probe("jax.lax.fori_loop")(v), 1.0)
    lax.scan(lambda c, x: (probe("jax.lax.scan")(c), None), 1.0, jnp.ones(1))
    lax.cond(True, probe("jax.lax.cond"), lambda v: v, 1.0)
    jax.checkpoint(probe("jax.checkpoint"))(1.0)
    jax.vmap(probe("jax.vmap"))(jnp.ones(2))
    jax.grad(probe("jax.grad"))(1.0)
    for name, traced in seen.items():
        assert (trace_kind(name) == STAGED) is traced, name


def test_records_know_each_field() -> None:
    """A NamedTuple/dataclass/dict/tuple built from values keeps each one's kind."""
    out = lattice.record({"value": ARRAY, "converged": MASK, "iterations": None})
    assert lattice.kind(out) is Kind.CONTAINER
    assert lattice.field(out, "converged") == (True, MASK)
    assert lattice.field(out, "iterations") == (True, None)  # a Python value stays static
    assert lattice.field(out, "_replace") == (False, None)  # not a field: the flags decide
    assert lattice.record({"a": None, "b": None}) is None  # nothing traced: static
    mapping = lattice.record({"x": ARRAY}, mapping=True)
    assert lattice.key_of(mapping) is None  # iterating a dict gives its keys
    assert lattice.key_of(CONTAINER) == ARRAY
    assert Taint.with_flags(X, mapping.flags).mapping  # the flag reaches a helper's parameter


def test_every_leaf_of_a_carry_or_argument_is_traced_in_the_body() -> None:
    """What the ``child`` flag encodes: jit and the lax loops turn every leaf of their arguments and
    carries into an array, a Python bool in a dict included (a, b = carry; a["flag"] is traced),
    while None stays None (so a child's own truth value is not reported)."""
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    from jax import lax

    seen = {}

    def record(tag, carry):
        actor, _other = carry
        seen[tag] = isinstance(actor["flag"], jax.core.Tracer)
        return carry

    lax.scan(lambda c, _: (record("scan", c), None), ({"flag": False}, 1), None, 2)
    lax.fori_loop(0, 1, lambda i, c: record("fori_loop", c), ({"flag": True}, 1))
    lax.while_loop(lambda c: False, lambda c: c, ({"flag": True}, 1))
    lax.while_loop(lambda c: record("while_loop", c)[1] < 1, lambda c: (c[0], c[1] + 1), ({"flag": True}, 0))
    jax.jit(lambda c: record("jit", c))(({"flag": True}, 1))
    assert seen == dict.fromkeys(("scan", "fori_loop", "while_loop", "jit"), True)

    def keeps_none(carry, _):
        seen["none"] = carry[1]
        return carry, None

    lax.scan(keeps_none, (jnp.ones(()), None), None, 1)
    assert seen["none"] is None


# -- objects held by lists and dicts (issues 10, 11: ROWSTAIL, EXTENDROWS, DICTROWS) ----------------
STAGE = lattice.record({"weight": ARRAY, "order": None})  # Stage(t, 0): a traced and a static field


def test_iterating_a_list_of_one_kind_of_objects_gives_them() -> None:
    """ROWSTAIL: a list of unknown length filled by append (or a comprehension of one constructor)."""
    kept = lattice.appended(None, STAGE)
    assert lattice.key_of(kept) == STAGE
    assert lattice.field(lattice.key_of(kept), "order") == (True, None)
    assert lattice.key_of(lattice.record({lattice.TAIL: ARRAY})) == ARRAY  # not objects: an element, as before


def test_extending_a_list_adds_the_objects_of_the_other() -> None:
    """EXTENDROWS: `kept.extend([Stage(t, 0), Stage(t, 1)])` / `kept += [...]`."""
    literal = lattice.record({"0": STAGE, "1": STAGE})
    assert lattice.rows(literal) == STAGE
    assert lattice.key_of(lattice.appended(lattice.appended(None, STAGE), lattice.rows(literal))) == STAGE
    assert lattice.rows(lattice.record({"0": ARRAY, "1": STAGE})) is None  # not all objects
    assert lattice.appended(None, None) is None


def test_a_dict_filled_by_key_holds_its_objects_under_any_key() -> None:
    """DICTROWS: `table[k] = Stage(...)` then `.values()` / `.items()`."""
    table = lattice.filled(lattice.filled(None, STAGE), STAGE)
    assert table.mapping and lattice.values_of(table) == STAGE
    assert lattice.key_of(table) is None  # iterating a dict gives its keys
    assert lattice.values_of(lattice.record({"a": STAGE, "b": ARRAY}, mapping=True)) is None
    assert lattice.filled(None, ARRAY) is None  # an array stored: nothing known of fields
