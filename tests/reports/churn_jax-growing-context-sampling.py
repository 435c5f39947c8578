# Report: jax-ml/jax#837 https://github.com/jax-ml/jax/issues/837
# Class: 6 (churn from data: the context grows while sampling)
# Rule: JG303
# Reduced: "when sampling from a transformer sequence model, the context size initially grows":
# each step feeds `tokens[:t]` to the jitted model, one new shape per step. Fix: a fixed-size
# buffer and the current position as a traced argument.
import jax
import jax.numpy as jnp


@jax.jit
def next_token(context):
    return (jnp.sum(context) % 7).astype(jnp.int32)


@jax.jit
def next_token_fixed(buffer, position):
    mask = jnp.arange(buffer.shape[0]) < position
    return (jnp.sum(jnp.where(mask, buffer, 0)) % 7).astype(jnp.int32)


# --- must be flagged ---


def sample(n_steps):
    tokens = jnp.zeros(32, jnp.int32).at[0].set(1)
    for t in range(1, n_steps + 1):
        tok = next_token(tokens[:t])  # expect: JG303
        tokens = tokens.at[t].set(tok)
    return tokens


# --- must not be flagged ---


def sample_fixed(n_steps):
    tokens = jnp.zeros(32, jnp.int32).at[0].set(1)
    for t in range(1, n_steps + 1):
        tok = next_token_fixed(tokens, t)
        tokens = tokens.at[t].set(tok)
    return tokens


GROWS = [sample]
BOUNDED = [sample_fixed]
