"""Tournament formats as plugins: the :class:`Format` contract and the registry of installed ones.

Round-robin (and double round-robin), gauntlet, knockout and Swiss are the built-in formats;
they register in the ``ruckus.formats`` entry-point group as any format's package does
(docs/formats.md).
"""

from __future__ import annotations

from tournaments.formats.base import (
    Format,
    FormatContext,
    FormatOptions,
    FormatView,
    KnownTotal,
    OptionField,
    Series,
    Tournament,
    UpFrontFormat,
    options_of,
)
from tournaments.formats.registry import UnknownFormat, format_names, get_format, load_problems

__all__ = [
    "Format",
    "FormatContext",
    "FormatOptions",
    "FormatView",
    "KnownTotal",
    "OptionField",
    "Series",
    "Tournament",
    "UnknownFormat",
    "UpFrontFormat",
    "format_names",
    "get_format",
    "load_problems",
    "options_of",
]
