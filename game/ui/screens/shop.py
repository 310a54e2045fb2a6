"""The shop screen (walk into a merchant) and the altar screen (use an altar or a shrine).

The shop lists the merchant's wares with their prices (Tab: the hero's pack with what the
merchant pays for each), the hero's gold over the list; a letter or Enter buys or sells the row,
and the screen stays open for the next trade. The altar offers a prayer (once) and offerings of
gold in a few sizes scaled to the depth, each greyed out when the hero has not the gold.
"""

from __future__ import annotations

import tcod.console
import tcod.event

from game import codex
from game.content.items import kind_of
from game.floorplan import Point
from game.rules import features, trade
from game.rules.actions import Buy, Interact, Offer, Sell
from game.ui import intents, routes
from game.ui.describe import item_name
from game.ui.draw import MUTED, WARNING, centred_box
from game.ui.routes import Play
from game.ui.state import Pop, Push, Transition
from game.ui.widgets.choices import ChoiceMenu, Choices
from game.world import pack
from game.world.model import Item

LETTERS = "abcdefghijklmnopqrstuvwxyz"
WIDTH = 60
FOOTER = "a-z/Enter: {verb}   Tab: {other}   A-Z: describe   Esc: leave"
OFFERINGS = ((features.OFFER_BOON, "healing; a curse lifted, a thing named"),
             (features.OFFER_BLESS, "... or your weapon blessed"),
             (features.OFFER_WHOLE, "... and healed wholly"),
             (2 * features.OFFER_WHOLE, "... and surest heard"))
"""The offerings the altar screen proposes, in units of features.OFFER_UNIT x depth (the
worths of features.OFFER_BOON, OFFER_BLESS and OFFER_WHOLE), and what each may win."""


class ShopScreen(ChoiceMenu):
    """Buy from (or, after Tab, sell to) one merchant of the floor."""

    overlay = True
    back_closes = True

    def __init__(self, play: Play, merchant_id: int, selling: bool = False) -> None:
        self.play = play
        self.merchant_id = merchant_id
        self.selling = selling
        self.items: list[Item] = []
        self.choices = Choices([])
        self.warning = ""
        self.refresh()

    def refresh(self) -> None:
        """The rows for the current mode: one per kind of ware, or one per stack of the pack."""
        game, seller = self.play.game, trade.merchant(self.play.game, self.merchant_id)
        labels: list[str] = []
        disabled: dict[int, str] = {}
        self.items = []
        if seller is None:
            self.choices = Choices([])
            return
        if self.selling:
            for _, row in pack.lettered_rows(game.hero):
                item = row[0]
                paid = trade.sell_price(game, item)
                refused = trade.refuse_sale(game, item)
                stack = f" (x{len(row)})" if len(row) > 1 else ""
                worn = " (worn)" if item.id in pack.worn_ids(game.hero) else ""
                if refused:
                    disabled[len(labels)] = "not for sale"
                labels.append(f"{item_name(game, item)}{stack}{worn}: {paid} gold")
                self.items.append(item)
        else:
            seen: dict[str, int] = {}
            for ware in seller.wares:
                if ware.kind in seen:
                    continue
                seen[ware.kind] = len(labels)
                count = sum(1 for w in seller.wares if w.kind == ware.kind)
                asked = trade.price(game, ware)
                many = f" (x{count})" if count > 1 else ""
                if asked > game.hero.gold:
                    disabled[len(labels)] = "too dear"
                labels.append(f"{kind_of(ware.kind).name}{many}: {asked} gold")
                self.items.append(ware)
        labels = [f"{LETTERS[i]}) {label}" if i < len(LETTERS) else label
                  for i, label in enumerate(labels)]
        index = min(self.choices.index, max(0, len(labels) - 1))
        self.choices = Choices(labels, disabled, index)

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        if event.sym == tcod.event.KeySym.TAB:
            self.selling = not self.selling
            self.warning = ""
            self.refresh()
            return None
        letter = intents.letter_of(event)
        if letter is not None:
            row = LETTERS.index(letter)
            if row >= len(self.items):
                self.warning = f"No {letter} in this list."
                return None
            return self.choose(row)
        shifted = intents.letter_of(event, shift=True)
        if shifted is not None and LETTERS.index(shifted) < len(self.items):
            item = self.items[LETTERS.index(shifted)]
            return Push(routes.to().describe([codex.describe_item(self.play.game, item)]))
        return super().on_key(event)

    def choose(self, row: int) -> Transition | None:
        if not 0 <= row < len(self.items):
            return None
        if not self.choices.enabled(row):
            self.warning = (f"You have {self.play.game.hero.gold} gold: not enough."
                            if not self.selling else "No merchant buys that.")
            return None
        item = self.items[row]
        action = (Sell(self.merchant_id, item.id) if self.selling
                  else Buy(self.merchant_id, item.id))
        gold = self.play.game.hero.gold
        self.play.act(action)
        self.warning = "" if self.play.game.hero.gold != gold else self.last_reason()
        self.refresh()
        return None

    def last_reason(self) -> str:
        """Why the last trade did not happen (the log's latest line), if it did not."""
        said = self.play.game.messages.messages
        return said[-1].text if said else ""

    def height(self) -> int:
        return max(1, len(self.choices.labels)) + 7 + bool(self.warning)

    def menu_top(self) -> int:
        rows = self.play.session.rows
        return (rows - min(self.height(), rows)) // 2 + 4

    def on_draw(self, console: tcod.console.Console) -> None:
        game, seller = self.play.game, trade.merchant(self.play.game, self.merchant_id)
        if seller is None:
            return
        title = f"{seller.name}: {'selling to' if self.selling else 'buying from'}"
        x, y = centred_box(console, WIDTH + 4, self.height(), title)
        what = ("They pay half the price (a fifth for what you do not know)"
                if self.selling else "Wares and prices (buying one names its kind)")
        console.print(x + 2, y + 1, f"Your gold: {game.hero.gold}", fg=WARNING)
        console.print(x + 2, y + 2, what, fg=MUTED)
        if self.choices.labels:
            self.choices.draw(console, x + 2, y + 4, WIDTH)
        else:
            console.print(x + 2, y + 4, "Nothing." if not self.selling else "You carry nothing.",
                          fg=MUTED)
        bottom = y + 4 + max(1, len(self.choices.labels)) + 1
        footer = FOOTER.format(verb="sell" if self.selling else "buy",
                               other="buy" if self.selling else "sell")
        console.print(x + 2, bottom, footer, fg=MUTED)
        if self.warning:
            console.print(x + 2, bottom + 1, self.warning[:WIDTH], fg=WARNING)


