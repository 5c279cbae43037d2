"""Every text the client shows, in English and Russian, from one table.

``t("key", **values)`` formats the entry in the current language; names of kingdoms, cities and
generals come from the map data (``name_en`` / ``name_ru``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from web.text.i18n_help import HELP_TEXT
from web.text.i18n_match import MATCH_TEXT
from web.text.i18n_replay import REPLAY_TEXT
from web.text.i18n_ui import UI_TEXT

LANGUAGES = ("en", "ru")
_lang = "en"

TEXT: dict[str, tuple[str, str]] = {
    # title and menus
    "title": ("STRATEGOS", "СТРАТЕГОС"),
    "subtitle": (
        "Generals and towers · Europe 264–261 BC",
        "Полководцы и башни · Европа 264–261 до н. э.",
    ),
    "continue": ("Continue game", "Продолжить игру"),
    "new_game": ("New game", "Новая игра"),
    "spectate": ("Watch AIs play", "Смотреть игру ИИ"),
    "rules": ("Rules", "Правила"),
    "settings": ("Settings", "Настройки"),
    "import": ("Import save", "Загрузить файл"),
    "export": ("Export save", "Сохранить в файл"),
    "quit": ("Quit", "Выход"),
    "back": ("Back", "Назад"),
    "menu": ("Menu", "Меню"),
    "resume": ("Resume", "Вернуться"),
    "to_title": ("Leave to title", "В главное меню"),
    "start": ("Start", "Начать"),
    "close": ("Close", "Закрыть"),
    "ok": ("OK", "OK"),
    # new game
    "players": ("Players", "Игроки"),
    "seat": ("Seat {n}", "Место {n}"),
    "human": ("Human", "Человек"),
    "ai": ("AI", "ИИ"),
    "random": ("Random", "Случайно"),
    "kingdom": ("Kingdom", "Царство"),
    "difficulty": ("Difficulty", "Сложность"),
    "diff_beginner": ("beginner", "новичок"),
    "diff_easy": ("easy", "лёгкий"),
    "diff_normal": ("normal", "средний"),
    "diff_hard": ("hard", "сильный"),
    "diff_expert": ("expert", "эксперт"),
    "rule_switches": ("Rule patches (R8)", "Дополнения к правилам (R8)"),
    "rule_coins": ("Reinforcement coins", "Монеты подкрепления"),
    "rule_battle_dice": ("Battle dice 0-0-1-1-1-2", "Кубики боя 0-0-1-1-1-2"),
    "rule_quests": ("Quests, 7 points", "Задания, 7 очков"),
    "seed": ("Seed", "Номер расклада"),  # the dice and cards it deals; «зерно» says nothing
    "language": ("Language", "Язык"),
    "lang_name": ("English", "Русский"),
    "on": ("on", "вкл."),
    "off": ("off", "выкл."),
    "think_fast": ("AI moves take under a second.", "ИИ ходит меньше чем за секунду."),
    "think_hard": (
        "Hard AI thinks about 1 s a move (2 s in the browser).",
        "Сильный ИИ думает около 1 с на ход (в браузере около 2 с).",
    ),
    "think_expert": (
        "Expert AI is a little stronger than hard (56 wins in 100 against it) and thinks "
        "about 4 s a move, at times 30 s (twice that in the browser); Move now cuts it short.",
        "Эксперт чуть сильнее сильного ИИ (56 побед из 100 против него) и думает около 4 с "
        "на ход, порой 30 с (в браузере вдвое дольше); «Ходи сейчас» прерывает раздумье.",
    ),
    # an AI seat whose search failed
    "agent_fallback": ("greedy (fallback)", "жадный (запасной)"),
    "agent_greedy": ("greedy", "жадный"),
    "ai_fallback": (
        "{kingdom}: the AI's search failed, so this seat now plays a simple fallback (greedy).",
        "{kingdom}: поиск ИИ дал сбой, теперь это место играет простым запасным ИИ (жадный).",
    ),
    "hint_fallback": (
        "The hint search failed; these suggestions come from the simple greedy AI.",
        "Поиск подсказки дал сбой; эти советы даёт простой жадный ИИ.",
    ),
    # settings
    "sound": ("Sound", "Звук"),
    "reduced_motion": ("Reduced motion", "Меньше анимации"),
    "anim_speed": ("AI move speed", "Скорость ходов ИИ"),
    "speed_slow": ("slow", "медленно"),
    "speed_normal": ("normal", "обычно"),
    "speed_fast": ("fast", "быстро"),
    # the board and hud
    "bc": ("{year} BC", "{year} до н. э."),
    "season_0": ("Veris", "Весна"),
    "season_1": ("Aestus", "Лето"),
    "season_2": ("Autumnus", "Осень"),
    "season_3": ("Hiemis", "Зима"),
    "winter_note": (
        "Winter: no sea routes, land routes cost 2 (R5.3)",
        "Зима: моря закрыты, сухопутный путь стоит 2 (R5.3)",
    ),
    "score": ("Points", "Очки"),
    "trophies": ("Trophies", "Трофеи"),
    "coins_played": ("Coins played", "Сыгранные монеты"),
    "hand": ("Your quests", "Ваши задания"),
    "hand_counts": ("Quests: {o} ordinary, {s} special", "Задания: {o} обычн., {s} особ."),
    "time_track": ("Time track", "Шкала времени"),
    "your_turn": ("Your turn — {kingdom}", "Ваш ход — {kingdom}"),
    "their_turn": ("{kingdom} to play", "Ходит: {kingdom}"),
    "end_turn": ("End turn", "Конец хода"),
    "undo": ("Undo", "Отменить"),
    "hint": ("Hint", "Подсказка"),
    "move_now": ("Move now", "Ходи сейчас"),
    "tip_move_now": (
        "The AI plays the best move it has found so far (Space)",
        "ИИ сыграет лучший из найденных ходов (пробел)",
    ),
    "hint_thinking": ("Looking for good moves… {pct}%", "Ищу хорошие ходы… {pct}%"),
    # Not the players' panel's chance (the table's, at the turn's start, from public facts):
    # the hint's search judges each move after it is made, with the player's own cards.
    "hint_title": (
        "Suggested moves · chance after each, judged with your cards",
        "Советы · шанс после хода, с учётом ваших карт",
    ),
    "hint_none": ("No suggestion now.", "Сейчас советов нет."),
    "win_chance": ("win {pct}%", "победа {pct}%"),
    "win_unknown": ("(no estimate)", "(без оценки)"),
    "trade": ("Trade 3 → 6", "Обмен 3 → 6"),
    "trade_tip": (
        "R4.3: trade three unused dice for one 6, once a turn",
        "R4.3: три неиспользованных кубика — на одну шестёрку, раз за ход",
    ),
    "destroy": ("Destroy", "Разрушить"),
    "train": ("Train", "Обучить"),
    "build": ("Build", "Строить"),
    "return": ("Return", "Вернуть"),
    "stop_here": ("Stop here", "Остаться здесь"),
    "pick_die": ("Pick a die, then a general", "Выберите кубик, затем полководца"),
    "pick_general": ("Pick a general", "Выберите полководца"),
    "pick_city": ("Pick a lit city", "Выберите подсвеченный город"),
    "place_fourth": ("Place your fourth general (R3.3)", "Поставьте четвёртого полководца (R3.3)"),
    "continue_move": ("Let through: continue or stop (R5.4)", "Пропустили: дальше или стоп (R5.4)"),
    "choose_battle": ("Choose the next battle (R7.1)", "Выберите следующую битву (R7.1)"),
    "why": ("Why not?", "Почему нет?"),
    "rule_link": ("Rule {rule}", "Правило {rule}"),
    "dice_tray": ("Dice", "Кубики"),
    # prompts
    "halt": ("Halt!", "Стой!"),
    "pass": ("Pass", "Пропустить"),
    "deck_0": ("Ordinary ({n})", "Обычная ({n})"),
    "deck_1": ("Special ({n})", "Особая ({n})"),
    "pick_kingdom": ("Choose your kingdom (R3.1)", "Выберите царство (R3.1)"),
    "pass_device": ("Pass the device to", "Передайте устройство:"),
    "pass_ready": ("I am {kingdom} — show my board", "Я — {kingdom}, показать"),
    "pass_note": (
        "The previous player's quests and coins are hidden.",
        "Задания и монеты предыдущего игрока скрыты.",
    ),
    # battle
    "battle": ("Battle at {city}", "Битва в городе {city}"),
    "die": ("die", "кубик"),
    "level": ("level", "уровень"),
    "tower": ("tower", "башня"),
    "coin": ("coin", "монета"),
    "strength": ("strength", "сила"),
    "wins": ("{name} wins", "Победил {name}"),
    "tie": ("Tie — roll again (R7.2)", "Ничья — бросок заново (R7.2)"),
    # log
    "log": ("Log", "Журнал"),
    "deck_name_0": ("ordinary", "обычная"),
    "deck_name_1": ("special", "особая"),
    # quests
    "q_destroy_floor": ("Destroy a floor of {city}", "Разрушить этаж в городе {city}"),
    "q_destroy_city": ("Destroy {city} completely", "Разрушить город {city} полностью"),
    "q_build_island": (
        "Build a 2-floor tower on {city}",
        "Построить башню в 2 этажа на острове {city}",
    ),
    "q_defeat_level4": ("Defeat a level-4 general", "Победить полководца 4-го уровня"),
    "q_points": ("{n} pt", "{n} оч."),
    # tooltips
    "tip_city": ("{name} — {kingdom}", "{name} — {kingdom}"),
    "tip_capital": ("capital", "столица"),
    "tip_island": ("island city, by sea only (R2.4)", "остров, только по морю (R2.4)"),
    "tip_neutral": ("no kingdom", "ничья земля"),
    "tip_tower": (
        "Tower of {kingdom}: {n} floors (+1 defence, R7.2)",
        "Башня: {kingdom}, этажей: {n} (+1 к защите, R7.2)",
    ),
    "tip_island_tower": ("Island tower: {n} floors (R9.5)", "Башня на острове: {n} эт. (R9.5)"),
    "tip_general": ("{name}, level {level} — {kingdom}", "{name}, уровень {level} — {kingdom}"),
    "tip_acted": ("has acted this turn (R4.2)", "уже действовал в этом ходу (R4.2)"),
    "tip_off_board": (
        "on the time track, returns from {season} (R6.2)",
        "на шкале времени, вернётся с {season} (R6.2)",
    ),
    "tip_ship": ("{name}: a ship, pass only (R2.3)", "{name}: корабль, только проход (R2.3)"),
    "tip_cost": ("costs {n} movement points", "стоит {n} очк. движения"),
    "tip_destroy": (
        "R6.1: remove a floor of the enemy tower here with a 5 or 6",
        "R6.1: снести этаж вражеской башни здесь за 5 или 6",
    ),
    "tip_train": (
        "R6.3: +1 level on an own standing capital, 5 or 6, once a turn",
        "R6.3: +1 уровень в своей столице, 5 или 6, раз за ход",
    ),
    "tip_build": (
        "R9.5: move a floor from an own capital onto this island, 5 or 6",
        "R9.5: перенести этаж из своей столицы на остров, 5 или 6",
    ),
    "tip_return": (
        "R6.2: bring the general back onto a free own tower, 5 or 6",
        "R6.2: вернуть полководца на свободную свою башню, 5 или 6",
    ),
    "tip_end_turn": (
        "R4.2: unused dice are lost; battles follow (R7)",
        "R4.2: неиспользованные кубики сгорают; затем битвы (R7)",
    ),
    "tip_undo": (
        "R4.5: take back own actions until something hidden or random is revealed",
        "R4.5: отмена своих действий, пока не открылось скрытое или случайное",
    ),
    "tip_die": (
        "Die {n}: moves up to {n} points (R5.1)",
        "Кубик {n}: до {n} очков движения (R5.1)",
    ),
    "tip_season": ("{season} {year}", "{season} {year}"),
    "tip_card": ("{text} — {points}", "{text} — {points}"),
    # game over
    "game_over": ("Game over", "Игра окончена"),
    "winner": ("Victory: {names}", "Победа: {names}"),
    "no_winner": (
        "Nobody met the victory condition (R10.2)",
        "Никто не выполнил условие победы (R10.2)",
    ),
    "play_again": ("Play again", "Ещё раз"),
    "col_player": ("Player", "Игрок"),
    "col_points": ("Points", "Очки"),
    "col_destroyed": ("Destroyed", "Разрушено"),
    "col_standing": ("Standing", "Стоит"),
    "col_quests": ("Quests", "Задания"),
    "chart_scores": ("Score by season", "Очки по сезонам"),
    "chart_chances": ("Win chance, estimated", "Шансы на победу (оценка)"),
    "chart_empty": ("No estimates in this game", "В этой игре оценок нет"),
    # saves
    "saved_to": ("Saved to {path}", "Сохранено: {path}"),
    "save_not_strategos": (
        "This file is not a Strategos save.",
        "Этот файл — не сохранение Стратегоса.",
    ),
    "save_damaged": ("The save is damaged: {reason}", "Сохранение повреждено: {reason}"),
    "save_garbled": ("the file is cut short or garbled.", "файл обрезан или испорчен."),
    "save_unloadable": ("it could not be loaded.", "его не удалось загрузить."),
    "save_impossible": (
        "it holds a position the rules do not allow{rule}.",
        "в нём позиция, невозможная по правилам{rule}.",
    ),
    "save_unplayable": (
        "its step {n}{move} cannot be played at that point{rule}.",
        "шаг {n}{move} в нём невозможен в той позиции по правилам{rule}.",
    ),
    "save_version": (
        "This save is from another version of Strategos (format {version}).",
        "Это сохранение другой версии Стратегоса (формат {version}).",
    ),
    "save_map": (
        "This save is of a game on map {map}, which this version of Strategos does not have.",
        "Это сохранение партии на карте {map}, которой нет в этой версии Стратегоса.",
    ),
    "file_too_large": (
        "{path} is larger than any game record.",
        "{path} больше любой записи партии.",
    ),
    "file_unreadable": (
        "The file could not be opened: {reason}",
        "Не удалось открыть файл: {reason}",
    ),
    "export_failed": (
        "The save could not be exported: {reason}",
        "Не удалось сохранить в файл: {reason}",
    ),
    "autosave_failed": (
        "The game could not be saved (no room in the storage); export it to keep it.",
        "Игру не удалось сохранить (нет места в хранилище); сохраните её в файл.",
    ),
    "autosave_set_aside": (
        "Your saved game could not be read, so it was kept aside as {name} and a new game "
        "will not replace it.",
        "Сохранённую игру не удалось прочитать, поэтому она отложена как {name}, и новая "
        "игра её не заменит.",
    ),
    "settings_set_aside": (
        "Your settings could not be read, so they were kept aside as {name}; the defaults "
        "apply until you change one.",
        "Настройки не удалось прочитать, поэтому они отложены как {name}; до первого "
        "изменения действуют стандартные.",
    ),
    "settings_unreadable": (
        "Your settings could not be read; the defaults apply.",
        "Настройки не удалось прочитать; действуют стандартные.",
    ),
    "autosave_unreadable": (
        "Your saved game could not be read, nor kept aside; a new game will replace it.",
        "Сохранённую игру не удалось ни прочитать, ни отложить; новая игра её заменит.",
    ),
    # the last line of a page of the title's notice, where its sentences take several
    "notice_next": (
        "{page} of {pages} · tap here for the next",
        "{page} из {pages} · нажмите сюда, чтобы читать дальше",
    ),
    "notice_first": (
        "{page} of {pages} · tap here for the first again",
        "{page} из {pages} · нажмите сюда, чтобы вернуться к первому",
    ),
    # before a new or imported game takes the place of an unfinished one
    "replace_title": ("Replace your unfinished game?", "Заменить неоконченную игру?"),
    "replace_body": (
        "Your unfinished game ({players} players, {season}) is saved; the new one takes its "
        "place. Export it first to keep a copy.",
        "Сохранена ваша неоконченная игра (игроков: {players}, {season}); новая игра займёт "
        "её место. Сохраните её в файл, чтобы оставить копию.",
    ),
    "replace_keep": ("Keep it", "Оставить её"),
    "replace_export": ("Export it, then start", "Сохранить в файл и начать"),
    "replace_start": ("Replace it", "Заменить"),
    "import_title": ("Import a save", "Загрузить сохранение"),
    "import_hint": (
        "Drop a save file on the window, or pick one below.",
        "Перетащите файл в окно или выберите ниже.",
    ),
    "import_web": ("Choose a file…", "Выбрать файл…"),
    "import_none": ("No save files in {path}", "Нет файлов в {path}"),
    "exported": ("Exported: {path}", "Экспортировано: {path}"),
    "spectator": ("Spectator", "Зритель"),
    "human_seat": ("you", "вы"),
}


TEXT.update(HELP_TEXT)
TEXT.update(MATCH_TEXT)
TEXT.update(REPLAY_TEXT)
TEXT.update(UI_TEXT)


def set_language(lang: str) -> None:
    global _lang
    _lang = lang if lang in LANGUAGES else "en"


def language() -> str:
    return _lang


def t(key: str, **values: Any) -> str:
    pair = TEXT.get(key)
    if pair is None:
        return key
    text = pair[1] if _lang == "ru" else pair[0]
    return text.format(**values) if values else text


@dataclass(frozen=True)
class Phrase:
    """A text kept as its key and values, said in the language current when it is shown
    (``str``): a toast raised before the player switches language reads in the new one."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return t(self.key, **dict(self.values))


