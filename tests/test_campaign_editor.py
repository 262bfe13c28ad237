"""Editing campaign.toml in $EDITOR, and reading a campaign's system alone."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from test_campaign_fakes import HAND_WRITTEN, systems

from rolecli.campaign import edit_in_editor, load_campaign, read_log, system_of
from rolecli.campaign.editor import _with_file
from rolecli.errors import CampaignError

# An "editor" that replaces one text with another in the file it is given.
EDITOR = """
import sys
from pathlib import Path
file = Path(sys.argv[-1])
old, new = Path(sys.argv[0]).with_name("replace.txt").read_text(encoding="utf-8").split("\\n=>\\n")
file.write_text(file.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
"""


@pytest.fixture
def root(fake_campaigns, tmp_path, monkeypatch) -> Path:
    root = fake_campaigns
    script = tmp_path / "editor" / "edit.py"
    script.parent.mkdir()
    script.write_text(EDITOR, encoding="utf-8")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}")
    return root


def editing(tmp_path: Path, old: str, new: str) -> None:
    (tmp_path / "editor" / "replace.txt").write_text(f"{old}\n=>\n{new}", encoding="utf-8")


def test_a_valid_edit_is_kept_and_logged(root, tmp_path):
    editing(tmp_path, "hp = 12", "hp = 15")
    assert edit_in_editor(root, "demo", systems, command="rolecli campaign edit", ask=lambda m: False)
    assert (root / "demo" / "campaign.toml").read_text(encoding="utf-8") == HAND_WRITTEN.replace("hp = 12", "hp = 15")
    [entry] = read_log(root, "demo")
    assert entry["kind"] == "sheet" and "changes" not in entry


def test_no_change_is_not_logged(root, tmp_path):
    editing(tmp_path, "nothing like this", "x")
    assert not edit_in_editor(root, "demo", systems, ask=lambda m: False)
    assert read_log(root, "demo") == []


def test_an_invalid_edit_is_not_kept_but_saved(root, tmp_path):
    editing(tmp_path, "hp = 12", "hp = -12")
    asked = []
    with pytest.raises(CampaignError) as err:
        edit_in_editor(root, "demo", systems, ask=lambda m: asked.append(m) or False)
    assert asked == ["campaigns/demo/campaign.toml line 12: characters.Ana.hp = -12 is out of range 0..999."]
    assert str(err.value).endswith("The edit was not kept; it is saved in campaigns/demo/campaign.toml.rejected.")
    assert (root / "demo" / "campaign.toml").read_text(encoding="utf-8") == HAND_WRITTEN
    assert "hp = -12" in (root / "demo" / "campaign.toml.rejected").read_text(encoding="utf-8")
    assert load_campaign(root, "demo", systems).characters["Ana"].sheet["hp"] == 12


def test_an_invalid_edit_can_be_edited_again(root, tmp_path):
    editing(tmp_path, "hp = 12", "hp = -12")

    def again(message: str) -> bool:
        editing(tmp_path, "hp = -12", "hp = 13")  # the GM fixes it in the second round
        return True

    assert edit_in_editor(root, "demo", systems, ask=again)
    assert load_campaign(root, "demo", systems).characters["Ana"].sheet["hp"] == 13


def test_opens_at_the_characters_table(root, tmp_path):
    editing(tmp_path, "x", "x")
    edit_in_editor(root, "demo", systems, character="ana maria", ask=lambda m: False)
    line = HAND_WRITTEN.splitlines().index('[characters."Ana María"]') + 1
    # the fake editor is a .py file run by python, so no +LINE: check the rule directly
    assert _with_file(["vim"], Path("c.toml"), line) == ["vim", f"+{line}", "c.toml"]
    assert _with_file(["code", "--wait"], Path("c.toml"), 3) == ["code", "--wait", "-g", "c.toml:3"]
    assert _with_file(["notepad"], Path("c.toml"), 3) == ["notepad", "c.toml"]
    with pytest.raises(CampaignError, match=r"no character 'Bob'"):
        edit_in_editor(root, "demo", systems, character="Bob", ask=lambda m: False)


def test_a_missing_editor_is_one_line(root, monkeypatch):
    monkeypatch.setenv("EDITOR", "no-such-editor-rolecli")
    with pytest.raises(CampaignError, match=r"^cannot run the editor 'no-such-editor-rolecli'.*Nothing was changed\.$"):
        edit_in_editor(root, "demo", systems, ask=lambda m: False)


def test_system_of_reads_only_the_system(root):
    assert system_of(root, "demo") == "fake"
    path = root / "demo" / "campaign.toml"
    path.write_text(HAND_WRITTEN.replace("hp = 12", "hp = -1"), encoding="utf-8")
    assert system_of(root, "demo") == "fake"  # the rest is checked when the campaign is loaded
    path.write_text('title = "x"\n', encoding="utf-8")
    with pytest.raises(CampaignError, match=r"^campaigns/demo/campaign\.toml: no rule system given"):
        system_of(root, "demo")
    path.write_text('system = \n', encoding="utf-8")
    with pytest.raises(CampaignError, match=r"^campaigns/demo/campaign\.toml line 1, column 10: TOML syntax error"):
        system_of(root, "demo")


@pytest.mark.parametrize("what", ["deletes the file", "leaves a folder in its place"])
def test_an_editor_that_takes_the_file_away_changes_nothing(root, tmp_path, monkeypatch, what):
    script = tmp_path / "editor" / "vandal.py"
    action = ("p.unlink()" if what == "deletes the file" else "p.unlink(); p.mkdir()")
    script.write_text(f"import sys, pathlib\np = pathlib.Path(sys.argv[-1])\n{action}\n", encoding="utf-8")
    monkeypatch.setenv("EDITOR", f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}")
    before = {p.name: p.read_bytes() for p in (root / "demo").iterdir() if p.is_file()}
    with pytest.raises(CampaignError, match=r"^the editor did not leave campaign\.toml as a file \(.+\); "
                                            r"nothing was changed\.$"):
        edit_in_editor(root, "demo", systems, ask=lambda m: False)
    assert {p.name: p.read_bytes() for p in (root / "demo").iterdir() if p.is_file()} == before


def test_a_kept_edit_is_logged_with_its_text_so_a_crash_can_finish_it(root, tmp_path):
    editing(tmp_path, "hp = 12", "hp = 15")
    edit_in_editor(root, "demo", systems, command="rolecli campaign edit", ask=lambda m: False)
    [entry] = read_log(root, "demo")
    assert entry["op"] == "edit" and entry["edit"]["text"] == HAND_WRITTEN.replace("hp = 12", "hp = 15")
    assert entry["command"] == "rolecli campaign edit"


def test_an_editor_that_leaves_too_much_changes_nothing(root, tmp_path, monkeypatch):
    """A copy grown past what a campaign file may weigh is refused in one line,
    read no further than the limit, and nothing is written or saved."""
    import rolecli.campaign.editor as editor

    monkeypatch.setattr(editor, "MAX_CAMPAIGN_FILE", 4096)
    script = tmp_path / "editor" / "flood.py"
    script.write_text("import sys, pathlib\npathlib.Path(sys.argv[-1]).write_bytes(b'#' * 10_000_000)\n",
                      encoding="utf-8")
    monkeypatch.setenv("EDITOR", f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}")
    read = []
    capped = editor.read_capped
    monkeypatch.setattr(editor, "read_capped", lambda handle, limit: read.append(r := capped(handle, limit)) or r)
    before = {p.name: p.read_bytes() for p in (root / "demo").iterdir() if p.is_file()}
    with pytest.raises(CampaignError, match=r"^the editor left campaign\.toml over the limit of 4,096 bytes for a "
                                            r"campaign file; nothing was changed\.$"):
        edit_in_editor(root, "demo", systems, ask=lambda m: True)
    assert read == [None]  # refused without reading the ten megabytes
    assert {p.name: p.read_bytes() for p in (root / "demo").iterdir() if p.is_file()} == before
