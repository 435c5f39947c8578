"""benchmarks/_fetch_sdist.py, offline: what a pinned source distribution becomes on disk (the
held-out sets pinned as sdists, docs/precision.md "Twenty-fifth held-out set")."""

from __future__ import annotations

import importlib.util
import io
import tarfile
import zipfile
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "_fetch_sdist.py"
_spec = importlib.util.spec_from_file_location("_fetch_sdist", _PATH)
fetch = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fetch)


def _tar(members: dict[str, bytes], links: dict[str, str] = {}) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
        for name, target in links.items():
            info = tarfile.TarInfo(name)
            info.type = tarfile.SYMTYPE
            info.linkname = target
            archive.addfile(info)
    return out.getvalue()


def test_a_tarball_lands_without_its_top_folder_and_nothing_leaves_the_destination(tmp_path: Path) -> None:
    data = _tar(
        {
            "proj-1.0/pkg/__init__.py": b"",
            "proj-1.0/examples/train.py": b"import jax\n",
            "proj-1.0/notebooks/demo.ipynb": b'{"cells": []}',
            "proj-1.0/../escape.py": b"x = 1\n",
        },
        {"proj-1.0/link.py": "/etc/passwd"},
    )
    fetch._extract_tar(data, str(tmp_path / "proj"))
    got = sorted(str(p.relative_to(tmp_path / "proj")) for p in (tmp_path / "proj").rglob("*") if p.is_file())
    assert got == ["examples/train.py", "notebooks/demo.ipynb", "pkg/__init__.py"]
    assert not (tmp_path / "escape.py").exists()


def test_a_zip_sdist_lands_the_same_way(tmp_path: Path) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("proj-1.0/scripts/run.py", "import jax\n")
        archive.writestr("proj-1.0/../../escape.py", "x = 1\n")
    fetch._extract_zip(out.getvalue(), str(tmp_path / "proj"))
    assert (tmp_path / "proj" / "scripts" / "run.py").read_text() == "import jax\n"
    assert not list(tmp_path.glob("**/escape.py"))


@pytest.mark.parametrize("line", ["proj==1.0", "proj==1.0 --hash=sha256:abc", "proj>=1.0 --hash=sha256:" + "0" * 64])
def test_a_pin_without_an_exact_version_and_sha256_is_refused(line: str) -> None:
    with pytest.raises(SystemExit):
        fetch._parse(line)


def test_the_pins_of_the_sdist_set_parse() -> None:
    pins = (_PATH.parent / "precision_heldout25.txt").read_text().splitlines()
    assert len(pins) == 15
    assert all(fetch._parse(line)[1] for line in pins)


def test_the_pins_of_the_mixed_set_parse() -> None:
    """precision_heldout26.txt mixes wheels and sdists: a line ending in `# sdist` is fetched as the
    project's source distribution (_pinned_projects.sh strips the comment before passing it on)."""
    pins = (_PATH.parent / "precision_heldout26.txt").read_text().splitlines()
    sdists = [line.split("#", 1)[0].strip() for line in pins if line.rstrip().endswith("# sdist")]
    wheels = [line for line in pins if "#" not in line]
    assert (len(sdists), len(wheels)) == (6, 9)
    assert all(fetch._parse(line)[1] for line in sdists + wheels)
