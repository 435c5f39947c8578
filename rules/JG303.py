"""JG303 loop-varying-shape: examples that must and must not be flagged."""

import jax
import jax.numpy as jnp
import numpy as np

import jitguard


@jax.jit
def total(x):
    return x.sum()


@jax.jit
def masked_total(x, n):
    return jnp.where(jnp.arange(x.shape[0]) < n, x, 0.0).sum()


DATA = np.arange(16.0, dtype=np.float32)  # NumPy: slicing it compiles nothing by itself

# --- must be flagged -------------------------------------------------------------------------


def growing_prefix(n):
    return [total(DATA[:i]) for i in range(1, n + 1)]  # expect: JG303


def growing_window(n):
    out = []
    for i in range(n):
        chunk = DATA[i:]
        out.append(total(chunk))  # expect: JG303
    return out


def zeros_of_loop_size(n):
    return [total(jnp.zeros(k + 1)) for k in range(n)]  # expect: JG303


def list_grown_and_converted(n):
    seen = []
    for i in range(n):
        seen.append(float(i))
        total(np.asarray(seen))  # expect: JG303
    return seen


def random_sizes(n):
    return [total(np.random.randn(k + 1).astype(np.float32)) for k in range(n)]  # expect: JG303


def concatenated_history(n):
    history = np.zeros(1, np.float32)
    for i in range(n):
        history = np.concatenate([history, np.ones(1, np.float32)])
        total(history)  # expect: JG303
    return history


def make_batch(n):
    return np.ones((n, 2), np.float32)


def batches_from_a_helper(n):
    # the helper's result has `n` rows: its shape is set by the argument that changes
    return [total(make_batch(k + 1)) for k in range(n)]  # expect: JG303


def edges_of_frame(frame):
    count = frame + 1
    return np.zeros(count, np.float32), np.ones(count, np.float32)


def edge_lists_per_frame(n):
    out = []
    for frame in range(n):
        senders, receivers = edges_of_frame(frame)
        out.append(pair_total(senders, receivers))  # expect: JG303
    return out


def loader(data, batch_size):
    start, end = 0, batch_size
    while start < data.shape[0]:  # bounds the start only: the last batch can come out short
        yield data[start:end]
        start = end
        end = start + batch_size


def partial_last_batch(n):
    # 16 rows in batches of 6: 6, 6, then 4 (a second compile)
    return [total(batch) for _, batch in zip(range(n), loader(DATA, 6))]  # expect: JG303


def tiles(data, batch_size):
    for i in range(0, len(data), batch_size):  # the range bounds the start only
        yield data[i : i + batch_size]


def partial_last_tile(n):
    # 16 rows in batches of 6: 6, 6, then 4 (a second compile)
    return [total(batch) for _, batch in zip(range(n), tiles(DATA, 6))]  # expect: JG303


def total_of(x):
    # a helper that passes `x` on: the call below is where JAX compiles for every caller, so the
    # finding is here, and names the loop that calls the helper
    return total(x)  # expect: JG303


def prefixes_through_a_helper(n):
    return [total_of(DATA[: k + 1]) for k in range(n)]


def batch_of_random_size(rng):
    rows = rng.integers(1, 1000)  # drawn anew at every call
    return np.ones(rows, np.float32)


def random_batch_sizes(n):
    rng = np.random.default_rng(0)
    return [total(batch_of_random_size(rng)) for _ in range(n)]  # expect: JG303


def list_of_different_shapes(n):
    arrays = [np.ones(k + 1, np.float32) for k in range(n)]
    return [total(a) for a in arrays]  # expect: JG303


def values_above_each_threshold(n):
    # a boolean mask selects as many elements as the data has above `t`: a new size each time
    return [total(DATA[DATA > t]) for t in range(n)]  # expect: JG303


def one_row_per_selected_index(n):
    out = []
    for t in range(n):
        idx = np.flatnonzero(DATA > t)  # as many indices as the data has above `t`
        out.append(total(np.stack([DATA[i] * 2.0 for i in idx]) + np.ones(len(idx))))  # expect: JG303
    return out


@jax.jit
def weighted_total(x, w):
    return (x * w).sum()


