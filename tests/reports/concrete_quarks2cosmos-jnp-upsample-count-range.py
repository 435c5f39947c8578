# Report: EiffL/Quarks2CosmosDataChallenge#6 https://github.com/EiffL/Quarks2CosmosDataChallenge/pull/6
# Class: 3 (everything created inside jit is traced: a size computed with jax.numpy)
# Rule: JG104
# Reduced: "fix potential TracerIntegerConversionError in Decoder: replacing JAX array with numpy
# array, so that it is explicitly not something to be traced". The PR shows only that sentence;
# the decoder here (an assumption of its shape) computes its number of upsampling blocks with
# jax.numpy from the image and latent sizes and loops `range(...)` over it, which under jit is a
# tracer. The haiku module is replaced by a plain class. Fix (the PR's): compute it with NumPy.
import jax
import jax.numpy as jnp
import numpy as np


class Decoder:
    def __init__(self, image_size=32, latent_size=8):
        self.image_size, self.latent_size = image_size, latent_size

    def __call__(self, z):
        n_upsample = jnp.log2(self.image_size / self.latent_size).astype(jnp.int32)
        x = z
        for _ in range(n_upsample):  # expect: JG104
            x = jnp.repeat(x, 2, axis=-1)
        return x


# --- must be flagged ---


@jax.jit
def decode(z):
    return Decoder()(z)


def bug():
    return decode(jnp.ones(8))


# --- must not be flagged ---


class DecoderFixed(Decoder):
    def __call__(self, z):
        n_upsample = int(np.log2(self.image_size / self.latent_size))
        x = z
        for _ in range(n_upsample):
            x = jnp.repeat(x, 2, axis=-1)
        return x


@jax.jit
def decode_fixed(z):
    return DecoderFixed()(z)


def fixed():
    return decode_fixed(jnp.ones(8))


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
