#!/usr/bin/env bash
# Twenty-seventh blind held-out precision set (issue 10): 15 JAX projects from the package index,
# varied in domain and style: libraries built on classes, pytrees and dataclasses (tjax, zodiax on
# Equinox, ninjax's own module system), neural-network code in Flax NNX (zlynx) and Flax linen
# (vitax), Equinox neural operators (dinox), NumPyro models (numpyro-forecast, poisson-topicmodels),
# and scientific applications: astrodynamics (astrojax), satellite propagation (sgp4jax), hybrid
# dynamical-system simulation (jaxonomy), rheology (rheojax), gravitational lensing (jaxtronomy,
# its source distribution), atmospheric radiative transfer (jax-rrtmgp), neutrino oscillations
# (jaxnu). In none of ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and the
# earlier held-out sets (the session's list of used projects, the shared claims list and every
# earlier pin file, compared by normalised name), chosen before any was linted, pinned by version
# and sha256 (benchmarks/precision_heldout27.txt, pip requirements format; a line ending in
# `# sdist` is the project's source distribution). Linted blind with the linter of 2026-12-07's
# first session (main 049fff4, exported to /tmp/base_s9); docs/precision.md ("27th held-out set")
# triages every finding.
#
#   bash benchmarks/precision_heldout27.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout27
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout27.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Wheels (py3-none-any) installed without dependencies into one --target folder each; the sdist
# found through the package index's JSON API by its sha256, checked and extracted by
# benchmarks/_fetch_sdist.py (the archive's top folder stripped). Nothing is built, installed as a
# package or imported. Needs pip and the package index only. Do not commit the projects or copies of
# their files.
set -euo pipefail
# Blind counts (the linter of main 049fff4 exported to /tmp/base_s9, before any triage or analysis
# change): BLIND
EXPECTED=""
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT27:-$HOME/.cache/jitguard-precision-heldout27}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout27.txt"
