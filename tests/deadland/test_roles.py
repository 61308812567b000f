"""Rulebook section "Role Cards": the five rulebook roles and our three stand-ins."""
from __future__ import annotations

from gamelib.rules.deadland.trials import SURVIVOR_REVEAL

from .helpers import climb, draw_daily, junk, player, settle, start, texts


# ---- Infectee ------------------------------------------------------------------------------------
def test_infectee_may_turn_into_a_zombie_when_a_card_is_about_to_be_added():
    """Role Cards (Infectee): reveal when a Virus card is about to join the deck: become a zombie."""
    s = start(2, virus={"deck": ["2"] + junk(3)},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "infectee"}})
    assert s.to_move == "red" and s.legal_labels() == ["Reveal Infectee: become a Zombie", "Add the 2 to your Infection deck"]
    s.apply("Reveal Infectee: become a Zombie")
    red = player(s, "red")
    assert red["zombie"] and red["role"] == "Infectee" and s.active == 1
    assert "2" in s.view(None)["virus"]["discard"]


def test_infectee_let_it_be_adds_the_card():
    """Role Cards (Infectee): declining keeps the card face down and the card is added."""
    s = start(2, virus={"deck": ["2"] + junk(3)},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "infectee"}})
    s.apply("Add the 2 to your Infection deck")
    assert player(s, "red")["level"] == 2 and s.view("blue")["players"]["red"]["role"] == "face down"


# ---- Traitor -------------------------------------------------------------------------------------
def test_traitor_takes_every_object_and_token_of_a_player_on_the_board():
    """Role Cards (Traitor): on their turn, sharing a board, reveal and take all of one player's things."""
    s = start(2, virus={"deck": junk(4)},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "traitor", "objects": ["Pistol"]},
                       "blue": {"board": "Hospital", "objects": ["police-01", "Hatchet"], "munitions": 2, "rations": 1}})
    s.apply("Stay on the Hospital")
    s.apply("Reveal Traitor: take every object and token of blue")
    red, blue = player(s, "red"), player(s, "blue")
    assert red["objects"] == ["Pistol", "Hatchet"] and red["munitions"] == 2 and red["rations"] == 1
    assert blue["objects"] == [] and blue["munitions"] == 0 and red["role"] == "Traitor"
    assert "police-01" in s.box  # a second Pistol cannot be kept
    assert "red reveals the Traitor card and takes from blue: the Pistol (a duplicate, discarded), the Hatchet, " \
           "2 Munitions, 1 Rations" in texts(s)


def _traitor(**blue):
    return start(2, settled=False, virus={"deck": junk(6)}, players={
        "red": {"board": "Hospital", "infection": ["1"], "role": "traitor"},
        "blue": {"board": "Hospital", **blue}})


def test_role_cards_traitor_reveals_at_movement_and_moves_away():
    """Role Cards (Traitor): "during your turn": at the Movement decision too, so the Traitor can take
    another player's things and leave the board in the same turn."""
    s = _traitor(objects=["Hatchet"], munitions=1)
    assert s.phase == "Movement"
    assert s.legal_labels()[0] == "Reveal Traitor: take every object and token of blue"
    s.apply("Reveal Traitor: take every object and token of blue")
    assert s.phase == "Movement" and s.to_move == "red"  # the decision is still to be taken
    s.apply("Move to Road 1")
    red = player(s, "red")
    assert red["board"] == "Road 1" and red["objects"] == ["Hatchet"] and red["munitions"] == 1


def test_role_cards_traitor_takes_rations_and_eats_one_before_the_daily_trial():
    """Role Cards (Traitor) with Event Card Types (Rations): a reveal at the start of the turn lets the
    Traitor eat one of the Rations just taken before the daily trial."""
    s = _traitor(rations=2)
    assert s.phase == "Daily Infection Trial"
    assert s.legal_labels() == ["Reveal Traitor: take every object and token of blue", "Draw 2 Virus cards"]
    s.apply("Reveal Traitor: take every object and token of blue")
    assert s.legal_labels() == ["Eat a Ration before the trial", "Draw 2 Virus cards"]
    s.apply("Eat a Ration before the trial")
    assert player(s, "red")["rations"] == 1 and "red (level 1) draws 1 Virus card" in texts(s)


