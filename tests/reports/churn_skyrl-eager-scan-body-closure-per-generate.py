# Report: NovaSky-AI/SkyRL#634 https://github.com/NovaSky-AI/SkyRL/pull/634
# Class: 6 (churn: eager lax.scan over a body function defined anew on every call)
# Rule: JG301
# Reduced: the generator's decode loop is a `jax.lax.scan` whose body "closed over local
# variables and the closure is a new variable in each call to .generate", so nothing was cached
# across calls and every RL step compiled the decode loop again (400 s -> 150 s per step after the
# fix). Fix (the PR's): a scan body that does not change between calls, the per-call values
# carried as arguments. The model is one matrix; sampling is greedy.
import jax
import jax.numpy as jnp


def model_apply(params, emb):
    return jnp.tanh(emb @ params)


# --- must be flagged ---


def generate(params, prompt_emb, max_new_tokens=4):
    def scan_fn(emb, _):
        nxt = model_apply(params, emb)
        return nxt, nxt

    _, tokens = jax.lax.scan(scan_fn, prompt_emb, None, length=max_new_tokens)  # expect: JG301
    return tokens


def rl_loop(n):
    params = jnp.eye(4) * 0.5
    for _ in range(n):
        tokens = generate(params, jnp.ones(4))
        params = params + 0.01 * jnp.mean(tokens)
    return params


# --- must not be flagged ---


def _scan_fn(carry, _):
    params, emb = carry
    nxt = model_apply(params, emb)
    return (params, nxt), nxt


def generate_cached(params, prompt_emb, max_new_tokens=4):
    _, tokens = jax.lax.scan(_scan_fn, (params, prompt_emb), None, length=max_new_tokens)
    return tokens


def rl_loop_cached(n):
    params = jnp.eye(4) * 0.5
    for _ in range(n):
        tokens = generate_cached(params, jnp.ones(4))
        params = params + 0.01 * jnp.mean(tokens)
    return params


GROWS = [rl_loop]
BOUNDED = [rl_loop_cached]
