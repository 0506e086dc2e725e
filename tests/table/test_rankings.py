"""The generator over a deck and a ranking: the 52-card table unchanged, the short-deck table built alike."""
import hashlib
import itertools

import numpy as np
import pytest

from pokerfsm.errors import TableCorruptError
from pokerfsm.ranking import HandCategory, equivalence_classes
from pokerfsm.table import ENV_VAR, HOLDEM, SHORT_DECK, cactus, default_table_path, generate_table, open_table
from pokerfsm.table.files import load_default
from pokerfsm.table.format import ROOT, SLOTS
from pokerfsm.table.rankings import SHORT_DECK_ORDER, class_ranks, short_deck_class

HOLDEM_TABLE_SHA256 = "fa9e28572bd8a1cc047e0e809977e2faf2abdda297ec268625cc2b0c4d3595ea"
"""The 52-card table file as the generator wrote it before it took a deck and a ranking."""


@pytest.fixture(scope="module")
def short_deck(tmp_path_factory):
    path = generate_table(tmp_path_factory.mktemp("sd") / "sd.pkfsm", show_progress=False, ranking=SHORT_DECK)
    with open_table(path, ranking=SHORT_DECK) as opened:
        yield opened


def test_the_52_card_table_is_byte_identical(tmp_path):
    path = generate_table(tmp_path / "t.pkfsm", show_progress=False)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == HOLDEM_TABLE_SHA256


def test_short_deck_classes_follow_pokerkit_order():
    classes = SHORT_DECK.classes()
    values = [c.value for c in classes]
    assert values == sorted(values) and len(set(values)) == len(values) == 1404
    counts = {cat: sum(c.category is cat for c in classes) for cat in HandCategory}
    assert counts == {HandCategory.HIGH_CARD: 120, HandCategory.PAIR: 504, HandCategory.TWO_PAIR: 252,
                      HandCategory.THREE_OF_A_KIND: 252, HandCategory.STRAIGHT: 6, HandCategory.FLUSH: 120,
                      HandCategory.FULL_HOUSE: 72, HandCategory.FOUR_OF_A_KIND: 72,
                      HandCategory.STRAIGHT_FLUSH: 6}
    place = {cat: i for i, cat in enumerate(SHORT_DECK_ORDER, start=1)}
    assert all(c.value >> 12 == place[c.category] for c in classes)
    lowest_straight = next(c for c in classes if c.category is HandCategory.STRAIGHT)
    assert class_ranks(lowest_straight, SHORT_DECK.lowest_rank) == (7, 6, 5, 4, 12)  # 9-8-7-6-A
    assert short_deck_class(lowest_straight.value) == lowest_straight
    with pytest.raises(ValueError, match="not a short-deck hand value"):
        short_deck_class(0)


def test_short_deck_table_sizes_and_dead_low_cards(short_deck):
    t = short_deck.as_array()
    assert short_deck.n_states == SHORT_DECK.first_rows[-1] == 77_999
    first_level = t[ROOT + 1:ROOT + SLOTS]
    assert (first_level[:16] == 0).all()  # 2s .. 5c are never dealt: they lead nowhere
    assert len(set(first_level[16:].tolist())) == 36 and (first_level[16:] % SLOTS == 0).all()


def _walk(t, cards):
    p = ROOT
    for c in cards:
        p = t[p + c + 1]
    return int(p) if len(cards) == 7 else int(t[p])


def test_short_deck_table_agrees_with_its_five_card_evaluator(short_deck):
    t = short_deck.as_array()
    deck = np.array(SHORT_DECK.deck)
    rng = np.random.default_rng(11)
    for _ in range(3000):
        hand = rng.choice(deck, 7, replace=False).tolist()
        best = max(cactus.evaluate5(five, SHORT_DECK) for five in itertools.combinations(hand, 5))
        assert _walk(t, hand) == best
        assert _walk(t, hand[:5]) == cactus.evaluate5(hand[:5], SHORT_DECK)


def test_flush_beats_full_house_and_a_six_to_nine_straight_with_the_ace(short_deck):
    from pokerfsm.cards import parse_cards
    t = short_deck.as_array()
    flush = _walk(t, parse_cards("Ah Jh 9h 7h 6h Kc Kd"))
    full = _walk(t, parse_cards("Kh Ks Kc 7d 7s 6c 8d"))
    wheel = _walk(t, parse_cards("As 6d 7c 8h 9s Jd Qc"))
    trips = _walk(t, parse_cards("Ks Kd Kc 7d 6s Jh 9c"))
    assert flush > full > wheel > trips
    assert short_deck_class(wheel).key == (7,)


def test_each_table_refuses_the_other(short_deck):
    with pytest.raises(TableCorruptError, match="short-deck table has 77999"):
        open_table(default_table_path(HOLDEM), ranking=SHORT_DECK)
    with pytest.raises(TableCorruptError, match="holdem table has 612978"):
        open_table(short_deck.path)


def test_short_deck_table_is_built_beside_the_52_card_one_on_first_use(tmp_path, monkeypatch, capsys):
    from pokerfsm.table import files
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "t.pkfsm"))
    monkeypatch.setattr(files, "_defaults", {})
    assert default_table_path(SHORT_DECK) == tmp_path / "short-deck-ranks-v1.pkfsm"
    opened = load_default(SHORT_DECK)
    assert opened.path == tmp_path / "short-deck-ranks-v1.pkfsm" and load_default(SHORT_DECK) is opened
    assert "building the short-deck hand-rank table" in capsys.readouterr().err
    assert not (tmp_path / "t.pkfsm").exists()  # only the table asked for is built
    assert (tmp_path / "short-deck-ranks-v1.pkfsm.lock").exists()
    opened.close()


def test_the_52_card_walker_walks_the_short_deck_table_unchanged(table, short_deck):
    """The layout is the 52-card one: the hold'em kernel that counts completions, pointed at the
    short-deck table, counts what the short-deck evaluator gives every board."""
    import pokerfsm
    from pokerfsm.evaluation import _walk
    from pokerfsm.variants import SHORT_DECK as CARDS
    known = np.array([int(pokerfsm.Card(c)) for c in ("Ah", "Kh")], dtype=np.uint8)
    rest = np.array(sorted(int(c) for c in CARDS if c not in known), dtype=np.uint8)
    counts = np.zeros((1, 10 << 12), dtype=np.int64)
    _walk.use_table(short_deck)
    try:
        _walk.count_completions(known, rest, 4, 6, counts)
    finally:
        _walk.use_table(table)
    boards = np.array(list(itertools.combinations(rest.tolist(), 4)), dtype=np.uint8)
    rows = np.concatenate([np.broadcast_to(known, (len(boards), 2)), boards], axis=1)
    expected = np.bincount(pokerfsm.evaluate_many(rows, game="short-deck"), minlength=10 << 12)
    assert (counts[0] == expected).all() and counts.sum() == 46_376


def test_short_deck_classes_keep_the_full_deck_order_within_each_category():
    full = {(c.category, c.key): c.value for c in equivalence_classes()}
    short = [c for c in SHORT_DECK.classes() if c.category not in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)]
    assert all((c.category, c.key) in full for c in short)
    for category in HandCategory:
        ours = [c for c in short if c.category is category]
        assert ours == sorted(ours, key=lambda c: full[(c.category, c.key)])
