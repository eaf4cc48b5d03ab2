"""The choices of ``bridgedesk score``'s options, shared by the command and its run."""

from __future__ import annotations

import enum


class MissingOpt(enum.StrEnum):
    neuberg = "neuberg"
    half = "half"


class FouledOpt(enum.StrEnum):
    formula = "formula"
    simple = "simple"


class FormatOpt(enum.StrEnum):
    text = "text"
    json = "json"
    pbn = "pbn"
    usebio = "usebio"
    csv = "csv"
    html = "html"


class RoundsOpt(enum.StrEnum):
    barometer = "barometer"
    swiss_mp = "swiss-mp"
    swiss_imp = "swiss-imp"


class SectionsOpt(enum.StrEnum):
    one_field = "one-field"
    each = "each"
