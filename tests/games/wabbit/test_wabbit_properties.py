"""Properties over random legal play (H31 termination, purity, determinism, hidden info),
with the default rules and with the optional variants V1-V4 switched on.
"""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.playout import random_playout
from referee.games.rng import Rng
from referee.games.wabbit import GAME
from referee.games.wabbit.actions import Play
from referee.games.wabbit.board import MAILBOX
from referee.games.wabbit.cards import KINDS_BY_KEY, MAIL, PORTABLE_HOLE
from referee.games.wabbit.items import card_of_item, mail_item_id
from referee.games.wabbit.state import State

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.sampled_from([2, 3, 4])
MAX_DECISIONS = 12 * 4 * 300
ALL_VARIANTS = {
    "permanent_tunnels": True,
    "hidden_mail_orders": True,
    "rotate_first_seat": True,
    "single_die": True,
}
MAIL_KINDS = frozenset(kind.key for kind in KINDS_BY_KEY.values() if kind.type == MAIL)


def with_mail(state: State) -> State:
    """Return a copy where, while the draw pile's mail-order cards last, each seat has an
    order in the mail and an item in its Parcel (cards taken from the draw pile), and each
    seat's first character stands on the Mailbox."""
    state = state.copy()
    for seat in range(state.players):
        state.set_char(state.chars[2 * seat].evolve(cell=MAILBOX))
    mail = [c for c in state.draw if state.deck_kinds[c] in MAIL_KINDS]
    orders = mail[: state.players]
    items = [c for c in mail[state.players :] if state.deck_kinds[c] != PORTABLE_HOLE]
    items = items[: state.players]
    state.in_mail = tuple((card,) for card in orders) + ((),) * (state.players - len(orders))
    state.parcel = tuple((mail_item_id(state.deck_kinds[c], c),) for c in items) + ((),) * (
        state.players - len(items)
    )
    state.draw = tuple(c for c in state.draw if c not in orders and c not in items)
    return state


def walk(players: int, seed: int, chooser_seed: int, mail: bool = False, **config):
    """Yield (state, action) along one random legal game.

    With ``mail`` the game starts ``with_mail`` and a legal mail order is chosen half the
    time it is offered.
    """
    state = GAME.new_state(GAME.make_config(**config), players, seed)
    if mail:
        state = with_mail(state)
    chooser = Rng(chooser_seed)
    while GAME.to_move(state) is not None:
        actions = GAME.legal_actions(state)
        orders = [a for a in actions if isinstance(a, Play) and a.card_kind in MAIL_KINDS]
        if mail and orders and chooser.below(2):
            actions = orders
        action = actions[chooser.below(len(actions))]
        yield state, action
        state = GAME.apply(state, action)


@settings(max_examples=30)
@given(seed=SEEDS, players=PLAYERS)
def test_h31_random_play_always_ends_within_the_caps(seed, players):
    state = GAME.new_state(GAME.make_config(), players, seed)
    result = random_playout(GAME, state, seed, max_decisions=MAX_DECISIONS)
    final = result.state
    assert GAME.to_move(final) is None
    assert final.round == 12
    outcome = GAME.outcome(final)
    assert outcome is not None and len(outcome.ranks) == players


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_h31_no_turn_reaches_the_safety_cap(seed, players):
    for state, _ in walk(players, seed, seed + 1):
        assert state.decisions < state.config.max_actions_per_turn


@settings(max_examples=6)
@given(seed=SEEDS, players=PLAYERS)
def test_apply_never_mutates_its_input(seed, players):
    for state, action in walk(players, seed, seed ^ 0x5A5A):
        before = state.canonical()
        before_obs = GAME.observe(state, GAME.to_move(state))
        GAME.apply(state, action)
        assert state.canonical() == before
        assert GAME.observe(state, GAME.to_move(state)) == before_obs


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_same_seed_and_choices_give_the_same_digests(seed, players):
    first = [GAME.digest(s) for s, _ in walk(players, seed, 7)]
    second = [GAME.digest(s) for s, _ in walk(players, seed, 7)]
    assert first == second


def hide_differently(
    state: State, seat: int | None, rng: random.Random, mail: bool = False
) -> State:
    """Return a copy that differs from ``state`` only in what ``seat`` may not know.

    With ``mail`` (V2), other seats' orders in the mail and Parcel items differ too.
    """
    other = state.copy()
    hidden = [s for s in range(state.players) if s != seat]
    pool = list(other.draw) + [c for s in hidden for c in other.hands[s]]
    if mail:
        pool += [c for s in hidden for c in other.in_mail[s]]
    rng.shuffle(pool)
    hands = list(other.hands)
    in_mail = list(other.in_mail)
    parcel = list(other.parcel)
    for s in hidden:
        size = len(hands[s])
        hands[s], pool = tuple(pool[:size]), pool[size:]
        if mail:
            size = len(in_mail[s])
            in_mail[s], pool = tuple(pool[:size]), pool[size:]
            parcel[s] = tuple(
                mail_item_id(rng.choice(sorted(MAIL_KINDS)), rng.randrange(99)) for _ in parcel[s]
            )
    other.hands = tuple(hands)
    other.in_mail = tuple(in_mail)
    other.parcel = tuple(parcel)
    other.draw = tuple(pool)
    other.rng = Rng(rng.randrange(2**32), rng.randrange(1000))
    return other


