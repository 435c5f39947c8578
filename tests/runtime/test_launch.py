"""`jitguard run` on a real training script (a subprocess), no decorator in the script."""

import json
import os
import subprocess
import sys
import textwrap

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

TRAIN = textwrap.dedent('''
    """A small MLP trained with plain jax.jit on batches whose size varies."""
    import sys

    import jax
    import jax.numpy as jnp
    import numpy as np


    def init(key, sizes=(4, 16, 1)):
        params = []
        for i, (m, n) in enumerate(zip(sizes[:-1], sizes[1:])):
            k = jax.random.fold_in(key, i)
            params.append({"w": jax.random.normal(k, (m, n)) / np.sqrt(m), "b": jnp.zeros(n)})
        return params


    def loss_fn(params, x, y):
        h = x
        for layer in params[:-1]:
            h = jnp.tanh(h @ layer["w"] + layer["b"])
        out = h @ params[-1]["w"] + params[-1]["b"]
        return jnp.mean((out[:, 0] - y) ** 2)


    @jax.jit
    def train_step(params, x, y, lr):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), loss


    def main(steps):
        rng = np.random.default_rng(0)
        params = init(jax.random.PRNGKey(0))
        first = last = None
        for step in range(steps):
            batch = int(rng.integers(5, 60))  # the last batch of each epoch is short: churn
            x = rng.normal(size=(batch, 4)).astype(np.float32)
            y = x.sum(axis=1).astype(np.float32)
            params, loss = train_step(params, x, y, 0.05)
            first = float(loss) if first is None else first
            last = float(loss)
        print(f"trained {steps} steps: loss {first:.3f} -> {last:.3f}")
        return 0 if last < first else 1


    if __name__ == "__main__":
        sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
''')


def run(args, cwd, env=None):
    full_env = dict(os.environ, PYTHONPATH=REPO, JAX_PLATFORMS="cpu", **(env or {}))
    for var in ("JITGUARD", "JITGUARD_MAX_COMPILES", "JITGUARD_LOG"):
        if not env or var not in env:
            full_env.pop(var, None)
    return subprocess.run(
        [sys.executable, "-m", "jitguard", "run", *args], cwd=cwd, capture_output=True, text=True,
        timeout=300, env=full_env,
    )


def test_run_script_counts_warns_logs_and_prints_the_table(tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    proc = run(["--max-compiles", "3", "--log", "compiles.jsonl", "--html", "run.html", "train.py", "25"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "trained 25 steps" in proc.stdout  # the program's own output and argv
    err = proc.stderr
    # warned once, with the argument that changed and the fix
    assert err.count("RecompilationWarning") == 1, err
    assert "train_step (defined at train.py:" in err and "over max_compiles=3" in err
    assert "x: dim 0 changed" in err and "jitguard.pad_to_bucket(x, axis=0" in err
    # the exit table: one row for train_step, the churning argument and the fix
    table = err[err.index("jitguard: compiles in this run"):]
    header, _, row = table.splitlines()[1:4]
    assert header.split()[:3] == ["function", "defined", "at"]
    assert row.startswith("train_step")
    entries = [json.loads(l) for l in (tmp_path / "compiles.jsonl").read_text().splitlines()]
    own = [e for e in entries if e["function"] == "train_step"]
    distinct = {tuple(s["shape"]) for e in own for s in e["signature"] if s["path"] == "x"}
    assert len(own) == len(distinct) >= 10  # one compile per distinct batch size, counted exactly
    assert f" {len(own)} " in row
    assert "x dim 0" in row and "pad x axis 0 to buckets" in row
    assert all(not e["function"].startswith("_") for e in entries)  # jax's own helpers left alone
    page = (tmp_path / "run.html").read_text(encoding="utf-8")
    assert page.count("<circle") == len(entries) and "<script" not in page


def test_run_module_raise_mode_and_exit_status(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "train.py").write_text(TRAIN)
    proc = run(["-m", "pkg.train", "12"], tmp_path, env={"JITGUARD": "raise", "JITGUARD_MAX_COMPILES": "2"})
    assert proc.returncode == 1  # the RecompilationError ends the program: its status, our table
    assert "jitguard.runtime.errors.RecompilationError" in proc.stderr
    assert "refused: on_excess='raise'" in proc.stderr
    assert "jitguard: compiles in this run" in proc.stderr
    (tmp_path / "bye.py").write_text("import sys; print('bye', sys.argv[1:]); sys.exit(3)")
    proc = run(["bye.py", "a", "--b"], tmp_path)
    assert proc.returncode == 3 and "bye ['a', '--b']" in proc.stdout
    assert "no jitted function compiled" in proc.stderr
    assert run([], tmp_path).returncode == 2
