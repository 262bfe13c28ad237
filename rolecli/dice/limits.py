"""The hard limits of the dice language. Each is enforced with a one-line
:class:`~rolecli.errors.DiceError` that names it, before any work is done
where that is possible (so ``99999999d99999999`` fails instantly)."""

#: Characters in one expression (and in one ``roll`` command line).
MAX_LENGTH = 1_000
#: Dice read in one evaluation, explosions and rerolls included.
MAX_DICE = 10_000
#: Faces of one die.
MAX_SIDES = 1_000_000
#: Largest face, either sign, of a custom die (``d{1,1,2,3}``).
MAX_FACE = 1_000_000
#: Explosions (``!``, ``!!``) of one die; the die then stops exploding.
MAX_EXPLOSIONS = 100
#: Rerolls (``r``) of one die; one more is refused with an error.
MAX_REROLLS = 100
#: Levels of nested parentheses, groups, functions and named rolls.
MAX_DEPTH = 50
#: Named rolls inside named rolls (``@a`` using ``@b``...).
MAX_NAMED_DEPTH = 10
#: Characters of named rolls' text read while parsing one expression (each use counts).
MAX_EXPANDED = 10_000
#: Results of one ``roll`` command (``-n`` times every ``N x`` repeat).
MAX_RESULTS = 100_000
#: Dice written in one ``roll`` command, over all its results.
MAX_COMMAND_DICE = 1_000_000
#: Estimated work for exact odds, in microseconds of icepool time (about 2 s).
MAX_ODDS_WORK = 2_000_000
#: Explosion chains shorter than this chance are followed by the odds.
ODDS_EXPLOSION_TAIL = 10**-12
#: Values the odds can show: their mean and spread are floating-point numbers.
MAX_ODDS_VALUE = 10**300
