# Report: kazewong/flowMC#133 https://github.com/kazewong/flowMC/issues/133
# Class: 6 (churn that comes from call structure: an eager lax loop given a function made on every call)
# Rule: JG301
# Reduced: "Lax scan recompile sampling loop everytime": "Lax scan in NF_proposal recompiles every
# time when sampling, which increase the sampling time drastically ... especially the sampling
# loop in NF_proposal is not jitted anyway." Outside jit, `lax.scan` compiles its body and caches
# it by the body's identity; a body defined inside the sampling method is a new function on every
# call, so every sampling step compiles the loop again. Reduced to a proposal whose `sample` scans
# an independence Metropolis step over the normalizing-flow draws; the look-alike hoists the body
# to module level (the other fix, a plain Python loop, would do too).
import jax
import jax.numpy as jnp


def log_target(x):
    return -0.5 * jnp.sum(x ** 2)


# --- must be flagged ---


class NFProposal:
    def __init__(self, n_steps):
        self.n_steps = n_steps

    def sample(self, key, position):
        flow_samples = jax.random.normal(key, (self.n_steps, position.shape[0]))
        log_u = jnp.log(jax.random.uniform(key, (self.n_steps,)))

        def body(carry, inputs):
            proposal, log_uniform = inputs
            accept = log_uniform < log_target(proposal) - log_target(carry)
            new = jnp.where(accept, proposal, carry)
            return new, new

        return jax.lax.scan(body, position, (flow_samples, log_u))  # expect: JG301


def calls(n):
    proposal = NFProposal(8)
    position = jnp.zeros(2)
    for i in range(n):
        position, _ = proposal.sample(jax.random.PRNGKey(i), position)
    return position


# --- must not be flagged ---


def independence_step(carry, inputs):
    proposal, log_uniform = inputs
    accept = log_uniform < log_target(proposal) - log_target(carry)
    new = jnp.where(accept, proposal, carry)
    return new, new


class NFProposalHoisted(NFProposal):
    def sample(self, key, position):
        flow_samples = jax.random.normal(key, (self.n_steps, position.shape[0]))
        log_u = jnp.log(jax.random.uniform(key, (self.n_steps,)))
        return jax.lax.scan(independence_step, position, (flow_samples, log_u))


def calls_hoisted(n):
    proposal = NFProposalHoisted(8)
    position = jnp.zeros(2)
    for i in range(n):
        position, _ = proposal.sample(jax.random.PRNGKey(i), position)
    return position


GROWS = [calls]
BOUNDED = [calls_hoisted]
