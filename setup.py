"""The optional compiled build (``PARLOUR_COMPILE=1``, see scripts/compiled.py); without it a plain Python install.

Everything else about the package is in pyproject.toml.
"""

import os
import sys
from pathlib import Path

from setuptools import setup

ext_modules = []
if os.environ.get("PARLOUR_COMPILE") == "1":
    sys.path.insert(0, str(Path(__file__).parent / "scripts"))
    from compiled import extensions

    ext_modules = extensions(Path("src"))

setup(ext_modules=ext_modules)
