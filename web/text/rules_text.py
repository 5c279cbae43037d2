"""The rules reference shown in the game: our own concise text in English and Russian,
organised like the project's rules (R1-R11), so a tooltip's rule id opens at its paragraph."""

from __future__ import annotations

# (rule id, English, Russian); a section header has an id without a dot.
RULES: list[tuple[str, str, str]] = [
    ("R1", "Overview", "Обзор"),
    (
        "R1.1",
        "2–6 players, each ruling one of six kingdoms: Barbarians, Sarmatians, Greeks, "
        "Romans, Carthaginians, Eastern Kingdom.",
        "2–6 игроков, у каждого одно из шести царств: варвары, сарматы, греки, римляне, "
        "карфагеняне, Восточное царство.",
    ),
    (
        "R1.2",
        "Each player has 4 generals (level 1–4) and 9 tower floors: three 3-floor towers on "
        "the three capitals.",
        "У каждого 4 полководца (уровень 1–4) и 9 этажей башен: по башне в 3 этажа на трёх "
        "столицах.",
    ),
    (
        "R1.3",
        "At most 16 rounds; one round is one season, every player takes one turn in it.",
        "Не более 16 раундов; раунд — один сезон, каждый игрок ходит один раз.",
    ),
    ("R2", "The map", "Карта"),
    (
        "R2.1",
        "Each kingdom has 3 capitals and 10–14 cities. Ships are sea waypoints.",
        "В каждом царстве 3 столицы и 10–14 городов. Корабли — морские точки пути.",
    ),
    (
        "R2.2",
        "Land routes join cities; sea routes join cities and ships. Each segment costs 1 "
        "movement point.",
        "Сухопутные пути соединяют города, морские — города и корабли. Каждый отрезок стоит "
        "1 очко движения.",
    ),
    (
        "R2.3",
        "A move may pass through ships but never end on one.",
        "Ход может проходить через корабли, но не может на них заканчиваться.",
    ),
    (
        "R2.4",
        "Three islands outside all kingdoms each hold one city, reachable only by sea.",
        "Три острова вне царств, на каждом город, куда можно попасть только по морю.",
    ),
    ("R3", "Setup", "Подготовка"),
    (
        "R3.1",
        "In seat order each player takes a kingdom (or kingdoms are assigned).",
        "По порядку мест игроки выбирают царства (или они назначены заранее).",
    ),
    (
        "R3.2",
        "Each chosen kingdom gets a 3-floor tower on each capital.",
        "Каждое выбранное царство получает башню в 3 этажа на каждой столице.",
    ),
    (
        "R3.3",
        "A general on each capital; the fourth on a free city one route (land or sea) from "
        "an own capital. All start at level 1.",
        "По полководцу на каждой столице, четвёртый — в свободный город в одном переходе "
        "(по суше или морю) от своей столицы. Все начинают с уровня 1.",
    ),
    (
        "R3.4",
        "Time starts at 264 BC Veris (spring): Veris, Aestus, Autumnus, Hiemis.",
        "Время начинается с весны 264 до н. э.: весна, лето, осень, зима.",
    ),
    (
        "R3.5",
        "With quests, each player takes 3 quest cards, choosing the deck for each.",
        "С заданиями каждый берёт 3 карты, выбирая колоду для каждой.",
    ),
    ("R4", "A turn", "Ход"),
    (
        "R4.1",
        "Roll 4 dice, use them, then all battles of the turn are fought.",
        "Бросьте 4 кубика, используйте их, затем проходят все битвы хода.",
    ),
    (
        "R4.2",
        "Each die goes to one general for one action; a general acts at most once a turn. "
        "Unused dice are lost.",
        "Каждый кубик — одному полководцу на одно действие; полководец действует не более "
        "раза за ход. Неиспользованные кубики сгорают.",
    ),
    (
        "R4.3",
        "Once a turn, trade any 3 unused dice for one die showing 6.",
        "Раз за ход можно обменять 3 неиспользованных кубика на одну шестёрку.",
    ),
    (
        "R4.4",
        "Actions: move (any die); destroy, return, train, build (5 or 6).",
        "Действия: движение (любой кубик); разрушить, вернуть, обучить, строить (5 или 6).",
    ),
    (
        "R4.5",
        "Undo own actions of the turn while nothing hidden or random has been revealed.",
        "Свои действия можно отменить, пока не открылось ничего скрытого или случайного.",
    ),
    ("R5", "Movement", "Движение"),
    (
        "R5.1",
        "A die of n gives one general up to n movement points; points are not pooled.",
        "Кубик n даёт полководцу до n очков движения; очки не складываются.",
    ),
    (
        "R5.2",
        "At most one own general per city at the end of a move; passing through is allowed.",
        "В конце хода в городе не более одного своего полководца; проходить можно.",
    ),
    (
        "R5.3",
        "Winter (Hiemis): no sea routes, and each land segment costs 2 points.",
        "Зима: морские пути закрыты, каждый сухопутный отрезок стоит 2 очка.",
    ),
    (
        "R5.4",
        "Entering a city with an enemy general stops the move; its owner says Halt! or Pass. "
        "After Pass the mover may go on with the points left.",
        "Вход в город с вражеским полководцем прерывает ход; его владелец говорит «Стой!» или "
        "«Пропустить». После пропуска можно идти дальше на оставшиеся очки.",
    ),
    ("R6", "Other actions", "Другие действия"),
    (
        "R6.1",
        "Destroy: a general in a city with an enemy tower removes one floor (5 or 6). The "
        "floor is a trophy; the general leaves to the time track, keeping its level.",
        "Разрушение: полководец в городе с вражеской башней сносит этаж (5 или 6). Этаж — "
        "трофей; полководец уходит на шкалу времени, сохраняя уровень.",
    ),
    (
        "R6.2",
        "Return: from its season on, a general on the time track comes back (5 or 6) onto a "
        "free own tower, else the nearest free city.",
        "Возврат: начиная со своего сезона полководец со шкалы времени возвращается (5 или 6) "
        "на свободную свою башню, иначе в ближайший свободный город.",
    ),
    (
        "R6.3",
        "Train: +1 level (max 4) on an own standing capital, if no own general is weaker. "
        "Once a turn.",
        "Обучение: +1 уровень (до 4) в своей уцелевшей столице, если нет своего полководца "
        "слабее. Раз за ход.",
    ),
    ("R7", "Battles", "Битвы"),
    (
        "R7.1",
        "After the actions, every city with generals of two players holds a battle; the "
        "attacker picks the order.",
        "После действий в каждом городе с полководцами двух игроков — битва; порядок "
        "выбирает нападающий.",
    ),
    (
        "R7.2",
        "Strength = die + level (+1 for the defender in a city with a tower) + coin. "
        "Higher wins; a tie is rolled again.",
        "Сила = кубик + уровень (+1 защитнику в городе с башней) + монета. Побеждает "
        "большая; при ничьей бросают снова.",
    ),
    (
        "R7.3",
        "The winner gains a level (max 4); the loser leaves to the time track and drops to "
        "level 1 (or by 1 with patch 03).",
        "Победитель получает уровень (до 4); проигравший уходит на шкалу времени и падает до "
        "уровня 1 (или на 1 с дополнением 03).",
    ),
    ("R8", "Patches", "Дополнения"),
    (
        "R8.1",
        "Coins: each player has coins 0, 1, 1, 2, 3. Before each battle roll both sides "
        "secretly commit one; revealed with the dice. When all 5 are played they return.",
        "Монеты: у каждого 0, 1, 1, 2, 3. Перед броском в битве обе стороны тайно ставят по "
        "монете; они открываются с кубиками. Сыграв все 5, игрок получает их обратно.",
    ),
    (
        "R8.2",
        "On a tie the coins stay spent and new ones are committed.",
        "При ничьей монеты остаются потраченными, ставятся новые.",
    ),
    (
        "R8.3",
        "Battle dice show 0, 0, 1, 1, 1, 2. A battle may be decided before the roll.",
        "Кубики боя: 0, 0, 1, 1, 1, 2. Исход может быть ясен до броска.",
    ),
    ("R8.4", "A beaten general loses only 1 level.", "Побеждённый теряет только 1 уровень."),
    (
        "R8.5",
        "Quests and 7 victory points replace the base victory rules.",
        "Задания и 7 очков победы заменяют базовые условия победы.",
    ),
    ("R9", "Quests", "Задания"),
    (
        "R9.1",
        "Ordinary deck: destroy a floor of a capital. Special deck: build on an island, "
        "destroy a capital completely, defeat a level-4 general.",
        "Обычная колода: снести этаж столицы. Особая: строить на острове, разрушить столицу "
        "полностью, победить полководца 4-го уровня.",
    ),
    (
        "R9.2",
        "Hands are secret, up to 3 cards; a card naming an own city is drawn again.",
        "Карты на руке тайные, до 3; карта со своим городом перетягивается.",
    ),
    (
        "R9.3",
        "A completed quest is shown and scored; draw a replacement from either deck.",
        "Выполненное задание открывается и засчитывается; возьмите новую карту из любой колоды.",
    ),
    (
        "R9.4",
        "Points: 1 for the first floor of each enemy (without a quest), 1 per ordinary "
        "quest, 3 per special quest.",
        "Очки: 1 за первый этаж каждого врага (без задания), 1 за обычное задание, 3 за особое.",
    ),
    (
        "R9.5",
        "Island: with its card, a general on the island moves a floor there from an own "
        "capital (5 or 6). Two floors complete the quest.",
        "Остров: с картой полководец на острове переносит туда этаж из своей столицы (5 или 6). "
        "Два этажа — задание выполнено.",
    ),
    (
        "R9.6",
        "Defeat a level-4 general: win a battle against one.",
        "Победить полководца 4-го уровня: выиграть у него битву.",
    ),
    (
        "R9.7",
        "The round in which someone reaches 7 points is finished; the highest score wins. "
        "Ties: destroyed enemy floors plus own standing floors, then destroyed floors.",
        "Раунд, в котором кто-то набрал 7 очков, доигрывается; побеждает больший счёт. "
        "При равенстве: разрушенные чужие этажи плюс уцелевшие свои, затем разрушенные.",
    ),
    ("R10", "Victory without quests", "Победа без заданий"),
    (
        "R10.1",
        "The game ends after a round in which a player has destroyed 5 enemy floors, "
        "including one of every enemy, or after 261 BC Hiemis.",
        "Игра кончается после раунда, где игрок разрушил 5 вражеских этажей, включая этаж "
        "каждого врага, или после зимы 261 до н. э.",
    ),
    (
        "R10.2",
        "Only players who hit every enemy can win: 1 point per destroyed floor and per "
        "own standing floor.",
        "Победить может лишь тот, кто разрушил этаж каждого врага: 1 очко за разрушенный "
        "этаж и за свой уцелевший.",
    ),
    ("R11", "Hidden information", "Скрытая информация"),
    (
        "R11.1",
        "Public: the map, generals, levels, towers, trophies, played coins, completed "
        "quests, dice. Secret: a coin until revealed, a quest hand.",
        "Открыто: карта, полководцы, уровни, башни, трофеи, сыгранные монеты, выполненные "
        "задания, кубики. Тайно: монета до открытия, карты на руке.",
    ),
]


def section_of(rule: str | None) -> str | None:
    """The nearest rule id present in the text ("R9" for "R9", "R5.3" for "R5.3")."""
    if not rule:
        return None
    ids = {r[0] for r in RULES}
    while rule:
        if rule in ids:
            return rule
        rule = rule.rsplit(".", 1)[0] if "." in rule else ""
    return None
