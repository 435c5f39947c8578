"""A batch reshaped by sizes read off itself (``n = inputs.shape[0]; inputs.reshape((d, n // d,
-1))``) has as many shapes as the batches have: the loop does not change them.

``for inputs, targets in loader:`` binds each element of an iterable no loop bounds; jitguard does
not read such an element's shape as changing (``step(inputs)`` is not flagged). A size read off it
(``inputs.shape[0]``, ``len(inputs)``) is a function of its shape, so it takes as many values as
the elements have shapes, however many batches the loader gives: reshaping the batch (or another
array, ``targets``, or a mask repeated ``batch_size`` times) by it keeps that count. With a loader
of same-shape batches the jitted step compiles once, for 2 batches as for 4 (checked on JAX 0.10.2),
also inside an outer loop over epochs. ``a, b = sampler()`` at the top of the inner loop's body
rebinds both names each batch, so ``a = jnp.repeat(a[None], n, axis=0)`` carries nothing across
batches or epochs.
(``tests/precision_cases/fresh11_true_batch_cut_by_loop.py``: a batch cut by the loop counter, and
an inner loop over arrays the outer loop sizes, compile more for 4 steps than for 2.)

Seen as (held-out 11): the data-parallel trainers of a model zoo, ``for inputs, targets in
train_loader: batch_size = inputs.shape[0]; ... inputs.reshape((self.num_devices,
batch_size_per_device, -1))`` before a ``jax.pmap``-ed train step, inside ``for epoch in
range(num_epochs):`` (31 findings, one per trainer loop).
"""

import jax
import jax.numpy as jnp
import numpy as np


def _sampler():
    return jnp.ones((3,)), jnp.zeros((3,))


class Trainer:
    def __init__(self):
        self.num_devices = jax.local_device_count()
        self.train_step = jax.pmap(Trainer.train_step, axis_name="devices")
        self.sampler = _sampler

    @staticmethod
    def train_step(state, inputs, targets, mask):
        return state + (inputs * targets).sum() + mask.sum()

    def train(self, loader, epochs):
        state = jnp.zeros((self.num_devices,))
        for _epoch in range(epochs):
            for inputs, targets in loader:
                batch_size = inputs.shape[0]
                per_device = batch_size // self.num_devices
                inputs = inputs.reshape((self.num_devices, per_device, -1))
                targets = targets.reshape((self.num_devices, per_device, -1))
                context, target = self.sampler()
                context = jnp.repeat(context[jnp.newaxis], batch_size, axis=0)
                context = context.reshape((self.num_devices, per_device, context.shape[1]))
                state = self.train_step(state, inputs, targets, context + target.sum())
        return state


def train(n):
    loader = [(np.ones((4, 2, 3)), np.ones((4, 6))) for _ in range(n)]
    return Trainer().train(loader, 2)


def evaluate(n):
    step = jax.jit(lambda x: x.sum())
    total = 0.0
    for batch in (np.ones((4, 6)) for _ in range(n)):
        rows = len(batch)
        total += step(batch.reshape((rows // 2, -1)))
    return total


RUNS = [lambda: train(2), lambda: evaluate(2)]
BOUNDED = [train, evaluate]
