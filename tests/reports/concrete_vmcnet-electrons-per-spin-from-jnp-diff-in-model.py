# Report: jeffminlin/vmcnet#14 https://github.com/jeffminlin/vmcnet/pull/14
# Class: 3 (everything created inside jit is traced: counts computed with `jnp.diff` of constants)
# Rule: JG105
# Reduced: "Fix jnp.diff causing issues during tracing": the FermiNet constructor helper
# `_get_nelec_per_spin(spin_split, nelec_total)` turned the spin split points into the number of
# electrons of each spin with `jnp.diff(jnp.array(spin_split), prepend=0, append=nelec_total)`;
# called while the model is applied "with `jax.jit` or `jax.pmap`", the counts are traced arrays
# (every `jnp` operation is staged under jit, on constants too), and the model uses them as
# sizes. The PR removed `prepend`/`append` and "reproduced their effects explicitly" with Python
# integers (which only avoids `jnp` when there are two spins), and made the test apply the model
# under jit. Here the counts split the electron features into the spin blocks whose
# determinants the model multiplies. Fix: the counts computed with Python integer arithmetic.
import jax
import jax.numpy as jnp


def _get_nelec_per_spin(spin_split, nelec_total):
    return tuple(jnp.diff(jnp.array(spin_split), prepend=0, append=nelec_total))


def _get_nelec_per_spin_python(spin_split, nelec_total):
    bounds = (0, *spin_split, nelec_total)
    return tuple(b - a for a, b in zip(bounds[:-1], bounds[1:]))


# --- must be flagged ---


@jax.jit
def log_psi(h):
    nelec_per_spin = _get_nelec_per_spin((2,), h.shape[0])
    up, down = jnp.split(h, [nelec_per_spin[0]])  # expect: JG105
    return jnp.linalg.slogdet(up[:, :2])[1] + jnp.linalg.slogdet(down[:, :2])[1]


def bug():
    return log_psi(jnp.eye(4) + 0.1)


# --- must not be flagged ---


@jax.jit
def log_psi_python_counts(h):
    nelec_per_spin = _get_nelec_per_spin_python((2,), h.shape[0])
    up, down = jnp.split(h, [nelec_per_spin[0]])
    return jnp.linalg.slogdet(up[:, :2])[1] + jnp.linalg.slogdet(down[:, :2])[1]


def fixed():
    return log_psi_python_counts(jnp.eye(4) + 0.1)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
