"""The controls of the match: tray buttons and the prompts for every choice the engine offers.

Each control carries one legal action (or explains why it is refused: the engine's rule, and
where the client can name it, what blocks it). Built from the session's legal actions whenever
the position or the selection changes. A prompt about a city is placed clear of that city, so
the player sees what is decided; a battle's prompt shows what each side is known to bring.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

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
from web.render.battle import Matchup, Side, matchup_height
from web.text import describe, i18n
from web.ui import theme
from web.ui.layout import Box, MatchLayout, centered, touch
from web.ui.widgets import Button, ButtonGroup

if TYPE_CHECKING:
    from web.scenes.match import MatchScene

LAYOUT = MatchLayout()
TIPS = {"destroy": "tip_destroy", "train": "tip_train", "build": "tip_build"}
RULES = {"destroy": "R6.1", "train": "R6.3", "build": "R9.5"}
PAD = 20
TITLE_SIZE, BODY_SIZE = 20, 15
OPTION_SIZE, OPTION_H = 17, 54  # a prompt button's text size and height (on a phone, the floor)
ROW_GAP = 10  # px between two rows of a prompt's buttons
HINT_W, HINT_H = 104, 44  # a prompt's own Hint button (on a phone, the button floor)
CLEAR = 44  # px kept between a prompt and the city it is about


@dataclass
class Choice:
    """A prompt's button: its label, what a tap does, its tooltip, the action it plays."""

    label: str
    on_tap: Callable[[], object]
    tip: str = ""
    action: Action | None = None


