# Variant of: tests/reports/concrete_jax-moe-expert-nonzero-under-eval-shape.py
# Class: 3 (everything created inside a trace is traced: eval_shape traces with abstract values)
# Rule: JG105
# Axis: (h) the block instance itself is passed to `jax.eval_shape`, which traces its `__call__`.
import jax
import jax.numpy as jnp


def inputs(n_tokens=6, n_experts=3, dim=4):
    hidden = jax.random.normal(jax.random.PRNGKey(0), (n_tokens, dim))
    top = jnp.arange(n_tokens) % n_experts
    return jax.nn.one_hot(top, n_experts).T, hidden


# --- must be flagged ---


class Router:
    def __init__(self, n_experts, dim):
        self.w = jnp.ones((n_experts, dim, dim)) * 0.1

    def __call__(self, expert_mask, hidden):
        out = jnp.zeros_like(hidden)
        for e in range(self.w.shape[0]):
            rows = jnp.nonzero(expert_mask[e])[0]  # expect: JG105
            out = out.at[rows].add(hidden[rows] @ self.w[e])
        return out


def bug():
    return jax.eval_shape(Router(3, 4), *inputs())


# --- must not be flagged ---


class RouterDense(Router):
    def __call__(self, expert_mask, hidden):
        weighted = [(hidden @ w) * m[:, None] for w, m in zip(self.w, expert_mask)]
        return sum(weighted, jnp.zeros_like(hidden))


def fixed():
    return jax.eval_shape(RouterDense(3, 4), *inputs())


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
