#!/usr/bin/env python3
"""Records OpenSpiel games of hearts, oh_hell and skat as JSON Lines fixtures for kartya's
differential tests (issue 31.4), so that CI needs no Python.

Each game is played from a fixed seed: chance outcomes are drawn with OpenSpiel's own
probabilities (all uniform for these games), every player decision is a uniformly random
legal action. One line per game holds the parameters, the chance outcomes (the deal), the
hands they give, every decision with its player, action id, OpenSpiel string and legal set
(as strings), and the final returns. legend.json holds each game's action numbering.

    /work/venv-openspiel/bin/python tools/openspiel/record_games.py [--out DIR]

See tools/openspiel/README.md (OpenSpiel version, seed) and tests/fixtures/openspiel/RULES.md."""
import argparse
import json
import os
import random
import sys

import pyspiel

BASE_SEED = 20261204
OUT_DEFAULT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests',
                           'fixtures', 'openspiel')

# (file stem, OpenSpiel game, non-default parameters, number of games, kept games)
# Every game of a run is played; 'all' keeps each, 'moon' only those where one player took
# every heart and the Q of spades (about 1 random game in 200), so that the moon is tested.
FIXTURES = [
    ('hearts', 'hearts', {}, 200, 'all'),
    ('hearts-jd', 'hearts', {'jd_bonus': True}, 100, 'all'),
    ('hearts-moon', 'hearts', {}, 20, 'moon'),
    ('oh_hell', 'oh_hell', {}, 200, 'all'),
    ('oh_hell-4p-7tricks', 'oh_hell', {'players': 4, 'num_tricks_fixed': 7}, 150, 'all'),
    ('oh_hell-5p-penalty', 'oh_hell', {'players': 5, 'off_bid_penalty': True,
                                      'points_per_trick': 2}, 150, 'all'),
    ('skat', 'skat', {}, 400, 'all'),
]
MAX_RUN = 20000  # games played at most for a filtered fixture


def moon_shot(rec):
    """One player took every heart and the Q of spades (read from the moves, not the returns)."""
    takers = set()
    plays = [m for m in rec['moves'] if m['k'] == 'play']
    for t in range(0, len(plays), 4):
        trick = plays[t:t + 4]
        led = trick[0]['s'][1]
        best = max((m for m in trick if m['s'][1] == led), key=lambda m: '23456789TJQKA'.index(m['s'][0]))
        if any(m['s'][1] == 'H' or m['s'] == 'QS' for m in trick):
            takers.add(best['p'])
    return len(takers) == 1


KEEP = {'all': lambda rec: True, 'moon': moon_shot}

SUIT_WORDS = {'C': 'clubs', 'D': 'diamonds', 'H': 'hearts', 'S': 'spades'}
RANK_WORDS = {'T': '10'}


