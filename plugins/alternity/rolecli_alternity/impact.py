"""The ``impact`` verb: falls and collisions (002-R29)."""

from __future__ import annotations

from rolecli.contract import Action, Context, Label, Outcome, Refused

from . import damage as D
from . import labels as L
from .check import RANK, roll_check
from .hits import take_hit
from .last_resort import spend, spent_state
from .sheet import find_skill, kept_state
from .situation import prepare
from .steps import GRAVITY


FALL = ("Acrobacias-caída", "Acrobatics-fall")


def do_impact(action: Action, ctx: Context) -> Outcome:
    """002-R29: the category of a fall or collision, the Acrobatics-fall check (a DEX feat
    check without the specialty) and, Table P15 being missing, the GM's damage by degree."""
    p = action.params
    lang = ctx.lang
    actor = action.actor
    height, kmh = p.get("height"), p.get("kmh")
    gravity = p.get("gravity") or "normal"
    if (height is None) == (kmh is None):
        raise Refused(Label("da la altura de la caída (--height, metros) o la velocidad de la colisión (--kmh), una de las dos.",
                            "give the fall's height (--height, metres) or the collision's speed (--kmh), one of the two."))
    if gravity == "zero" and height is not None:
        raise Refused(Label("en gravedad cero nada cae: una colisión se da con --kmh.",
                            "nothing falls in zero gravity: give a collision with --kmh."))
    entries = D.parse_impact_rating(p["damage"]) if p.get("damage") else None
    cat = D.impact_category(height, kmh, gravity)
    base_cat = D.impact_category(height, kmh)
    if height is not None:
        lines = [Label(f"Caída de {height:g} m (002-R29): categoría {base_cat} ({D.IMPACT_BANDS[base_cat][2](lang)}, "
                          f"{D.IMPACT_BANDS[base_cat][0]}).",
                       f"Fall of {height:g} m (002-R29): category {base_cat} ({D.IMPACT_BANDS[base_cat][2](lang)}, "
                    f"{D.IMPACT_BANDS[base_cat][0]}).")(lang)]
        if gravity in ("light", "heavy"):
            es, en = ("Gravedad más ligera: una categoría más corta", "Lighter gravity: one category shorter") \
                if gravity == "light" else ("Gravedad más pesada: una categoría más larga", "Heavier gravity: one category longer")
            if cat == base_cat:
                es, en = es + f" ({cat} ya es la " + ("más corta)" if gravity == "light" else "más larga)"), \
                    en + f" ({cat} is already the " + ("shortest)" if gravity == "light" else "longest)")
            lines.append(Label(f"{es}: {base_cat} → {cat}.", f"{en}: {base_cat} → {cat}.")(lang))
    else:
        band = D.IMPACT_BANDS[cat][1]
        lines = [Label(f"Colisión a {kmh:g} km/h (002-R29): categoría {cat} ({band}).",
                       f"Collision at {kmh:g} km/h (002-R29): category {cat} ({band}).")(lang)]
        if gravity != "normal":
            lines.append(Label("La gravedad no cambia la categoría de una colisión (la nota del libro habla de caídas).",
                               "Gravity does not change a collision's category (the book's note speaks of falls).")(lang))
    q = {k: p.get(k) for k in ("steps", "situation", "kind", "base")}
    if gravity in GRAVITY:
        q["gravity"] = gravity          # 002-R43: a physical action in light or zero gravity
    score_text = p.get("score")
    if score_text is None and actor is not None:
        score, kind, name = find_skill(actor, FALL, "DES")
        if kind == "untrained":
            kind = "feat"               # without the fall specialty: a DEX feat check (002-R29)
        if (p.get("kind") or "auto") != "auto":
            kind = p["kind"]
        prep = prepare(q, ctx, actor, str(score), kind=kind, name=name)
        if name not in FALL:
            lines.append(Label(f"{actor.name} no tiene Acrobacias-caída: tirada de proeza de Destreza (002-R29).",
                               f"{actor.name} has no Acrobatics-fall: a Dexterity feat check (002-R29).")(lang))
    else:
        prep = prepare(q, ctx, actor, score_text)
    res = roll_check(ctx, prep.score, prep.rung, Label("impacto", "impact")(lang), too_hard=bool(p.get("too_hard")))
    lines += [prep.line(lang), res.line(lang)]
    key, pts, spent_line = spend(p.get("last_resort", "no"), res.degree, actor, ctx)
    if spent_line:
        lines.append(spent_line)
    data = res.as_json(prep.json)
    data.update(height=height, kmh=kmh, gravity=gravity, category=cat, degree=key, rolled_degree=res.degree,
                success=RANK[key] >= RANK["ordinary"], last_resorts_spent=pts, damage=None, table="P15 missing")
    out = Outcome(data, lines, success=data["success"])
    if actor is not None and (pts or res.bad_luck):
        out.changes[actor.name] = spent_state(actor, pts, res.bad_luck)
    deg = L.degree(key, lang)
    if entries is None:
        lines.append(Label(f"Impacto {cat}, grado {deg}. Falta la Tabla P15 (daño por categoría y grado): el DJ da el "
                              "daño con --damage o lo aplica con el verbo damage.",
                           f"Impact {cat}, degree {deg}. Table P15 (damage by category and degree) is missing: the GM gives "
                        "the damage with --damage or applies it with the damage verb.")(lang))
        return out
    entry = D.pick_impact(entries, key)
    if entry is None:
        data["damage_missing"] = True
        lines.append(Label(f"Impacto {cat}, grado {deg}: el daño {p['damage']} no da entrada para un {deg} (tres entradas: "
                              "Ordinario/Bueno/Asombroso). Falta la Tabla P15: el DJ decide (da cuatro entradas, "
                              "Fracaso/…, o aplica el daño con damage).",
                           f"Impact {cat}, degree {deg}: the damage {p['damage']} has no entry for a {deg} (three entries: "
                        "Ordinary/Good/Amazing). Table P15 is missing: the GM decides (give four entries, Failure/…, "
                        "or apply the damage with damage).")(lang))
        return out
    amount, data["damage"] = D.roll_record(ctx, entry)
    lines.append(Label(f"Impacto {cat}, grado {deg}; daño del DJ (falta la Tabla P15): {entry.text} = {amount} de "
                          f"{L.track(entry.track, lang)}.",
                       f"Impact {cat}, degree {deg}; the GM's damage (Table P15 is missing): {entry.text} = {amount} "
                    f"{L.track(entry.track, lang)}.")(lang))
    if actor is not None:
        spent = out.changes.get(actor.name) or {}
        st, rep, more = take_hit(actor, {**kept_state(actor), **spent}, entry.track, amount, ctx)
        out.changes[actor.name] = st
        lines.extend(more)
        data["report"], data["state"] = rep, st
    return out