@dataclass
class Prompt:
    title: str
    body: str = ""
    options: list[Choice] = field(default_factory=list)
    tag: str = ""
    about: tuple[int, ...] = ()  # the cities it decides about: the box keeps clear of them
    matchup: Matchup | None = None  # a battle's two sides, drawn between body and buttons
    hint: bool = False  # offers its own Hint button (the tray's is out of reach meanwhile)
    box: Box = field(default_factory=lambda: centered(520, 220, LAYOUT.map))
    title_box: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    body_box: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    matchup_box: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    cols: int = 0  # buttons to a row, set by ``layout`` (0: not laid out yet)

    def layout(self, avoid: Sequence[tuple[float, float]] = (), keep_clear: Sequence[Box] = ()
               ) -> None:  # fmt: skip
        """Size the box for its texts and buttons, and place it on the map clear of the
        points in ``avoid`` (the cities it is about, on screen) and of ``keep_clear``."""
        self.cols = 0
        base = max(560 if self.matchup is None else 620, self.per_row() * 150 + 2 * PAD)
        # The phone's text floor makes every text larger: the prompt widens with it.
        w = round(base * max(1.0, theme.ui(BODY_SIZE) / BODY_SIZE) ** 0.75)
        w = min(w, LAYOUT.map.w - 20)
        self._lay(w, avoid, keep_clear)
        if not touch() or self.matchup is not None or _clear(self.box, avoid, keep_clear):
            return
        # With the phone's button floor too, a prompt is too large to stand beside its city
        # (Halt or Pass at 568x320): a narrower one may, its texts still whole.
        for narrower in range(w - 40, base - 1, -40):
            if self._lay(narrower, avoid, keep_clear) and _clear(self.box, avoid, keep_clear):
                return
        self._lay(w, avoid, keep_clear)

    def _lay(self, w: int, avoid: Sequence[tuple[float, float]], keep_clear: Sequence[Box]
             ) -> bool:  # fmt: skip
        """Lay the prompt out ``w`` wide; whether every text of it is whole there."""
        n = len(self.options)
        self.cols = 0
        per_row = self.per_row()
        # Fewer buttons to a row when a label would be cut («Восточное Царство» at the
        # phone's text floor does not fit a third of the prompt, even on two lines).
        while per_row > 1 and any(_label_cut(c.label, _button_w(w, per_row))
                                  for c in self.options):  # fmt: skip
            per_row -= 1
        self.cols = per_row
        whole = not any(_label_cut(c.label, _button_w(w, per_row)) for c in self.options)
        rows = (n + per_row - 1) // per_row
        inner = w - 2 * PAD
        title_w = inner - (hint_width() + 10 if self.hint else 0)
        title = theme.fit(self.title, TITLE_SIZE, title_w, "bold", lines=2)
        title_h = theme.line_height(title.size, "bold") * len(title.lines)
        hint_h = hint_height() if self.hint else 0
        # The body under the title row; on a phone, where the Hint is a finger tall and the
        # title row would leave room beside it, the body goes beside the Hint too if that is
        # lower (the coin prompt at 568x320 fits the map only so).
        heads = [(max(title_h, hint_h) + 10 + _body_h(self.body, inner), inner)]
        if self.body and hint_h and touch():
            beside = _body_h(self.body, title_w, whole=True)
            if beside:
                heads.append((max(title_h + 10 + beside, hint_h + 10), title_w))
        head_h, body_w = min(heads, key=lambda head: head[0])
        detail_h = matchup_height() + 10 if self.matchup is not None else 0
        h = 16 + head_h + detail_h + rows * row_step() + 8
        self.box = place(w, h, LAYOUT.map, avoid, keep_clear)
        x, y = self.box.x + PAD, self.box.y + 16
        body_h = max(0, _body_h(self.body, body_w) - 8)
        if body_w == inner:
            self.title_box = Box(x, y, title_w, max(title_h, hint_h))
            self.body_box = Box(x, self.title_box.bottom + 10, inner, body_h)
        else:
            self.title_box = Box(x, y, title_w, title_h)
            self.body_box = Box(x, y + title_h + 10, body_w, body_h)
        self.matchup_box = Box(x, y + head_h, inner, matchup_height())
        body_cut = bool(self.body) and theme.fit(self.body, BODY_SIZE, body_w, "sans", 4).cut
        return whole and not title.cut and not body_cut

    def per_row(self) -> int:
        if self.cols:
            return self.cols
        n = len(self.options)
        return 4 if n == 4 else min(n, 3) or 1  # four coins side by side

    def buttons(self) -> list[Button]:
        """The option buttons, in the order of ``options`` (call ``layout`` first)."""
        n = len(self.options)
        per_row = self.per_row()
        w = _button_w(self.box.w, per_row)
        step = row_step()
        top = self.box.bottom - 8 - ((n + per_row - 1) // per_row) * step
        out = []
        for i, choice in enumerate(self.options):
            r, c = divmod(i, per_row)
            box = Box(self.box.x + PAD + c * (w + 10), top + r * step, w, option_h())
            out.append(Button(box, choice.label, choice.on_tap, tip=choice.tip, tag=f"prompt{i}",
                              size=OPTION_SIZE))  # fmt: skip
        return out

    def hint_box(self) -> Box:
        w = hint_width()
        return Box(self.box.right - PAD - w, self.box.y + 12, w, hint_height())


def _button_w(prompt_w: int, per_row: int) -> int:
    return (prompt_w - 2 * PAD - (per_row - 1) * 10) // per_row


def _body_h(body: str, width: int, whole: bool = False) -> int:
    """The body's height in a prompt, with the gap under it (0 without a body; with
    ``whole``, 0 too where it would be cut at that width)."""
    if not body:
        return 0
    found = theme.fit(body, BODY_SIZE, width, "sans", lines=4)
    if whole and found.cut:
        return 0
    return theme.line_height(found.size) * len(found.lines) + 8


def option_h() -> int:
    """A prompt button's height: on a phone the button floor, as every other control of the
    match (the coin buttons were 24 CSS px at 568x320)."""
    return max(OPTION_H, touch())


def row_step() -> int:
    return option_h() + ROW_GAP


def _label_cut(label: str, button_w: int) -> bool:
    """The label would be cut in a prompt button that wide (as ``Button.draw`` fits it)."""
    return theme.fit(label, OPTION_SIZE, button_w - 12, "sans", lines=2,
                     height=option_h() - 6).cut  # fmt: skip


def hint_width() -> int:
    """The prompt's Hint button: a finger wide (on a phone the button floor), and wide enough
    for its label at the size the screen draws it (the phone's text floor is larger)."""
    label = theme.font(theme.ui(16)).size(i18n.t("hint"))[0]
    return max(HINT_W, label + 28, touch())


def hint_height() -> int:
    return max(HINT_H, theme.line_height(16) + 12, touch())


def place(
    w: int, h: int, area: Box, avoid: Iterable[tuple[float, float]] = (),
    keep_clear: Sequence[Box] = (),
) -> Box:  # fmt: skip
    """A ``w`` x ``h`` box inside ``area``, clear of ``avoid`` (by ``CLEAR``) and of
    ``keep_clear``: centred when that is, else at an edge or a corner, else just beside one of
    the points or boxes, nearest the centre; where none is, the place farthest from the
    points, preferring the centre line."""
    points = list(avoid)
    # A box nearly as tall as the area (a phone's coin prompt) keeps less margin, not less box.
    margin = min(10, max(0, (area.w - w) // 2), max(0, (area.h - h) // 2))
    xs = (area.x + (area.w - w) // 2, area.x + margin, area.right - margin - w)
    ys = (area.y + (area.h - h) // 2, area.y + margin, area.bottom - margin - h)
    spots = [Box(x, y, w, h) for y in ys for x in xs]
    for spot in spots:
        if _clear(spot, points, keep_clear):
            return spot
    # The grid's steps are coarse: a city just off the centre and the coach's line along the
    # top covered all nine spots of Halt or Pass (Ambracia, on the desktop), though the room
    # between the two held the prompt. So the box's edges go just past a city's clearance or
    # a box kept clear of, on either side, nearest the centre first; then, where the margins
    # are what leaves no room, flush with the map's edge and those boxes.
    beside = [b for gap in (margin, 0) for b in _beside(w, h, area, points, keep_clear, gap)]
    for spot in beside:
        if _clear(spot, points, keep_clear):
            return spot
    return max(spots + beside, key=lambda b: min(_clearance(b, points), CLEAR * 4)
               - 200 * _overlap(b, keep_clear))  # fmt: skip


def _beside(w: int, h: int, area: Box, points: Sequence[tuple[float, float]],
            keep_clear: Sequence[Box], margin: int) -> list[Box]:  # fmt: skip
    """The places of a ``w`` x ``h`` box in ``area`` whose edges lie ``margin`` inside the
    area's, ``CLEAR`` from a point or ``margin`` from a box, or on the centre line; nearest the
    area's centre first."""
    lo_x, hi_x = area.x + margin, area.right - margin - w
    lo_y, hi_y = area.y + margin, area.bottom - margin - h
    xs = {area.x + (area.w - w) // 2, lo_x, hi_x}
    ys = {area.y + (area.h - h) // 2, lo_y, hi_y}
    for px, py in points:
        xs |= {math.floor(px - CLEAR - w), math.ceil(px + CLEAR)}
        ys |= {math.floor(py - CLEAR - h), math.ceil(py + CLEAR)}
    for k in keep_clear:
        xs |= {k.x - margin - w, k.right + margin}
        ys |= {k.y - margin - h, k.bottom + margin}
    cx, cy = area.x + area.w / 2, area.y + area.h / 2
    spots = [Box(x, y, w, h) for y in ys if lo_y <= y <= hi_y for x in xs if lo_x <= x <= hi_x]
    return sorted(spots, key=lambda b: (abs(b.x + w / 2 - cx) + abs(b.y + h / 2 - cy), b.y, b.x))


def _clear(b: Box, points: Sequence[tuple[float, float]], keep_clear: Sequence[Box]) -> bool:
    return _clearance(b, points) >= CLEAR and not _overlap(b, keep_clear)


def _clearance(b: Box, points: Sequence[tuple[float, float]]) -> float:
    return min((_distance(b, px, py) for px, py in points), default=math.inf)


def _overlap(b: Box, keep_clear: Sequence[Box]) -> int:
    return sum(1 for k in keep_clear if b.x < k.right and k.x < b.right and b.y < k.bottom
               and k.y < b.bottom)  # fmt: skip


def _distance(b: Box, px: float, py: float) -> float:
    dx = max(b.x - px, 0.0, px - b.right)
    dy = max(b.y - py, 0.0, py - b.bottom)
    return math.hypot(dx, dy)


# -- the tray -----------------------------------------------------------------------------------
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


def hint_refusal(scene: MatchScene) -> str:
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


def undo_refusal(scene: MatchScene) -> str:
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


def _turn_buttons(scene: MatchScene, group: ButtonGroup, legal: list[Action]) -> None:
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
def _engine_prompt(scene: MatchScene, legal: list[Action]) -> Prompt | None:
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


def opening_draw(scene: MatchScene, seat: int) -> bool:
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


def _halt_prompt(scene: MatchScene, legal: list[Action]) -> Prompt:
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


def matchup(scene: MatchScene) -> Matchup | None:
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


def _coin_prompt(scene: MatchScene, legal: list[Action]) -> Prompt:
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


def trade_prompt(scene: MatchScene, trades: list[Trade]) -> Prompt:
    options = [
        Choice(" ".join(map(str, a.dice)) + " → 6", partial(scene.submit, a), "R4.3", a)
        for a in trades
    ]
    options.append(Choice(i18n.t("back"), scene.close_prompt))
    return Prompt(i18n.t("trade"), i18n.t("trade_tip"), options, tag="trade")


def build_prompt(scene: MatchScene, builds: list[Build]) -> Prompt:
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


def confirm_end_prompt(scene: MatchScene, end: EndTurn, dice: list[int]) -> Prompt:
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
