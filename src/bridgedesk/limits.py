"""The largest sizes and numbers bridgedesk accepts, at every door.

Every whole number given to bridgedesk has a range: the command line's options
(typer refuses anything outside it in one line, before any work is done), the
web app's forms and JSON bodies (:mod:`bridgedesk.web.bodies`) and the entries
and slips any door stores, so nothing reaches the store beyond SQLite's 64 bits
and no size starts work that cannot finish.  The limits are generous for real
tournaments: the largest JCBL events run a few hundred tables over a few days
in several sections (004), and a movement section has at most a few dozen
tables (004:3048-3066 lists up to 32 pairs a Howell, Mitchells beyond that).
Like :mod:`bridgedesk.errors` and :mod:`bridgedesk.reading`, this module sits
beside the layers and may be imported from any of them.
"""

from __future__ import annotations

#: Board numbers (``--board``, ``--first``) and board counts (``--boards``).
BOARDS = 999
#: Boards in one match for a VP conversion (the WBF 2013 scale is for any count).
MATCH_BOARDS = 256
#: Tables in one section's movement.
TABLES = 60
#: Pairs in one section's movement.
PAIRS = 2 * TABLES
#: Rounds of one session.
ROUNDS = 2 * TABLES
#: Boards played in one round.
BOARDS_PER_ROUND = 12
#: Teams of a team movement or Swiss (an AWL is built for up to 51 teams).
TEAMS = 2 * TABLES
#: Boards of a practice session (each is played in two rooms by the computer).
PRACTICE_BOARDS = 64
#: Players of an individual movement.
PLAYERS = 4 * TABLES
#: Sessions of an event.
SESSIONS = 12
#: Pair, team and player numbers in a section (an EW offset doubles the range).
ENTRY_NUMBER = 9999
#: Row ids of the store (results, corrections): SQLite's 64-bit integers.
ROW_ID = 2**63 - 1
#: Minutes a session may last (one day).
MINUTES = 24 * 60
#: Worker processes for double-dummy solving.
WORKERS = 256
#: Rows written in one transaction by an import.
BATCH = 100_000
#: Seeds of the random generators (any 64-bit number).
SEED = 2**63 - 1
#: Scores dropped at each end of a Butler datum; boards of a carry-over cap.
SMALL_COUNT = 100
#: Competitors (pairs, teams, players) of one event's field, as the masterpoint
#: scales count them (a simultaneous event may run above a thousand pairs).
COMPETITORS = 100_000
#: Boards ``deals analyse`` solves in one run when asked to (``--max-boards``).
ANALYSED_BOARDS = 1_000_000
