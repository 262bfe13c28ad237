"""The hard limits of the dice language. Each is enforced with a one-line
:class:`~rolecli.errors.DiceError` that names it, before any work is done
where that is possible (so ``99999999d99999999`` fails instantly)."""

#: Characters in one expression.
MAX_LENGTH = 1_000
#: Dice read in one evaluation, explosions and rerolls included.
MAX_DICE = 10_000
#: Faces of one die.
MAX_SIDES = 1_000_000
#: Explosions (``!``, ``!!``) of one die; the die then stops exploding.
MAX_EXPLOSIONS = 100
#: Rerolls (``r``) of one die; one more is refused with an error.
MAX_REROLLS = 100
#: Levels of nested parentheses.
MAX_DEPTH = 50
#: Estimated work for exact odds, in microseconds of icepool time (about 2 s).
MAX_ODDS_WORK = 2_000_000
#: Explosion chains shorter than this chance are followed by the odds.
ODDS_EXPLOSION_TAIL = 10**-12
