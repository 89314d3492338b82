"""Small JSON patches: what a seat saw, written as its difference from what a spectator saw.

The HTML replay embeds every seat's view of every frame. A seat's observation differs from the
spectator's only in what the seat may know (its hand, its hidden tokens), so each is kept as a
patch against the spectator's, which makes the seats' views cost about a tenth of the page
instead of once more the page per seat. The viewer applies them (``applyPatch`` in
``viewer.html``). A patch is ``None`` (no change), ``{"=": value}`` (this value instead),
``{"d": {key: patch}, "x": [keys removed]}`` (an object, key by key) or
``{"l": {"index": patch}}`` (a list of the same length, item by item).
"""

from __future__ import annotations

from typing import Any

JsonValue = Any


def json_patch(base: JsonValue, target: JsonValue) -> JsonValue:
    """Return the patch that turns ``base`` into ``target`` (None when they are equal)."""
    if base == target:
        return None
    if isinstance(base, dict) and isinstance(target, dict):
        changed = {
            key: json_patch(base[key], value) if key in base else {"=": value}
            for key, value in target.items()
            if key not in base or base[key] != value
        }
        removed = [key for key in base if key not in target]
        return {"d": changed, "x": removed} if removed else {"d": changed}
    if isinstance(base, list) and isinstance(target, list) and len(base) == len(target):
        return {
            "l": {
                str(index): json_patch(old, new)
                for index, (old, new) in enumerate(zip(base, target, strict=True))
                if old != new
            }
        }
    return {"=": target}
