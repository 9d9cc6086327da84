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


def pytest_collection_modifyitems(config, items) -> None:
    """The defects still open (tests/known_defects.py, issue 23) are expected to fail, each with its reason: they
    stay in the run and in its report (xfail), and one that passes is shown as XPASS, to be struck off the list."""
    from known_defects import KNOWN
    for item in items:
        reason = KNOWN.get(item.nodeid)
        if reason:
            item.add_marker(pytest.mark.xfail(reason=reason, strict=False))
