"""What jewels, cards and city tokens are worth to the bot, which cards do what, and the
card in hand worth least (the one a special or the Potion of Haste carries).

Values are in "spaces of progress": a card worth 4 is worth a 4-space detour."""

from __future__ import annotations

from .situation import Sit

JEWEL_RANK = {"emperor": 100, "green": 2, "yellow": 1, "trinkets": 1}
GOOD_TOKENS = {"informer", "guild_agent", "known_neighborhood", "trinkets", "thiefs_stash",
               "dark_alley", "manhole", "ladder"}
CARD_VALUE = {
    "reflective_cloak": 6, "elixir_of_speed": 5, "rope_and_hook": 5, "smoke_grenade": 4,
    "secret_passage": 4, "stolen_uniform": 4, "beacon": 4, "purse_of_silver": 3.5,
    "automatic_snare": 3.5, "forged_orders": 3.5, "cog_rod": 3, "mechanical_rats": 3,
    "firecracker": 3, "noise_grenade": 3, "debilitating_gas": 3, "pole_vault": 3,
    "guild_contacts": 3, "poisonous_bola": 2, "mesmerist_pendant": 2, "pocket_chronometer": 2,
    "fire_grenade": 1.5, "mirror_trick": 1, "pickpocket": 1, "anonymous_tip": 1,
}
THEFT_CARDS = {"cog_rod": 2, "mechanical_rats": "D", "confiscation": 3, "noise_grenade": 4}
CATCH_CARDS = {"beacon", "debilitating_gas", "mesmerist_pendant", "firecracker", "noise_grenade",
               "seduction", "anonymous_tip"}
JUMPS = {"secret_passage": ("hideout", 6), "pole_vault": ("free", 2),
         "stolen_uniform": ("guardhouse", 4), "swallows_leap": ("free", 3),
         "rat_tunnels": ("sewer_exit", None)}
DRAWS = {"guild_contacts", "pocket_chronometer"}
GUARD_MOVERS = {"beacon", "debilitating_gas", "seduction"}
LEAVE_VALUE = 1000.0
UNREACHABLE = 400.0


def junk_card(sit: Sit, used: set) -> str | None:
    """The card in hand, besides ``used``, worth least to keep."""
    hand = [(CARD_VALUE.get(c["kind"], 1), c["id"]) for c in sit.th["hand"]
            if c["id"] not in used]
    return min(hand)[1] if hand else None
