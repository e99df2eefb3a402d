"""Effects of the catalog's effect vocabulary: resolved at once, or queued as decisions.

What needs no choice is applied here (gains, typed flips, shuffles); what needs one is
queued as a ``Decision`` that the next decision events answer (``decisions.py``).
"""

from __future__ import annotations

from replay.core.speech import say
from replay.viscounts.solo.reference import translate
from replay.viscounts.state import Decision
from replay.viscounts.table import Table
from replay.viscounts.words import CARD_WORDS

PLAIN = frozenset({"silver", "ink", "gold", "stone"})  # gains that are just a number
PASSIVE = frozenset({"on", "convert", "icons", "extra_move", "dismiss_cost", "hand_limit",
                     "score_per"})


def resolve(table: Table, name: str, effect: dict | None, source: str) -> None:
    """Resolve ``effect`` for player ``name``; ``source`` is the component behind it."""
    if not effect:
        return
    if name == table.opponent:
        effect = translate(table, dict(effect))
        if effect["op"] == "gain_card":
            table.state.pending.append(Decision(name, "gain_card", False, source, {}))
            return
    op = effect["op"]
    handler = _HANDLERS.get(op)
    if handler is not None:
        handler(table, name, effect, source)
    elif op not in PASSIVE:
        raise ValueError(f"effect op {op!r} is not resolvable")


def ask(table: Table, name: str, kind: str, source: str, optional: bool, **data) -> None:
    """Queue a decision for ``name`` (the solo opponent gets its reference card's instead)."""
    if name == table.opponent and kind in ("rearrange", "destroy", "discard", "castle_move",
                                          "free_hire"):
        resolve(table, name, {"op": kind, **data}, source)
        return
    table.state.pending.append(Decision(name, kind, optional, source, data))


def gain_items(table: Table, name: str, items: dict, source: str) -> None:
    """Gain each item of a ``gain`` effect; Corruption resolves before Virtue (p.10)."""
    reason = table.name(source)
    others = False  # items that are not plain numbers: most gains have none
    for what, amount in items.items():
        if what not in PLAIN:
            others = True
        elif amount:
            table.change(name, what, amount, reason, source)
    if others:
        _gain_others(table, name, items, reason, source)


def _gain_others(table: Table, name: str, items: dict, reason: str, source: str) -> None:
    """The markers' moves, then Debts, Deeds and any resources, of a ``gain`` effect."""
    if items.get("corruption"):
        table.move_marker(name, "corruption", items["corruption"], reason, source)
    if items.get("virtue"):
        table.move_marker(name, "virtue", items["virtue"], reason, source)
    for _ in range(items.get("debt", 0)):
        gain_debt(table, name, source)
    for _ in range(items.get("deed", 0)):
        gain_deed(table, name, source)
    for _ in range(items.get("any_resource", 0)):
        ask(table, name, "resource", source, optional=False)


def gain_debt(table: Table, name: str, source: str) -> None:
    """Take a Debt from the top of the pile; the last one on Poverty reveals it."""
    state = table.state
    table.change(name, "debts", 1, say("{source}: gains a Debt", source=table.name(source)), source)
    if state.phase != "pick" and state.on_poverty > 0:
        state.on_poverty -= 1
        if state.on_poverty == 0:
            _reveal_end_card(table, "poverty")
    trigger(table, name, "gain_debt")


def gain_deed(table: Table, name: str, source: str) -> None:
    """Take a Deed from the top of the pile; the last one on Prosperity reveals it."""
    state = table.state
    table.change(name, "deeds", 1, say("{source}: gains a Deed", source=table.name(source)), source)
    if state.phase != "pick" and state.on_prosperity > 0:
        state.on_prosperity -= 1
        if state.on_prosperity == 0:
            _reveal_end_card(table, "prosperity")


def _reveal_end_card(table: Table, card: str) -> None:
    state = table.state
    state.revealed.append(card)
    if state.last_round is None:
        # Finish this round, then one more full round (p.23).
        state.last_round = state.round + 1
    table.note(say("the {card} card is revealed: the end is triggered, round {last_round} is the "
                   "last", card=CARD_WORDS[card], last_round=state.last_round))