def phrase(key: str, **values: Any) -> Phrase:
    """``t(key, **values)``, said when shown (``Phrase``)."""
    return Phrase(key, tuple(values.items()))


def name(spec: Any) -> str:
    """The localized name of any spec with ``name_en`` and ``name_ru``."""
    return str(spec.name_ru if _lang == "ru" else spec.name_en)


def season_label(round_index: int) -> str:
    year = 264 - round_index // 4
    return f"{t('season_' + str(round_index % 4))} {t('bc', year=year)}"


# The kingdoms are peoples ("the Greeks are thinking", «Греки думают»), but for the Eastern
# Kingdom ("the Eastern Kingdom is thinking", «Восточное Царство думает»): a sentence with a
# kingdom for its subject has a "_sg" twin that ``kingdom_t`` takes for those.
SINGULAR_KINGDOMS = frozenset({"eastern"})


def the_kingdom(spec: Any) -> str:
    """A kingdom as the subject of a sentence: "the Greeks" («Греки»)."""
    return name(spec) if _lang == "ru" else f"the {spec.name_en}"


def kingdom_t(key: str, spec: Any, **values: Any) -> str:
    """``t(key)`` about a kingdom: ``{kingdom}`` its name, ``{the_kingdom}`` its subject form;
    the verb agrees with it, and the sentence starts with a capital."""
    if getattr(spec, "id", "") in SINGULAR_KINGDOMS and key + "_sg" in TEXT:
        key += "_sg"
    text = t(key, kingdom=name(spec), the_kingdom=the_kingdom(spec), **values)
    return text[:1].upper() + text[1:]


def count_t(key: str, n: int, **values: Any) -> str:
    """``t(key)`` with a number ``{n}`` that the noun agrees with: "_one" for 1 in English;
    in Russian "_one" for 1, 21, 31 (очко), "_few" for 2-4, 22-24 (очка), the key itself for
    the rest (очков)."""
    tail = n % 10
    if _lang == "ru":
        if tail == 1 and n % 100 != 11:
            form = "_one"
        elif 2 <= tail <= 4 and not 12 <= n % 100 <= 14:
            form = "_few"
        else:
            form = ""
    else:
        form = "_one" if n == 1 else ""
    found = key + form if key + form in TEXT else key
    return t(found, n=n, **values)
