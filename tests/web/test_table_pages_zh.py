"""The table-side pages in Simplified Chinese, through the Flask test client: asked with
``Accept-Language: zh-CN``, the recorder, the catalog and guided transcription pages, the
scoresheet pages and the arbiter's ruling, what-if and start-here pages are ``zh-Hans``
pages with none of their English sentences left, and the printed names of components stay
as printed. The recorder's API problems keep their ``type`` and ``status`` in Chinese, and a
recording's stored forms stay English for the next reader.
"""

from __future__ import annotations

import html
import re

import pytest
import redis

import replay
from api import create_app
from tests.conftest import FIXTURES
from tests.web.pages import text_log
from workers.jobs import run_replay
from workers.store import ReplayStore
from workers.worker import run_worker

pytestmark = pytest.mark.redis

ZH = {"Accept-Language": "zh-CN"}
EN = {"Accept-Language": "en"}
COIMBRA = replay.GAMES.get("coimbra")
# A generated 2-player Coimbra game (seed 1): after its 14th event (bruno's castle favour,
# the 7th die placed and resolved) bruno resolves his die in the castle, and the game has
# reached the monastery tile on space 1, whose printed values the demo catalog lacks.
GAME = COIMBRA.generate(2, 1)
TO_BRUNO = 14
# The arbiter's fixture: event 77 is ana's last die of round 3, event 78 bruno's voyage.
DISPUTED = text_log(FIXTURES / "coimbra" / "illegal" / "voyage-payment-cannot-afford.json")


@pytest.fixture
def client(redis_url):
    """A test client of the app with no keys configured (the pages are open)."""
    return create_app({"REDIS_URL": redis_url, "API_KEYS": {}}).test_client()


def page_of(client, path: str, status: int = 200) -> str:
    """The page at ``path`` asked for in Chinese; it says it is Chinese."""
    answer = client.get(path, headers=ZH)
    assert answer.status_code == status, answer.get_data(as_text=True)[:500]
    page = answer.get_data(as_text=True)
    assert '<html lang="zh-Hans">' in page
    return page


def read(page: str) -> str:
    """What a person reads on the page: its text, and the words of its ``title``,
    ``aria-label``, ``alt`` and ``placeholder`` attributes."""
    shown = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    said = re.findall(r'\b(?:title|aria-label|alt|placeholder)="([^"]*)"', shown)
    text = re.sub(r"<[^>]+>", " ", shown)
    return html.unescape(re.sub(r"\s+", " ", " ".join([text, *said])))


def check(page: str, gone: list[str], there: list[str]) -> None:
    """None of the English phrases ``gone`` is left, and every phrase ``there`` is read."""
    text = read(page)
    assert [phrase for phrase in gone if phrase in text] == []
    assert [phrase for phrase in there if phrase not in text] == []


def token(page: str) -> str:
    """The CSRF token of a page's form."""
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def record(client, events: int, headers: dict = ZH) -> dict:
    """A recording of the generated game started through the API, with its first
    ``events`` events; its document as the last answer gave it."""
    answer = client.post("/v1/recordings", headers=headers,
                         json={"game": "coimbra", "players": GAME["header"]["players"]})
    doc = answer.get_json()
    for event in GAME["events"][:events]:
        doc = client.post(f"/v1/recordings/{doc['id']}/events", headers=headers,
                          json={"version": doc["version"], "event": event}).get_json()
    return doc


def test_the_recorder_home_and_start_form_are_chinese(client):
    check(page_of(client, "/record"),
          ["Record a game", "Record the game as you play it", "Start a new recording",
           "Your recordings", "None yet.", "players"],
          ["记录一局游戏", "开始新的记录", "你的记录", "还没有。", "2–4 人", "科英布拉"])
    check(page_of(client, "/record/new/viscounts"),
          ["Record Viscounts", "Players in seat order", "Seat 1", "Lowercase names",
           "Variants the table plays", "Start recording"],
          ["记录西國子爵", "按座位顺序的玩家（1–4 人）", "座位 4",
           "牌桌采用的变体", "开始记录"])


