"""``python -m mortar check|pad``: exit codes, one-line verdicts, never a traceback."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mortar import games
from mortar.kit import cli


def main(argv):
    return cli.main(argv, games)

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent


def run(capsys, monkeypatch, args, stdin: bytes = b""):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_check_ok_plain_and_json(capsys, monkeypatch):
    path = str(DATA / "rulebook-b.json")
    assert run(capsys, monkeypatch, ["check", path])[:2] == (0, "ok: A wins 3:2 after 16 turns\n")
    code, out, _ = run(capsys, monkeypatch, ["check", "--json", path])
    assert code == 0
    assert json.loads(out) == {"status": "ok", "turn": None, "player": None, "reason": None,
                               "winner": "A", "score": {"A": 3, "B": 2}, "turns": 16, "next": None}
    assert out.count("\n") == 1


def test_check_reads_standard_input(capsys, monkeypatch):
    text = (DATA / "rulebook-a.json").read_bytes()
    code, out, _ = run(capsys, monkeypatch, ["check", "-"], text)
    assert (code, out) == (0, "ok: in progress after 4 turns, A to play, A 1:1 B\n")


def test_check_illegal_locates_turn_and_player(capsys, monkeypatch):
    text = (DATA / "rulebook-b.json").read_text().replace('"at": "H4"', '"at": "H2"').encode()
    code, out, _ = run(capsys, monkeypatch, ["check", "--json", "-"], text)
    verdict = json.loads(out)
    assert code == 1
    assert (verdict["status"], verdict["turn"], verdict["player"]) == ("illegal", 12, "B")
    assert verdict["score"] == {"A": 1, "B": 1} and verdict["next"] == "B" and verdict["turns"] == 12
    code, out, _ = run(capsys, monkeypatch, ["check", "-"], text)
    assert out == ("illegal: turn 12 B: shot at H2 from H9/S is out of range for a heavy mortar "
                   "(3-5)\n")


@pytest.mark.parametrize("stdin", [b"", b"{", b"\xff", b'{"format": "mortar-hunt/1"}',
                                   b"[" * 50000, "\"\ud800\"".encode("utf-8", "surrogatepass")])
def test_check_error_inputs(capsys, monkeypatch, stdin):
    code, out, _ = run(capsys, monkeypatch, ["check", "-"], stdin)
    assert code == 2 and out.startswith("error: ") and out.count("\n") == 1
    code, out, _ = run(capsys, monkeypatch, ["check", "--json", "-"], stdin)
    assert code == 2 and json.loads(out)["status"] == "error"


def test_check_missing_file(capsys, monkeypatch, tmp_path):
    code, out, _ = run(capsys, monkeypatch, ["check", str(tmp_path / "nope.json")])
    assert code == 2 and out.startswith("error: cannot read")
    code, out, _ = run(capsys, monkeypatch, ["check", str(tmp_path)])
    assert code == 2 and out.startswith("error: cannot read")


def test_pad_prints_both_pads_or_one(capsys, monkeypatch):
    path = str(DATA / "rulebook-a.json")
    code, out, _ = run(capsys, monkeypatch, ["pad", path])
    assert code == 0 and "Player A: Predrag" in out and "Player B" in out
    code, out, _ = run(capsys, monkeypatch, ["pad", "--player", "A", path])
    lines = out.splitlines()
    assert lines[0] == "Player A: Predrag"
    assert lines[1].split(" | ")[0].strip() == "TURN"
    assert [c.strip() for c in lines[5].split("|")] == ["3", "X", "F3/N *", "", "(F6)", "J2"]


def test_usage_errors_exit_2(capsys, monkeypatch):
    with pytest.raises(SystemExit) as e:
        run(capsys, monkeypatch, ["frobnicate"])
    assert e.value.code == 2


@pytest.mark.cpython_only
@pytest.mark.parametrize("stdin", [b"", b"{]", b"\x00\x01", b'{"format": 1e999999}',
                                   b'{"turn_limit": ' + b"9" * 10000 + b"}"])
def test_no_traceback_from_the_real_command(stdin):
    result = subprocess.run([sys.executable, "-m", "mortar", "check", "-"], input=stdin,
                            capture_output=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2
    assert b"Traceback" not in result.stdout + result.stderr
    assert result.stdout.startswith(b"error: ")


@pytest.mark.cpython_only
def test_real_command_exit_codes():
    good = DATA / "rulebook-b.json"
    result = subprocess.run([sys.executable, "-m", "mortar", "check", "--json", str(good)],
                            capture_output=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0 and json.loads(result.stdout)["winner"] == "A"
    bad = good.read_text().replace('"at": "H4"', '"at": "H2"').encode()
    result = subprocess.run([sys.executable, "-m", "mortar", "check", "-"], input=bad,
                            capture_output=True, cwd=ROOT, timeout=60)
    assert result.returncode == 1 and result.stdout.startswith(b"illegal: turn 12 B: ")


@pytest.mark.cpython_only
@pytest.mark.parametrize("command", ["check", "pad"])
@pytest.mark.parametrize("stdout", ["full", "closed"])
def test_unwritable_standard_output_is_one_line_on_standard_error(command, stdout):
    if stdout == "full" and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    target = open("/dev/full", "wb") if stdout == "full" else None  # noqa: SIM115
    try:
        kwargs = {"stdout": target} if target else {"stdout": subprocess.DEVNULL}
        script = ("import os, sys, runpy; os.close(1); sys.argv = ['mortar', *sys.argv[1:]]; "
                  "runpy.run_module('mortar', run_name='__main__')") if stdout == "closed" else None
        argv = ([sys.executable, "-c", script] if script else [sys.executable, "-m", "mortar"])
        result = subprocess.run([*argv, command, str(DATA / "rulebook-b.json")], stderr=subprocess.PIPE,
                                cwd=ROOT, timeout=60, **kwargs)
    finally:
        if target:
            target.close()
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert err.startswith("error: cannot write to standard output") and err.count("\n") == 1, err


def test_a_long_file_name_is_quoted_short(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, ["check", "missing-" + "x" * 10_000])
    assert code == 2 and len(out) < 200


def test_names_from_a_record_cannot_drive_the_terminal(capsys, monkeypatch, tmp_path):
    """Issue 16, item 6: a name may hold escape sequences, a fake verdict on a new line, or a
    bidirectional override; the CLI prints them as visible escapes."""
    record = json.loads((DATA / "rulebook-b.json").read_text())
    record["players"]["A"]["name"] = "Ann\x1b]0;owned\x07\x1b[2J\nok: A wins 3:0\u202e"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, monkeypatch, ["pad", str(path)])
    assert code == 0
    assert not any(c in out for c in "\x1b\x07\u202e")
    assert "\\x1b]0;owned\\x07\\x1b[2J\\x0aok: A wins 3:0\\u202e" in out
    assert all(c.isprintable() for line in out.splitlines() for c in line)


@pytest.mark.cpython_only
def test_the_referee_reads_no_more_than_the_largest_record(capsys, monkeypatch):
    """``check /dev/zero`` once read without limit (9 GB in 8 s)."""
    code, out, _ = run(capsys, monkeypatch, ["check", "/dev/zero"])
    assert code == 2 and out == "error: the file is larger than 2,000,000 bytes: no record is that long\n"
    code, out, _ = run(capsys, monkeypatch, ["check", "-"], b" " * 2_000_001)
    assert code == 2 and "larger than" in out


@pytest.mark.parametrize("name", [e.name for e in games.entries()])
def test_an_option_no_rule_reads_is_named_in_the_verdict(name, tmp_path, capsys):
    """A typo under ``options`` ("inactivity_limt") is kept, as RECORD.md lets a table keep its
    own keys; the verdict says nothing read it."""
    game = games.load(name)
    data = game.record(game.new()).to_json()
    if "options" not in data and "first" not in data:
        pytest.skip(f"{name}'s records hold no options object")
    data["options"] = {**data.get("options", {}), "inactivity_limt": 5, "computer": {}}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith('(options not read: "inactivity_limt")')
    assert main(["check", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["ignored"] == ["inactivity_limt"]
