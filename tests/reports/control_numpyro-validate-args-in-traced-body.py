# Report: pyro-ppl/numpyro#771 https://github.com/pyro-ppl/numpyro/issues/771
# Class: 1 (values inside objects: a distribution built inside traced code checks its own attributes)
# Rule: JG101
# Reduced: with distribution validation enabled, the sampler's jitted `body_fn` builds the model's
# distributions from traced parameters; `log_prob` calls `_validate_sample`, which takes the
# truth value of a check on the value against the distribution's support (the thread's
# traceback: `reduce_and` from `_validate_sample`, "The problem arose with the `bool`
# function"). Fix: keep validation off under jit (a Python flag bound before jit) and validate
# outside.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


class HalfNormal:
    def __init__(self, scale, validate_args=True):
        self.scale = scale
        self._validate_args = validate_args

    def _validate_sample(self, value):
        if not jnp.all(value >= 0):  # expect: JG101
            raise ValueError("value is out of the support of HalfNormal")

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return -0.5 * (value / self.scale) ** 2 - jnp.log(self.scale)


@jax.jit
def body_fn(scale, obs):
    return HalfNormal(scale).log_prob(obs).sum()


def bug():
    return body_fn(1.0, jnp.ones(3))


# --- must not be flagged ---


def potential(scale, obs, validate_args):
    return HalfNormal(scale, validate_args=validate_args).log_prob(obs).sum()


def fixed():
    obs = jnp.ones(3)
    HalfNormal(1.0)._validate_sample(obs)  # validated eagerly, outside jit
    return jax.jit(functools.partial(potential, validate_args=False))(1.0, obs)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
