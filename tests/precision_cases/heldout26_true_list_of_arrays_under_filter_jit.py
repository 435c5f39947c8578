"""True twin of ``heldout26_list_of_str_under_filter_jit.py``: the same loop over the elements,
given their atomic numbers as an array (annotated ``jax.Array``, and every call passes one).
``eqx.filter_jit`` traces every array leaf, so each number is a tracer in the body and the Python
test on it raises (TracerBoolConversionError at the marked line, JAX 0.10.2): a parameter
annotated as a container of str is left alone, not one whose annotation names arrays.
"""

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def molecular_grid(numbers: jax.Array, coords):
    total = 0.0
    for a in range(coords.shape[0]):
        if numbers[a] > 1:  # expect: JG101
            total = total + coords[a, 0] * numbers[a]
    return total


RAISES = [(lambda: molecular_grid(jnp.array([8, 1]), jnp.ones((2, 3))), "TracerBoolConversionError")]
