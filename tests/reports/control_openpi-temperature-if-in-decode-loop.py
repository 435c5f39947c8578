# Report: Physical-Intelligence/openpi#550 https://github.com/Physical-Intelligence/openpi/pull/550
# Class: 3 (a keyword argument of a jitted method is traced, also in the lax.while_loop body that closes over it)
# Rule: JG101
# Reduced: pi0_FAST's `sample_actions(self, rng, observation, *, max_decoding_steps=256,
# temperature=0.0)` is jitted by openpi's `module_jit` wrapper (`jitted_fn(state, *args, **kwargs)`),
# so a `temperature` sampling kwarg arrives traced; with a nonzero temperature the decoding loop's
# `step` (run by `jax.lax.while_loop(cond, step, ...)`) failed at pi0_fast.py:281 under jit. The
# PR shows the traceback (the quoted line is cut after its first letter) and the merged fix, which
# selects with `jax.lax.cond(temperature > 0.0, categorical, argmax)`; the buggy line is the
# Python branch on `temperature > 0.0` that the fix replaced. The PaliGemma LLM is replaced by an
# embedding lookup, the observation by the prefix logits, the KV cache is dropped; the carry, the
# EOS test and `cond` keep their shape. `jax.jit(model.sample_actions)` stands for module_jit.
import jax
import jax.numpy as jnp

PALIGEMMA_EOS_TOKEN = 1

# --- must be flagged ---


class Pi0FAST:
    def __init__(self, vocab_size=8):
        self.embedding = jnp.eye(vocab_size) * 2.0

    def llm(self, token):
        return self.embedding[token]

    def sample_actions(self, rng, prefix_logits, *, max_decoding_steps=4, temperature=0.0):
        last_logit = prefix_logits
        output_tokens = jnp.zeros((last_logit.shape[0], max_decoding_steps), jnp.int32)

        def step(carry):
            rng, last_logit, output_tokens, _, step = carry
            rng, rng_step = jax.random.split(rng)
            if temperature > 0.0:  # expect: JG101
                token = jax.random.categorical(rng_step, last_logit / temperature, axis=-1)
            else:
                token = jnp.argmax(last_logit, axis=-1)
            output_tokens = output_tokens.at[:, step].set(token)
            has_eos = token == PALIGEMMA_EOS_TOKEN
            all_eos = jnp.all(has_eos)
            return rng, self.llm(token), output_tokens, all_eos, step + 1

        def cond(carry):
            _, _, _, all_eos, step = carry
            return (~all_eos) & (step < max_decoding_steps)

        _, _, output_tokens, _, _ = jax.lax.while_loop(cond, step, (rng, last_logit, output_tokens, False, 0))
        return output_tokens


def bug():
    model = Pi0FAST()
    sample = jax.jit(model.sample_actions)
    return sample(jax.random.PRNGKey(0), jnp.zeros((2, 8)), temperature=0.7)


# --- must not be flagged ---


class Pi0FASTFixed(Pi0FAST):
    def sample_actions(self, rng, prefix_logits, *, max_decoding_steps=4, temperature=0.0):
        last_logit = prefix_logits
        output_tokens = jnp.zeros((last_logit.shape[0], max_decoding_steps), jnp.int32)

        def step(carry):
            rng, last_logit, output_tokens, _, step = carry
            rng, rng_step = jax.random.split(rng)
            token = jax.lax.cond(
                temperature > 0.0,
                lambda _: jax.random.categorical(rng_step, last_logit / temperature, axis=-1),
                lambda _: jnp.argmax(last_logit, axis=-1),
                operand=None,
            )
            output_tokens = output_tokens.at[:, step].set(token)
            all_eos = jnp.all(token == PALIGEMMA_EOS_TOKEN)
            return rng, self.llm(token), output_tokens, all_eos, step + 1

        def cond(carry):
            _, _, _, all_eos, step = carry
            return (~all_eos) & (step < max_decoding_steps)

        _, _, output_tokens, _, _ = jax.lax.while_loop(cond, step, (rng, last_logit, output_tokens, False, 0))
        return output_tokens


def fixed():
    model = Pi0FASTFixed()
    sample = jax.jit(model.sample_actions)
    return sample(jax.random.PRNGKey(0), jnp.zeros((2, 8)), temperature=0.7)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
