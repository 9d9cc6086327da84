"""Țestoasa (the Turtle, 4-card golf): peek at two, draw and swap unseen, knock; lowest after nine rounds wins."""

from .game import Testoasa, TestoasaState

__all__ = ["GAME", "Testoasa", "TestoasaState"]

GAME = Testoasa
