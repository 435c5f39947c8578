#!/usr/bin/env bash
# Twenty-third blind held-out precision set (issue 10): 15 JAX projects from the package index, machine-
# learning code as a new user writes it. Applications and research code: a text-to-speech port
# (Dia), music source separation, language-detection heads for speech recognition models, T5
# training on source code, a continual-learning framework, inverse kinematics of virtual humans,
# differentiable scene graphs and SLAM. Libraries: attention and transformer components, training
# loops, an audio pytree and data pipeline, contextual bandits, librosa in JAX, neural and graph
# networks, reinforcement-learning agents, vision models in Flax NNX. In none of
# ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,...,22}.sh, chosen before any was linted, pinned by version and
# sha256 (benchmarks/precision_heldout23.txt, pip requirements format). Linted blind with the linter
# of 2026-12-06's sixth session (main 2ce5029, exported to /tmp/base_s6); docs/precision.md
# ("Twenty-third held-out set") triages every finding (2: both true).
#
#   bash benchmarks/precision_heldout23.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout23
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout23.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~0.9 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
# Blind counts (the linter of main 2ce5029 exported to /tmp/base_s6, before any triage or analysis
# change): jaxmsst=2 (JG301 twice: two functions jitted inside `demix_track`, which the inference
# script calls once per audio file, so each track traces and compiles them again), every other
# project 0. Both true (a JAX run of the reduced pattern: two compiles per track), no false finding,
# so no analysis change and the final counts are the blind ones.
# jaxmsst is named so that --check compares and prints the total; a project not named expects 0 too
EXPECTED="jaxmsst=2"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT23:-$HOME/.cache/jitguard-precision-heldout23}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout23.txt"
