"""Slovenian Tarok: 54 cards, bidding, king calling, the talon, announcements and kontras, wheels."""
