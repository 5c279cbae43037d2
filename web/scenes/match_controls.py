"""The controls of the match: tray buttons and the prompts for every choice the engine offers.

Each control carries one legal action (or explains why it is refused: the engine's rule, and
where the client can name it, what blocks it). Built from the session's legal actions whenever
the position or the selection changes. A prompt about a city is placed clear of that city, so
the player sees what is decided; a battle's prompt shows what each side is known to bring.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from game import (
    P_ACTION,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    GameState,
    decided_before_roll,
    fighters,
    tower_bonus,
)
from game.actions import (
    Action,
    BattleRoll,
    Build,
    ChooseDeck,
    CommitCoin,
    Destroy,
    DrawCard,
    EndTurn,
    FightAt,
    Halt,
    Pass,
    PickKingdom,
    Roll,
    StopMove,
    Trade,
)
from web.play import coach, intents
from web.render.battle import Matchup, Side
from web.scenes.match_host import MatchHost
from web.scenes.match_prompt import Choice, Prompt
from web.text import describe, i18n
from web.ui.layout import MatchLayout
from web.ui.widgets import Button, ButtonGroup

LAYOUT = MatchLayout()
TIPS = {"destroy": "tip_destroy", "train": "tip_train", "build": "tip_build"}
RULES = {"destroy": "R6.1", "train": "R6.3", "build": "R9.5"}


# -- the tray -----------------------------------------------------------------------------------
def build(scene: MatchHost) -> tuple[ButtonGroup, Prompt | None]:
    """The tray buttons and the prompt (if a choice is waiting) for the current position."""
    group = ButtonGroup()
    session = scene.session
    legal = session.legal()
    view = scene.view
    state = view.public
    if scene.attract or session.is_over():
        return group, None
    submit = scene.submit
    prompt = scene.local_prompt
    if legal and prompt is None:
        prompt = _engine_prompt(scene, legal)
    tray = LAYOUT.tray_buttons()
    mine = bool(legal)
    if session.thinking is not None and not mine:
        # A long think (expert takes seconds, more in the browser) can be cut short.
        group.add(Button(tray["end_turn"], i18n.t("move_now"), scene.hurry_ai,
                         tip=i18n.t("tip_move_now"), tag="move_now"))  # fmt: skip
    if mine and state.phase == P_ACTION and not state.draw_queue:
        _turn_buttons(scene, group, legal)
    if mine and state.phase == P_CONTINUE:
        stop = next((a for a in legal if isinstance(a, StopMove)), None)
        if stop is not None:
            group.add(Button(LAYOUT.action_buttons(1)[0], i18n.t("stop_here"),
                             partial(submit, stop), tip=i18n.t("continue_move"),
                             rule="R5.4", tag="stop"))  # fmt: skip
    if session.viewer < 0:  # a spectator neither asks for hints nor takes anything back
        return group, prompt
    hint_why = hint_refusal(scene)
    group.add(Button(tray["hint"], i18n.t("hint"), scene.ask_hint, enabled=not hint_why,
                     tip=hint_why or i18n.t("tip_hint"), tag="hint",
                     on_refused=partial(scene.tell, hint_why)))  # fmt: skip
    undo_why = "" if session.can_undo() else undo_refusal(scene)
    group.add(Button(tray["undo"], i18n.t("undo"), scene.undo, enabled=not undo_why,
                     tip=undo_why or i18n.t("tip_undo"), rule="R4.5", tag="undo",
                     on_refused=partial(scene.explain_text, undo_why)))  # fmt: skip
    return group, prompt


def hint_refusal(scene: MatchHost) -> str:
    """Why Hint cannot help now ("" when it can)."""
    session = scene.session
    legal = session.legal()
    if scene.hinting:
        return i18n.t("hint_busy")
    if not legal:
        return i18n.t("hint_not_yours")
    if len(legal) < 2:
        return i18n.t("hint_one_choice")
    return ""


def undo_refusal(scene: MatchHost) -> str:
    """Why Undo is greyed out, naming what made the last action final (R4.5)."""
    session = scene.session
    viewer = session.viewer
    if viewer < 0 or session.human_to_act() != viewer:
        return i18n.t("undo_not_yours")
    state = session.state
    if state.phase not in (P_ACTION, P_CONTINUE) or state.draw_queue:
        return i18n.t("undo_not_now")
    last = session.log[-1] if session.log else None
    if last is None:
        return i18n.t("undo_nothing")
    action = last.action
    board = state.board
    if last.actor == viewer and isinstance(action, Destroy | Build) and state.rules.quests:
        name = i18n.t("build" if isinstance(action, Build) else "destroy")
        return i18n.t("undo_quest_final", action=name)
    if isinstance(action, Roll):
        return i18n.t("undo_after_roll")
    if isinstance(action, DrawCard):
        return i18n.t("undo_after_draw")
    if isinstance(action, Halt | Pass) and last.actor != viewer:
        return i18n.t("undo_after_reply", kingdom=describe.kingdom(board, last.kingdom))
    if isinstance(action, BattleRoll):
        return i18n.t("undo_after_roll")
    return i18n.t("undo_nothing")


def _turn_buttons(scene: MatchHost, group: ButtonGroup, legal: list[Action]) -> None:
    sel = scene.selection
    submit = scene.submit
    tray = LAYOUT.tray_buttons()
    end = next(a for a in legal if isinstance(a, EndTurn))
    group.add(Button(tray["end_turn"], i18n.t("end_turn"), partial(scene.end_turn, end),
                     tip=i18n.t("tip_end_turn"), rule="R4.2", tag="end_turn",
                     style="primary"))  # fmt: skip
    trades = intents.trades(legal)
    if trades:
        group.add(Button(tray["trade"], i18n.t("trade"), partial(scene.open_trade, trades),
                         tip=i18n.t("trade_tip"), rule="R4.3", tag="trade", size=16))  # fmt: skip
    g = sel.general
    state = scene.view.public
    if g is None or state.gen_city[g] < 0:
        return
    found = intents.context_actions(legal, g, sel.die)
    names = ["destroy", "train"]
    if state.rules.quests and state.board.is_island[state.gen_city[g]]:
        names.append("build")
    for box, name in zip(LAYOUT.action_buttons(len(names)), names, strict=True):
        action = found[name]
        tip = i18n.t(TIPS[name])
        if action is not None:
            on_tap: Callable[[], None]
            if isinstance(action, Build):
                # With the die the player chose, as Destroy and Train take it (R9.5: a 5 or a
                # 6; a chosen 6 is not swapped for a 5 the player meant to keep).
                builds = [a for a in legal if isinstance(a, Build) and a.general == g
                          and sel.die in (None, a.die)]  # fmt: skip
                on_tap = partial(scene.open_build, builds)
            else:
                on_tap = partial(submit, action)
            group.add(Button(box, i18n.t(name), on_tap, tip=tip, rule=RULES[name], tag=name))
        else:
            # The greyed button names what blocks it (the weaker general, a city with no floor
            # left, the die), in its tooltip and when tapped; else the engine's sentence.
            reason = _refusal(state, name, g, sel.die)
            why = i18n.t(reason[0], **reason[1]) if reason is not None else ""

            def refused(n: str = name, why: str = why) -> None:
                if why:
                    scene.explain_text(why)
                else:
                    scene.explain(intents.intended_context(scene.view, n, g, sel.die))

            group.add(Button(box, i18n.t(name), None, enabled=False, tip=why or tip,
                             rule=RULES[name], on_refused=refused, tag=name))  # fmt: skip


def _refusal(state: GameState, name: str, general: int, die: int | None) -> coach.Reason | None:
    """Why the tray's ``name`` (destroy, train) is greyed out for ``general``, naming what
    blocks it; None where the engine's sentence is the best said (build)."""
    if name == "train":
        return coach.train_refusal(state, general, die)
    if name == "destroy":
        return coach.destroy_refusal(state, general, die)
    return None


