"""``bridgedesk calc``: the director's calculator.

Score a contract result, convert a point difference to IMPs and an IMP margin to
VPs, and look up a board's dealer and vulnerability.  Every command prints a
readable table, or one JSON object with ``--json``.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from bridgedesk import limits as limit
from bridgedesk.bridge import (
    BoardInfo,
    Contract,
    Seat,
    Vulnerability,
    board_vulnerability,
    check_tricks,
    format_result,
    get_scale,
    imp_range,
    imps,
    parse_result,
    score_ns,
)
from bridgedesk.cli._options import JsonOption
from bridgedesk.cli.calc_demo import command
from bridgedesk.errors import BoardNumberError, ContractError, ParseError
from bridgedesk.i18n import phrase

#: Lets a negative number ("-2", "-430") be given as a positional argument.
_NEGATIVE_OK = {"ignore_unknown_options": True}

app = typer.Typer(
    name="calc",
    help="Calculator: contract scores, IMPs, VPs and board vulnerability.",
    no_args_is_help=True,
    add_completion=False,
)


def _emit_json(data: dict[str, Any]) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False))


def _number(value: Decimal) -> int | float:
    """A VP value for JSON: an int when whole, else the 2-decimal float."""
    return int(value) if value == value.to_integral_value() else float(value)


def _console() -> Any:
    return Console(highlight=False, soft_wrap=True)


def _whole(text: str, what: str) -> int:
    try:
        return int(text.strip().replace("−", "-"))
    except ValueError:
        raise ParseError(
            "{what} must be a whole number, got {text!r}",
            code="calc.not-whole",
            what=what,
            text=text,
        ) from None


@app.command(context_settings=_NEGATIVE_OK)
def score(
    contract: Annotated[str, typer.Argument(help="The contract: 4S, 4SX, 3NT, 6NTXX or PASS.")],
    declarer: Annotated[
        str | None, typer.Argument(help="Declarer: N, E, S or W (not needed for PASS).")
    ] = None,
    result: Annotated[
        str | None,
        typer.Argument(help="The result: =, +N or -N (or give --tricks).", show_default=False),
    ] = None,
    tricks: Annotated[
        int | None, typer.Option("--tricks", min=0, max=13, help="Tricks declarer took, 0-13.")
    ] = None,
    board: Annotated[
        int | None,
        typer.Option(
            "--board", min=1, max=limit.BOARDS, help="Board number (gives the vulnerability)."
        ),
    ] = None,
    vul: Annotated[
        str | None, typer.Option("--vul", help="Vulnerability: none, ns, ew or all.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Score one contract result, from both sides' point of view.

    Example: bridgedesk calc score 4SX S -2 --vul ns
    """
    parsed = Contract.parse(contract)
    if (board is None) == (vul is None):
        raise ParseError(
            "give exactly one of --board N or --vul none|ns|ew|all", code="calc.board-or-vul"
        )
    vulnerability = (
        board_vulnerability(board) if board is not None else Vulnerability.parse(str(vul))
    )
    if parsed.is_pass:
        if declarer is not None or result is not None or tricks is not None:
            raise ContractError(
                "a passed-out board has no declarer and no result", code="calc.passed-out"
            )
        seat = None
        taken = None
        ns = 0
        vulnerable = False
    else:
        if declarer is None:
            raise ContractError(
                "contract {parsed} needs a declarer: N, E, S or W",
                code="calc.needs-declarer",
                parsed=parsed,
            )
        seat = Seat.parse(declarer)
        if (result is None) == (tricks is None):
            raise ContractError(
                "give the result as =, +N or -N, or as --tricks N (not both)",
                code="calc.result-twice",
            )
        taken = check_tricks(tricks) if tricks is not None else parse_result(str(result), parsed)
        ns = score_ns(parsed, seat, taken, vulnerability)
        vulnerable = vulnerability.is_vulnerable(seat)
    if as_json:
        _emit_json(
            {
                "contract": str(parsed),
                "declarer": None if seat is None else seat.value,
                "tricks": taken,
                "vulnerable": vulnerable,
                "score_ns": ns,
                "score_ew": -ns,
            }
        )
        return

    where = f"Board {board}, " if board is not None else ""
    title = f"{where}vulnerability {vulnerability}"
    table = Table(title=title, title_justify="left")
    for name in ("Contract", "By", "Result", "Tricks", "Declarer", "NS", "EW"):
        table.add_column(name, justify="right" if name in ("Tricks", "NS", "EW") else "left")
    if seat is None or taken is None:
        table.add_row("PASS", "", "", "", "", "0", "0")
    else:
        table.add_row(
            str(parsed),
            seat.value,
            format_result(parsed, taken),
            str(taken),
            "vulnerable" if vulnerable else "not vulnerable",
            f"{ns:+d}" if ns else "0",
            f"{-ns:+d}" if ns else "0",
        )
    _console().print(table)


