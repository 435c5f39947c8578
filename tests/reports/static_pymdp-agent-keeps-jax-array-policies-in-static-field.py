# Report: infer-actively/pymdp#346 https://github.com/infer-actively/pymdp/issues/346
# Class: 5 (what reaches a static position: a JAX array in an `eqx.field(static=True)`)
# Rule: JG203; no rule fits exactly: the array is compared, not hashed, as part of the static treedef
# Reduced: "Static JAX arrays in Equinox static=True fields can break `eqx.filter_jit`": PR #345
# put the agent's `policies` array into an `equinox` `static=True` field. "Upon re-jit/reuse,
# Equinox/JAX sometimes need to compare/hash statics; JAX arrays don't support that (array truth
# value is ambiguous...)", which "will eventually trigger" for "any pattern that reuses a
# `filter_jit`'d function with an Agent argument". Reduced to an agent module and a
# `filter_jit`ted inference step called with two agents built the same way: the second call
# compares the static fields and fails. The fix adopted in the thread keeps the policies as a
# static tuple and materialises the array on access, the look-alike.
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def policy_table(num_policies):
    return np.arange(num_policies * 2).reshape(num_policies, 2) % 2


# --- must be flagged ---


class Agent(eqx.Module):
    A: jax.Array
    policies: jax.Array = eqx.field(static=True)


def build_agent():
    return Agent(A=jnp.array([[0.9, 0.1], [0.1, 0.9]]), policies=jnp.asarray(policy_table(3)))


@eqx.filter_jit
def infer_policies(agent, obs):
    q = agent.A @ obs
    return agent.policies.astype(q.dtype) @ q


def crashes():
    obs = jnp.array([1.0, 0.0])
    infer_policies(build_agent(), obs)
    return infer_policies(build_agent(), obs)  # expect: JG203


# --- must not be flagged ---


class AgentTuplePolicies(eqx.Module):
    A: jax.Array
    _policies: tuple = eqx.field(static=True)

    @property
    def policies(self):
        return jnp.array(self._policies)


def build_agent_tuple():
    table = tuple(tuple(int(v) for v in row) for row in policy_table(3))
    return AgentTuplePolicies(A=jnp.array([[0.9, 0.1], [0.1, 0.9]]), _policies=table)


def works():
    obs = jnp.array([1.0, 0.0])
    infer_policies(build_agent_tuple(), obs)
    return infer_policies(build_agent_tuple(), obs)


RAISES = [(crashes, "ValueError")]
RUNS = [works]
