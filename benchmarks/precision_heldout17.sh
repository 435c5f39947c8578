#!/usr/bin/env bash
# Seventeenth blind held-out precision set (issue 10): 15 JAX projects from the package index, leaning
# to application code a new user would write or install (reinforcement learning: a fusion-control
# environment suite, a Gymnasium-style environment API, a DQN agent, MuZero-style tree search on gym
# environments; physics and engineering: a differentiable circuit simulator, additive-manufacturing
# simulations, multilayer optics, ultrasound simulation and reconstruction, microbubble dynamics,
# nearly-Keplerian N-body orbits; chemistry and quantum: electronic-structure simulations, neural
# quantum states; biology and social science: ODE models of biological systems, spiking neural
# networks, spatial voting simulations), in none of ../shared/corpus/dev-corpus.sh,
# benchmarks/precision_projects.sh and benchmarks/precision_heldout{,2,...,16}.sh, chosen before any
# was linted, pinned by version and sha256 (benchmarks/precision_heldout17.txt, pip requirements
# format). Linted blind with the linter of 2026-12-06's fourth session start (main 42782aa);
# docs/precision.md ("Seventeenth held-out set") triages every finding (3, all true; nothing to fix).
#
#   bash benchmarks/precision_heldout17.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout17
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout17.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~27 MB of wheels (plasmax
# ships 26 MB of data). Do not commit the projects or copies of their files.
set -euo pipefail
# the blind counts docs/precision.md ("Seventeenth held-out set") triages (3, all true: a traced
# value passed at a static position, raising on every call of jaxus' beamformer; two jits of a new
# closure per Newton step or per transmit). No finding was false, so no analysis changed: these are
# the blind counts and the final ones alike. A project not named expects 0
EXPECTED="jax-am=1 jaxus=2"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT17:-$HOME/.cache/jitguard-precision-heldout17}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout17.txt"
