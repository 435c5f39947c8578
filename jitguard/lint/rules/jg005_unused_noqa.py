from __future__ import annotations

from jitguard.lint.rules.base import Rule, Scope


class UnusedNoqa(Rule):
    """Checked by ``jitguard.lint.suppression`` once every other rule has reported: it needs to
    know which suppression comments silenced something."""

    code = "JG005"
    scope = Scope.SUPPRESSION
    name = "unused-noqa"
    summary = "A `# noqa: JGxxx` (or `# jitguard: ignore[JGxxx]`) code that silences nothing (opt-in, with a fix)."
    default_enabled = False
    fix_available = "yes"
    what = """
        Opt-in, like ruff's RUF100 (select it with `--select JG005` or `extend-select = ["JG005"]`).
        Flags a JG code (or prefix) listed in a suppression comment when no finding of that code
        was reported on its line in this run. Only codes that the run checks are judged: with
        `--select JG1`, a `# noqa: JG302` is left alone. A bare `# noqa` is never flagged, since
        it may serve other linters; neither are other tools' codes (`# noqa: E501`).
        """
    why = """
        A suppression that outlived its finding hides the next real finding on that line: the
        line was fixed (or the analysis learned the value is static), but the comment still
        silences whatever the code turns into. `jitguard check --select JG005 --fix` removes the
        unused codes, or the whole comment when none is left.
        """
    example = """
        @jax.jit
        def scale(x, factor):
            y = x * factor  # noqa: JG101
            return y
        """
    use_instead = """
        @jax.jit
        def scale(x, factor):
            y = x * factor
            return y
        """
