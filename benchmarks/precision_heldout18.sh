#!/usr/bin/env bash
# Eighteenth blind held-out precision set (issue 10): 15 JAX projects from the package index, leaning
# to library-style code of medium size where the earlier sets leaned to applications (model zoos and
# neural-network layers: foundation models in Flax, a pytree-module NN library, layers extending
# Equinox, state-space model layers; optimisation and solvers: first-order primal-dual LP/convex
# solvers, second-order optimisation for Optax, a differentiable QP solver, numerical quadrature;
# probabilistic add-ons: Gaussian processes in NumPyro, a Bayesian inference library, normalizing
# flows, stochastic-gradient MCMC samplers; differentiable physics and graphics: the force density
# method, a rasterizer renderer; data pipelines: jittable data loading), in none of
# ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,...,17}.sh, chosen before any was linted, pinned by version and
# sha256 (benchmarks/precision_heldout18.txt, pip requirements format). Linted blind with the linter
# of 2026-12-06's fourth session start (main 42782aa); docs/precision.md ("Eighteenth held-out set")
# triages every finding (29, all false, one fact: fixed).
#
#   bash benchmarks/precision_heldout18.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout18
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout18.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~1.3 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
# the final counts. Blind (the session start's linter, main 42782aa, before any analysis changed):
# qpax=29, every other project 0; all 29 false (JG104 on the formatting of traced values under
# `if verbose:` in interior-point steps that `lax.while_loop` stages only in the else branch of
# `if verbose:`), removed by STAGEDFLAG (jitguard/lint/analysis/stagedflags.py), so 0 now. qpax is
# named so that --check compares and prints the total; a project not named expects 0 too
EXPECTED="qpax=0"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT18:-$HOME/.cache/jitguard-precision-heldout18}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout18.txt"
