# Report: oughtinc/ergo#295 https://github.com/oughtinc/ergo/pull/295
# Class: 2 (traced value reaches Python control flow through a library object: a dataclass __init__)
# Rule: JG103
# Reduced: "Fit logistic mixtures to percentile conditions": `LogisticMixture.from_conditions`
# jits a loss `_loss(params)` that rebuilds the mixture with `cls.from_params(params)`, i.e.
# `[Logistic(p[0], p[1]) for p in structured_params]`, and `Logistic.__init__` clamped the scale
# with `self.scale = max(scale, 0.0000001)  # Do not allow values <= 0`. Review comment on the
# change to `np.max([scale, 0.0000001])` (np is jax.numpy): "Jit compilation using Jax complains
# about plain Python max (can't trace control flow)" -- builtin max compares its arguments in
# Python, which needs the truth value of a traced comparison. The look-alike is that fix (current
# jax.numpy rejects a list argument to np.max, so the pair is wrapped in np.array).
from dataclasses import dataclass

import jax.numpy as np
from jax import jit, nn, scipy


@dataclass
class PercentileCondition:
    percentile: float
    value: float

    def loss(self, dist):
        return (dist.cdf(self.value) - self.percentile) ** 2


# --- must be flagged ---


@dataclass
class Logistic:
    loc: float
    scale: float

    def __init__(self, loc, scale):
        self.loc = loc
        self.scale = max(scale, 0.0000001)  # expect: JG103

    def cdf(self, x):
        return scipy.stats.logistic.cdf((x - self.loc) / self.scale)


class LogisticMixture:
    def __init__(self, components, probs):
        self.components = components
        self.probs = probs

    def cdf(self, x):
        return sum(c.cdf(x) * p for c, p in zip(self.components, self.probs))

    @classmethod
    def from_params(cls, params):
        structured_params = params.reshape((-1, 3))
        probs = list(np.exp(nn.log_softmax(structured_params[:, 2])))
        return cls([Logistic(p[0], p[1]) for p in structured_params], probs)

    @classmethod
    def conditions_loss(cls, conditions):
        def _loss(params):
            dist = cls.from_params(params)
            total_loss = 0.0
            for condition in conditions:
                total_loss += condition.loss(dist)
            return total_loss * 100

        return jit(_loss)


def crashes():
    loss = LogisticMixture.conditions_loss([PercentileCondition(0.5, 1.0), PercentileCondition(0.9, 3.0)])
    return loss(np.array([1.0, 1.0, -2.0, 2.0, 0.5, -2.0]))


# --- must not be flagged ---


@dataclass
class LogisticClamped:
    loc: float
    scale: float

    def __init__(self, loc, scale):
        self.loc = loc
        self.scale = np.max(np.array([scale, 0.0000001]))

    def cdf(self, x):
        return scipy.stats.logistic.cdf((x - self.loc) / self.scale)


class LogisticMixtureClamped:
    def __init__(self, components, probs):
        self.components = components
        self.probs = probs

    def cdf(self, x):
        return sum(c.cdf(x) * p for c, p in zip(self.components, self.probs))

    @classmethod
    def from_params(cls, params):
        structured_params = params.reshape((-1, 3))
        probs = list(np.exp(nn.log_softmax(structured_params[:, 2])))
        return cls([LogisticClamped(p[0], p[1]) for p in structured_params], probs)

    @classmethod
    def conditions_loss(cls, conditions):
        def _loss(params):
            dist = cls.from_params(params)
            total_loss = 0.0
            for condition in conditions:
                total_loss += condition.loss(dist)
            return total_loss * 100

        return jit(_loss)


def works():
    loss = LogisticMixtureClamped.conditions_loss([PercentileCondition(0.5, 1.0), PercentileCondition(0.9, 3.0)])
    return loss(np.array([1.0, 1.0, -2.0, 2.0, 0.5, -2.0]))


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