def flip(table: Table, name: str, what: str, source: str) -> bool:
    """Flip one unpaid Debt or acquired Deed; False when there is none to flip."""
    player = table.player(name)
    if what == "debt":
        if not player.debts:
            return False
        table.change(name, "debts", -1, say("{source}: flips a Debt", source=table.name(source)),
                     source)
        table.change(name, "paid_debts", 1,
                     say("{source}: flips a Debt", source=table.name(source)), source)
        resolve(table, name, dict(table.catalog.debts["on_flip"]), "debt")
        trigger(table, name, "flip_debt")
        return True
    if not player.deeds:
        return False
    table.change(name, "deeds", -1, say("{source}: flips a Deed", source=table.name(source)),
                 source)
    table.change(name, "approved_deeds", 1,
                 say("{source}: flips a Deed", source=table.name(source)), source)
    return True


def can_flip(table: Table, name: str, what: str) -> bool:
    """Whether a flip of ``what`` (debt, deed, either) has a card to turn."""
    player = table.player(name)
    return {"debt": player.debts > 0, "deed": player.deeds > 0,
            "either": player.debts + player.deeds > 0}[what]


def shuffle_discards(table: Table, name: str, check: bool, source: str) -> None:
    """The discard pile becomes the draw pile; ``check``: the Virtue/Corruption check."""
    player = table.player(name)
    player.hidden.update(player.discard)
    player.draw_count += len(player.discard)
    player.discard.clear()
    if check:
        if criminal_icons(table, name):
            table.move_marker(name, "corruption", 1, "shuffle check: Criminals on the board",
                              source)
        else:
            table.move_marker(name, "virtue", 1, "shuffle check: no Criminal on the board",
                              source)


def criminal_icons(table: Table, name: str) -> int:
    """Criminal icons on the player's board cards (the opponent's Scheme headers)."""
    if name == table.opponent:
        return table.solo.criminal_icons(table.catalog)
    return in_force(table, name).criminals


def criminal_corruption(table: Table, name: str, card: str, reason: str = "") -> None:
    """A played Criminal's Corruption: 1 per Criminal icon on the player's board (p.12)."""
    table.move_marker(name, "corruption", criminal_icons(table, name),
                      say("{card} played: 1 per Criminal icon on the board{reason}",
                          card=table.catalog.townsfolk[card].name, reason=reason), card)


def settle_corruption(table: Table) -> None:
    """The played Criminal's Corruption that waited for its immediate effect (variant
    ``corruption-after-immediate``), once nothing that effect raised is left to answer."""
    state = table.state
    card, state.corruption_due = state.corruption_due, None
    criminal_corruption(table, state.current, card,
                        ", after its immediate effect (corruption-after-immediate)")


def ongoing(table: Table, name: str) -> tuple:
    """Every ongoing ability in force for a player, as ``(source, ability)``: board cards,
    then building unlocks, then Cleric Bonus cards."""
    return in_force(table, name).abilities


class Unlocks:
    """What a player's building unlocks and Cleric Bonus cards give, as ``(source,
    ability)`` in that order. They change only when the player builds or takes a bonus card
    (``Table.in_force`` then forgets them), so they outlive the board's many changes, and so
    do the ``Abilities`` they make with each set of ongoing board cards seen beside them."""

    def __init__(self, table: Table, player):
        catalog = table.catalog
        abilities = []
        for building, slots in player.built.items():
            unlocks = table.unlocks(player.name, building)
            abilities += [(f"{building}-{slot}", unlocks[slot - 1]) for slot in slots]
        for ribbon in player.bonuses:
            bonus = catalog.cleric_bonuses[ribbon]
            abilities.append((bonus.id, {"op": "icons", "icons": list(bonus.icons)}))
        self.catalog = catalog
        self.alone = Abilities(tuple(abilities))
        # the ongoing cards on the board, in order -> the Abilities with theirs in front
        self.with_board: dict[tuple[str, ...], Abilities] = {(): self.alone}

    def beside(self, ongoing: tuple[str, ...]) -> Abilities:
        """The abilities of the ongoing board cards ``ongoing`` followed by these."""
        found = self.with_board.get(ongoing)
        if found is None:
            townsfolk = self.catalog.townsfolk
            found = self.with_board[ongoing] = Abilities(
                (*((card, townsfolk[card].ability) for card in ongoing),
                 *self.alone.abilities))
        return found


