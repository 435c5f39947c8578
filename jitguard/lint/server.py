"""``jitguard server``: a Language Server (LSP, over standard input/output) built on pygls.

What an editor gets:

* diagnostics when a Python file is opened, changed or saved: the same findings as
  ``jitguard check`` gives for the file's current text (unsaved edits included), with the
  settings of its nearest configuration; the project-wide rules (JG203, JG302-JG304) see the rest
  of the project, read through the cache (jitguard.cli.lint_buffer);
* code actions: each automatic fix ("Fix JG203: ..."), and "Add `# noqa: JG101`" for every finding;
* hover on a finding: the rule's page (``jitguard rule JG101``).

Columns are counted in characters (code points); an editor counting UTF-16 units sees them
shifted after a character outside the Basic Multilingual Plane on the same line.
Needs the ``lsp`` extra: ``pip install 'jitguard[lsp]'`` (pygls).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from jitguard._version import __version__

LINTED = (".py", ".pyi")
log = logging.getLogger("jitguard.server")


class JitguardServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("jitguard", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.findings: dict[str, list] = {}  # uri -> the findings last published


server = JitguardServer()


def _path(uri: str) -> str | None:
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return os.path.normpath(unquote(parsed.path))


def _range(f) -> types.Range:
    end_line = f.end_line or f.line
    end_column = f.end_column or f.column
    if (end_line, end_column) <= (f.line, f.column):
        end_line, end_column = f.line, f.column + 1
    return types.Range(start=types.Position(line=f.line - 1, character=f.column - 1),
                       end=types.Position(line=end_line - 1, character=end_column - 1))


def diagnostic(f) -> types.Diagnostic:
    from jitguard.lint.reporters.base import edits, help_text, rule_url

    advice = help_text(f)
    return types.Diagnostic(
        range=_range(f),
        message=f.message + (f"\nfix: {advice}" if advice else ""),
        severity=types.DiagnosticSeverity.Error,
        code=f.code,
        code_description=types.CodeDescription(href=rule_url(f.code)),
        source="jitguard",
        data={"code": f.code, "line": f.line, "edits": [list(e) for e in edits(f)],
              "fix_title": _fix_title(f)},
    )


def _fix_title(f) -> str:
    fix = getattr(f, "fix", None)
    message = getattr(fix, "message", "") if fix is not None and not isinstance(fix, str) else ""
    return f"Fix {f.code}: {message}" if message else f"Fix {f.code}"


def lint_document(ls: JitguardServer, uri: str) -> None:
    from jitguard.cli import Run, lint_buffer
    from jitguard.lint.config import ConfigError, Resolver

    doc = ls.workspace.get_text_document(uri)
    path = _path(uri)
    findings: list = []
    if path is not None and path.endswith(LINTED):
        try:
            resolver = Resolver()
            settings = resolver.for_path(path)
            if not settings.is_excluded(Path(path), check_parents=True):
                result = lint_buffer(path, doc.source.encode("utf-8"), resolver, Run(resolver).cache_dir)
                findings = result.findings
                for err in result.errors:
                    ls.window_log_message(types.LogMessageParams(type=types.MessageType.Error, message=err))
        except ConfigError as exc:
            ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=f"jitguard: {exc}"))
        except Exception as exc:  # noqa: BLE001 - the server must outlive one bad document
            log.exception("linting %s failed", uri)
            ls.window_log_message(types.LogMessageParams(type=types.MessageType.Error,
                                                         message=f"jitguard: {type(exc).__name__}: {exc}"))
    ls.findings[uri] = findings
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=uri, version=doc.version, diagnostics=[diagnostic(f) for f in findings]))


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: JitguardServer, params: types.DidOpenTextDocumentParams) -> None:
    lint_document(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: JitguardServer, params: types.DidChangeTextDocumentParams) -> None:
    lint_document(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: JitguardServer, params: types.DidSaveTextDocumentParams) -> None:
    # a saved file can change the project-wide findings of the other open files (a helper made
    # static breaks their calls): check them all again, the saved one first
    saved = params.text_document.uri
    lint_document(ls, saved)
    for uri in list(ls.findings):
        if uri != saved:
            lint_document(ls, uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: JitguardServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.findings.pop(params.text_document.uri, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


def _text_edit(line: int, column: int, end_line: int, end_column: int, content: str) -> types.TextEdit:
    return types.TextEdit(range=types.Range(start=types.Position(line=line - 1, character=column - 1),
                                            end=types.Position(line=end_line - 1, character=end_column - 1)),
                          new_text=content)


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix], resolve_provider=False),
)
def code_action(ls: JitguardServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    from jitguard.cli import noqa_line

    uri = params.text_document.uri
    doc = ls.workspace.get_text_document(uri)
    lines = doc.source.splitlines()
    actions: list[types.CodeAction] = []
    for diag in params.context.diagnostics:
        if diag.source != "jitguard" or not isinstance(diag.data, dict):
            continue
        data = diag.data
        if data.get("edits"):
            actions.append(types.CodeAction(
                title=data.get("fix_title") or f"Fix {data['code']}",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diag],
                is_preferred=True,
                edit=types.WorkspaceEdit(changes={uri: [_text_edit(*e) for e in data["edits"]]}),
            ))
        line = int(data.get("line", diag.range.start.line + 1))
        if 0 < line <= len(lines):
            body = lines[line - 1]
            new = noqa_line(body, {data["code"]})
            if new is not None:
                actions.append(types.CodeAction(
                    title=f"Add `# noqa: {data['code']}`",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diag],
                    edit=types.WorkspaceEdit(changes={uri: [_text_edit(line, 1, line, len(body) + 1, new)]}),
                ))
    return actions


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: JitguardServer, params: types.HoverParams) -> types.Hover | None:
    from jitguard.lint.rules import RULES_BY_CODE

    pos = params.position
    pages = []
    for f in ls.findings.get(params.text_document.uri, []):
        r = _range(f)
        if (r.start.line, r.start.character) <= (pos.line, pos.character) <= (r.end.line, r.end.character):
            rule = RULES_BY_CODE.get(f.code)
            if rule is not None and rule.render_doc() not in pages:
                pages.append(rule.render_doc())
    if not pages:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(pages)))


def main() -> int:
    server.start_io()
    return 0
