#!/usr/bin/env bash
# Twenty-first blind held-out precision set (issue 10): 15 JAX projects from the package index, mostly
# model and training code written with Flax (linen and NNX) and Equinox. Applications: a canvas vision
# transformer, time-series forecasting, a protein language model, speaker recognition, an antibody
# structure predictor, interatomic potentials, Gaussian splatting, a VAE of stellar core-collapse
# waveforms, video diffusion transformers. Libraries: deep equilibrium models, a Flax NNX trainer,
# probabilistic inference, neural PDE emulator architectures, recurrent networks, a Flax trainer. In
# none of ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,...,20}.sh, chosen before any was linted, pinned by version and
# sha256 (benchmarks/precision_heldout21.txt, pip requirements format). Linted blind with the linter
# of 2026-12-06's fifth session (main 5628c8d, exported to /tmp/base_s5b); docs/precision.md
# ("Twenty-first held-out set") triages every finding (9: 6 true, 4 of them latent; 1 true but
# intended; 2 false, fixed).
#
#   bash benchmarks/precision_heldout21.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout21
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout21.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~1.4 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
# Blind counts (the linter of main 5628c8d exported to /tmp/base_s5b, before any triage or analysis
# change): chronax=8 (JG105 five times, JG203, JG302, JG303), starccato-jax=1 (JG302), every other
# project 0. 6 true (two slices bound by a `fori_loop` index in a jitted helper the package's interval
# path calls; 4 latent: two jitted closures kept as public attributes, never called in the package,
# whose every call raises), 1 true but intended (a static seasonal
# period per distinct period, chronax JG302), 2 false, removed by TUPLEENTRY (starccato-jax JG302: the
# static entries of a tuple rebuilt per epoch are the same objects) and ALIGNEDSTRIDE (chronax JG303:
# `y[i + n % s :: s]` for `i in range(s)` has n // s elements), so the final counts are chronax=7,
# starccato-jax=0 (every other project 0).
# chronax is named so that --check compares and prints the total; a project not named expects 0 too
EXPECTED="chronax=7"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT21:-$HOME/.cache/jitguard-precision-heldout21}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout21.txt"
