# Report: pyro-ppl/numpyro#1570 https://github.com/pyro-ppl/numpyro/issues/1570
# Class: 4 (Python control flow in a user helper called by the model, whose sample values NUTS traces)
# Rule: JG101
# Reduced: the issue's `forward(x, a, b)` (`y = b + a * x`, then `if a<5: print('hello') else:
# print('goodbye')`) called from a numpyro model on samples of `a` and `b`; under NUTS the samples
# are tracers ("I need to check the samples values inside my forward function"). numpyro is not
# installed: the model's log density (the linear model with Normal noise and broad priors)
# is written out, and one jitted gradient evaluation of the potential stands for the sampler,
# which numpyro runs jitted. Fix: branch with `lax.cond` and print with `jax.debug.print`, the
# staged forms of the issue's `if` and `print`.
import jax
import jax.numpy as jnp
import numpy as np

x_values = np.arange(0, 1e2, dtype=float)
coefficient_directeur = 10
ordonnee_origine = 150
y_obs = jnp.asarray(ordonnee_origine + coefficient_directeur * x_values + 200 * np.sin(x_values))


def normal_logpdf(v, loc, scale):
    return -0.5 * ((v - loc) / scale) ** 2 - jnp.log(scale)


# --- must be flagged ---


def forward(x, a, b):
    y = b + a * x

    if a < 5:  # expect: JG101
        print("hello")
    else:
        print("goodbye")

    return y


def potential(params):
    a, b = params["a"], params["b"]
    log_prior = normal_logpdf(a, 0.0, 100.0) + normal_logpdf(b, 0.0, 1000.0)
    y = forward(x_values, a, b)
    return -(log_prior + jnp.sum(normal_logpdf(y_obs, y, 200.0)))


def bug():
    return jax.jit(jax.value_and_grad(potential))({"a": jnp.array(3.0), "b": jnp.array(100.0)})


# --- must not be flagged ---


def forward_staged(x, a, b):
    y = b + a * x
    jax.lax.cond(a < 5, lambda: jax.debug.print("hello"), lambda: jax.debug.print("goodbye"))
    return y


def potential_staged(params):
    a, b = params["a"], params["b"]
    log_prior = normal_logpdf(a, 0.0, 100.0) + normal_logpdf(b, 0.0, 1000.0)
    y = forward_staged(x_values, a, b)
    return -(log_prior + jnp.sum(normal_logpdf(y_obs, y, 200.0)))


def fixed():
    return jax.jit(jax.value_and_grad(potential_staged))({"a": jnp.array(3.0), "b": jnp.array(100.0)})


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
