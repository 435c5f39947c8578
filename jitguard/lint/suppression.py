"""Suppression comments, applied in one place after every rule (project-wide ones included).

* ``# noqa`` / ``# jitguard: ignore`` silence every finding on their line;
* ``# noqa: JG101, JG3`` / ``# jitguard: ignore[JG101]`` silence the listed codes, or every code
  that starts with a listed prefix (``JG3`` silences JG301-JG304), as ruff does;
* codes of other tools (``# noqa: E501``, also ``# noqa: E741!`` as flake8 reads it) are left alone;
* a JG code that does not exist (``# noqa: JG999``) or a list with no code at all
  (``# noqa: foo``) is reported as JG004 and suppresses nothing — never everything;
* JG005 (opt-in, like ruff's RUF100) reports a listed JG code that silenced nothing on its line,
  with a safe fix that removes it; blanket ``# noqa`` comments are left alone, since they may
  serve other linters;
* ``# jitguard: skip-file`` on a line of its own skips the file (read by the engine).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable
from itertools import accumulate
from functools import lru_cache

from jitguard.lint.diagnostics import Edit, FileResult, Finding, Fix, NoqaDirective

_DIRECTIVE = re.compile(
    r"#[ \t]*(?:(?P<noqa>noqa)(?::(?P<list>[^#\n]*))?|jitguard:[ \t]*ignore(?:\[(?P<bracket>[^\]\n]*)\])?)",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"[^\s,]+")
_CODE = re.compile(r"[A-Za-z]+[0-9]+")
_SKIP_FILE = re.compile(r"^\s*#\s*jitguard:\s*skip-file\s*$", re.MULTILINE)
UNUSED_NOQA = "JG005"
INVALID_NOQA = "JG004"


def skip_file(source: str) -> bool:
    return "skip-file" in source and _SKIP_FILE.search(source) is not None


@lru_cache(maxsize=1)
def _known() -> tuple[frozenset[str], frozenset[str]]:
    from jitguard.lint.codes import all_codes

    codes = frozenset(all_codes())
    prefixes = frozenset(c[:i] for c in codes for i in range(2, len(c) + 1))
    return codes, prefixes


def directives(source: str) -> tuple[NoqaDirective, ...]:
    """Every suppression comment of ``source``. Cheap when there is none (one substring test)."""
    if "noqa" not in source and "jitguard" not in source and "noqa" not in source.lower():
        return ()
    matches = list(_DIRECTIVE.finditer(source))
    if not matches:
        return ()
    out = []
    line_starts = [0, *accumulate(len(part) + 1 for part in source.split("\n")[:-1])]  # (after each "\n")
    comments = _comment_starts(source, _bisect(line_starts, matches[-1].start()))
    for m in matches:
        line = _bisect(line_starts, m.start())
        start = line_starts[line - 1]
        if comments is not None and comments.get(line, len(source)) > m.start() - start:
            continue  # `# noqa` inside a string, not in the line's comment: not a directive
        end = source.find("\n", start)
        text = source[start:] if end < 0 else source[start:end]
        out.append(_directive(m, line, start, text))
    return tuple(out)


def _comment_starts(source: str, last: int) -> dict[int, int] | None:
    """line -> column of the comment that line holds, up to line ``last`` (the last with a match),
    from Python's tokenizer (so ``"# noqa"`` in a string is not a comment; it stops after that
    line); None when the file does not tokenize that far (then every match counts)."""
    out: dict[int, int] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.start[0] > last:
                break
            if tok.type == tokenize.COMMENT:
                out[tok.start[0]] = tok.start[1]
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None
    return out


def _bisect(starts: list[int], pos: int) -> int:
    lo, hi = 0, len(starts)
    while lo < hi:
        mid = (lo + hi) // 2
        if starts[mid] <= pos:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _directive(m: re.Match, line: int, line_start: int, text: str) -> NoqaDirective:
    group = "list" if m.group("noqa") else "bracket"
    listed = m.group(group)
    comment = (m.start() - line_start + 1, m.end() - line_start + 1)
    if listed is None or (group == "bracket" and not listed.strip()):
        return NoqaDirective(line, comment=comment, text=text)
    codes, spans, invalid = [], [], []
    offset = m.start(group) - line_start
    known, prefixes = _known()
    for tok in _TOKEN.finditer(listed):
        word = tok.group(0)
        if not _CODE.fullmatch(word):
            foreign = _foreign_code(word)
            if foreign is not None:  # `# noqa: E741!`: flake8 reads E741, another tool's code
                codes.append(foreign)
                spans.append((offset + tok.start() + 1, offset + tok.start() + len(foreign) + 1))
            elif not codes:
                invalid.append(word)
            break  # ruff: the list ends at the first word that is not a code (`# noqa: JG101 why`)
        upper = word.upper()
        if upper.startswith("JG") and upper not in known and upper not in prefixes:
            invalid.append(word)
            continue
        codes.append(upper)
        spans.append((offset + tok.start() + 1, offset + tok.end() + 1))
    if not codes and not invalid:
        invalid.append(listed.strip() or "(nothing)")
    return NoqaDirective(line, tuple(codes), tuple(spans), tuple(invalid), comment, text)


def _foreign_code(word: str) -> str | None:
    """Another tool's code followed by punctuation (``E741!``, ``F401.``), as flake8 reads it (its
    pattern takes the code and stops: flake8 7.5 silences E741 with ``# noqa: E741!``): that tool's
    comment, not jitguard's to judge. A JG code so written stays invalid (ruff rejects it too)."""
    m = _CODE.match(word)
    if m is None or word[m.end()].isalnum() or word[m.end()] == "_" or m.group(0).upper().startswith("JG"):
        return None
    return m.group(0).upper()