# ---------------------------------------------------------------- card numbering (from the C++)
def hearts_card(card):
    """hearts.h: card = rank * 4 + suit, suits C D H S, ranks 2..A; string rank+suit ("QS")."""
    return 'CDHS'[card % 4], '23456789TJQKA'[card // 4]


def oh_hell_card(card, num_suits=4):
    """oh_hell.h: card = rank * num_suits + suit, suits C D S H, ranks 2..A; string suit+rank ("SQ")."""
    return 'CDSH'[card % num_suits], '23456789TJQKA'[card // num_suits]


def skat_card(card):
    """skat.h: card = suit * 8 + rank, suits D H S C, ranks 7 8 9 Q K T A J; string suit+rank."""
    return 'DHSC'[card // 8], '789QKTAJ'[card % 8]


def card_entry(card, suit, rank, string):
    return {'id': card, 'string': string, 'suit': SUIT_WORDS[suit], 'rank': RANK_WORDS.get(rank, rank)}


# ---------------------------------------------------------------- phases and deals
def deal_of(name, params, chance):
    """The hands the chance outcomes give, by the deal order of the game's C++ source."""
    ids = [c[0] for c in chance]
    strs = [c[1] for c in chance]
    if name == 'hearts':
        hands = [[] for _ in range(4)]
        for i, s in enumerate(strs[1:]):
            hands[i % 4].append(s)  # ApplyDealAction: num_cards_dealt % 4
        return {'pass_direction': strs[0], 'hands': hands}
    if name == 'oh_hell':
        n = params['players']
        num_tricks, dealer = ids[0], ids[1]
        cards = strs[2:]
        hands = [[] for _ in range(n)]
        for i, s in enumerate(cards[:n * num_tricks]):
            hands[i % n].append(s)  # ApplyDealAction: player 0 gets the first card
        assert len(cards) == n * num_tricks + 1
        return {'num_tricks': num_tricks, 'dealer': dealer, 'trump_card': cards[-1],
                'hands': hands}
    if name == 'skat':
        hands, skat = [[] for _ in range(3)], []
        for i, s in enumerate(strs):  # ApplyDealAction: 3 each, 2 to the skat, 4 each, 3 each
            if i <= 8:
                hands[i // 3].append(s)
            elif i <= 10:
                skat.append(s)
            elif i <= 22:
                hands[(i - 11) // 4].append(s)
            else:
                hands[(i - 23) // 3].append(s)
        return {'hands': hands, 'skat': skat}
    raise ValueError(name)


def kind_of(name, state, action, moves):
    """What a decision is: pass/play (hearts), bid/play (oh_hell), bid/discard/play (skat)."""
    if name == 'hearts':
        return 'play' if state.to_struct().phase == 'Play' else 'pass'
    if name == 'oh_hell':
        return 'bid' if action >= state.get_game().get_parameters()['num_suits'] * \
            state.get_game().get_parameters()['num_cards_per_suit'] else 'play'
    if name == 'skat':
        if action >= 32:
            return 'bid'
        return 'discard' if sum(m['k'] == 'discard' for m in moves) < 2 else 'play'
    raise ValueError(name)


# ---------------------------------------------------------------- playing
def play_one(game, name, params, rng):
    state = game.new_initial_state()
    chance, moves = [], []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
            chance.append([action, state.action_to_string(pyspiel.PlayerId.CHANCE, action)])
        else:
            player = state.current_player()
            legal = state.legal_actions()
            action = rng.choice(legal)
            moves.append({
                'p': player,
                'k': kind_of(name, state, action, moves),
                'id': action,
                's': state.action_to_string(player, action),
                'legal': [state.action_to_string(player, a) for a in legal],
            })
        state.apply_action(action)
    return {
        'game': name,
        'params': params,
        'chance': chance,
        'deal': deal_of(name, params, chance),
        'moves': moves,
        'returns': state.returns(),
    }


def legend():
    """Each game's action numbering, read from OpenSpiel's action_to_string in the right phase."""
    out = {}
    g = pyspiel.load_game('hearts')
    s = g.new_initial_state()
    dirs = [{'id': a, 'string': s.action_to_string(-1, a)} for a, _ in s.chance_outcomes()]
    s.apply_action(0)
    cards = []
    for c in range(52):
        suit, rank = hearts_card(c)
        string = s.action_to_string(-1, c)
        assert string == rank + suit, (c, string)
        cards.append(card_entry(c, suit, rank, string))
    out['hearts'] = {
        'players': 'seats 0..3 = N E S W; play goes 0,1,2,3 (clockwise); the first chance '
                   'outcome is the pass direction, cards pass from seat p to (p + direction) % 4',
        'pass_direction': dirs,
        'cards': cards,
        'card_id': 'rank * 4 + suit; suit C=0 D=1 H=2 S=3; rank 2=0 .. A=12',
    }
    g = pyspiel.load_game('oh_hell')
    s = g.new_initial_state()
    num_tricks = [{'id': a, 'string': s.action_to_string(-1, a)} for a, _ in s.chance_outcomes()]
    s.apply_action(17)
    dealer = [{'id': a, 'string': s.action_to_string(-1, a)} for a, _ in s.chance_outcomes()]
    s.apply_action(0)
    cards = []
    for c in range(52):
        suit, rank = oh_hell_card(c)
        string = s.action_to_string(-1, c)
        assert string == suit + rank, (c, string)
        cards.append(card_entry(c, suit, rank, string))
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    bids = [{'id': a, 'string': s.action_to_string(s.current_player(), a), 'bid': a - 52}
            for a in s.legal_actions()]
    assert all(b['string'] == str(b['bid']) for b in bids)
    out['oh_hell'] = {
        'players': 'players 0..n-1 in play order; chance: the number of tricks, then the dealer, '
                   'then the cards (player 0 gets the first card, whoever deals), then the '
                   'trump card turned up',
        'num_tricks': num_tricks,
        'dealer': dealer,
        'cards': cards,
        'card_id': 'rank * num_suits + suit; suit C=0 D=1 S=2 H=3; rank 2=0 .. A=12 '
                   '(these fixtures use the full 4 x 13 deck)',
        'bids': bids,
        'bid_id': 'num_cards + bid (52 + bid); the string is the bid',
    }
    g = pyspiel.load_game('skat')
    s = g.new_initial_state()
    cards = []
    for c in range(32):
        suit, rank = skat_card(c)
        string = s.action_to_string(-1, c)
        assert string == suit + rank, (c, string)
        cards.append(card_entry(c, suit, rank, string))
    bids = [{'id': a, 'string': s.action_to_string(0, a)} for a in range(32, 39)]
    out['skat'] = {
        'players': 'players 0..2; player 0 bids first and leads the first trick',
        'cards': cards,
        'card_id': 'suit * 8 + rank; suit D=0 H=1 S=2 C=3; rank 7=0 8=1 9=2 Q=3 K=4 T=5 A=6 J=7',
        'bids': bids,
        'bid_id': '32 + game type: 0 pass, 1 diamonds, 2 hearts, 3 spades, 4 clubs, 5 grand, 6 null',
    }
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', default=OUT_DEFAULT)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    meta = {'open_spiel': pyspiel.__version__, 'base_seed': BASE_SEED,
            'python': sys.version.split()[0]}
    for stem, name, overrides, n, keep in FIXTURES:
        game = pyspiel.load_game(name, overrides)
        params = dict(sorted(game.get_parameters().items()))
        rng = random.Random(f'{BASE_SEED}/{stem}')
        path = os.path.join(args.out, stem + '.jsonl')
        kept = 0
        with open(path, 'w') as f:
            for i in range(MAX_RUN):
                if kept == n:
                    break
                rec = play_one(game, name, params, rng)
                if not KEEP[keep](rec):
                    continue
                kept += 1
                rec = {'index': i, **rec}  # the game's number in the run from the seed
                f.write(json.dumps(rec, separators=(',', ':'), ensure_ascii=False) + '\n')
        assert kept == n, (stem, kept)
        print(f'{path}: {n} games of {i}, {os.path.getsize(path)} bytes')
    lg = {'generated_by': 'tools/openspiel/record_games.py', **meta, 'games': legend(),
          'fixtures': [{'file': s + '.jsonl', 'game': g, 'parameters': o, 'games': n,
                        'kept': k, 'seed': f'{BASE_SEED}/{s}'} for s, g, o, n, k in FIXTURES]}
    with open(os.path.join(args.out, 'legend.json'), 'w') as f:
        json.dump(lg, f, indent=1, ensure_ascii=False)
        f.write('\n')


if __name__ == '__main__':
    main()
