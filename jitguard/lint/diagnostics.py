"""The records every part of the linter speaks: a finding, its fix, and a file's result.

A rule reports a *violation* (a node, a message, a help text) and may attach a :class:`Fix`: one
or more :class:`Edit` s and an :class:`Applicability`, as ruff does. ``--fix`` applies the safe
fixes; ``--fix --unsafe-fixes`` applies the unsafe ones too.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jitguard.lint.analysis.facts import FileFacts

# Diagnostics about a file or a suppression comment rather than about JAX. They are findings (exit
# code 1, suppressible by --ignore), so that one bad file is reported and the run goes on.
FILE_DIAGNOSTICS = {
    "JG001": ("syntax-error", "The file is not valid Python, so it was not checked."),
    "JG002": ("unreadable-file", "The file could not be read or decoded (not UTF-8, NUL bytes, I/O error)."),
    "JG003": ("file-too-complex", "The file is too large or too deeply nested to check safely."),
    "JG004": ("invalid-noqa", "A `# noqa:` or `# jitguard: ignore[...]` comment names no valid code, "
                              "or a JG code that does not exist; it suppresses nothing."),
}


class Applicability(str, enum.Enum):
    """Whether ``--fix`` may apply a fix on its own (safe) or needs ``--unsafe-fixes``."""

    SAFE = "safe"
    UNSAFE = "unsafe"


@dataclass(frozen=True)
class Edit:
    """Replace a range of the file with ``content``. Positions are 1-based (column: characters).

    A rule names the range by a libcst node (``Edit.replace(node, text)``); the engine turns it
    into positions once it has located the node. Project rules name it by position directly."""

    content: str
    line: int = 0
    column: int = 0
    end_line: int = 0
    end_column: int = 0
    node: Any = field(default=None, compare=False, repr=False)

    @classmethod
    def replace(cls, node: Any, content: str) -> "Edit":
        return cls(content, node=node)

    def at(self, line: int, column: int, end_line: int, end_column: int) -> "Edit":
        return Edit(self.content, line, column, end_line, end_column)

    @property
    def located(self) -> bool:
        return self.line > 0 and self.node is None

    def as_dict(self) -> dict:
        return {"start": {"line": self.line, "column": self.column},
                "end": {"line": self.end_line, "column": self.end_column}, "content": self.content}


@dataclass(frozen=True)
class Fix:
    """An automatic fix: edits applied together, or not at all."""

    edits: tuple[Edit, ...]
    applicability: Applicability = Applicability.SAFE
    message: str = ""

    @classmethod
    def safe(cls, *edits: Edit, message: str = "") -> "Fix":
        return cls(tuple(edits), Applicability.SAFE, message)

    @classmethod
    def unsafe(cls, *edits: Edit, message: str = "") -> "Fix":
        return cls(tuple(edits), Applicability.UNSAFE, message)

    @property
    def located(self) -> bool:
        return all(e.located for e in self.edits)

    def applies(self, unsafe: bool) -> bool:
        return self.applicability is Applicability.SAFE or unsafe

    def as_dict(self) -> dict:
        return {"applicability": self.applicability.value, "message": self.message or None,
                "edits": [e.as_dict() for e in self.edits]}

    def to_json(self) -> list:
        return [self.applicability.value, self.message,
                [[e.content, e.line, e.column, e.end_line, e.end_column] for e in self.edits]]

    @classmethod
    def from_json(cls, data: list) -> "Fix":
        applicability, message, edits = data
        return cls(tuple(Edit(*e) for e in edits), Applicability(applicability), message)


@dataclass(frozen=True, order=True)
class Finding:
    """One reported problem. ``line``/``column`` are 1-based, as editors and ruff show them.

    ``help`` is the one-line advice every finding carries ("= fix: ..." in text output); ``fix``
    the automatic fix, when there is one."""

    path: str
    line: int
    column: int
    code: str
    message: str
    end_line: int = 0
    end_column: int = 0
    help: str = field(default="", compare=False)
    fix: Fix | None = field(default=None, compare=False)
    # files the finding follows from besides its own (a project rule's finding at a call site
    # follows from the file that defines the jitted function): a change there can cause it
    related: tuple[str, ...] = field(default=(), compare=False)

    def as_dict(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line or self.line,
            "end_column": self.end_column or self.column,
            "code": self.code,
            "message": self.message,
            # the JSON schema only ever gains keys: "fix" is the advice text, "edit" the first edit
            "fix": self.help,
            "edit": None if self.fix is None else self.fix.edits[0].as_dict(),
            "applicability": None if self.fix is None else self.fix.applicability.value,
            "edits": [] if self.fix is None else [e.as_dict() for e in self.fix.edits],
        }

    def to_json(self) -> list:
        return [self.line, self.column, self.code, self.message, self.end_line, self.end_column, self.help,
                None if self.fix is None else self.fix.to_json()]

    @classmethod
    def from_json(cls, path: str, row: list) -> "Finding":
        *head, fix = row
        return cls(path, *head, fix=None if fix is None else Fix.from_json(fix))


@dataclass(frozen=True)
class NoqaDirective:
    """One suppression comment: ``# noqa``, ``# noqa: JG101,JG3``, ``# jitguard: ignore[JG101]``.

    ``codes`` is empty for a blanket directive. ``start``/``end`` are the 1-based columns of each
    listed code in the line (so an unused one can be removed); ``invalid`` lists what could not
    be read as a code."""

    line: int
    codes: tuple[str, ...] = ()
    spans: tuple[tuple[int, int], ...] = ()
    invalid: tuple[str, ...] = ()
    comment: tuple[int, int] = (0, 0)  # columns of the whole directive
    text: str = ""  # the source line, for fixes

    @property
    def blanket(self) -> bool:
        return not self.codes and not self.invalid

    def to_json(self) -> list:
        return [self.line, list(self.codes), [list(s) for s in self.spans], list(self.invalid),
                list(self.comment), self.text]

    @classmethod
    def from_json(cls, row: list) -> "NoqaDirective":
        line, codes, spans, invalid, comment, text = row
        return cls(line, tuple(codes), tuple(tuple(s) for s in spans), tuple(invalid), tuple(comment), text)


@dataclass
class FileResult:
    """What checking one file produced: findings (before suppression), its suppression comments,
    and internal errors (which make the exit code 2)."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    parsed: bool = False
    # what this file contributes to the project-wide analysis (jitguard.lint.analysis.facts.FileFacts):
    # jitted definitions, call sites, out-calls, re-exports
    facts: "FileFacts | None" = None
    # the tree's jitted names (and their modules) that this file mentions: its result depends on them
    mentions: frozenset[str] = frozenset()
    noqa: tuple[NoqaDirective, ...] = ()