class Abilities:
    """Ongoing abilities as ``(source, ability)`` pairs in order (board cards, then building
    unlocks, then bonus cards), grouped for the questions asked of them."""

    def __init__(self, abilities: tuple):
        self.abilities = abilities
        self.by_op, self.on = _grouped(abilities)
        # what ``hand_limit`` abilities add to the hand limit
        limits = self.by_op.get("hand_limit")
        self.hand_plus = sum(ability["plus"] for _, ability in limits) if limits else 0
        self._converters: dict[str, list] | None = None

    def converters(self, action: str) -> list[dict]:
        """The converters for an action (alone or in an ``all`` ability), each naming its
        source."""
        if self._converters is None:
            self._converters = {}
            if "convert" in self.by_op or "all" in self.by_op:  # most boards have none
                for source, ability in self.abilities:
                    parts = ability["effects"] if ability and ability["op"] == "all" \
                        else (ability,)
                    for part in parts:
                        if part and part["op"] == "convert":
                            self._converters.setdefault(part["action"], []).append(
                                dict(part, source=source))
        return self._converters.get(action, [])


class InForce:
    """What a player's board cards, building unlocks and Cleric Bonus cards give. At nearly
    every event something asks for a part of it, so it is kept while the buildings and the
    bonus cards stay as they are (a building or bonus card forgets it: ``Table.in_force``);
    a new board is noticed by ``in_force``, which has it read again (``read_board``). The
    icons, read only by actions, are counted when first asked."""

    def __init__(self, table: Table, player):
        self.catalog = table.catalog
        self.unlocks = Unlocks(table, player)
        self.ongoing: tuple[str, ...] | None = None  # the board's ongoing cards, in order
        self.read_board(player.board)

    def read_board(self, board: list[str | None]) -> None:
        """Read the board's cards: their Criminal icons, and the abilities of its ongoing
        cards beside the unlocks (looked up again only when the ongoing cards change: most
        plays bring in and drop cards without one)."""
        board = self.board = list(board)  # as it was read, to notice when it changes
        townsfolk = self.catalog.townsfolk
        ongoing = []
        criminals = 0
        for card in board:
            if card:
                printed = townsfolk[card]
                criminals += printed.criminal_icons
                if printed.timing == "ongoing":
                    ongoing.append(card)
        self.criminals = criminals  # Criminal icons on the board's cards
        self._icons: dict[str, int] | None = None
        ongoing = tuple(ongoing)
        if ongoing != self.ongoing:
            self.ongoing = ongoing
            abilities = self.unlocks.beside(ongoing)
            self.abilities, self.by_op, self.on = (abilities.abilities, abilities.by_op,
                                                   abilities.on)
            self.hand_plus = abilities.hand_plus
            self.converters = abilities.converters

    def icons(self) -> dict[str, int]:
        """Board icons by kind: cards, uncovered starting icons and ``icons`` abilities
        (counted once per board: add to a copy, never to these)."""
        if self._icons is None:
            townsfolk, starting = self.catalog.townsfolk, self.catalog.player_board.starting_icons
            shown = []
            for space, card in enumerate(self.board):
                shown += townsfolk[card].icons if card else starting[space]
            for _, ability in self.by_op.get("icons", ()):
                shown += ability["icons"]
            self._icons = count_icons({}, shown)
        return self._icons


def count_icons(counts: dict[str, int], icons) -> dict[str, int]:
    """``counts`` with ``icons`` counted in (a plain dict: a ``Counter`` costs far more to
    make, and the icons are made anew for each board an action is funded from)."""
    for icon in icons:
        counts[icon] = counts.get(icon, 0) + 1
    return counts


