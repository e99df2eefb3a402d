"""A kind of choice an effect leaves to a player, declared once.

Each kind is answered by a decision event of the same name. Its declaration holds everything
about it: the event's fields and how a text line gives them, why an answer is refused, what
an accepted answer does, the answers worth offering, and whether a mandatory choice of it can
still be made (and why it is lost when it cannot). The decision event is an action kind
(``replay.viscounts.decisions``): its legal answers are the ones worth offering that no
refusal stops, so an answer the referee offers is one it accepts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from replay.core.protocol.actions import Refusal

Answer = Callable[..., None]


def always(table, player, decision) -> bool:
    """A choice that can always be made."""
    return True


@dataclass(frozen=True)
class ChoiceKind:
    """One kind of choice. Every function takes ``(table, player, decision)``, the player
    being the one who answers and ``decision`` the waiting choice; ``refusals`` and ``apply``
    take the answering event too.

    ``fields`` are the event's own fields (besides ``player``), ``positional`` those a text
    line gives by position; ``refusals`` yields a ``Refusal`` per rule the answer breaks;
    ``apply`` makes the answer's changes, checking nothing; ``answers`` yields the fields of
    the answers worth offering; ``possible`` says whether a mandatory choice can still be
    made, and ``lost`` why it is lost when it cannot.
    """

    kind: str
    fields: Mapping[str, tuple[str, bool]]
    positional: tuple[str, ...]
    refusals: Callable[..., Iterator[Refusal]]
    apply: Answer
    answers: Callable[..., Iterable[dict]]
    possible: Callable[..., bool] = always
    lost: str = ""
