"""The pygame-ce front end: one module per scene, switched by name.

Scenes never import one another: they ask the App for the next scene by its name
(`app.show("table", session=...)` replaces the stack, `app.open("rules")` lays a scene on top).
This table is the one place that knows which module draws which scene; modules are imported
only when their scene is first wanted.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from urland.scenes.base import Host, Scene

SCENES: dict[str, str] = {
    "title": "urland.scenes.title:TitleScene",
    "new_game": "urland.scenes.new_game:NewGameScene",
    "join": "urland.scenes.join:JoinScene",
    "host": "urland.scenes.host:HostScene",
    "lobby": "urland.scenes.lobby:LobbyScene",
    "table": "urland.scenes.table.scene:TableScene",
    "online_table": "urland.scenes.table.online:OnlineTableScene",
    "game_over": "urland.scenes.game_over:GameOverScene",
    "rules": "urland.scenes.rules:RulesScene",
    "tutorial": "urland.scenes.tutorial:TutorialScene",
    "tutorial_chapters": "urland.scenes.tutorial_chapters:TutorialChaptersDialog",
    "settings": "urland.scenes.settings:SettingsScene",
    "pause": "urland.scenes.pause:PauseScene",
    "invitation": "urland.scenes.invitation:InvitationScene",
    # dialogs over the table (opened with table=the table scene)
    "handover": "urland.scenes.table.private:HandOverScene",
    "choose_chip": "urland.scenes.table.private:ChipScene",
    "peek": "urland.scenes.table.private:PeekScene",
    "auction": "urland.scenes.table.auction:BidScene",
    "auction_reveal": "urland.scenes.table.auction:RevealScene",
    "auction_buy": "urland.scenes.table.auction:BuyScene",
    "pick_ichtos": "urland.scenes.table.pick:PickScene",
    "ears": "urland.scenes.table.pick:EarsScene",
    "history": "urland.scenes.history:HistoryScene",
    "replay": "urland.scenes.replay:ReplayScene",
    "review": "urland.scenes.review:ReviewScene",
    "load_game": "urland.scenes.load_game:LoadGameScene",
    "confirm": "urland.scenes.confirm:ConfirmDialog",
}


def create(name: str, app: Host, **kwargs: Any) -> Scene:
    """A new scene of the named kind; KeyError for a name nobody registered."""
    module_name, class_name = SCENES[name].split(":")
    scene_class = getattr(import_module(module_name), class_name)
    return scene_class(app, **kwargs)
