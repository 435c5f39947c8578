#!/usr/bin/env bash
# Twentieth blind held-out precision set (issue 10): 15 JAX projects from the package index, about
# half library code and half application code. Applications and simulators: agent-based models, a
# tumour-growth phase-field simulator, a cellular-automaton engine for causal discovery, a
# Navier-Stokes simulation, on-lattice atomistic dynamics, Green's function Monte Carlo for quantum
# lattice models, Gymnasium RL environments compiled to JAX. Libraries: structured linear solvers,
# a vmappable SQP solver, state-space model inference, galactic dynamics, hyperbolic deep learning,
# genetic programming, low-rank determinant and pfaffian updates, orthogonal polynomials. In none of
# ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,...,19}.sh (nor /work/notes/used_projects.txt), chosen before any
# was linted, pinned by version and sha256 (benchmarks/precision_heldout20.txt, pip requirements
# format). Linted blind with the linter of 2026-12-06's fifth session start (main 31eb831, exported
# to /tmp/base_s5); docs/precision.md ("Twentieth held-out set") triages every finding (5: 4 true,
# 1 false, fixed).
#
#   bash benchmarks/precision_heldout20.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout20
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout20.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~1.6 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
# Blind counts (the linter of main 31eb831 exported to /tmp/base_s5, before any triage or analysis
# change): pygfmc=5 (JG301 four times, JG303 once), every other project 0. 4 true (JG301: a jitted
# lambda made per chunk on the uncached fallback path of the scan driver, and a jit of a closure
# over each operator in the exact-diagonalisation helpers; JG303: the partial last chunk of the
# basis), 1 false (JG301: a factory's new pmap per stage of a warm-up ramp that a helper of another
# module returns with at most four stages), removed by FIXEDRETURN, so the final count is pygfmc=4.
# pygfmc is named so that --check compares and prints the total; a project not named expects 0 too
EXPECTED="pygfmc=4"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT20:-$HOME/.cache/jitguard-precision-heldout20}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout20.txt"
