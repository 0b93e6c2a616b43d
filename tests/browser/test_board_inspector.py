"""A judge opens the board inspector and sees one unit's line of sight drawn on the arena."""

import pytest
from playwright.sync_api import Page, expect

from rules.catalog import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_board_with_trees_units_and_visibility_renders(page: Page, live_server, tmp_path):
    arena = services.create_arena(name="Bonta Inspect")
    for cell in ("e5", "f8", "c9"):
        arena = services.paint_cell(arena=arena, cell=cell, tool="tree")
    page.goto(f"{live_server.url}/catalog/arenas/{arena.slug}/inspect/")
    page.get_by_label("Pieces (side:cell:name)").fill("A:c3:Oscar Kass, B:h7:Goultard, B:e7:Tofu*")
    page.get_by_label("Looking from").fill("c3")
    page.get_by_label("Spell range").select_option("ranged")
    page.get_by_label("MIN").fill("1")
    page.get_by_label("MAX").fill("9")
    page.get_by_label("Target").fill("h7")
    page.get_by_role("button", name="Inspect").click()

    expect(page.get_by_text("the Tree on e5 blocks it")).to_be_visible()
    board = page.locator("#inspect-board svg")
    expect(board).to_be_visible()
    expect(board.locator(":scope > title")).to_have_text("Bonta Inspect: seen from c3")
    shot = tmp_path / "inspector.png"
    board.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000, "the board screenshot is suspiciously small"
    box = board.bounding_box()
    assert box is not None and box["width"] > 500 and box["height"] > 500
