"""The analyst's test: robsim's reports read as a data analyst reads them (pandas, DuckDB).

Run by .ci/analysis-test as `python check.py ROBSIM WORKDIR` (a Python with pandas, numpy and
duckdb). It fails, naming what, where:

1. a snippet of docs/analysis.md does not run as written, or does not hold what the page says
   of it (each Python block is run in order in one namespace, in WORKDIR, after the page's
   TOML files are written and its shell commands run there; `reports/` is the repository's);
2. a committed report's Data Package does not load into DuckDB with its own types, every
   line, or a declared primary key repeats;
3. the summaries of every committed report (shard folders apart) do not stack into one table
   without duplicates: each (run, row) once, each shared column of one type everywhere;
4. two reports' rows of the same settings key, seed and games disagree on their wins;
5. fresh Robert (the page's sweep and ablation), Carcassonne and Raiders runs' win rates,
   wins per seat, ties, turns (mean and nearest-rank quantiles) and paired compare lines
   cannot be rebuilt from their games.csv.
"""

import json
import math
import os
import pathlib
import re
import subprocess
import sys

import duckdb
import numpy as np
import pandas as pd

ROBSIM, WORK = sys.argv[1], pathlib.Path(sys.argv[2])
REPO = pathlib.Path(__file__).resolve().parents[2]
failures = []


def fail(what):
    failures.append(what)
    print(f"FAIL: {what}", file=sys.stderr)


def close(a, b, tol):
    if a is None or b is None or (isinstance(a, float) and math.isnan(a)):
        return a is None or (isinstance(a, float) and math.isnan(a))
    return abs(float(a) - float(b)) <= tol


# ---------------------------------------------------------------------------------------------
# 1. The page's snippets, as written.
doc = (REPO / "docs/analysis.md").read_text()
blocks = re.findall(r"```(\w+)\n(.*?)```", doc, re.S)
WORK.mkdir(parents=True, exist_ok=True)
if not (WORK / "reports").exists():
    os.symlink(REPO / "reports", WORK / "reports")
for kind, text in blocks:
    if kind == "toml":
        first = text.splitlines()[0]
        m = re.match(r"# (\S+\.toml)$", first)
        if m:
            (WORK / m.group(1)).write_text(text)
    elif kind == "sh":
        for line in text.strip().splitlines():
            args = line.split()
            assert args[0] == "robsim", line
            r = subprocess.run([ROBSIM, *args[1:], "-q", "--force"], cwd=WORK,
                               capture_output=True, text=True)
            if r.returncode != 0:
                fail(f"docs/analysis.md: `{line}` exited {r.returncode}: {r.stderr[-500:]}")


def claims_read(ns):
    """The reader: booleans arrive as booleans, keys as text."""
    read = ns["read"]
    s = ns["summary"]
    if str(s.partial.dtype) != "boolean" or s.partial.isna().any():
        fail(f"read(): summary.partial is {s.partial.dtype} with NA: booleans must arrive as booleans")
    if str(s.settings_key.dtype) != "string" or not s.settings_key.str.startswith("k").all():
        fail("read(): settings_key must be text starting with k")
    c = read("reports/carcassonne-robbers", "summary.csv")
    if c.robbers.isna().any() or len(c[c.robbers]) == 0 or len(c[~c.robbers]) == 0:
        fail("read(): c[c.robbers] must select the rows with the robbers")


def claims_duck(ns):
    """DuckDB: the summaries of three games stack with their types."""
    con = ns["con"]
    types = dict((n, t) for n, t, *_ in con.execute("DESCRIBE SELECT * FROM s2").fetchall())
    if types.get("robbers") != "BOOLEAN" or types.get("settings_key") != "VARCHAR" or \
            types.get("run") != "VARCHAR":
        fail(f"duck(): carcassonne summary types {types}")
    got = {v: (r, g) for v, r, g in ns["every"].aggregate(
        "variant, count(*) AS rows, sum(games) AS games", "variant").fetchall()}
    for folder in ["reports/robert-difficulty", "reports/raiders", "reports/carcassonne-robbers"]:
        s = ns["read"](folder, "summary.csv")
        v = s.variant.iloc[0]
        if got.get(v) != (len(s), s.games.sum()):
            fail(f"duck(): {v} stacked as {got.get(v)}, its summary has {len(s)} rows")
    shape = {v: (w, c, p, r) for v, w, c, p, r in ns["shape"].fetchall()}
    for v, (w, c, p, r) in shape.items():
        if w is None or c is None or p is None or r is None:
            fail(f"duck(): {v}'s shared columns are NULL: won {w}, capouts {c}, partial {p}, "
                 f"rounds {r}")
    if len(shape) != 3:
        fail(f"duck(): shared columns of {sorted(shape)}, not three games")


