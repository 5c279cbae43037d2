"""The agent interface, legality in many positions under every rule combination, determinism
and fairness (R11: the AI decides from its view only)."""

from __future__ import annotations

import itertools
import random

import pytest

import ai
import game
from ai.agents import Agent
from ai.components import HandBuilt
from ai.presets import PRESETS
from game import (
    CHANCE,
    HIDDEN_COIN,
    P_ACTION,
    P_BATTLE_ORDER,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_PICK,
    P_PLACE,
    Action,
    GameState,
    Rules,
)
from game.actions import CommitCoin
from lab import baselines
from lab.games import play_on
from tests.ai.helpers import (
    coin_duel_position,
    general,
    give_cards,
    mid_game,
    place,
    searched_mid_game,
    setup_game,
    start_turn,
    unplayed_indices,
)

RULE_SETS = [Rules(*flags) for flags in itertools.product((False, True), repeat=3)]
# Every rule combination, with 2 to 6 players among them.
CASES = [(rules, 2 + i % 5) for i, rules in enumerate(RULE_SETS)]
SPECIAL = (P_HALT, P_CONTINUE, P_BATTLE_ORDER, P_COIN_ATTACKER, P_COIN_DEFENDER, P_PICK, P_PLACE)


def sample_positions(rules: Rules, players: int, seed: int, per_kind: int = 2) -> list[GameState]:
    """Decision points of random games: some of each special kind, some ordinary turns."""
    rng = random.Random(seed)
    picked: dict[str, list[GameState]] = {}
    for g in range(6):
        state = game.new_game(players, seed=seed * 10 + g, rules=rules)
        while not state.is_terminal():
            who = state.current_player()
            if who == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                if state.draw_queue:
                    kind = "deck"
                elif state.phase in SPECIAL:
                    kind = str(state.phase)
                else:
                    kind = "turn" if rng.random() < 0.02 else ""
                bucket = picked.setdefault(kind, [])
                if kind and len(bucket) < per_kind:
                    bucket.append(state.clone())
            state.apply_action(rng.choice(legal))
    return [s for kind, states in sorted(picked.items()) if kind for s in states]


def decide(agent: Agent, state: GameState, seed: int) -> game.Action:
    legal = state.legal_actions()
    rng = random.Random(seed)
    if isinstance(agent, baselines.CheatMctsAgent):
        return agent.choose_with_state(state, legal, rng)
    return agent.choose(state.observe(state.current_player()), legal, rng)


def test_names_and_specs() -> None:
    assert ai.DIFFICULTIES == ("easy", "normal", "hard", "expert")
    for name in ("random", "greedy", "policy", "ismcts"):
        assert isinstance(ai.make_agent(name), ai.Agent)
    for name in ("ismcts-v1", "cheat-mcts"):
        assert isinstance(baselines.agent_from_spec(name), ai.Agent)
    assert ai.agent_from_spec("policy:hand-built").name == "policy:hand-built"
    assert ai.agent_from_spec("policy").name == "policy:tactics"
    hard = ai.agent_from_spec("ismcts:hard")
    assert isinstance(hard, ai.IsmctsAgent) and hard.level == "hard"
    frozen = baselines.agent_from_spec("ismcts-v1:expert:iterations=900")
    assert isinstance(frozen, baselines.IsmctsV1Agent) and frozen.name == "ismcts-v1"
    assert frozen.config_at(2).iterations == frozen.config_at(4).iterations == 900
    assert frozen.config_at(2).evaluator == HandBuilt()
    custom = ai.agent_from_spec("ismcts:easy:iterations=12")
    assert isinstance(custom, ai.IsmctsAgent) and custom.config_at(2).iterations == 12
    assert repr(custom) == "<IsmctsAgent easy 12 iterations>"
    timed = ai.make_agent("ismcts", level="hard", time_ms=1500)
    assert repr(timed) == "<IsmctsAgent hard 1500 ms>"  # the budget it searches by
    with pytest.raises(ValueError):
        ai.make_agent("oracle")
    with pytest.raises(ValueError):
        ai.make_agent("ismcts", level="godlike")
    with pytest.raises(ValueError):
        ai.agent_from_spec("ismcts:bogus_option=3")


