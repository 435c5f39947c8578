#!/usr/bin/env bash
# Fifth blind held-out precision set (issue 10): 14 JAX libraries from the package index that are
# in none of ../shared/corpus/dev-corpus.sh, benchmarks/precision_projects.sh and
# benchmarks/precision_heldout{,2,3,4}.sh, chosen for variety of scientific and ML libraries
# (galaxy image simulation, atmospheric dynamics, electromagnetic FDTD, physical optics,
# differentiable PDE discretizations, quantum circuits, simulation-based inference, inference
# combinators, differentially private training, learning to rank, multiple-dispatch
# interpreters, exoplanet light curves, whole-brain neural fields, wavelet transforms), pinned by
# version and sha256. Linted blind with the linter of the session start; docs/precision.md
# ("Fifth held-out set") triages every finding, and the false ones are reduced to
# tests/precision_cases/fresh5_*.py.
#
#   bash benchmarks/precision_heldout5.sh [DIR]   # default: $HOME/.cache/jitguard-precision-heldout5
#   then, per project: jitguard check DIR/NAME --no-cache --output-format json --exit-zero -j 1
#   or:  bash benchmarks/precision_heldout5.sh --check [DIR]   # fetch if needed, lint each, print counts
#
# Pure-Python wheels (py3-none-any), installed without dependencies, one --target folder per
# distribution; read, never imported. Needs pip and the package index only; ~2 MB of wheels.
# Do not commit the projects or copies of their files.
set -euo pipefail
CHECK=0
if [[ ${1:-} == --check ]]; then CHECK=1; shift; fi
DIR=${1:-${JITGUARD_PRECISION_HELDOUT5:-$HOME/.cache/jitguard-precision-heldout5}}
source "$(dirname "$0")/_pinned_projects.sh"
fetch_and_check "$DIR" "$CHECK" <<'REQ'
coix==0.1.0 --hash=sha256:c8b2b4d0cc2c1defbe3f6771e2fdab42302d65bd64decf7e9e903eb7c43f718f
dinosaur==1.5.1 --hash=sha256:9c4de9737fb277c9284702a74e80fdac63299a45fec96641b430222c2fa1f413
dlux==0.15.1 --hash=sha256:b9de93b7a820ef143a5e846d2db06e10e36cedec80f6911c0927eb8eacae5453
fdtdx==0.6.3 --hash=sha256:477082a19fc447d50812c69dbe5c7597daafbc68dc4d1001976b5d8d96feb2ae
horqrux==0.9.2 --hash=sha256:dd4ea680185cb337ef06a488eb690645bafa50615181c157762751370e396b8e
jax-galsim==2026.7.0 --hash=sha256:b223bfe0535b8908049ead4b36b1afbaabeac845a721459026bd7261e6c756bb
jax-privacy==2.0.0 --hash=sha256:2621f70069ffc897d2a1976ff335871d96211cb4c5c927724fc7778306521350
jaxdf==0.3.0 --hash=sha256:c1dfdee22e5e4cf091b0a26c523403d518631d42347a412ff05d353409b30b72
jaxoplanet==0.2.0 --hash=sha256:2b1f63ea2e51d2d44c97938183d2ce019bc9e1810e018428d3248372eb641dac
jaxwavelets==0.1.13 --hash=sha256:2d53d9208c723821ee4b4ce2f817152bc7722dbf0cd7a3e543755203b2fc761f
quax==0.4.6 --hash=sha256:123dffe5fb5fe6784d9e75879da7409b8b73d691babb094c43f5945d57c830e1
rax==0.4.0 --hash=sha256:9cab65339c1191a3f200d406f9d6e141fa1d6410f696e4cf6a8869d1487a565c
sbijax==0.4.2.post1 --hash=sha256:509c6ee6dab41ad1374cc19accebb1b5d4015949dba09583efdbd83e792bf615
vbjax==0.0.19 --hash=sha256:526aa37132f6b496003235a72e218ca64c3e2cfa99dd3223bae7f092f7bf367c
REQ
