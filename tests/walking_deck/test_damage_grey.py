"""Clarifications on Damage and Healing, and on Grey Banner Effects."""
from __future__ import annotations

from fractions import Fraction

from .helpers import (BRIGADE, CAL_I, CAL_M, CAL_MI, CAL_MS, CAL_S, CAVE, DOMITILLE, GASTON, HORDE, LOUISE, MARCEL,
                      NADIA, ORCHARD, PIERRE, RUNNER, SUBWAY, THEO, WALKER_R, WOLVES,
                      interrogation, make, texts, unstack)


def chars(state) -> dict[str, tuple[int, str]]:
    return {c["id"]: (c["damage"], c["orientation"]) for c in state.view("you")["characters"]}


# ---- damage and healing -------------------------------------------------------------------

def test_damage_turns_a_character_one_step_and_orientation_shows_what_it_can_take():
    """Clarifications on Damage and Healing: each damage turns the Character one step; the
    orientation shows how much damage it can still take."""
    s = make(interrogation([WOLVES, CAVE], characters=[GASTON]))
    unstack(s)
    assert s.legal_labels() == ["Deal 1 damage to GASTON"]
    s.apply("Deal 1 damage to GASTON")
    c = s.view("you")["characters"][0]
    assert (c["damage"], c["can_take"], c["orientation"]) == (1, 2, "turned 1 step")


def test_damage_and_healing_the_log_says_upside_down_and_that_the_next_damage_buries_it():
    """Clarifications on Damage and Healing: the orientation shows the damage a Character can
    still take; at none left it is upside down, and the next damage buries it. The log says so
    in those words (never "can still take 0")."""
    s = make(interrogation([WOLVES, CAVE], characters=[{"id": GASTON, "damage": 2}]))
    unstack(s)
    s.apply("Deal 1 damage to GASTON")
    line = texts(s, "Clarifications on Damage and Healing")[-1]
    assert line == "GASTON takes 1 damage and is now upside down: the next damage buries it"
    assert not any("can still take 0" in t for t in texts(s))
    s = make(interrogation([WOLVES, CAVE], characters=[GASTON]))
    unstack(s)
    s.apply("Deal 1 damage to GASTON")
    assert texts(s, "Clarifications on Damage and Healing")[-1] == "GASTON takes 1 damage and is now turned 1 step (can still take 2)"


def test_damage_to_an_upside_down_character_buries_it():
    """Clarifications on Damage and Healing: a Character upside down that takes damage is buried."""
    s = make(interrogation([WOLVES, CAVE], characters=[{"id": PIERRE, "damage": 1}, DOMITILLE]))
    assert s.view("you")["characters"][0]["orientation"] == "upside down"
    unstack(s)
    s.apply("Deal 1 damage to PIERRE")
    assert [c["id"] for c in s.view("you")["characters"]] == [DOMITILLE]
    assert [c["id"] for c in s.view(None)["buried"]["cards"]] == [PIERRE]
    assert any("upside down" in t for t in texts(s, "Clarifications on Damage and Healing"))


def test_healing_turns_back_one_step_and_head_up_cannot_be_healed():
    """Clarifications on Damage and Healing: 1 heal turns back one step; a Character head up cannot be healed."""
    s = make(interrogation([CAVE, ORCHARD], characters=[MARCEL, {"id": LOUISE, "damage": 2}]))
    unstack(s)
    assert s.legal_labels() == ["Heal LOUISE", "Stop healing"]  # MARCEL is head up
    s.apply("Heal LOUISE")
    assert chars(s) == {MARCEL: (0, "head up"), LOUISE: (1, "turned 1 step")}
    assert s.view("you")["pending"] is None  # nobody else can be healed: the effect ends


# ---- grey banner effects -----------------------------------------------------------------

