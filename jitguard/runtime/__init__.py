"""The runtime guard: ``jitguard.jit`` counts real XLA compiles, limits churn, explains it.

Modules: ``core`` (jit, guard; imports jax), ``hooks`` (JAX compile-path listeners,
feature-detected), ``state`` (per-function counts and decisions), ``signature``/``explain``
(what changed and how to fix it), ``functions`` (every live guarded function, report),
``settings`` (configure, env vars), ``testing`` (expect_compiles), ``pytest_plugin``,
``logfile`` (``jitguard report``), ``htmlreport`` (``--html``), ``watch`` (guards created
on the compile path for plain ``jax.jit`` functions), ``launch`` (``jitguard run``),
``ipython`` (``%load_ext jitguard``), ``multihost`` (multi-process checks).
Importing this package, ``errors``, ``settings``, ``functions``, ``testing``,
``pytest_plugin``, ``logfile``, ``htmlreport``, ``watch``, ``launch`` or ``ipython`` does
not import jax.
"""
