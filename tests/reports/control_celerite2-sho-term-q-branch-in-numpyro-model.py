# Report: exoplanet-dev/celerite2#78 https://github.com/exoplanet-dev/celerite2/issues/78
# Class: 4 (NumPy and Python on traced values, deeper: a library kernel branches on a traced parameter)
# Rule: JG101
# Reduced: "SHOTerm not working in numpyro model": a NumPyro model samples `log_sigma, log_rho,
# log_tau` and builds `terms.SHOTerm(sigma=..., rho=..., tau=...)`; `mcmc.run` (NUTS traces the
# log density under jit and grad) fails with ConcretizationTypeError, while
# `UnderdampedSHOTerm` with a constrained Q runs. Maintainers: "Traced value used in control
# flow" — `SHOTerm.get_coefficients` chooses the over- or under-damped coefficients with a Python
# `if Q < 0.5`, and Q is traced. Fix (dfm): use `UnderdampedSHOTerm`/`OverdampedSHOTerm` and
# restrict Q yourself. The GP likelihood is written as a dense Cholesky solve; NUTS's traced
# log density as `jax.jit(jax.value_and_grad(...))`.
import jax
import jax.numpy as jnp

t = jnp.linspace(0.0, 10.0, 20)
y = jnp.sin(t)
yerr = 0.1


class SHOTerm:
    def __init__(self, *, sigma, rho, tau, eps=1e-5):
        self.w0 = 2 * jnp.pi / rho
        self.Q = 0.5 * self.w0 * tau
        self.S0 = sigma**2 / (self.w0 * self.Q)
        self.eps = eps

    def get_coefficients(self):
        w0, Q, S0 = self.w0, self.Q, self.S0
        if Q < 0.5:  # expect: JG101
            f = jnp.sqrt(jnp.maximum(1.0 - 4.0 * Q**2, self.eps))
            return 0.5 * S0 * w0 * Q * jnp.array([1.0 + 1.0 / f, 1.0 - 1.0 / f]), 0.5 * w0 / Q * jnp.array([1.0 - f, 1.0 + f]), None
        f = jnp.sqrt(jnp.maximum(4.0 * Q**2 - 1, self.eps))
        a, c = S0 * w0 * Q, 0.5 * w0 / Q
        return jnp.array([a]), jnp.array([c]), jnp.array([c * f])

    def value(self, tau):
        a, c, d = self.get_coefficients()
        if d is None:
            return jnp.sum(a[:, None, None] * jnp.exp(-c[:, None, None] * tau), axis=0)
        return a[0] * jnp.exp(-c[0] * tau) * jnp.cos(d[0] * tau)


class UnderdampedSHOTerm(SHOTerm):
    def get_coefficients(self):
        w0, Q, S0 = self.w0, self.Q, self.S0
        f = jnp.sqrt(jnp.maximum(4.0 * Q**2 - 1, self.eps))
        a, c = S0 * w0 * Q, 0.5 * w0 / Q
        return jnp.array([a]), jnp.array([c]), jnp.array([c * f])


def gp_log_likelihood(term, t, y, yerr):
    K = term.value(jnp.abs(t[:, None] - t[None, :])) + yerr**2 * jnp.eye(t.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = jax.scipy.linalg.solve_triangular(L, y, lower=True)
    return -0.5 * alpha @ alpha - jnp.sum(jnp.log(jnp.diag(L)))


params = {"log_sigma1": 0.0, "log_rho1": 1.0, "log_tau": 0.5}


# --- must be flagged ---


def log_density(p):
    term1 = SHOTerm(sigma=jnp.exp(p["log_sigma1"]), rho=jnp.exp(p["log_rho1"]), tau=jnp.exp(p["log_tau"]))
    return gp_log_likelihood(term1, t, y, yerr)


def crashes():
    return jax.jit(jax.value_and_grad(log_density))(params)


# --- must not be flagged ---


def log_density_underdamped(p):
    tau = 1.0 + jnp.exp(p["log_tau"])
    term1 = UnderdampedSHOTerm(sigma=jnp.exp(p["log_sigma1"]), rho=jnp.exp(p["log_rho1"]), tau=tau)
    return gp_log_likelihood(term1, t, y, yerr)


def works():
    return jax.jit(jax.value_and_grad(log_density_underdamped))(params)


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
