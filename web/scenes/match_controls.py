"""The controls of the match: tray buttons and the prompts for every choice the engine offers.

Each control carries one legal action (or explains, with the engine's words, why it is refused).
Built from the session's legal actions whenever the position or the selection changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.actions import (
    Action,
    Build,
    ChooseDeck,
    CommitCoin,
    FightAt,
    Halt,
    Pass,
    PickKingdom,
    StopMove,
    Trade,
)
from game.rules.combat import decided_before_roll
from game.state import P_ACTION, P_COIN_ATTACKER, P_COIN_DEFENDER, P_CONTINUE, P_HALT
from web import describe, i18n, intents
from web.layout import Box, MatchLayout, centered
from web.widgets import Button, ButtonGroup

if TYPE_CHECKING:
    from web.scenes.match import MatchScene

LAYOUT = MatchLayout()
TIPS = {"destroy": "tip_destroy", "train": "tip_train", "build": "tip_build"}
RULES = {"destroy": "R6.1", "train": "R6.3", "build": "R9.5"}


@dataclass
class Prompt:
    title: str
    body: str = ""
    options: list[tuple[str, Callable[[], None], str]] = field(default_factory=list)
    box: Box = field(default_factory=lambda: centered(520, 220, LAYOUT.map))

    def buttons(self) -> list[Button]:
        n = len(self.options)
        per_row = min(n, 3) or 1
        rows = (n + per_row - 1) // per_row
        h = 120 + rows * 64
        self.box = centered(max(520, per_row * 170 + 40), h, LAYOUT.map)
        w = (self.box.w - 40 - (per_row - 1) * 10) // per_row
        out = []
        for i, (text, action, tip) in enumerate(self.options):
            r, c = divmod(i, per_row)
            box = Box(self.box.x + 20 + c * (w + 10), self.box.y + 104 + r * 64, w, 54)
            out.append(Button(box, text, action, tip=tip, tag=f"prompt{i}", size=17))
        return out


def build(scene: MatchScene) -> tuple[ButtonGroup, Prompt | None]:
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
                             lambda: submit(stop), tip=i18n.t("continue_move"),
                             rule="R5.4", tag="stop"))  # fmt: skip
    group.add(Button(tray["hint"], i18n.t("hint"), scene.ask_hint, enabled=len(legal) > 1,
                     tip=i18n.t("hint"), tag="hint"))  # fmt: skip
    group.add(Button(tray["undo"], i18n.t("undo"), scene.undo, enabled=session.can_undo(),
                     tip=i18n.t("tip_undo"), rule="R4.5", tag="undo"))  # fmt: skip
    return group, prompt


def _turn_buttons(scene: MatchScene, group: ButtonGroup, legal: list[Action]) -> None:
    sel = scene.selection
    submit = scene.submit
    tray = LAYOUT.tray_buttons()
    end = next(a for a in legal if a.kind == 16)
    group.add(Button(tray["end_turn"], i18n.t("end_turn"), lambda: submit(end),
                     tip=i18n.t("tip_end_turn"), rule="R4.2", tag="end_turn",
                     style="primary"))  # fmt: skip
    trades = intents.trades(legal)
    if trades:
        group.add(Button(tray["trade"], i18n.t("trade"), lambda: scene.open_trade(trades),
                         tip=i18n.t("trade_tip"), rule="R4.3", tag="trade", size=16))  # fmt: skip
    g = sel.general
    if g is None or scene.view.public.gen_city[g] < 0:
        return
    found = intents.context_actions(legal, g, sel.die)
    names = ["destroy", "train"]
    if (
        scene.view.public.rules.quests
        and scene.view.public.board.is_island[scene.view.public.gen_city[g]]
    ):
        names.append("build")
    for box, name in zip(LAYOUT.action_buttons(len(names)), names, strict=True):
        action = found[name]
        tip = i18n.t(TIPS[name])
        if action is not None:
            if isinstance(action, Build):
                builds = [a for a in legal if isinstance(a, Build) and a.general == g]
                on_tap: Callable[[], None] = lambda b=builds: scene.open_build(b)  # noqa: E731
            else:
                on_tap = lambda a=action: submit(a)  # noqa: E731
            group.add(Button(box, i18n.t(name), on_tap, tip=tip, rule=RULES[name], tag=name))
        else:

            def refused(n: str = name) -> None:
                scene.explain(intents.intended_context(scene.view, n, g, sel.die))

            group.add(Button(box, i18n.t(name), None, enabled=False, tip=tip, rule=RULES[name],
                             on_refused=refused, tag=name))  # fmt: skip


def _engine_prompt(scene: MatchScene, legal: list[Action]) -> Prompt | None:
    view = scene.view
    state = view.public
    board = state.board
    submit = scene.submit
    first = legal[0]
    if isinstance(first, ChooseDeck):
        sizes = (view.deck_size(0), view.deck_size(1))
        return Prompt(i18n.t("deck_title"), "", [
            (i18n.t(f"deck_{a.deck}", n=sizes[a.deck]), lambda a=a: submit(a), "R9.3")
            for a in legal if isinstance(a, ChooseDeck)
        ])  # fmt: skip
    if state.phase == P_HALT and any(isinstance(a, Halt) for a in legal):
        g = state.pend_general
        city = state.gen_city[g]
        title = i18n.t(
            "halt_title", mover=describe.general(board, g), city=describe.city(board, city)
        )
        return Prompt(title, i18n.t("halt_body"), [
            (i18n.t(type(a).__name__.lower()), lambda a=a: submit(a), "R5.4")
            for a in legal if isinstance(a, Halt | Pass)
        ])  # fmt: skip
    if state.phase in (P_COIN_ATTACKER, P_COIN_DEFENDER):
        city = describe.city(board, state.battle_city)
        body = i18n.t("coin_body")
        sure = decided_before_roll(state)
        if sure >= 0:
            body = i18n.t("decided", name=describe.general(board, sure))
        return Prompt(i18n.t("coin_title", city=city), body, [
            (f"{i18n.t('coin')} {a.value}", lambda a=a: submit(a), "R8.1")
            for a in legal if isinstance(a, CommitCoin)
        ])  # fmt: skip
    if isinstance(first, FightAt):
        return Prompt(i18n.t("choose_battle"), "", [
            (describe.city(board, a.city), lambda a=a: submit(a), "R7.1")
            for a in legal if isinstance(a, FightAt)
        ])  # fmt: skip
    if isinstance(first, PickKingdom):
        return Prompt(i18n.t("pick_kingdom"), "", [
            (i18n.name(board.kingdoms[a.kingdom]), lambda a=a: submit(a), "R3.1")
            for a in legal if isinstance(a, PickKingdom)
        ])  # fmt: skip
    return None


def trade_prompt(scene: MatchScene, trades: list[Trade]) -> Prompt:
    options = [
        (" ".join(map(str, a.dice)) + " → 6", lambda a=a: scene.submit(a), "R4.3") for a in trades
    ]
    options.append((i18n.t("back"), scene.close_prompt, ""))
    return Prompt(i18n.t("trade"), i18n.t("trade_tip"), options)


def build_prompt(scene: MatchScene, builds: list[Build]) -> Prompt:
    board = scene.view.public.board
    seen: dict[int, Build] = {}
    for a in sorted(builds, key=lambda a: a.die):
        seen.setdefault(a.source, a)
    options = [
        (describe.city(board, a.source), lambda a=a: scene.submit(a), "R9.5") for a in seen.values()
    ]
    options.append((i18n.t("back"), scene.close_prompt, ""))
    return Prompt(i18n.t("build"), i18n.t("tip_build"), options)
