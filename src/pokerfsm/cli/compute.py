"""``pokerfsm compute FILE``: the French course's calculator (its section 3.4: deal file in, equities out).

The file's format is :mod:`pokerfsm.course_file`'s. A complete deal prints the
winner (``Le joueur 2 est gagnant.``) or ``Égalité.``; otherwise each known
player's probability of winning outright (ties excluded, as the course's note
4 says), exact, to four decimals with a decimal comma: ``Joueur 1: 0,9091``.
``--lang en`` prints English, ``--json`` the result.
"""
from __future__ import annotations

import argparse

from . import write_json
from .numbers import positive_number, whole_number

MESSAGES = {
    "fr": {"wins": "Le joueur {} est gagnant.", "tie": "Égalité.", "tie_between": "Égalité entre les joueurs {}.",
           "player": "Joueur {}: {}", "and": " et ", "estimate": "(estimation Monte-Carlo, erreur type {:.4f})"},
    "en": {"wins": "Player {} wins.", "tie": "Tie.", "tie_between": "Tie between players {}.",
           "player": "Player {}: {}", "and": " and ", "estimate": "(Monte Carlo estimate, standard error {:.4f})"},
}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the deal: one line per player (two cards or '?'), then the board line")
    parser.add_argument("--lang", choices=("fr", "en"), default="fr", help="language of the answer (default fr)")
    parser.add_argument("--json", action="store_true", help="print the full result as JSON")
    parser.add_argument("--budget", type=positive_number, default=60.0,
                        help="seconds of exact enumeration allowed before sampling (default 60)")
    parser.add_argument("--seed", type=whole_number, default=None, help="seed when it has to sample")


def run(args: argparse.Namespace) -> int:
    import sys

    from ..calculator import equity
    from ..course_file import read_course_file
    from ..progress import progress_bar

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
