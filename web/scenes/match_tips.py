"""Tooltips of the match (hover on the desktop, tap-and-hold on phones), each citing its rule.

Functions, not an object: a tooltip holds no state of its own, it is read afresh from the scene
and its parts wherever the pointer rests."""

from __future__ import annotations

from game import COIN_VALUES, is_winter
from web.play import coach, intents
from web.render import hud
from web.scene import Tip
from web.scenes.match_host import MatchHost
from web.scenes.match_input import target_actions
from web.text import describe, i18n
from web.ui.layout import MatchLayout

LAYOUT = MatchLayout()


def tooltip(scene: MatchHost, x: float, y: float) -> Tip | None:
    view = scene.view
    state = view.public
    board = state.board
    controls = scene.controls
    prompt = controls.shown_prompt(scene)
    if prompt is not None and prompt.box.contains(x, y):  # drawn over the map's buttons
        b = controls.prompt_buttons.at(x, y) or controls.prompt_hint.at(x, y)
        return ([b.tip], b.rule or intents.rule_of(b.tip)) if b is not None and b.tip else None
    chrome = scene.chrome.buttons.at(x, y)
    if chrome is not None:
        return [chrome.tip], None
    coach_at = scene.chrome.coach_place(scene)
    if coach_at is not None:
        _box, close = coach_at
        if close.contains(x, y):
            return [i18n.t("coach_dismiss")], None
    if scene.events.covers(scene, x, y):  # a battle's result or a banner over the map
        waiting = scene.events.waiting_button()
        if waiting is not None and waiting.box.contains(x, y) and waiting.tip:
            return [waiting.tip], None
        return None
    if controls.prompt is not None:
        b = controls.prompt_buttons.at(x, y) or controls.prompt_hint.at(x, y)
        if b is None:
            b = controls.tray.at(x, y)
        if b is not None and b.tip:
            return [b.tip], b.rule or intents.rule_of(b.tip)
        return None
    button = controls.tray.at(x, y)
    if button is not None and button.tip:
        return [button.tip], button.rule
    for box, value in zip(LAYOUT.dice(len(state.dice)), state.dice, strict=True):
        if box.contains(x, y):  # in the tray, or over the map on the smallest phone
            return [i18n.t("tip_die", n=value)], "R5.1"
    if LAYOUT.tray.contains(x, y):
        return None
    if LAYOUT.top.contains(x, y):
        for g, box in hud.track_tokens(view):
            if box.inset(-3).contains(x, y):
                return _general(scene, g), "R6.2"
        for i, box in enumerate(LAYOUT.season_slots()):
            if box.contains(x, y):
                lines = [i18n.season_label(i)]
                if is_winter(i):
                    lines.append(i18n.t("winter_note"))
                return lines, "R5.3" if is_winter(i) else "R3.4"
        return None
    side = hud.side_box(scene.chrome.drawers)  # on a phone, the open drawer (or none)
    if side is not None and side.contains(x, y):
        return _side(scene, x, y)
    if not LAYOUT.map.contains(x, y):
        return None
    g = scene.board_view.general_at(scene.camera, view, x, y)
    if g >= 0:
        return _general(scene, g), "R7.2"
    tower = _tower_at(scene, x, y)
    if tower >= 0:
        lines, rule = _city(scene, tower)
        return lines[1:] or lines, rule
    city = scene.board_view.city_at(scene.camera, x, y)
    if city >= 0:
        return _city(scene, city)
    ship = scene.board_view.ship_at(scene.camera, x, y)
    if ship >= 0:
        return [i18n.t("tip_ship", name=i18n.name(board.nodes[ship]))], "R2.3"
    return None


def _tower_at(scene: MatchHost, x: float, y: float) -> int:
    """The city whose tower stack is under the pointer, or -1."""
    state = scene.view.public
    for c in range(state.board.num_cities):
        floors = state.floors[c]
        if floors <= 0:
            continue
        tx, ty = scene.board_view.tower_anchor(scene.camera, c)
        if tx - 10 <= x <= tx + 10 and ty - 7 * floors - 6 <= y <= ty + 2:
            return c
    return -1


