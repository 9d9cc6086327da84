"""Plugins for the whole suite: ``browser`` holds the Playwright fixtures and helpers every game's table test uses.

Tests speak English whatever the machine's locale (``PARLOUR_LANG``), and a test that switches the language (a
``--lang`` on the command line) leaves English behind it.
"""

import os

import pytest

from parlour.core.i18n import set_language

pytest_plugins = ("browser",)
os.environ["PARLOUR_LANG"] = "en"


@pytest.fixture(autouse=True)
def _english_after_each_test():
    yield
    set_language("en")
