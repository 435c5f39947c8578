# Report: jax-ml/jax#1611 https://github.com/jax-ml/jax/issues/1611
# Class: 1 (traced value in Python control flow inside the jitted function itself)
# Rule: JG101
# Reduced: "Questions about control flow and indexed assignment": a finite element solver written
# with JAX "runs well without JIT but extremely slow"; jitting it fails on the element routine's
# guard `if np.isclose(np.abs(np.linalg.det(jacobian)), 0.0): raise ValueError()` (`np` is
# `jax.numpy`), which "will run for every element" and "lax.cond seems not suitable for this
# purpose". Under `jit(vmap(element_stiffness))` the determinant is traced and the `if` needs its
# truth value. The look-alike keeps the check as data: it masks degenerate elements with
# `jnp.where` and returns the flag, so the caller can raise after the jitted call.
import jax
import jax.numpy as np

# shape function derivatives of a linear triangle in reference coordinates
DN = np.array([[-1.0, 1.0, 0.0], [-1.0, 0.0, 1.0]])


# --- must be flagged ---


def element_stiffness(coords):
    jacobian = DN @ coords
    if np.isclose(np.abs(np.linalg.det(jacobian)), 0.0):  # expect: JG101
        raise ValueError("degenerate element")
    grad_n = np.linalg.solve(jacobian, DN)
    area = 0.5 * np.abs(np.linalg.det(jacobian))
    return area * grad_n.T @ grad_n


assemble_elements = jax.jit(jax.vmap(element_stiffness))

ELEMENTS = np.array([
    [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]],
    [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]],
])


def crashes():
    return assemble_elements(ELEMENTS)


# --- must not be flagged ---


def element_stiffness_masked(coords):
    jacobian = DN @ coords
    det = np.linalg.det(jacobian)
    degenerate = np.isclose(np.abs(det), 0.0)
    safe_jacobian = np.where(degenerate, np.eye(2), jacobian)
    grad_n = np.linalg.solve(safe_jacobian, DN)
    k = 0.5 * np.abs(det) * grad_n.T @ grad_n
    return np.where(degenerate, np.zeros_like(k), k), degenerate


assemble_elements_masked = jax.jit(jax.vmap(element_stiffness_masked))


def works():
    k, degenerate = assemble_elements_masked(ELEMENTS)
    return k, degenerate


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