def unused_dice(state: GameState, legal: list[Action]) -> list[int]:
    """The dice an End turn would waste: those some general could still use (R4.2)."""
    if not any(not isinstance(a, EndTurn | Trade) for a in legal):
        return []
    return sorted(state.dice)


# -- the prompts ---------------------------------------------------------------------------------
def _engine_prompt(scene: MatchHost, legal: list[Action]) -> Prompt | None:
    view = scene.view
    state = view.public
    board = state.board
    submit = scene.submit
    first = legal[0]
    many = len(legal) > 1
    if isinstance(first, ChooseDeck):
        sizes = (view.deck_size(0), view.deck_size(1))
        seat = state.draw_queue[0] if state.draw_queue else scene.session.viewer
        opening = opening_draw(scene, seat)
        return Prompt(
            i18n.t("deck_title_setup" if opening else "deck_title"),
            i18n.t("deck_body"),
            [Choice(i18n.t(f"deck_{a.deck}", n=sizes[a.deck]), partial(submit, a),
                    i18n.t(f"deck_tip_{a.deck}"), a)
             for a in legal if isinstance(a, ChooseDeck)],
            tag="deck", hint=many,
        )  # fmt: skip
    if state.phase == P_HALT and any(isinstance(a, Halt) for a in legal):
        return _halt_prompt(scene, legal)
    if state.phase in (P_COIN_ATTACKER, P_COIN_DEFENDER):
        return _coin_prompt(scene, legal)
    if isinstance(first, FightAt):
        options = []
        for a in legal:
            if isinstance(a, FightAt):
                tip = _opponent_tip(state, a.city)
                options.append(Choice(describe.city(board, a.city), partial(submit, a), tip, a))
        cities = tuple(a.city for a in legal if isinstance(a, FightAt))
        return Prompt(i18n.t("choose_battle"), i18n.t("choose_battle_body"), options,
                      tag="battle_order", about=cities, hint=many)  # fmt: skip
    if isinstance(first, PickKingdom):
        return Prompt(i18n.t("pick_kingdom"), "", [
            Choice(i18n.name(board.kingdoms[a.kingdom]), partial(submit, a), "R3.1", a)
            for a in legal if isinstance(a, PickKingdom)
        ], tag="pick", hint=many)  # fmt: skip
    return None