def padded_pair(x, length):
    out = np.zeros(length, np.float32)
    out[: len(x)] = x  # the helper reads len(x), but the shapes it returns are set by `length` alone
    return out, np.ones(length, np.float32)


def pairs_unpacked_into_the_call(n):
    out = []
    for k in range(n):
        pair = padded_pair(DATA[: k + 1], k + 2)  # a tuple of two, padded to one more than the data
        out.append(weighted_total(*pair))  # expect: JG303
    return out


# --- must not be flagged ---------------------------------------------------------------------


def fixed_size_windows(n):
    return [total(DATA[i : i + 4]) for i in range(n)]


def padded_and_masked(n):
    return [masked_total(DATA, i) for i in range(1, n + 1)]


def bucketed(n):
    out = []
    for i in range(1, n + 1):
        padded, length = jitguard.pad_to_bucket(DATA[:i], 0, (8, 16))
        out.append(masked_total(padded, length))
    return out


def batch_rebuilt_each_step(n):
    sims = [np.ones((1, 2), np.float32)] * 3
    for _ in range(n):
        states = []  # reset every step: the same three rows each time
        for s in sims:
            states.append(s)
        states = np.concatenate(states, axis=0)
        total(states)
    return n


def warm_up_fixed_shapes(n):
    for size in (4, 8):
        total(np.zeros(size, np.float32))
    return n


@jax.jit
def prefix_sums(x):
    # a jitted function called inside traced code is traced inline: the shapes below vary, but
    # only `prefix_sums` is compiled, once
    return jnp.stack([total(x[: i + 1]) for i in range(x.shape[0])])


def nested_calls_in_traced_code(n):
    x = jnp.arange(4.0)
    return [prefix_sums(x) for _ in range(n)]


@jax.jit
def pair_total(x, y):
    return x.sum() + y.sum()


def two_growing_arguments(n):
    return [pair_total(DATA[:i], DATA[i:]) for i in range(1, n + 1)]  # expect: JG303


def pad_rows(x, rows=8):
    padded = np.zeros((rows, x.shape[1]), x.dtype)
    padded[: x.shape[0]] = x
    return padded


def padded_batches_from_a_helper(n):
    return [total(pad_rows(make_batch(k + 1))) for k in range(n)]


def batches_of_one_size(n):
    return [total(make_batch(4)) for _ in range(n)]


def full_batches(data, batch_size):
    start, end = 0, batch_size
    while end <= data.shape[0]:  # stops at the last full batch (drop the remainder)
        yield data[start:end]
        start = end
        end = start + batch_size


def full_tiles(data, batch_size):
    for i in range(0, len(data) - batch_size + 1, batch_size):  # full batches only
        yield data[i : i + batch_size]


def windows_through_a_helper(n):
    # the same helper with windows of one size: one compile
    return [total_of(DATA[k : k + 4]) for k in range(n)]


def full_tiles_only(n):
    return [total(batch) for _, batch in zip(range(n), full_tiles(DATA, 6))]


def full_batches_only(n):
    return [total(batch) for _, batch in zip(range(n), full_batches(DATA, 6))]


def random_choice_of_buckets(n):
    # a size drawn among two buckets, both warmed up first: two compiles, whatever is drawn
    rng = np.random.default_rng(0)
    out = [total(np.ones(size, np.float32)) for size in (4, 8)]
    return out + [total(np.ones(rng.choice((4, 8)), np.float32)) for _ in range(n)]


def list_of_one_shape(n):
    arrays = [np.full(4, k, np.float32) for k in range(n)]
    return [total(a) for a in arrays]


@jax.jit
def sum_above(x, t):
    return jnp.where(x > t, x, 0.0).sum()


def masked_instead_of_selected(n):
    # the same sums with the threshold traced: one shape, one compile
    return [sum_above(DATA, t) for t in range(n)]


def one_mask_for_every_step(n):
    return [total(DATA[DATA > 3.0]) for _ in range(n)]


def first_value_above_each_threshold(n):
    # an int index of the selection takes its one varying axis away: a scalar every time
    # (fresh14_index_of_masked_selection.py)
    return [total(DATA[DATA > t][0]) for t in range(n)]


