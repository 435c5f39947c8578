# Report: pnkraemer/probdiffeq#813 https://github.com/pnkraemer/probdiffeq/pull/813
# Class: 4 (Python truth-value operators on traced values: `x or default`)
# Rule: JG103
# Reduced: "Fix a tracer conversion issue": "If output_scale is a traced array,
# `output_scale or ...` doesn't work." `ivpsolvers.prior_ibm(tcoeffs, *, ssm_fact,
# output_scale=None)` defaulted the diffusion with `output_scale_user = output_scale or
# np.ones_like(ssm.prototypes.output_scale())`; when the output scale is a parameter being
# estimated (jitted / differentiated), `or` asks for the truth value of a tracer. Fix: test
# `output_scale is None`. The IBM prior, its discretisation and a jitted calibration loss are
# written out (dense, one-dimensional state).
import math
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as np


class _MarkovProcess(NamedTuple):
    tcoeffs: Any
    output_scale: Any
    discretize: Callable


def ibm_transitions(num_derivatives, output_scale):
    def discretize(dt):
        n = num_derivatives + 1
        i = np.arange(n)[:, None]
        j = np.arange(n)[None, :]
        A = np.where(j >= i, dt ** (j - i) / np.asarray([math.factorial(k) for k in range(n)])[j - i], 0.0)
        Q = dt ** (2 * n - 1 - i - j) / ((2 * n - 1 - i - j) * 1.0)
        return A, output_scale**2 * Q

    return discretize


def prior_ibm(tcoeffs, *, output_scale=None):
    output_scale_user = output_scale or np.ones_like(tcoeffs[0])  # expect: JG103
    discretize = ibm_transitions(len(tcoeffs) - 1, output_scale=output_scale_user)
    return _MarkovProcess(tcoeffs, np.ones_like(tcoeffs[0]), discretize=discretize)


def prior_ibm_fixed(tcoeffs, *, output_scale=None):
    output_scale_user = output_scale if output_scale is not None else np.ones_like(tcoeffs[0])
    discretize = ibm_transitions(len(tcoeffs) - 1, output_scale=output_scale_user)
    return _MarkovProcess(tcoeffs, np.ones_like(tcoeffs[0]), discretize=discretize)


tcoeffs = (np.asarray(1.0), np.asarray(-0.5), np.asarray(0.25))
ts = np.linspace(0.0, 1.0, 11)


def transition_logdet(prior):
    _, Qs = jax.vmap(prior.discretize)(np.diff(ts))
    return np.sum(np.linalg.slogdet(Qs + 1e-9 * np.eye(Qs.shape[-1]))[1])


# --- must be flagged ---


@jax.jit
def calibration_loss(output_scale):
    return transition_logdet(prior_ibm(tcoeffs, output_scale=output_scale))


def crashes():
    return calibration_loss(np.asarray(2.0))


# --- must not be flagged ---


@jax.jit
def calibration_loss_fixed(output_scale):
    return transition_logdet(prior_ibm_fixed(tcoeffs, output_scale=output_scale))


def works():
    return calibration_loss_fixed(np.asarray(2.0))


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
