#!/usr/bin/env bash
# Twenty-second blind held-out precision set (issue 10): 15 JAX projects from the package index in
# scientific computing and simulation (TRIAGE PENDING).
set -euo pipefail
EXPECTED=""
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT22:-$HOME/.cache/jitguard-precision-heldout22}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout22.txt"