def padded_past_a_growing_offset(n):
    # a `// 8` inside the sum does not round it: the size grows by 800 per step
    return [total(np.zeros((k * 100 + n // 8) * 8, np.float32)) for k in range(n)]  # expect: JG303


def round_to_multiple(k, multiple):
    return -(-k // multiple) * multiple


def pairs_padded_to_a_multiple(n):
    out = []
    for k in range(n):
        pair = padded_pair(DATA[: k + 1], round_to_multiple(k + 2, 8))  # sizes 2..9 share one bucket of 8
        out.append(weighted_total(*pair))
    return out


def pairs_padded_to_a_power_of_two(n):
    return [weighted_total(*padded_pair(DATA[: k + 1], 1 << (k + 8).bit_length())) for k in range(n)]


def pairs_of_unknown_length(n, pairs=((np.ones(4, np.float32), np.ones(4, np.float32)),)):
    # `*pair` of a tuple whose length is not known here: which parameters it fills is not read
    return [weighted_total(*pair) for pair in pairs * n]


def warm_up_default_sizes(n, sizes=(4, 8)):
    # `sizes` is a literal default no call passes: two shapes, compiled before the loop
    for size in sizes:
        total(np.zeros(size, np.float32))
    return [total(np.zeros(4, np.float32)) for _ in range(n)]


def batches_reshaped_by_their_own_size(n):
    # sizes read off the loader's own batches (and a pair unpacked afresh each batch): as many
    # shapes as the batches have (fresh11_batch_reshaped_by_own_size.py)
    loader = [np.ones((4, 2), np.float32) for _ in range(n)]
    out = []
    for _epoch in range(2):
        for batch in loader:
            rows = batch.shape[0]
            scale, offset = np.ones(1, np.float32), np.zeros(1, np.float32)
            scale = np.repeat(scale, rows)
            out.append(total(batch.reshape((rows // 2, -1)) + scale.reshape((rows // 2, -1)).sum() + offset))
    return out

def chunks_padded_to_device_shards(n):
    # each chunk of an array_split is padded to the device rows and reshaped to (devices, rows) +
    # its own trailing dims: the reshape pins one shape, whatever the chunk count
    rows = np.arange(float(5 * n * 2)).reshape(5 * n, 2)
    out = []
    for chunk in np.array_split(rows, int(np.ceil(rows.shape[0] / 4)), axis=0):
        padded = np.concatenate([chunk, np.repeat(chunk[-1:], 4 - chunk.shape[0], axis=0)])
        out.append(total(padded.reshape((2, 2) + tuple(padded.shape[1:]))))
    return out


def aligned_seasonal_subseries(n):
    # y[i + len(y) % n :: n] for i in range(n): each holds len(y) // n elements (the sub-series of
    # each position in a season, aligned to end at the last element): one shape
    return [total(DATA[i + len(DATA) % n::n]) for i in range(n)]


def seasonal_tails(n):
    # the same start without the step: a tail of len(DATA) - i - len(DATA) % n elements per i
    size = DATA.shape[0]
    out = []
    for i in range(n):
        start = i + size % n
        out.append(total(DATA[start:]))  # expect: JG303
    return out


GROWS = [seasonal_tails, pairs_unpacked_into_the_call, batches_from_a_helper, edge_lists_per_frame, partial_last_batch, partial_last_tile, prefixes_through_a_helper, random_batch_sizes, list_of_different_shapes,
         values_above_each_threshold, one_row_per_selected_index,
         growing_prefix, two_growing_arguments, growing_window, zeros_of_loop_size, list_grown_and_converted, random_sizes,
         concatenated_history, padded_past_a_growing_offset]
BOUNDED = [aligned_seasonal_subseries, chunks_padded_to_device_shards, batches_reshaped_by_their_own_size, pairs_padded_to_a_multiple, pairs_padded_to_a_power_of_two, pairs_of_unknown_length, padded_batches_from_a_helper, batches_of_one_size, full_batches_only, full_tiles_only, windows_through_a_helper, warm_up_default_sizes,
           random_choice_of_buckets, list_of_one_shape, masked_instead_of_selected, one_mask_for_every_step,
           first_value_above_each_threshold,
           fixed_size_windows, padded_and_masked, bucketed, batch_rebuilt_each_step, warm_up_fixed_shapes,
           nested_calls_in_traced_code]
