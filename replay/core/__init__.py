"""Game-independent pieces, by concern: the game protocol (``protocol``), reading logs
(``logs``), verdicts (``verdicts``) and reports (``reports``)."""
