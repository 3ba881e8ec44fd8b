"""The engine kit: what every game of the box is built from. Standard library only, no browser
imports, and no game: games import the kit, never the other way round.

| module | what lives there |
| --- | --- |
| ``grid`` | directions, the squares of a board of any width × height, cells of an unbounded grid |
| ``protocol`` | the game protocol (``GameDef``, ``State``, ``Seat``, ``Outcome``), refusals |
| ``common`` | actions beside a game's own: resign, offer and accept a draw, the written pass |
| ``records`` | record errors, readers of a record's form, names, the referee's ``Verdict`` |
| ``envelope`` | the record envelope Maršál a Špión and the KARO games share |
| ``jsontext`` | JSON from outside read in linear time, depth-checked, UTF-8 only |
| ``replay`` | a record replayed once, stepped through with snapshots |
| ``turns`` | the open games' turns (KARO K0): alternation, the pass, repetition, draws, outcome |
| ``turnrecord`` | the open games' records, referee and duel notation, once for all three |
| ``diagram`` | a position on a board of squares as one line of text (FEN-like) |
| ``search`` | the open games' searching computer: alpha-beta and UCT over a game's evaluation |
| ``link`` | play by links: the message, its chain of SHA-256 hashes, its text in a link's fragment |
| ``commitment`` | commitments to hidden facts (SHA-256, 128-bit salts), opened later; Merkle trees |
| ``remote`` | ``RemoteGame``: one device's side of a game by links, for every game; saves, verdicts |
| ``openlinks`` | the open games' part of play by links: every action public, applied by the engine |
| ``linkrecord`` | the record of a game by links and the referee's verdict on it |
"""
