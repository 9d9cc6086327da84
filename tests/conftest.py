"""Plugins for the whole suite: ``browser`` holds the Playwright fixtures and helpers every game's table test uses."""

pytest_plugins = ("browser",)