def test_grey_inflict_damage_distributed_as_you_wish_one_point_at_a_time():
    """Clarifications on Grey Banner Effects: distribute X damage as you wish; a Character may take several."""
    s = make(interrogation([HORDE, CAVE], characters=[GASTON, NADIA]))
    unstack(s)
    assert "3 damage left" in s.view("you")["pending"]
    s.apply("Deal 1 damage to GASTON")
    s.apply("Deal 1 damage to GASTON")
    assert "1 damage left" in s.view("you")["pending"]
    s.apply("Deal 1 damage to NADIA")
    assert chars(s) == {GASTON: (2, "turned 2 steps"), NADIA: (1, "turned 1 step")}
    assert s.view("you")["removed"][-1]["id"] == HORDE


def test_grey_inflict_damage_excess_is_ignored_when_characters_run_out():
    """Clarifications on Grey Banner Effects: if you run out of Characters, ignore the excess."""
    s = make(interrogation([HORDE, CAVE], characters=[{"id": PIERRE, "damage": 1}]))
    unstack(s)
    s.apply("Deal 1 damage to PIERRE")
    assert s.view("you")["characters"] == [] and s.view("you")["pending"] is None
    assert any("remaining 2 damage is ignored" in t for t in texts(s))
    assert s.view("you")["removed"][-1]["id"] == HORDE  # applied as far as possible: not buried


def test_grey_inflict_damage_without_character_buries_this_event():
    """Clarifications on Grey Banner Effects: with no Character, bury this Event."""
    s = make(interrogation([HORDE, CAVE]))
    unstack(s)
    assert [c["id"] for c in s.view(None)["buried"]["cards"]] == [HORDE]


def test_grey_calamity_one_damage_to_each_character_showing_a_weakness_then_back_to_the_bag():
    """Clarifications on Grey Banner Effects: draw a Calamity, 1 damage to each Character showing
    one of its weaknesses (at most one each), then return it to the bag."""
    s = make(interrogation([WALKER_R, CAVE], characters=[MARCEL, LOUISE, DOMITILLE, GASTON], bag=[CAL_MS],
                           reserves={"Food": "consumed", "Restorative": "consumed"}, power_uses=3))
    unstack(s)
    assert chars(s) == {MARCEL: (1, "turned 1 step"), LOUISE: (0, "head up"), DOMITILLE: (1, "turned 1 step"),
                        GASTON: (1, "turned 1 step")}  # GASTON shows both weaknesses: still 1 damage
    assert [t["id"] for t in s.view("you")["calamity_bag"]] == [CAL_MS] and s.view("you")["drawn_calamity"] is None


def test_grey_calamity_add_weakness_modifier():
    """Clarifications on Grey Banner Effects: add weakness adds it to the drawn Calamity."""
    s = make(interrogation([BRIGADE, CAVE], characters=[MARCEL, LOUISE, DOMITILLE], bag=[CAL_M],
                           reserves={"Food": "consumed", "Medical": "consumed"}, power_uses=3))
    unstack(s)
    assert chars(s)[MARCEL][0] == 1 and chars(s)[LOUISE][0] == 1 and chars(s)[DOMITILLE][0] == 0


def test_grey_calamity_ignore_weakness_modifier():
    """Clarifications on Grey Banner Effects: ignore weakness removes it from the drawn Calamity."""
    s = make(interrogation([SUBWAY, CAVE], characters=[MARCEL, LOUISE], bag=[CAL_MI],
                           reserves={"Medical": "consumed"}, power_uses=3))
    unstack(s)
    assert chars(s)[MARCEL][0] == 0 and chars(s)[LOUISE][0] == 1


def test_grey_calamity_consume_a_reserve_to_ignore_a_weakness():
    """Clarifications on Grey Banner Effects: you may ignore a weakness of the drawn Calamity
    (modifiers included) by consuming the corresponding Reserve."""
    s = make(interrogation([BRIGADE, CAVE], characters=[MARCEL, LOUISE], bag=[CAL_M], power_uses=3))
    unstack(s)
    assert s.legal_labels() == ["Consume the Food Reserve to ignore malnutrition",
                                "Consume the Medical Reserve to ignore injuries", "Do not consume a Reserve"]
    assert s.view("you")["drawn_calamity"]["id"] == CAL_M
    s.apply("Consume the Medical Reserve to ignore injuries")  # injuries came from BRIGADE's modifier
    assert s.legal_labels() == ["Consume the Food Reserve to ignore malnutrition", "Do not consume a Reserve"]
    s.apply("Do not consume a Reserve")
    assert chars(s)[MARCEL][0] == 1 and chars(s)[LOUISE][0] == 0
    assert s.view("you")["reserves"] == {"Food": "available", "Medical": "consumed", "Restorative": "available"}


