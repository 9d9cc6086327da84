"""What the trick-taking tables (Tarok, Zole, Tysiąc) share in the browser: the result of a deal, drawn the same
way by the three (``web/result.js``, ``web/result.css``, served at ``/games/tricks/…``).

No ``GAME`` here: this package is not a game. Their engines share :mod:`parlour.core.tricks`.
"""
