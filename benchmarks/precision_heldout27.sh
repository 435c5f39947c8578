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
# change): jaxonomy=3 jaxtronomy=3 ninjax=4 rheojax=6, every other project 0: 16 findings, 11 true,
# 5 false. Fixed (3 false): BROADCASTVALUE (rheojax 1: `jnp.broadcast_to(value, buffer.shape)`
# with `jax, jnp = safe_import_jax()`, read as an array method whose every argument is a shape;
# no jax.Array has a `broadcast_to` method, so it is the module function and only the shape must
# be static), RESHAPELIKE (jaxonomy 2: `z = z - delta.reshape(z.shape)` in a Newton loop keeps
# z's shape). Left (2 false, docs/precision.md says what each needs): jaxonomy 1 (`if batch_data:`
# in a jitted step that `lax.scan` hands one slice of the training data: a tuple of arrays by the
# trainer's contract, whose truth is its length, but no caller in the package shows its type) and
# jaxtronomy 1 (`if kwargs_extinction is not None and kwargs_extinction:` on a parameter of a
# jitted method documented as a list of dicts: static truth, but the parameter has no annotation
# and no caller in sight). So the final counts below are the 11 true findings and the 2 left false.
EXPECTED="jaxonomy=1 jaxtronomy=3 ninjax=4 rheojax=5"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT27:-$HOME/.cache/jitguard-precision-heldout27}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout27.txt"
