"""The plugin contract: every hook a rule system implements.

A rule system is a pluggy plugin (a module or an object) registered through the
``rolecli`` entry-point group, exactly like a third-party one. It declares the
contract version it was written for with ``ROLECLI_CONTRACT = 3`` at module
level and implements the hooks below with ``@rolecli.hookimpl``.

How the core calls them:

- :func:`rolecli_system` is called on every plugin, to learn which systems exist;
  :func:`rolecli_commands` on every plugin, when a command line names a command
  that is not a core one (or asks for the list of commands).
- Every other hook is called *only* on the plugin of the system in use (the
  active campaign's, or the one named on the command line), through pluggy's
  subset hook caller, so one system never sees another's calls. Plugins that
  declare no system (house rules, loggers) are included in every such call:
  they can add an implementation or wrap the system's with
  ``@hookimpl(wrapper=True)``, and they always run before the system's own.
  A house-rules plugin that names itself (``ROLECLI_HOUSE_RULES = "name"``)
  is included only in the calls of a campaign whose ``[rules]`` say
  ``house = ["name"]`` (or of a command given ``--rule house=name``).
- Those hooks are ``firstresult``: the first non-``None`` result wins, so a
  house-rules plugin may also answer instead of the system by returning a
  result first (``tryfirst=True``).
- Randomness comes only from ``ctx.dice`` (see :class:`rolecli.contract.Context`),
  which honours ``--seed`` and ``--dice``.
- A request the rules refuse raises :class:`rolecli.contract.Refused` (one
  line, exit code 2, nothing written). Any other exception raised in a hook,
  a result of the wrong type, or a state key the template does not declare
  is the plugin's failure: one line naming the plugin, exit code 4, nothing written.
- Plugins import heavy modules (icepool, rich) inside the functions that use them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pluggy

if TYPE_CHECKING:  # pragma: no cover
    from rolecli.contract import Action, Character, Context, Odds, Outcome, Status, SystemInfo

hookspec = pluggy.HookspecMarker("rolecli")


@hookspec
def rolecli_system() -> SystemInfo | None:
    """Declare the rule system this plugin implements.

    Called once on every plugin when the core needs to know the systems (to run
    a system's command, open a campaign, or list them in ``--help``).

    :return: A :class:`~rolecli.contract.SystemInfo` naming the system (its
        command-line name and its names for people), its character template,
        its rule options with their defaults, its verbs
        (:class:`~rolecli.contract.ActionSpec`) and its recovery events; or
        ``None`` for a plugin that is not a system. A declaration the core
        cannot build (a reserved parameter name, a verb with an actor named
        like a core command...) skips the plugin with one warning line.

    Not ``firstresult``: every system answers. Two plugins declaring the same
    name cost the second one warning line: the system shipped with rolecli
    wins, else the first by entry-point name.
    """


@hookspec(firstresult=True)
def rolecli_roll(action: Action, ctx: Context) -> Outcome | None:
    """Roll the system's dice with no rules applied: 4dF, a Day Die and a
    Night Die, a control die and a situation die, a pool of d10s...

    :param action: The verb (an :class:`~rolecli.contract.ActionSpec` whose
        ``hook`` is ``"roll"``) and its parameters (how many dice, which step...).
    :param ctx: Language, dice source, rule options and the campaign's characters.
    :return: An :class:`~rolecli.contract.Outcome` whose ``data`` holds the
        dice and their raw reading; ``success`` is ``None``.

    ``firstresult``: the first non-``None`` result is used.
    """


@hookspec(firstresult=True)
def rolecli_resolve(action: Action, ctx: Context) -> Outcome | None:
    """Resolve an action by the system's rules: a check against a difficulty,
    a contest between two characters, or a conflict exchange such as an attack
    (which may also apply its damage to the target).

    :param action: The verb and its parameters. ``action.actor`` and
        ``action.target`` are the campaign characters named, or ``None`` for a
        quick roll with raw numbers. Parameters of kind ``rating`` arrive as
        typed (``"3"`` or ``"Ímpetu+Pilotar"``); resolve them with
        :meth:`~rolecli.contract.Character.rating`.
        Player choices (``policy`` parameters) always have a value.
    :param ctx: Language, dice source, rule options and the campaign's characters.
    :return: An :class:`~rolecli.contract.Outcome`: ``success`` decides the exit
        code (``False`` → 1); ``changes`` carries new character states, if any.

    An encounter calls it at every exchange. A verb whose outcome is the same
    for the same characters in the same states, parameters, rule options and
    dice says so with ``ActionSpec(from_state=True)`` (a damage verb may too):
    where it leaves no effect and changes only its characters, a simulation's
    trials then keep what it changed by those states and the dice it read,
    and make it again from them while no effect is in force: its dice drawn
    as it would draw them, where they fall as they fell before (up to 120
    ways for them to fall: a d20 check, 2d6); where they fall otherwise, it
    is called, and reads those very dice.

    ``firstresult``: the first non-``None`` result is used.
    """


@hookspec(firstresult=True)
def rolecli_apply_damage(character: Character, action: Action, ctx: Context) -> Outcome | None:
    """Apply damage to one character: mark stress or tracks, take consequences,
    convert overflow, decide knock-outs and deaths.

    :param character: The character hit, with its current state.
    :param action: The damage verb and its parameters (amount, type, track,
        and the policies for choices such as taking a consequence).
    :param ctx: Language, dice source (some systems roll on damage), options.
    :return: An :class:`~rolecli.contract.Outcome` with the character's new
        state in ``changes[character.name]`` (only keys of the template, or
        keys the state already holds) and what happened in ``lines``.

    ``firstresult``: the first non-``None`` result is used.
    """


@hookspec(firstresult=True)
def rolecli_recover(character: Character, event: str, action: Action, ctx: Context) -> Outcome | None:
    """Recover between scenes.

    :param character: The character recovering, with its current state.
    :param event: One of the events the system declares in
        :attr:`~rolecli.contract.SystemInfo.events`; every system accepts at
        least ``end_of_scene``, ``start_of_session`` and ``rest``. The core
        gives a recovery verb its ``event`` argument (a choice among the
        events) unless the verb declares one itself. The conflict tracker
        calls it with ``end_of_turn`` and ``end_of_round``
        (:data:`~rolecli.contract.TrackerEvent`) if the system declares them,
        and with ``end_of_scene`` when a conflict ends.
    :param action: The recovery verb and its parameters (hours rested, a
        treatment, a roll's result...).
    :param ctx: Language, dice source (some systems roll to recover), options.
    :return: An :class:`~rolecli.contract.Outcome` with the new state in
        ``changes[character.name]`` (omitted when nothing changed).

    A conflict calls it for every character at every turn's or round's end,
    where most have nothing to recover. A system whose recovery changes the
    same for the same sheet, state, event, rule options and dice says so with
    ``SystemInfo(recovery_from_state=True)``: where it leaves no effect and
    changes its character alone, a simulation's trials then keep what it
    changed by the state and the dice it read, and make it again from them the
    next time they meet that state: at once where it rolls no dice; where it
    rolls a few (up to 120 ways for them to fall: a Rouse check, a bleeding
    wound), its dice drawn as it would draw them, where they fall as they
    fell before (else it is called, and reads those very dice).

    ``firstresult``: the first non-``None`` result is used.
    """


@hookspec(firstresult=True)
def rolecli_initiative(characters: Sequence[Character], action: Action, ctx: Context) -> Outcome | None:
    """Order characters for a conflict.

    :param characters: The characters taking part, in the order the GM listed
        them (which is also the last tie-break where a system has one).
    :param action: The initiative verb and its parameters (kind of conflict,
        round number...).
    :param ctx: Language, dice source (for systems that roll initiative), options.
    :return: An :class:`~rolecli.contract.Outcome` whose ``data["order"]`` is
        the list of character names, first to act first, and whose ``lines``
        say why (scores and tie-breaks); ``data`` may add ``turns`` and
        ``each_round`` for the conflict tracker
        (:class:`~rolecli.contract.InitiativeData` says what each means).
        Where ``ctx.record`` is false and it gives ``turns``, the order may be
        left out: only the log's summary reads it.

    ``firstresult``: the first non-``None`` result is used.
    """


@hookspec(firstresult=True)
def rolecli_odds(action: Action, ctx: Context) -> Odds | None:
    """Compute the exact odds of an action, without rolling.

    :param action: A verb declared with ``odds=True`` and its parameters, as
        for :func:`rolecli_resolve`.
    :param ctx: Language and rule options; ``ctx.dice`` must not be used.
    :return: An :class:`~rolecli.contract.Odds` with the exact probability
        (a :class:`fractions.Fraction`) of success and of every degree of
        success the system has.

    ``firstresult``: the first non-``None`` result is used.
    """


@hookspec(firstresult=True)
def rolecli_status(character: Character, ctx: Context) -> Status | None:
    """Say whether a character can act now, and which conditions it has.

    Called before a verb whose actor is a campaign character, for every
    character entering initiative or a conflict, and by ``character show``.
    A character that cannot act is refused as an actor (one line giving
    :attr:`~rolecli.contract.Status.why`, exit code 2, nothing written) unless
    the game master passes ``--force``, and is left out of initiative.

    :param character: The character, with its current state.
    :param ctx: Language and rule options (``ctx.dice`` must not be used:
        asking changes nothing and rolls nothing).
    :return: A :class:`~rolecli.contract.Status`; ``None`` means the system has
        nothing to say, and the character can act with no conditions.

    An encounter asks again whenever a character's state changes. A system
    whose answer depends only on the sheet, the state and the rule options
    says so with ``SystemInfo(status_from_state=True)``: an encounter's plays
    (a simulation's thousands of trials) then ask once for each state they meet.

    ``firstresult``: the first non-``None`` result is used. Added in contract 2.
    """


@hookspec
def rolecli_commands() -> "typer.Typer | None":  # noqa: F821  (typer belongs to the command layer)
    """Add commands of the plugin's own to rolecli: a character generator, a
    tracker, a tool the system needs beside its verbs.

    Called once on every active plugin, and only when a command line names a
    command that is not a core one (``rolecli roll 2d6`` never calls it), or
    asks for the list of commands (``--help``, ``rolecli plugins``).

    :return: A ``typer.Typer`` holding the commands (``@app.command()``, and
        groups with ``app.add_typer``), or ``None``. Each command is
        ``rolecli <plugin> <command>``, where ``<plugin>`` is the plugin's
        system (its commands join its verbs: ``rolecli blades chart``) or, for
        a plugin that declares none, its entry-point name; and also
        ``rolecli <command>`` when no core command, system, verb of an
        installed system or other plugin's command has that name. A command
        named like one of the plugin's own verbs is left out. A command ends
        with ``return`` (an int is its exit code) or ``raise typer.Exit(code)``;
        it refuses bad input with :class:`~rolecli.contract.Refused` (one line,
        exit code 2). ``rolecli plugins`` lists each plugin's commands.

    Returned rather than registered on the core's command group (as llm's
    ``register_commands(cli)`` does) so that the core decides where each
    command goes (no plugin can take or replace a core command or a system),
    checks what it was given, and builds it only when it is needed. A hook
    that raises, or returns anything but a ``typer.Typer`` or ``None``, or
    commands typer cannot build, costs one warning line: the plugin's system
    still works, its commands are left out. An exception raised while one of
    its commands runs (``sys.exit()`` included) is the plugin's failure: one
    line naming it, exit code 4.

    Not ``firstresult``: every plugin answers. Added in contract 3.
    """
