# Report: paninski-lab/eks#80 https://github.com/paninski-lab/eks/pull/80
# Class: 6 (churn that comes from data: a jitted closure made again for every keypoint)
# Rule: JG301
# Reduced: "Vmap optimize_smooth_param over all keypoints — 1112s → 58s (19×)": "The sequential
# per-keypoint Adam loop recreated `@jit`-decorated functions on every iteration, each closing over
# different concrete JAX arrays (`yB`, `AB`, `QB`, ...). JAX baked these in as constants, forcing a
# fresh XLA compilation per keypoint — 109 `backend_compile` calls × 6.9s". The fix passes the
# arrays "as arguments (not closures) to a single `_optimize_one` function" that compiles once;
# the look-alike is that function called per keypoint (the PR additionally vmaps it).
import jax
import jax.numpy as jnp

T = 20


def keypoint_data(k):
    t = jnp.linspace(0.0, 1.0, T)
    return jnp.sin(2.0 * jnp.pi * (t + 0.1 * k))[:, None]


# --- must be flagged ---


def optimize_smooth_param(yB, n_iters=5, lr=0.1):
    @jax.jit  # expect: JG301
    def loss(log_s):
        s = jnp.exp(log_s)
        smoothed = jnp.cumsum(yB, axis=0) / (1.0 + s * jnp.arange(1, T + 1)[:, None])
        return jnp.mean((smoothed - yB) ** 2)

    log_s = jnp.array(0.0)
    for _ in range(n_iters):
        log_s = log_s - lr * jax.grad(loss)(log_s)
    return log_s


def calls(n):
    return [optimize_smooth_param(keypoint_data(k)) for k in range(n)]


# --- must not be flagged ---


def _loss(log_s, yB):
    s = jnp.exp(log_s)
    smoothed = jnp.cumsum(yB, axis=0) / (1.0 + s * jnp.arange(1, T + 1)[:, None])
    return jnp.mean((smoothed - yB) ** 2)


_loss_grad = jax.jit(jax.grad(_loss))


def optimize_one(yB, n_iters=5, lr=0.1):
    log_s = jnp.array(0.0)
    for _ in range(n_iters):
        log_s = log_s - lr * _loss_grad(log_s, yB)
    return log_s


def calls_as_arguments(n):
    return [optimize_one(keypoint_data(k)) for k in range(n)]


GROWS = [calls]
BOUNDED = [calls_as_arguments]
