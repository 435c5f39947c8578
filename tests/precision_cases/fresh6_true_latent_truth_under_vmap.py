"""True (latent): a branch chosen by the rank of a mapped value, ``if j.ndim == 0:``, that tests a
traced array in Python, ``1 if jnp.isclose(union, 0) else j``: under ``jax.vmap`` over 2-D masks
(scalar IoU per example) it raises TracerBoolConversionError (checked on JAX 0.10.2); over 3-D
masks the other branch (``jnp.where``) runs. Which branch the vmap takes depends on the shapes
the caller passes, which the analysis does not follow.

Seen as (held-out 6): a training framework's video-segmentation metric vmaps its
`db_eval_iou(annotation, segmentation)` over the class axis of `[T, H, W, C]` masks (the
`jnp.where` branch); a caller with `[H, W, C]` masks would raise.
"""

import jax
import jax.numpy as jnp


def iou(annotation, segmentation):
    annotation = annotation.astype(bool)
    segmentation = segmentation.astype(bool)
    inters = jnp.sum(segmentation & annotation, axis=(-2, -1))
    union = jnp.sum(segmentation | annotation, axis=(-2, -1))
    j = inters / union
    if j.ndim == 0:
        j = 1 if jnp.isclose(union, 0) else j  # expect: JG101
    else:
        j = jnp.where(jnp.isclose(union, 0), 1, j)
    return j


def per_class(gt, pred):
    return jax.vmap(iou, in_axes=(-1, -1))(gt, pred)


RUNS = [lambda: per_class(jnp.ones((3, 4, 4, 2)), jnp.ones((3, 4, 4, 2)))]
RAISES = [(lambda: per_class(jnp.ones((4, 4, 2)), jnp.ones((4, 4, 2))), "TracerBoolConversionError")]
