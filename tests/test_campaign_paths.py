"""Campaigns folder resolution, name safety, create/list/current."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_campaign_fakes import FAKE, systems

from rolecli.campaign import (campaigns_dir, check_name, chosen_campaign, create_campaign, current_name,
                              display_path, list_campaigns, load_campaign, set_current)
from rolecli.campaign.paths import ENV_VAR
from rolecli.errors import CampaignError


@pytest.fixture
def root(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path / "campaigns"


# --- where the campaigns folder is ---------------------------------------------


def test_option_wins_over_everything(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "campaigns").mkdir()
    monkeypatch.setenv(ENV_VAR, "from-env")
    assert campaigns_dir("from-option") == Path("from-option")


def test_env_wins_over_local_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "campaigns").mkdir()
    monkeypatch.setenv(ENV_VAR, "from-env")
    assert campaigns_dir(None) == Path("from-env")


def test_local_campaigns_folder_when_present(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_VAR, raising=False)
    (tmp_path / "campaigns").mkdir()
    assert campaigns_dir(None) == Path("campaigns")


def test_user_data_folder_last(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ENV_VAR, "")  # empty counts as unset
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app: str(tmp_path / "data" / app))
    assert campaigns_dir(None) == tmp_path / "data" / "rolecli" / "campaigns"
    assert campaigns_dir("") == tmp_path / "data" / "rolecli" / "campaigns"


def test_option_expands_home(monkeypatch):
    assert campaigns_dir("~/camps") == Path.home() / "camps"


# --- names ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["demo", "La cripta", "Ana María", "ñandú-2", "x" * 64, "v1.2"])
def test_safe_names(name):
    assert check_name(name) == name


@pytest.mark.parametrize("name, why", [
    ("", "empty"),
    ("a/b", "separator"),
    ("a\\b", "separator"),
    ("..", ".."),
    ("a..b", ".."),
    (".hidden", "starts with '.'"),
    ("tab\there", "control character"),
    ("nul\x00", "control character"),
    ("x" * 65, "too long"),
    (" padded", "space"),
    ("Ana\u200b", "an invisible or direction-changing character (U+200B)"),  # zero-width space
    ("\u200b", "an invisible or direction-changing character (U+200B)"),  # nothing but it
    ("Ana\u202eanA", "an invisible or direction-changing character (U+202E)"),  # right-to-left override
    ("\ufeffAna", "an invisible or direction-changing character (U+FEFF)"),  # byte-order mark
    ("Ana\u2028Bo", "a line separator (U+2028)"),
    ("Ana\u2029Bo", "a paragraph separator (U+2029)"),
    ("Ana\udcff", "is not valid UTF-8 text"),  # a byte that was not UTF-8, as sys.argv passes it on
])
def test_unsafe_names_are_refused_in_one_line(name, why):
    with pytest.raises(CampaignError) as err:
        check_name(name)
    assert why in str(err.value)
    assert "\n" not in str(err.value)
    assert name not in str(err.value) or name.isprintable()  # shown escaped, so it can be seen


def test_unsafe_campaign_names_never_touch_the_disk(root, tmp_path):
    for name in ("../escape", "/abs", "..", ".current", "mesa\udcff", "mesa\u200b"):
        with pytest.raises(CampaignError):
            create_campaign(root, name, FAKE)
    assert not (tmp_path / "escape").exists()
    assert not root.exists()


# --- create, list, current ------------------------------------------------------


def test_create_list_and_current(root):
    assert list_campaigns(root) == []
    assert current_name(root) is None
    folder = create_campaign(root, "demo", FAKE, title="La cripta")
    create_campaign(root, "another one", FAKE)
    assert folder == root / "demo"
    assert (folder / "campaign.toml").is_file()
    assert list_campaigns(root) == ["another one", "demo"]
    set_current(root, "demo")
    assert current_name(root) == "demo"
    assert (root / ".current").read_text(encoding="utf-8") == "demo\n"
    set_current(root, "another one")
    assert current_name(root) == "another one"


def test_create_refuses_an_existing_name(root):
    create_campaign(root, "demo", FAKE)
    before = (root / "demo" / "campaign.toml").read_bytes()
    with pytest.raises(CampaignError, match="already exists"):
        create_campaign(root, "demo", FAKE, title="other")
    assert (root / "demo" / "campaign.toml").read_bytes() == before


def test_create_accepts_an_empty_existing_folder(root):
    (root / "demo").mkdir(parents=True)
    create_campaign(root, "demo", FAKE)
    assert list_campaigns(root) == ["demo"]


def test_list_ignores_hidden_and_foreign_folders(root):
    create_campaign(root, "demo", FAKE)
    (root / "notes").mkdir()
    (root / ".trash").mkdir()
    (root / ".trash" / "campaign.toml").write_text('system = "fake"\n')
    assert list_campaigns(root) == ["demo"]


def test_set_current_checks_the_campaign_exists(root):
    create_campaign(root, "demo", FAKE)
    with pytest.raises(CampaignError, match=r"no campaign 'deom'.*Did you mean 'demo'\?.*Campaigns: demo"):
        set_current(root, "deom")
    assert current_name(root) is None


def test_the_campaign_a_command_works_on_is_the_chosen_one_else_the_current_one(root):
    """What every command and verb asks (one place, so that they agree): -C (or a
    name the command was given) wins, else the current campaign, else none."""
    create_campaign(root, "demo", FAKE)
    create_campaign(root, "other", FAKE)
    assert chosen_campaign(str(root), None, required=False) == (root, None)
    with pytest.raises(CampaignError, match=r"^no current campaign: choose one with 'rolecli campaign use NAME' "
                                            r"or pass --campaign NAME\.$"):
        chosen_campaign(str(root), None)
    set_current(root, "demo")
    assert chosen_campaign(str(root), None) == (root, "demo")
    assert chosen_campaign(str(root), "other") == (root, "other")
    assert chosen_campaign(str(root), "") == (root, "demo")  # an empty -C is no choice


def test_current_file_with_an_unsafe_name_is_refused(root):
    root.mkdir()
    (root / ".current").write_text("../../etc\n", encoding="utf-8")
    with pytest.raises(CampaignError, match=r"campaigns/\.current"):
        current_name(root)


def test_new_campaign_file_is_commented_and_loads_with_defaults(root):
    create_campaign(root, "demo", FAKE, title="La cripta")
    text = (root / "demo" / "campaign.toml").read_text(encoding="utf-8")
    assert 'system = "fake"' in text
    assert 'title = "La cripta"' in text
    for option in FAKE.options:  # every option, its default and its English help
        assert option.help.en in text
    assert "max_stress = 3" in text and 'mode = "standard"' in text and "allow_crits = true" in text
    assert '# [characters.Example]' in text and "# hp = 10" in text and "[characters.Example.skills]" in text
    camp = load_campaign(root, "demo", systems)
    assert camp.title == "La cripta"
    assert dict(camp.options) == {"max_stress": 3, "mode": "standard", "allow_crits": True}
    assert dict(camp.characters) == {}


def test_display_path_is_relative_to_the_current_folder(root, tmp_path):
    assert display_path(tmp_path / "campaigns" / "demo") == os.path.join("campaigns", "demo")
    assert display_path("campaigns") == "campaigns"


def test_a_campaigns_folder_that_is_a_file_is_refused(tmp_path, monkeypatch):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder")
    with pytest.raises(CampaignError, match="is a file, not a folder"):
        campaigns_dir(str(a_file))
    monkeypatch.setenv("ROLECLI_CAMPAIGNS", str(a_file))
    with pytest.raises(CampaignError, match="ROLECLI_CAMPAIGNS"):
        campaigns_dir(None)


# --- links: where they may lead (issue 18) --------------------------------------


def test_a_campaign_folder_may_be_a_link_inside_the_campaigns_folder(root):
    create_campaign(root, "demo", FAKE, title="La cripta")
    (root / "alias").symlink_to("demo")
    assert load_campaign(root, "alias", systems).title == "La cripta"


def test_a_campaign_folder_linked_from_outside_is_refused(root, tmp_path):
    create_campaign(tmp_path / "elsewhere", "demo", FAKE)
    root.mkdir()
    (root / "demo").symlink_to(tmp_path / "elsewhere" / "demo")
    with pytest.raises(CampaignError) as refused:
        load_campaign(root, "demo", systems)
    assert str(refused.value) == ("campaigns/demo is a link to elsewhere/demo, outside the campaigns folder "
                                  "campaigns; move the campaign into it, or point --campaigns at the folder that "
                                  "holds it.")
    (root / "self").symlink_to(".")  # the campaigns folder itself is no campaign either
    with pytest.raises(CampaignError, match="outside the campaigns folder"):
        create_campaign(root, "self", FAKE)
    assert not (root / "campaign.toml").exists()


@pytest.mark.parametrize("name", ["campaign.toml", "state.toml", "log.jsonl", ".lock"])
def test_campaign_files_are_plain_files_never_links(root, name):
    folder = create_campaign(root, "demo", FAKE)
    create_campaign(root, "other", FAKE)
    moved = root / "other" / name
    moved.write_bytes((folder / name).read_bytes() if (folder / name).exists() else b"")
    (folder / name).unlink(missing_ok=True)
    (folder / name).symlink_to(moved)  # even one that stays inside the campaigns folder
    with pytest.raises(CampaignError, match=f"^campaigns/demo/{name} is a link; rolecli keeps a campaign's files "
                                            "as plain files"):
        load_campaign(root, "demo", systems)
