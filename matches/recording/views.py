"""The scoresheet page: the set-up form before the game, then the board the phones tap.

The board itself is drawn and driven by `static/js/recording.js` from the API's JSON; this view
only renders the shell (and the set-up, which works without JavaScript).
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from kernel.errors import ServiceError
from kernel.ids import parse_id
from live import topics
from matches import selectors as match_selectors
from matches.recording import selectors, services, setup
from rules.catalog import selectors as catalog_selectors


def recording_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(match_selectors.visible_matches(request.user), pk=pk)
    who = selectors.viewer(request.user, match)
    error, status = None, 200
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if request.method == "POST":
        arena = request.POST.get("arena")
        try:
            services.start(
                match,
                by=request.user,
                arena_id=parse_id(arena) if arena else None,
                first=request.POST.get("first_player") or None,
                ties=_posted_ties(request),
            )
            return redirect("matches:recording", pk=pk)
        except ServiceError as refused:  # shown on the page, with its status (403, 409, 400)
            error, status = refused.reason, refused.status
    recording = selectors.recording_of(match)
    context = {
        "match": match,
        "event": match.round.event,
        "who": who,
        "recording": recording,
        "error": error,
        "can_start": who.may("recording.start"),
        "live_topic": topics.recording(match.pk),
    }
    if recording is None:
        info = setup.setup_of(match)
        context["setup"] = info
        context["first_choice"] = info.first_player is None and info.ready
        context["names"] = _team_names(info)
        context["tie_choices"] = [
            (side, index, setup.tie_orders(group))
            for side, groups in info.ties.items()
            for index, group in enumerate(groups)
        ]
    context["strings"] = _strings()
    return render(request, "matches/recording/page.html", context, status=status)


def _posted_ties(request: HttpRequest) -> dict[str, list[list[str]]]:
    """`ties-A-0=A2,A1`: side A's first tie group in the order chosen."""
    found: dict[str, list[list[str]]] = {}
    for side in ("A", "B"):
        groups = []
        index = 0
        while f"ties-{side}-{index}" in request.POST:
            groups.append([u for u in request.POST[f"ties-{side}-{index}"].split(",") if u])
            index += 1
        if groups:
            found[side] = groups
    return found


def _team_names(info: setup.SetupInfo) -> dict[str, list[str]]:
    if not info.ready or info.release is None:
        return {}
    catalog = catalog_selectors.log_catalog(info.release)
    return {
        side: [
            catalog[e["profile"]].name + (f" ({e['label']})" if e.get("label") else "")
            for e in entries
        ]
        for side, entries in info.teams.items()
    }


def _strings() -> dict[str, str]:
    """The page script's words, translated here (the script has no catalogue of its own)."""
    return {
        "turn": _("Turn"),
        "player": _("Player"),
        "wild": _("wild GG"),
        "record": _("Record"),
        "cancel": _("Cancel"),
        "undo": _("Undo my last action"),
        "end_turn": _("End the turn"),
        "activate": _("Start the turn of"),
        "place": _("Tap a start cell to place"),
        "tension": _("Roll for Tension: enter the 2 dice"),
        "tension_roll": _("Tension"),
        "why": _("why"),
        "moves": _("Tap a green cell to move"),
        "spells": _("Spells"),
        "pick_kama": _("Pick up Kamas"),
        "buy_gg": _("Buy a GG"),
        "buy_reward": _("Buy a Demonic Reward"),
        "reveal": _("Reveal"),
        "refused": _("Refused"),
        "rule": _("rule"),
        "nothing_recorded": _("nothing was recorded"),
        "stale": _("Another device recorded first; the board is up to date again."),
        "read_only": _("You follow this game read-only."),
        "not_your_turn": _("Waiting for the other phone."),
        "inspire": _("Inspire with die"),
        "on": _("on"),
        "game_over": _("Game over"),
        "log": _("Match log"),
        "accept": _("Accept this result"),
        "accepted": _("Accepted."),
        "replay": _("Replay"),
        "concede": _("Concede"),
        "time": _("Time is called"),
        "history": _("History"),
        "outcome": _("What happened"),
        "english_only": _("No French text in the catalog: shown in English"),
        "select_target": _("Tap a target cell"),
        "direction": _("Direction"),
        "rank": _("Rank"),
        "kind": _("Kind"),
        "give_to": _("Give to"),
        "face_up": _("Face up"),
        "no_dice": _("no dice to roll"),
        "resolve": _("Resolve"),
        "correct": _("Correct: go back to after action"),
        "confirm_correction": _("Confirm the correction"),
        "block": _("Block roll before leaving"),
        "lock": _("Lock"),
        "dodge": _("Dodge"),
        "critical": _("Critical"),
        "armour": _("Armour"),
        "die": _("die"),
        "critical_dodge": _("Critical/Dodge"),
        "dofus": _("Dofus"),
        "level": _("Level"),
        "judge_short": _("Judge"),
        "error": _("Something went wrong"),
        "whole_board": _("Whole board"),
        "tap_size": _("Cells to tap"),
        "kind_undo": _("undo of"),
        "kind_rewind": _("correction: back to after"),
        "boost": _("Boost"),
        "buff": _("Buff"),
        "equipment": _("Equipment"),
        "granite": _("Granite"),
        "jade": _("Jade"),
        "silver": _("Silver"),
        "north": _("north"),
        "south": _("south"),
        "east": _("east"),
        "west": _("west"),
        "left": _("left"),
        "right": _("right"),
        "valid": _("valid"),
        "invalid": _("invalid"),
        "mismatch": _("mismatch"),
        "incomplete": _("incomplete"),
        "unsupported": _("unsupported"),
        "ap": _("AP"),
        "mp": _("MP"),
        "gg": _("GG"),
        "range_melee": _("melee"),
        "range_self": _("self"),
        "queued": _("waiting to be verified"),
        "running": _("being verified"),
        "unreadable": _("unreadable"),
        "coin": _("coin"),
        "coin_why": _("the spell plays heads or tails: toss the coin, then tap the side that fell"),
        "chosen": _("Chosen"),
        "choice_tap": _("Tap it on the board (marked) or below."),
        "choice_effect_ap": _("AP"),
        "choice_effect_mp": _("MP"),
        "choice_effect_push": _("Pushes 1"),
        "choice_effect_damage": _("+1 damage"),
        "choice_coin_heads": _("heads"),
        "choice_coin_tails": _("tails"),
        "choice_marker_ap": _("-1 AP marker"),
        "choice_marker_mp": _("-1 MP marker"),
        "heads": _("heads"),
        "tails": _("tails"),
        "order_again": _("Choose again"),
        "reroll": _("A die failed: enter the reroll (Ecaflip's Second Chance, 1.6)"),
    }
