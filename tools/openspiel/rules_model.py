#!/usr/bin/env python3
"""An independent statement of the rules OpenSpiel plays (tests/fixtures/openspiel/RULES.md),
written from the C++ source, without OpenSpiel: for every recorded game it recomputes each legal
set, who is to move, and the returns, from the deal and the moves alone, and compares them with
the fixtures. If it passes, RULES.md (which this file follows rule by rule) describes what the
fixtures hold; it is also the model a Rust differential test can be checked against.

    python3 tools/openspiel/rules_model.py [--dir DIR]     (plain Python, no OpenSpiel needed)"""
import argparse
import json
import os
import sys

HEARTS_RANKS = '23456789TJQKA'


class Differ(Exception):
    pass


def same(model, recorded, what):
    if model != recorded:
        raise Differ(f'{what}: model {model}, recorded {recorded}')


def check_moves(moves, expected_kinds):
    same([m['k'] for m in moves], expected_kinds, 'kinds of the decisions')


# ------------------------------------------------------------------------------------ hearts
def hearts(rec, order):
    prm, deal, moves = rec['params'], rec['deal'], rec['moves']
    hcard = lambda s: (s[1], HEARTS_RANKS.index(s[0]))  # (suit, rank)
    hands = [set(h) for h in deal['hands']]
    direction = ['No Pass', 'Left', 'Across', 'Right'].index(deal['pass_direction'])
    same(direction == 0 or prm['pass_cards'], True, 'a pass direction with pass_cards false')
    i = 0
    # R1 passing: seats 0,1,2,3 in turn each pass three cards, one decision per card, to (p + d) % 4
    if direction:
        passed = [[] for _ in range(4)]
        for p in range(4):
            for _ in range(3):
                m = moves[i]
                same((m['p'], m['k']), (p, 'pass'), f'move {i}: who passes')
                same(set(m['legal']), hands[p], f'move {i}: pass legal set')
                hands[p].discard(m['s'])
                passed[p].append(m['s'])
                i += 1
        for p in range(4):
            hands[(p + direction) % 4] |= set(passed[p])
    # R2 play: the holder of 2C leads
    leader = next(p for p in range(4) if '2C' in hands[p])
    broken = not prm['must_break_hearts']
    points = [0] * 4
    tricks_won = [0] * 4
    trick_points, trick_winners = [], []
    played = 0
    for t in range(13):
        trick = []
        for k in range(4):
            p = (leader + k) % 4
            m = moves[i]
            same((m['p'], m['k']), (p, 'play'), f'move {i}: who plays')
            hand = hands[p]
            legal = set()
            if trick:
                legal = {c for c in hand if c[1] == trick[0][1][1]}
            if not legal and played == 0:
                legal = {'2C'} | ({c for c in hand if c[1] == 'C'} if prm['can_lead_any_club'] else set())
            elif not legal and prm['no_pts_on_first_trick'] and played < 4:
                legal = {c for c in hand if c != 'QS' and c[1] != 'H'}
            if not legal and not trick:
                legal = {c for c in hand if c[1] != 'H' or broken}
                if prm['can_lead_hearts_instead_of_qs'] and legal == {'QS'}:
                    legal = set()
            if not legal:
                legal = set(hand)
            same(sorted(legal, key=order), m['legal'], f'move {i}: play legal set')
            c = m['s']
            hand.discard(c)
            trick.append((p, c))
            if c[1] == 'H' or (prm['qs_breaks_hearts'] and c == 'QS'):
                broken = True
            played += 1
            i += 1
        led = trick[0][1][1]
        winner = max((x for x in trick if x[1][1] == led), key=lambda x: hcard(x[1])[1])[0]
        pts = sum(1 if c[1] == 'H' else 13 if c == 'QS' else -10 if (c == 'JD' and prm['jd_bonus'])
                  else 0 for _, c in trick)
        points[winner] += pts
        tricks_won[winner] += 1
        trick_points.append(pts)
        trick_winners.append(winner)
        leader = winner
    same(i, len(moves), 'number of decisions')
    # R3 the moon: one player took every trick holding a heart or the QS
    takers = {w for w, pts in zip(trick_winners, trick_points) if pts not in (0, -10)}
    moon = len(takers) == 1
    if moon:
        shooter = takers.pop()
        points = [x - 26 if p == shooter else x + 26 for p, x in enumerate(points)]
    elif prm['avoid_all_tricks_bonus']:
        points = [x - 5 if tricks_won[p] == 0 else x for p, x in enumerate(points)]
    same([26.0 - x for x in points], rec['returns'], 'returns')


