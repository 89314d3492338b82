"""How ``ruckus`` reports a user's mistake: one line on stderr and a non-zero exit, never a
Python traceback.

:class:`OneLineErrors` is the command group of the whole application. Typer's usage errors
(a bad option, a missing argument, a ``BadParameter`` a command raises) become
``error: <what is wrong> (see 'ruckus play --help')``; a file or folder the system refuses
(:class:`OSError` reaching the top) becomes ``error: <path>: <why>``. A harness bug still
shows its traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

USAGE_EXIT = 2
"""The exit code of a user's error (as Click's own usage errors)."""


def one_line(text: str) -> str:
    """Return ``text`` on one line: its lines stripped and joined by spaces."""
    return " ".join(line.strip() for line in text.splitlines() if line.strip())


def os_error_text(error: OSError) -> str:
    """Return what the system refused and why, e.g. ``runs/x: Not a directory``."""
    reason = error.strerror or str(error)
    if error.filename is None:
        return reason
    return f"{error.filename}: {reason}"


def fail(message: str, code: int = USAGE_EXIT) -> NoReturn:
    """Print ``error: <message>`` as one line on stderr and end the command with ``code``."""
    typer.echo(f"error: {one_line(message)}", err=True)
    raise typer.Exit(code)


def _usage_text(error: typer.TyperException) -> str:
    """Return a usage error's message, with the command's help option to look at."""
    message = one_line(error.format_message())
    command = getattr(getattr(error, "ctx", None), "command_path", None)
    return message if command is None else f"{message} (see '{command} --help')"


def _exit(code: object) -> NoReturn:
    """Leave with what a command in non-standalone mode returned (an exit code, or None)."""
    sys.exit(code if isinstance(code, int) else 0)


class OneLineErrors(TyperGroup):
    """The top command group: every user error ends in one line on stderr (see the module)."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; in standalone mode, report user errors in one line."""
        options = {
            "args": args,
            "prog_name": prog_name,
            "complete_var": complete_var,
            "windows_expand_args": windows_expand_args,
            **extra,
        }
        if not standalone_mode:
            return super().main(standalone_mode=False, **options)
        try:
            code = super().main(standalone_mode=False, **options)
        except typer.TyperException as error:  # Click's errors, as Typer carries them
            if type(error).__name__ != "NoArgsIsHelpError":  # that one printed the help
                typer.echo(f"error: {_usage_text(error)}", err=True)
            sys.exit(error.exit_code)
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            sys.exit(1)
        except OSError as error:
            typer.echo(f"error: {os_error_text(error)}", err=True)
            sys.exit(USAGE_EXIT)
        _exit(code)