def json_only(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and json_only(v) for k, v in value.items())
    if isinstance(value, list):
        return all(json_only(v) for v in value)
    return value is None or isinstance(value, (str, int, bool))


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_observations_hide_other_hands_deck_order_and_rng(seed, players):
    shuffler = random.Random(seed)
    for index, (state, _) in enumerate(walk(players, seed, seed + 3)):
        if index % 7:
            continue
        for seat in [None, *range(players)]:
            obs = GAME.observe(state, seat)
            assert json_only(obs)
            json.dumps(obs)
            assert obs == GAME.observe(hide_differently(state, seat, shuffler), seat)
            if seat is not None:
                assert [c["card"] for c in obs["hand"]] == list(state.hands[seat])
            else:
                assert obs["hand"] is None


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_private_events_go_only_to_the_drawing_seat(seed, players):
    for state, action in walk(players, seed, seed + 5):
        after = GAME.apply(state, action)
        for event in GAME.events(after):
            json.dumps(event.to_json())
            if event.kind == "draw_cards":
                assert event.visible_to == frozenset({event.data["seat"]})
            else:
                assert event.visible_to is None


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_cards_are_conserved(seed, players):
    for state, _ in walk(players, seed, seed + 9):
        places = list(state.draw) + list(state.discard)
        places += [c for hand in state.hands for c in hand]
        places += [c for mail in state.in_mail for c in mail]
        places += [card for _, card in state.disguises]
        items = [i for i, _ in state.items] + [i for p in state.parcel for i in p]
        items += [i for c in state.chars for i in (c.weapon, c.vehicle) if i]
        places += [int(i.partition("#")[2]) for i in items if "#" in i]
        if state.hole_card >= 0:
            places.append(state.hole_card)
        assert sorted(places) == list(range(len(state.deck_kinds)))


@settings(max_examples=20)
@given(seed=SEEDS, players=PLAYERS)
def test_v1_to_v4_random_play_with_every_variant_always_ends_within_the_caps(seed, players):
    state = GAME.new_state(GAME.make_config(**ALL_VARIANTS), players, seed)
    result = random_playout(GAME, state, seed, max_decisions=MAX_DECISIONS)
    final = result.state
    assert GAME.to_move(final) is None
    assert final.round == 12
    outcome = GAME.outcome(final)
    assert outcome is not None and len(outcome.ranks) == players
    for state, _ in walk(players, seed, seed + 1, **ALL_VARIANTS):
        assert state.decisions < state.config.max_actions_per_turn


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_v2_observations_and_renders_hide_other_seats_mail(seed, players):
    shuffler = random.Random(seed)
    for index, (state, _) in enumerate(walk(players, seed, seed + 3, True, **ALL_VARIANTS)):
        if index % 7:
            continue
        for seat in [None, *range(players)]:
            obs = GAME.observe(state, seat)
            assert json_only(obs)
            other = hide_differently(state, seat, shuffler, mail=True)
            assert obs == GAME.observe(other, seat)
            if index % 35 == 0:  # renders are slow: check one sampled state in five
                assert GAME.render(state, seat) == GAME.render(other, seat)
            for row in obs["seats"]:
                if row["seat"] != seat:
                    assert {m["card"] for m in row["in_mail"]} <= {-1}
                    assert set(row["parcel"]) <= {""}


@settings(max_examples=8)
@given(seed=SEEDS, players=PLAYERS)
def test_v2_events_never_name_other_seats_hidden_mail(seed, players):
    for state, action in walk(players, seed, seed + 5, True, **ALL_VARIANTS):
        after = GAME.apply(state, action)
        for viewer in [None, *range(players)]:
            others = [s for s in range(players) if s != viewer]
            items = {i for s in others for i in after.parcel[s]}
            cards = {c for s in others for c in after.in_mail[s]}
            cards |= {card_of_item(i) for i in items}
            for event in GAME.events(after):
                if not event.is_visible_to(viewer):
                    continue
                data = event.data
                drawn = data.get("cards")
                assert data.get("card") not in cards
                assert not (isinstance(drawn, list) and cards & set(drawn))
                assert data.get("item") not in items
                if event.kind == "card_played" and data["seat"] != viewer:
                    assert data["card_kind"] not in MAIL_KINDS
