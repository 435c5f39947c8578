# Report: apple/axlearn#815 https://github.com/apple/axlearn/issues/815
# Class: 4 (a module-level helper asserts on a traced value; called from a jitted layer)
# Rule: JG104
# Reduced: `check_numerics(x)` does `assert bool(jnp.isfinite(x).all()), ...` when a global flag
# is on; layers call it from inside jit/scan/remat, and `bool()` of the traced result fails. Fix: `jax.debug.check`-style reporting; here the
# checked value is returned as a traced flag with the output.
import jax
import jax.numpy as jnp

_enable_numeric_checks = True

# --- must be flagged ---


def check_numerics(x, msg_fmt=""):
    if _enable_numeric_checks:
        assert bool(jnp.isfinite(x).all()), f"Check numerics {msg_fmt}"  # expect: JG104


@jax.jit
def layer(inputs, w):
    out = inputs @ w
    check_numerics(out, msg_fmt="layer output")
    return out


def bug():
    return layer(jnp.ones((2, 3)), jnp.ones((3, 4)))


# --- must not be flagged ---


def numerics_ok(x):
    return jnp.isfinite(x).all()


@jax.jit
def checked_layer(inputs, w):
    out = inputs @ w
    return out, numerics_ok(out)


def fixed():
    out, ok = checked_layer(jnp.ones((2, 3)), jnp.ones((3, 4)))
    assert bool(ok)
    return out


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
