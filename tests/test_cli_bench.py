"""``parlour bench`` runs the benchmarks from any folder, and says where they are when it cannot find them."""

from __future__ import annotations

import importlib
from pathlib import Path

from click.testing import CliRunner

import parlour
from parlour.cli import main

bench_cli = importlib.import_module("parlour.cli.bench")

REPO = Path(__file__).resolve().parents[1]


def test_the_repository_is_found_from_inside_it_and_from_the_installed_package(tmp_path, monkeypatch):
    assert bench_cli.find_repository(REPO / "src" / "parlour" / "games") == REPO
    monkeypatch.setattr(parlour, "__file__", str(REPO / "src" / "parlour" / "__init__.py"))
    assert bench_cli.find_repository(tmp_path) == REPO


def test_outside_a_repository_it_says_where_the_benchmarks_are(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(parlour, "__file__", str(tmp_path / "site-packages" / "parlour" / "__init__.py"))
    result = CliRunner().invoke(main, ["bench"])
    assert result.exit_code == 1
    assert "bench/ at the root of a clone of its repository" in result.output and "python -m bench" in result.output


def test_from_another_folder_it_runs_python_m_bench_in_the_repository(tmp_path, monkeypatch, capfd):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(parlour, "__file__", str(REPO / "src" / "parlour" / "__init__.py"))
    result = CliRunner().invoke(main, ["bench"])
    assert result.exit_code == 0
    assert "memory" in capfd.readouterr().out  # the list of benchmarks, printed by python -m bench
