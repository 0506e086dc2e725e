"""``pokerfsm compute FILE``: the course's calculator (seed 000, section 3.4).

The file holds one line per player, then the board line:

* line 1: player 1's two cards, e.g. ``Aca 10p`` (French notation: ranks
  ``A R D V 10 9 … 2``, suits ``p co ca t``; standard ``Ad Ts`` works too);
* line 2: player 2's two cards, or ``?`` for an unknown hand;
* line 3: the 3, 4 or 5 board cards.

Extensions: 3 to 10 player lines before the board line (each a hand or
``?``), and a preflop file whose board line is ``-`` or empty (a blank last
line; a two-line file needs none).

A complete deal prints the winner (``Le joueur 2 est gagnant.``) or
``Égalité.``; otherwise each known player's probability of winning outright
(ties excluded), exact, to four decimals with a decimal comma:
``Joueur 1: 0,9091``. ``--lang en`` prints English, ``--json`` the result.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..cards import Card
from ..cli import write_json
from ..errors import CardParseError, InputFileError
from ..textfiles import file_error, read_text_file

HELP = "the course's calculator: read a deal file and print who wins or the odds of winning"

MAX_PLAYERS = 10
MESSAGES = {
    "fr": {"wins": "Le joueur {} est gagnant.", "tie": "Égalité.", "tie_between": "Égalité entre les joueurs {}.",
           "player": "Joueur {}: {}", "and": " et ", "estimate": "(estimation Monte-Carlo, erreur type {:.4f})"},
    "en": {"wins": "Player {} wins.", "tie": "Tie.", "tie_between": "Tie between players {}.",
           "player": "Player {}: {}", "and": " and ", "estimate": "(Monte Carlo estimate, standard error {:.4f})"},
}


@dataclass(frozen=True)
class CourseDeal:
    """A parsed course file: each player's hand (None when unknown) and the board."""

    players: tuple[tuple[Card, Card] | None, ...]
    board: tuple[Card, ...]

    @property
    def complete(self) -> bool:
        return len(self.board) == 5 and all(self.players)


def read_course_file(path: str | Path) -> CourseDeal:
    """Parse a course file; raises InputFileError as ``FILE:LINE: message``.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("Aca 10p\\n?\\nRco 10t 10ca 3t\\n")
    >>> read_course_file(f.name)
    CourseDeal(players=((Card('Ad'), Card('Ts')), None), board=(Card('Kh'), Card('Tc'), Card('Td'), Card('3c')))
    >>> os.unlink(f.name)
    """
    name = str(path)
    text = read_text_file(path)

    def fail(line: int, message: str) -> InputFileError:
        return file_error(name, line, message)

    lines = text.splitlines()
    blank_board = False
    while lines and not lines[-1].strip():  # a blank last line is an empty (preflop) board line
        lines.pop()
        blank_board = True
    if not lines:
        raise fail(1, "empty file: expected player 1's two cards, e.g. 'Aca 10p'")
    if len(lines) == 1:
        raise fail(2, "missing player 2: expected two cards or '?' (then the board line)")
    if blank_board or len(lines) == 2:
        player_lines, board_line = lines, ""
    else:
        player_lines, board_line = lines[:-1], lines[-1]
    if len(player_lines) > MAX_PLAYERS:
        raise fail(MAX_PLAYERS + 1, f"too many players: at most {MAX_PLAYERS} player lines, then the board line")
    seen: dict[Card, int] = {}

    def cards_on(line_number: int, text: str, notation: str = "any") -> tuple[Card, ...]:
        try:
            cards = tuple(Card.parse(token, notation) for token in text.split())
        except CardParseError as exc:
            raise fail(line_number, str(exc)) from None
        for c in cards:
            if c in seen:
                where = "earlier on this line" if seen[c] == line_number else f"also on line {seen[c]}"
                raise fail(line_number, f"card {c.french!r} ({c}) is given twice ({where})")
            seen[c] = line_number
        return cards

    players: list[tuple[Card, Card] | None] = []
    for number, line in enumerate(player_lines, 1):
        if line.strip() == "?":
            players.append(None)
            continue
        if not line.strip():
            raise fail(number, f"empty line: expected player {number}'s two cards or '?'")
        hand = cards_on(number, line, "course")  # no range here: AT is not A♣ (see pokerfsm.players)
        if len(hand) != 2:
            hint = ("; if it is the board, remove the blank line after it"
                    if blank_board and number == len(player_lines) and 3 <= len(hand) <= 5 else "")
            raise fail(number, f"player {number} needs 2 cards or '?', got {len(hand)}: {line.strip()!r}{hint}")
        players.append((hand[0], hand[1]))
    board_number = len(lines)
    board: tuple[Card, ...] = ()
    if board_line.strip() not in ("", "-"):
        board = cards_on(board_number, board_line)
        if len(board) not in (3, 4, 5):
            raise fail(board_number, f"the board has 3, 4 or 5 cards (or '-' before the flop), got {len(board)}: "
                                     f"{board_line.strip()!r}")
    if not any(players):
        raise fail(1, "every hand is '?': at least one player's cards must be known")
    return CourseDeal(tuple(players), board)


def configure(parser) -> None:
    parser.add_argument("file", help="the deal: one line per player (two cards or '?'), then the board line")
    parser.add_argument("--lang", choices=("fr", "en"), default="fr", help="language of the answer (default fr)")
    parser.add_argument("--json", action="store_true", help="print the full result as JSON")
    parser.add_argument("--budget", type=float, default=60.0,
                        help="seconds of exact enumeration allowed before sampling (default 60)")
    parser.add_argument("--seed", type=int, default=None, help="seed when it has to sample")


def run(args) -> int:
    import sys

    from ..calculator import equity
    from .equity import progress_bar

    deal = read_course_file(args.file)
    words = MESSAGES[args.lang]
    with progress_bar() as progress:
        result = equity(list(deal.players), deal.board, budget=args.budget, seed=args.seed, progress=progress)
    winners = [i + 1 for i, p in enumerate(result.players) if p.win + p.tie == 1.0] if deal.complete else []
    if args.json:
        data = result.to_dict()
        if deal.complete:
            data["winners"] = winners
        write_json(args.stdout, data)
        return 0
    if deal.complete:
        if len(winners) == 1:
            print(words["wins"].format(winners[0]))
        elif len(winners) == len(deal.players):
            print(words["tie"])
        else:
            listed = ", ".join(map(str, winners[:-1])) + words["and"] + str(winners[-1])
            print(words["tie_between"].format(listed))
        return 0
    for number, (hand, player) in enumerate(zip(deal.players, result.players), 1):
        if hand is not None:
            value = f"{player.win:.4f}"
            print(words["player"].format(number, value.replace(".", ",") if args.lang == "fr" else value))
    if not result.exact:
        print(words["estimate"].format(result.std_error), file=sys.stderr)
    return 0
