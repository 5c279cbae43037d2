"""A name the registry does not know is a ValueError that says what there is to choose from."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import ai

LEVELS = "choose from easy, normal, hard, expert"


def test_an_unknown_agent_names_the_agents() -> None:
    with pytest.raises(ValueError, match="unknown agent 'godlike'; choose from random, greedy"):
        ai.agent_from_spec("godlike")


@pytest.mark.parametrize("make", [
    lambda: ai.make_agent("ismcts", level="godlike"),
    lambda: ai.make_agent("cheat-mcts", level="godlike"),
    lambda: ai.agent_from_spec("ismcts:godlike"),
])  # fmt: skip
def test_an_unknown_difficulty_names_the_levels(make: Callable[[], object]) -> None:
    with pytest.raises(ValueError, match=f"unknown difficulty 'godlike'.*; {LEVELS}"):
        make()


@pytest.mark.parametrize("name", ["ismcts", "ismcts-v1", "cheat-mcts"])
def test_a_misspelt_option_names_the_options(name: str) -> None:
    """``difficulty=`` is not how a level is given: the message shows ``level`` and the rest."""
    with pytest.raises(ValueError, match=r"has no option 'difficulty'; choose from level, ") as err:
        ai.make_agent(name, difficulty="hard")
    assert "iterations" in str(err.value) and "c_puct" in str(err.value)


@pytest.mark.parametrize(("option", "says"), [
    ("prune=no", "prune takes true or false, not 'no'"),
    ("iterations=2.5", "iterations takes a whole number, not 2.5"),
    ("c_puct=high", "c_puct takes a number, not 'high'"),
    ("evaluator=3", "evaluator takes a name, not 3"),
])  # fmt: skip
def test_an_option_of_the_wrong_kind_says_what_it_takes(option: str, says: str) -> None:
    """ "prune=no" is refused where it is given, not taken as a true (non-empty) text."""
    with pytest.raises(ValueError, match=f"search option {says}"):
        ai.agent_from_spec(f"ismcts:normal:{option}")
    agent = ai.agent_from_spec("ismcts:normal:c_puct=1")
    assert isinstance(agent, ai.IsmctsAgent) and agent.config.c_puct == 1.0


def test_options_of_the_simple_agents_are_refused() -> None:
    with pytest.raises(ValueError, match="agent 'greedy' takes no options, got level"):
        ai.make_agent("greedy", level="hard")


@pytest.mark.parametrize("option", ["evaluator", "policy"])
def test_an_unknown_component_names_the_components(option: str) -> None:
    with pytest.raises(ValueError, match=f"unknown {option} 'bogus'; choose from .*v1"):
        ai.agent_from_spec(f"ismcts:hard:{option}=bogus")


def test_a_policy_agent_names_the_policies_and_its_one_option() -> None:
    with pytest.raises(ValueError, match=r"unknown policy 'bogus'; choose from .*tactics.*v1"):
        ai.agent_from_spec("policy:bogus")
    with pytest.raises(ValueError, match="agent 'policy' has no option 'level'; choose from"):
        ai.make_agent("policy", level="hard")