def test_a_recording_page_is_chinese_and_keeps_the_printed_names(client):
    doc = record(client, TO_BRUNO)
    assert doc["acting"] == "bruno"
    check(page_of(client, f"/record/{doc['id']}"),
          ["Last recorded:", "Undo it", "to act: tap the move made", "Take a castle favour",
           "Take distress instead", "Something else happened", "Write it in the text notation",
           "Lines of the log", "Record these lines", "Add a claim", "Record the claim",
           "choose…", "The table now", "Every player's holdings", "(to act)",
           "Read this monastery tile", "The game has reached it", "Type what is printed",
           "The monastery's name, printed along the bottom of the tile.",
           "The catalog's stand-in", "Record these values", "Skip it (keep the stand-ins)",
           "Ask no more in this game", "Made with the catalog", "Your catalogs",
           "Download (text notation)", "Every event recorded", "Finish before the end",
           "The report will say the game is incomplete.", "Finish now", " events",
           "version 15", "north-west corner", "distress coins", "favor Favor"],
          ["最近记录：", "撤销", "轮到 bruno：点按实际下出的一步", "bruno: 拿取一块城堡恩惠板块",
           "bruno: 改为窘迫替代", "窘迫替代 金币=0 守卫=0", "当前牌桌", "每位玩家的持有物",
           "读取这个修道院板块：Ermida do Espinheiro", "修道院的名称，印在板块底部。",
           "记录这些值", "本局不再询问", "14 个事件 · 版本 15", "西北角",
           # printed names stay as the catalog prints them
           "Afonso Mendes, Isabel Fontes"])


def test_the_events_and_correction_pages_are_chinese(client):
    doc = record(client, TO_BRUNO)
    check(page_of(client, f"/record/{doc['id']}/events"),
          ["every event recorded", "Back to the game", "correct or note", "start corner",
           "place gray"],
          ["科英布拉：已记录的全部事件", "返回对局", "更正或备注"])
    check(page_of(client, f"/record/{doc['id']}/correct/3"),
          ["Correct event 3", "Recorded:", "These were the moves the rules allowed there",
           "Moves legal at event 3", "(as recorded)", "A note on this event", "Keep the note",
           "Back to the events"],
          ["更正事件 3，或为它加备注", "事件 3 处的合法步", "（已记录的）", "保存备注"])


def test_a_chance_form_is_said_in_chinese_and_kept_in_english(client):
    doc = record(client, 0)
    assert doc["chance"]["title"] == "牌桌实际摆放的设置"
    check(page_of(client, f"/record/{doc['id']}"),
          ["Set-up as the table laid it out", "Turn order for the first round", "1st",
           "Monastery tiles on the board", "monastery space 1 (level I)", "Voyages revealed",
           "Voyage 1", "Scoring tiles beside the tracks", "Start pairs displayed", "Pair 1",
           "Record this", "points with 2 players"],
          ["牌桌实际摆放的设置", "第一轮的顺位", "第 1 位", "修道院位置 1（等级 I）", "航海 1",
           "轨道旁的计分板块", "第 1 组", "记录", "Mosteiro de Lorvão"])
    # The step kept with the recording is English: another reader hears their language.
    english = client.get(f"/v1/recordings/{doc['id']}", headers=EN).get_json()
    assert english["chance"]["title"] == "Set-up as the table laid it out"
    assert english["chance"]["groups"][0]["slots"][0]["label"] == "1st"
    # A half-filled form is refused in Chinese, naming the slot in Chinese.
    page = client.post(f"/record/{doc['id']}/chance", headers=ZH, data={
        "csrf_token": token(page_of(client, f"/record/{doc['id']}")), "version": "1",
        "order/0": "bruno"}).get_data(as_text=True)
    check(page, ["This entry is not complete", "is not chosen"],
          ["此项输入不完整。", "第一轮的顺位：尚未选择 第 2 位"])


