"""Fetch one pinned source distribution and extract it into its own folder (used by
_pinned_projects.sh for a set pinned as sdists, not run by hand).

    python benchmarks/_fetch_sdist.py DEST "name==version --hash=sha256:HEX"

Asks the package index's JSON API for the project, takes that release's source distribution whose
sha256 is HEX (fails when none is), downloads it, checks the hash again on the bytes received, and extracts it
into DEST with the archive's top folder (``name-version/``) stripped, so that DEST holds the
project's tree as its authors packed it: examples/, scripts/, notebooks and its .gitignore
included. Nothing is built, installed or imported. Members that would land outside DEST, links and
special files are left out (tarfile's ``data`` filter; a zip's members are checked the same way).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import sys
import tarfile
import urllib.parse
import urllib.request
import zipfile

INDEX = os.environ.get("JITGUARD_PACKAGE_INDEX", "https://pypi.org/pypi")


def _parse(requirement: str) -> tuple[str, str, str]:
    match = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})\s*", requirement)
    if not match:
        raise SystemExit(f"not 'name==version --hash=sha256:HEX': {requirement!r}")
    return match.group(1), match.group(2), match.group(3)


def _sdist_url(name: str, version: str, sha256: str) -> str:
    api = f"{INDEX}/{name}/json"  # the project's page: every release's files under "releases"
    with urllib.request.urlopen(api, timeout=60) as reply:
        project = json.load(reply)
    for entry in project["releases"].get(version, []):
        if entry["packagetype"] == "sdist" and entry["digests"]["sha256"] == sha256:
            return urllib.parse.urljoin(api, entry["url"])
    raise SystemExit(f"{name}=={version}: no source distribution with sha256 {sha256}")


def _strip_top(member: str) -> str | None:
    """The member's path without the archive's top folder; None for the top folder itself and for a
    path that would leave the destination (absolute, or with a ``..`` part)."""
    parts = member.replace("\\", "/").split("/", 1)
    if len(parts) != 2 or not parts[1] or parts[1].startswith("/") or ".." in parts[1].split("/"):
        return None
    return parts[1]


def _extract_tar(data: bytes, dest: str) -> None:
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        members = []
        for member in archive.getmembers():
            stripped = _strip_top(member.name)
            if stripped is None or not (member.isfile() or member.isdir()):
                continue
            member.name = stripped
            members.append(member)
        archive.extractall(dest, members=members, filter="data")


def _extract_zip(data: bytes, dest: str) -> None:
    root = os.path.realpath(dest)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for info in archive.infolist():
            stripped = _strip_top(info.filename)
            if stripped is None or info.is_dir():
                continue
            target = os.path.realpath(os.path.join(root, stripped))
            if not target.startswith(root + os.sep):
                continue
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as out:
                out.write(archive.read(info))


def main(dest: str, requirement: str) -> None:
    name, version, sha256 = _parse(requirement)
    url = _sdist_url(name, version, sha256)
    with urllib.request.urlopen(url, timeout=120) as reply:
        data = reply.read()
    if hashlib.sha256(data).hexdigest() != sha256:
        raise SystemExit(f"{name}=={version}: the downloaded file's sha256 differs from the pin")
    os.makedirs(dest, exist_ok=True)
    if url.endswith(".zip"):
        _extract_zip(data, dest)
    else:
        _extract_tar(data, dest)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
