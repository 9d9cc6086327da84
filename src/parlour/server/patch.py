"""Views sent as what changed: a view kept as its encoded parts, and the patch from one version's parts to the next.

A seat's view is encoded once per version as *parts*, one JSON text per top-level key. A client that has the
previous version is sent only the parts that differ (``view``), the items added at the end of a list part
(``append``: a log grows one event at a time) and the keys that went away (``gone``); a client without it, or one
for which the patch would be no smaller, gets the whole view. Comparing encoded texts, not objects, is cheap and
cannot be fooled by an engine that reuses or mutates its objects between versions.

>>> old = parts({"to_act": [0], "log": [{"type": "deal"}], "hand": ["7H", "KC"]})
>>> new = parts({"to_act": [1], "log": [{"type": "deal"}, {"type": "trail", "card": "7H"}], "hand": ["KC"]})
>>> change = diff(old, new)
>>> change.view, change.append, change.gone
({'to_act': '[1]', 'hand': '["KC"]'}, {'log': '[{"type":"trail","card":"7H"}]'}, [])
>>> whole(new)
'{"to_act":[1],"log":[{"type":"deal"},{"type":"trail","card":"7H"}],"hand":["KC"]}'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import orjson

#: A view as its top-level keys, each with its value encoded as JSON text (in the view's key order).
Parts = dict[str, str]


def encode(value: Any) -> str:
    """``value`` as compact JSON text (orjson: several times faster than the standard library's encoder; the
    standard one for what orjson refuses, such as an integer beyond 64 bits).

    >>> encode({"a": [1, None, "é"], 2: 2 ** 70})
    '{"a":[1,null,"é"],"2":1180591620717411303424}'
    """
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def parts(view: dict[str, Any]) -> Parts:
    """The view's top-level values, each encoded on its own."""
    return {key: encode(value) for key, value in view.items()}


def whole(view: Parts) -> str:
    """The whole view as one JSON object, from its parts (the same text as encoding the view at once)."""
    return "{" + ",".join(f"{encode(key)}:{value}" for key, value in view.items()) + "}"


@dataclass
class Diff:
    """What changed from one version's parts to the next: replaced parts, items appended to list parts, and keys
    that went away. ``size``: its length in characters, about, to weigh against the whole view's."""

    view: Parts = field(default_factory=dict)
    append: Parts = field(default_factory=dict)
    gone: list[str] = field(default_factory=list)
    size: int = 0


def diff(old: Parts, new: Parts) -> Diff:
    """The change from ``old`` to ``new``.

    A list part whose old text is a prefix of its new one (up to the old closing bracket, then a comma) only grew at
    its end: its new items are sent alone. The prefix holds whole items at the top of the list, so the comma that
    follows it separates items there: the split can never fall inside an item.

    >>> d = diff(parts({"log": [[1]], "x": 1}), parts({"log": [[1], [2, 3]]}))
    >>> d.append, d.gone
    ({'log': '[[2,3]]'}, ['x'])
    >>> diff(parts({"n": [1, 2]}), parts({"n": [1, 23]})).view   # 23 is not 2 followed by more
    {'n': '[1,23]'}
    """
    change = Diff(gone=[key for key in old if key not in new])
    size = 0
    for key, text in new.items():
        before = old.get(key)
        if before == text:
            continue
        if (before is not None and len(before) > 2 and before[0] == "[" and len(text) > len(before)
                and text[len(before) - 1] == "," and text.startswith(before[:-1])):
            added = "[" + text[len(before):]
            change.append[key] = added
            size += len(key) + len(added) + 4
        else:
            change.view[key] = text
            size += len(key) + len(text) + 4
    change.size = size + sum(len(key) + 3 for key in change.gone)
    return change


def patch_fields(change: Diff) -> str:
    """The patch's view fields as JSON object members: ``"view": {...}``, and ``"append"``/``"gone"`` when any."""
    text = f'"view":{whole(change.view)}'
    if change.append:
        text += f',"append":{whole(change.append)}'
    if change.gone:
        text += f',"gone":{encode(change.gone)}'
    return text


def apply(state: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The ``state`` message that ``patch`` (a ``patch`` message made against ``state``'s version) stands for: what
    a client does with a patch (the browser's is in ``static/connection.js``). ``state`` is left unchanged.

    >>> state = {"type": "state", "version": 4, "seat": 0, "view": {"log": [1], "hand": ["7H"], "x": 0},
    ...          "table": {"actions": 4}, "deadline": None, "clock": None, "at": 1.0}
    >>> apply(state, {"type": "patch", "version": 5, "base": 4, "seat": 0, "view": {"hand": []},
    ...               "append": {"log": [2]}, "gone": ["x"], "deadline": None, "clock": None, "at": 2.0})
    {'type': 'state', 'version': 5, 'seat': 0, 'view': {'log': [1, 2], 'hand': []}, 'table': {'actions': 5}, \
'deadline': None, 'clock': None, 'at': 2.0}
    """
    if patch["base"] != state["version"]:
        raise ValueError(f"a patch against version {patch['base']} does not apply to version {state['version']}")
    view = {key: value for key, value in state["view"].items() if key not in patch.get("gone", ())}
    view.update(patch["view"])
    for key, items in patch.get("append", {}).items():
        view[key] = view[key] + items
    table = patch["table"] if "table" in patch else {**state["table"], "actions": patch["version"]}
    return {"type": "state", "version": patch["version"], "seat": patch["seat"], "view": view, "table": table,
            "deadline": patch["deadline"], "clock": patch["clock"], "at": patch["at"]}
