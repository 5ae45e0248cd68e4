"""``python -m atout``: the same as the ``atout`` command."""

from atout.cli import main

main()
