"""Building a movement by family name, as the command line asks for it."""

from __future__ import annotations

from dataclasses import replace

from bridgedesk.errors import MovementError
from bridgedesk.movements import howell, mitchell, rover, team_of_pairs
from bridgedesk.movements.interwoven import cyclic_appendix_mitchell, two_sessions
from bridgedesk.movements.model import Movement
from bridgedesk.movements.sessions import two_session_sheet

#: kind -> one-line description, in the order ``movement show --help`` lists them.
KINDS: dict[str, str] = {
    "howell": "complete Howell, 3-16 tables (phantom for odd pairs)",
    "appendix-howell": "Howell with A/B (appendix) tables: --pairs beyond the base Howell",
    "three-quarter-howell": "Howell of fewer rounds (T to 2T-2), some pairs stay",
    "short-howell": "the same as three-quarter-howell (the seed's name for ~22 boards)",
    "mitchell": "straight Mitchell, odd tables; with odd --pairs a rover (or phantom)",
    "skip-mitchell": "skip Mitchell, even tables",
    "relay-mitchell": "relay-and-bye Mitchell, even tables",
    "rover-mitchell": "Mitchell with a rover pair, odd pairs",
    "appendix-mitchell": "appendix Mitchell (7/11/13 rounds, or any); 1.5-table for odd pairs",
    "scrambled-mitchell": "arrow-switch Mitchell scored as one field",
    "web-mitchell": "Web movement, even tables (16-22), two copies of the boards",
    "interwoven-howell": "second-session interwoven Howell (JCBL 8/9-table sheets, others built)",
    "team-of-pairs": "team of pairs, 4 or 5 pairs",
}


def _tables(tables: int | None, pairs: int | None) -> int:
    if tables is not None:
        return tables
    assert pairs is not None
    return (pairs + 1) // 2


