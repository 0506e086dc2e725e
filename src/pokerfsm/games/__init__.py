"""Card games played in the terminal: heads-up hold'em and pot-limit Omaha, five-card draw, Rummikub.

Needs the ``games`` extra (pokerkit, highspy): ``pip install "pokerfsm[games]"``.
"""
