"""A name the registry does not know is a ValueError that says what there is to choose from."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import ai
from lab import baselines

LEVELS = "choose from easy, normal, hard, expert"


def test_an_unknown_agent_names_the_agents() -> None:
    with pytest.raises(ValueError, match="unknown agent 'godlike'; choose from random, greedy"):
        ai.agent_from_spec("godlike")
    with pytest.raises(ValueError, match=r"unknown agent 'godlike'; choose from .*, cheat-mcts$"):
        baselines.agent_from_spec("godlike")  # the lab's names too


@pytest.mark.parametrize("make", [
    lambda: ai.make_agent("ismcts", level="godlike"),
    lambda: baselines.agent_from_spec("cheat-mcts:level=godlike"),
    lambda: ai.agent_from_spec("ismcts:godlike"),
])  # fmt: skip
def test_an_unknown_difficulty_names_the_levels(make: Callable[[], object]) -> None:
    with pytest.raises(ValueError, match=f"unknown difficulty 'godlike'.*; {LEVELS}"):
        make()


@pytest.mark.parametrize("name", ["ismcts", "ismcts-v1", "cheat-mcts"])
def test_a_misspelt_option_names_the_options(name: str) -> None:
    """``difficulty=`` is not how a level is given: the message shows ``level`` and the rest."""
    with pytest.raises(ValueError, match=r"has no option 'difficulty'; choose from level, ") as err:
        baselines.agent_from_spec(f"{name}:difficulty=hard")
    assert "iterations" in str(err.value) and "c_puct" in str(err.value)


@pytest.mark.parametrize(("option", "says"), [
    ("prune=no", "prune takes true or false, not 'no'"),
    ("iterations=2.5", "iterations takes a whole number, not 2.5"),
    ("c_puct=high", "c_puct takes a number, not 'high'"),
    ("evaluator=3", "evaluator takes an evaluation \\(a named dataclass, as in ai.compon"),
    ("kingdom_book=3", "kingdom_book takes a name, not 3"),
])  # fmt: skip
def test_an_option_of_the_wrong_kind_says_what_it_takes(option: str, says: str) -> None:
    """ "prune=no" is refused where it is given, not taken as a true (non-empty) text."""
    with pytest.raises(ValueError, match=f"search option {says}"):
        ai.agent_from_spec(f"ismcts:normal:{option}")
    agent = ai.agent_from_spec("ismcts:normal:c_puct=1")
    assert isinstance(agent, ai.IsmctsAgent) and agent.config_at(2).tree.c_puct == 1.0


@pytest.mark.parametrize(("option", "says"), [
    ("iterations=0", "iterations takes a whole number from 1 to 1000000, not 0"),
    ("iterations=-3", "iterations takes a whole number from 1 to 1000000, not -3"),
    ("c_puct=nan", "c_puct takes a number from 0 to 100, not nan"),
    ("c_puct=inf", "c_puct takes a number from 0 to 100, not inf"),
    ("time_ms=-1", "time_ms takes a number from 0 to 600000, not -1.0"),
    ("playout_epsilon=2", "playout_epsilon takes a number from 0 to 1, not 2.0"),
    ("prior_temp=-1", "prior_temp takes a number from 0 to 1000, not -1.0"),
    ("widen_alpha=5", "widen_alpha takes a number from 0 to 1, not 5.0"),
    ("playout_turns=11", "playout_turns takes a whole number from 0 to 10, not 11"),
])  # fmt: skip
def test_an_option_out_of_its_range_says_the_range(option: str, says: str) -> None:
    """A NaN, a negative budget or a probability above 1 is refused where it is given, not
    searched with (``ai.options.RANGES``)."""
    with pytest.raises(ValueError, match=f"search option {says}"):
        ai.agent_from_spec(f"ismcts:normal:{option}")


def test_every_preset_and_its_ranges_agree() -> None:
    """The presets themselves, and each range's ends, are accepted: the ranges refuse only
    what no search means."""
    from ai.options import RANGES, value_of
    from ai.presets import HINT, PRESETS, REVIEW
    from lab.baselines import V1_PRESETS

    presets = [*PRESETS.values(), *V1_PRESETS.values(), HINT, REVIEW]
    for config in (c for p in presets for c in (p.two_seats, p.more_seats)):
        for key, (low, high) in RANGES.items():
            assert low <= value_of(config, key) <= high, (key, config)  # type: ignore[operator]
    normal = PRESETS["normal"].two_seats
    for key, (low, high) in RANGES.items():
        for end in (low, high):
            value = int(end) if isinstance(value_of(normal, key), int) else end
            agent = ai.agent_from_spec(f"ismcts:normal:{key}={value}")
            assert isinstance(agent, ai.IsmctsAgent)
            assert value_of(agent.config_at(2), key) == value_of(agent.config_at(4), key) == value


def test_options_of_the_simple_agents_are_refused() -> None:
    with pytest.raises(ValueError, match="agent 'greedy' takes no options, got level"):
        ai.make_agent("greedy", level="hard")


@pytest.mark.parametrize("option", ["evaluator", "policy"])
def test_an_unknown_component_names_the_components(option: str) -> None:
    with pytest.raises(ValueError, match=f"unknown {option} 'bogus'; choose from .*hand-built"):
        ai.agent_from_spec(f"ismcts:hard:{option}=bogus")


def test_a_policy_agent_names_the_policies_and_its_one_option() -> None:
    with pytest.raises(
        ValueError, match=r"unknown policy 'bogus'; choose from hand-built, tactics"
    ):
        ai.agent_from_spec("policy:bogus")
    with pytest.raises(ValueError, match="agent 'policy' has no option 'level'; choose from"):
        ai.make_agent("policy", level="hard")


@pytest.mark.parametrize(
    "spec", ["ismcts:normal:hard", "ismcts:normal:level=hard", "ismcts:iterations=5:iterations=9"]
)
def test_an_option_given_twice_is_refused(spec: str) -> None:
    """The later one would win unseen, under a name that says the other."""
    with pytest.raises(ValueError, match="twice"):
        ai.agent_from_spec(spec)


@pytest.mark.parametrize(
    "spec", ["ismcts:", "ismcts::easy", "ismcts:easy:", "greedy:", "ismcts: :easy"]
)
def test_an_empty_part_of_a_spec_is_refused(spec: str) -> None:
    """ "ismcts:" played the default level, unsaid: a level or an option was left out."""
    with pytest.raises(ValueError, match="empty part between colons"):
        ai.agent_from_spec(spec)
