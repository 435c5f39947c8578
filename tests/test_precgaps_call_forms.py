"""Issue 10/11, gap 3: the stack-of-objects pattern (tests/precision_cases/merge6_*) is judged the
same whatever the form of the call that runs the jitted function: the jit built at module level and
called at module level, from a function, from a lambda, in a loop, rebinding the function's name,
or built inside the lambda. A traced field read back from the stack is flagged in every form (and
raises TracerBoolConversionError under JAX 0.10.2), a static one in none (and runs). Measured at the
seventh session: no form lost the jitted function's context, on this linter nor on 2ce5029."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mechanisms import assert_flags_marked_lines, assert_raises_or_runs

TWIN = Path(__file__).resolve().parent / "precision_cases" / "merge6_true_stack_traced_field.py"


def body(field: str, mark: str) -> str:
    """The true twin's program without its jit and call (its traced ``angle`` tested, or the static
    ``qubit`` in its place), the tested line marked ``mark``."""
    text = TWIN.read_text().split("\njitted_circuit = ")[0]
    return text.replace("last.angle > 0:  # expect: JG101", f"last.{field} > 0:{mark}") + "\n\n"


CALLS = {
    "module_call": "jitted = jax.jit(circuit)\njitted(jnp.array(0.5))\n",
    "from_function": "jitted = jax.jit(circuit)\n\n\ndef run():\n    return jitted(jnp.array(0.5))\n",
    "from_lambda": "jitted = jax.jit(circuit)\nRUNS = [lambda: jitted(jnp.array(0.5))]\n",
    "in_loop": "jitted = jax.jit(circuit)\n\n\ndef grow(n):\n    for i in range(n):\n        jitted(jnp.array(float(i)))\n",
    "rebound_name": "circuit = jax.jit(circuit)\nRUNS = [lambda: circuit(jnp.array(0.5))]\n",
    "built_in_lambda": "RUNS = [lambda: jax.jit(circuit)(jnp.array(0.5))]\n",
}


@pytest.mark.parametrize("form", sorted(CALLS))
def test_traced_field_read_back_is_flagged_in_every_call_form(tmp_path, form) -> None:
    source = body("angle", "  # flag") + CALLS[form]
    assert_flags_marked_lines(tmp_path, f"true_{form}", source, "JG101")


@pytest.mark.parametrize("form", sorted(CALLS))
def test_static_field_read_back_is_clean_in_every_call_form(tmp_path, form) -> None:
    source = body("qubit", "") + CALLS[form]
    assert_flags_marked_lines(tmp_path, f"false_{form}", source, "JG101")


@pytest.mark.parametrize("field, error", [("angle", "TracerBoolConversionError"), ("qubit", None)])
def test_the_forms_are_what_jax_does(tmp_path, field, error) -> None:
    namespace: dict = {}
    exec(compile(body(field, ""), "<forms>", "exec"), namespace)  # noqa: S102
    jax = pytest.importorskip("jax")
    assert_raises_or_runs(lambda: jax.jit(namespace["circuit"])(namespace["jnp"].array(0.5)), error)
