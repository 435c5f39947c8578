#!/usr/bin/env bash
# Twenty-fourth blind held-out precision set (issue 10): 15 JAX projects from the package index, in
# domains the earlier sets cover little. Probabilistic programming and Bayesian statistics
# (probabilistic programming for dynamical systems, Bayesian layers for NumPyro, stochastic-gradient
# MCMC); optimisation and optimal control (a quadratic quasi-Newton optimizer, trajectory planners,
# optimal feedback control); time series and state-space models (a NumPyro forecasting engine,
# TBATS, sequential Monte Carlo for time series); signal and image processing (signal utilities,
# image augmentation); econometrics and finance (market scenario generation and portfolio
# benchmarks, fractal econometrics, Hamilton-Jacobi-Bellman solvers); causal inference (PCMCI
# causal discovery). In none of ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh
# and benchmarks/precision_heldout{,2,...,23}.sh, chosen before any was linted, pinned by version
# and sha256 (benchmarks/precision_heldout24.txt, pip requirements format). Linted blind with the
# linter of 2026-12-06's seventh session (main deb3386, exported to /tmp/base_s7); docs/precision.md
# ("Twenty-fourth held-out set") triages every finding.
#
#   bash benchmarks/precision_heldout24.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout24
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout24.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~1.1 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
# Blind counts (the linter of main deb3386 exported to /tmp/base_s7, before any triage or analysis
# change): dynestyx=1 jax-pcmci=9 smcs=2, every other project 0: 12 findings, 11 true, 1 false.
# jax-pcmci's 9 are true (a jitted closure vmapped over lags that tests and slices with the traced
# lag; an `int()` of a traced maximum; a p-value jitted without its sample count static), smcs's 2
# are true but latent (boolean-mask indexing in a nested function its module never calls); dynestyx's
# one is false and fixed (VMAPSCALAR: vmap hands a Python int field over as it is).
# Final counts below; a project not named expects 0 (dynestyx: 0 after the fix).
EXPECTED="jax-pcmci=9 smcs=2"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT24:-$HOME/.cache/jitguard-precision-heldout24}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout24.txt"
