"""The recorder's one door into the rules engine.

Everything the recorder asks of a game goes through here and only through the game
protocol (``replay.core.protocol.game.Game``), so a move the recorder offers is one the referee
accepts: the offers are exactly ``state_at``'s legal actions, and anything else (a typed
move, chance as the table saw it) is replayed and refused with the rule it breaks. The
printed names and the component facts that chance is chosen from are read from the game's
catalog here too. Switching to another engine call (a "what may happen next" one) is a
change of this module alone.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from importlib import resources

from api import recorder_catalog
from api.replay_slots import ReplaySlots
from replay.core.logs.declarations import NAMES
from replay.core.logs.log import GameLog, load_log
from replay.core.logs.printed_names import names_in
from replay.core.logs.problems import InvalidLog
from replay.games import GAMES

# What a look at the table keeps of ``state_at``'s document (the rest is for a judge).
TABLE_KEYS = ("round", "phase", "order", "players")
# Every look replays the recording's log: a few at a time per API process, so that taps on
# long games never pile up threads that hold the interpreter (``REFEREE_RECORDER_SLOTS``).
SLOTS = ReplaySlots(int(os.environ.get("REFEREE_RECORDER_SLOTS", "2")), "recording a game")
WAIT_SECONDS = 2.0


class Refused(Exception):
    """The engine refused a header or an event; ``problems`` say what and where, each with
    the rule it breaks when it is a rule (``rule``, ``message``, ``statement``)."""

    def __init__(self, problems: list[dict]):
        super().__init__("; ".join(p.get("message", "") for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class GameChoice:
    """A game as the start form offers it."""

    name: str
    title: str
    player_counts: tuple[int, ...]
    variants: tuple[dict, ...]


def games() -> list[GameChoice]:
    """Every game the referee knows, for the start form."""
    return [GameChoice(g.name, g.title, tuple(g.player_counts),
                       tuple(v.to_dict() for v in g.variants.values())) for g in GAMES]


def new_header(game: str, players: list[str], variants: list[str],
               catalog: tuple[str, dict] | None = None) -> dict:
    """A checked log header for a new recording (the game's default ruleset, and its
    default catalog or the client's ``catalog``, its sha256 and document); ``Refused``
    names every problem."""
    try:
        found = GAMES.get(game, path="/game")
        header = {"game": found.name, "ruleset": found.rulesets[0],
                  "catalog": catalog[1]["meta"]["id"] if catalog else found.builtin_catalogs[0],
                  "variants": list(variants), "players": list(players), "metadata": {}}
        log = load_log({"header": header, "events": []})
        problems = found.header_problems(log, catalog[1] if catalog else None)
        if catalog:
            header["catalog_sha"] = catalog[0]
    except InvalidLog as err:
        problems = err.problems
    if problems:
        raise Refused([p.to_dict() for p in problems])
    return header


def _log(header: dict, events: list[dict]) -> GameLog:
    return GameLog(game=header["game"], players=list(header["players"]),
                   ruleset=header.get("ruleset"), catalog=header.get("catalog"),
                   variants=list(header.get("variants") or ()),
                   metadata=dict(header.get("metadata") or {}), events=list(events),
                   components={entry: dict(values) for entry, values
                               in (header.get("components") or {}).items()})


def document_of(header: dict) -> dict:
    """The catalog document a recording is made with (before the values its log
    declares)."""
    return recorder_catalog.custom_document(header) or \
        catalog_document(header["game"], header["catalog"])


def look(header: dict, events: list[dict]) -> dict:
    """The table after the last event: who acts, the events they may write next (exactly
    the engine's legal actions), the players' state, every violation so far, the title of
    the phase it is in and, when nobody may act, the chance the table must supply.

    The replays it needs run in one of the process's recorder slots (a 429 problem when
    every slot stays taken)."""
    game = GAMES.get(header["game"])
    custom = recorder_catalog.custom_document(header)
    # ``state_at`` at a log's last event scores the end of the game when the log could end
    # there (a judge stepping to the last line wants the final points); a game being
    # recorded goes on. So the log is looked at with its last event once more after it: an
    # event that is never replayed, only checked for its shape, which it passes.
    padded = [*events, events[-1]] if events else []
    with SLOTS.held(WAIT_SECONDS):
        try:
            state = game.state_at(_log(header, padded), len(events) - 1, custom)
            actions = state.get("legal_actions") or []
            title = phase_titles(game.name).get(str(state.get("phase")))
            # What comes next, as the engine says it, when the look alone cannot tell: the
            # chance due when nobody may act (the dice of a roll, a pile's new top), the
            # phase when its label is shared (Coimbra's deal and roll, both phase A).
            asks = title is None or not actions
            step = game.next_step(_log(header, events), len(events) - 1, custom) \
                if asks else None
        except InvalidLog as err:
            raise Refused([p.to_dict() for p in err.problems]) from None
    table = {key: state.get(key) for key in TABLE_KEYS}
    return {"acting": state.get("acting_player"), "actions": actions,
            "table": table, "names": state.get("names") or {},
            "violations": state.get("violations_so_far") or [],
            "title": step.title if step else title, "supply": step.supply if step else None,
            # the chance events the referee accepts now (a pile's new top), which a chance
            # form offers and nothing else
            "chance_actions": step.actions if step and step.chance else []}


def look_after(header: dict, events: list[dict], added: list[dict]) -> dict:
    """``look`` after the ``added`` events, or ``Refused`` with the rules they break (their
    shapes, or the violations the replay finds at them)."""
    after = look(header, [*events, *added])
    broken = [v for v in after["violations"]
              if isinstance(v.get("event"), int) and v["event"] >= len(events)]
    if broken:
        raise Refused(broken)
    return after


def read_lines(header: dict, text: str) -> list[dict]:
    """The events of lines of the game's text notation, written after the recording's
    header; ``Refused`` locates each problem by its line in ``text``."""
    game = GAMES.get(header["game"])
    head = game.print_text(_log(header, []))
    before = head.count("\n")
    try:
        log = game.parse_text(head + text)
    except InvalidLog as err:
        problems = []
        for problem in err.problems:
            found = problem.to_dict()
            if found.get("line"):
                found["line"] -= before
            problems.append(found)
        raise Refused(problems) from None
    return log.events


def event_text(game: str, event: dict) -> str:
    """An event as the game's text notation writes it."""
    return GAMES.get(game).event_text(event)


def log_text(header: dict, events: list[dict]) -> str:
    """The log in the canonical text notation (what ``referee convert`` prints)."""
    return GAMES.get(header["game"]).print_text(_log(header, events))


def log_document(header: dict, events: list[dict]) -> dict:
    """The log as its canonical JSON document."""
    return _log(header, events).to_dict()


@cache
def catalog_document(game: str, catalog: str) -> dict:
    """A built-in catalog's document, as shipped with the game's package."""
    package = type(GAMES.get(game)).__module__  # the game's package defines its class
    text = resources.files(package).joinpath("data", f"{catalog}.json").read_text("utf-8")
    return json.loads(text)


def printed_names(header: dict) -> dict[str, str]:
    """Every component id of a recording's catalog that has a printed name, with that name
    (the name its log declares, when it declares one)."""
    declared = {entry: values["name"] for entry, values
                in (header.get("components") or {}).items()
                if isinstance(values.get("name"), str)}
    sha = header.get("catalog_sha")
    found = _names(header["game"], header["catalog"], sha) if sha \
        else _names(header["game"], header["catalog"])
    return {**found, **declared}


def names_in_language(header: dict, language: str) -> dict[str, str]:
    """The components of a recording's catalog named as printed in ``language`` (an
    edition's own: none in English), with the names its log declares in it."""
    field = f"{NAMES}.{language}"
    declared = {entry: values[field] for entry, values
                in (header.get("components") or {}).items()
                if isinstance(values.get(field), str)}
    return {**_names_in(header["game"], header["catalog"], header.get("catalog_sha")).get(
        language, {}), **declared}


def _document(game: str, catalog: str, sha: str | None) -> dict:
    """A catalog's document: a built-in one by id, a client's by sha256."""
    return recorder_catalog.custom_document({"catalog_sha": sha}) if sha \
        else catalog_document(game, catalog)


@cache
def _names_in(game: str, catalog: str, sha: str | None) -> dict[str, dict[str, str]]:
    """Language -> id -> printed name, of a catalog's components named in other languages."""
    return names_in(_document(game, catalog, sha))


@cache
def _names(game: str, catalog: str, sha: str | None = None) -> dict[str, str]:
    """The printed names of a catalog (a built-in one by id, a client's by sha256)."""
    document = _document(game, catalog, sha)
    names: dict[str, str] = {}

    def walk(value) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("id"), str) and isinstance(value.get("name"), str):
                names[value["id"]] = value["name"]
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(document)
    return names