def test_role_cards_traitor_waits_before_the_daily_trial_for_anyone_who_might_be_the_traitor():
    """Role Cards (Traitor), kept face down: the pause before the daily trial is made for every player
    who might hold the Traitor, so it tells nothing; the real Traitor alone sees the reveal."""
    for role in ("traitor", "medic"):
        s = start(2, settled=False, virus={"deck": junk(6)}, players={
            "red": {"board": "Hospital", "infection": ["1"], "role": role},
            "blue": {"board": "Hospital", "rations": 2}})
        assert s.phase == "Daily Infection Trial" and s.to_move == "red"
        assert [x for x in s.legal_labels() if not x.startswith("Reveal")] == ["Draw 2 Virus cards"]
    # with nothing to eat and no Radio Contact able to end the game, Movement comes first
    s = start(2, settled=False, virus={"deck": junk(6)}, players={
        "red": {"board": "Hospital", "infection": ["1"], "role": "traitor"},
        "blue": {"board": "Hospital", "objects": ["Hatchet"]}})
    assert s.phase == "Movement"


def test_role_cards_traitor_reveal_is_offered_at_every_decision_of_their_own_turn_only():
    """Role Cards (Traitor): over random games the reveal is offered exactly when the player to move is
    the active player, holds the face-down Traitor and shares the board with another survivor."""
    from gamelib import RandomAgent
    from gamelib.rules.deadland.roles import traitor_victims

    seen = set()
    for n, seed in ((3, 1), (4, 2), (5, 3), (6, 4), (4, 5), (6, 6)):
        s = start(n, seed=seed, settled=False)
        agent = RandomAgent(seed)
        while not s.is_over:
            me = s.game.players.index(s.to_move)
            offered = sorted(a.args[0] for a in s.legal_actions() if a.kind == "traitor")
            expected = sorted(traitor_victims(s, me)) if me == s.active and s.role_is(me, "traitor", False) else []
            assert offered == expected, (s.stack[-1], s.to_record())
            if offered:
                seen.add(s.stack[-1][0])
            s.apply(agent.choose(s))
    assert {"ask_move", "ask_use"} <= seen and len(seen) >= 3, seen


# ---- Looter --------------------------------------------------------------------------------------
def test_looter_draws_five_and_keeps_one():
    """Role Cards (Looter): reveal before the Event: draw five, apply one, discard the rest."""
    top = ["Rations", "One Zombie", "Hatchet", "Infected Area", "Munitions"]
    s = start(2, virus={"deck": junk(4)}, boards={"Hospital": {"deck": top}},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "looter"}})
    s.apply("Stay on the Hospital")
    settle(s)  # the Using phase waits: red might be the Scavenger
    assert s.legal_labels() == ["Reveal Looter: draw five Event cards and keep one", "Draw one Event card"]
    s.apply("Reveal Looter: draw five Event cards and keep one")
    assert s.legal_labels() == ["Keep 1 Rations", "Keep One Zombie (2 cards)", "Keep Hatchet", "Keep Infected Area",
                                "Keep 1 Munitions"]
    s.apply("Keep Hatchet")
    hosp = next(b for b in s.view(None)["boards"] if b["name"] == "Hospital")
    assert len(hosp["deck"]) == 15 and len(hosp["discard"]) == 4
    assert player(s, "red")["objects"] == ["Hatchet (new)"]


def test_active_looter_discards_an_extra_card_and_shuffles_back_an_infected_area():
    """Role Cards (Looter): afterwards each Event draw costs one extra card, discarded; an Infected
    Area discarded this way goes back into the deck."""
    s = start(2, virus={"deck": junk(4)}, boards={"Hospital": {"deck": ["Rations", "Infected Area"]}},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "looter", "revealed": True}})
    s.apply("Stay on the Hospital")
    hosp = next(b for b in s.view(None)["boards"] if b["name"] == "Hospital")
    assert player(s, "red")["rations"] == 1
    assert len(hosp["deck"]) == 19 and "Infected Area" in hosp["deck"] and hosp["discard"] == ["1 Rations"]
    s = start(2, virus={"deck": junk(4)}, boards={"Hospital": {"deck": ["Rations", "Munitions"]}},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "looter", "revealed": True}})
    s.apply("Stay on the Hospital")
    hosp = next(b for b in s.view(None)["boards"] if b["name"] == "Hospital")
    assert len(hosp["deck"]) == 18 and hosp["discard"] == ["1 Rations", "1 Munitions"]


