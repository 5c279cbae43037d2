"""Pure drawing of what a player may see: the board, the hud, cards, battles, charts."""
