"""Game over: standings with points, trophies and quests; charts of the scores by season and
of the AI's estimated win chances; play again with the same settings."""

from __future__ import annotations

import pygame

from game.rules.scoring import winners
from web import describe, i18n, saves, theme
from web.app import App, Scene
from web.gestures import UIEvent
from web.layout import Box
from web.render.chart import line_chart
from web.render.tokens import draw_token, kingdom_color
from web.session import MatchSession
from web.widgets import Button, ButtonGroup, label

COLS = (("col_player", 60), ("col_points", 330), ("col_destroyed", 420), ("col_standing", 540),
        ("trophies", 650))  # fmt: skip
ROW_H = 76


class GameOverScene(Scene):
    def __init__(self, app: App, session: MatchSession) -> None:
        super().__init__(app)
        self.session = session
        self.buttons = ButtonGroup()
        self.on_language()

    def on_language(self) -> None:
        b = ButtonGroup()
        b.add(Button(Box(860, 640, 380, 60), i18n.t("play_again"), self._again, tag="again",
                     style="primary", size=22))  # fmt: skip
        b.add(Button(Box(600, 640, 240, 60), i18n.t("to_title"), self._title, tag="title"))
        b.add(Button(Box(340, 640, 240, 60), i18n.t("export"),
                     lambda: saves.export(self.app, self.session), tag="export"))  # fmt: skip
        self.buttons = b

    def _again(self) -> None:
        saves.offer(self.app, saves.new_session(self.app, self.session.rematch()))

    def _title(self) -> None:
        del self.app.scenes[1:]
        if self.app.top is not None:
            self.app.top.on_enter()

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "back":
            self._title()

    def standings(self) -> list[int]:
        state = self.session.view().public
        scores = state.scores()
        return sorted(
            range(state.num_players),
            key=lambda s: (-scores[s], -(state.destroyed_by(s) + state.floors_standing(s))),
        )

    def draw(self, surface: pygame.Surface) -> None:
        view = self.session.view()
        state = view.public
        board = state.board
        surface.fill(theme.PANEL)
        label(surface, i18n.t("game_over"), 40, 16, 36, theme.GOLD, "serif")
        won = winners(state)
        names = ", ".join(i18n.name(board.kingdoms[state.seat_kingdom[s]]) for s in won)
        text = i18n.t("winner", names=names) if won else i18n.t("no_winner")
        label(surface, f"{text} · {i18n.season_label(state.round)}", 40, 64, 20, theme.TEXT)
        for key, x in COLS:
            label(surface, i18n.t(key), x, 104, 15, theme.TEXT_DIM, "bold")
        scores = state.scores()
        n = state.num_players
        for i, seat in enumerate(self.standings()):
            y = 130 + i * ROW_H
            k = state.seat_kingdom[seat]
            fill = (70, 62, 36) if seat in won else (34, 38, 47)
            pygame.draw.rect(surface, fill, (36, y - 4, 850, ROW_H - 6), border_radius=6)
            draw_token(surface, k, 0, 76, y + 16, 28)
            label(surface, i18n.name(board.kingdoms[k]), 100, y + 6, 18, theme.TEXT, "bold")
            label(surface, str(scores[seat]), 330, y + 4, 22, theme.GOLD, "bold")
            label(surface, str(state.destroyed_by(seat)), 420, y + 6, 18)
            label(surface, str(state.floors_standing(seat)), 540, y + 6, 18)
            tx = 650
            for v in range(n):
                for _ in range(state.trophies[seat * n + v]):
                    color = kingdom_color(state.seat_kingdom[v])
                    pygame.draw.rect(surface, color, (tx, y + 8, 10, 14))
                    tx += 13
            quests = [describe.card_text(board, c) for c in state.completed[seat]]
            text = f"{i18n.t('col_quests')}: " + ("; ".join(quests) if quests else "—")
            label(surface, theme.fit_text(text, 14, 780), 100, y + 36, 14, theme.TEXT_DIM)
        score_series = []
        for seat in range(n):
            pts = [(0.0, 0.0)] + [
                (r + 1.0, float(s[seat])) for r, s in enumerate(self.session.scores_by_round)
            ]
            score_series.append((kingdom_color(state.seat_kingdom[seat]), pts))
        top = max([1.0] + [y for _, pts in score_series for _, y in pts])
        line_chart(surface, Box(900, 100, 360, 250), i18n.t("chart_scores"), score_series, 16, top)
        chance_series = []
        for seat in range(n):
            pts = _per_season(self.session.win_chances, seat)
            chance_series.append((kingdom_color(state.seat_kingdom[seat]), pts))
        line_chart(surface, Box(900, 370, 360, 250), i18n.t("chart_chances"), chance_series, 16,
                   1.0, i18n.t("chart_empty"), percent=True)  # fmt: skip
        self.buttons.draw(surface)


def _per_season(chances: list[tuple[float, int, float]], seat: int) -> list[tuple[float, float]]:
    """One point per season: the mean of the seat's estimates in it (the chart stays readable)."""
    buckets: dict[int, list[float]] = {}
    for x, s, p in chances:
        if s == seat:
            buckets.setdefault(int(x), []).append(p)
    return [(r + 0.5, sum(v) / len(v)) for r, v in sorted(buckets.items())]
