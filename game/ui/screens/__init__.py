"""Every screen of the interface, one module each; all are states (game.ui.state).

No screen module imports another: a screen opens the next through the transition table
(game.ui.routes), which this package fills once, the first time any screen is imported.
"""

from game.ui import routes
from game.ui.screens.character import CharacterScreen
from game.ui.screens.describe import DescribeScreen
from game.ui.screens.direction import DoorPrompt
from game.ui.screens.end import EndScreen
from game.ui.screens.floormap import FloorMapScreen
from game.ui.screens.gamemenu import GameMenu
from game.ui.screens.help import HelpScreen
from game.ui.screens.history import HistoryScreen
from game.ui.screens.inventory import InventoryScreen
from game.ui.screens.lab import LabScreen
from game.ui.screens.levelup import LevelUpScreen
from game.ui.screens.loadgame import LoadScreen
from game.ui.screens.look import LookScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.newgame import NewGameScreen
from game.ui.screens.options import OptionsScreen
from game.ui.screens.params import ParamEditor
from game.ui.screens.play import PlayState
from game.ui.screens.scores import ScoresScreen

routes.install(routes.Routes(
    main_menu=MainMenu, play=PlayState, new_game=NewGameScreen, param_editor=ParamEditor,
    lab=LabScreen, load_game=LoadScreen, scores=ScoresScreen, options=OptionsScreen,
    help=HelpScreen,
    game_menu=GameMenu, end=EndScreen, character=CharacterScreen, history=HistoryScreen,
    floor_map=FloorMapScreen, inventory=InventoryScreen, look=LookScreen,
    door_prompt=DoorPrompt, level_up=LevelUpScreen, describe=DescribeScreen,
))
