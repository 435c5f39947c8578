"""A content cache like ``.ruff_cache``: findings keyed by file content, jitguard version and settings."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from jitguard._version import __version__
from jitguard.diagnostics import FileResult, Finding

CACHEDIR_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by jitguard.\n"


class Cache:
    def __init__(self, directory: Path, key: str) -> None:
        self.directory = directory
        digest = hashlib.sha256(f"{__version__}\0{key}".encode()).hexdigest()[:16]
        self.file = directory / __version__ / f"{digest}.json"
        self._entries: dict[str, list] = {}
        self._dirty = False
        self._hashes: dict[str, str] = {}
        try:
            self._entries = json.loads(self.file.read_text("utf-8"))
        except (OSError, ValueError):
            self._entries = {}

    def _hash(self, path: str) -> str | None:
        try:
            data = Path(path).read_bytes()
        except OSError:
            return None
        digest = hashlib.blake2b(data, digest_size=16).hexdigest()
        self._hashes[path] = digest
        return digest

    def get(self, path: str) -> FileResult | None:
        entry = self._entries.get(os.path.abspath(path))
        digest = self._hash(path)
        if entry is None or digest is None or entry[0] != digest:
            return None
        findings = [Finding(path, *f) for f in entry[1]]
        return FileResult(path, findings, facts=entry[2] if len(entry) > 2 else None)

    def put(self, path: str, result: FileResult) -> None:
        digest = self._hashes.get(path) or self._hash(path)
        if digest is None:
            return
        rows = [[f.line, f.column, f.code, f.message, f.end_line, f.end_column, f.fix] for f in result.findings]
        self._entries[os.path.abspath(path)] = [digest, rows, result.facts]
        self._dirty = True

    def save(self) -> None:
        if not self._dirty:
            return
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            tag = self.directory / "CACHEDIR.TAG"
            if not tag.exists():
                tag.write_text(CACHEDIR_TAG)
                (self.directory / ".gitignore").write_text("# Created by jitguard automatically.\n*\n")
            fd, tmp = tempfile.mkstemp(dir=self.file.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(self._entries, fh)
            os.replace(tmp, self.file)
        except OSError:
            pass  # a cache that cannot be written is only slower
        self._dirty = False
