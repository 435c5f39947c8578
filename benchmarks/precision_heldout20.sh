#!/usr/bin/env bash
# Twentieth blind held-out precision set (issue 10): 15 JAX projects from the package index, about
# half library code and half application code. (header completed after triage)
set -euo pipefail
EXPECTED=""
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT20:-$HOME/.cache/jitguard-precision-heldout20}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout20.txt"
