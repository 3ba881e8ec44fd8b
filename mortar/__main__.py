import sys

from . import games
from .kit.cli import main

sys.exit(main(None, games))
