#!/usr/bin/env bash
# Twenty-sixth blind held-out precision set (issue 10): 15 JAX projects from the package index in
# domains the earlier sets cover little, 9 as pure-Python wheels (the library) and 6 as SOURCE
# DISTRIBUTIONS (the library and the application code its authors ship beside it: example programs,
# study and benchmark scripts, notebooks). Ocean circulation (veros: model setups), medical imaging
# (quantitative MRI with notebooks, tomographic reconstruction), electronic structure (Kohn-Sham DFT
# with scripts and examples), materials (constitutive models with demos; fluid properties),
# tensor networks (with examples and benchmarks), fusion power-plant costing (with examples), edge
# plasma, photonics (FDTD), structural shape optimisation, differential games, zero-knowledge
# proving blocks, proprioceptive neuron models, sparse automatic differentiation. In none of
# ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and the earlier held-out sets
# (the session's list of used projects and the shared claims list, compared by normalised name),
# chosen before any was linted, pinned by version and sha256 (benchmarks/precision_heldout26.txt,
# pip requirements format; a line ending in `# sdist` is the project's source distribution). Linted
# blind with the linter of 2026-12-06's eighth session (main 686d3a8, exported to /tmp/base_s8);
# docs/precision.md ("26th held-out set") triages every finding.
#
#   bash benchmarks/precision_heldout26.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout26
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout26.sh --check [DIR]   # fetch if needed, lint each, print counts
#        and compare them with EXPECTED below (fails when one differs)
#
# Wheels (py3-none-any) installed without dependencies into one --target folder each; sdists found
# through the package index's JSON API by their sha256, checked and extracted by
# benchmarks/_fetch_sdist.py (the archive's top folder stripped). Nothing is built, installed as a
# package or imported. Needs pip and the package index only. Do not commit the projects or copies of
# their files.
set -euo pipefail
# Blind counts (the linter of main 686d3a8 exported to /tmp/base_s8, before any triage or analysis
# change): bioafferent=4 dftax=25 drbx=8 mbirjax=8 mrax=1 pydgens=5 tenax-tn=4, every other project 0:
# 55 findings, 24 true, 31 false. Fixed (15 false): TREEGUARD (bioafferent 4: a tracer guard of
# another module whose body imports JAX for itself), STRLEAVES (dftax 6: a `list[str]` parameter
# under eqx.filter_jit), SPREADTAIL (dftax 3: `f(*x, k)` binds k to the last parameter),
# DECORATORALIAS (drbx 2: `_pytree_base = jax.tree_util.register_pytree_node_class`). Left (16
# false, docs/precision.md says what each needs): dftax 14 and drbx 2. So the counts of
# 2026-12-06 were the 24 true findings and the 16 left false ones (40).
# 2026-12-07, first session: SAMECALL (drbx 2: the second call of a jitted function with the same
# arguments in one iteration hits the cache the first one filled; analysis/samecall.py) fixed:
# drbx 6 -> 4. dftax's 14 are left (MEMOPLAN, corrected from TIEDNONE: they come from
# tests/unit/test_packed_eri3c.py's jitted lambdas, which pass `plan = plan_eri3c(...)`, a
# function whose every return is not None through a memo helper and a builder lambda; no tied
# None relation is involved, docs/precision.md). Final counts: the 24 true findings and the 14
# left false ones (38).
EXPECTED="dftax=16 drbx=4 mbirjax=8 mrax=1 pydgens=5 tenax-tn=4"
source "$(dirname "$0")/_pinned_projects.sh"
pinned_set "${JITGUARD_PRECISION_HELDOUT26:-$HOME/.cache/jitguard-precision-heldout26}" "$EXPECTED" "$@" < "$(dirname "$0")/precision_heldout26.txt"
