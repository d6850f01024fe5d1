#!/usr/bin/env python3
"""Checks the OpenSpiel fixtures in tests/fixtures/openspiel/: re-reads every file named in
legend.json and replays each game in OpenSpiel, requiring the same chance outcomes, the same
player, action string and legal set (as strings) at every decision, and the same returns; that
each player plays only cards it was dealt (or received or took from the skat); that legend.json
is what OpenSpiel says now; and that every file is under 2 MB.

    /work/venv-openspiel/bin/python tools/openspiel/verify_fixtures.py [--dir DIR]

Exits non-zero with the first difference found in each file."""
import argparse
import json
import os
import sys

import pyspiel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_games  # noqa: E402  (for the legend and the default folder only)

MAX_BYTES = 2 * 1024 * 1024


class Mismatch(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Mismatch(what)


def replay(game, rec):
    name = rec['game']
    state = game.new_initial_state()
    chance = list(rec['chance'])
    moves = list(rec['moves'])
    ci = mi = 0
    hearts_hands_checked = False
    while not state.is_terminal():
        if state.is_chance_node():
            expect(ci < len(chance), 'more chance outcomes in OpenSpiel than recorded')
            cid, cstr = chance[ci]
            outcomes = dict(state.chance_outcomes())
            expect(cid in outcomes, f'chance {ci}: {cid} is no outcome here')
            expect(state.action_to_string(-1, cid) == cstr, f'chance {ci}: string {cstr}')
            state.apply_action(cid)
            ci += 1
            continue
        if name == 'hearts' and not hearts_hands_checked:
            hands = state.to_struct().hands
            expect([sorted(h) for h in rec['deal']['hands']] == [sorted(h) for h in hands],
                   'hearts: the recorded hands are not the dealt hands')
            hearts_hands_checked = True
        expect(mi < len(moves), 'more decisions in OpenSpiel than recorded')
        m = moves[mi]
        player = state.current_player()
        expect(m['p'] == player, f'move {mi}: player {m["p"]}, OpenSpiel says {player}')
        legal = state.legal_actions()
        expect([state.action_to_string(player, a) for a in legal] == m['legal'],
               f'move {mi}: legal set differs')
        expect(m['id'] in legal, f'move {mi}: {m["id"]} not legal')
        expect(state.action_to_string(player, m['id']) == m['s'], f'move {mi}: string {m["s"]}')
        if name == 'hearts':
            phase = state.to_struct().phase
            expect(m['k'] == {'Pass': 'pass', 'Play': 'play'}[phase], f'move {mi}: kind {m["k"]}')
        state.apply_action(m['id'])
        mi += 1
    expect(ci == len(chance), 'recorded chance outcomes left over')
    expect(mi == len(moves), 'recorded decisions left over')
    expect(list(state.returns()) == rec['returns'],
           f'returns {rec["returns"]}, OpenSpiel {state.returns()}')


def check_cards(rec):
    """Each player plays (passes, discards) only cards it holds by the recorded deal."""
    name, deal, moves = rec['game'], rec['deal'], rec['moves']
    hands = [set(h) for h in deal['hands']]
    expect(sum(map(len, hands)) == len(set().union(*hands)), 'a card dealt twice')
    if name == 'hearts':
        passes = [[m['s'] for m in moves if m['k'] == 'pass' and m['p'] == p] for p in range(4)]
        d = [e['string'] for e in LEGEND['hearts']['pass_direction']].index(deal['pass_direction'])
        for p in range(4):
            expect(set(passes[p]) <= hands[p], f'hearts: seat {p} passes a card it lacks')
        for p in range(4):
            hands[p] -= set(passes[p])
            hands[(p + d) % 4] |= set(passes[p])
    if name == 'skat':
        bids = [m for m in moves if m['k'] == 'bid' and m['s'] != 'unknown/pass']
        if bids:
            solo = bids[0]['p']
            hands[solo] |= set(deal['skat'])
            discards = [m['s'] for m in moves if m['k'] == 'discard']
            expect(len(discards) == 2 and set(discards) <= hands[solo], 'skat: bad discard')
            hands[solo] -= set(discards)
    played = [set() for _ in hands]
    for m in moves:
        if m['k'] == 'play':
            expect(m['s'] in hands[m['p']] and m['s'] not in played[m['p']],
                   f'{m["s"]} played by {m["p"]} who does not hold it')
            played[m['p']].add(m['s'])
    complete = sum(map(len, played)) == sum(map(len, hands))
    if name != 'skat':
        expect(complete, 'not every dealt card was played')


LEGEND = None


def main():
    global LEGEND
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--dir', default=record_games.OUT_DEFAULT)
    args = ap.parse_args()
    legend = json.load(open(os.path.join(args.dir, 'legend.json')))
    LEGEND = legend['games']
    failed = 0
    if legend['games'] != json.loads(json.dumps(record_games.legend())):
        print('legend.json: differs from what this OpenSpiel says')
        failed += 1
    if legend['open_spiel'] != pyspiel.__version__:
        print(f'note: recorded with OpenSpiel {legend["open_spiel"]}, checking with {pyspiel.__version__}')
    for fx in legend['fixtures']:
        path = os.path.join(args.dir, fx['file'])
        size = os.path.getsize(path)
        games = 0
        try:
            expect(size < MAX_BYTES, f'{size} bytes')
            for line_no, line in enumerate(open(path), 1):
                rec = json.loads(line)
                where = f'line {line_no} (game {rec["index"]})'
                game = pyspiel.load_game(rec['game'], rec['params'])
                try:
                    expect(rec['game'] == fx['game'], 'game name')
                    full = dict(pyspiel.load_game(fx['game'], fx['parameters']).get_parameters())
                    expect(rec['params'] == full, 'parameters differ from legend.json')
                    replay(game, rec)
                    check_cards(rec)
                    if fx['kept'] == 'moon':
                        expect(record_games.moon_shot(rec) and sorted(rec['returns']) == [0, 0, 0, 26],
                               'no moon shot')
                except Mismatch as e:
                    raise Mismatch(f'{where}: {e}')
                games += 1
            expect(games == fx['games'], f'{games} games, legend.json says {fx["games"]}')
            print(f'{fx["file"]}: {games} games replayed, {size} bytes: ok')
        except Mismatch as e:
            print(f'{fx["file"]}: FAILED: {e}')
            failed += 1
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
