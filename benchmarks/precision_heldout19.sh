#!/usr/bin/env bash
# Nineteenth blind held-out precision set (issue 10): 15 JAX projects from the package index, half
# application code and half library code. Applications and simulators: a neural-network solver for
# ice-shelf data assimilation, a lattice Boltzmann flow simulator, a morphogenesis tissue simulator,
# Boltzmann machine simulations, memory-search models, vibration models of plates and strings,
# lattice field theory. Libraries: nonlinear system identification, fixed-point iterations,
# Riemannian geometry and manifold optimisation, automatic vmap broadcasting, progress bars for
# scans and loops, exact dynamic programming for MDPs, elliptic integrals, a k-d tree. In none of
# ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,...,18}.sh, chosen before any was linted, pinned by version and
# sha256 (benchmarks/precision_heldout19.txt, pip requirements format). Linted blind with the linter
# of 2026-12-06's fourth session (main 7015767, exported to /tmp/base_s4b); docs/precision.md
# ("Nineteenth held-out set") triages every finding (3, all true, latent; nothing to fix).
#
#   bash benchmarks/precision_heldout19.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout19
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout19.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~0.8 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
# Blind counts (the linter of main 7015767 exported to /tmp/base_s4b, before any triage or analysis
# change): jax-lab=3 (JG101 twice and JG104 once in one jitted method), every other project 0. All 3
# true (latent: a defaulted `weights=None` of a method jitted as a public attribute raises once a
# caller passes it), so the final counts are the blind ones.
# jax-lab is named so that --check compares and prints the total; a project not named expects 0 too
EXPECTED="jax-lab=3"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT19:-$HOME/.cache/jitguard-precision-heldout19}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout19.txt"
