"""Every F.A.Q. answer, and the four Protagonists' powers."""
from __future__ import annotations

from .helpers import (BRIGADE, CABOT, CAL_M, CAL_MS, CAVE, CHURCH, DOMITILLE, FARMHOUSE, FIRE, HORDE, MARCEL,
                      ORCHARD, RIVER, STORM, WALKER_R, WOLVES, damage_of, interrogation, make, texts,
                      unstack)


def test_faq_complete_the_hand_as_far_as_possible_when_piles_run_out():
    """F.A.Q.: if the piles are empty when completing the hand, complete it as far as possible."""
    s = make({"urban": [CHURCH], "hand": [CAVE], "step": "draw"})
    assert s.legal_labels() == ["Draw from the Urban pile"]
    s.apply("Draw from the Urban pile")
    assert len(s.view("you")["hand"]) == 2 and s.view("you")["step"] == "play"


def test_faq_positive_effect_that_cannot_apply_does_nothing():
    """F.A.Q.: a positive effect that cannot be applied does nothing (Reserve already available,
    heal without a Character, effect on an empty draw pile)."""
    s = make({"urban": [CHURCH], "hand": [ORCHARD, FARMHOUSE], "step": "play"})
    s.apply("Memorise ORCHARD")  # Food already available
    s.apply("Memorise FARMHOUSE")  # the Rural pile is empty
    assert s.view("you")["buried"]["count"] == 0 and s.view("you")["memory"]["count"] == 2
    assert any("the Rural pile is empty" in t for t in texts(s, "F.A.Q."))
    s = make(interrogation([CAVE, ORCHARD]))
    unstack(s)  # heal without a Character
    assert s.view("you")["buried"]["count"] == 0


def test_faq_negative_effect_that_cannot_apply_buries_the_event():
    """F.A.Q.: a negative effect that cannot be applied buries the Event (a Calamity without a
    Character; an Event without a grey banner at the Interrogation)."""
    s = make(interrogation([WALKER_R, RIVER, CAVE]))
    unstack(s)
    unstack(s)
    assert [c["id"] for c in s.view(None)["buried"]["cards"]] == [WALKER_R, RIVER]


def test_faq_when_in_doubt_bury_the_event():
    """F.A.Q.: when in doubt, bury: an Event that must be played but can be neither memorised nor
    avoided is buried (our ruling)."""
    s = make({"hand": [FIRE], "step": "play", "reserves": {"Food": "consumed", "Restorative": "consumed"}})
    assert s.legal_labels() == ["Bury FIRE (it can be neither memorised nor avoided)"]


def test_faq_apply_an_effect_as_far_as_possible():
    """F.A.Q.: an effect that can only partly be applied is applied as far as possible (STORM: no
    Respite to take out, but the Restorative Reserve is consumed)."""
    s = make({"urban": [CHURCH], "hand": [STORM], "step": "play"})
    assert "Avoid STORM" in s.legal_labels()
    s.apply("Avoid STORM")
    assert s.view("you")["reserves"]["Restorative"] == "consumed"
    assert any("no Respite" in t or "there is no Respite Calamity" in t for t in texts(s, "F.A.Q."))


def test_faq_cabot_with_no_buried_event_is_removed_without_effect():
    """F.A.Q.: Cabot with no buried Event is removed from the game without applying its grey banner."""
    s = make(interrogation([CABOT, CAVE]))
    unstack(s)
    assert s.view("you")["removed"][-1]["id"] == CABOT and s.view("you")["buried"]["count"] == 0
    assert any("no Event is buried" in t for t in texts(s, "F.A.Q."))


def test_faq_cabot_removes_the_last_buried_event_from_the_game():
    s = make(interrogation([CABOT, CAVE], buried=[WOLVES, RIVER]))
    unstack(s)
    assert [c["id"] for c in s.view(None)["buried"]["cards"]] == [WOLVES]
    assert [c["id"] for c in s.view("you")["removed"][-2:]] == [RIVER, CABOT]


def test_faq_horde_memorised_at_once_and_you_choose_the_replacement_pile():
    """F.A.Q.: after memorising a Horde or a Brigade you choose the pile for the replacement."""
    s = make({"rural": [HORDE, WOLVES], "urban": [CHURCH], "hand": [CAVE], "step": "draw"})
    s.apply("Draw from the Rural pile")
    assert [c["id"] for c in s.view(None)["memory"]["cards"]] == [HORDE]
    assert s.legal_labels() == ["Draw the replacement from the Rural pile", "Draw the replacement from the Urban pile"]
    s.apply("Draw the replacement from the Urban pile")
    assert [c["id"] for c in s.view("you")["hand"]] == [CAVE, CHURCH]


def test_faq_horde_replacement_with_all_piles_empty_does_nothing():
    """F.A.Q.: if all piles are empty, nothing happens."""
    s = make({"urban": [BRIGADE], "hand": [CAVE], "step": "draw"})
    s.apply("Draw from the Urban pile")
    assert s.view("you")["pending"] is None and [c["id"] for c in s.view("you")["hand"]] == [CAVE]
    assert any("no replacement" in t for t in texts(s, "F.A.Q."))


