"""What a movement check reports: a :class:`Problem`, an error or a warning.

:mod:`~bridgedesk.movements.validate` and the checks beside it
(:mod:`~bridgedesk.movements.team_checks`, the session and individual checks) all
return lists of them; nothing here raises.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgedesk.errors import Location

__all__ = ["ERROR", "WARNING", "Problem", "errors"]

ERROR = "error"
WARNING = "warning"


ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a movement: a code, a readable message and where."""

    code: str
    message: str
    severity: str = ERROR
    where: Location = field(default_factory=Location)

    def __str__(self) -> str:
        prefix = f"{self.where}: " if self.where else ""
        return f"{self.severity}: {prefix}{self.message} [{self.code}]"


def errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == ERROR]