def _general(scene: MatchHost, g: int) -> list[str]:
    state = scene.view.public
    board = state.board
    k = g >> 2
    lines = [i18n.t("tip_general", name=describe.general(board, g), level=state.gen_level[g],
                    kingdom=i18n.name(board.kingdoms[k]))]  # fmt: skip
    if state.gen_city[g] < 0 and state.gen_return[g] >= 0:
        lines.append(i18n.t("tip_off_board", season=i18n.season_label(state.gen_return[g])))
        if state.gen_return[g] <= state.round:
            lines.append(i18n.t("track_ready"))
    elif state.acted >> g & 1:
        lines.append(i18n.t("tip_acted"))
    return lines


def _city(scene: MatchHost, city: int) -> Tip:
    state = scene.view.public
    board = state.board
    node = board.nodes[city]
    kingdom = (
        i18n.name(board.kingdoms[node.kingdom]) if node.kingdom >= 0 else i18n.t("tip_neutral")
    )
    lines = [i18n.t("tip_city", name=i18n.name(node), kingdom=kingdom)]
    rule = "R2.1"
    if node.is_capital:
        lines[0] += f" ({i18n.t('tip_capital')})"
    if node.is_island:
        lines.append(i18n.t("tip_island"))
        rule = "R2.4"
    if state.floors[city] > 0:
        if node.is_island:
            lines.append(i18n.t("tip_island_tower", n=state.floors[city]))
            rule = "R9.5"
        else:
            owner = state.seat_kingdom[state.tower_owner[city]]
            lines.append(i18n.t("tip_tower", kingdom=i18n.name(board.kingdoms[owner]),
                                n=state.floors[city]))  # fmt: skip
            rule = "R7.2"
    if city in target_actions(scene) and scene.selection.general is not None:
        cost = intents.move_costs(scene.view, scene.selection.general, [city]).get(city)
        if cost is not None:
            lines.append(i18n.t("tip_cost", n=cost))
            rule = "R5.3" if state.is_winter() else "R5.1"
    return lines, rule


def _side(scene: MatchHost, x: float, y: float) -> Tip | None:
    view = scene.view
    state = view.public
    if scene.hand_visible() and hud.shows(scene.chrome.drawers, "quests"):
        for card, box in hud.hand_boxes(view, hud.hand_top(view)):
            if box.contains(x, y):
                spec = state.board.cards[card]
                text = describe.card_text(state.board, card)
                tip = [i18n.t("tip_card", text=text, points=i18n.t("q_points", n=spec.points))]
                blocked = coach.quest_blocked(state, card)
                if blocked is not None:
                    return [*tip, i18n.t(blocked[0], **blocked[1])], "R6.1"
                return tip, "R9"
    if not hud.shows(scene.chrome.drawers, "players"):
        return None
    for seat, box in hud.coin_boxes(view):
        if box.contains(x, y) and state.rules.coins:
            played = [str(COIN_VALUES[i]) for i in range(5) if state.coins_played[seat] >> i & 1]
            return [f"{i18n.t('coins_played')}: {' '.join(played) or '—'}"], "R8.1"
    for seat, box in enumerate(LAYOUT.player_rows(state.num_players)):
        if box.contains(x, y):
            o, s = view.hand_counts[seat]
            lines = [f"{scene.kingdom_name(seat)} — {i18n.t('score')}: {state.scores()[seat]}",
                     f"{i18n.t('trophies')}: {state.destroyed_by(seat)}"]  # fmt: skip
            if state.rules.quests:
                lines.append(i18n.t("hand_counts", o=o, s=s))
            chances = scene.shown_chances()
            if seat < len(chances):
                lines.append(i18n.t("tip_chance", pct=hud.percent(chances[seat])))
            return lines, "R9.4" if state.rules.quests else "R10.2"
    return None