def test_presets_grow_with_difficulty() -> None:
    for players in (2, 4):
        budgets = [ai.PRESETS[level].at(players).iterations for level in ai.DIFFICULTIES]
        assert budgets == sorted(budgets) and len(set(budgets)) == len(budgets)


@pytest.mark.parametrize(
    ("rules", "players"), CASES, ids=[f"{'+'.join(r.names()) or 'base'}-{p}p" for r, p in CASES]
)
def test_agents_play_legal_actions(rules: Rules, players: int) -> None:
    positions = sample_positions(rules, players, seed=players * 7 + len(rules.names()))
    assert positions
    agents = [
        ai.make_agent("random"),
        ai.make_agent("greedy"),
        ai.make_agent("policy", policy="tactics"),
        ai.make_agent("ismcts", level="easy", iterations=12),
        baselines.agent_from_spec("cheat-mcts:easy:iterations=8"),
    ]
    for i, state in enumerate(positions):
        legal = state.legal_actions()
        for agent in agents:
            action = decide(agent, state, seed=i)
            assert action in legal, (agent, state, action)


def test_whole_games_with_every_agent_are_legal() -> None:
    """Short search budgets through complete games: the engine refuses any illegal action."""
    specs = ["ismcts:easy:iterations=6", "greedy", "random", "policy:tactics"]
    for seed, players in ((1, 3), (2, 2), (3, 4)):
        state = game.new_game(players, seed=seed)
        agents = [ai.agent_from_spec(specs[s % len(specs)]) for s in range(players)]
        rng = random.Random(seed)

        def decide(
            state: GameState,
            legal: list[Action],
            rng: random.Random = rng,
            agents: list[Agent] = agents,
        ) -> Action:
            who = state.current_player()
            return agents[who].choose(state.observe(who), legal, rng)

        play_on(state, decide, rng)
        assert state.is_terminal()
        assert sum(state.returns()) in (0.0, pytest.approx(1.0))


def test_thinking_interface() -> None:
    state = mid_game()
    view = state.observe(state.active)
    legal = state.legal_actions()
    agent = ai.make_agent("ismcts", level="normal", iterations=60)
    thinking = agent.begin(view, legal, random.Random(3))
    assert thinking.best_action() in legal  # valid before any step
    assert thinking.progress() == 0.0 and not thinking.done
    while not thinking.step_ms(8):
        assert 0.0 <= thinking.progress() <= 1.0
        assert thinking.best_action() in legal
    assert thinking.done and thinking.progress() == 1.0
    insights = thinking.explain(top=3)
    assert 1 <= len(insights) <= 3
    for insight in insights:
        assert isinstance(insight, ai.Insight)
        assert insight.action in legal
        assert 0.0 <= insight.visit_share <= 1.0 and 0.0 <= insight.win_chance <= 1.0
    assert insights[0].visit_share >= insights[-1].visit_share
    assert thinking.best_action() == insights[0].action
    for name in ("random", "greedy", "policy"):
        simple = ai.make_agent(name).begin(view, legal, random.Random(1))
        while not simple.step(1):  # greedy judges one action a step
            assert simple.best_action() in legal
        assert simple.done and simple.progress() == 1.0 and simple.best_action() in legal
        assert simple.explain(2)
    hints = ai.hint(view, legal, iterations=30, seed=1)
    assert hints and all(h.action in legal for h in hints)


def test_step_counts_iterations_exactly() -> None:
    state = mid_game()
    # v1's evaluation, the root at full scale and a playout turn: at this position its search
    # is not settled before its budget ends (a settled search stops early:
    # test_search_stops_once_the_choice_is_settled).
    agent = ai.make_agent(
        "ismcts", iterations=40, evaluator="hand-built", root_scale=1.0, playout_turns=1
    )
    search = agent.begin(state.observe(state.active), state.legal_actions(), random.Random(1))
    assert isinstance(search, ai.Search)
    assert not search.step(15) and search.iterations == 15
    assert search.step(100) and search.iterations == 40