def claims_join(ns):
    """The join of two runs: the same games, 3 settings x the games of a row."""
    both = ns["both"]
    sizes = both.groupby("settings_key").size()
    games = ns["read"]("out/sweep", "summary.csv").games.iloc[0]
    if len(sizes) != 3 or not (sizes == games).all():
        fail(f"the join: {dict(sizes)}; the page says 3 settings x {games} games")


def claims_ends(ns):
    """How each row's games ended: its counts are the summary's."""
    ends, rows = ns["ends"], ns["rows"]
    for r, line in ends.iterrows():
        if line.sum() != rows.loc[r, "games"] or line.get("won", 0) != rows.loc[r, "wins"]:
            fail(f"games.csv ends of row {r}: {dict(line)} against summary games and wins")


def claims_quantiles(ns):
    """The nearest-rank quantiles of won and lost games are the summary's turns_win_* and
    turns_loss_*."""
    g, np_ = ns["g"], ns["np"]
    q = g.groupby(["row", "outcome"]).turns.agg(**ns["nearest"])
    s = ns["read"]("out/sweep", "summary.csv").set_index("row")
    checked = 0
    for (row, outcome), line in q.iterrows():
        if outcome not in ("win", "loss"):
            continue
        for p in ("p10", "median", "p90"):
            col = f"turns_{outcome}_{p}"
            key = "p50" if p == "median" else p
            if s.loc[row, col] != line[key]:
                fail(f"row {row} {col}: summary {s.loc[row, col]}, games.csv {line[key]}")
            checked += 1
    if checked < 12:
        fail(f"only {checked} quantiles compared")
    del np_


CLAIMS = [
    ("def read(", claims_read),
    ("import duckdb", claims_duck),
    ("both = a.merge(", claims_join),
    ("ends = g.groupby", claims_ends),
    ("nearest = {", claims_quantiles),
]

ns = {}
cwd = os.getcwd()
os.chdir(WORK)
ran = 0
for kind, text in blocks:
    if kind != "python":
        continue
    try:
        exec(compile(text, "docs/analysis.md", "exec"), ns)
    except Exception as e:  # noqa: BLE001 - the failure is the finding
        fail(f"docs/analysis.md block {ran + 1} raised {type(e).__name__}: {e}")
        break
    ran += 1
    for mark, check in CLAIMS:
        if mark in text:
            check(ns)
os.chdir(cwd)
print(f"analysis.md: {ran} Python snippets run")


# ---------------------------------------------------------------------------------------------
# 2. Every committed package into DuckDB.
SQL = {"integer": "BIGINT", "number": "DOUBLE", "boolean": "BOOLEAN", "string": "VARCHAR",
       "any": "VARCHAR"}


def load(con, folder, res, view):
    cols = {f["name"]: SQL[f["type"]] for f in res["schema"]["fields"]}
    path = str(folder / res["path"]).replace("'", "''")
    con.execute(f"CREATE OR REPLACE VIEW {view} AS SELECT * FROM read_csv('{path}', "
                f"header = true, columns = {cols}, nullstr = '', quote = '\"')")


con = duckdb.connect()
packages = sorted(p for p in (REPO / "reports").rglob("datapackage.json"))
summaries = []
tables = 0
for pkg_path in packages:
    folder = pkg_path.parent
    rel = folder.relative_to(REPO)
    pkg = json.loads(pkg_path.read_text())
    manifest = json.loads((folder / "manifest.json").read_text())
    shard = manifest.get("shard") is not None
    for i, res in enumerate(pkg["resources"]):
        try:
            load(con, folder, res, "t")
            n = con.execute("SELECT count(*) FROM t").fetchone()[0]
        except Exception as e:  # noqa: BLE001
            fail(f"{rel}/{res['path']}: does not load into DuckDB with its schema: {e}")
            continue
        tables += 1
        with open(folder / res["path"], newline="") as f:
            lines = len(pd.read_csv(f, dtype=str, keep_default_na=False))
        if n != lines:
            fail(f"{rel}/{res['path']}: DuckDB reads {n} rows, the file has {lines}")
        pk = res["schema"].get("primaryKey")
        if pk:
            cols = ", ".join(f'"{c}"' for c in pk)
            dup = con.execute(f"SELECT count(*) FROM (SELECT {cols} FROM t GROUP BY {cols} "
                          "HAVING count(*) > 1)").fetchone()[0]
            if dup:
                fail(f"{rel}/{res['path']}: {dup} primary keys {pk} repeat")
        if res["path"] == "summary.csv" and not shard:
            view = f"sum{len(summaries)}"
            load(con, folder, res, view)
            types = {f["name"]: f["type"] for f in res["schema"]["fields"]}
            summaries.append((rel, view, manifest["run_id"], types))