def build(
    kind: str,
    *,
    tables: int | None = None,
    pairs: int | None = None,
    rounds: int | None = None,
    boards_per_round: int | None = None,
    base: str | None = None,
) -> Movement:
    """The movement of family ``kind`` for ``tables`` tables or ``pairs`` pairs.

    ``base`` chooses a rover Mitchell's base movement (straight, skip or relay).
    """

    if kind not in KINDS:
        raise MovementError(
            "unknown movement kind {kind!r}; choose one of {kinds}",
            code="movement.unknown-kind",
            kind=kind,
            kinds=", ".join(KINDS),
        )
    if (tables is None) == (pairs is None):
        raise MovementError("give either --tables or --pairs", code="movement.tables-or-pairs")
    for name, value in (("tables", tables), ("pairs", pairs)):
        if value is not None and value < 1:
            raise MovementError(
                "--{name} must be at least 1, not {given}",
                code="movement.option-at-least-1",
                name=name,
                given=value,
            )
    bpr_default = 2 if "howell" in kind else 3
    bpr = boards_per_round if boards_per_round is not None else bpr_default
    if kind in ("howell", "three-quarter-howell", "short-howell"):
        t = _tables(tables, pairs)
        full = 2 * t - 1
        if rounds is None or rounds == full:
            if kind != "howell" and rounds is None:
                raise MovementError(
                    "{kind} needs --rounds, from {tables} to {most_rounds} for {tables} tables",
                    code="movement.needs-rounds",
                    kind=kind,
                    tables=t,
                    most_rounds=full - 1,
                )
            return howell.complete_howell(tables, pairs=pairs, boards_per_round=bpr)
        return howell.short_howell(tables, pairs=pairs, rounds=rounds, boards_per_round=bpr)
    if kind == "appendix-howell":
        if pairs is None:
            assert tables is not None
            pairs = 2 * tables
        return howell.appendix_for_pairs(pairs, boards_per_round=bpr, rounds=rounds)
    if kind == "interwoven-howell":
        return _interwoven(_tables(tables, pairs), rounds, boards_per_round)
    if kind == "team-of-pairs":
        if pairs is None:
            raise MovementError(
                "team-of-pairs needs --pairs 4 or --pairs 5", code="movement.team-of-pairs-pairs"
            )
        return team_of_pairs.team_of_pairs(pairs, boards_per_round=boards_per_round or 7)
    if kind in ("rover-mitchell", "appendix-mitchell"):
        if pairs is None and kind == "appendix-mitchell":
            assert tables is not None
            return _appendix_mitchell(tables, rounds, bpr)
        if pairs is None:
            raise MovementError(
                "{kind} needs --pairs (an odd number)", code="movement.needs-odd-pairs", kind=kind
            )
        if kind == "rover-mitchell":
            return rover.rover_mitchell(pairs, rounds=rounds, boards_per_round=bpr, base=base)
        if pairs % 2 == 0:
            return _appendix_mitchell(pairs // 2, rounds, bpr)
        return mitchell.one_and_half_appendix(pairs, rounds=rounds, boards_per_round=bpr)
    t = _tables(tables, pairs)
    if kind == "web-mitchell":
        m = mitchell.web_mitchell(
            t, rounds=rounds if rounds is not None else 13, boards_per_round=boards_per_round or 2
        )
        return mitchell.with_ns_phantom(m) if pairs is not None and pairs % 2 else m
    if kind == "scrambled-mitchell":
        return mitchell.scrambled_mitchell(
            t, rounds=rounds, boards_per_round=bpr, relay=t % 2 == 0 and rounds == t
        )
    if kind == "mitchell" and pairs is not None and pairs % 2:
        return _odd_mitchell(pairs, rounds, bpr)
    if kind == "mitchell":
        return mitchell.even_mitchell(t, rounds=rounds, boards_per_round=bpr)
    if kind == "skip-mitchell":
        m = mitchell.skip_mitchell(t, rounds=rounds, boards_per_round=bpr)
    else:
        m = mitchell.relay_mitchell(t, rounds=rounds, boards_per_round=bpr)
    if pairs is not None and pairs % 2:
        m = mitchell.with_ns_phantom(m)
    return m


def _appendix_mitchell(tables: int, rounds: int | None, bpr: int) -> Movement:
    """The appendix Mitchell (Fig 12) for ``tables`` tables: 7, 11 or 13 rounds (004:1060)."""

    choices = [b for b in (7, 11, 13) if b < tables <= 2 * b - 2]
    if rounds is not None and rounds not in choices:
        # 8, 9, 12 rounds and the like (the two-session list, 004:2117-2170)

        if not rounds < tables <= 2 * rounds - 2:
            if choices:
                raise MovementError(
                    "an appendix Mitchell of {rounds} rounds needs {least_tables} to "
                    "{most_tables} tables, not {tables}; for {tables} tables play {choices} "
                    "rounds",
                    code="movement.appendix-mitchell-rounds-choices",
                    rounds=rounds,
                    least_tables=rounds + 1,
                    most_tables=2 * rounds - 2,
                    tables=tables,
                    choices=" or ".join(map(str, choices)),
                )
            raise MovementError(
                "an appendix Mitchell of {rounds} rounds needs {least_tables} to "
                "{most_tables} tables, not {tables}",
                code="movement.appendix-mitchell-rounds",
                rounds=rounds,
                least_tables=rounds + 1,
                most_tables=2 * rounds - 2,
                tables=tables,
            )
        return cyclic_appendix_mitchell(tables, rounds, boards_per_round=bpr)
    if rounds is not None:
        base = rounds
    elif choices:
        base = choices[-1]
    else:
        raise MovementError(
            "an appendix Mitchell needs 8 to 24 tables (7, 11 or 13 base tables), not {tables}",
            code="movement.appendix-mitchell-tables",
            tables=tables,
        )
    return mitchell.appendix_mitchell(base, tables - base, boards_per_round=bpr)


def _odd_mitchell(pairs: int, rounds: int | None, bpr: int) -> Movement:
    """An odd number of pairs: the rover (004:1097) where it works, else the phantom."""

    try:
        m = rover.rover_mitchell(pairs, rounds=rounds, boards_per_round=bpr)
        return replace(m, notes=(*m.notes, f"{pairs} pairs: rover arrangement (004:1092-1107)"))
    except MovementError as exc:
        tables = (pairs + 1) // 2
        m = mitchell.with_ns_phantom(
            mitchell.even_mitchell(tables, rounds=rounds, boards_per_round=bpr)
        )
        return replace(
            m,
            notes=(
                *m.notes,
                f"{pairs} pairs: phantom arrangement (004:1088), because {exc.message}",
            ),
        )


def _interwoven(tables: int, rounds: int | None, boards_per_round: int | None) -> Movement:
    """The second session of the two-session method for ``tables`` tables (004:2178-2267).

    The seed's own sheets are used for 8 tables (7 rounds) and 9 tables (9
    rounds); any other size is built against the first session the
    two-session list pairs it with: an appendix Mitchell of as many rounds
    when there are more tables than rounds, else a scrambled Mitchell.
    """

    sheets = {8: 7, 9: 9}
    if tables in sheets and rounds in (None, sheets[tables]):
        return two_session_sheet(
            f"{tables}-interwoven-howell", boards_per_round=boards_per_round or 3
        )
    if rounds is None:
        raise MovementError(
            "an interwoven Howell for {tables} tables needs --rounds ({least_rounds} "
            "to {tables}; the two-session list uses 7-9 or 11-13)",
            code="movement.interwoven-needs-rounds",
            tables=tables,
            least_rounds=tables // 2 + 1,
        )
    first_kind = "AM" if rounds < tables else "SM"
    bpr = boards_per_round or (3 if rounds <= 9 else 2)
    _, second = two_sessions(tables, first_kind, rounds, rounds, boards_per_round=bpr)
    what = "appendix" if first_kind == "AM" else "scrambled"
    return replace(
        second,
        notes=(
            *second.notes,
            f"nobody meets a first-session opponent again when the first session is the "
            f"{rounds}-round {what} Mitchell built with it (movement two-session)",
        ),
    )
