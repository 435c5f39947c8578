"""True as soon as a caller passes the flag: a parameter of a jitted function that is neither
static nor defaulted-and-never-passed is traced, and Python control flow or shapes on it fail.
Here each function has a caller that passes it (in the libraries, none did yet: a latent bug in a
public or documented parameter, see docs/precision.md).

Seen as: dynamax `hmm_smoother(..., compute_trans_probs: bool = True)` under
`jit(static_argnames=["transition_fn"])` with `if compute_trans_probs:`; optax `dice_loss(...,
apply_softmax=False)` validating `if not jnp.allclose(pred_sums, 1.0)` (raises under jit even with
`apply_softmax` static); dopamine `drq_image_augmentation(key, obs, img_pad=4)` under `@jax.jit`
with `jnp.pad(obs, [(img_pad, img_pad), ...])`.
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=["transition_fn"])
def smoother(probs, transition_fn=None, compute_trans_probs: bool = True):
    post = probs / probs.sum()
    if compute_trans_probs:  # expect: JG101
        post = post * 2
    return post


@functools.partial(jax.jit, static_argnames=("apply_softmax",))
def dice_loss(predictions, targets, apply_softmax=True):
    if not apply_softmax:
        pred_sums = jnp.sum(predictions, axis=-1)
        if not jnp.allclose(pred_sums, 1.0, rtol=1e-5):  # expect: JG101
            raise ValueError("predictions must sum to 1")
    else:
        predictions = jax.nn.softmax(predictions, axis=-1)
    return 1.0 - (predictions * targets).sum()


@jax.jit
def augment(key, obs, img_pad=4):
    paddings = [(0, 0), (img_pad, img_pad), (img_pad, img_pad)]
    padded = jnp.pad(obs, paddings, "edge")  # expect: JG105
    return padded[:, : obs.shape[1], : obs.shape[2]] + 0 * jax.random.uniform(key)


def train(probs, preds, targets, obs):
    return (
        smoother(probs, compute_trans_probs=False),
        dice_loss(preds, targets, apply_softmax=False),
        augment(jax.random.key(0), obs, img_pad=2),
    )


RAISES = [
    (lambda: smoother(jnp.ones(3), compute_trans_probs=False), "TracerBoolConversionError"),
    (lambda: dice_loss(jnp.full((2, 2), 0.5), jnp.ones((2, 2)), apply_softmax=False), "TracerBoolConversionError"),
    (lambda: augment(jax.random.key(0), jnp.ones((1, 4, 4)), img_pad=2), "ConcretizationTypeError"),
]
