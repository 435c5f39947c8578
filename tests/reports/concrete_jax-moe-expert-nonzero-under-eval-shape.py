# Report: jax-ml/jax#19424 https://github.com/jax-ml/jax/issues/19424 ("using jnp.nozero is not possible in jax.eval_shape")
# Class: 3 (everything created inside a trace is traced: eval_shape traces with abstract values)
# Rule: JG105
# Reduced: a Mixtral sparse-MoE block loops over its expert layers and gathers each expert's
# tokens with `jnp.nonzero(expert_mask[expert_idx])`; initialising the model through
# `jax.eval_shape` (to get parameter shapes without computing them) fails: eval_shape traces
# the function with abstract values, and `jnp.nonzero` without `size=` needs concrete ones
# (ConcretizationTypeError "The size argument of jnp.nonzero must be statically specified").
# Fix: give the gather a static size, the number of tokens, and let the padding rows carry a
# zero routing weight (the dense-dispatch form sparse-MoE ports to JAX use).
import jax
import jax.numpy as jnp


class ExpertMLP:
    def __init__(self, key, dim):
        self.w = jax.random.normal(key, (dim, dim)) * 0.1

    def __call__(self, h):
        return jax.nn.silu(h @ self.w)


def inputs(n_tokens=6, n_experts=4, dim=8):
    key = jax.random.PRNGKey(0)
    hidden = jax.random.normal(key, (n_tokens, dim))
    logits = jax.random.normal(jax.random.PRNGKey(1), (n_tokens, n_experts))
    top = jnp.argmax(logits, axis=-1)
    expert_mask = jax.nn.one_hot(top, n_experts).T  # (experts, tokens)
    routing = jax.nn.softmax(logits, axis=-1)
    return expert_mask, hidden, routing


# --- must be flagged ---


class SparseMoEBlock:
    def __init__(self, key, n_experts, dim):
        self.layers = [ExpertMLP(k, dim) for k in jax.random.split(key, n_experts)]

    def __call__(self, expert_mask, hidden_states, routing_weights):
        final_hidden_states = jnp.zeros_like(hidden_states)
        for expert_idx, expert_layer in enumerate(self.layers):
            selected_mask = expert_mask[expert_idx]
            top_x = jnp.nonzero(selected_mask)[0]  # expect: JG105
            current = expert_layer(hidden_states[top_x]) * routing_weights[top_x, expert_idx, None]
            final_hidden_states = final_hidden_states.at[top_x].add(current)
        return final_hidden_states


def bug():
    block = SparseMoEBlock(jax.random.PRNGKey(2), 4, 8)
    return jax.eval_shape(lambda m, h, r: block(m, h, r), *inputs())


# --- must not be flagged ---


class SparseMoEBlockStatic:
    def __init__(self, key, n_experts, dim):
        self.layers = [ExpertMLP(k, dim) for k in jax.random.split(key, n_experts)]

    def __call__(self, expert_mask, hidden_states, routing_weights):
        n_tokens = hidden_states.shape[0]
        final_hidden_states = jnp.zeros_like(hidden_states)
        for expert_idx, expert_layer in enumerate(self.layers):
            selected_mask = expert_mask[expert_idx]
            top_x = jnp.nonzero(selected_mask, size=n_tokens, fill_value=0)[0]
            valid = jnp.arange(n_tokens) < selected_mask.sum()  # padding rows weigh 0
            weight = routing_weights[top_x, expert_idx] * valid
            current = expert_layer(hidden_states[top_x]) * weight[:, None]
            final_hidden_states = final_hidden_states.at[top_x].add(current)
        return final_hidden_states


def fixed():
    block = SparseMoEBlockStatic(jax.random.PRNGKey(2), 4, 8)
    return jax.eval_shape(lambda m, h, r: block(m, h, r), *inputs())


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