def test_grey_calamity_without_character_buries_this_event():
    """Clarifications on Grey Banner Effects: with no Character, bury this Event (no token is drawn)."""
    s = make(interrogation([WALKER_R, CAVE]))
    unstack(s)
    assert [c["id"] for c in s.view(None)["buried"]["cards"]] == [WALKER_R]
    assert len(s.view("you")["calamity_bag"]) == 12


def test_grey_calamity_missing_everyone_is_not_a_decision():
    s = make(interrogation([WALKER_R, CAVE], characters=[MARCEL], bag=[CAL_I]))
    unstack(s)
    assert s.view("you")["pending"] is None and chars(s)[MARCEL][0] == 0


def test_grey_heal_up_to_x_characters_each_once():
    """Clarifications on Grey Banner Effects: choose up to X Characters and cancel one damage each."""
    s = make(interrogation([CAVE, ORCHARD], characters=[{"id": GASTON, "damage": 2}, {"id": NADIA, "damage": 1},
                                                         {"id": THEO, "damage": 1}]))
    unstack(s)
    s.apply("Heal GASTON")
    assert "Heal GASTON" not in s.legal_labels()  # once each
    s.apply("Heal THEO")
    assert chars(s)[GASTON][0] == 1 and chars(s)[THEO][0] == 0 and chars(s)[NADIA][0] == 1
    assert s.view("you")["pending"] is None  # two heals: done


def test_grey_heal_may_stop_early():
    s = make(interrogation([CAVE, ORCHARD], characters=[{"id": GASTON, "damage": 2}]))
    unstack(s)
    s.apply("Stop healing")
    assert chars(s)[GASTON][0] == 2


def test_grey_heal_restricted_to_a_weakness():
    """Clarifications on Grey Banner Effects: if a weakness is shown, only Characters showing it can be healed."""
    s = make(interrogation([ORCHARD, CAVE], characters=[{"id": LOUISE, "damage": 1}, {"id": NADIA, "damage": 1}]))
    unstack(s)
    assert s.legal_labels() == ["Heal NADIA", "Stop healing"]  # LOUISE shows injuries only


def test_grey_heal_without_character_does_nothing():
    """Clarifications on Grey Banner Effects: heal with no Character: nothing happens (the Event is removed)."""
    s = make(interrogation([CAVE, ORCHARD]))
    unstack(s)
    assert s.view("you")["buried"]["count"] == 0 and s.view("you")["removed"][-1]["id"] == CAVE


def test_grey_banner_with_two_effects_applies_them_in_order():
    s = make(interrogation([RUNNER, CAVE], characters=[MARCEL], bag=[CAL_S]))
    unstack(s)
    s.apply("Deal 1 damage to MARCEL")
    assert chars(s)[MARCEL][0] == 1 and s.view("you")["resolving"] is None
    assert "draw a Calamity from the bag: stress" in texts(s)


def test_calamity_odds_are_exact_and_the_draw_samples_them():
    """The odds of the Calamity bag are exact Fractions, by what a token shows (two tokens with
    the same weaknesses cannot be told apart), and the draw samples that very Distribution."""
    s = make(interrogation([WALKER_R, CAVE], characters=[MARCEL]))
    odds = s.odds()
    assert "next Calamity token" not in odds
    assert odds["next Calamity weaknesses"]["malnutrition + stress"] == Fraction(1, 6)
    assert odds["next Calamity weaknesses"].total() == 1 and len(odds["next Calamity weaknesses"]) == 6
    expected = odds["next Calamity weaknesses"].sample(s.rng.copy())
    unstack(s)
    assert f"draw a Calamity from the bag: {expected}" in texts(s)
