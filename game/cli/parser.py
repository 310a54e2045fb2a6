"""Every command's flags (the contract, in one place) and the dispatch to the command's module.

A command's module is imported only when that command runs, so `run.py generate` never loads
the bot or the window, and `run.py --help` loads neither.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from game import generators
from game.cli.common import EXIT_USAGE, program, whole_number
from game.cli.runs import add_run_options
from game.save import AUTOSAVE_TURNS

MAX_SIDE = 4000
MAX_ROLLS = 10_000
MAX_TURNS = 10_000_000
MAX_RUNS = 100_000
MAX_AUTOSAVE = 100_000
SNAPSHOT_VIEWS = ("map", "first-person")
SNAPSHOT_STYLES = ("blocks", "labyrinth")
"""The first-person view's styles (game.ui.options.VIEW_STYLES; no ui module loads before a
command needs one)."""
FORMATS = ("ascii", "json", "hex", "png", "text")
CODEX_SECTIONS = ("items", "monsters", "features", "backgrounds", "talents")
"""game.codex.SECTIONS (the codex, with the rules it reads, loads only when the command runs)."""
COMMAND_MODULES = {
    None: "play", "generate": "generate", "roll": "roll", "catalog": "catalog",
    "autoplay": "autoplay", "snapshot": "snapshot", "replay": "replay", "save-info": "saves",
    "saves": "saves", "bench": "bench", "amazeing": "amazeing", "screens": "screens",
    "codex": "codex", "games": "games", "gm": "gm", "hunt": "hunt",
}
"""The module of game.cli that runs each command (None: no command, the window); each has
`run(args) -> int`."""


def terminal_columns() -> int:
    """The terminal's width as shutil.get_terminal_size() finds it: $COLUMNS, else the width of
    the terminal on standard output, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        stdout = sys.__stdout__
        try:
            columns = os.get_terminal_size(stdout.fileno()).columns if stdout else 0
        except (ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help, as wide as argparse makes it. argparse makes a formatter for every flag
    added (to check its metavar) and asks shutil for the width each time: importing shutil (with
    bz2 and lzma) cost more than adding a command's flags."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        width = terminal_columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line (no usage dump) with exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def save_folder(text: str) -> Path:
    """--save-dir: a folder, or a path where one can be made."""
    path = Path(text)
    try:
        if path.exists() and not path.is_dir():
            raise argparse.ArgumentTypeError(f"{text!r} exists and is not a folder")
    except OSError as problem:  # a name too long, a loop of links: os.stat says why
        raise argparse.ArgumentTypeError(f"{text[:80]!r}: {problem.strerror}") from None
    return path


def console_size(text: str) -> tuple[int, int]:
    """--size WxH: a console of at least 80x50 cells, at most 400x250."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not WxH (e.g. 80x50)")
    size = int(width), int(height)
    if not (80 <= size[0] <= 400 and 50 <= size[1] <= 250):
        raise argparse.ArgumentTypeError(f"{text!r}: from 80x50 to 400x250 cells")
    return size


if TYPE_CHECKING:
    _SubParsers = argparse._SubParsersAction[argparse.ArgumentParser]
else:  # generic only to the type checker
    _SubParsers = argparse._SubParsersAction


class _Commands(_SubParsers):
    """The commands, each parser made (with its flags) only when it is the one that runs:
    making the parsers of every command took longer than parsing the line, and a run uses one.
    `run.py --help` lists the commands by name and help alone; `run.py NAME --help` shows the
    flags of NAME, made before it parses."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._flags: dict[str, Callable[[argparse.ArgumentParser], None]] = {}
        self._unmade = argparse.ArgumentParser(add_help=False)
        """What each command's name maps to until its parser is made."""

    def add_command(
        self, name: str, help_text: str, flags: Callable[[argparse.ArgumentParser], None]
    ) -> None:
        """Name a command (as add_parser(name, help=help_text) would), to be made on use."""
        self._choices_actions.append(self._ChoicesPseudoAction(name, (), help_text))
        self._name_parser_map[name] = self._unmade
        self._flags[name] = flags

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if isinstance(values, list) and values and values[0] in self._flags:
            name = values[0]
            command = self._parser_class(prog=f"{self._prog_prefix} {name}")
            self._flags.pop(name)(command)
            self._name_parser_map[name] = command
        super().__call__(parser, namespace, values, option_string)


def version_line() -> str:
    """`--version`: the package, and the two numbers that decide whether a run code or a save
    from another copy will play here."""
    from game.save.codec import FORMAT_VERSION
    from game.version import RULES_VERSION, __version__

    return f"delve {__version__} (rules {RULES_VERSION}, save format {FORMAT_VERSION})"


class _Version(argparse.Action):
    """--version, its line made only when asked: the save format's module is not loaded by the
    commands that do not read saves."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=program(), description="Delve: a roguelike that plays its generators.")
    parser.add_argument("--version", action=_Version, nargs=0, default=argparse.SUPPRESS,
                        help="print the version, rules version and save format, then exit")
    add_run_options(parser, "run seed text for the game (no command: play)")
    parser.add_argument("--save-dir", type=save_folder, metavar="DIR",
                        help="where saves go (default: the user's data directory)")
    parser.add_argument("--autosave", type=whole_number(1, MAX_AUTOSAVE), default=AUTOSAVE_TURNS,
                        metavar="TURNS", help=f"autosave every TURNS turns (default"
                        f" {AUTOSAVE_TURNS}; also on every floor change and on quitting)")
    parser.add_argument("--load", type=Path, metavar="FILE",
                        help="play on from a save file (run.py saves lists them)")
    add_background_option(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, action=_Commands)
    assert isinstance(sub, _Commands)
    for name, help_text, flags in COMMANDS:
        sub.add_command(name, help_text, flags)
    return parser


def _generate(gen: argparse.ArgumentParser) -> None:
    gen.add_argument("--generator", help=f"one of: {', '.join(generators.names())} (default:"
                     " the run's at --depth)")
    gen.add_argument("--seed", help="run seed text (required unless --code or --from-hex)")
    gen.add_argument("--code", dest="run_code", metavar="CODE",
                     help="a shared run code: its floor at --depth, as the game plays it")
    gen.add_argument("--plan", dest="run_plan", metavar="PLAN",
                     help='with --seed: generator per depth, e.g. "1-2:bsp,3:power,4-10:random"')
    gen.add_argument("--depth", type=whole_number(1), default=1)
    gen.add_argument("--width", type=whole_number(1, MAX_SIDE),
                     help="default: the generator's size in the game (bsp 80x45)")
    gen.add_argument("--height", type=whole_number(1, MAX_SIDE))
    gen.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    gen.add_argument("--format", choices=FORMATS, default="ascii")
    gen.add_argument("--out", type=Path, help="write here instead of standard output")
    gen.add_argument("--stats", action="store_true", help="also print floor metrics")
    gen.add_argument("--from-hex", type=Path, metavar="FILE", help="render an A-Maze-ing hex file")
    gen.add_argument("--list-params", action="store_true", help="list the generator's parameters")


def _roll(roll: argparse.ArgumentParser) -> None:
    roll.add_argument("table", help="a table name, e.g. doors, corridors, chambers")
    roll.add_argument("--seed", help="seed text for repeatable rolls (default: fresh dice)")
    roll.add_argument("--n", type=whole_number(1, MAX_ROLLS), default=1,
                      help=f"rolls, 1..{MAX_ROLLS}")


def _bench(bench: argparse.ArgumentParser) -> None:
    bench.add_argument("suite", choices=("generators", "turns", "saves", "startup", "hunt"))
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--sizes", help="comma-separated WxH list (default 80x50,200x200,1000x1000)")
    bench.add_argument("--repeat", type=whole_number(0, 1000), default=0,
                       help="runs per median, at most 1000 (0: by size)")
    bench.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                       help="generators suite: wall time, or this process's CPU time (steadier "
                            "on a shared machine)")


def _catalog(catalog: argparse.ArgumentParser) -> None:
    add_run_options(catalog)
    catalog.add_argument("--depths", default="", help="e.g. 1-10 or 3 (default: every depth)")
    catalog.add_argument("--spoilers", choices=("layout", "full"), default="layout")
    catalog.add_argument("--format", choices=("text", "json", "csv"), default="text")


def _snapshot(snap: argparse.ArgumentParser) -> None:
    add_run_options(snap)
    snap.add_argument("--turns", type=whole_number(0, MAX_TURNS), default=0,
                      help="turns the autoplay bot plays first (default 0)")
    snap.add_argument("--view", choices=SNAPSHOT_VIEWS, default="map")
    snap.add_argument("--style", choices=SNAPSHOT_STYLES, default="blocks",
                      help="how the first-person view is drawn (default: blocks)")
    snap.add_argument("--out", type=Path, required=True, metavar="FILE.png")
    add_background_option(snap)


def _screens(gallery: argparse.ArgumentParser) -> None:
    gallery.add_argument("--out", type=Path, required=True, metavar="DIR")
    gallery.add_argument("--size", type=console_size, default=(80, 50), metavar="WxH",
                         help="console size in cells (default 80x50, the smallest supported)")
    gallery.add_argument("--only", action="append", default=[], metavar="NAME",
                         help="draw only this screen (repeatable)")


def _replay(replay: argparse.ArgumentParser) -> None:
    replay.add_argument("file", type=Path)
    replay.add_argument("--verify", action="store_true",
                        help="replay without a window; report identical or the first difference")


def _autoplay(auto: argparse.ArgumentParser) -> None:
    add_run_options(auto)
    auto.add_argument("--record", type=Path, metavar="FILE", help="write a replay of the run")
    auto.add_argument("--turns", type=whole_number(1, MAX_TURNS), default=2000,
                      help=f"stop after this many turns, 1..{MAX_TURNS}")
    auto.add_argument("--runs", type=whole_number(1, MAX_RUNS),
                      help="play seeds TEXT, TEXT-2, ... in a row")
    auto.add_argument("--json", action="store_true")
    auto.add_argument("--save-to", type=Path, metavar="FILE",
                      help="leave a save of the final state in FILE")
    auto.add_argument("--save-dir", type=save_folder, metavar="DIR", default=argparse.SUPPRESS,
                      help="leave the final state as the saved run in DIR (Continue plays on)")
    add_background_option(auto)


def add_background_option(parser: argparse.ArgumentParser) -> None:
    """--background NAME, before or after the command (read by common.chosen_background)."""
    parser.add_argument("--background", type=background_name, metavar="NAME",
                        default=argparse.SUPPRESS,
                        help="the hero's background for a run named here (codex backgrounds"
                             " lists them; default fighter)")


def background_name(text: str) -> str:
    """An argparse `type=`: a background of assets/backgrounds.toml (loaded only when asked)."""
    from game.content.backgrounds import background_keys

    if text not in background_keys():
        raise argparse.ArgumentTypeError(
            f"no background {text[:40]!r}; choose from {', '.join(background_keys())}")
    return text


def _saves(listing: argparse.ArgumentParser) -> None:
    listing.add_argument("--save-dir", type=save_folder, metavar="DIR", default=argparse.SUPPRESS,
                         help="the folder to list (default: where the game saves)")
    listing.add_argument("--json", action="store_true")


def _games(listing: argparse.ArgumentParser) -> None:
    listing.add_argument("--save-dir", type=save_folder, metavar="DIR", default=argparse.SUPPRESS,
                         help="the folder whose morgue/ to list (default: where the game saves)")
    listing.add_argument("--json", action="store_true")


def _save_info(info: argparse.ArgumentParser) -> None:
    info.add_argument("file", type=Path)
    info.add_argument("--json", action="store_true")


def _codex(codex: argparse.ArgumentParser) -> None:
    codex.add_argument("section", nargs="?", choices=CODEX_SECTIONS,
                       help="one section (default: all of them)")
    codex.add_argument("--json", action="store_true",
                       help="JSON: a list for one section, else an object of lists")


def _amazeing(amaze: argparse.ArgumentParser) -> None:
    amaze.add_argument("config", type=Path, nargs="?", default=Path("config.txt"),
                       help="the config file (WIDTH=20, HEIGHT=15, ...; default config.txt)")
    amaze.add_argument("--theme", help="colour theme from assets/themes.toml (default: first)")
    amaze.add_argument("--no-tui", action="store_true",
                       help="print the maze once, even on a terminal (r, p, t, q otherwise)")


def _gm(gm: argparse.ArgumentParser) -> None:
    add_run_options(gm)
    gm.add_argument("--depth", type=whole_number(1), default=1)
    gm.add_argument("--format", choices=("html", "svg", "dd2vtt"), default="html",
                    help="html: a printable page (map, legend, key); svg: the map alone; "
                         "dd2vtt: a Universal VTT file (walls, doors, lights, image)")
    gm.add_argument("--out", type=Path, required=True, metavar="FILE")


MAX_JOBS = 64


class _GrammarHelp(argparse.RawDescriptionHelpFormatter, _Formatter):
    """The hunt's help keeps its grammar's lines as written."""


def _hunt(hunt: argparse.ArgumentParser) -> None:
    from game.hunt.query import help_text  # the grammar, loaded only for this command

    hunt.formatter_class = _GrammarHelp
    hunt.description = ("List the seeds whose run has a floor matching --where (a run matches "
                        "when SOME floor does), in seed order.\n\n" + help_text())
    seeds = hunt.add_mutually_exclusive_group(required=True)
    seeds.add_argument("--seeds", metavar="A-B", help="the seeds A to B (whole numbers), or N")
    seeds.add_argument("--from", dest="seed_file", type=Path, metavar="FILE",
                       help="one seed text a line")
    hunt.add_argument("--where", required=True, metavar="EXPR", help="the query (see above)")
    hunt.add_argument("--plan", metavar="PLAN",
                      help='generator per depth, e.g. "1-2:bsp,3:power,4-10:random"')
    hunt.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=1, metavar="N",
                      help=f"worker processes, 1..{MAX_JOBS} (default 1: this process)")
    hunt.add_argument("--json", action="store_true", help="one JSON object a matching seed")
    hunt.add_argument("--progress", action="store_true",
                      help="draw the progress bar on standard error even when it is no terminal")


COMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None]], ...] = (
    ("generate", "make one floor and print or export it", _generate),
    ("roll", "roll on a dice table (a game master's dice)", _roll),
    ("bench", "speed benchmarks with a reference measured in the run", _bench),
    ("catalog", "what each depth of a run holds, without playing", _catalog),
    ("snapshot", "render the play screen to PNG, no window", _snapshot),
    ("screens", "draw every screen to NAME.png and NAME.txt, no window", _screens),
    ("replay", "play back a replay file (--verify: no window)", _replay),
    ("autoplay", "a bot plays without a window; prints a summary", _autoplay),
    ("saves", "list the saved runs, newest first", _saves),
    ("save-info", "check a save file and say what it holds", _save_info),
    ("games", "list the finished games with their morgue and replay", _games),
    ("codex", "every item, monster and feature with its numbers", _codex),
    ("amazeing", "A-Maze-ing: a maze from a config file", _amazeing),
    ("gm", "a game master's floor: HTML page, SVG map, VTT file", _gm),
    ("hunt", "seeds whose runs have a floor matching a query", _hunt),
)
"""(name, help, flags) of each command, in the order `run.py --help` lists them."""


def dispatch(args: argparse.Namespace) -> int:
    """Run the command `args` names (no command: play), importing its module only now."""
    module = importlib.import_module(f"game.cli.{COMMAND_MODULES[args.command]}")
    run: Callable[[argparse.Namespace], int] = module.run
    return run(args)
