"""The texts that teach: the How-to-play pages and the first-game coach, English and Russian.

Part of the one translation table (``web.text.i18n`` merges it into ``TEXT``); kept apart because it
is prose, not labels.
"""

from __future__ import annotations

# Each How-to-play page: a title, up to four short paragraphs, the rule its link opens.
HOWTO_PAGES: list[tuple[str, str]] = [
    ("goal", "R9.7"),
    ("screen", "R1"),
    ("turn", "R4"),
    ("move", "R5"),
    ("battle", "R7"),
    ("towers", "R6"),
    ("quests", "R9"),
]
HOWTO_LINES = 4

HELP_TEXT: dict[str, tuple[str, str]] = {
    "howto": ("How to play", "Как играть"),
    "howto_page": ("{n} of {total}", "{n} из {total}"),
    "howto_rule": ("Full rule {rule} →", "Правило {rule} полностью →"),
    "prev": ("← Back", "← Назад"),
    "next": ("Next →", "Далее →"),
    "done": ("Let's play", "Играть"),
    "howto_map": ("Map", "Карта"),
    # 1 goal
    "howto_goal_title": ("The goal", "Цель игры"),
    "howto_goal_1": (
        "You rule one of six ancient kingdoms: four generals and three capitals, each with a "
        "tower of three floors.",
        "Вы правите одним из шести древних царств: четыре полководца и три столицы, на каждой "
        "башня в три этажа.",
    ),
    "howto_goal_2": (
        "Score points by knocking floors off enemy towers and by completing your secret "
        "quest cards.",
        "Очки дают разрушенные этажи вражеских башен и выполненные тайные задания.",
    ),
    "howto_goal_3": (
        "When someone reaches 7 points the round is played to its end, and the highest score "
        "wins. The game lasts at most 16 seasons, 264 to 261 BC.",
        "Когда кто-то набирает 7 очков, раунд доигрывается, и побеждает больший счёт. Игра длится "
        "не больше 16 сезонов, с 264 по 261 до н. э.",
    ),
    "howto_goal_4": (
        "Without quests (base rules): destroy 5 enemy floors, at least one of every enemy.",
        "Без заданий (базовые правила): разрушьте 5 вражеских этажей, хотя бы по одному у "
        "каждого врага.",
    ),
    # 2 the screen
    "howto_screen_title": ("The screen", "Экран"),
    "howto_screen_1": (
        "Top: the time track, 16 seasons. Generals who left the board wait there until their "
        "season comes.",
        "Вверху — шкала времени, 16 сезонов. Ушедшие с поля полководцы ждут там своего сезона.",
    ),
    "howto_screen_2": (
        "Middle: the map. Drag to move it; pinch, scroll or use + and − to zoom.",
        "В центре — карта. Тащите её пальцем; приближайте щипком, колёсиком или кнопками + и −.",
    ),
    "howto_screen_3": (
        "Right: the players, their points and coins, your quests and the log. Bottom: your dice "
        "and actions.",
        "Справа — игроки, их очки и монеты, ваши задания и журнал. Внизу — ваши кубики и действия.",
    ),
    "howto_screen_4": (
        "Touch and hold (or point at) anything to see what it is. ? opens the rules, ☰ the menu.",
        "Нажмите и держите (или наведите) на что угодно, чтобы узнать, что это. ? — правила, "
        "☰ — меню.",
    ),
    # 3 a turn
    "howto_turn_title": ("Your turn and the dice", "Ваш ход и кубики"),
    "howto_turn_1": ("Every turn you roll four dice.", "Каждый ход вы бросаете четыре кубика."),
    "howto_turn_2": (
        "Pick a die, then one of your generals (marked ★): each die gives one general one "
        "action, and each general acts at most once a turn.",
        "Выберите кубик, затем своего полководца (со знаком ★): кубик даёт одному полководцу "
        "одно действие, каждый полководец действует не больше раза за ход.",
    ),
    "howto_turn_3": (
        "Once a turn you may trade three unused dice for one 6.",
        "Раз за ход можно обменять три неиспользованных кубика на одну шестёрку.",
    ),
    "howto_turn_4": (
        "Press End turn when you are done: unused dice are lost, then the battles are fought.",
        "Когда закончите, нажмите «Конец хода»: оставшиеся кубики сгорают, затем идут битвы.",
    ),
    # 4 moving
    "howto_move_title": ("Moving and winter", "Движение и зима"),
    "howto_move_1": (
        "A die showing n moves a general up to n steps. Reachable cities light up; the number "
        "is what the trip costs.",
        "Кубик n двигает полководца на n шагов или меньше. Доступные города подсвечены, число — "
        "цена пути.",
    ),
    "howto_move_2": (
        "Dashed lines are sea routes. Ships are waypoints: a move may pass them but never end "
        "on one.",
        "Пунктир — морские пути. Корабли — точки пути: через них можно пройти, но не остановиться.",
    ),
    "howto_move_3": (
        "At most one of your generals per city. Entering an enemy's city lets its owner say "
        "Halt! (a battle follows) or Pass.",
        "В городе не больше одного вашего полководца. Когда вы входите в город врага, он "
        "говорит «Стой!» (будет битва) или «Пропустить».",
    ),
    "howto_move_4": (
        "Winter (❄): the seas are closed and every land step costs 2.",
        "Зима (❄): моря закрыты, каждый шаг по суше стоит 2.",
    ),
    # 5 battles
    "howto_battle_title": ("Battles and coins", "Битвы и монеты"),
    "howto_battle_1": (
        "After your actions, every city you share with an enemy general holds a battle.",
        "После ваших действий в каждом городе, где стоят ваш и вражеский полководцы, идёт битва.",
    ),
    "howto_battle_2": (
        "Strength = battle die (0, 0, 1, 1, 1, 2) + level + a secret coin. A defender in a city "
        "with a tower gets +1.",
        "Сила = кубик боя (0, 0, 1, 1, 1, 2) + уровень + тайная монета. Защитник в городе с "
        "башней получает +1.",
    ),
    "howto_battle_3": (
        "Coins 0, 1, 1, 2, 3: each is played once; when all five are spent they all come back.",
        "Монеты 0, 1, 1, 2, 3: каждая играется один раз; когда потрачены все пять, они "
        "возвращаются.",
    ),
    "howto_battle_4": (
        "The winner gains a level (up to 4). The loser loses a level and waits on the time "
        "track for the next season.",
        "Победитель получает уровень (до 4). Проигравший теряет уровень и ждёт следующего сезона "
        "на шкале времени.",
    ),
    # 6 towers
    "howto_towers_title": ("Destroy, return, train", "Разрушить, вернуть, обучить"),
    "howto_towers_1": (
        "These three actions need a die showing 5 or 6.",
        "Для этих трёх действий нужен кубик 5 или 6.",
    ),
    "howto_towers_2": (
        "Destroy: a general who began the turn in a city with an enemy tower knocks off a "
        "floor. It is your trophy; the general then leaves for the time track.",
        "Разрушить: полководец, начавший ход в городе с вражеской башней, сносит этаж. Этаж — "
        "ваш трофей, а полководец уходит на шкалу времени.",
    ),
    "howto_towers_3": (
        "Return: once its season has come, tap a general on the time track and bring it back "
        "onto a free tower of yours.",
        "Вернуть: когда настал его сезон, нажмите на полководца на шкале времени и верните его "
        "на свою свободную башню.",
    ),
    "howto_towers_4": (
        "Train: a general on one of your standing capitals gains a level if none of yours is "
        "weaker. Once a turn.",
        "Обучить: полководец в вашей уцелевшей столице получает уровень, если нет вашего "
        "полководца слабее. Раз за ход.",
    ),
    # 7 quests
    "howto_quests_title": ("Quests", "Задания"),
    "howto_quests_1": (
        "You hold three secret quest cards; they are shown on the right.",
        "У вас три тайные карты заданий; они видны справа.",
    ),
    "howto_quests_2": (
        "Ordinary, 1 point: destroy a floor of the named capital.",
        "Обычное, 1 очко: разрушить этаж названной столицы.",
    ),
    "howto_quests_3": (
        "Special, 3 points: build a 2-floor tower on an island, destroy a capital completely, "
        "or beat a level-4 general.",
        "Особое, 3 очка: построить башню в 2 этажа на острове, разрушить столицу полностью или "
        "победить полководца 4-го уровня.",
    ),
    "howto_quests_4": (
        "The first floor you take from each enemy also scores 1 point. A completed card is "
        "replaced from the deck you choose.",
        "Первый этаж, снесённый у каждого врага, тоже даёт 1 очко. Вместо выполненной карты "
        "берёте новую из любой колоды.",
    ),
    # the coach
    "coach_wait": (
        "The other kingdoms are playing. Touch and hold anything to see what it is.",
        "Сейчас ходят другие царства. Нажмите и держите что угодно, чтобы узнать, что это.",
    ),
    "coach_pick": (
        "Choose the kingdom you will rule. They are not equally strong: the Hint shows which "
        "win most often.",
        "Выберите царство, которым будете править. Царства не равны по силе: «Подсказка» "
        "покажет, какие побеждают чаще.",
    ),
    "coach_place": (
        "Tap a lit city to place your fourth general next to a capital.",
        "Нажмите на подсвеченный город, чтобы поставить четвёртого полководца у столицы.",
    ),
    "coach_deck": (
        "Quest cards score points: ordinary 1, special 3.",
        "Задания приносят очки: обычное 1, особое 3.",
    ),
    "coach_halt": (
        "An enemy walks into your general's city: Halt! stops it there and a battle follows.",
        "Враг входит в город вашего полководца: «Стой!» остановит его, и будет битва.",
    ),
    "coach_coin": (
        "Add a secret coin to your strength; each coin is used once.",
        "Добавьте к силе тайную монету; каждая монета играется один раз.",
    ),
    "coach_battle_order": (
        "Choose which battle is fought first.",
        "Выберите, какая битва будет первой.",
    ),
    "coach_continue": (
        "You were let through: tap a lit city to go on, or Stop here.",
        "Вас пропустили: нажмите на подсвеченный город, чтобы идти дальше, или «Остаться здесь».",
    ),
    "coach_die": ("Pick a die, then a general.", "Выберите кубик, затем полководца."),
    "coach_trade": (
        "Small dice? You may trade three of them for one 6.",
        "Кубики малы? Три из них можно обменять на шестёрку.",
    ),
    "coach_general": (
        "Now tap one of your generals (marked ★).",
        "Теперь нажмите на своего полководца (со знаком ★).",
    ),
    "coach_targets": (
        "Lit cities are reachable; the number is the cost.",
        "Подсвеченные города доступны; число — цена пути.",
    ),
    "coach_destroy": (
        "This general can destroy a floor of the enemy tower here: press Destroy.",
        "Этот полководец может снести этаж вражеской башни: нажмите «Разрушить».",
    ),
    "coach_return": (
        "Tap a lit city to bring this general back onto the board.",
        "Нажмите на подсвеченный город, чтобы вернуть полководца на поле.",
    ),
    "coach_train": (
        "This general can train here: press Train.",
        "Этот полководец может обучиться здесь: нажмите «Обучить».",
    ),
    "coach_other_general": (
        "This die does nothing for this general: pick another die or general.",
        "С этим кубиком полководцу нечего делать: выберите другой кубик или полководца.",
    ),
    "coach_result": (
        "The battle is over: read who won, then tap Continue to play on.",
        "Битва окончена: посмотрите, кто победил, и нажмите «Дальше», чтобы играть дальше.",
    ),
    "coach_end": (
        "Nothing left to do: press End turn.",
        "Делать больше нечего: нажмите «Конец хода».",
    ),
    "coach_dismiss": ("Hide the tips for good", "Больше не показывать советы"),
    "coach_off_note": (
        "Tips are off. Settings can turn them on again.",
        "Советы выключены. Их можно включить в настройках.",
    ),
    # new controls and settings
    "coach_setting": ("First-game tips", "Советы новичку"),
    "large_text": ("Large text", "Крупный текст"),
    "zoom_in": ("Zoom in (+)", "Приблизить (+)"),
    "zoom_out": ("Zoom out (−)", "Отдалить (−)"),
    "zoom_fit": ("Whole map (0)", "Вся карта (0)"),
    "menu_tip": ("Menu (Esc)", "Меню (Esc)"),
    "rotate": (
        "Turn your phone sideways for a bigger board.",
        "Поверните телефон горизонтально — карта станет больше.",
    ),
    "rotate_skip": ("Go on upright", "Продолжить так"),
    "track_ready": ("can come back now (R6.2)", "может вернуться сейчас (R6.2)"),
}
