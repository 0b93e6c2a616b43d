import pytest
from django.utils import translation
from matches.recording import wording
from tests.recording import round7 as r7

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]
LEFT = set()
SP = set()


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7])
def test_probe(n, monkeypatch):
    orig = wording.dice_reason

    def spy(reason):
        out = orig(reason)
        if out == reason:
            LEFT.add(reason)
        return out

    monkeypatch.setattr(wording, "dice_reason", spy)
    from matches.recording import selectors

    o = selectors.options_payload

    def spy2(game, unit):
        found = o(game, unit)
        for sp in found["spells"]:
            if sp["refused"]:
                SP.add(
                    (
                        sp["name"],
                        sp["rule"],
                        sp["refused_key"],
                        sp["refused"][:90],
                        sp["reason"][:60],
                    )
                )
        return found

    monkeypatch.setattr(selectors, "options_payload", spy2)
    lines = r7.GAMES[n]()
    world, arena = r7.round7_world(lines)
    rec = r7.start(world, arena, lines[0])
    ev = r7.events_of(lines)
    with translation.override("fr"):
        try:
            r7.play(world, rec, ev)
        except Exception as x:
            print("\nERR", n, type(x).__name__, str(x)[:300])
    print("\nLEFT", n, sorted(LEFT))
    if n == 7:
        for x in sorted(SP, key=str):
            print("SP", x)
