"""Games that exist only for the tests: the table's conformance suite seats them beside the box's
own games, so that the table is proved to know no game."""