@cache
def phase_titles(game: str) -> dict[str, str]:
    """What each phase a look at the table names (by its ledger label or its name) is
    called in the game's messages (``B``: "phase B (draft and place)"), from the game's
    phase table; a label two phases share (Coimbra's deal and roll, both ledger phase A) is
    left out: which of them it is, only ``next_step`` says."""
    engine = getattr(GAMES.get(game), "engine", None)  # a game of the protocol alone has none
    phases = list(engine.phases.values()) if engine else []
    titles = {p.name: p.title for p in phases}
    for label in {p.ledger for p in phases}:
        sharing = {p.title for p in phases if p.ledger == label}
        if len(sharing) == 1:
            titles[label] = sharing.pop()
        else:
            titles.pop(label, None)
    return titles


def coimbra_facts(header: dict) -> dict:
    """What Coimbra's chance is chosen among: the board's monastery spaces and tiles by
    level, voyages, scoring tiles, start pairs and the characters by level (the names and
    values a form shows; which chance is due, and what it may hold, the engine says)."""
    from replay.coimbra.state import TRACKS

    game = GAMES.get("coimbra")
    catalog = game.engine.replayer.load_catalog(recorder_catalog.custom_document(header),
                                                header.get("catalog"))
    return {
        "spaces": dict(catalog.spaces),
        "monasteries": {t.id: t.level for t in catalog.monasteries.values()},
        "voyages": sorted(catalog.voyages),
        "scoring_tiles": {k: dict(v) for k, v in catalog.scoring_tiles.items()},
        "tracks": list(TRACKS),
        "start_pairs": [list(p) for p in catalog.start_pairs],
        "characters": {c.id: c.level for c in catalog.characters.values()},
    }


