"""`%load_ext jitguard` in a real IPython InteractiveShell."""

import pytest

IPython = pytest.importorskip("IPython")


@pytest.fixture
def shell():
    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    yield ip
    ip.run_cell("%unload_ext jitguard")
    InteractiveShell.clear_instance()


def test_load_ext_tables_per_cell_and_report(shell, capsys):
    assert shell.run_cell("%load_ext jitguard").success
    setup = shell.run_cell(
        "import jax, jax.numpy as jnp\n"
        "@jax.jit\n"
        "def nb_step(x, n):\n"
        "    return (x * n).sum()\n"
    )
    assert setup.success
    capsys.readouterr()
    assert shell.run_cell("nb_step(jnp.ones(3), 2.0)").success
    out = capsys.readouterr().out
    assert "jitguard: compiled in this cell" in out and "nb_step" in out and "first compile" in out

    assert shell.run_cell("nb_step(jnp.ones(3), 5.0)").success  # cache hit: no table
    assert "jitguard: compiled in this cell" not in capsys.readouterr().out

    assert shell.run_cell("for n in (4, 5, 6):\n    nb_step(jnp.ones(n), 2.0)").success
    out = capsys.readouterr().out
    row = next(l for l in out.splitlines() if l.startswith("nb_step"))
    assert "3 (total 4)" in row and "x: dim 0 changed 5 → 6" in row and "pad x axis 0 to buckets" in row

    assert shell.run_cell("%jitguard report").success
    out = capsys.readouterr().out
    row = next(l for l in out.splitlines() if l.startswith("nb_step"))
    assert row.split()[2] == "4" and "x dim 0 (4 values)" in row


def test_extension_is_a_lazy_attribute():
    import jitguard

    assert callable(jitguard.load_ipython_extension)