# ---- Survivor ------------------------------------------------------------------------------------
def test_survivor_cannot_reveal_before_anyone_is_a_zombie():
    """Role Cards (Survivor): only after at least one other player became a zombie."""
    s = start(2, virus={"deck": junk(4)}, players={"red": {"board": "Hospital", "infection": ["1"], "role": "survivor"}})
    assert s.phase == "Movement"


def test_survivor_reveal_then_one_card_fewer():
    """Role Cards (Survivor): once revealed, the Survivor may take one card fewer (at least one)."""
    s = start(2, virus={"deck": junk(4)}, players={"red": {"board": "Hospital", "infection": ["1"], "role": "survivor"},
                                                   "blue": {"board": "Road 2", "zombie": True}})
    assert s.legal_labels() == [SURVIVOR_REVEAL, "Draw 2 Virus cards"]
    s.apply(SURVIVOR_REVEAL)
    assert s.legal_labels() == ["Draw 1 Virus card (Survivor: one fewer)", "Draw 2 Virus cards (Survivor: the full number)"]
    s.apply("Draw 1 Virus card (Survivor: one fewer)")
    assert "red (level 1) draws 1 Virus card (one fewer: Survivor)" in texts(s)


def test_role_cards_survivor_may_take_the_full_number_when_a_radio_contact_could_end_the_game():
    """Role Cards (Survivor): the Survivor "can" take one card fewer, so the full number stays a choice:
    here the second card of the full trial is the Radio Contact that ends the game, and red, alive
    with a Ration, wins."""
    def table(choice):
        s = start(2, radio=6, virus={"deck": ["8", "Radio Contact"] + junk(4)},
                  players={"red": {"board": "Hospital", "infection": ["1"], "role": "survivor", "revealed": True,
                                   "rations": 1},
                           "blue": {"board": "Road 2", "zombie": True, "role": "medic"}})
        assert s.phase == "Daily Infection Trial"
        assert s.legal_labels() == ["Eat a Ration before the trial", "Draw 1 Virus card (Survivor: one fewer)",
                                    "Draw 2 Virus cards (Survivor: the full number)"]
        s.apply(choice)
        return s
    s = table("Draw 2 Virus cards (Survivor: the full number)")
    assert "red (level 1) draws 2 Virus cards (the Survivor takes the full number)" in texts(s)
    assert s.is_over and s.outcome.winners == ("red",)
    s = table("Draw 1 Virus card (Survivor: one fewer)")
    assert not s.is_over and s.view(None)["radio"]["contacts"] == 6


def test_role_cards_survivor_chooses_the_number_in_an_attack_trial():
    """Role Cards (Survivor): "during all Infection Trials": in a zombie attack too, the revealed
    Survivor chooses between one card fewer and the full number."""
    s = start(2, virus={"deck": junk(10)}, boards={"Hospital": {"deck": ["Group of Zombies (3 cards)"]}},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "survivor", "revealed": True},
                       "blue": {"board": "Road 2", "zombie": True}})
    s.apply("Draw 2 Virus cards (Survivor: the full number)")
    s.apply("Stay on the Hospital")
    settle(s)
    assert s.legal_labels() == ["Undergo the trial with 2 Virus cards (Survivor: one fewer)",
                                "Undergo the trial with 3 Virus cards (Survivor: the full number)"]
    s.apply("Undergo the trial with 3 Virus cards (Survivor: the full number)")
    assert "red undergoes an Infection Trial of 3 cards (the Survivor takes the full number)" in texts(s)


def test_role_cards_survivor_is_not_asked_where_one_fewer_changes_nothing():
    """Role Cards (Survivor): "with a minimum of one card": a one-card trial leaves nothing to choose."""
    s = start(2, virus={"deck": junk(4)}, players={"red": {"infection": ["1"], "role": "survivor", "revealed": True},
                                                   "blue": {"board": "Road 2", "zombie": True}})
    assert s.phase == "Movement" and "red (level 1) draws 1 Virus card (one fewer on the Base)" in texts(s)


