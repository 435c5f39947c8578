"""Framework idioms, linted from source (equinox, flax and haiku are not test dependencies: these
check what jitguard infers from their documented semantics, not the frameworks themselves)."""

from __future__ import annotations

import textwrap

from jitguard.lint.engine import LintOptions
from jitguard.lint.codes import all_codes, opt_in_codes
from jitguard.lint.runner import lint_files


def lint(tmp_path, files: dict[str, str]) -> set[tuple[str, int, str]]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    paths = sorted(str(tmp_path / n) for n in files)
    results = lint_files(paths, LintOptions(frozenset(all_codes()) - opt_in_codes()))
    return {(r.path[len(str(tmp_path)) + 1 :], f.line, f.code) for r in results for f in r.findings}


def test_equinox_filter_jit_traces_arrays_only(tmp_path):
    found = lint(tmp_path, {"m.py": """
        import equinox as eqx
        import jax.numpy as jnp

        @eqx.filter_jit
        def step(model, x, train: bool = True, n_rep: int = 2):
            if train:                        # a Python bool: static under filter_jit
                x = x * 2
            for _ in range(n_rep):           # a Python int: static
                x = x + 1
            loss = jnp.mean(model(x) ** 2)
            if jnp.isnan(loss):              # an array: traced
                loss = 0.0
            return loss
    """})
    assert found == {("m.py", 11, "JG101")}


def test_filter_jit_of_a_module_instance_checks_its_call(tmp_path):
    found = lint(tmp_path, {"m.py": """
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        class Net(eqx.Module):
            w: jax.Array

            def __call__(self, x):
                while jnp.max(x) > 10:
                    x = x / 2
                return x @ self.w

        net = Net(jnp.ones((3, 3)))
        fast = eqx.filter_jit(net)
    """})
    assert found == {("m.py", 9, "JG102")}


def test_flax_apply_and_layers_reach_the_module_call(tmp_path):
    found = lint(tmp_path, {"m.py": """
        import flax.linen as nn
        import jax

        class Gate(nn.Module):
            features: int = 4

            @nn.compact
            def __call__(self, x):
                h = nn.Dense(self.features)(x)
                if h.mean() > 0:
                    h = -h
                if self.features > 2:        # a module attribute: static
                    h = h * 2
                return h

        model = Gate()

        @jax.jit
        def predict(params, x):
            return model.apply(params, x)
    """})
    assert found == {("m.py", 10, "JG101")}


def test_haiku_transform_apply_reaches_the_function(tmp_path):
    found = lint(tmp_path, {"m.py": """
        import haiku as hk
        import jax

        def forward(x):
            if x.sum() > 0:
                return x
            return -x

        net = hk.without_apply_rng(hk.transform(forward))

        @jax.jit
        def run(params, x):
            return net.apply(params, x)
    """})
    assert found == {("m.py", 5, "JG101")}


def test_package_reexport_and_boolean_masks_cross_modules(tmp_path):
    found = lint(tmp_path, {
        "mylib/__init__.py": "from .losses import masked_mean_loss\n",
        "mylib/losses.py": """
            def masked_mean_loss(err, mask):
                return err[mask].mean()
        """,
        "train.py": """
            import jax
            import mylib

            @jax.jit
            def step(err):
                return mylib.masked_mean_loss(err, err > 0)
        """,
    })
    assert found == {("mylib/losses.py", 2, "JG105")}


def test_filter_jit_recompiles_for_every_python_number_of_a_loop(tmp_path):
    """equinox.filter_jit keys its cache on non-array arguments: a `range` counter passed as is
    compiles once per value (checked with equinox 0.13.8: 5 compiles for 5 iterations), an array
    of it once."""
    found = lint(tmp_path, {"train.py": """
        import equinox as eqx
        import jax.numpy as jnp

        @eqx.filter_jit
        def step(model, x, scale):
            return model, x * scale
    """, "run.py": """
        import jax.numpy as jnp

        from train import step

        def fit(model, x, xs, n):
            for i in range(n):
                model, x = step(model, x, i)                  # a new static int every iteration
            for i, row in enumerate(xs):
                model, x = step(model, row, 0.5 * (i + 1))    # arithmetic on the counter
            for i in range(n):
                model, x = step(model, x, jnp.asarray(i))     # an array: traced
            for i in range(n):
                model, x = step(model, xs[i], 2.0)            # the same static value each time
            for i in range(n):
                i = jnp.float32(i)
                model, x = step(model, x, i)                  # rebound to an array first
            return model, x
    """})
    assert found == {("run.py", 7, "JG302"), ("run.py", 9, "JG302")}
