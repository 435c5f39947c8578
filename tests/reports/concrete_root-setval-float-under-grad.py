# Report: jax-ml/jax#9085 https://github.com/jax-ml/jax/issues/9085
# Class: 4 (a Python float handed to an external object, under jax.grad without jit)
# Rule: JG104
# Reduced: the negative log-likelihood passes `alpha = mu1[1]` to a ROOT object's `setVal`,
# which only takes Python floats, and differentiates with `jax.grad`; `float(alpha)` cannot
# be taken of grad's tracer. Fix: keep the external call out of the differentiated function
# (here the log-likelihood is written in jax.numpy).
import jax
import jax.numpy as jnp


class RooRealVar:
    def __init__(self):
        self.value = 0.0

    def setVal(self, v):
        self.value = float(v)

    def getVal(self):
        return self.value


# --- must be flagged ---


def NLL(mu1):
    mu = mu1[0]
    alpha = mu1[1]
    alpha_lumi_kFact = RooRealVar()
    alpha_lumi_kFact.setVal(float(alpha))  # expect: JG104
    return mu + alpha_lumi_kFact.getVal()


def bug():
    return jax.grad(NLL)(jnp.array([1.0, 0.5]))


# --- must not be flagged ---


def NLL_jnp(mu1):
    mu = mu1[0]
    alpha = mu1[1]
    return mu + 1.0 * alpha


def fixed():
    return jax.grad(NLL_jnp)(jnp.array([1.0, 0.5]))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
