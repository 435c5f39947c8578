"""True look-alike of ``fresh11_zip_bound_to_name.py``: the traced position of the zip is tested
(``if act > 0:``), a Python ``if`` on a tracer: TracerBoolConversionError (JAX 0.10.2)."""

import jax
import jax.numpy as jnp


def trace_step(filtered_ids, x, activity):
    out = x
    filtered = zip(filtered_ids, activity, strict=True)
    for _j, act in filtered:
        if act > 0:  # expect: JG101
            out = out + act
    return out


def run(xs):
    def step(carry, x):
        return carry, trace_step((0, 1), x, carry)

    return jax.lax.scan(step, (jnp.zeros(()), jnp.ones(())), xs)[1]


RAISES = [(lambda: run(jnp.ones(3)), "TracerBoolConversionError")]
