# Variant of: tests/reports/control_openpi-temperature-if-in-decode-loop.py
# Class: 1 (values inside containers: a field of a registered dataclass argument)
# Rule: JG101
# Axis: (b) the temperature is a data field of a `jax.tree_util.register_dataclass` config passed to jit.
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SampleConfig:
    temperature: float
    steps: int = dataclasses.field(metadata=dict(static=True), default=3)


def pick(rng, logits, cfg):
    if cfg.temperature > 0.0:  # expect: JG101
        return jax.random.categorical(rng, logits / cfg.temperature, axis=-1)
    return jnp.argmax(logits, axis=-1)


# --- must be flagged ---


@jax.jit
def decode(rng, logits, cfg):
    tokens = []
    for _ in range(cfg.steps):
        rng, sub = jax.random.split(rng)
        tokens.append(pick(sub, logits, cfg))
    return jnp.stack(tokens)


def bug():
    return decode(jax.random.PRNGKey(0), jnp.zeros((2, 4)), SampleConfig(0.7))


# --- must not be flagged ---


def pick_static(rng, logits, temperature):
    if temperature > 0.0:
        return jax.random.categorical(rng, logits / temperature, axis=-1)
    return jnp.argmax(logits, axis=-1)


def decode_static(rng, logits, temperature, steps):
    tokens = []
    for _ in range(steps):
        rng, sub = jax.random.split(rng)
        tokens.append(pick_static(sub, logits, temperature))
    return jnp.stack(tokens)


def fixed():
    run = jax.jit(decode_static, static_argnames=("temperature", "steps"))
    return run(jax.random.PRNGKey(0), jnp.zeros((2, 4)), temperature=0.7, steps=3)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
