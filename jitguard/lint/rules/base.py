"""What a rule is: metadata (code, name, docs, examples), a scope, and its checks.

A rule never walks the tree itself, and it reports through one call,
``ctx.report(node_or_site, message, help=..., fix=None)``; the code is the rule's own. Its
``scope`` says what it looks at:

* ``Scope.TRACED`` — ``visit_<NodeType>(node, ctx)`` hooks (libcst node type names). The walker
  (``jitguard.lint.analysis``) walks each traced function once, tracking what is traced, and
  calls them on the nodes it reaches; ``ctx`` answers "is this expression traced, and why?".
* ``Scope.MODULE`` — ``check_module(index, ctx)``, once per file, on the module index (jit
  definitions, transform calls, loops).
* ``Scope.PROJECT`` — ``check_project(sites, ctx)``, once per run, on every call site of a
  jitted function across the checked tree; ``ctx.report(site, ...)`` reports at the call.
* ``Scope.SUPPRESSION`` — judged by ``jitguard.lint.suppression`` once every other rule has
  reported (JG005, unused suppression comments).

Fixes are ``Fix.safe(Edit.replace(node, text))`` or ``Fix.unsafe(...)`` (``--unsafe-fixes``).
Suppression comments are applied after every rule, in one place (``jitguard.lint.suppression``).
"""

from __future__ import annotations

import enum
import textwrap
from typing import Any, Callable, ClassVar

from jitguard.lint.diagnostics import Fix


class Scope(enum.Enum):
    TRACED = "traced"
    MODULE = "module"
    PROJECT = "project"
    SUPPRESSION = "suppression"  # judged by jitguard.lint.suppression, after every other rule


class Reporter:
    """``report(target, message, help=..., fix=...)`` for one rule: its code is implied."""

    __slots__ = ("code", "_sink")

    def __init__(self, code: str, sink: Callable[..., None]) -> None:
        self.code = code
        self._sink = sink

    def report(self, target: Any, message: str, help: str = "", fix: Fix | None = None) -> None:
        self._sink(self.code, target, message, help, fix)


class Rule:
    code: ClassVar[str]
    scope: ClassVar[Scope]
    name: ClassVar[str]  # kebab-case, like ruff's rule names
    summary: ClassVar[str]  # one line
    what: ClassVar[str]  # "What it does"
    why: ClassVar[str]  # "Why is this bad?"
    example: ClassVar[str]  # code that is flagged
    use_instead: ClassVar[str]  # the fixed code
    jax_error: ClassVar[str] = ""  # the error JAX raises at run time, if any
    fix_available: ClassVar[str] = "no"  # "no", "yes" (--fix) or "unsafe"
    default_enabled: ClassVar[bool] = True  # False: opt-in, only when selected by its full code
    # Scope.TRACED rules: the kinds of trace (jitguard.lint.analysis.jitcontext.TRACE_KINDS) under
    # which what the rule reports fails; the walker runs its hooks only in code under one of them
    # (or of unknown kind). Under grad alone ("differentiated") `if x > 0:` and int(x) run.
    trace_kinds: ClassVar[frozenset[str]] = frozenset({"staged", "batched"})

    @classmethod
    def doc_url(cls) -> str:
        return f"https://github.com/jitguard/jitguard/blob/main/docs/rules/{cls.code}.md"

    @classmethod
    def render_doc(cls) -> str:
        """The rule's page, in ruff's shape. docs/rules/<code>.md is this text (a test checks it)."""

        def block(code: str) -> str:
            return "```python\n" + textwrap.dedent(code).strip("\n") + "\n```"

        parts = [
            f"# {cls.code}: {cls.name}",
            "",
            f"{cls.summary}",
        ]
        if not cls.default_enabled:
            parts += ["", f"**Opt-in**: not enabled by default; select it with `--select {cls.code}`."]
        parts += [
            "",
            "## What it does",
            "",
            textwrap.dedent(cls.what).strip(),
            "",
            "## Why is this bad?",
            "",
            textwrap.dedent(cls.why).strip(),
        ]
        if cls.jax_error:
            parts += ["", f"At run time JAX raises `{cls.jax_error}`."]
        parts += [
            "",
            "## Example",
            "",
            block(cls.example),
            "",
            "## Use instead",
            "",
            block(cls.use_instead),
            "",
            "## Fix availability",
            "",
            {
                "no": "No automatic fix: the message names the change to make.",
                "yes": "`jitguard check --fix` applies a safe fix.",
                "unsafe": "`jitguard check --fix --unsafe-fixes` applies a fix that may change behaviour.",
            }[cls.fix_available],
            "",
            "## Examples in the test suite",
            "",
            f"[`rules/{cls.code}.py`](../../rules/{cls.code}.py) lists code that must be flagged "
            f"(lines marked `# expect: {cls.code}`) and legal look-alikes that must not be.",
            "",
        ]
        return "\n".join(parts)

    def metadata(self) -> dict:
        return {
            "code": self.code,
            "name": self.name,
            "summary": self.summary,
            "jax_error": self.jax_error,
            "fix_available": self.fix_available,
            "default_enabled": self.default_enabled,
            "url": self.doc_url(),
        }
