"""The texts of the replay, the review and the list of last games, English and Russian.

Part of the one translation table (``web.text.i18n`` merges it into ``TEXT``).
"""

from __future__ import annotations

REPLAY_TEXT: dict[str, tuple[str, str]] = {
    # the replay's controls
    "rp_status": ("{season} · {n}/{total}", "{season} · {n}/{total}"),
    "rp_status_start": ("The start of the game", "Начало партии"),
    "rp_prev_season": ("« Season", "« Сезон"),
    "rp_prev_turn": ("‹ Turn", "‹ Ход"),
    "rp_prev_step": ("‹ Step", "‹ Шаг"),
    "rp_play": ("Play", "Пуск"),
    "rp_pause": ("Pause", "Пауза"),
    "rp_next_step": ("Step ›", "Шаг ›"),
    "rp_next_turn": ("Turn ›", "Ход ›"),
    "rp_next_season": ("Season »", "Сезон »"),
    "rp_speed": ("×{n}", "×{n}"),
    "rp_charts": ("Charts", "Графики"),
    "rp_review": ("Review", "Разбор"),
    "rp_view": ("View", "Вид"),
    "rp_tip_prev_season": ("Back to the start of this season, or the one before (Page Up)",
                           "К началу этого сезона или предыдущего (Page Up)"),
    "rp_tip_prev_turn": ("Back to the start of this turn, or the one before (↑)",
                         "К началу этого хода или предыдущего (↑)"),
    "rp_tip_prev_step": ("One action back (←)", "На одно действие назад (←)"),
    "rp_tip_play": ("Play the game on by itself, or stop (Space)",
                    "Воспроизводить партию или остановить (пробел)"),
    "rp_tip_next_step": ("One action on (→)", "На одно действие вперёд (→)"),
    "rp_tip_next_turn": ("To the next player's turn (↓)", "К ходу следующего игрока (↓)"),
    "rp_tip_next_season": ("To the next season (Page Down)", "К следующему сезону (Page Down)"),
    "rp_tip_speed": ("How fast the replay plays", "Скорость воспроизведения"),
    "rp_tip_charts": ("Scores and win chances through the game; tap one to go there",
                      "Очки и шансы на протяжении партии; нажмите, чтобы перейти туда"),
    "rp_tip_review": ("Let the AI judge the decisions: where the game was won and lost",
                      "ИИ оценит решения: где партия была выиграна и проиграна"),
    "rp_tip_view": ("Whose eyes the replay shows", "Чьими глазами показывать повтор"),
    "rp_tip_log": ("Tap an entry to go to that moment", "Нажмите на запись, чтобы перейти туда"),
    # whose view
    "rp_watch_as": ("Watch the game as", "Смотреть партию глазами"),
    "rp_watch_note": ("Only what that player saw is shown: the others' cards and coins stay "
                      "hidden.",
                      "Видно только то, что видел этот игрок: карты и монеты других скрыты."),
    "rp_open": ("Everything open", "Всё открыто"),
    "rp_open_note": ("All cards and coins face up, as after the game.",
                     "Все карты и монеты открыты, как после партии."),
    "rp_open_unfinished": ("This game is not over: only a player's own view can be shown.",
                           "Партия не окончена: можно смотреть только глазами игрока."),
    "rp_seat_human": ("{kingdom} · person", "{kingdom} · человек"),
    "rp_seat_ai": ("{kingdom} · AI", "{kingdom} · ИИ"),
    "rp_watch": ("Watch", "Смотреть"),
    "rp_preparing": ("Preparing the replay… {pct}%", "Подготовка повтора… {pct}%"),
    "rp_seen_by": ("Seen by {kingdom}", "Глазами: {kingdom}"),
    "rp_seen_open": ("Everything open", "Всё открыто"),
    "rp_hands": ("Cards in hand", "Карты на руках"),
    "rp_no_cards": ("no cards", "нет карт"),
    "rp_coin": ("coin {value} committed", "поставлена монета {value}"),
    # charts and turning points
    "rp_chart_scores": ("Score by season", "Очки по сезонам"),
    # The players' panel's estimate (ai.chances), whose moves the review splits into parts.
    "rp_chart_chances": ("Win chance (players' panel)", "Шансы (как в панели игроков)"),
    "rp_chart_hint": ("Tap a chart or a turning point to go there.",
                      "Нажмите на график или переломный момент, чтобы перейти туда."),
    "rp_turning": ("Turning points", "Переломные моменты"),
    "rp_no_review": ("Start a review (the Review button) to see where the game was won and lost.",
                     "Запустите разбор (кнопка «Разбор»), чтобы увидеть, где партия была "
                     "выиграна и проиграна."),
    "rp_no_turning": ("No reviewed player's win chance fell by 1% or more at any moment.",
                      "Шанс разобранных игроков ни разу не упал на 1% и больше."),
    # a turning point: a drop of a reviewed seat's chance (ai.review.Swing), and its cause
    "rp_turning_decision": ("{season}, {kingdom} −{pct}%: its own decision. It played "
                            "“{played}”; the AI's search preferred “{best}”.",
                            "{season}, {kingdom} −{pct}%: своё решение. Сыграно «{played}»; "
                            "поиск ИИ предпочёл «{best}»."),
    "rp_turning_luck": ("{season}, {kingdom} −{pct}%: luck, the dice, battles and cards in "
                        "the turn of {whose}.",
                        "{season}, {kingdom} −{pct}%: удача — кубики, битвы и карты; ход: "
                        "{whose}."),
    "rp_turning_opponent": ("{season}, {kingdom} −{pct}%: the play of {opponent}.",
                            "{season}, {kingdom} −{pct}%: игра соперника ({opponent})."),
    # a reviewed seat's result in parts (ai.review.Split), one sentence and a bar
    "rp_split": ("{kingdom} {outcome}: start {start}%, own decisions {decisions}, luck {luck}, "
                 "opponents {opponents}.",
                 "{kingdom} — {outcome}: старт {start}%, свои решения {decisions}, удача "
                 "{luck}, соперники {opponents}."),
    "rp_won": ("won", "победа"),
    "rp_lost": ("lost", "поражение"),
    "rp_shared": ("shared the win ({pct}%)", "общая победа ({pct}%)"),
    "rp_so_far": ("stands at {pct}% so far", "пока {pct}%"),
    "rp_part_decisions": ("own decisions", "свои решения"),
    "rp_part_luck": ("luck", "удача"),
    "rp_part_opponents": ("opponents", "соперники"),
    # the decisions by class (ai.review.CLASSES), per reviewed seat, and the limits
    "rp_class_line": ("{split} Best {best} · good {good} · inaccuracies {inaccuracy} · "
                      "mistakes {mistake} · blunders {blunder}.",
                      "{split} Лучшие {best} · хорошие {good} · неточности {inaccuracy} · "
                      "ошибки {mistake} · зевки {blunder}."),
    # The classes are the search's judgement (from the player's hand); the split and the
    # turning points, the table's estimate that the chart and the players' panel show
    # ("rp_chart_chances").
    "rp_class_limits": ("By the AI's search with the player's cards, win chance lost: best "
                        "≤{best}%, good <{good}%, inaccuracy <{inaccuracy}%, mistake "
                        "<{mistake}%, blunder more.",
                        "По поиску ИИ с картами игрока, потеря шанса: лучшее ≤{best}%, "
                        "хорошее <{good}%, неточность <{inaccuracy}%, ошибка <{mistake}%, "
                        "зевок больше."),
    "rp_loss_last": ("{city} lost its last floor before the next turn.",
                     "Город {city} потерял последний этаж до следующего хода."),
    "rp_loss_floor": ("{city} lost a floor before the next turn.",
                      "Город {city} потерял этаж до следующего хода."),
    # the review
    "rv_title": ("Review the game", "Разбор партии"),
    "rv_about": ("The AI looks at each decision again, from what that player could see, and "
                 "estimates the win chance before and after it.",
                 "ИИ заново рассмотрит каждое решение — с тем, что видел игрок, — и оценит "
                 "шанс на победу до и после него."),
    "rv_seats": ("Decisions of", "Чьи решения"),
    "rv_budget": ("How closely", "Насколько подробно"),
    "rv_quick": ("Quick · about {time}", "Быстро · около {time}"),
    "rv_thorough": ("Thorough · about {time}", "Тщательно · около {time}"),
    "rv_start": ("Start the review", "Начать разбор"),
    "rv_cancel": ("Cancel", "Отменить"),
    "rv_stop": ("Stop the review", "Остановить разбор"),
    "rv_running": ("Reviewing… {pct}% · {left} left", "Разбор… {pct}% · осталось {left}"),
    "rv_running_nopace": ("Reviewing… {pct}%", "Разбор… {pct}%"),
    "rv_done": ("Review done: {n} turning points.", "Разбор готов; переломных моментов: {n}."),
    "rv_cancelled": ("The review was stopped; what it found so far is shown.",
                     "Разбор остановлен; показано то, что он успел найти."),
    "rv_failed": ("The review stopped: {reason}", "Разбор прервался: {reason}"),
    "rv_need_seat": ("Choose at least one player.", "Выберите хотя бы одного игрока."),
    "rv_seat_hidden": (
        "The game is not over: only your own decisions can be reviewed.",
        "Партия не окончена: разобрать можно только свои решения.",
    ),
    "rv_seconds": ("{n} s", "{n} с"),
    "rv_minutes": ("{n} min", "{n} мин"),
    # the last games
    "lg_title": ("Last games", "Последние партии"),
    "lg_button": ("Last games", "Последние партии"),
    "lg_empty": ("No finished games yet. The last 20 finished games are kept here.",
                 "Оконченных партий пока нет. Здесь хранятся последние 20."),
    "lg_players": ("{n} players", "игроков: {n}"),
    "lg_seasons": ("{n} seasons", "сезонов: {n}"),
    "lg_won": ("won: {names}", "победа: {names}"),
    "lg_won_shared": ("victory shared by {count}", "общая победа: {count}"),
    "lg_nobody": ("no winner", "без победителя"),
    "lg_watch": ("Watch", "Смотреть"),
    "lg_export": ("Export", "В файл"),
    "lg_import": ("Watch a file…", "Смотреть файл…"),
    "lg_import_hint": ("Drop a game record or a save on the window to watch it.",
                       "Перетащите запись партии или сохранение в окно, чтобы посмотреть."),
    "lg_gone": ("This game is no longer stored; it was taken off the list.",
                "Этой партии больше нет в хранилище; она убрана из списка."),
    # a kept game that no longer loads: its file is kept under a new name, never deleted
    "lg_set_aside": ("A game in Last games could not be read, so it was kept aside as {name}.",
                     "Партию из последних не удалось прочитать, поэтому она отложена как "
                     "{name}."),
    "lg_set_aside_many": ("{n} games in Last games could not be read, so they were kept aside, "
                          "the first as {name}.",
                          "Партии из последних ({n}) не удалось прочитать, поэтому они отложены, "
                          "первая — как {name}."),
    "lg_stuck": ("A game in Last games could not be read, nor kept aside; it stays, unlisted, "
                 "as {name}.",
                 "Партию из последних не удалось ни прочитать, ни отложить; она остаётся вне "
                 "списка как {name}."),
    "lg_stuck_many": ("{n} games in Last games could not be read, nor kept aside; they stay, "
                      "unlisted, the first as {name}.",
                      "Партии из последних ({n}) не удалось ни прочитать, ни отложить; они "
                      "остаются вне списка, первая — как {name}."),
    "lg_replay": ("Watch again", "Смотреть снова"),
}  # fmt: skip
