# Report: p-doom/jasmine#16 https://github.com/p-doom/jasmine/issues/16 ("Avoid JAX recompile on sampling using padding and masking"), fixed by p-doom/jafar#60 (mirrored as FLAIROx/jafar#11)
# Class: 6 (churn from data: a jitted step called on a sequence that grows by one frame per step)
# Rule: JG303
# Reduced: the Genie-style world model sampled future frames autoregressively, feeding the frames
# generated so far to the jitted dynamics model; the token video grows by one frame per step, so
# each step is a new input shape and compiles ("compilation being the largest fraction of the
# time": 16 frames took 6min30s, 1min20s after the fix). The fix: "to maintain consistent tensor
# shapes across timesteps, all current and future frames are (maskgit-)decoded at every step",
# the future frames masked. The ST-transformer is reduced to a mean over frames.
import jax
import jax.numpy as jnp

SEQ_LEN = 8
NUM_PATCHES = 4


@jax.jit
def dynamics(token_video):
    return jnp.tanh(token_video.mean(axis=1))


@jax.jit
def masked_dynamics(token_video, frame_mask):
    weights = frame_mask[None, :, None] / frame_mask.sum()
    return jnp.tanh((token_video * weights).sum(axis=1))


# --- must be flagged ---


def sample(num_frames):
    token_video = jnp.ones((1, 1, NUM_PATCHES))
    for _ in range(num_frames):
        next_frame = dynamics(token_video)  # expect: JG303
        token_video = jnp.concatenate([token_video, next_frame[:, None]], axis=1)
    return token_video


# --- must not be flagged ---


def sample_fixed(num_frames):
    token_video = jnp.zeros((1, SEQ_LEN, NUM_PATCHES)).at[:, 0].set(1.0)
    for t in range(1, num_frames + 1):
        frame_mask = (jnp.arange(SEQ_LEN) < t).astype(jnp.float32)
        next_frame = masked_dynamics(token_video, frame_mask)
        token_video = token_video.at[:, t].set(next_frame)
    return token_video


GROWS = [sample]
BOUNDED = [sample_fixed]
