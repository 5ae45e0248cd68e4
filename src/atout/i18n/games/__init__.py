"""Per-game renderers: ``atout.i18n.games.<game>.TEXT`` is the game's :class:`GameText`."""
