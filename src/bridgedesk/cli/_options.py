"""The options several commands share, each declared once: its flag, type, range and help.

A command declares ``db: DbOption = None`` instead of writing the option out, so one
option reads and is checked the same in every command that takes it.  The store's
(``--db``, ``--by``, ``--section``, ``--session``, the EVENT argument), an audited
change's ``--reason``, a slip's place (``--round``, ``--table``, ``--board``) and
contents (``--lead``, ``--adjusted``), a team match's (``--home``, ``--away``,
``--team``), and what is printed (``--format``, ``--json``, ``--out``; the language's,
``--lang``, is :mod:`bridgedesk.cli._lang`'s).
Output formats are :class:`bridgedesk.reports.output.Output`'s; a command that
writes only some of them takes ``--format`` as text and reads it with
:func:`output_choice`.  A command whose option means something of its own there
(``--board`` "the fouled board") declares it itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.bridge import Side
from bridgedesk.bridge.methods import Method
from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.i18n import phrase
from bridgedesk.reports.output import Output

__all__ = [
    "AdjustedOption",
    "AwayOption",
    "BoardOption",
    "ByOption",
    "CorrectedAdjustedOption",
    "CorrectedLeadOption",
    "DbOption",
    "DirectorOption",
    "EventArg",
    "FormatOption",
    "HomeOption",
    "InputEncodingOption",
    "JsonOption",
    "LastRoundOption",
    "LeadOption",
    "OutDirOption",
    "ReasonOption",
    "RoundOption",
    "ScoringOption",
    "SectionOption",
    "SessionOption",
    "TableOption",
    "TeamOption",
    "TextOrJsonOption",
    "VpScaleOption",
    "output_choice",
    "pair_name",
]

# --- the store ---------------------------------------------------------------------

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="SQLite file or database URL (postgresql://...). Default: $BRIDGEDESK_DB, "
        "else bridgedesk.sqlite3 in your data directory.",
        show_default=False,
    ),
]
ByOption = Annotated[
    str | None,
    typer.Option("--by", help="Who makes the change (for the audit log). Default: your login."),
]
EventArg = Annotated[str, typer.Argument(help="The event: its id or its name.", show_default=False)]
SectionOption = Annotated[str, typer.Option("--section", help="Section name.")]
SessionOption = Annotated[
    int, typer.Option("--session", min=1, max=limit.SESSIONS, help="Session number.")
]
ReasonOption = Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")]
DirectorOption = Annotated[bool, typer.Option("--director", help="Act as the director.")]

# --- a slip and a match ------------------------------------------------------------

RoundOption = Annotated[
    int, typer.Option("--round", min=1, max=limit.ROUNDS, help="Round.", show_default=False)
]
TableOption = Annotated[
    int, typer.Option("--table", min=1, max=limit.TABLES, help="Table.", show_default=False)
]
BoardOption = Annotated[
    int, typer.Option("--board", min=1, max=limit.BOARDS, help="Board.", show_default=False)
]
LeadOption = Annotated[str | None, typer.Option("--lead", help="Opening lead, e.g. HA.")]
AdjustedOption = Annotated[
    str | None, typer.Option("--adjusted", help="Artificial score NS/EW, e.g. A+/A-.")
]
CorrectedLeadOption = Annotated[str | None, typer.Option("--lead", help="Corrected lead.")]
CorrectedAdjustedOption = Annotated[
    str | None, typer.Option("--adjusted", help="Replace by an artificial score, e.g. A+/A-.")
]
HomeOption = Annotated[
    int, typer.Option("--home", min=1, max=limit.ENTRY_NUMBER, help="Home team.")
]
AwayOption = Annotated[
    int, typer.Option("--away", min=1, max=limit.ENTRY_NUMBER, help="Away team.")
]
TeamOption = Annotated[
    int, typer.Option("--team", min=1, max=limit.ENTRY_NUMBER, help="Team number.")
]

# --- an event's rules -------------------------------------------------------------

ScoringOption = Annotated[
    str | None,
    typer.Option(
        "--scoring",
        help="Scoring method: pairs and individuals "
        + ", ".join(m.value for m in Method.pairs())
        + "; teams "
        + ", ".join(m.value for m in Method.teams())
        + ".",
    ),
]
VpScaleOption = Annotated[
    str | None,
    typer.Option("--vp-scale", help="A VP scale name (wbf2013, wbf25, 29-0 ...) or a scale file."),
]
LastRoundOption = Annotated[
    bool, typer.Option("--last-round", help="Swiss teams: the last round (ranked on the previous).")
]

# --- files read and what is printed -------------------------------------------------


FormatOption = Annotated[
    Output, typer.Option("--format", help="text, html, csv, json, pbn or usebio.")
]
TextOrJsonOption = Annotated[str, typer.Option("--format", help="text or json.")]
InputEncodingOption = Annotated[
    str | None,
    typer.Option(
        "--encoding",
        help="Text encoding of the file read (default: told from its bytes: UTF-8, "
        "Shift_JIS or Latin-1).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
OutDirOption = Annotated[
    Path | None,
    typer.Option("--out", help="Directory to write into (html needs it; default ./results)."),
]


def output_choice(text: str, *allowed: Output) -> Output:
    """``--format TEXT`` of a command that writes only ``allowed`` of the formats."""
    for choice in allowed:
        if text == choice.value:
            return choice
    names = [choice.value for choice in allowed]
    listed: str = names[0]
    if len(names) > 1:
        listed = phrase("{names} or {last}", names=", ".join(names[:-1]), last=names[-1])
    raise BridgedeskError(
        "unknown format {text!r}; choose {listed}",
        code="output.unknown-format",
        text=text,
        listed=listed,
    )


def pair_name(text: str, option: str = "--pair") -> tuple[Side | None, int]:
    """A pair as a director names it: ``7``, or ``NS 3`` / ``EW 1`` (``EW1``, ``ew 1``)
    where a Mitchell numbers its fields apart (:meth:`PairNumbers.named
    <bridgedesk.events.pair_numbers.PairNumbers.named>` finds the stored pair)."""
    words = text.strip().upper()
    side = None
    for candidate in Side:
        if words.startswith(candidate.value):
            side, words = candidate, words[len(candidate.value) :].strip()
            break
    if not (words.isascii() and words.isdigit()) or len(words) > 6 or int(words) < 1:
        raise EntryError(
            "{option} {text!r} is not a pair: give its number, or NS 3 / EW 1",
            Location(input=option.lstrip("-")),
            code="option.not-a-pair",
            option=option,
            text=text,
        )
    return side, int(words)
