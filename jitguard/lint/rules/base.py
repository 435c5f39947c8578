"""What a rule is: metadata (code, name, docs, examples) plus visitor hooks.

A rule never walks the tree itself. The taint walker (``jitguard.lint.analysis.taint``) walks each
traced function once, keeps track of which values are traced, and calls a rule's
``visit_<NodeType>(node, ctx)`` hooks (libcst node type names) on the nodes it reaches. ``ctx``
answers "is this expression traced, and why?" and takes ``ctx.report(...)``.
"""

from __future__ import annotations

import textwrap
from typing import ClassVar


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]  # kebab-case, like ruff's rule names
    summary: ClassVar[str]  # one line
    what: ClassVar[str]  # "What it does"
    why: ClassVar[str]  # "Why is this bad?"
    example: ClassVar[str]  # code that is flagged
    use_instead: ClassVar[str]  # the fixed code
    jax_error: ClassVar[str] = ""  # the error JAX raises at run time, if any
    fix_available: ClassVar[str] = "no"  # "no", "yes" (--fix) or "unsafe"
    default_enabled: ClassVar[bool] = True  # False: opt-in, only when selected by its full code

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