def test_the_recorder_api_s_problems_are_chinese_with_the_same_type_and_status(client):
    doc = record(client, TO_BRUNO, EN)
    stale = {"version": 1, "event": GAME["events"][TO_BRUNO]}
    illegal = {"version": doc["version"], "event": {"type": "pass", "player": "ana"}}
    asked = {"stale": (f"/v1/recordings/{doc['id']}/events", stale),
             "illegal": (f"/v1/recordings/{doc['id']}/events", illegal),
             "missing": ("/v1/recordings/r-none/undo", {"version": 1})}
    titles = {"stale": "自显示以来，对局已经改变", "illegal": "此处不允许这样做",
              "missing": "没有这个记录"}
    for name, (path, body) in asked.items():
        english = client.post(path, json=body, headers=EN)
        chinese = client.post(path, json=body, headers=ZH)
        assert chinese.status_code == english.status_code
        said, meant = chinese.get_json(), english.get_json()
        assert (said["type"], said["status"]) == (meant["type"], meant["status"])
        assert said["title"] == titles[name] != meant["title"]
    path, body = asked["stale"]
    said = client.post(path, json=body, headers=ZH).get_json()
    assert said["detail"] == ("另一项更改先被记录了：记录现在是版本 15，这次更改基于版本 1；"
                              "没有做任何更改")


def test_the_catalog_pages_are_chinese(client):
    check(page_of(client, "/catalogs"),
          ["A catalog holds the values printed", "Template for", "built in:",
           "Grown from your games", "When a recording reaches a card", "Your draft for",
           "values to review", "read every component of the game",
           "Catalogs published on this server", "compare them, adopt one.", "Your catalogs",
           "You have registered no catalog yet.", "Register a catalog", "Name (lowercase",
           "Catalog file (JSON)", "…or paste it", "Check and register"],
          ["科英布拉的模板", "（内置：coimbra-demo）", "从你的对局中积累", "0 个值待审阅",
           "注册目录", "检查并注册"])
    check(page_of(client, "/catalogs/shared"),
          ["Catalogs other clients transcribed", "No catalog is published yet.",
           "Back to the catalogs"],
          ["本服务器上发布的目录", "还没有发布任何目录。", "返回目录"])
    check(page_of(client, "/catalogs/draft/coimbra"),
          ["Your draft of", "Every printed value your games declared", "Your draft is empty"],
          ["你的科英布拉目录草稿", "你的草稿为空"])


def test_the_guided_transcription_page_is_chinese(client):
    check(page_of(client, "/catalogs/guide/coimbra"),
          ["Read every component", "With the box open", "components read", "character cards",
           "Read this character card", "Its printed values are not in your catalog yet.",
           "The character's name, printed along the bottom of the card.",
           "The currency icon in the top-left corner", "The catalog's stand-in",
           "for example", "Record these values", "Skip it", "Back to the catalogs"],
          ["读取科英布拉的每个组件", "已读取 0 / 103 个组件。", "角色卡：0 / 56",
           "读取这个角色卡：Afonso Mendes", "角色的名称，印在牌的底部。", "印刷的角色卡",
           "记录这些值"])


def test_the_scoresheet_pages_are_chinese(client):
    check(page_of(client, "/scoresheet"),
          ["Check a scoresheet", "Most tables keep only the end of the game", "A whole event",
           "tournament desk"],
          ["检查计分表", "整场赛事", "赛事台"])
    sheet = page_of(client, "/scoresheet/viscounts?players=ana+bruno")
    check(sheet,
          ["The end of the game as the table wrote it down", "Players, in seat order",
           "Change the players", "The whole game", "End cards revealed", "Poverty",
           "Workers in the castle", "Trading Post slots built", "tier 1", "Unpaid Debts",
           "Total", "Worked out by the referee", "Written on the sheet", "total written",
           "The totals are worked out as you type", "Work out the totals",
           "Check the scoresheet"],
          ["西國子爵：计分表", "已揭示的终局牌", "贫困", "城堡中的工人",
           "第 1 层", "未偿债务", "ana：写下的总分", "计算总分"])
    refused = client.post("/scoresheet/viscounts", headers=ZH, data={
        "csrf_token": token(sheet), "players": "ana bruno", "0:debts": "two",
        "action": "totals"})
    assert refused.status_code == 422
    check(refused.get_data(as_text=True),
          ["The sheet cannot be scored yet", "Problems, each at its box", "Unpaid Debts",
           "is not a whole number"],
          ["这张表还无法计分", "ana · 未偿债务", "'two' 不是整数（0 或以上）"])
    check(page_of(client, "/scoresheet/desk"),
          ["Tournament desk", "The end of every game of an event", "The columns:",
           "Game of every table", "as the file's game column says", "The CSV file",
           "Check and rank"],
          ["赛事台", "每桌的游戏", "按文件中 game 列所写", "检查并排名"])


