# The one evaluate() entry point, compiled so that the default call (hold'em,
# 5-7 cards) costs what the compact kernel costs; every other game goes to
# pokerfsm.evaluation.omaha.evaluate_game (short deck to pokerfsm.evaluation.short_deck,
# the games without a board to pokerfsm.evaluation.other_games), where the checks live.
from pokerfsm.evaluation._compact import evaluate as _holdem


def evaluate(cards, *, board=None, game="holdem"):
    """Value of a hand: the best five of 5-7 cards (hold'em), or ``cards`` the hole and ``board`` apart.

    With ``board``, ``cards`` are the hole cards of ``game`` (2 for hold'em,
    4-6 for Omaha) and the board has 3 to 5 cards. Omaha games need the board.
    Returns a :class:`~pokerfsm.evaluation.handrank.HandRank` (higher is
    better), or a :class:`~pokerfsm.evaluation.omaha.HiLo` for a hi-lo game.
    The games without a board (stud, razz, lowball, badugi) take the
    player's cards alone (:mod:`pokerfsm.evaluation.other_games`): a low
    game's value is its low (:mod:`pokerfsm.evaluation.lows`).

    >>> from pokerfsm import evaluate
    >>> evaluate("Kh Kd Kc 3s 3c").describe(), evaluate("Kh Kd", board="Kc 3s 3c", game="holdem").describe("fr")
    ('Full house, Kings full of Threes', 'Full aux Rois par les Trois')
    >>> evaluate("Kh Kd Ks 2c", board="Kc 3s 3c", game="omaha").describe()
    'Full house, Kings full of Threes'
    >>> evaluate("As 2d 3c 4h 5s Kd Kc", game="razz").describe()
    '5-4-3-2-A low'

    Raises CardParseError, DuplicateCardError or InvalidDealError (naming
    the field, ``"hole"`` or ``"board"``, and the card), OptionError for an
    unknown game.
    """
    if board is None and game == "holdem":
        return _holdem(cards)
    from pokerfsm.variants import HighRule, game_of

    chosen = game_of(game)
    if chosen.high is HighRule.SHORT_DECK:
        from pokerfsm.evaluation.short_deck import evaluate_short_deck

        return evaluate_short_deck(cards, board)
    from pokerfsm.evaluation.other_games import evaluate_variant, plays_without_board

    if plays_without_board(chosen):
        return evaluate_variant(cards, chosen, board)
    from pokerfsm.evaluation.omaha import evaluate_game

    return evaluate_game(cards, board, game)