def test_survivor_may_reveal_before_an_attack_trial():
    """Role Cards (Survivor): "at any point": also just before a zombie attack's trial."""
    s = start(2, virus={"deck": junk(10)}, boards={"Hospital": {"deck": ["Group of Zombies (3 cards)"]}},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "survivor"},
                       "blue": {"board": "Road 2", "zombie": True}})
    s.apply("Draw 2 Virus cards")
    s.apply("Stay on the Hospital")
    settle(s)  # the Using phase and the Looter's moment pass
    assert s.legal_labels() == [SURVIVOR_REVEAL, "Undergo the Infection Trial"]
    s.apply(SURVIVOR_REVEAL)
    s.apply("Undergo the trial with 2 Virus cards (Survivor: one fewer)")
    assert "red undergoes an Infection Trial of 2 cards (-1: Survivor)" in texts(s)


# ---- Contagious ----------------------------------------------------------------------------------
def test_contagious_reveal_discards_the_card():
    """Role Cards (Contagious): reveal instead of adding the card: it is discarded."""
    s = start(2, virus={"deck": ["2"] + junk(3)},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "contagious"}})
    s.apply("Reveal Contagious: discard the 2")
    assert player(s, "red")["level"] == 1 and player(s, "red")["role"] == "Contagious"
    assert s.phase == "Movement"


def test_active_contagious_infects_a_survivor_it_moves_onto():
    """Role Cards (Contagious): moving onto other players applies an Infected Area effect to one of them."""
    s = start(2, virus={"deck": junk(8), "discard": ["1"]}, boards={"Hospital": {"deck": ["Hatchet"]}},
              players={"red": {"board": "Road 1", "infection": ["1"], "role": "contagious", "revealed": True},
                       "blue": {"board": "Hospital"}}, roles=["medic"])
    s.apply("Move to the Hospital")
    assert player(s, "blue")["infection"] == ["1"]


def test_contagious_is_kept_away_if_everyone_discards_a_munition():
    """Role Cards (Contagious): unless each of them discards a Munitions token."""
    s = start(2, virus={"deck": junk(8), "discard": ["1"]}, boards={"Hospital": {"deck": ["Hatchet"]}},
              players={"red": {"board": "Road 1", "infection": ["1"], "role": "contagious", "revealed": True},
                       "blue": {"board": "Hospital", "munitions": 1}})
    s.apply("Move to the Hospital")
    assert s.to_move == "blue"
    s.apply("Discard 1 Munitions to keep red's contagion away")
    assert player(s, "blue")["level"] == 0 and player(s, "blue")["munitions"] == 0


# ---- stand-ins -----------------------------------------------------------------------------------
def test_scavenger_takes_two_rations_and_two_munitions():
    """Role Cards (Scavenger, stand-in): reveal in the Using phase for 2 Rations and 2 Munitions."""
    s = start(2, virus={"deck": junk(4)}, boards={"Hospital": {"deck": ["Hatchet"]}},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "scavenger"}})
    s.apply("Stay on the Hospital")
    s.apply("Reveal Scavenger: take 2 Rations and 2 Munitions")
    assert player(s, "red")["rations"] == 2 and player(s, "red")["munitions"] == 2


def test_medic_discards_medications_to_lower_the_level():
    """Role Cards (Medic, stand-in): discard Medications, the top Infection card goes to the discards."""
    s = start(2, virus={"deck": junk(6, "8765")},
              players={"red": {"board": "Hospital", "infection": climb(3), "role": "medic", "objects": ["Medications"]}})
    s.apply("Stay on the Hospital")
    s.apply("Reveal Medic: discard Medications, level 3 -> 2")
    assert player(s, "red")["level"] == 2 and player(s, "red")["objects"] == []
    assert "3" in s.view(None)["virus"]["discard"]  # the fillers are 5-8


def test_hermit_draws_one_card_fewer_when_alone():
    """Role Cards (Hermit, stand-in): reveal alone on the board; daily trials one card fewer while alone."""
    s = start(2, virus={"deck": junk(4)}, players={"red": {"board": "Hospital", "infection": ["1"], "role": "hermit"}})
    assert s.legal_labels() == ["Reveal Hermit: one card fewer in daily trials while alone", "Draw 2 Virus cards"]
    s.apply("Reveal Hermit: one card fewer in daily trials while alone")
    assert "red (level 1) draws 1 Virus card" in texts(s)
    draw_daily(s)