def test_search_stops_once_the_choice_is_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopping when the leader cannot be caught returns what the whole budget would."""
    stopped_early = 0
    for seed in range(4):
        state = mid_game(seed + 20)
        view = state.observe(state.current_player())
        legal = state.legal_actions()
        if len(legal) == 1:
            continue
        agent = ai.make_agent("ismcts", iterations=300)
        quick = agent.begin(view, legal, random.Random(seed))
        assert isinstance(quick, ai.Search)
        while not quick.step(1 << 20):
            pass
        with monkeypatch.context() as patch:
            patch.setattr(ai.Search, "_decided", lambda self: False)
            full = agent.begin(view, legal, random.Random(seed))
            assert isinstance(full, ai.Search)
            while not full.step(1 << 20):
                pass
        assert full.iterations == 300
        assert quick.best_action() == full.best_action()
        stopped_early += quick.iterations < full.iterations
    assert stopped_early


def _root_visits(state: GameState, **options: object) -> list[tuple[object, float]]:
    search = ai.make_agent("ismcts", iterations=120, evaluator="hand-built", **options).begin(
        state.observe(state.active), state.legal_actions(), random.Random(3)
    )
    assert isinstance(search, ai.Search)
    while not search.step(1 << 20):
        pass
    return [(i.action, i.visit_share) for i in search.explain(top=50)]


def test_root_scale_scales_the_one_ply_differences_a_root_action_starts_from() -> None:
    """Every root action's starting offset is its one-ply value less the best's, times
    ``root_scale``; the priors (by rank) do not change with it."""
    state = mid_game(5, players=2)
    view, legal = state.observe(state.active), state.legal_actions()
    searches = []
    for scale in (1.0, 0.1):
        agent = ai.make_agent("ismcts", level="normal", iterations=1, root_scale=scale)
        search = agent.begin(view, legal, random.Random(3))
        assert isinstance(search, ai.Search)
        while not search.step(1 << 20):
            pass
        searches.append(search)
    searched = searches[0].legal  # without the actions pruning leaves out
    assert searched == searches[1].legal
    full, scaled = ([s.tree.root.edges[a] for a in searched] for s in searches)
    values = searches[0]._init_value
    assert max(values) - min(values) > 0.01  # the position tells its actions apart
    for a, b, v in zip(full, scaled, values, strict=True):
        assert a.v0 == pytest.approx(v - max(values), abs=1e-12)
        assert b.v0 == pytest.approx(0.1 * a.v0, abs=1e-12)
        assert a.p == b.p


def _root_offsets(players: int, **options: object) -> tuple[list[float], list[float]]:
    """The root's starting offsets after one iteration, and its one-ply values."""
    search = searched_mid_game(players, iterations=1, **options)
    values = search._init_value
    assert max(values) - min(values) > 0.01  # the position tells its actions apart
    return [search.tree.root.edges[a].v0 for a in search.legal], values


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_normal_preset_searches_as_its_seat_count_says(players: int) -> None:
    """Z7': at three or more seats normal's playouts end with the mover's turn and it searches
    260 iterations with the root at full scale; at two seats, 160 with a playout turn and the
    root at a tenth."""
    played = PRESETS["normal"].at(players)
    expected = (160, 1, 0.1) if players == 2 else (260, 0, 1.0)
    assert (played.iterations, played.playout.turns, played.root_scale) == expected
    search = searched_mid_game(players)
    assert search.config == played and search.budget == played.iterations


