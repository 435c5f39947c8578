# Report: jax-ml/jax#4645 https://github.com/jax-ml/jax/issues/4645
# Class: 6 (churn: a jitted helper defined inside a method that an agent loop calls every step)
# Rule: JG301 (marked on the nested `@jax.jit`, as the corpus marks a jitted def defined and called per run; blind label was the call line)
# Reduced: "Curious jit behavior in nested class functions": an agent's
# `take_action(self, obs)` defines `@jit def _take_action(params, obs)` (logits, softmax
# confidence, argmax) and calls it; it is much slower than the "factored" version,
# `@partial(jit, static_argnums=(0,)) def _take_action(self, params, obs)` on the class: "I'm
# guessing for some reason the nested function is being redundantly compiled each call" (it is: a
# new function object per call). Here the network is a linear layer and the environment loop calls
# `take_action` once per step. Fix (the reporter's factored version): a jitted method with `self`
# static, defined once on the class.
import functools

import jax
import jax.numpy as jnp


def net_apply(params, obs):
    return obs @ params


# --- must be flagged ---


class Agent:
    def __init__(self, params):
        self.params = params

    def take_action(self, obs):
        @jax.jit  # expect: JG301
        def _take_action(params, obs):
            logits = net_apply(params, obs)
            softm_logits = jax.nn.softmax(logits.flatten())
            sorted_logits = jnp.sort(softm_logits)
            conf = sorted_logits[-1] - sorted_logits[-2]
            action = jnp.argmax(logits)
            return logits, action, conf

        return _take_action(self.params, obs)


def episode(n):
    agent = Agent(jnp.ones((4, 3)))
    return [agent.take_action(jnp.full(4, float(t))) for t in range(n)]


# --- must not be flagged ---


class FactoredAgent:
    def __init__(self, params):
        self.params = params

    @functools.partial(jax.jit, static_argnums=(0,))
    def _take_action(self, params, obs):
        logits = net_apply(params, obs)
        softm_logits = jax.nn.softmax(logits.flatten())
        sorted_logits = jnp.sort(softm_logits)
        conf = sorted_logits[-1] - sorted_logits[-2]
        action = jnp.argmax(logits)
        return logits, action, conf

    def take_action(self, obs):
        return self._take_action(self.params, obs)


def episode_factored(n):
    agent = FactoredAgent(jnp.ones((4, 3)))
    return [agent.take_action(jnp.full(4, float(t))) for t in range(n)]


GROWS = [episode]
BOUNDED = [episode_factored]
