# Report: google-deepmind/optax#412 https://github.com/google-deepmind/optax/issues/412
# Class: 1 (values inside containers and objects: numeric hyperparameters stored as arrays by a wrapper)
# Rule: JG101
# Reduced: "Problems when jitting Adafactor with inject_hyperparams": wrapping
# `optax.inject_hyperparams(optax.adafactor)(learning_rate=0.1)` turns every numeric
# hyperparameter into an array (`jnp.asarray`) inside `init`, so under `jax.jit(opt.init)` the
# integer option `min_dim_size_to_factor` is a tracer when adafactor's init compares the
# parameter's dimension against it in Python: "one of the arguments has to be static to avoid a
# TracerError". Fix (the issue's workaround): list the option in `static_args`, which keeps it a
# Python int. The wrapper and the factored init are reduced to the comparison that fails.
import jax
import jax.numpy as jnp


def adafactor(learning_rate, min_dim_size_to_factor=128):
    def init(params):
        if params.shape[0] >= min_dim_size_to_factor:  # expect: JG101
            return {"v_row": jnp.zeros(params.shape[0]), "lr": learning_rate}
        return {"v": jnp.zeros_like(params), "lr": learning_rate}

    return init


def inject_hyperparams(factory, static_args=()):
    def make(**hparams):
        def init(params):
            numeric = {k: v if k in static_args else jnp.asarray(v) for k, v in hparams.items()}
            return factory(**numeric)(params)

        return init

    return make


# --- must be flagged ---


def bug():
    init = inject_hyperparams(adafactor)(learning_rate=0.1, min_dim_size_to_factor=128)
    return jax.jit(init)(jnp.ones(256))


# --- must not be flagged ---


def fixed():
    init = inject_hyperparams(adafactor, static_args=("min_dim_size_to_factor",))(
        learning_rate=0.1, min_dim_size_to_factor=128)
    return jax.jit(init)(jnp.ones(256))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
