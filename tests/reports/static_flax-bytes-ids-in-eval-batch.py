# Report: google/flax#1492 https://github.com/google/flax/issues/1492
# Class: 5 (what reaches a traced position: an array of byte strings in the batch dict)
# Rule: JG206
# Reduced: the annotated-MNIST notebook adapted to CIFAR-10: `@jax.jit eval_step(params, batch)`
# fails with "Argument '[b'test_09933' b'test_05669' ...]' of type numpy.ndarray is not a valid JAX
# type": the test set dict carries an `id` column of byte strings. The model is a linear layer.
# Fix (the answer's): `del test_ds['id']` before passing the batch.
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def eval_step(params, batch):
    logits = batch["image"] @ params
    return jnp.mean(jnp.argmax(logits, -1) == batch["label"])


PARAMS = jnp.ones((4, 3))


def load_test_ds():
    return {
        "image": np.ones((2, 4), np.float32),
        "label": np.array([0, 1]),
        "id": np.array([b"test_09933", b"test_05669"]),
    }


# --- must be flagged ---


def bug():
    test_ds = load_test_ds()
    return eval_step(PARAMS, test_ds)  # expect: JG206


# --- must not be flagged ---


def fixed():
    test_ds = load_test_ds()
    del test_ds["id"]
    return eval_step(PARAMS, test_ds)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
