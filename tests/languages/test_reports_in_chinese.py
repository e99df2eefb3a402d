"""The command line and a rendered report in Chinese read as Chinese: lists joined with 、,
no space between two sentences, the replay mode in words, and a terminal's columns lined up
although a Chinese character takes two cells."""

from __future__ import annotations

import shutil

from click.testing import CliRunner

from referee_cli.columns import cells, left, right
from referee_cli.main import cli
from tests.conftest import FIXTURES

ILLEGAL = FIXTURES / "viscounts" / "illegal" / "hire-not-adjacent.json"
COIMBRA = FIXTURES / "coimbra" / "legal"


def _chinese(*args) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in (*args[:1], "--lang", "zh", *args[1:])],
                                catch_exceptions=False)
    return result.stdout


def test_a_column_is_padded_to_the_cells_its_text_takes():
    assert (cells("分数"), cells("ana"), cells("已认证契约 2")) == (4, 3, 12)
    assert left("分数", 6) == "分数  " and left("ana", 6) == "ana   "
    assert right("82", 4) == "  82" and right("胜场", 5) == " 胜场"
    assert left("longer", 3) == "longer"  # never cut


def test_two_sentences_follow_each_other_without_a_space():
    # legal/game-3p.worked.md: 164 events, bruno 83, carla 82, ana 72.
    lines = _chinese("replay", COIMBRA / "game-3p.json").splitlines()
    assert lines[0] == ("合法：全部 164 个事件都符合规则，每个申报值都与复盘结果一致。"
                        "bruno 以 83 分获胜。")
    assert lines[3:6] == ["  1. bruno    83 分", "  2. carla    82 分", "  3. ana      72 分"]


def test_a_player_s_holdings_line_up_under_the_longest_chinese_word():
    lines = _chinese("replay", ILLEGAL, "--at", "9").splitlines()
    ana = lines[lines.index("ana") + 1:lines.index("bruno")]
    # The longest word is 已偿还的债务 (6 characters, 12 cells): every value starts at cell
    # 2 + 12 + 2 = 16, the short 分数 padded with 8 spaces more.
    assert "  分数          0" in ana and "  已偿还的债务  0" in ana
    castle = next(line for line in ana if line.startswith("  城堡"))
    assert cells(castle[:castle.index("第")]) == 16
    assert castle.endswith("第 1 层 0 名工人、第 2 层 0 名、第 3 层 0 名")


def test_the_report_says_its_mode_and_lists_its_players_in_chinese():
    assert "- 模式：严格\n" in _chinese("replay", ILLEGAL, "--format", "md")
    markdown = _chinese("replay", ILLEGAL, "--mode", "audit", "--format", "md")
    assert "- 模式：审查\n" in markdown
    assert "- 玩家（按记录顺序）：ana、bruno\n" in markdown
    assert "Scoundrel。共计：2 个问题（见下）。" in markdown  # no space after 。


def test_the_summary_table_s_numbers_end_under_their_chinese_heading(tmp_path):
    for name in ("game-2p.json", "game-3p.json"):
        shutil.copy(COIMBRA / name, tmp_path / name)
    out = tmp_path / "reports"
    lines = _chinese("verify", tmp_path, "--out", out).splitlines()
    header = lines[0]
    assert header.split() == ["记录", "判定", "胜者", "分数", "违规"]
    # game-2p: bruno wins with 82, game-3p: bruno with 83 (their worked.md files).
    end = cells(header[:header.index("分数") + 2])
    for line, points in zip(lines[1:3], ("82", "83"), strict=True):
        assert cells(line[:line.index(f" {points} ") + 1 + len(points)]) == end