@app.command(name="imps", context_settings=_NEGATIVE_OK)
def imps_command(
    points: Annotated[str, typer.Argument(help="A point difference, e.g. 430 or -250.")],
    as_json: JsonOption = False,
) -> None:
    """Convert a point difference into IMPs (the sign follows the points)."""
    value = _whole(points, phrase("the point difference"))
    result = imps(value)
    if as_json:
        _emit_json({"points": value, "imps": result})
        return
    low, high = imp_range(abs(result))
    span = f"{low}-{high}" if high is not None else f"{low} or more"
    _console().print(f"{value:+d} points = [bold]{result:+d} IMPs[/bold] ({span} points)")


@app.command(context_settings=_NEGATIVE_OK)
def vp(
    margin: Annotated[str, typer.Argument(help="The IMP margin (total points for the bam scale).")],
    boards: Annotated[
        int, typer.Option("--boards", min=1, max=limit.MATCH_BOARDS, help="Boards in the match.")
    ],
    scale: Annotated[
        str,
        typer.Option("--scale", help="wbf2013, wbf25, 29-0, bam, or a .json scale file."),
    ] = "wbf2013",
    as_json: JsonOption = False,
) -> None:
    """Convert a match margin into victory points: the winner's first."""
    value = _whole(margin, phrase("the margin"))
    chosen = get_scale(scale)
    winner, loser = chosen.vp(abs(value), boards)
    if as_json:
        _emit_json(
            {
                "imps": value,
                "boards": boards,
                "scale": chosen.name,
                "vp": [_number(winner), _number(loser)],
            }
        )
        return
    unit = "IMPs" if chosen.margin == "imps" else "points"
    console = _console()
    console.print(
        f"{abs(value)} {unit} over {boards} boards on {chosen.title}: "
        f"[bold]{winner} - {loser}[/bold] VPs"
    )


@app.command(context_settings=_NEGATIVE_OK)
def board(
    number: Annotated[str, typer.Argument(help="The board number (1 or more).")],
    as_json: JsonOption = False,
) -> None:
    """Show a board's dealer and vulnerability."""
    value = _whole(number, phrase("the board number"))
    if value < 1:
        raise BoardNumberError(
            "board number must be 1 or more, got {value}", code="calc.board-number", value=value
        )
    info = BoardInfo.of(value)
    if as_json:
        _emit_json(
            {
                "board": info.number,
                "dealer": info.dealer.value,
                "vulnerability": str(info.vulnerability),
            }
        )
        return
    vul_text = {
        Vulnerability.NONE: "nobody vulnerable",
        Vulnerability.NS: "North-South vulnerable",
        Vulnerability.EW: "East-West vulnerable",
        Vulnerability.BOTH: "both sides vulnerable",
    }[info.vulnerability]
    _console().print(f"Board {info.number}: dealer [bold]{info.dealer.english}[/bold], {vul_text}")


@app.command(name="demo")
def demo() -> None:
    """Demonstrate the calculator: a traveller, a team match in IMPs, and its VPs."""

    command()
