import subprocess
import sys


def test_jax_free_imports():
    code = (
        "import jitguard, jitguard.runtime.buckets, jitguard.runtime, jitguard.runtime.errors, "
        "jitguard.runtime.settings, jitguard.runtime.functions, jitguard.runtime.testing, "
        "jitguard.runtime.pytest_plugin, jitguard.runtime.logfile, jitguard.runtime.htmlreport, "
        "jitguard.runtime.watch, jitguard.runtime.launch, jitguard.runtime.ipython, sys\n"
        "jitguard.load_ipython_extension\n"
        "assert 'IPython' not in sys.modules\n"
        "jitguard.buckets.pow2, jitguard.RecompilationWarning, jitguard.pad_to_bucket, jitguard.report, jitguard.configure\n"
        "assert 'jax' not in sys.modules, sorted(m for m in sys.modules if m.startswith('jax'))\n"
        "assert issubclass(jitguard.RecompilationWarning, UserWarning)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_lazy_public_names():
    import jitguard

    for name in ("jit", "guard", "GuardedFunction", "configure", "report", "expect_compiles",
                 "RecompilationError", "RecompilationWarning", "pad_to_bucket", "buckets"):
        assert getattr(jitguard, name) is not None
