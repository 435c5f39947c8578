import numpy as np
import pytest

from jitguard.runtime import buckets


def test_pow2_covers_range():
    assert buckets.pow2(97, 131) == (128, 256)
    assert buckets.pow2(16, 256) == (16, 32, 64, 128, 256)
    assert buckets.pow2(1, 1) == (1,)
    with pytest.raises(ValueError):
        buckets.pow2(10, 5)


def test_bucket_for_and_overflow_message():
    assert buckets.bucket_for(100, (256, 128)) == 128
    assert buckets.bucket_for(128, (128, 256)) == 128
    with pytest.raises(ValueError, match="exceeds the largest bucket 256"):
        buckets.bucket_for(300, (128, 256))


def test_suggest():
    assert buckets.suggest([97, 100, 110, 120, 128, 129, 131]) == (128, 256)
    assert buckets.suggest([3, 5, 9]) == (16,)  # powers of two would save nothing


def test_pad_numpy():
    x = np.arange(6).reshape(2, 3)
    padded, n = buckets.pad_to_bucket(x, axis=1, buckets=(4, 8), pad_value=-1)
    assert isinstance(padded, np.ndarray) and n == 3
    assert padded.shape == (2, 4)
    assert padded[:, :3].tolist() == x.tolist() and (padded[:, 3] == -1).all()


def test_pad_jax_negative_axis():
    import jax
    import jax.numpy as jnp

    x = jnp.ones((5, 2))
    padded, n = buckets.pad_to_bucket(x, axis=-2, buckets=buckets.pow2(4, 16))
    assert isinstance(padded, jax.Array) and padded.shape == (8, 2) and n == 5
    assert float(padded.sum()) == 10.0


def test_pad_inside_jit_bounds_compiles(backend_compiles):
    import jax.numpy as jnp

    import jitguard

    @jitguard.jit(on_excess="off")
    def total(x, n):
        mask = jnp.arange(x.shape[0]) < n
        return jnp.where(mask, x, 0).sum()

    results = []
    for length in (3, 5, 6, 7, 9, 12):
        padded, n = jitguard.pad_to_bucket(np.ones(length, np.float32), 0, (8, 16))
        results.append(float(total(padded, n)))
    assert results == [3, 5, 6, 7, 9, 12]
    assert total.stats()["compiles"] == 2
