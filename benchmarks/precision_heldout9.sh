#!/usr/bin/env bash
# Ninth blind held-out precision set (issue 10): 15 JAX projects from the package index, a mix of
# application code (RL environment suites, a Mahjong simulator, a board-game language compiled to RL
# environments, a driving environment, RL agents, a 2D rigid-body engine for RL, diffusion and
# JEPA training, CLIP training, a Mamba2 language model) and research code (hydrodynamics for
# astrophysics, molecular simulation, probabilistic deep learning, probabilistic ODE solvers, a
# scientific machine-learning model zoo with its trainers, the CUTEst/SIF optimisation problems),
# in none of ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,3,4,5,6,7,8}.sh, chosen before any was linted, pinned by version
# and sha256. Linted blind with the linter of the session start; docs/precision.md ("Ninth
# held-out set") triages every finding, and the false ones are reduced to
# tests/precision_cases/fresh9_*.py.
#
#   bash benchmarks/precision_heldout9.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout9
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout9.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~17 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_HELDOUT9:-$HOME/.cache/jitguard-precision-heldout9}}
# the counts docs/precision.md ("Ninth held-out set") triages, after its fixes (blind: 18); opifex 2
# since 2026-12-06's fifth session: the cross-module JG301 (a method that jits a nested function per
# call, run on a new instance in another module's loop) sees OperatorExecutor._train_loop's
# `@jax.jit def train_step` re-jitted at every benchmark run (docs/precision.md, the fifth session)
EXPECTED="dewml=1 jaxagents=1 opifex=2"
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" "$EXPECTED" <<'REQ'
clip-jax==0.0.6 --hash=sha256:a18275f7cb1bbc6cd3a3bef2751fd12aad7aea0ffa6d70b1287a30f4a0556d45
dewml==0.1.0 --hash=sha256:352f9011835441a8ed8bb62d8526a77be07f2b7659b37eb1fe453226bd16290e
gxm==0.4.0 --hash=sha256:b90f1d0155a9189f2e5eb1dd78865fcad8dbe9b395ddd3bfa6379280b01b66d6
highjax==0.1.0 --hash=sha256:47fd2774e01ab8900dc6710e433e527fb8ef07453a29d21ec5aa857cc5562380
jax2d==1.0.2 --hash=sha256:7eec20669461e6da4b3e5673a93376d48fa2806422361d07462fbbe36d0b27cb
jaxagents==0.2.5 --hash=sha256:92299b2670c62bd6c1023e57a4c67323023064f873cf0c2bb3a4b39ca9012745
jf1uids==0.4.0 --hash=sha256:90041929bf7b07e1b770a9d9c8990445f6776918e62bb6e7891e74ddc4a7d7cb
kups==1.0.8 --hash=sha256:3911640be9a16ecec09d62e97a7de06bbcabb1751cbef85e85fed873ed6e644a
ludax==1.0.0 --hash=sha256:043e459f6be9afa48fe6fdf948dc9203d0a1a9952ac1b3ad793130702cf9339a
mahjax==0.1.6 --hash=sha256:780b59f3f1e98ee83f41b76a64f3bd3ed93798584d4cf75179bd7f7945093d37
mamba2-jax==1.1.2 --hash=sha256:17d015f0ac6d64c94bbf4be6d90b875eaad643bb78686508572ec0af7bc71721
ode-filters==0.8.2 --hash=sha256:6fa036e539cdf5b07cef29b5b0e64e58c81b4b1d43a6a7f6e5a85d6d303e55ad
opifex==0.2.10 --hash=sha256:631e4d2af9ce46b0f0a5ce1b94eb79b00930555bcd8933d2ffb5be26a6a3b608
ramsey==0.3.0 --hash=sha256:d875813c5339be37f010907d822b6b6439012e0ddfee342353edad60d8d436ac
sif2jax==0.0.8 --hash=sha256:1dca8a587334c566a2bef8ec8df79a806d9998d8ba66e875d782e8e94321fa96
REQ