def _silences(directive: NoqaDirective, code: str) -> str | None:
    """The listed code or prefix that silences ``code`` ('*' for a blanket directive), or None."""
    if directive.blanket:
        return "*"
    for listed in directive.codes:
        if code == listed or code.startswith(listed):
            return listed
    return None


def apply(results: Iterable[FileResult], enabled: frozenset[str]) -> None:
    """Drop suppressed findings from each result, and add JG004 (and, when enabled, JG005)."""
    for result in results:
        if not result.noqa:
            continue
        by_line: dict[int, list[NoqaDirective]] = {}
        for d in result.noqa:
            by_line.setdefault(d.line, []).append(d)
        used: set[tuple[int, str]] = set()
        kept: list[Finding] = []
        for f in result.findings:
            hit = None
            for d in by_line.get(f.line, ()):
                hit = _silences(d, f.code)
                if hit is not None:
                    used.add((d.line, hit))
                    break
            if hit is None:
                kept.append(f)
        for d in result.noqa:
            if d.invalid:
                kept.append(_invalid(result.path, d))
            if UNUSED_NOQA in enabled:
                kept.extend(_unused(result.path, d, used, enabled))
        kept.sort()
        result.findings = kept


def _invalid(path: str, d: NoqaDirective) -> Finding:
    words = ", ".join(f"`{w}`" for w in d.invalid)
    return Finding(
        path, d.line, d.comment[0], INVALID_NOQA,
        f"invalid suppression comment: {words} is not a jitguard code or prefix; the comment suppresses nothing",
        d.line, d.comment[1],
        help="Name the codes to silence, e.g. `# noqa: JG101` (`jitguard rule --all` lists them), "
             "or write a bare `# noqa`",
    )


def _unused(path: str, d: NoqaDirective, used: set[tuple[int, str]], enabled: frozenset[str]) -> list[Finding]:
    """JG005: the JG codes of ``d`` that silenced nothing, among the codes this run checks (a code
    that was not checked cannot be judged unused)."""
    checked = [e for e in enabled if e != UNUSED_NOQA]
    unused = [c for c in d.codes
              if c.startswith("JG") and (d.line, c) not in used and any(e == c or e.startswith(c) for e in checked)]
    if not unused:
        return []
    remaining = [c for c in d.codes if c not in unused]
    if remaining:
        first, last = d.spans[0][0], d.spans[-1][1]
        fix = Fix.safe(Edit(", ".join(remaining), d.line, first, d.line, last),
                       message="Remove the unused codes")
    else:
        fix = Fix.safe(_remove_comment(d), message="Remove the unused suppression comment")
    names = ", ".join(f"`{c}`" for c in unused)
    span = d.spans[d.codes.index(unused[0])]
    return [Finding(
        path, d.line, span[0], UNUSED_NOQA,
        f"unused suppression: {names} silenced nothing on this line",
        d.line, span[1], help="Remove the unused codes (`jitguard check --fix` does it)", fix=fix,
    )]


def _remove_comment(d: NoqaDirective) -> Edit:
    """Remove the whole directive, through its last code, and the spaces before it."""
    text = d.text
    start, end = d.comment[0] - 1, (d.spans[-1][1] - 1 if d.spans else d.comment[1] - 1)
    if text[end:end + 1] == "]":
        end += 1
    while start > 0 and text[start - 1] in " \t":
        start -= 1
    return Edit("", d.line, start + 1, d.line, end + 1)