def _grouped(abilities: tuple) -> tuple[dict[str, list], dict[str, list]]:
    """``(source, ability)`` pairs by op, and the ``on`` ones by trigger, in order."""
    by_op: dict[str, list] = {}
    on: dict[str, list] = {}
    for pair in abilities:
        ability = pair[1]
        if ability:
            op = ability["op"]
            by_op.setdefault(op, []).append(pair)
            if op == "on":
                on.setdefault(ability["trigger"], []).append(pair)
    return by_op, on


def in_force(table: Table, name: str) -> InForce:
    """The player's abilities in force: kept while the board stays as it was read and no
    building or bonus card is added; after a board change only the board is read again."""
    player = table.state.players[name]
    kept = table.in_force.get(name)
    if kept is None:
        kept = table.in_force[name] = InForce(table, player)
    elif kept.board != player.board:
        kept.read_board(player.board)
    return kept


def trigger(table: Table, name: str, event: str) -> None:
    """Resolve the player's ongoing ``on`` abilities for ``event``."""
    for source, ability in in_force(table, name).on.get(event, ()):
        condition = ability.get("condition", "always")
        if condition == "criminals" and not criminal_icons(table, name):
            continue
        if condition == "no_criminals" and criminal_icons(table, name):
            continue
        table.touch(source)
        resolve(table, name, ability["effect"], source)


def _gain(table, name, effect, source):
    gain_items(table, name, effect["items"], source)


def _flip(table, name, effect, source):
    what = effect["what"]
    if what == "either":
        if can_flip(table, name, "either"):
            ask(table, name, "flip", source, optional=False, what="either")
        return
    table.state.fixed_flips.append((name, what, source))
    if not flip(table, name, what, source):
        table.note(say("{name} has no {what} to flip for {source}: the flip is lost", name=name,
                       what=what, source=table.name(source)))


def _rearrange(table, name, effect, source):
    if sum(1 for c in table.player(name).board if c) > 1:
        ask(table, name, "rearrange", source, optional=True)


def _shuffle(table, name, effect, source):
    if table.player(name).discard:
        shuffle_discards(table, name, table.allows("shuffle-icon-check"), source)


def _free_hire(table, name, effect, source):
    if any(p.top for p in table.state.townsfolk.values()):
        ask(table, name, "free_hire", source, optional=False)


def _castle_move(table, name, effect, source):
    if any(section[name] for section in table.state.tier1.values()):
        ask(table, name, "castle_move", source, optional=True)


def _free_manuscript(table, name, effect, source):
    if any(p.top and table.catalog.manuscripts[p.top].cost in (3, 4)
           for p in table.state.manuscripts.values()):
        ask(table, name, "free_manuscript", source, optional=False)


def _discard(table, name, effect, source):
    for _ in range(effect.get("count", 1)):
        ask(table, name, "discard", source, optional=True)


def _destroy(table, name, effect, source):
    for _ in range(effect.get("count", 1)):
        ask(table, name, "destroy", source, optional=True)


def _free_workers(table, name, effect, source):
    if table.player(name).workers:
        ask(table, name, "free_workers", source, optional=False, count=effect["count"])


def _free_building(table, name, effect, source):
    player = table.player(name)
    kinds = list(player.built) if effect["building"] == "any" else [effect["building"]]
    if any(len(player.built[k]) < 3 for k in kinds):
        ask(table, name, "free_building", source, optional=False, building=effect["building"])


def _all(table, name, effect, source):
    for part in effect["effects"]:
        resolve(table, name, part, source)


def _choice(table, name, effect, source):
    ask(table, name, "choose", source, optional=False, options=list(effect["options"]))


def _exchange(table, name, effect, source):
    give = effect["give"]
    ask(table, name, give["op"], source, optional=True, then=effect["get"])


_HANDLERS = {
    "gain": _gain, "flip": _flip, "rearrange": _rearrange, "shuffle": _shuffle,
    "free_hire": _free_hire, "castle_move": _castle_move,
    "free_manuscript": _free_manuscript, "discard": _discard, "destroy": _destroy,
    "free_workers": _free_workers, "free_building": _free_building, "all": _all,
    "choice": _choice, "exchange": _exchange,
}