class AltarScreen(ChoiceMenu):
    """Pray at an altar or shrine (once), or lay gold on it for a blessing."""

    overlay = True
    back_closes = True

    def __init__(self, play: Play, spot: Point) -> None:
        self.play = play
        self.spot = spot
        game = play.game
        feature = game.floor.features[spot]
        depth = game.floor.depth
        self.gifts = [n * features.OFFER_UNIT * depth for n, _ in OFFERINGS]
        labels = ["a) Pray" + (" (you have prayed here)" if feature.used else
                               ": heals you wholly, once")]
        disabled = {0: "used"} if feature.used else {}
        for row, gold in enumerate(self.gifts, start=1):
            labels.append(f"{LETTERS[row]}) Offer {gold} gold: {OFFERINGS[row - 1][1]}")
            if gold > game.hero.gold:
                disabled[row] = "not enough gold"
        self.choices = Choices(labels, disabled)

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        letter = intents.letter_of(event)
        if letter is not None and LETTERS.index(letter) < len(self.choices.labels):
            return self.choose(LETTERS.index(letter))
        return super().on_key(event)

    def choose(self, row: int) -> Transition | None:
        if not self.choices.enabled(row):
            return None
        x, y = self.spot
        self.play.act(Interact(x, y) if row == 0 else Offer(x, y, self.gifts[row - 1]))
        return Pop()

    def menu_top(self) -> int:
        rows = self.play.session.rows
        return (rows - min(len(self.choices.labels) + 7, rows)) // 2 + 3

    def on_draw(self, console: tcod.console.Console) -> None:
        game = self.play.game
        name = game.floor.features[self.spot].name
        x, y = centred_box(console, WIDTH + 4, len(self.choices.labels) + 7, name)
        console.print(x + 2, y + 1, f"Your gold: {game.hero.gold}", fg=WARNING)
        self.choices.draw(console, x + 2, y + 3, WIDTH)
        console.print(x + 2, y + len(self.choices.labels) + 4,
                      "A richer gift is likelier heard and blesses more. Esc: leave", fg=MUTED)