def test_faq_horde_revealed_on_a_pile_has_no_immediate_effect():
    """F.A.Q.: the immediate effect of a Horde or a Brigade does not apply while it is not in your hand."""
    s = make({"rural": [HORDE, WOLVES], "hand": [FARMHOUSE], "step": "play"})
    s.apply("Memorise FARMHOUSE")  # memorises the top Rural Event: the Horde, face up
    assert [c["id"] for c in s.view(None)["memory"]["cards"]] == [FARMHOUSE, HORDE]
    assert s.view("you")["pending"] is None and not any(l.startswith("Draw the replacement") for l in s.legal_labels())
    assert any("never in your hand" in t for t in texts(s, "F.A.Q."))


def test_faq_this_event_is_the_event_carrying_the_effect():
    """F.A.Q.: "this Event" is the Event on which the effect is written (CHURCH buries itself, not
    the Character it healed)."""
    s = make(interrogation([CHURCH, CAVE], characters=[{"id": MARCEL, "damage": 1}]))
    unstack(s)
    s.apply("Heal MARCEL")
    assert [c["id"] for c in s.view(None)["buried"]["cards"]] == [CHURCH]
    assert [c["id"] for c in s.view("you")["characters"]] == [MARCEL]


def test_faq_adrien_can_use_a_consumed_reserve():
    """F.A.Q.: Adrien can use a consumed Reserve for his power."""
    s = make(interrogation([CAVE, ORCHARD], characters=[{"id": MARCEL, "damage": 1}],
                           reserves={"Food": "consumed"}), protagonist="Adrien")
    label = "Use Adrien's power: use the Food Reserve to heal MARCEL"
    assert label in s.legal_labels()
    s.apply(label)
    assert damage_of(s, MARCEL) == 0 and s.view("you")["reserves"]["Food"] == "consumed"
    assert s.view("you")["protagonist"]["power_left"] == ["Medical", "Restorative"]


def test_faq_eleonore_power_at_any_time_in_both_phases():
    """F.A.Q.: Éléonore's power can be used at any time in both phases: draw step, play step,
    between unstacks, and in the middle of a Calamity."""
    label = "Use Éléonore's power: restore the Food Reserve"
    consumed = {"Food": "consumed"}
    s = make({"rural": [WOLVES], "hand": [], "reserves": consumed}, protagonist="Éléonore")
    assert s.view("you")["step"] == "draw" and label in s.legal_labels()
    s = make({"rural": [WOLVES], "hand": [CAVE], "step": "play", "reserves": consumed}, protagonist="Éléonore")
    assert label in s.legal_labels()
    s = make(interrogation([CAVE], reserves=consumed), protagonist="Éléonore")
    assert label in s.legal_labels()
    s = make(interrogation([WALKER_R, CAVE], characters=[MARCEL], bag=[CAL_M], reserves=consumed),
             protagonist="Éléonore")
    unstack(s)
    assert s.legal_labels() == ["Do not consume a Reserve", label]
    s.apply(label)
    s.apply("Consume the Food Reserve to ignore malnutrition")
    assert damage_of(s, MARCEL) == 0 and s.view("you")["protagonist"]["power_left"] == 1


# ---- Protagonists: the power replaces the usual rule -----------------------------------------

def test_protagonist_aenor_may_keep_two_events():
    """Setup (the Protagonist's rules replace the usual rules): Aénor may end a play step with 2 Events."""
    s = make({"rural": [WOLVES], "hand": [CAVE, ORCHARD, MARCEL], "step": "play"}, protagonist="Aénor")
    assert not any(l.startswith("Keep") for l in s.legal_labels())
    s.apply("Memorise CAVE")
    assert "Keep ORCHARD and MARCEL" in s.legal_labels()
    s.apply("Keep ORCHARD and MARCEL")
    assert s.legal_labels() == ["Draw from the Rural pile"]


def test_protagonist_boris_redraws_a_calamity_three_times():
    """Boris's power: return a drawn Calamity to the bag and draw again, up to 3 times."""
    s = make(interrogation([WALKER_R, CAVE], characters=[MARCEL, DOMITILLE], bag=[CAL_M, CAL_MS],
                           reserves={"Food": "consumed", "Restorative": "consumed"}))
    unstack(s)
    label = "Use Boris's power: return the Calamity and draw again"
    assert label in s.legal_labels()
    s.apply(label)
    assert s.view("you")["protagonist"]["power_left"] == 2
    assert len(s.view("you")["calamity_bag"]) == 1 and s.view("you")["drawn_calamity"] is not None
    s = make(interrogation([WALKER_R, CAVE], characters=[MARCEL], bag=[CAL_M], power_uses=3,
                         reserves={"Food": "consumed"}))
    unstack(s)
    assert damage_of(s, MARCEL) == 1  # no Reserve and no redraw left: not even a decision


def test_protagonist_adrien_once_per_reserve_between_events():
    s = make(interrogation([CAVE, ORCHARD], characters=[{"id": MARCEL, "damage": 2}],
                           power_reserves_used=["Food"]), protagonist="Adrien")
    assert not any(l.startswith("Use Adrien") for l in s.legal_labels())


def test_protagonist_eleonore_two_uses():
    s = make({"rural": [WOLVES], "hand": [CAVE], "step": "play", "reserves": {"Food": "consumed"},
              "power_uses": 2}, protagonist="Éléonore")
    assert not any(l.startswith("Use") for l in s.legal_labels())


def test_protagonists_stars_and_limits_shown_in_the_view():
    for name, stars, limit in (("Aénor", 1, 5), ("Boris", 2, 4), ("Adrien", 3, 4), ("Éléonore", 4, 3)):
        p = make(protagonist=name).view("you")["protagonist"]
        assert (p["name"], p["stars"], p["burial_limit"]) == (name, stars, limit)
        assert name in p["power"]
