"""The texts of the screens' own furniture, English and Russian: the new-game columns and
seat order, the phone layout's drawers, and the Keys page of How to play.

Part of the one translation table (``web.text.i18n`` merges it into ``TEXT``).
"""

from __future__ import annotations

# The Keys page: each row a key (or keys) and what it does. A key's name is shown as printed on
# the key, except where it is a word (an i18n key: ``keycap_…``).
KEYS: list[tuple[str, str]] = [
    ("H", "key_hint"),
    ("Z", "key_undo"),
    ("keycap_space", "key_space"),
    ("1–6", "key_dice"),
    ("+  −", "key_zoom"),
    ("0", "key_fit"),
    ("← ↑ → ↓", "key_pan"),
    ("Esc", "key_back"),
    ("F1", "key_rules"),
]

UI_TEXT: dict[str, tuple[str, str]] = {
    # the new-game columns
    "col_seat_kind": ("Who plays", "Кто играет"),
    "col_seat_level": ("AI level", "Уровень ИИ"),
    "col_seat_kingdom": ("Kingdom", "Царство"),
    "tip_seat_kind": (
        "Who plays this seat: a person at this device, or the computer. Tap to switch.",
        "Кто играет за это место: человек за этим устройством или компьютер. Нажмите, чтобы "
        "сменить.",
    ),
    "tip_seat_level": (
        "How strong this AI is, from beginner up: each level won at least 6 games in 10 "
        "against the one below it. Stronger ones think longer. Tap to change.",
        "Насколько силён этот ИИ, от новичка и выше: каждый уровень выигрывал не меньше 6 "
        "партий из 10 у предыдущего. Сильные думают дольше. Нажмите, чтобы сменить.",
    ),
    "tip_seat_kingdom": (
        "The kingdom of this seat; Random draws one when the game starts; Picked in turn: every "
        "seat picks at the table, from seat 1 on. Tap to change.",
        "Царство этого места; «Случайно» — жребий в начале игры; «Выбор по очереди»: каждое место "
        "выбирает за столом, начиная с первого. Нажмите, чтобы сменить.",
    ),
    "kingdom_picked": ("Picked in turn", "Выбор по очереди"),
    # the seat order (R1.3, R9.7): who moves first and last, what the last seat is worth in
    # the kingdom book's self-play games (ai_bridge.seat_shares), the lone person's seat
    "seat_order": (
        "Seat 1 moves first in every round and Seat {last} last.",
        "В каждом раунде место 1 ходит первым, место {last} — последним.",
    ),
    "seat_order_measured": (
        "Seat 1 moves first in every round and Seat {last} last: in games between AIs, Seat "
        "{last} won {share}% of {players}-player games ({even}% if seats were equal).",
        "В каждом раунде место 1 ходит первым, место {last} — последним: в играх ИИ между "
        "собой место {last} выиграло {share}% партий на {players} игроков (при равных местах "
        "— {even}%).",
    ),
    "seat_yours_drawn": (
        "Your seat was drawn from the seed: Seat {seat}. Tap another seat to sit there.",
        "Ваше место выпало по номеру расклада: место {seat}. Нажмите другое место, чтобы сесть "
        "туда.",
    ),
    "seat_yours_chosen": (
        "You sit in Seat {seat}, as you chose. Tap it to have your seat drawn from the seed.",
        "Вы сидите на месте {seat}, как выбрали. Нажмите его, чтобы место выпадало по номеру "
        "расклада.",
    ),
    "tip_seat_take": (
        "Play this seat yourself; the AIs keep their order in the other seats.",
        "Сыграть на этом месте самому; ИИ займут остальные места в прежнем порядке.",
    ),
    "tip_seat_drawn": (
        "Your seat, drawn from the seed (⚄): another seed may draw another. Tap to keep it.",
        "Ваше место выпало по номеру расклада (⚄): другой номер может дать другое. Нажмите, "
        "чтобы закрепить его.",
    ),
    "tip_seat_chosen": (
        "Your seat, as you chose it. Tap to have it drawn from the seed.",
        "Ваше место, выбранное вами. Нажмите, чтобы оно выпадало по номеру расклада.",
    ),
    "tip_seat_share": (
        "In games between AIs this seat won {share}% of {players}-player games ({even}% if "
        "seats were equal).",
        "В играх ИИ между собой это место выиграло {share}% партий на {players} игроков (при "
        "равных местах — {even}%).",
    ),
    # the drawers of the phone layout
    "drawer_players": ("Players", "Игроки"),
    "drawer_quests": ("Quests", "Задания"),
    "drawer_log": ("Log", "Журнал"),
    "drawer_tip": (
        "Opens over the map; tap it again, or the map, to close it.",
        "Открывается поверх карты; нажмите ещё раз или на карту, чтобы закрыть.",
    ),
    # the Keys page of How to play
    "howto_keys_title": ("Keys", "Клавиши"),
    "howto_keys_1": (
        "With a keyboard, these keys do what the buttons do.",
        "С клавиатурой эти клавиши делают то же, что и кнопки.",
    ),
    "howto_keys_2": (
        "On a phone every one of them has a button: tap and hold anything to learn what it is.",
        "На телефоне у каждой есть кнопка: нажмите и держите, чтобы узнать, что это.",
    ),
    "howto_keys_3": (
        "In How to play, the arrow keys and Space turn the pages; in the rules, the arrows scroll.",
        "В «Как играть» стрелки и пробел листают страницы; в правилах стрелки прокручивают текст.",
    ),
    "keycap_space": ("Space", "Пробел"),
    "key_hint": ("A hint: the best moves and their chances", "Подсказка: лучшие ходы и их шансы"),
    "key_undo": ("Undo your last move this turn", "Отменить свой последний ход в этом ходу"),
    "key_space": ("The AI that is thinking moves now", "Думающий ИИ ходит сразу"),
    "key_dice": ("Choose the die of that value", "Выбрать кубик с этим числом"),
    "key_zoom": ("Zoom the map in or out", "Приблизить или отдалить карту"),
    "key_fit": ("The whole map", "Вся карта"),
    "key_pan": ("Move the map", "Сдвинуть карту"),
    "key_back": (
        "Back: close a choice, drop the selection, or open the menu",
        "Назад: закрыть выбор, снять выделение или открыть меню",
    ),
    "key_rules": ("The rules, at the last rule cited", "Правила, у последней ссылки"),
}