def viscounts_facts(header: dict) -> dict:
    """What Viscounts' chance is chosen among: the board's segment sides for this player
    count (in segment order), the tier-2 castle sections, the neutral Townsfolk, the
    manuscripts (and the grey-backed ones a pile starts with), the Player Cards and Heroes
    and how many pairs are laid out, the AI boards, the difficulties and the Schemes."""
    from replay.viscounts.setup import NEUTRAL

    players = len(header["players"])
    catalog = GAMES.get("viscounts").engine.replayer.load_catalog(
        recorder_catalog.custom_document(header), header.get("catalog"))
    townsfolk = catalog.townsfolk.values()
    return {
        "sides": [side.id for side in catalog.sides_for(players).values()],
        "castles": list(catalog.castle.tier2_ids),
        "neutral": sorted(c.id for c in townsfolk if c.deck == NEUTRAL),
        "manuscripts": sorted(catalog.manuscripts),
        "grey": sorted(m.id for m in catalog.manuscripts.values() if m.back == "grey"),
        "player_cards": [pc.id for _, pc in sorted(catalog.player_cards.items())],
        "heroes": sorted(c.id for c in townsfolk if c.deck == "hero"),
        "pairs": players + catalog.setup["extra_pairs"],
        "boards": list(catalog.ai_boards),
        "difficulties": list(catalog.solo["difficulty"]),
        "schemes": {deck: sorted(s.id for s in catalog.schemes.values() if s.deck == deck)
                    for deck in ("starting", "future")},
        "solo": players == 1,
    }