def opening_draw(scene: MatchHost, seat: int) -> bool:
    """The three cards of the setup (R3.5), not a replacement after a quest (R9.3)."""
    view = scene.view
    if not 0 <= seat < len(view.hand_counts):
        return False
    o, s = view.hand_counts[seat]
    return o + s + len(view.public.completed[seat]) < 3


def _opponent_tip(state: GameState, city: int) -> str:
    board = state.board
    enemy = [g for g, c in enumerate(state.gen_city)
             if c == city and state.kingdom_seat[g >> 2] != state.active]  # fmt: skip
    if not enemy:
        return "R7.1"
    g = enemy[0]
    return i18n.t("battle_order_tip", general=describe.general(board, g),
                  level=state.gen_level[g], tower=tower_bonus(state, city))  # fmt: skip


def _halt_prompt(scene: MatchHost, legal: list[Action]) -> Prompt:
    state = scene.view.public
    board = state.board
    g = state.pend_general
    city = state.gen_city[g]
    viewer = scene.session.viewer
    mine = [x for x in state.generals_of(viewer) if state.gen_city[x] == city]
    title = i18n.t("halt_title", mover=describe.general(board, g),
                   kingdom=describe.kingdom(board, g >> 2), level=state.gen_level[g],
                   city=describe.city(board, city))  # fmt: skip
    if mine:
        own = mine[0]
        key = "halt_body_tower" if tower_bonus(state, city) else "halt_body"
        body = i18n.t(key, general=describe.general(board, own), level=state.gen_level[own],
                      mover=describe.general(board, g), points=state.pend_points)  # fmt: skip
    else:
        body = i18n.t("halt_body_plain", mover=describe.general(board, g),
                      points=state.pend_points)  # fmt: skip
    options = [
        Choice(i18n.t(type(a).__name__.lower()), partial(scene.submit, a),
               i18n.t("tip_halt" if isinstance(a, Halt) else "tip_pass"), a)
        for a in legal if isinstance(a, Halt | Pass)
    ]  # fmt: skip
    return Prompt(title, body, options, tag="halt", about=(city,), hint=len(legal) > 1)


