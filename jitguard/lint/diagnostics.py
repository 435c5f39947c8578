"""The finding record every part of the linter speaks, and the codes of diagnostics that are not rules."""

from __future__ import annotations

from dataclasses import dataclass, field

# Diagnostics about a file rather than about JAX. They are findings (exit code 1, suppressible by
# --ignore), so that one bad file is reported and the run goes on.
FILE_DIAGNOSTICS = {
    "JG001": ("syntax-error", "The file is not valid Python, so it was not checked."),
    "JG002": ("unreadable-file", "The file could not be read or decoded (not UTF-8, NUL bytes, I/O error)."),
    "JG003": ("file-too-complex", "The file is too large or too deeply nested to check safely."),
}


@dataclass(frozen=True, order=True)
class Finding:
    """One reported problem. ``line``/``column`` are 1-based, as editors and ruff show them."""

    path: str
    line: int
    column: int
    code: str
    message: str
    end_line: int = 0
    end_column: int = 0
    fix: str = field(default="", compare=False)
    # an automatic fix: (line, column, end_line, end_column, replacement), 1-based like the finding
    edit: tuple | None = field(default=None, compare=False)

    def as_dict(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line or self.line,
            "end_column": self.end_column or self.column,
            "code": self.code,
            "message": self.message,
            "fix": self.fix,
            "edit": None if self.edit is None else {
                "start": {"line": self.edit[0], "column": self.edit[1]},
                "end": {"line": self.edit[2], "column": self.edit[3]},
                "content": self.edit[4],
            },
        }


@dataclass
class FileResult:
    """What checking one file produced: findings, and internal errors (which make the exit code 2)."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    parsed: bool = False
    # what this file contributes to the project-wide analysis: jitted definitions, call sites
    facts: dict | None = None
    # the tree's jitted names (and their modules) that this file mentions: its result depends on them
    mentions: frozenset[str] = frozenset()
