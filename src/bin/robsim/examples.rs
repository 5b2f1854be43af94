//! The examples each subcommand's help ends with (clap's `after_help`).

pub const RUN_EXAMPLES: &str = "Examples:
  robsim run -v robert -d easy -p 3 -g 2000          # one row: Robert, Easy, 3 players
  robsim run -v solitaire -g 5000 --destroy-faces 3  # Solitaire with a rule knob moved
  robsim run -v robert -g 1000 -o out/robert-levels  # no --difficulty: every level, one row each";

pub const SWEEP_EXAMPLES: &str = "Examples:
  robsim sweep configs/robert-difficulty.toml -o out/robert-difficulty
  robsim sweep configs/robert-difficulty.toml -g 500 --games-csv   # a quick look, with games.csv";

pub const LUCK_EXAMPLES: &str =
    "The config's [luck] table names the skill ladder, weakest first, and what each rung plays:
  [luck]
  rungs = [\"random\", \"team\", \"team-tuned\", \"rollout-8\"]   # any policy name a sweep takes
  boards = [1000, 1000, 1000, 200]                       # one count, or one per rung
  games_per_board = [100, 100, 100, 5]                   # board fixed, dice and deck varied

Examples:
  robsim luck configs/robert-luck.toml                     # writes out/robert-luck/
  robsim luck configs/research/catan-luck.toml -o reports/catan-luck  # seat advantage: base, Raiders
  robsim luck configs/research/carcassonne-luck.toml   # Carcassonne: boards are tile orders

Columns, figures and the method: docs/guide.md, section Luck and skill.";

pub const DESIGN_EXAMPLES: &str =
    "The config's [design] table names the knobs, their values and the targets:
  [design]
  max_changed = 2                    # knobs a setting may change at most
  budget = 1000000                   # games the search plays in all
  [[design.knob]]
  key = \"robert_skip\"                # a rule knob (docs/rules.md)
  values = \"2..=6\"                   # a list, or a range of whole numbers
  only = { players = 3 }             # the cells it applies to (default: every cell)
  [[design.target]]
  cell = { players = 3 }             # every 3-player row of the grid...
  like = { players = 4 }             # ...as winnable as its 4-player row at the grid's rules
  tolerance = 0.03

Examples:
  robsim design configs/robert-design-3p.toml           # writes out/robert-design-3p/
  robsim design configs/robert-design-3p.toml --resume  # after Ctrl-C: goes on where it stopped

Keys, files and how to read them: docs/reference/commands.md, section robsim design.";

pub const TRACE_EXAMPLES: &str = "Examples:
  robsim trace -v robert -d easy -p 3 -s 7 -i 12 -o game.jsonl
  robsim trace -c configs/robert-difficulty.toml -r 7 -i 42 --html -o lost-easy.html";

pub const UPGRADE_EXAMPLES: &str = "Examples:
  robsim upgrade reports/robert-difficulty          # one folder
  robsim upgrade --check $(dirname $(find reports -name manifest.json))  # who is behind
  robsim upgrade $(dirname $(find reports -name manifest.json))          # every committed report

How each kind of folder is upgraded: docs/reference/commands.md, section robsim upgrade.";
