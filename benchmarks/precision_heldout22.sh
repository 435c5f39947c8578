#!/usr/bin/env bash
# Twenty-second blind held-out precision set (issue 10): 15 JAX projects from the package index in
# scientific computing and simulation. Libraries: chemical kinetics, cosmological distances,
# importance sampling for state-space models, an ensemble MCMC sampler, a simplex LP solver,
# Lyapunov spectra, Gaussian-process state-space models, ODE/SDE/DAE and boundary-value solvers.
# Applications and research code: a nuclear equation of state and TOV solver, a hydrological model,
# gravitational microlensing, AGN reverberation fitting, supernova light-curve fitting, a gyrokinetic
# solver, thin-film transfer matrices. In none of ../shared/corpus/dev-corpus.sh,
# benchmarks/precision_projects.sh and benchmarks/precision_heldout{,2,...,21}.sh, chosen before
# any was linted, pinned by version and sha256 (benchmarks/precision_heldout22.txt, pip requirements
# format). Linted blind with the linter of 2026-12-06's sixth session (main 2ce5029, exported to
# /tmp/base_s6); docs/precision.md ("Twenty-second held-out set") triages every finding (25: 2 true,
# latent; 23 false, fixed).
#
#   bash benchmarks/precision_heldout22.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout22
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout22.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~2.1 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
# Blind counts (the linter of main 2ce5029 exported to /tmp/base_s6, before any triage or analysis
# change): lyapax=5 (JG105 three times, JG101 twice), microjaxx=1 (JG101), saltjax=8 (JG104),
# spectraxgk=3 (JG105 twice, JG303), tinydiffeq=8 (JG105), every other project 0. 2 true (latent:
# boolean-mask indexing in a jitted function the package's public helper calls, spectraxgk), 23
# false: removed by FUNCTIONARG (lyapax, 5: a lambda passed where a dataclass is tested),
# STATICSPREAD (microjaxx, 1: a static flag a **params spread may fill), MODULEARG (saltjax, 8: xp=jnp
# passed from another file's traced call), REVERSEDZIP (tinydiffeq, 8: reversed(list(zip(...)))) and
# RESHAPEOWN (spectraxgk JG303, 1: chunks padded and reshaped to (ndev, per_device) + shape[1:]), so
# the final counts are spectraxgk=2, every other project 0. At the session's merges the 24th report
# batch's stored-instance mechanism (an attribute stored from a constructor parameter has the class
# every construction passes) resolved `self.states.project_at_data(...)` in smolgp and found one true
# JG301 (a `@jax.jit` closure defined inside that method, compiled again on every call of the public
# `get_component_mean`): smolgp=1.
# spectraxgk is named so that --check compares and prints the total; a project not named expects 0 too
EXPECTED="spectraxgk=2 smolgp=1"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT22:-$HOME/.cache/jitguard-precision-heldout22}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout22.txt"
