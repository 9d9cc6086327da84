"""No merge was left half done: no file of the project holds a conflict marker.

A marker inside a comment breaks nothing at run time (two were found in the kit's doc comments, one side of each
merge silently lost), so only a look at the text finds them.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^(<{7} |>{7} |\|{7} )", re.M)
TEXT = {".py", ".js", ".css", ".html", ".md", ".toml", ".json", ".po", ".sh", ".txt", ".cfg", ".yml", ".yaml"}


def test_no_file_holds_a_merge_conflict_marker() -> None:
    places = [str(p.relative_to(ROOT)) for top in ("src", "tests", "scripts", "bench", "docs", ".ci")
              if (ROOT / top).is_dir() for p in (ROOT / top).rglob("*")
              if p.is_file() and (p.suffix in TEXT or p.parent.name == ".ci") and MARKER.search(p.read_text(errors="replace"))]
    assert not places, f"merge conflict markers in: {places}"