@pytest.mark.parametrize("players", [2, 4])
def test_an_option_holds_at_every_seat_count(players: int) -> None:
    """``iterations=40`` is 40 at four seats too, where the preset searches 260."""
    agent = ai.make_agent("ismcts", iterations=40, playout_turns=2, root_scale=0.5)
    assert isinstance(agent, ai.IsmctsAgent)
    config = agent.config_at(players)
    assert (config.iterations, config.playout.turns, config.root_scale) == (40, 2, 0.5)
    search = searched_mid_game(players, iterations=40, playout_turns=2, root_scale=0.5)
    assert search.config == config


@pytest.mark.parametrize(
    ("option", "value"),
    [("iterations", 0), ("playout_turns", -1), ("playout_turns", 11), ("iterations", 1.5),
     ("root_scale", -0.5), ("root_scale", 11.0)],
)  # fmt: skip
def test_an_option_out_of_its_range_is_refused(option: str, value: object) -> None:
    with pytest.raises(ValueError, match=option):
        ai.make_agent("ismcts", level="normal", **{option: value})


def test_same_seed_same_decision() -> None:
    state = mid_game()
    view = state.observe(state.active)
    legal = state.legal_actions()
    agent = ai.make_agent("ismcts", level="normal", iterations=80)
    first = agent.choose(view, legal, random.Random(11))
    again = agent.choose(state.observe(state.active), state.legal_actions(), random.Random(11))
    assert first == again


def test_hidden_cards_do_not_change_the_decision() -> None:
    """R11: two worlds alike for the seat, unlike in the others' hands, get the same choice."""
    state = mid_game()
    seat = state.active
    other = _reshuffle_hidden(state, seat, random.Random(5))
    assert other.hands != state.hands
    assert state.observe(seat) == other.observe(seat)
    agent = ai.make_agent("ismcts", level="normal", iterations=80)
    for seed in (1, 2):
        a = agent.choose(state.observe(seat), state.legal_actions(), random.Random(seed))
        b = agent.choose(other.observe(seat), other.legal_actions(), random.Random(seed))
        assert a == b
    for simple in (ai.make_agent("greedy"), ai.agent_from_spec("policy:tactics")):
        assert simple.choose(state.observe(seat), state.legal_actions(), random.Random(0)) == (
            simple.choose(other.observe(seat), other.legal_actions(), random.Random(0))
        )


def test_hidden_coin_does_not_change_the_defenders_coin() -> None:
    """R8.2a: the defender's choice cannot depend on the attacker's secret coin."""
    state = coin_duel_position()
    seat = state.current_player()
    choices = set()
    views = []
    for coin in unplayed_indices(state, state.active):
        world = state.clone()
        world.coin_attacker = coin
        views.append(world.observe(seat))
        agent = ai.make_agent("ismcts", level="normal", iterations=60)
        choices.add(agent.choose(world.observe(seat), world.legal_actions(), random.Random(4)))
    assert all(v == views[0] for v in views)
    assert views[0].public.coin_attacker == HIDDEN_COIN
    assert len(choices) == 1


def test_coin_duel_root_uses_decoupled_tables() -> None:
    state = coin_duel_position(attacker_to_move=True)
    seat = state.current_player()
    search = ai.make_agent("ismcts", iterations=60).begin(
        state.observe(seat), state.legal_actions(), random.Random(2)
    )
    assert isinstance(search, ai.Search)
    search.step(60)
    assert search.root.duel_att and search.root.duel_def
    assert isinstance(search.best_action(), CommitCoin)
    assert search.best_action() in state.legal_actions()


# -- helpers -------------------------------------------------------------------------------


