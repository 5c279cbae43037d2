"""The controls of the match: tray buttons and the prompts for every choice the engine offers,
the suggested moves the player asks for, and the "Why not?" of a refused choice; ``Controls``
holds them.

Each control carries one legal action (or explains why it is refused: the engine's rule, and
where the client can name it, what blocks it). Built from the session's legal actions whenever
the position or the selection changes. A prompt about a city is placed clear of that city, so
the player sees what is decided; a battle's prompt shows what each side is known to bring.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

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
from web.render import battle as battle_render
from web.render.battle import Matchup, Side
from web.scenes import match_prompt
from web.scenes.match_host import MatchHost
from web.scenes.match_prompt import Choice, Prompt
from web.text import describe, i18n
from web.ui import placement, theme
from web.ui.layout import Box, MatchLayout
from web.ui.widgets import Button, ButtonGroup, label, panel, text_in

LAYOUT = MatchLayout()
TIPS = {"destroy": "tip_destroy", "train": "tip_train", "build": "tip_build"}
RULES = {"destroy": "R6.1", "train": "R6.3", "build": "R9.5"}
WHY_SECONDS = 6.0  # a refusal's explanation stays this long
HINT_W = 560  # the suggestions' panel: room for a Build named with its floor's capital


class Controls:
    """The turn's controls: the tray's buttons; the prompt waiting for an answer (the player's
    own, else the engine's), laid out on the map with its buttons; the suggested moves; and
    the rule a "Why not?" on screen cites."""

    def __init__(self) -> None:
        self.tray = ButtonGroup()  # end turn, trade, a general's actions, stop, hint, undo…
        self.prompt: Prompt | None = None
        # A prompt the player asked for (a trade, a build, ending a turn with dice left), and
        # what makes it again: a change of language rebuilds it as the engine's prompts are
        # rebuilt by ``rebuild``.
        self.local_prompt: Prompt | None = None
        self._local_make: Callable[[], Prompt] | None = None
        self.prompt_buttons = ButtonGroup()  # the prompt's options
        self.prompt_hint = ButtonGroup()  # the prompt's own Hint button
        self._prompt_camera: tuple[int, int, int] | None = None  # the camera it was placed for
        self.hints: list[tuple[Action, float | None]] = []  # best first, with win chances
        self.hinting = False  # the hint's search is running
        self._why_until = 0.0  # a "Why not?" on screen keeps its rule for the ? button
        self._why_rule = ""

    # -- the tray --------------------------------------------------------------------------------
    def rebuild(self, scene: MatchHost) -> None:
        """The tray and the prompt for the current position."""
        self.tray, self.prompt = self.build(scene)

    def clear(self) -> None:
        """No tray and no prompt while a move or a battle plays."""
        self.tray, self.prompt = ButtonGroup(), None

    def build(self, scene: MatchHost) -> tuple[ButtonGroup, Prompt | None]:
        """The tray buttons and the prompt (if a choice is waiting) for the current position."""
        group = ButtonGroup()
        session = scene.session
        legal = session.legal()
        view = scene.view
        state = view.public
        if scene.attract or session.is_over():
            return group, None
        submit = scene.submit
        prompt = self.local_prompt
        if legal and prompt is None:
            prompt = _engine_prompt(scene, legal)
        tray = LAYOUT.tray_buttons()
        mine = bool(legal)
        if session.thinking is not None and not mine:
            # A long think (expert takes seconds, more in the browser) can be cut short.
            group.add(Button(tray["end_turn"], i18n.t("move_now"), scene.hurry_ai,
                             tip=i18n.t("tip_move_now"), tag="move_now"))  # fmt: skip
        if mine and state.phase == P_ACTION and not state.draw_queue:
            self._turn_buttons(scene, group, legal)
        if mine and state.phase == P_CONTINUE:
            stop = next((a for a in legal if isinstance(a, StopMove)), None)
            if stop is not None:
                group.add(Button(LAYOUT.action_buttons(1)[0], i18n.t("stop_here"),
                                 partial(submit, stop), tip=i18n.t("continue_move"),
                                 rule="R5.4", tag="stop"))  # fmt: skip
        if session.viewer < 0:  # a spectator neither asks for hints nor takes anything back
            return group, prompt
        hint_why = self.hint_refusal(scene)
        group.add(Button(tray["hint"], i18n.t("hint"), partial(self.ask_hint, scene),
                         enabled=not hint_why, tip=hint_why or i18n.t("tip_hint"), tag="hint",
                         on_refused=partial(self.tell, scene, hint_why)))  # fmt: skip
        undo_why = "" if session.can_undo() else undo_refusal(scene)
        group.add(Button(tray["undo"], i18n.t("undo"), scene.undo, enabled=not undo_why,
                         tip=undo_why or i18n.t("tip_undo"), rule="R4.5", tag="undo",
                         on_refused=partial(self.explain_text, scene, undo_why)))  # fmt: skip
        return group, prompt

    def _turn_buttons(self, scene: MatchHost, group: ButtonGroup, legal: list[Action]) -> None:
        sel = scene.selection
        submit = scene.submit
        tray = LAYOUT.tray_buttons()
        end = next(a for a in legal if isinstance(a, EndTurn))
        group.add(Button(tray["end_turn"], i18n.t("end_turn"), partial(self.end_turn, scene, end),
                         tip=i18n.t("tip_end_turn"), rule="R4.2", tag="end_turn",
                         style="primary"))  # fmt: skip
        trades = intents.trades(legal)
        if trades:
            group.add(Button(tray["trade"], i18n.t("trade"),
                             partial(self.open_trade, scene, trades), tip=i18n.t("trade_tip"),
                             rule="R4.3", tag="trade", size=16))  # fmt: skip
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
                    # With the die the player chose, as Destroy and Train take it (R9.5: a 5 or
                    # a 6; a chosen 6 is not swapped for a 5 the player meant to keep).
                    builds = [a for a in legal if isinstance(a, Build) and a.general == g
                              and sel.die in (None, a.die)]  # fmt: skip
                    on_tap = partial(self.open_build, scene, builds)
                else:
                    on_tap = partial(submit, action)
                group.add(Button(box, i18n.t(name), on_tap, tip=tip, rule=RULES[name], tag=name))
            else:
                # The greyed button names what blocks it (the weaker general, a city with no
                # floor left, the die), in its tooltip and when tapped; else the engine's
                # sentence.
                reason = _refusal(state, name, g, sel.die)
                why = i18n.t(reason[0], **reason[1]) if reason is not None else ""

                def refused(n: str = name, why: str = why) -> None:
                    if why:
                        self.explain_text(scene, why)
                    else:
                        self.explain(scene, intents.intended_context(scene.view, n, g, sel.die))

                group.add(Button(box, i18n.t(name), None, enabled=False, tip=why or tip,
                                 rule=RULES[name], on_refused=refused, tag=name))  # fmt: skip

    # -- why not ---------------------------------------------------------------------------------
    def explain(self, scene: MatchHost, action: Action) -> None:
        """Why ``action`` is refused, in the engine's sentence or the client's."""
        self.explain_text(scene, intents.why_not(scene.view.public, action))

    def explain_text(self, scene: MatchHost, message: str) -> None:
        """A refusal said in a toast with the rule it cites, which the ? button then opens."""
        app = scene.app
        rule = intents.rule_of(message)
        if rule:
            app.last_rule = self._why_rule = rule
            self._why_until = app.now + WHY_SECONDS
        app.toast(f"{i18n.t('why')} {message}  [? → {rule or i18n.t('rules')}]",
                  WHY_SECONDS)  # fmt: skip

    def why_showing(self, scene: MatchHost) -> bool:
        """A "Why not?" with its rule is on screen (and no other toast has replaced it)."""
        app = scene.app
        return app.now < self._why_until and app.toast_text.startswith(i18n.t("why"))

    def keep_why_rule(self, scene: MatchHost) -> None:
        """The "Why not? … [? → R5.3]" on screen promised that rule to the ? button: a tooltip
        met on the way there (a general's, R7.2) must not send it elsewhere."""
        if self.why_showing(scene):
            scene.app.last_rule = self._why_rule

    def tell(self, scene: MatchHost, message: str) -> None:
        """A short note that cites no rule (why Hint cannot help now)."""
        if message:
            scene.app.toast(message, 4.0)

    # -- the prompt the player asks for ----------------------------------------------------------
    def end_turn(self, scene: MatchHost, end: EndTurn) -> None:
        """R4.2: unused dice are lost; with dice some general could still use, ask first."""
        dice = unused_dice(scene.view.public, scene.session.legal())
        if dice and scene.app.settings.confirm_end_turn:
            self._open_local(scene, partial(self.confirm_end_prompt, scene, end, dice))
            return
        scene.submit(end)

    def end_turn_for_good(self, scene: MatchHost, end: EndTurn) -> None:
        """End the turn and stop asking (Settings turns the question back on)."""
        scene.app.settings.confirm_end_turn = False
        scene.app.save_settings()
        scene.submit(end)

    def open_trade(self, scene: MatchHost, trades: list[Trade]) -> None:
        self._open_local(scene, partial(self.trade_prompt, scene, trades))

    def open_build(self, scene: MatchHost, builds: list[Build]) -> None:
        if len({b.source for b in builds}) == 1:
            scene.submit(min(builds, key=lambda b: b.die))
            return
        self._open_local(scene, partial(self.build_prompt, scene, builds))

    def _open_local(self, scene: MatchHost, make: Callable[[], Prompt]) -> None:
        """A prompt the player asked for (a trade, a build, ending a turn with dice left)."""
        self._local_make = make
        self.local_prompt = make()
        scene.mark_stale()

    def close_prompt(self, scene: MatchHost) -> None:
        self.local_prompt = None
        scene.mark_stale()

    def remake_local(self) -> None:
        """The player's prompt again, in the language now."""
        if self.local_prompt is not None and self._local_make is not None:
            self.local_prompt = self._local_make()

    def acted(self) -> None:
        """The player's action was played: their prompt and the suggestions are spent."""
        self.local_prompt = None
        self.hints = []

    def trade_prompt(self, scene: MatchHost, trades: list[Trade]) -> Prompt:
        options = [
            Choice(" ".join(map(str, a.dice)) + " → 6", partial(scene.submit, a), "R4.3", a)
            for a in trades
        ]
        options.append(Choice(i18n.t("back"), partial(self.close_prompt, scene)))
        return Prompt(i18n.t("trade"), i18n.t("trade_tip"), options, tag="trade")

    def build_prompt(self, scene: MatchHost, builds: list[Build]) -> Prompt:
        board = scene.view.public.board
        seen: dict[int, Build] = {}
        for a in sorted(builds, key=lambda a: a.die):
            seen.setdefault(a.source, a)
        options = [
            Choice(describe.city(board, a.source), partial(scene.submit, a), "R9.5", a)
            for a in seen.values()
        ]
        options.append(Choice(i18n.t("back"), partial(self.close_prompt, scene)))
        island = next(iter(seen.values())).island if seen else -1
        return Prompt(i18n.t("build_title"), i18n.t("build_body"), options, tag="build",
                      about=(island,) if island >= 0 else ())  # fmt: skip

    def confirm_end_prompt(self, scene: MatchHost, end: EndTurn, dice: list[int]) -> Prompt:
        """R4.2: unused dice are lost; asked before, unless the player said not to."""
        options = [
            Choice(i18n.t("end_turn"), partial(scene.submit, end), i18n.t("tip_end_turn"), end),
            Choice(i18n.t("keep_playing"), partial(self.close_prompt, scene)),
            Choice(i18n.t("dont_ask"), partial(self.end_turn_for_good, scene, end),
                   i18n.t("tip_dont_ask"), end),
        ]  # fmt: skip
        # The dice joined by no-break spaces: wrapped, the list stays whole ("2 5 6" / "6" read
        # as two lists).
        listed = "\u00a0".join(map(str, dice))
        return Prompt(i18n.t("confirm_end_title"),
                      i18n.count_t("confirm_end_body", len(dice), dice=listed),
                      options, tag="confirm_end")  # fmt: skip

    # -- the prompt on the map -------------------------------------------------------------------
    def follow_camera(self, scene: MatchHost) -> None:
        """The prompt laid out again where the camera has moved since."""
        if self.prompt is not None and scene.camera.key() != self._prompt_camera:
            self.place_prompt(scene)

    def place_prompt(self, scene: MatchHost) -> None:
        """Lay the prompt out clear of the cities it is about (again when the camera moves)."""
        prompt = self.prompt
        camera = scene.camera
        self._prompt_camera = camera.key()
        if prompt is None:
            self.prompt_buttons = ButtonGroup()
            self.prompt_hint = ButtonGroup()
            return
        pos = scene.board_view.g.pos
        cities = [*prompt.about, *(b.city for b in list(scene.events.banners)[:1])]
        avoid = [camera.to_screen(*pos[c]) for c in cities if c >= 0]  # and what scored
        clear = LAYOUT.map_buttons()
        coach_at = scene.chrome.coach_place(scene)
        if coach_at is not None:
            clear.append(coach_at[0])
        prompt.layout(avoid, clear)
        self.prompt_buttons = ButtonGroup(prompt.buttons())
        self.prompt_hint = ButtonGroup()
        if prompt.hint:
            why = self.hint_refusal(scene)
            ask, refused = partial(self.ask_hint, scene), partial(self.tell, scene, why)
            self.prompt_hint.add(Button(prompt.hint_box(), i18n.t("hint"), ask, enabled=not why,
                                        tip=why or i18n.t("tip_hint"), tag="prompt_hint",
                                        size=16, on_refused=refused))  # fmt: skip
        scene.app.invalidate()

    def shown_prompt(self, scene: MatchHost) -> Prompt | None:
        """The prompt when it is on screen: not while a move or a battle plays, nor while the
        game waits on a battle's result or its end. The scene draws it by this, and taps and
        the tooltips give it what lies in its box, as it is drawn over the map's buttons."""
        if self.prompt is None or scene.animator.busy or scene.events.blocking():
            return None
        return self.prompt

    def draw_prompt(self, surface: pygame.Surface, scene: MatchHost, prompt: Prompt) -> None:
        camera = scene.camera
        for c in prompt.about:  # the city in question, ringed: the prompt keeps clear of it
            x, y = camera.to_screen(*scene.board_view.g.pos[c])
            if camera.visible(x, y):
                pygame.draw.circle(surface, (255, 255, 255), (int(x), int(y)), 22, 3)
        panel(surface, prompt.box, alpha=245)
        text_in(surface, prompt.title, prompt.title_box, match_prompt.TITLE_SIZE, theme.GOLD,
                "bold", "left", lines=2)  # fmt: skip
        if prompt.body:
            text_in(surface, prompt.body, prompt.body_box, match_prompt.BODY_SIZE,
                    (230, 230, 230), "sans", "left", lines=4, valign="top")  # fmt: skip
        if prompt.matchup is not None:
            battle_render.draw_matchup(surface, prompt.matchup_box, scene.view, prompt.matchup)
        self.prompt_buttons.draw(surface)
        self.prompt_hint.draw(surface)
        chances = dict(self.hints)
        for button, choice in zip(self.prompt_buttons.buttons, prompt.options, strict=False):
            if choice.action is not None and choice.action in chances:  # a suggested option
                chance = chances[choice.action]
                text = "★" if chance is None else f"★ {round(chance * 100)}%"
                rect = pygame.Rect(button.box.tuple())
                pygame.draw.rect(surface, theme.GOLD, rect, width=3, border_radius=8)
                w = theme.font(theme.ui(13), "bold").size(text)[0] + 16
                h = theme.line_height(13, "bold") + 4
                tag = Box(button.box.right - w - 4, button.box.y - h // 2, w, h)
                pygame.draw.rect(surface, theme.GOLD, tag.tuple(), border_radius=8)
                text_in(surface, text, tag, 13, theme.INK, "bold")

    # -- the suggested moves ---------------------------------------------------------------------
    def hint_refusal(self, scene: MatchHost) -> str:
        """Why Hint cannot help now ("" when it can)."""
        session = scene.session
        legal = session.legal()
        if self.hinting:
            return i18n.t("hint_busy")
        if not legal:
            return i18n.t("hint_not_yours")
        if len(legal) < 2:
            return i18n.t("hint_one_choice")
        return ""

    def ask_hint(self, scene: MatchHost) -> None:
        if scene.session.viewer < 0:  # H from a spectator: no decision of theirs to help with
            return
        why = self.hint_refusal(scene)
        if why:
            self.tell(scene, why)
        elif scene.session.start_hint():
            self.hinting = True
            self.hints = []

    def step_hint(self, scene: MatchHost, ms: float) -> None:
        """The hint's search for ``ms`` more; once done, its suggestions (or why none)."""
        session = scene.session
        found = session.step_hint(ms)
        if found is not None or session.hint_thinking is None:
            self.hinting = False
            # Best first; a move without an estimate after those with one.
            ranked = sorted(found or [], key=lambda i: -1.0 if i.win_chance is None
                            else -i.win_chance)  # fmt: skip
            self.hints = [(i.action, i.win_chance) for i in ranked]
            if session.hint_failure is not None:
                scene.app.toast(i18n.t("hint_fallback"), 6.0)
            elif not self.hints:
                scene.app.toast(i18n.t("hint_none"), 2.5)

    def forget_hints(self) -> None:
        self.hints = []

    def hint_lines(self, scene: MatchHost) -> list[theme.Fit]:
        """Each suggestion in full (two suggestions never read the same), fitted to the
        panel: on one line, or two for a long one."""
        board = scene.view.public.board
        texts = describe.distinct_texts(board, [a for a, _c in self.hints])
        out = []
        for i, (text, (_a, chance)) in enumerate(zip(texts, self.hints, strict=True)):
            pct = (
                i18n.t("win_unknown")
                if chance is None
                else i18n.t("win_chance", pct=round(chance * 100))
            )
            out.append(theme.fit(f"{i + 1}. {text} — {pct}", 14, HINT_W - 24, lines=2))
        return out

    def hint_box(self, scene: MatchHost) -> Box | None:
        """Where the suggested moves are listed, or None while they are not in use: once the
        player picks a general the list gives way to the lit cities (the map's arrows still
        show the suggestions); until then it sits in the map's corner that covers fewest of
        the cities and generals worth tapping, clear of the zoom buttons, the coach and a
        prompt (whose suggested options carry a star)."""
        if not self.hints or scene.selection.general is not None:
            return None
        clear = LAYOUT.map_buttons()
        coach_at = scene.chrome.coach_place(scene)
        if coach_at is not None:
            clear.append(coach_at[0])
        if self.prompt is not None:
            clear.append(self.prompt.box)
        points = scene.board_view.interest_points(scene.camera, scene.view, scene.marks())
        h = 40 + sum(theme.line_height(f.size) * len(f.lines) + 4
                     for f in self.hint_lines(scene))  # fmt: skip
        return placement.quiet_corner(HINT_W, h, LAYOUT.panel_area(), points,
                                      keep_clear=clear)  # fmt: skip

    def draw_hints(self, surface: pygame.Surface, scene: MatchHost) -> None:
        rect = self.hint_box(scene)
        if rect is None:
            return
        panel(surface, rect, alpha=235)
        label(surface, i18n.t("hint_title"), rect.x + 12, rect.y + 8, 15, theme.GOLD, "bold",
              width=rect.w - 24)  # fmt: skip
        y = rect.y + 32
        for found in self.hint_lines(scene):
            h = theme.line_height(found.size) * len(found.lines)
            text_in(surface, "\n".join(found.lines), Box(rect.x + 12, y, rect.w - 24, h),
                    found.size, theme.TEXT, "sans", "left", lines=2, valign="top")  # fmt: skip
            y += h + 4


# -- why a button of the tray is greyed out ----------------------------------------------------
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
