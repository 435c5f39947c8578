# Report: https://github.com/imewei/rheojax (rheo/utils/mittag_leffler.py, and the project's fix-status note: "Fix #3: Mittag-Leffler JAX Tracing (FAILED - CAUSED REGRESSION) / Removed `static_argnums=(1,)` from `mittag_leffler_e` ... Introduced 53 NEW failures ... jax.errors.TracerBoolConversionError: Attempted boolean conversion of traced array with shape bool[]")
# Class: 2 (arguments JAX needs static: a parameter validated with Python comparisons, no longer static)
# Rule: JG101
# Reduced: `mittag_leffler_e(z, alpha, beta)` was jitted with `alpha` static; to fit the
# fractional order as a model parameter the static_argnums were removed, but the function still
# opens with the validation `if not (0 < alpha <= 2): raise ValueError(...)`, which asks for the
# truth value of a traced chained comparison: TracerBoolConversionError in every fractional model.
# Here the Pade approximation is replaced by a truncated series and the model is a fractional
# Maxwell relaxation modulus fitted by jitted least squares. Fix (the repository's later version):
# validate only when `alpha` is not a tracer (`if not isinstance(alpha, jax.core.Tracer):`).
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


def _series(z, alpha, beta, terms=30):
    k = jnp.arange(terms)
    return jnp.sum(z[..., None] ** k / jnp.exp(gammaln(alpha * k + beta)), axis=-1)


# --- must be flagged ---


@jax.jit
def mittag_leffler_e(z, alpha, beta=1.0):
    if not (0 < alpha <= 2):  # expect: JG101
        raise ValueError(f"alpha must satisfy 0 < alpha <= 2, got alpha={alpha}")
    return _series(jnp.atleast_1d(z), alpha, beta)


def relaxation_loss(params, t, g_obs):
    g0, tau, alpha = params
    return jnp.sum((g0 * mittag_leffler_e(-((t / tau) ** alpha), alpha) - g_obs) ** 2)


# --- must not be flagged ---


@jax.jit
def mittag_leffler_checked(z, alpha, beta=1.0):
    if not isinstance(alpha, jax.core.Tracer):
        if not (0 < alpha <= 2):
            raise ValueError(f"alpha must satisfy 0 < alpha <= 2, got alpha={alpha}")
    return _series(jnp.atleast_1d(z), alpha, beta)


def relaxation_loss_checked(params, t, g_obs):
    g0, tau, alpha = params
    return jnp.sum((g0 * mittag_leffler_checked(-((t / tau) ** alpha), alpha) - g_obs) ** 2)


_T = jnp.linspace(0.1, 1.0, 5)
RAISES = [(lambda: jax.jit(jax.grad(relaxation_loss))((1.0, 0.5, 0.6), _T, jnp.ones(5)), "TracerBoolConversionError")]
RUNS = [lambda: jax.jit(jax.grad(relaxation_loss_checked))((1.0, 0.5, 0.6), _T, jnp.ones(5))]