print(f"packages: {len(packages)} loaded into DuckDB, {tables} tables")


# ---------------------------------------------------------------------------------------------
# 3. One table of every summary.
seen = {}
for rel, _, _, types in summaries:
    for name, t in types.items():
        seen.setdefault(name, {}).setdefault(t, []).append(str(rel))
for name, by_type in sorted(seen.items()):
    if len(by_type) > 1:
        where = "; ".join(f"{t} in {', '.join(v[:3])}" for t, v in by_type.items())
        fail(f"summary column {name} has more than one type: {where}")
# The ideas every game shares carry one name in every game's summary (docs/reference/columns.md):
# a table of every game stacks by name without renaming.
SHARED = ["run", "row", "settings_key", "variant", "players", "player", "map", "seed", "games",
          "wins", "capouts", "partial", "turns_mean", "turns_median", "turns_p10", "turns_p90",
          "rounds_median", "rounds_p10", "rounds_p90"]
for rel, view, run, types in summaries:
    lacks = [c for c in SHARED if c not in types]
    if lacks:
        fail(f"{rel}/summary.csv lacks the shared columns {lacks}")
games_by_variant = dict(con.execute(" UNION ALL ".join(
    f"SELECT variant, count(*) FROM {view} GROUP BY variant"
    for _, view, _, _ in summaries)).fetchall())
for rel, view, run, _ in summaries:
    got = con.execute(f"SELECT list(DISTINCT run) FROM {view}").fetchone()[0]
    if got != [run]:
        fail(f"{rel}/summary.csv: run {got}, its manifest's run_id {run}")
union = " UNION ALL BY NAME ".join(
    f"SELECT '{rel}' AS folder, * FROM {view}" for rel, view, _, _ in summaries)
con.execute(f"CREATE OR REPLACE TABLE every AS {union}")
n, distinct = con.execute("SELECT count(*), count(DISTINCT (run, \"row\")) FROM every").fetchone()
if n != distinct:
    dups = con.execute("SELECT run, list(DISTINCT folder) FROM every GROUP BY run, \"row\" "
                   "HAVING count(*) > 1 LIMIT 5").fetchall()
    fail(f"stacked summaries: {n - distinct} (run, row) repeat: {dups}")
print(f"summaries: {len(summaries)} folders, {n} rows stacked, "
      f"variants {sorted(games_by_variant)} sharing {len(SHARED)} columns")


# ---------------------------------------------------------------------------------------------
# 4. The same settings, seed and games in two reports: the same wins.
clash = con.execute("""
    SELECT settings_key, seed, games, list(DISTINCT wins), list(DISTINCT folder)
    FROM every WHERE wins IS NOT NULL
    GROUP BY settings_key, seed, games HAVING count(DISTINCT wins) > 1""").fetchall()
for c in clash:
    fail(f"settings key {c[0]} seed {c[1]}, {c[2]} games: wins {c[3]} in {c[4]}")
joined = con.execute("""SELECT count(*) FROM (SELECT settings_key, seed, games FROM every
    GROUP BY ALL HAVING count(DISTINCT folder) > 1)""").fetchone()[0]
print(f"settings keys: {joined} (settings, seed, games) in two reports or more, agreeing")


# ---------------------------------------------------------------------------------------------
# 5. Fresh runs rebuilt from their games.
def nearest(values, p):
    v = sorted(values)
    return v[max(1, math.ceil(p * len(v))) - 1]


def read(folder, table):
    pkg = json.load(open(folder / "datapackage.json"))
    res = next(r for r in pkg["resources"] if r["path"] == table)
    dtype = {"integer": "Int64", "number": "float64", "boolean": "string", "string": "string",
             "any": "string"}
    types = {f["name"]: f["type"] for f in res["schema"]["fields"]}
    df = pd.read_csv(folder / table, keep_default_na=False, na_values=[""],
                     dtype={n: dtype[t] for n, t in types.items()})
    for n, t in types.items():
        if t == "boolean":
            df[n] = df[n].map({"true": True, "false": False}).astype("boolean")
    return df


