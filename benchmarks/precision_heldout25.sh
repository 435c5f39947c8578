#!/usr/bin/env bash
# Twenty-fifth blind held-out precision set (issue 10): 15 JAX projects as SOURCE DISTRIBUTIONS, so
# that the application code their authors ship beside the library is linted too: example programs,
# training and benchmark scripts, studies and Jupyter notebooks (16 notebooks), which no wheel
# holds. Reinforcement learning and hybrid ODE models of a batch reactor (PPO), probabilistic
# robotics, continuum-robot kinematics, N-body and quantum-dot simulation, differentiable Monte
# Carlo over fibers, interfacial PDE solvers, diffusion and flow generative models, spiking
# networks, simulation-based inference, rank-reduction autoencoders, training-loop tools. In none of
# ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and the earlier held-out sets
# (the session's list of used projects, and the names the 24th set's helper claimed at the same
# time, compared by normalised name), chosen before any was linted, pinned by version and the sdist's
# sha256 (benchmarks/precision_heldout25.txt, pip requirements format). Linted blind with the linter
# of 2026-12-06's seventh session (main deb3386, exported to /tmp/base_s7); docs/precision.md
# ("Twenty-fifth held-out set") triages every finding (1: true).
#
#   bash benchmarks/precision_heldout25.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout25
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout25.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Source distributions (.tar.gz), found through the package index's JSON API by their sha256,
# checked and extracted by benchmarks/_fetch_sdist.py into one folder per project (the archive's
# top folder stripped); nothing is built, installed or imported. Needs Python and the package index
# only; ~14 MB of archives. The projects' own .gitignore files apply as in any checkout (a
# virtualenv's bin/ scripts and a docs/_build copy in bobbin, two generated _version.py).
# Do not commit the projects or copies of their files.
set -euo pipefail
# Blind counts (the linter of main deb3386 exported to /tmp/base_s7, before any triage or analysis
# change): jax-hybridmodels=1 (JG301: `jax.lax.scan` run eagerly on the nested def `step` of
# `zoh_states`, which an example's plotting function calls once per experiment in a loop: each call
# traces and compiles the scan again), every other project 0. True (a JAX run of the reduced
# pattern: one trace and one compile per call), no false finding, so no analysis change and the
# final counts are the blind ones.
EXPECTED="jax-hybridmodels=1"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_sdist_set "${JITGUARD_PRECISION_HELDOUT25:-$HOME/.cache/jitguard-precision-heldout25}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout25.txt"
