# Report: google-deepmind/tapnet#44 https://github.com/google-deepmind/tapnet/issues/44
# Class: 6 (churn from data: inputs whose shape changes with each video)
# Rule: JG303
# Reduced: `model_apply = jax.jit(model.apply)` once, then `for video in videos:` calls
# `inference(frames, query_points)`, which calls `model_apply(params, state, rng, frames,
# query_points)`; each video has its own frame count, so each new size compiles again. The thread
# elides the model (a haiku transform) and the video loading: here a one-line apply and videos of
# growing length. Fix (the thread's answer: fix the input size): pad every video to one length.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def apply(params, state, rng, frames, query_points):
    return jnp.sum(frames * params) + jnp.sum(query_points), state


model_apply = jax.jit(apply)


def inference(frames, query_points):
    rng = jax.random.PRNGKey(42)
    outputs, _ = model_apply(1.0, None, rng, frames, query_points)  # expect: JG303
    return outputs


def run(n):
    videos = [np.ones((8 + i, 4), np.float32) for i in range(n)]
    out = []
    for video in videos:
        out.append(inference(video, np.zeros((2, 3), np.float32)))
    return out


# --- must not be flagged ---


def pad_video(video, length=32):
    padded = np.zeros((length, video.shape[1]), video.dtype)
    padded[: video.shape[0]] = video
    return padded


def run_padded(n):
    videos = [np.ones((8 + i, 4), np.float32) for i in range(n)]
    out = []
    for video in videos:
        out.append(inference(pad_video(video), np.zeros((2, 3), np.float32)))
    return out


GROWS = [run]
BOUNDED = [run_padded]