(WORK / "carc.toml").write_text(
    'name = "an-carc"\nseed = 5\ngames = 400\n[grid]\nvariant = "carcassonne"\n'
    'players = [2, 3]\nrobbers = [false, true]\n')
(WORK / "raiders.toml").write_text(
    'name = "an-raiders"\nseed = 5\ngames = 200\n[grid]\nvariant = "raiders"\n'
    'players = [3, 4]\npolicy = "greedy"\n')
for cfg, out in [("carc.toml", "out/carc"), ("raiders.toml", "out/raiders")]:
    r = subprocess.run([ROBSIM, "sweep", cfg, "--games-csv", "-q", "--force", "-o", out],
                       cwd=WORK, capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"robsim sweep {cfg}: exit {r.returncode}: {r.stderr[-500:]}")
rebuilt = 0
for name in ["sweep", "ablation", "carc", "raiders"]:
    folder = WORK / "out" / name
    g, s = read(folder, "games.csv"), read(folder, "summary.csv").set_index("row")
    for row, games in g.groupby("row"):
        line = s.loc[row]
        n = len(games)
        where = f"out/{name} row {row}"
        if line.games != n:
            fail(f"{where}: games {line.games}, games.csv {n}")
        if "win_rate" in s.columns and not pd.isna(line.win_rate):
            wins = int(games.won.sum())
            if line.wins != wins or not close(line.win_rate, round(wins / n, 5), 1e-9):
                fail(f"{where}: wins {line.wins} ({line.win_rate}), games.csv {wins}")
        winners = games.winners.fillna("").map(lambda w: [x for x in w.split("+") if x])
        for k in range(1, 7):
            col = f"win_rate_seat{k}"
            if col in s.columns and not pd.isna(line[col]):
                rate = winners.map(lambda w: str(k) in w).mean()
                if not close(line[col], round(rate, 5), 1e-9):
                    fail(f"{where}: {col} {line[col]}, games.csv {rate:.5f}")
                if f"wins_seat{k}" in s.columns and line[f"wins_seat{k}"] != round(rate * n):
                    fail(f"{where}: wins_seat{k} {line[f'wins_seat{k}']}")
        if "tied_games_share" in s.columns:
            tied = winners.map(len).gt(1).mean()
            if not close(line.tied_games_share, tied, 1e-5):
                fail(f"{where}: tied_games_share {line.tied_games_share}, games.csv {tied:.5f}")
        if not close(line.turns_mean, games.turns.mean(), 1e-3):
            fail(f"{where}: turns_mean {line.turns_mean}, games.csv {games.turns.mean():.3f}")
        for p, col in [(0.1, "turns_p10"), (0.5, "turns_median"), (0.9, "turns_p90")]:
            if col in s.columns and line[col] != nearest(games.turns, p):
                fail(f"{where}: {col} {line[col]}, games.csv {nearest(games.turns, p)}")
        rebuilt += 1
    # Paired compare lines: the same games of two rows.
    c = read(folder, "compare.csv")
    by_row = {r: gg.set_index("game") for r, gg in g.groupby("row")}
    for _, line in c.iterrows():
        a, b = by_row[line.row_a], by_row[line.row_b]
        common = a.index.intersection(b.index)
        if line.games != len(common):
            fail(f"out/{name} compare {line.row_a}->{line.row_b}: games {line.games}")
        if "win_rate_diff" in c.columns and not pd.isna(line.win_rate_diff):
            wa, wb = a.won[common].astype(int), b.won[common].astype(int)
            diff = (wb - wa).mean()
            only = (int(((wa == 1) & (wb == 0)).sum()), int(((wa == 0) & (wb == 1)).sum()))
            if not close(line.win_rate_diff, round(diff, 5), 1e-9) or \
                    (line.wins_only_a, line.wins_only_b) != only:
                fail(f"out/{name} compare {line.row_a}->{line.row_b}: {line.win_rate_diff}, "
                     f"games.csv {diff:.5f} {only}")
        td = (b.turns[common] - a.turns[common]).mean()
        if not close(line.turns_diff_mean, td, 1e-3):
            fail(f"out/{name} compare {line.row_a}->{line.row_b}: turns_diff_mean "
                 f"{line.turns_diff_mean}, games.csv {td:.3f}")
        rebuilt += 1
print(f"games.csv: {rebuilt} summary rows and compare lines rebuilt")

if failures:
    print(f"analyst test: {len(failures)} failures", file=sys.stderr)
    sys.exit(1)
print("analyst test: every check held")