def matchup(scene: MatchHost) -> Matchup | None:
    """The coming battle as the viewer may know it (R8.2a: commitments stay secret)."""
    state = scene.view.public
    if state.battle_city < 0:
        return None
    att, dfn = fighters(state)
    if att < 0 or dfn < 0:
        return None
    seat_d = state.kingdom_seat[dfn >> 2]
    coins = state.rules.coins

    def side(g: int, seat: int, bonus: int, committed: bool) -> Side:
        unplayed = tuple(sorted(state.unplayed_coins(seat))) if coins else None
        return Side(g, state.gen_level[g], bonus, unplayed, committed)

    a_committed = state.coin_attacker != -1 and state.phase != P_COIN_ATTACKER
    d_committed = state.coin_defender != -1
    viewer = scene.session.viewer
    return Matchup(
        state.battle_city,
        side(att, state.active, 0, a_committed),
        side(dfn, seat_d, tower_bonus(state, state.battle_city), d_committed),
        (0, 2) if state.rules.battle_dice else (1, 6),
        decided_before_roll(state),
        0 if viewer == state.active else 1 if viewer == seat_d else -1,
    )


def _coin_prompt(scene: MatchHost, legal: list[Action]) -> Prompt:
    state = scene.view.public
    board = state.board
    where = describe.city(board, state.battle_city)
    m = matchup(scene)
    attacking = state.phase == P_COIN_ATTACKER
    body = i18n.t("coin_body_attack" if attacking else "coin_body_defend")
    tip = i18n.t("tip_coin")
    options = [
        Choice(i18n.t("coin_button", value=a.value), partial(scene.submit, a), tip, a)
        for a in legal
        if isinstance(a, CommitCoin)
    ]
    return Prompt(i18n.t("coin_title", city=where), body, options, tag="coin",
                  about=(state.battle_city,), matchup=m, hint=len(legal) > 1)  # fmt: skip


def trade_prompt(scene: MatchHost, trades: list[Trade]) -> Prompt:
    options = [
        Choice(" ".join(map(str, a.dice)) + " → 6", partial(scene.submit, a), "R4.3", a)
        for a in trades
    ]
    options.append(Choice(i18n.t("back"), scene.close_prompt))
    return Prompt(i18n.t("trade"), i18n.t("trade_tip"), options, tag="trade")


def build_prompt(scene: MatchHost, builds: list[Build]) -> Prompt:
    board = scene.view.public.board
    seen: dict[int, Build] = {}
    for a in sorted(builds, key=lambda a: a.die):
        seen.setdefault(a.source, a)
    options = [
        Choice(describe.city(board, a.source), partial(scene.submit, a), "R9.5", a)
        for a in seen.values()
    ]
    options.append(Choice(i18n.t("back"), scene.close_prompt))
    island = next(iter(seen.values())).island if seen else -1
    return Prompt(i18n.t("build_title"), i18n.t("build_body"), options, tag="build",
                  about=(island,) if island >= 0 else ())  # fmt: skip


def confirm_end_prompt(scene: MatchHost, end: EndTurn, dice: list[int]) -> Prompt:
    """R4.2: unused dice are lost; asked before, unless the player said not to."""
    options = [
        Choice(i18n.t("end_turn"), partial(scene.submit, end), i18n.t("tip_end_turn"), end),
        Choice(i18n.t("keep_playing"), scene.close_prompt),
        Choice(i18n.t("dont_ask"), partial(scene.end_turn_for_good, end),
               i18n.t("tip_dont_ask"), end),
    ]  # fmt: skip
    # The dice joined by no-break spaces: wrapped, the list stays whole ("2 5 6" / "6" read
    # as two lists).
    listed = "\u00a0".join(map(str, dice))
    return Prompt(i18n.t("confirm_end_title"),
                  i18n.count_t("confirm_end_body", len(dice), dice=listed),
                  options, tag="confirm_end")  # fmt: skip
