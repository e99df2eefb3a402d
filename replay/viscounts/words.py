"""Game words a Viscounts message says as values (``the {path} path``), each a phrase so a
page says it again in the reader's language; the keys are the engine's own ids."""

from replay.core.speech import say

# The primary actions, as the rulebook names them.
ACTION_WORDS = {"trade": say("Trade"), "construct": say("Construct"),
                "place_workers": say("Place Workers"), "transcribe": say("Transcribe")}
# The icons that fund each primary action, capitalised as printed.
ICON_WORDS = {"merchant": say("Merchant"), "builder": say("Builder"), "noble": say("Noble"),
              "cleric": say("Cleric")}
# Silver and the resources, capitalised as printed.
RESOURCE_WORDS = {"silver": say("Silver"), "ink": say("Ink"), "gold": say("Gold"),
                  "stone": say("Stone")}
# The two paths of the main board a space lies on.
PATH_WORDS = {"outer": say("outer"), "inner": say("inner")}
# The sides of the river a space or a building spot lies on.
RIVER_WORDS = {"left": say("left"), "right": say("right")}
# The ribbon colours of the manuscripts and the Cleric Bonus cards.
RIBBON_WORDS = {"black": say("black"), "blue": say("blue"), "grey": say("grey"),
                "yellow": say("yellow")}
# The piles whose new top is revealed.
PILE_WORDS = {"townsfolk": say("townsfolk"), "manuscript": say("manuscript")}
# The two end cards (Poverty, Prosperity) and the Debt and Deed cards.
CARD_WORDS = {"poverty": say("Poverty"), "prosperity": say("Prosperity"),
              "debt": say("Debt"), "deed": say("Deed")}


def word(words: dict, key):
    """The phrase ``words`` has for ``key``; a key it lacks (a damaged log's value) as it is."""
    return words.get(key, key)
# What an end card counts, as its ledger reason says it ("3 flipped debts").
COUNT_WORDS = {"flipped_debts": say("flipped debts"), "flipped_deeds": say("flipped deeds")}
# What an end-game manuscript scores per, as its ledger reason says it ("4 merchant").
PER_WORDS = {"buildings": say("buildings"), "manuscripts": say("manuscripts"),
             "workers": say("workers"), "icons:builder": say("builder"),
             "icons:cleric": say("cleric"), "icons:criminal": say("criminal"),
             "icons:merchant": say("merchant"), "icons:noble": say("noble")}
# The choices an effect leaves to a player, as a note says one is lost ("ana's free hire").
CHOICE_WORDS = {"bump": say("bump"), "castle_move": say("castle move"),
                "castle_order": say("castle order"), "castle_split": say("castle split"),
                "choose": say("choose"), "destroy": say("destroy"), "discard": say("discard"),
                "flip": say("flip"), "free_building": say("free building"),
                "free_hire": say("free hire"), "free_manuscript": say("free manuscript"),
                "free_workers": say("free workers"), "gain_card": say("card gain"),
                "rearrange": say("rearrange"),
                "resource": say("resource")}
# What a card is taken from the hand or the draw pile to do ("cannot play Thief from hand").
DOING_WORDS = {"play": say("play"), "draw": say("draw"), "discard": say("discard"),
               "destroy": say("destroy")}
# The three spaces of the solo opponent's AI board, left to right.
BOARD_SPACE_WORDS = (say("left"), say("middle"), say("right"))
# The kinds of card a flip turns, as a refusal names them ("no unflipped debt").
FLIP_WORDS = {"debt": say("debt"), "deed": say("deed"), "either": say("either")}
# The resources as a recorded answer names them ("the log has gold").
CHART_WORDS = {"silver": say("silver"), "ink": say("ink"), "gold": say("gold"),
               "stone": say("stone")}
