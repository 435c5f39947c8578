# Report: huggingface/transformers#17863 https://github.com/huggingface/transformers/pull/17863
# Class: 6 (churn from data: the last, incomplete evaluation batch)
# Rule: JG303
# Reduced: the Flax example scripts dropped the last incomplete batch "because XLA is not shape
# polymorphic, forming the last batch with shape different from the preceding batches triggers a
# recompilation of the `pmap`'d function"; keeping it in evaluation (needed for exact metrics)
# means a second compile. Here the scripts' batch generator (`data_loader` slicing
# `dataset[i:i + batch_size]`) feeds a jitted `eval_step` (the scripts pmap it; jit compiles the
# same way); 10 examples in batches of 4 give 4, 4, 2. Fix (the PR's): pad the last batch to the
# full batch size and drop the padded rows of the output.
import jax
import jax.numpy as jnp
import numpy as np

PARAMS = jnp.ones((3, 2))
EVAL_DATASET = np.ones((10, 3), np.float32)
EVAL_BATCH_SIZE = 4


@jax.jit
def eval_step(params, batch):
    logits = batch @ params
    return jnp.sum(logits**2, axis=-1)


# --- must be flagged ---


def eval_data_loader(dataset, batch_size):
    for i in range(0, len(dataset), batch_size):
        yield dataset[i : i + batch_size]


def evaluate():
    eval_metrics = []
    for batch in eval_data_loader(EVAL_DATASET, EVAL_BATCH_SIZE):
        eval_metrics.append(eval_step(PARAMS, batch))  # expect: JG303
    return jnp.concatenate(eval_metrics)


# --- must not be flagged ---


def pad_to_batch(batch, batch_size):
    n = batch.shape[0]
    padded = np.zeros((batch_size,) + batch.shape[1:], batch.dtype)
    padded[:n] = batch
    return padded, n


def evaluate_padded():
    eval_metrics = []
    for batch in eval_data_loader(EVAL_DATASET, EVAL_BATCH_SIZE):
        padded, n = pad_to_batch(batch, EVAL_BATCH_SIZE)
        eval_metrics.append(eval_step(PARAMS, padded)[:n])
    return jnp.concatenate(eval_metrics)


COMPILES = [(evaluate, "eval_step", 2), (evaluate_padded, "eval_step", 1)]
