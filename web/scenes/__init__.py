"""The scenes: title, new game, match, game over, rules reference, settings, menus."""