def _reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Deal the other seats' hands anew from their hands and the decks (same counts)."""
    other = state.clone()
    cards = state.board.cards
    board = state.board
    for _ in range(100):
        pools = [list(state.decks[d]) for d in (0, 1)]
        for s in range(state.num_players):
            if s != seat:
                for c in state.hands[s]:
                    pools[cards[c].deck].append(c)
        ok = True
        hands = list(state.hands)
        for s in range(state.num_players):
            if s == seat:
                continue
            hand = []
            for c in state.hands[s]:
                deck = cards[c].deck
                own = state.seat_kingdom[s]
                allowed = [
                    x for x in pools[deck]
                    if cards[x].city < 0 or board.city_kingdom[cards[x].city] != own
                ]  # fmt: skip
                if not allowed:
                    ok = False
                    break
                pick = rng.choice(allowed)
                pools[deck].remove(pick)
                hand.append(pick)
            hands[s] = tuple(sorted(hand))
        if ok and hands != list(state.hands):
            other.hands = hands
            other.decks = [tuple(sorted(p)) for p in pools]
            return other
    raise AssertionError("could not reshuffle the hidden cards")


def test_tree_is_kept_for_the_next_decision_of_the_turn() -> None:
    """Consecutive own decisions with nothing hidden in between share one tree."""
    state = mid_game()
    seat = state.active
    agent = ai.make_agent("ismcts", level="normal", iterations=120)
    assert isinstance(agent, ai.IsmctsAgent)
    rng = random.Random(9)
    reused = []
    for _ in range(4):
        if state.current_player() != seat or state.phase != P_ACTION:
            break
        legal = state.legal_actions()
        thinking = agent.begin(state.observe(seat), legal, rng)
        while not thinking.step(1 << 30):
            pass
        if isinstance(thinking, ai.Search):
            reused.append(thinking.reused)
            assert thinking.iterations >= 0.3 * 120
        action = thinking.best_action()
        assert action in legal
        state.apply_action(action)
    assert reused and reused[0] == 0
    if len(reused) > 1:
        assert max(reused[1:]) > 0
    fresh = ai.make_agent("ismcts", level="normal", iterations=120, reuse=False)
    assert isinstance(fresh, ai.IsmctsAgent) and not fresh.config_at(2).reuse


def test_out_of_turn_search_does_not_assume_the_movers_hidden_cards() -> None:
    """Seat 1 answers Halt or Pass in seat 0's turn; what seat 0 may do next (build on an
    island, R9.5) depends on its hidden cards, so the search must not cache it."""
    state = setup_game(2, ["romans", "carthaginians"], seed=4)
    for g in range(24):
        if state.gen_city[g] >= 0:
            state.gen_city[g] = -1
            state.gen_return[g] = 99
    place(state, general("romans", 0), "caralis")
    place(state, general("romans", 1), "neapolis", level=3)
    place(state, general("romans", 2), "roma")
    place(state, general("carthaginians", 0), "capua")
    place(state, general("carthaginians", 1), "carthago")
    give_cards(state, 0, ["isl_caralis_1", "ord_gades_1"])
    start_turn(state, 0, [3, 5, 6, 6])
    move = next(
        a
        for a in state.legal_actions()
        if getattr(a, "general", -1) == general("romans", 1)
        and getattr(a, "dest", -1) == state.gen_city[general("carthaginians", 0)]
        and getattr(a, "die", 0) == 6
    )
    state.apply_action(move)
    assert state.phase == P_HALT and state.current_player() == 1
    for seed in range(8):
        agent = ai.make_agent("ismcts", level="normal", iterations=150)
        action = agent.choose(state.observe(1), state.legal_actions(), random.Random(seed))
        assert action in state.legal_actions()


def test_greedy_thinks_one_action_a_step_and_decides_as_it_would_at_once() -> None:
    # The browser has no threads: a ranking done at once blocked a frame for up to 0.5 s.
    state = mid_game()
    assert state.phase == P_ACTION
    view = state.observe(state.current_player())
    legal = state.legal_actions()
    greedy = ai.GreedyAgent()
    thinking = greedy.begin(view, legal, random.Random(1))
    assert not thinking.step(1) and thinking.progress() == 1 / len(legal)
    assert thinking.best_action() in legal  # valid at any time
    while not thinking.step(7):
        pass
    ranking = greedy.rank(view, legal)
    assert thinking.best_action() == ranking[0].action
    assert thinking.explain(3) == ranking[:3]
