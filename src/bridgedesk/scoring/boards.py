"""Scoring the boards of a session: one board by its method, or a whole field at once.

:func:`score_board` dispatches one board to its method (matchpoints, cross-IMP,
Butler, total points).  :func:`score_boards` scores every board of a session,
by the exact engine board by board, or -- for a big field scored by
matchpoints with Neuberg factoring or by classic cross-IMPs -- by the
vectorised engine (:mod:`bridgedesk.scoring.fast`), which gives the same exact
values (``tests/scoring/test_engines.py`` compares the two on random fields)
from NumPy arrays.  Boards the vectorised engine does not handle (weighted
scores, split scores, fouled boards) go board by board in the same call.

:data:`FAST_FROM` is the field size (results in the session) from which
:attr:`Engine.AUTO` takes the vectorised engine; ``bench/score_scale.py``
measures both engines and prints where they cross.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import ScoringError
from bridgedesk.scoring.imp_pairs import butler_board, cross_imp_board, total_points_board
from bridgedesk.scoring.matchpoints import FouledMethod, Missing, matchpoint_board
from bridgedesk.scoring.results import Board, ScoredBoard

#: Results in a session from which the vectorised engine scores it.  Measured by
#: ``bench/score_scale.py`` (CPU time, 2 cores): the exact engine takes about 31 us
#: a result, the vectorised one 5 us, and importing NumPy about 0.1 s, which a
#: session of fewer than ~4,000 results (330 pairs on 24 boards) does not earn back.
FAST_FROM = 4_000


class Engine(Enum):
    """Which engine scores a session's boards: by size, always exact, or always vectorised."""

    AUTO = "auto"
    EXACT = "exact"
    FAST = "fast"


class BoardMemo:
    """Boards already checked and scored, each kept by its number with the board it was
    scored from and the settings it was scored with.

    A live ranking scores its section again after every new result, but only the
    board that result is on has changed: given the same board (the same value,
    usually the same object) and the same settings, :func:`score_boards` and
    :func:`~bridgedesk.scoring.session.score_session` take its scored board and
    its check from here instead of doing them again.  Scoring is a pure function
    of the board and the settings, so what comes back is what scoring it again
    would give; a board whose results changed (a new, corrected or deleted
    result) is a different value and is scored anew.
    """

    def __init__(self) -> None:
        self._boards: dict[int, tuple[Board, dict[Any, ScoredBoard], set[bool]]] = {}

    def _entry(self, board: Board) -> tuple[Board, dict[Any, ScoredBoard], set[bool]]:
        found = self._boards.get(board.number)
        if found is None or not (found[0] is board or found[0] == board):
            found = self._boards[board.number] = (board, {}, set())
        return found

    def check(self, board: Board, two_field: bool) -> None:
        """:meth:`Board.check`, once per board and field shape."""
        checked = self._entry(board)[2]
        if two_field not in checked:
            board.check(two_field=two_field)
            checked.add(two_field)

    def scored(self, board: Board, settings: Any, score: Callable[[], ScoredBoard]) -> ScoredBoard:
        """The board scored with ``settings`` (``score()`` the first time)."""
        known = self._entry(board)[1]
        found = known.get(settings)
        if found is None:
            found = known[settings] = score()
        return found

    def keep(self, numbers: set[int]) -> None:
        """Forget the boards not among ``numbers`` (gone from the section)."""
        for n in set(self._boards) - numbers:
            del self._boards[n]


def score_board(
    board: Board,
    method: Method,
    *,
    missing: Missing = Missing.NEUBERG,
    fouled: FouledMethod = FouledMethod.FORMULA,
    butler_drop: int = 1,
    scores: int | None = None,
    scale: int = 1,
    played_only: bool = False,
    per_comparison: bool = False,
) -> ScoredBoard:
    """Score one board by ``method`` (matchpoint adjustments left unresolved).

    ``played_only``: matchpoints over the played results only (an artificial
    score left out of the field); ``per_comparison``: cross-IMPs averaged over
    the comparisons (see :mod:`bridgedesk.scoring.options`).
    """
    if not method.is_pairs:
        raise ScoringError(
            "{method} is a team method: a pairs session is scored by mp, ximp, butler or total",
            code="scoring.team-method-for-pairs",
            method=method,
        )
    if method is Method.MP:
        return matchpoint_board(board, missing=missing, fouled=fouled, scores=scores, scale=scale,
                                played_only=played_only)  # fmt: skip
    if method is Method.XIMP:
        return cross_imp_board(board, scores=scores, per_comparison=per_comparison)
    if method is Method.TOTAL:
        return total_points_board(board, scores=scores)
    return butler_board(board, drop=butler_drop, scores=scores)


def score_boards(
    boards: Sequence[Board],
    method: Method,
    *,
    missing: Missing = Missing.NEUBERG,
    fouled: FouledMethod = FouledMethod.FORMULA,
    butler_drop: int = 1,
    scores: int | None = None,
    scale: int = 1,
    played_only: bool = False,
    per_comparison: bool = False,
    engine: Engine = Engine.AUTO,
    memo: BoardMemo | None = None,
) -> list[ScoredBoard]:
    """Score every board of a session (in order), by ``engine``.

    The vectorised engine serves matchpoints with Neuberg factoring and
    classic cross-IMPs (``played_only`` and ``per_comparison`` off); asked for
    anything else, :attr:`Engine.FAST` is refused and :attr:`Engine.AUTO`
    scores exactly.  With ``memo``, each board scored before with the same settings
    is taken from it (:class:`BoardMemo`) and the others are scored exactly.
    """
    if memo is not None:
        settings = (method, missing, fouled, butler_drop, scores, scale, played_only,
                    per_comparison)  # fmt: skip
        return [
            memo.scored(b, settings, lambda b=b: score_board(  # type: ignore[misc]
                b, method, missing=missing, fouled=fouled, butler_drop=butler_drop,
                scores=scores, scale=scale, played_only=played_only,
                per_comparison=per_comparison))
            for b in boards
        ]  # fmt: skip
    vectorised = method is Method.XIMP or (method is Method.MP and missing is Missing.NEUBERG)
    vectorised = vectorised and not (played_only or per_comparison)
    if engine is Engine.FAST and not vectorised:
        raise ScoringError(
            "the vectorised engine scores matchpoints with Neuberg factoring and "
            "classic cross-IMPs only",
            code="fast.methods",
        )
    size = sum(len(b.results) for b in boards)
    if engine is Engine.EXACT or not vectorised or (engine is Engine.AUTO and size < FAST_FROM):
        return [
            score_board(b, method, missing=missing, fouled=fouled, butler_drop=butler_drop,
                        scores=scores, scale=scale, played_only=played_only,
                        per_comparison=per_comparison)
            for b in boards
        ]  # fmt: skip
    from bridgedesk.scoring import fast  # NumPy: only for a big field (about 0.15 s to import)

    plain = [i for i, b in enumerate(boards) if fast.is_plain(b)]
    scored = fast.scored_boards([boards[i] for i in plain], method, scores=scores, scale=scale)
    done = dict(zip(plain, scored, strict=True))
    return [
        done[i] if i in done
        else score_board(b, method, missing=missing, fouled=fouled, butler_drop=butler_drop,
                         scores=scores, scale=scale)
        for i, b in enumerate(boards)
    ]  # fmt: skip


__all__ = ["FAST_FROM", "BoardMemo", "Engine", "score_board", "score_boards"]
