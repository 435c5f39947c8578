"""``# noqa``, ``# noqa: JG101``, ``# jitguard: ignore[JG101]`` and ``# jitguard: skip-file``."""

from __future__ import annotations

import re

_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)
_IGNORE = re.compile(r"#\s*jitguard:\s*ignore(?:\[(?P<codes>[^\]]*)\])?")
_SKIP_FILE = re.compile(r"^\s*#\s*jitguard:\s*skip-file\s*$", re.MULTILINE)
ALL = frozenset({"*"})  # what a bare `# noqa` silences


def skip_file(source: str) -> bool:
    return "skip-file" in source and _SKIP_FILE.search(source) is not None


def suppressed_codes(line: str) -> frozenset[str]:
    """Codes silenced on this source line; ``ALL`` for a bare ``# noqa`` / ``# jitguard: ignore``."""
    if "#" not in line:
        return frozenset()
    codes: set[str] = set()
    for pattern in (_NOQA, _IGNORE):
        for m in pattern.finditer(line):
            listed = m.group("codes")
            if listed is None or not listed.strip():
                return ALL
            codes.update(c.upper() for c in re.split(r"[\s,]+", listed.strip()) if c)
    return frozenset(codes)


def is_suppressed(code: str, line: str) -> bool:
    codes = suppressed_codes(line)
    return codes is ALL or code in codes or any(code.startswith(c) for c in codes if len(c) < len(code))