# ------------------------------------------------------------------------------------ oh_hell
def oh_hell(rec, order):
    prm, deal, moves = rec['params'], rec['deal'], rec['moves']
    n, T, dealer = prm['players'], deal['num_tricks'], deal['dealer']
    same(T == prm['num_tricks_fixed'] or prm['num_tricks_fixed'] == -1, True, 'num_tricks')
    hands = [set(h) for h in deal['hands']]
    trump = deal['trump_card'][0]
    ranks = '23456789TJQKA'
    i = 0
    bids = [None] * n
    for k in range(n):  # O1 bidding from the dealer's left, the dealer last ("hook")
        p = (dealer + 1 + k) % n
        m = moves[i]
        same((m['p'], m['k']), (p, 'bid'), f'move {i}: who bids')
        legal = list(range(T + 1))
        if k == n - 1:
            legal = [b for b in legal if b + sum(bids[q] for q in range(n) if q != p) != T]
        same([str(b) for b in legal], m['legal'], f'move {i}: bid legal set')
        bids[p] = int(m['s'])
        i += 1
    leader = (dealer + 1) % n
    won = [0] * n
    for t in range(T):  # O2 follow suit, else anything; no duty to trump
        trick = []
        for k in range(n):
            p = (leader + k) % n
            m = moves[i]
            same((m['p'], m['k']), (p, 'play'), f'move {i}: who plays')
            legal = {c for c in hands[p] if trick and c[0] == trick[0][1][0]} or set(hands[p])
            same(sorted(legal, key=order), m['legal'], f'move {i}: play legal set')
            hands[p].discard(m['s'])
            trick.append((p, m['s']))
            i += 1
        suit = trump if any(c[0] == trump for _, c in trick) else trick[0][1][0]
        leader = max((x for x in trick if x[1][0] == suit), key=lambda x: ranks.index(x[1][1]))[0]
        won[leader] += 1
    same(i, len(moves), 'number of decisions')
    ppt = prm['points_per_trick']
    if prm['off_bid_penalty']:
        ret = [ppt * w + 10 if w == b else -ppt * abs(w - b) for w, b in zip(won, bids)]
    else:
        ret = [ppt * w + (10 if w == b else 0) for w, b in zip(won, bids)]
    same([float(x) for x in ret], rec['returns'], 'returns')


# ------------------------------------------------------------------------------------ skat
SKAT_VALUE = {'7': 0, '8': 0, '9': 0, 'Q': 3, 'K': 4, 'T': 10, 'A': 11, 'J': 2}
GAMES = ['unknown/pass', 'diamonds', 'hearts', 'spades', 'clubs', 'grand', 'null']


def skat(rec, order):
    deal, moves = rec['deal'], rec['moves']
    hands = [set(h) for h in deal['hands']]
    i = 0
    solo = None
    for p in range(3):  # S1 players 0,1,2 in turn pass or name a game; the first to name one plays
        m = moves[i]
        same((m['p'], m['k']), (p, 'bid'), f'move {i}: who bids')
        same(m['legal'], GAMES, f'move {i}: bid legal set')
        i += 1
        if m['s'] != 'unknown/pass':
            solo, game = p, m['s']
            break
    if solo is None:
        same(i, len(moves), 'number of decisions')
        same(rec['returns'], [0.0, 0.0, 0.0], 'returns when all pass')
        return
    hands[solo] |= set(deal['skat'])  # S2 the soloist takes the skat and lays away two cards
    discards = []
    for _ in range(2):
        m = moves[i]
        same((m['p'], m['k']), (solo, 'discard'), f'move {i}: who discards')
        same(sorted(hands[solo], key=order), m['legal'], f'move {i}: discard legal set')
        hands[solo].discard(m['s'])
        discards.append(m['s'])
        i += 1
    trump_suit = {'diamonds': 'D', 'hearts': 'H', 'spades': 'S', 'clubs': 'C'}.get(game)
    null = game == 'null'
    is_trump = lambda c: not null and (c[1] == 'J' or c[0] == trump_suit)
    suit_of = lambda c: 'T' if is_trump(c) else c[0]  # the suit a card follows as

    def strength(c, led):
        if is_trump(c):
            return 100 + ('DHSC'.index(c[0]) + 10 if c[1] == 'J' else '789QKTA'.index(c[1]))
        if c[0] != led[0] or suit_of(led) == 'T':
            return -1
        return ('789TJQKA' if null else '789QKTA').index(c[1])

    leader = 0  # S3 player 0 leads the first trick, whoever plays
    pts = [0, 0]  # soloist, defenders
    over = False
    for t in range(10):
        trick = []
        for k in range(3):
            p = (leader + k) % 3
            m = moves[i]
            same((m['p'], m['k']), (p, 'play'), f'move {i}: who plays')
            legal = set()
            if trick:
                legal = {c for c in hands[p] if suit_of(c) == suit_of(trick[0][1])}
            legal = legal or set(hands[p])
            same(sorted(legal, key=order), m['legal'], f'move {i}: play legal set')
            hands[p].discard(m['s'])
            trick.append((p, m['s']))
            i += 1
        led = trick[0][1]
        leader = max(trick, key=lambda x: strength(x[1], led))[0]
        value = sum(SKAT_VALUE[c[1]] for _, c in trick)
        pts[0 if leader == solo else 1] += value
        if null and leader == solo:  # S4 the soloist of a null game loses at its first trick
            over = True
            break
    same(i, len(moves), 'number of decisions')
    if null:
        pts = [30, 90] if over else [90, 30]
    else:
        pts[0] += sum(SKAT_VALUE[c[1]] for c in discards)
    ret = [(pts[0] - 60) / 120 if p == solo else (pts[1] - 60) / 240 for p in range(3)]
    same(ret, rec['returns'], 'returns')


MODELS = {'hearts': hearts, 'oh_hell': oh_hell, 'skat': skat}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--dir', default=os.path.join(here, '..', '..', 'tests', 'fixtures', 'openspiel'))
    args = ap.parse_args()
    legend = json.load(open(os.path.join(args.dir, 'legend.json')))
    failed = 0
    for fx in legend['fixtures']:
        ids = {c['string']: c['id'] for c in legend['games'][fx['game']]['cards']}
        order = lambda s: ids[s]
        n = 0
        try:
            for line_no, line in enumerate(open(os.path.join(args.dir, fx['file'])), 1):
                try:
                    MODELS[fx['game']](json.loads(line), order)
                except (Differ, IndexError, KeyError, ValueError, TypeError) as e:
                    raise Differ(f'line {line_no}: {type(e).__name__}: {e}')
                n += 1
            print(f'{fx["file"]}: {n} games agree with the model')
        except Differ as e:
            print(f'{fx["file"]}: FAILED: {e}')
            failed += 1
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
