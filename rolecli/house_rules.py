"""The house rules a campaign switches on: the core's own key of a campaign's
``[rules]``, which no system may declare (:mod:`rolecli.declarations`), read
and checked with the system's rule options (:mod:`rolecli.campaign.validate`),
and which joins the opt-in house rules it names to a system's hook calls
(:mod:`rolecli.plugins`)."""

from rolecli.contract import Label, RuleOption

HOUSE_KEY = "house"
HOUSE_OPTION = RuleOption(HOUSE_KEY, (), Label("Reglas de la casa activadas en esta campaña.",
                                               "House rules switched on in this campaign."))