@pytest.fixture
def disputed(client, redis_url):
    """The arbiter's replay (replayed here by the worker's own function), and a function
    that asks a question of it in Chinese and gives its answer's page once a worker has
    answered it."""
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(DISPUTED, {"mode": "strict"}, owner="anonymous")
    run_replay(connection, replay_id, 1)

    def ask(action: str, event: int, waiting: list | None = None, **fields) -> str:
        step = page_of(client, f"/replays/{replay_id}/step?event={event}")
        answer = client.post(f"/replays/{replay_id}/{action}", headers=ZH, data={
            "csrf_token": token(step), "event": event, **fields})
        if answer.status_code != 303:
            return answer
        if waiting is not None:
            waiting.append(page_of(client, answer.headers["Location"]))
        run_worker(redis_url, burst=True)
        return page_of(client, answer.headers["Location"])

    return ask


def test_a_ruling_and_its_waiting_page_are_chinese(disputed):
    waiting = []
    ruling = disputed("ask", 77, waiting, move="bruno: recruit c3-10 with gray4")
    check(waiting[0], ["Waiting for the referee", "The referee is replaying the game",
                       "The question is", "This page shows the answer"],
          ["裁判正在重放对局", "问题状态：排队中。"])
    check(ruling,
          ["NOT LEGAL", "It breaks", "The rule it breaks", "Rule:", "Why:", "As written",
           "What the table would do all the same", "No resource changes hands.",
           "Legal here", "Ask about another move", "after event 77", "Back to the report"],
          ["不合法", "它在此处违反 1 条规则。", "它违反的规则", "coimbra.log.order", "原因：",
           "原文：", "牌桌照样会做的事", "询问事件 77 之后（日志第", "返回报告"])


def test_a_question_that_cannot_be_asked_is_chinese(disputed):
    answer = disputed("ask", 77)
    assert answer.status_code == 422
    check(answer.get_data(as_text=True),
          ["No move to ask about", "pick one of the legal moves", "After event 77",
           "Ask again", "Type a move", "One line of the text notation",
           "Is this move legal here?", "What if it were played next instead?",
           "Back to the table after event"],
          ["没有要询问的步", "输入一步"])


def test_what_if_and_start_here_are_chinese(disputed):
    check(disputed("what-if", 75, move="ana: income orange6 -> merchant"),
          ["What if", "had been played", "They first differ at event", "as played",
           "The rest of the log is checked again", "As played", "rules broken", "rule broken",
           "First at event", "illegal", "Not scored", "Try another move",
           "Back to the report"],
          ["假如", "它们首次不同于事件 76（日志第", "实际对局", "不合法", "违反 1 条规则",
           "首次出现在事件 78", "尝试事件 75 之后"])
    check(disputed("start-here", 77),
          ["Start from the table", "The position is the table as it stands", "Downloads",
           "The position (JSON)", "A JSON log from here", "A text log from here",
           "A log that starts here", "It holds the position", "Submit this log",
           "Back to the table", "Back to the report"],
          ["从事件 77 之后（日志第", "局面（JSON）", "从这里开始的文本日志", "从这里开始的日志",
           "提交此日志", "返回报告"])
