# Report: dpiras/cosmopower-jax#9 https://github.com/dpiras/cosmopower-jax/issues/9
# Class: 4 (NumPy on traced values inside a library method: the dict path of `predict` stacks with `np.stack`)
# Rule: JG104
# Reduced: a numpyro likelihood sampled `omega_cdm`, `omega_b`, `logA`, `h`, `n_s` and passed them
# to `CosmoPowerJAX.predict` as a dict; `predict` converts a dict with
# `_dict_to_ordered_arr_np`, which is `np.stack([input_dict[k] for k in self.parameters],
# axis=1)`, and NUTS's tracers raise TracerArrayConversionError there. The user's fix in the thread:
# "pass the parameters as an array instead of a dictionary". The emulator keeps the library's
# `predict` / `_dict_to_ordered_arr_np` / `_predict` shape with a one-layer network; numpyro is
# not installed: the likelihood is written out and one jitted gradient of it stands for NUTS.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


class CosmoPowerJAX:
    def __init__(self):
        self.parameters = ["omega_b", "omega_cdm", "h", "n_s", "ln10^{10}A_s"]
        self.n_parameters = len(self.parameters)
        self.weights = [(jnp.ones((4, self.n_parameters)) * 0.1, jnp.zeros(4))]
        self.param_train_mean = jnp.zeros(self.n_parameters)
        self.param_train_std = jnp.ones(self.n_parameters)

    def _predict(self, weights, param_train_mean, param_train_std, input_vec):
        layer_out = (input_vec - param_train_mean) / param_train_std
        w, b = weights[-1]
        return (jnp.dot(layer_out, w.T) + b).squeeze()

    def predict(self, input_vec):
        if isinstance(input_vec, dict):
            input_vec = self._dict_to_ordered_arr_np(input_vec)
        if len(input_vec.shape) == 1:
            input_vec = input_vec.reshape(-1, self.n_parameters)
        return self._predict(self.weights, self.param_train_mean, self.param_train_std, input_vec)

    def _dict_to_ordered_arr_np(self, input_dict):
        if self.parameters is not None:
            return np.stack([input_dict[k] for k in self.parameters], axis=1)  # expect: JG104
        else:
            return np.stack([input_dict[k] for k in input_dict], axis=1)


emulator = CosmoPowerJAX()
datavec = jnp.ones(4)


def neg_log_like(theta):
    omega_cdm, omega_b, logA, h, n_s = theta
    params = {
        "omega_b": jnp.atleast_1d(omega_b),
        "omega_cdm": jnp.atleast_1d(omega_cdm),
        "h": jnp.atleast_1d(h),
        "n_s": jnp.atleast_1d(n_s),
        "ln10^{10}A_s": jnp.atleast_1d(logA),
    }
    model = emulator.predict(params)
    return 0.5 * jnp.sum((model - datavec) ** 2)


THETA = jnp.array([0.12, 0.022, 3.0, 0.7, 0.96])


def bug():
    return jax.jit(jax.value_and_grad(neg_log_like))(THETA)


# --- must not be flagged ---


def neg_log_like_array(theta):
    omega_cdm, omega_b, logA, h, n_s = theta
    model = emulator.predict(jnp.array([omega_b, omega_cdm, h, n_s, logA]))
    return 0.5 * jnp.sum((model - datavec) ** 2)


def fixed():
    return jax.jit(jax.value_and_grad(neg_log_like_array))(THETA)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
