"""Compiles each Python sample and reports undefined names (pyflakes). Reads [{"id", "code"}] as JSON on stdin and
writes [{"id", "line", "message"}] to stdout. Run by scripts/content-check/checks/python.ts with Debian's python3,
which has python3-pyflakes (scripts/ensure-debian-packages.sh installs it)."""
import json
import sys

from pyflakes import checker, messages

# Only what makes a sample fail for a reader: names Python cannot resolve. Unused imports and the like are style.
REPORTED = (messages.UndefinedName, messages.UndefinedLocal, messages.UndefinedExport)

out = []
for sample in json.load(sys.stdin):
    try:
        tree = compile(sample["code"], "<sample>", "exec", flags=0x400, dont_inherit=True)  # ast.PyCF_ONLY_AST
    except SyntaxError as error:
        out.append({"id": sample["id"], "line": error.lineno or 1, "message": f"SyntaxError: {error.msg}"})
        continue
    for message in checker.Checker(tree, filename="<sample>").messages:
        if isinstance(message, REPORTED):
            out.append({"id": sample["id"], "line": message.lineno, "message": message.message % message.message_args})
json.dump(out, sys.stdout)
