# Report: https://runguard.dev/blog/google-gemma-jax-agent-cost-control.html (blog post "Google Gemma + JAX Agent Cost Control: XLA Recompilation Loops ...", failure mode 1)
# Class: 6 (churn that comes from data: a prompt that grows every turn)
# Rule: JG303
# Reduced: "XLA recompilation on every unique sequence length": an agent loop appends each tool
# result (of unpredictable length) to the conversation's token ids and calls the jitted model on
# the whole history, so the input has a new length at every turn and JAX traces and compiles
# the step again each time. The model is a one-layer embedding + mean; the tool returns a number
# of tokens that depends on the turn. The post's fix: pad the history to one bucket length and
# pass a mask (here: a fixed maximum context of 64 tokens).
import jax
import jax.numpy as jnp
import numpy as np

VOCAB, DIM, MAX_LEN = 32, 4, 64
params = {"emb": jnp.ones((VOCAB, DIM)), "out": jnp.ones((DIM, VOCAB))}


@jax.jit
def next_token_logits(params, tokens):
    h = params["emb"][tokens].mean(axis=0)
    return h @ params["out"]


@jax.jit
def next_token_logits_masked(params, tokens, length):
    mask = (jnp.arange(tokens.shape[0]) < length)[:, None]
    h = (params["emb"][tokens] * mask).sum(axis=0) / length
    return h @ params["out"]


def tool_result(turn):
    return [turn % VOCAB] * (turn + 1)


# --- must be flagged ---


def agent(n):
    history = [1, 2, 3]
    for turn in range(n):
        logits = next_token_logits(params, jnp.array(history))  # expect: JG303
        history.append(int(jnp.argmax(logits)))
        history.extend(tool_result(turn))
    return history


# --- must not be flagged ---


def agent_padded(n):
    history = [1, 2, 3]
    for turn in range(n):
        padded = np.zeros(MAX_LEN, np.int32)
        padded[: len(history)] = history
        logits = next_token_logits_masked(params, padded, len(history))
        history.append(int(jnp.argmax(logits)))
        history.extend(tool_result(turn))
    return history


GROWS = [agent]
BOUNDED = [agent_padded]
