# Report: google/flax#1903 https://github.com/google/flax/pull/1903
# Class: 3 (everything created inside jit is traced: the optimizer step counter)
# Rule: JG101
# Reduced: "Updates LR schedule HOWTO for optax": the HOWTO's `create_triangular_schedule(lr_min,
# lr_max, steps_per_cycle)` returned a `learning_rate_fn(step)` with
# `if cycle_step < top: lr = lr_min + ... else: lr = lr_max - ...`; "the triangular scheduler did
# not play well with `jit` ... because of the if else that depends on the input" (the step is the
# train state's traced counter inside the jitted train step). The PR replaced it with the ImageNet
# example's cosine schedule; here the fix keeps the triangle and selects with `jnp.where`.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def create_triangular_schedule(lr_min, lr_max, steps_per_cycle):
    top = (steps_per_cycle + 1) // 2

    def learning_rate_fn(step):
        cycle_num = step // steps_per_cycle
        cycle_step = step - cycle_num * steps_per_cycle
        if cycle_step < top:  # expect: JG101
            lr = lr_min + cycle_step / top * (lr_max - lr_min)
        else:
            lr = lr_max - ((cycle_step - top) / top) * (lr_max - lr_min)
        return lr

    return learning_rate_fn


learning_rate_fn = create_triangular_schedule(1e-4, 1e-2, 10)


@jax.jit
def train_step(params, step, grads):
    lr = learning_rate_fn(step)
    return params - lr * grads, step + 1


def bug():
    return train_step(jnp.ones(3), jnp.array(0), jnp.ones(3))


# --- must not be flagged ---


def create_triangular_schedule_where(lr_min, lr_max, steps_per_cycle):
    top = (steps_per_cycle + 1) // 2

    def learning_rate_fn(step):
        cycle_step = step % steps_per_cycle
        up = lr_min + cycle_step / top * (lr_max - lr_min)
        down = lr_max - ((cycle_step - top) / top) * (lr_max - lr_min)
        return jnp.where(cycle_step < top, up, down)

    return learning_rate_fn


learning_rate_fn_where = create_triangular_schedule_where(1e-4, 1e-2, 10)


@jax.jit
def train_step_where(params, step, grads):
    lr = learning_rate_fn_where(step)
    return params - lr * grads, step + 1


def fixed():
    return train_step_where(jnp.ones(3), jnp.array(0), jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
