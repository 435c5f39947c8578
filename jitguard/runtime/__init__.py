"""The runtime guard: ``jitguard.jit`` counts real XLA compiles, limits churn, explains it.

Modules: ``core`` (jit, guard; imports jax), ``hooks`` (JAX compile-path listeners),
``state`` (per-function counts and decisions), ``signature``/``explain`` (what changed
and how to fix it), ``functions`` (every live guarded function, report), ``settings`` (configure, env vars),
``testing`` (expect_compiles), ``pytest_plugin``, ``logfile`` (``jitguard report``).
Importing this package, ``errors``, ``settings``, ``functions``, ``testing``,
``pytest_plugin`` or ``logfile`` does not import jax.
"""
