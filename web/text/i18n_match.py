"""The texts of the match's feedback, English and Russian: scoring banners, the final round,
the battle prompts and results, the log's labelled parts, why a control is greyed out, the end
of the game. Part of the one translation table (``web.text.i18n`` merges it into ``TEXT``).

A key ending in "_sg" is the twin of a sentence whose subject is a kingdom, for the one kingdom
that is singular (``i18n.kingdom_t``); "_one" and "_few" are the forms a number takes
(``i18n.count_t``: 1 point, 2 очка, 5 очков).
"""

from __future__ import annotations

MATCH_TEXT: dict[str, tuple[str, str]] = {
    # the header
    "thinking": ("{the_kingdom} are thinking… {pct}%", "{the_kingdom} думают… {pct}%"),
    "thinking_sg": ("{the_kingdom} is thinking… {pct}%", "{the_kingdom} думает… {pct}%"),
    "drawing": (
        "{the_kingdom} are drawing a card (R9.3)",
        "{the_kingdom} берут карту (R9.3)",
    ),
    "drawing_sg": (
        "{the_kingdom} is drawing a card (R9.3)",
        "{the_kingdom} берёт карту (R9.3)",
    ),
    "drawing_setup": (
        "{the_kingdom} are drawing cards (R3.5)",
        "{the_kingdom} берут карты (R3.5)",
    ),
    "drawing_setup_sg": (
        "{the_kingdom} is drawing cards (R3.5)",
        "{the_kingdom} берёт карты (R3.5)",
    ),
    "draw_own": ("Draw a new quest card (R9.3)", "Возьмите новую карту задания (R9.3)"),
    "draw_own_setup": ("Draw your quest cards (R3.5)", "Возьмите карты заданий (R3.5)"),
    "your_turn_short": (
        "Final round · your turn",
        "Последний раунд · ваш ход",
    ),
    "final_their_turn": ("Final round · {kingdom} to play", "Последний раунд · ходит: {kingdom}"),
    "final_status": (
        "⚑ {text}",
        "⚑ {text}",
    ),
    "sel_stuck": ("{general} cannot move now", "{general} сейчас не может идти"),
    # why nothing lights up for the selected general
    "sel_other_die": (
        "R5.1: no city is in reach of {general} with a {die}: pick another die",
        "R5.1: с кубиком {die} полководцу {general} некуда идти: выберите другой кубик",
    ),
    "sel_other_die_winter": (
        "R5.3: in winter a land segment costs 2 points and no ship sails: with a {die} "
        "{general} reaches no city; pick another die",
        "R5.3: зимой сухопутный отрезок стоит 2 очка, а корабли не ходят: с кубиком {die} "
        "полководцу {general} некуда идти; выберите другой кубик",
    ),
    "sel_not_yet": (
        "R6.2: {general} waits on the time track for a later season",
        "R6.2: {general} ждёт на шкале времени более позднего сезона",
    ),
    "sel_return_die": (
        "R6.2: {general} returns only with a 5 or 6",
        "R6.2: {general} возвращается только за 5 или 6",
    ),
    "sel_winter_island": (
        "R5.3: in winter no ship sails, so {general} cannot leave {city}; an action in the "
        "tray may still be open",
        "R5.3: зимой корабли не ходят, и {general} не может покинуть город {city}; действие "
        "в лотке ещё может быть доступно",
    ),
    "sel_no_move_act": (
        "R5.2: {general} has nowhere to move now; use an action in the tray",
        "R5.2: полководцу {general} сейчас некуда идти; есть действие в лотке",
    ),
    "sel_no_move": (
        "R5.2: {general} has nowhere to move now (own generals or enemies block every way)",
        "R5.2: полководцу {general} сейчас некуда идти (все пути закрыты)",
    ),
    # why Train is refused, naming what blocks it (R6.3)
    "why_acted": (
        "R4.2: {general} has already acted this turn",
        "R4.2: {general} уже действовал в этом ходу",
    ),
    # why Destroy is refused, naming the city (R6.1)
    "why_destroy_gone": (
        "R6.1: {city} has no floor left",
        "R6.1: в городе {city} не осталось ни одного этажа",
    ),
    "why_destroy_none": (
        "R6.1: {city} has no tower to destroy",
        "R6.1: в городе {city} нет башни",
    ),
    "why_destroy_own": (
        "R6.1: the tower in {city} is your own",
        "R6.1: башня в городе {city} — ваша",
    ),
    "why_destroy_die": ("R6.1: destroying needs a 5 or 6", "R6.1: разрушение требует 5 или 6"),
    # a quest card in hand that cannot be completed now
    "quest_blocked": (
        "Not possible now: {city} has no floor left",
        "Сейчас невыполнимо: в городе {city} не осталось этажей",
    ),
    "quest_blocked_title": ("A quest out of reach", "Задание стало невыполнимым"),
    "quest_blocked_body": (
        "{city} has no floor left, so «{card}» cannot be completed now (R6.1); the card stays "
        "in your hand (R9.2).",
        "В городе {city} не осталось этажей, и задание «{card}» сейчас не выполнить (R6.1); "
        "карта остаётся у вас (R9.2).",
    ),
    "why_train_die": ("R4.4: training needs a 5 or 6", "R4.4: обучение требует 5 или 6"),
    "why_train_once": (
        "R6.3: a general has already trained this turn (once a turn)",
        "R6.3: в этом ходу уже было обучение (раз за ход)",
    ),
    "why_train_top": (
        "R6.3: {general} is at level 4, the highest",
        "R6.3: {general} уже на 4-м уровне, высшем",
    ),
    "why_train_capital": (
        "R6.3: {general} must stand on one of your capitals that still has a floor",
        "R6.3: {general} должен стоять в своей столице, где ещё есть этаж",
    ),
    "why_train_weaker": (
        "R6.3: {weaker} (level {weaker_level}) is weaker than {general} (level {level}): "
        "train the weakest first",
        "R6.3: {weaker} (уровень {weaker_level}) слабее, чем {general} (уровень {level}): "
        "сначала обучают слабейшего",
    ),
    "why_train_weaker_track": (
        "R6.3: {weaker} (level {weaker_level}, on the time track) is weaker than {general} "
        "(level {level}): train the weakest first",
        "R6.3: {weaker} (уровень {weaker_level}, на шкале времени) слабее, чем {general} "
        "(уровень {level}): сначала обучают слабейшего",
    ),
    "why_train_other": (
        "R6.3: {general} cannot train now",
        "R6.3: {general} сейчас не может обучаться",
    ),
    # why Undo and Hint are greyed out
    "undo_not_yours": (
        "R4.5: only the player to act undoes, and only own actions of the turn",
        "R4.5: отменяет только тот, кто ходит, и только свои действия хода",
    ),
    "undo_not_now": (
        "R4.5: nothing can be taken back during this choice",
        "R4.5: во время этого выбора отменять нечего",
    ),
    "undo_nothing": (
        "R4.5: nothing of this turn to take back",
        "R4.5: в этом ходу нечего отменить",
    ),
    "undo_quest_final": (
        "R4.5: with quests, {action} is final: scoring it showed something of your hand",
        "R4.5: с заданиями действие «{action}» окончательно: подсчёт очков открыл часть руки",
    ),
    "undo_after_roll": (
        "R4.5: the dice have rolled since: what came before stays",
        "R4.5: с тех пор брошены кубики: прежнее остаётся",
    ),
    "undo_after_draw": (
        "R4.5: a quest card was drawn since: what came before stays",
        "R4.5: с тех пор взята карта задания: прежнее остаётся",
    ),
    "undo_after_reply": (
        "R4.5: the {kingdom} answered your move (Halt or Pass): it stays",
        "R4.5: противник ({kingdom}) ответил на ход («Стой!» или пропуск): это остаётся",
    ),
    "tip_hint": ("Suggested moves with their win chances (H)", "Советы с шансами на победу (H)"),
    "hint_busy": ("Looking for good moves already…", "Советы уже ищутся…"),
    "hint_not_yours": (
        "Hints are for your own decisions: wait until you are asked",
        "Советы — для ваших решений: дождитесь своего выбора",
    ),
    "hint_one_choice": (
        "Only one choice here: there is nothing to compare",
        "Здесь один вариант: сравнивать нечего",
    ),
    # ending a turn with dice left (R4.2)
    "confirm_end_title": ("End the turn with dice left?", "Закончить ход с кубиками?"),
    "confirm_end_body": (
        "The unused dice {dice} are lost (R4.2); battles follow (R7).",
        "Неиспользованные кубики {dice} сгорят (R4.2); затем битвы (R7).",
    ),
    "confirm_end_body_one": (
        "The unused die {dice} is lost (R4.2); battles follow (R7).",
        "Неиспользованный кубик {dice} сгорит (R4.2); затем битвы (R7).",
    ),
    "confirm_end_body_few": (
        "The unused dice {dice} are lost (R4.2); battles follow (R7).",
        "Неиспользованные кубики {dice} сгорят (R4.2); затем битвы (R7).",
    ),
    "keep_playing": ("Keep playing", "Продолжить ход"),
    "dont_ask": ("Don't ask again", "Не спрашивать"),
    "tip_dont_ask": (
        "Ends the turn; Settings can turn the question back on",
        "Заканчивает ход; в настройках вопрос можно вернуть",
    ),
    "confirm_end_setting": ("Ask before wasting dice", "Спрашивать о несыгранных кубиках"),
    "show_chances_setting": ("Win chances of the players", "Шансы игроков на победу"),
    "tip_chance": (
        "Chance to win, estimated at the start of this turn from what every player sees: {pct}",
        "Шанс на победу, оценённый в начале хода по тому, что видят все: {pct}",
    ),
    "hold_battles_setting": ("Battle results", "Итог битвы"),
    "hold_on": ("stay until tapped", "ждёт нажатия"),
    "hold_off": ("close by themselves", "закрывается сам"),
    # the prompts
    "deck_title": ("Draw a new quest card (R9.3)", "Возьмите новую карту задания (R9.3)"),
    "deck_title_setup": ("Draw a quest card (R3.5)", "Возьмите карту задания (R3.5)"),
    "deck_body": (
        "Ordinary: destroy a floor of a capital, 1 point. Special: an island tower, a whole "
        "city or a level-4 general, 3 points (R9.1).",
        "Обычная: разрушить этаж столицы, 1 очко. Особая: башня на острове, город целиком "
        "или полководец 4-го уровня, 3 очка (R9.1).",
    ),
    "deck_tip_0": ("R9.1: destroy a floor of a capital, 1 point", "R9.1: этаж столицы, 1 очко"),
    "deck_tip_1": (
        "R9.1: an island, a whole city or a level-4 general, 3 points",
        "R9.1: остров, город целиком или полководец 4-го уровня, 3 очка",
    ),
    "halt_title": (
        "{mover} ({kingdom}, level {level}) enters {city}",
        "{mover} ({kingdom}, уровень {level}) входит в город {city}",
    ),
    "halt_body": (
        "Your {general} (level {level}) stands there. Halt!: the move ends here and a battle "
        "follows (R7.1). Pass: {mover} may go on with the points left, {points} (R5.4).",
        "Там стоит ваш {general} (уровень {level}). «Стой!»: ход кончается здесь, будет битва "
        "(R7.1). Пропустить: {mover} может идти дальше, осталось очков: {points} (R5.4).",
    ),
    "halt_body_tower": (
        "Your {general} (level {level}, tower +1) stands there. Halt!: the move ends here and "
        "a battle follows (R7.1). Pass: {mover} may go on with the points left, {points} (R5.4).",
        "Там стоит ваш {general} (уровень {level}, башня +1). «Стой!»: ход кончается здесь, "
        "будет битва (R7.1). Пропустить: {mover} может идти дальше, осталось очков: {points} "
        "(R5.4).",
    ),
    "halt_body_plain": (
        "Halt!: the move ends here. Pass: {mover} may go on with the points left, {points} (R5.4).",
        "«Стой!»: ход кончается здесь. Пропустить: {mover} может идти дальше, осталось "
        "очков: {points} (R5.4).",
    ),
    "tip_halt": (
        "R5.4: the move ends here; the battle is fought at the end of the turn (R7.1)",
        "R5.4: ход кончается здесь; битва — в конце хода (R7.1)",
    ),
    "tip_pass": (
        "R5.4: the mover may go on with the points left",
        "R5.4: можно идти дальше на оставшиеся очки",
    ),
    "coin_title": (
        "Battle at {city}: choose your coin (R8.1)",
        "Битва в городе {city}: выберите монету (R8.1)",
    ),
    "coin_body_attack": (
        "You attack. Your coin stays secret until both are revealed at the roll (R8.2a).",
        "Вы нападаете. Ваша монета тайная, пока обе не откроются при броске (R8.2a).",
    ),
    "coin_body_defend": (
        "You defend. The attacker's coin is set but secret; yours stays secret too (R8.2a).",
        "Вы защищаетесь. Монета нападающего поставлена, но тайная; ваша тоже (R8.2a).",
    ),
    "tip_coin": (
        "R8.1: added to your strength after the dice; played coins come back when all 5 are spent",
        "R8.1: прибавится к силе после броска; сыгранные монеты вернутся, когда сыграны все 5",
    ),
    "coin_button": ("Coin {value}", "Монета {value}"),
    "coin_status": (
        "Battle at {city}: your coin (R8.1)",
        "Битва в городе {city}: ваша монета (R8.1)",
    ),
    "halt_status": ("Halt or let pass? (R5.4)", "Остановить или пропустить? (R5.4)"),
    "mu_attacker": ("attacker", "нападает"),
    "mu_defender": ("defender", "защищается"),
    "mu_you": ("{role} · you", "{role} · вы"),
    "mu_coins": ("coins left:", "монеты:"),
    "mu_committed": ("+ coin set", "+ монета"),
    "mu_known": ("before the dice: {span}", "до броска: {span}"),
    "mu_decided": (
        "Decided before the roll: {name} wins whatever the dice and coins (R8.3)",
        "Исход ясен до броска: побеждает {name}, что бы ни выпало (R8.3)",
    ),
    "mu_open_coins": (
        "Each side adds a die of {low} to {high} and its coin: the coins can still decide it "
        "(R8.3).",
        "Каждая сторона прибавит кубик от {low} до {high} и монету: исход ещё могут решить "
        "монеты (R8.3).",
    ),
    "mu_open": (
        "Each side adds a die of {low} to {high}; a tie is rolled again (R7.2).",
        "Каждая сторона прибавит кубик от {low} до {high}; при ничьей — заново (R7.2).",
    ),
    "choose_battle_body": (
        "Your generals meet enemies in these cities; you choose the order (R7.1).",
        "Ваши полководцы встретили врагов в этих городах; порядок выбираете вы (R7.1).",
    ),
    "battle_order_tip": (
        "R7.1: against {general}, level {level} (tower +{tower})",
        "R7.1: против: {general}, уровень {level} (башня +{tower})",
    ),
    "build_title": ("Build: which capital gives the floor?", "Строить: этаж из какой столицы?"),
    "build_body": (
        "R9.5: the floor leaves that capital for the island.",
        "R9.5: этаж уходит из этой столицы на остров.",
    ),
    "battle_continue": ("Continue", "Дальше"),
    "held_status": ("The battle's result: tap Continue", "Итог битвы: нажмите «Дальше»"),
    # the log
    "log_subject": ("{kingdom}: {text}", "{kingdom}: {text}"),
    "log_pick": ("taken by seat {seat} (R3.1)", "выбрано местом {seat} (R3.1)"),
    "log_roll": ("dice {dice}", "кубики {dice}"),
    "log_draw": ("a quest card drawn", "взята карта задания"),
    "log_draw_own": ("card drawn: {card}", "взята карта: {card}"),
    "log_no_card": ("no quest card left to draw", "карт заданий не осталось"),
    "log_coin": ("coin set (secret until the roll)", "монета поставлена (тайно до броска)"),
    "log_deck": ("the {deck} deck", "колода: {deck}"),
    "log_battle": (
        "battle at {city}: {a} vs {d} — {outcome}",
        "битва в городе {city}: {a} против {d} — {outcome}",
    ),
    "battle_side": (
        "{general} ({kingdom}) {strength} = {parts}",
        "{general} ({kingdom}) {strength} = {parts}",
    ),
    "part_die": ("die {n}", "кубик {n}"),
    "part_level": ("level {n}", "уровень {n}"),
    "part_tower": ("tower {n}", "башня {n}"),
    "part_coin": ("coin {n}", "монета {n}"),
    "battle_tie": ("a tie: both roll again (R7.2)", "ничья: бросок заново (R7.2)"),
    "battle_won": ("{general} wins", "побеждает {general}"),
    "log_final_round": (
        "final round: the game ends with this round",
        "последний раунд: игра кончится вместе с ним",
    ),
    "act_pick": ("takes the {kingdom}", "выбрано царство: {kingdom}"),
    "act_place": ("{general} placed at {city}", "{general} поставлен в город {city}"),
    "act_move": (
        "{general} {src} → {dest} (die {die})",
        "{general} {src} → {dest} (кубик {die})",
    ),
    "act_continue": ("{general} goes on {src} → {dest}", "{general} идёт дальше {src} → {dest}"),
    "act_stop": ("{general} stops at {city}", "{general} остаётся в городе {city}"),
    "act_halt": ("Halt! The move ends here (R5.4)", "«Стой!» Ход кончается здесь (R5.4)"),
    "act_pass": ("Pass: the mover may go on (R5.4)", "Пропуск: можно идти дальше (R5.4)"),
    "act_destroy": (
        "{general} destroys a floor at {city} (die {die})",
        "{general} разрушает этаж в городе {city} (кубик {die})",
    ),
    "act_return": (
        "{general} returns to {city} (die {die})",
        "{general} возвращается в город {city} (кубик {die})",
    ),
    "act_train": ("{general} trains (die {die})", "{general} обучается (кубик {die})"),
    "act_build": (
        "{general} builds on {city}, floor from {source} (die {die})",
        "{general} строит на острове {city}, этаж из города {source} (кубик {die})",
    ),
    "act_trade": ("trade {dice} → 6", "обмен {dice} → 6"),
    "act_end": ("turn ended", "ход окончен"),
    "act_fight": ("battle at {city} first", "сначала битва в городе {city}"),
    "act_coin": ("coin {value} set", "поставлена монета {value}"),
    # scoring (R9.4)
    "ev_quest_title": (
        "{the_kingdom} complete a quest: +{n}",
        "{the_kingdom} выполняют задание: +{n}",
    ),
    "ev_quest_title_sg": (
        "{the_kingdom} completes a quest: +{n}",
        "{the_kingdom} выполняет задание: +{n}",
    ),
    "ev_quest_log": (
        "{kingdom} +{n}, quest done: {card}; {left}",
        "{kingdom} +{n}, задание: {card}; {left}",
    ),
    "ev_left_island": (
        "the island tower, {n} floors, left the board",
        "башня острова, {n} этажей, ушла с поля",
    ),
    "ev_left_island_one": (
        "the island tower, {n} floor, left the board",
        "башня острова, {n} этаж, ушла с поля",
    ),
    "ev_left_island_few": (
        "the island tower, {n} floors, left the board",
        "башня острова, {n} этажа, ушла с поля",
    ),
    "ev_left_floor": ("the floor went on the card", "этаж лёг на карту"),
    "ev_left_city": ("no floor of {city} is left", "в городе {city} этажей нет"),
    "ev_left_level4": ("{general} to the time track", "{general} — на шкалу времени"),
    "ev_destroy_floor": (
        "{card}. The floor taken goes on the card (R9.4).",
        "{card}. Снесённый этаж ложится на карту (R9.4).",
    ),
    "ev_destroy_city": (
        "{card}. No floor of {city} is left standing (R9.4).",
        "{card}. В городе {city} не осталось этажей (R9.4).",
    ),
    "ev_build_island": (
        "{card}. The island tower, {n} floors, leaves the board with the card (R9.5).",
        "{card}. Башня острова, {n} этажей, уходит с поля вместе с картой (R9.5).",
    ),
    "ev_build_island_one": (
        "{card}. The island tower, {n} floor, leaves the board with the card (R9.5).",
        "{card}. Башня острова, {n} этаж, уходит с поля вместе с картой (R9.5).",
    ),
    "ev_build_island_few": (
        "{card}. The island tower, {n} floors, leaves the board with the card (R9.5).",
        "{card}. Башня острова, {n} этажа, уходит с поля вместе с картой (R9.5).",
    ),
    "ev_build_shared": (
        "It held a floor of {others} too.",
        "В ней был и этаж противника: {others}.",
    ),
    "ev_defeat_level4": (
        "{card}. {general}, beaten at level 4, goes to the time track (R9.6).",
        "{card}. {general}, побеждённый на 4-м уровне, уходит на шкалу времени (R9.6).",
    ),
    "ev_first_floor_title": (
        "{the_kingdom} score +{n}: a first floor",
        "{the_kingdom} получают +{n}: первый этаж",
    ),
    "ev_first_floor_title_sg": (
        "{the_kingdom} scores +{n}: a first floor",
        "{the_kingdom} получает +{n}: первый этаж",
    ),
    "ev_first_floor_body": (
        "The first floor taken from {the_victim} without a quest scores a point (R9.4); it "
        "goes to the trophies.",
        "Первый этаж, взятый у противника ({the_victim}) без задания, даёт очко (R9.4) и "
        "уходит в трофеи.",
    ),
    "ev_first_floor_log": (
        "{kingdom} +{n}: a first enemy floor (R9.4)",
        "{kingdom} +{n}: первый этаж противника (R9.4)",
    ),
    "ev_an_enemy": ("an enemy", "противник"),
    "ev_redraw": (
        "Next {the_kingdom} draw a new card (R9.3).",
        "Дальше {the_kingdom} берут новую карту (R9.3).",
    ),
    "ev_redraw_sg": (
        "Next {the_kingdom} draws a new card (R9.3).",
        "Дальше {the_kingdom} берёт новую карту (R9.3).",
    ),
    # the end of the game
    "final_title": ("Final round!", "Последний раунд!"),
    "final_body": (
        "{the_kingdom} have 7 points: this round is played to its end, then the highest score "
        "wins (R9.7).",
        "{the_kingdom}: 7 очков — раунд доигрывается до конца, затем побеждает больший "
        "счёт (R9.7).",
    ),
    "final_body_sg": (
        "{the_kingdom} has 7 points: this round is played to its end, then the highest score "
        "wins (R9.7).",
        "{the_kingdom}: 7 очков — раунд доигрывается до конца, затем побеждает больший "
        "счёт (R9.7).",
    ),
    "final_body_base": (
        "{the_kingdom} have destroyed 5 enemy floors, one of every enemy: this round is "
        "played to its end (R10.1).",
        "{the_kingdom} разрушили 5 вражеских этажей, хотя бы по одному у каждого: раунд "
        "доигрывается до конца (R10.1).",
    ),
    "final_body_base_sg": (
        "{the_kingdom} has destroyed 5 enemy floors, one of every enemy: this round is "
        "played to its end (R10.1).",
        "{the_kingdom} разрушило 5 вражеских этажей, хотя бы по одному у каждого: раунд "
        "доигрывается до конца (R10.1).",
    ),
    "final_still": ("Still to play: {names}.", "Ещё ходят: {names}."),
    "final_last_turn": ("This is the round's last turn.", "Это последний ход раунда."),
    "last_season_title": ("Last season!", "Последний сезон!"),
    "last_season_body": (
        "261 BC Hiemis: the game ends after this round, the highest score wins (R1.3).",
        "Зима 261 до н. э.: игра кончится после этого раунда, побеждает больший счёт (R1.3).",
    ),
    "see_results": ("See the results", "Итоги игры"),
    "res_winner": ("{the_kingdom} win with {n}", "{the_kingdom} побеждают, счёт {n}"),
    "res_winner_sg": ("{the_kingdom} wins with {n}", "{the_kingdom} побеждает, счёт {n}"),
    "res_winners": ("Shared victory: {names}, {n} each", "Общая победа: {names}, счёт {n}"),
    "res_all": ("all {n}", "все {n}"),  # the kingdoms of a shared victory, counted
    "res_of": ("{n} of {total}", "{n} из {total}"),
    "res_won": (
        "You won, {n} points ahead of {the_other}.",
        "Вы победили, на {n} очков больше, чем у противника ({the_other}).",
    ),
    "res_won_one": (
        "You won, {n} point ahead of {the_other}.",
        "Вы победили, на {n} очко больше, чем у противника ({the_other}).",
    ),
    "res_won_few": (
        "You won, {n} points ahead of {the_other}.",
        "Вы победили, на {n} очка больше, чем у противника ({the_other}).",
    ),
    "res_won_alone": ("You won.", "Вы победили."),
    "res_won_tiebreak": (
        "You won on the tie-break: level on points with {the_other}, ahead on floors ({rule}).",
        "Вы победили по дополнительному показателю: очков поровну с противником "
        "({the_other}), этажей больше ({rule}).",
    ),
    "res_shared": ("You share the victory with {others}.", "Вы делите победу: {others}."),
    "res_behind": (
        "You finished {place} of {total}, {n} points behind {the_winner}.",
        "Вы на {place} месте из {total}, на {n} очков меньше победителя ({the_winner}).",
    ),
    "res_behind_one": (
        "You finished {place} of {total}, {n} point behind {the_winner}.",
        "Вы на {place} месте из {total}, на {n} очко меньше победителя ({the_winner}).",
    ),
    "res_behind_few": (
        "You finished {place} of {total}, {n} points behind {the_winner}.",
        "Вы на {place} месте из {total}, на {n} очка меньше победителя ({the_winner}).",
    ),
    "res_behind_tiebreak": (
        "You finished {place} of {total}: level on points with {the_winner}, behind on the "
        "tie-break ({rule}).",
        "Вы на {place} месте из {total}: очков поровну с победителем ({the_winner}), но "
        "меньше по дополнительному показателю ({rule}).",
    ),
    "res_nobody": (
        "You finished {place} of {total}; only a player who destroyed a floor of every enemy "
        "can win (R10.2).",
        "Вы на {place} месте из {total}; победить может лишь тот, кто разрушил этаж у "
        "каждого противника (R10.2).",
    ),
    "q_short_destroy_floor": ("Floor of {city}", "Этаж: {city}"),
    "q_short_destroy_city": ("All of {city}", "Весь город {city}"),
    "q_short_build_island": ("Island {city}", "Остров {city}"),
    "q_short_defeat_level4": ("Level-4 general", "Полководец 4-го ур."),
    "q_points_n": ("{n} points", "{n} очков"),
    "q_points_n_one": ("{n} point", "{n} очко"),
    "q_points_n_few": ("{n} points", "{n} очка"),
}
