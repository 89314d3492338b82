"""The 43-card deck (spec 4.5): each kind's type, who may play it, and its numbers.

Card ids are positions in the unshuffled deck: kinds in table order, each repeated
by its configured count, so the default deck has ids 0..42.
"""

from __future__ import annotations

from referee.games.wabbit.config import Config

MAIL = "mail_order"
INSTANT = "instant"
LASTING = "lasting"

ANY = "any"
FARMER_ONLY = "farmer"
WABBIT_ONLY = "wabbit"


class CardKind:
    """One kind of card: key, display name, type, side restriction and attack bonus."""

    __slots__ = ("key", "name", "type", "side", "attack_bonus")

    def __init__(self, key: str, name: str, kind: str, side: str = ANY, attack: int = 0):
        self.key = key
        self.name = name
        self.type = kind
        self.side = side
        self.attack_bonus = attack


BAZOOKA = "bazooka"
DYNAMITE = "dynamite"
ATOMIC_BOMB = "atomic_bomb"
ROCKET_SKATES = "rocket_skates"
JET_PACK = "jet_pack"
PORTABLE_HOLE = "portable_hole"
HOP_TO_IT = "hop_to_it"
CAREFUL_AIM = "careful_aim"
SECOND_CHANCE = "second_chance"
FALLING_ANVIL = "falling_anvil"
ANGRY_DUCKS = "angry_ducks"
SEMI_TRUCK = "semi_truck"
SIC_EM_ROVER = "sic_em_rover"
KISSIN_COUSINS = "kissin_cousins"
GREEN_THUMB = "green_thumb"
QUICK_FIX = "quick_fix"
TERMITES = "termites"
SPECIAL_DELIVERY = "special_delivery"
TUNNEL = "tunnel"
DISGUISE = "disguise"

CARD_KINDS: tuple[CardKind, ...] = (
    CardKind(BAZOOKA, "Bazooka", MAIL),
    CardKind(DYNAMITE, "Dynamite", MAIL),
    CardKind(ATOMIC_BOMB, "Atomic Bomb", MAIL),
    CardKind(ROCKET_SKATES, "Rocket Skates", MAIL),
    CardKind(JET_PACK, "Jet Pack", MAIL),
    CardKind(PORTABLE_HOLE, "Portable Hole", MAIL),
    CardKind(HOP_TO_IT, "Hop To It!", INSTANT),
    CardKind(CAREFUL_AIM, "Careful Aim", INSTANT),
    CardKind(SECOND_CHANCE, "Second Chance", INSTANT),
    CardKind(FALLING_ANVIL, "Falling Anvil", INSTANT, attack=3),
    CardKind(ANGRY_DUCKS, "Angry Ducks", INSTANT, attack=4),
    CardKind(SEMI_TRUCK, "Semi Truck!", INSTANT, attack=5),
    CardKind(SIC_EM_ROVER, "Sic 'em, Rover!", INSTANT, FARMER_ONLY, attack=4),
    CardKind(KISSIN_COUSINS, "Kissin' Cousins", INSTANT, WABBIT_ONLY, attack=3),
    CardKind(GREEN_THUMB, "Green Thumb", INSTANT),
    CardKind(QUICK_FIX, "Quick Fix", INSTANT, FARMER_ONLY),
    CardKind(TERMITES, "Termites", INSTANT, WABBIT_ONLY),
    CardKind(SPECIAL_DELIVERY, "Special Delivery", INSTANT),
    CardKind(TUNNEL, "Tunnel", INSTANT, WABBIT_ONLY),
    CardKind(DISGUISE, "Disguise", LASTING),
)
KINDS_BY_KEY: dict[str, CardKind] = {kind.key: kind for kind in CARD_KINDS}
CARD_ATTACKS = frozenset(k.key for k in CARD_KINDS if k.attack_bonus)
WINDOW_CARDS = frozenset((CAREFUL_AIM, SECOND_CHANCE))
CAREFUL_AIM_BONUS = 2
HOP_TO_IT_MP = 2
DISGUISE_BONUS = 2
CARD_ATTACK_RANGE = 3


def build_deck(config: Config) -> tuple[str, ...]:
    """Return the card kind key of every card id, for the configured counts."""
    deck: list[str] = []
    for kind in CARD_KINDS:
        deck.extend([kind.key] * getattr(config, f"count_{kind.key}"))
    return tuple(deck)


def side_allows(kind: CardKind, seat: int) -> bool:
    """Return whether the player at ``seat`` (0 is the Farmer) may play this kind."""
    if kind.side == FARMER_ONLY:
        return seat == 0
    if kind.side == WABBIT_ONLY:
        return seat != 0
    return True
