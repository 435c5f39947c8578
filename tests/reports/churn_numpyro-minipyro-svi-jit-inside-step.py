# Report: pyro-ppl/numpyro#2 https://github.com/pyro-ppl/numpyro/issues/2
# Class: 6 (churn from data: a jitted closure rebuilt by every optimisation step)
# Rule: JG301
# Reduced: "Enable jit compilation in minipyro": in the minipyro SVI example "the `jitted`
# function within `step` is being compiled each time `step` is called"; the fix is to compile the
# function once and cache it. Here the ELBO is a Gaussian loss of a location parameter, SVI a plain
# class with `step(params, data)`, and the fix jits the loss-and-gradient once in `__init__`,
# taking the data as an argument.
import jax
import jax.numpy as jnp


def elbo_loss(params, data):
    return jnp.mean((data - params["loc"]) ** 2) + jnp.exp(params["log_scale"])


# --- must be flagged ---


class SVI:
    def __init__(self, loss, lr=0.1):
        self.loss, self.lr = loss, lr

    def step(self, params, data):
        def loss_and_grads(p):
            return jax.value_and_grad(self.loss)(p, data)

        loss, grads = jax.jit(loss_and_grads)(params)  # expect: JG301
        return jax.tree.map(lambda p, g: p - self.lr * g, params, grads), loss


def train(n):
    svi = SVI(elbo_loss)
    params = {"loc": jnp.float32(0.0), "log_scale": jnp.float32(0.0)}
    data = jnp.linspace(-1.0, 3.0, 16)
    for _ in range(n):
        params, loss = svi.step(params, data)
    return params


# --- must not be flagged ---


class SVICached:
    def __init__(self, loss, lr=0.1):
        self.lr = lr
        self._loss_and_grads = jax.jit(jax.value_and_grad(loss))

    def step(self, params, data):
        loss, grads = self._loss_and_grads(params, data)
        return jax.tree.map(lambda p, g: p - self.lr * g, params, grads), loss


def train_cached(n):
    svi = SVICached(elbo_loss)
    params = {"loc": jnp.float32(0.0), "log_scale": jnp.float32(0.0)}
    data = jnp.linspace(-1.0, 3.0, 16)
    for _ in range(n):
        params, loss = svi.step(params, data)
    return params


GROWS = [train]
BOUNDED = [train_cached]
