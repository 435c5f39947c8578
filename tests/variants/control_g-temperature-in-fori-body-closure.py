# Variant of: tests/reports/control_openpi-temperature-if-in-decode-loop.py
# Class: 4 (Python control flow on a traced value in a loop body)
# Rule: JG101
# Axis: (g) the decode loop is a `lax.fori_loop` whose body closes over the jitted temperature.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def decode(rng, logits, temperature):
    def body(i, carry):
        rng, tokens = carry
        rng, sub = jax.random.split(rng)
        if temperature > 0.0:  # expect: JG101
            token = jax.random.categorical(sub, logits / temperature, axis=-1)
        else:
            token = jnp.argmax(logits, axis=-1)
        return rng, tokens.at[:, i].set(token)

    return jax.lax.fori_loop(0, 3, body, (rng, jnp.zeros((logits.shape[0], 3), jnp.int32)))[1]


def bug():
    return decode(jax.random.PRNGKey(0), jnp.zeros((2, 4)), 0.7)


# --- must not be flagged ---


def fixed():
    return jax.jit(decode.__wrapped__, static_argnums=2)(jax.random.PRNGKey(0), jnp.zeros((2, 4)), 0.7)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
