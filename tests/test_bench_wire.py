"""The load test's visitor without a browser (gamelib/bench/wire.py) finds the buttons a page shows
as the page does: from its root widgets down the children of shown boxes, skipping hidden layouts
and disabled buttons; and reads the status line's decision count. (Against a real Voila: in
tests/browser/test_serving.py.)"""
from __future__ import annotations

from gamelib.bench.wire import WirePage


def _page() -> WirePage:
    page = WirePage("http://127.0.0.1:1/", roots=["root"])
    page.models = {
        "root": {"_model_name": "VBoxModel", "children": ["IPY_MODEL_shown", "IPY_MODEL_box", "IPY_MODEL_off"],
                 "layout": "IPY_MODEL_l0"},
        "l0": {"_model_name": "LayoutModel"},
        "shown": {"_model_name": "ButtonModel", "_dom_classes": ["gl-action"], "layout": "IPY_MODEL_l0"},
        "off": {"_model_name": "ButtonModel", "_dom_classes": ["gl-action"], "disabled": True},
        "box": {"_model_name": "HBoxModel", "children": ["IPY_MODEL_inside"], "layout": "IPY_MODEL_hidden"},
        "hidden": {"_model_name": "LayoutModel", "display": "none"},
        "inside": {"_model_name": "ButtonModel", "_dom_classes": ["gl-action"]},
        "elsewhere": {"_model_name": "ButtonModel", "_dom_classes": ["gl-action"]},  # on no root's tree
        "status": {"_model_name": "HTMLModel",
                   "value": '<span class="gl-ply" data-ply="4" data-total="9" data-over="0" data-game="2">x</span>'},
    }
    return page


def test_only_the_buttons_a_page_shows_are_clicked():
    page = _page()
    assert page.buttons("gl-action") == ["shown"]
    page.models["hidden"]["display"] = ""
    assert page.buttons("gl-action") == ["shown", "inside"]


def test_the_status_line_and_the_kernels_updates():
    page = _page()
    assert page.status() == {"ply": "4", "total": "9", "over": "0", "game": "2"}
    page.take({"msg_type": "comm_msg", "content": {"comm_id": "status", "data": {"method": "update", "state": {
        "value": '<span class="gl-ply" data-ply="5" data-total="9" data-over="1" data-game="2">y</span>'}}}})
    assert page.status()["ply"] == "5" and page.status()["over"] == "1"
    page.take({"msg_type": "comm_open", "content": {"comm_id": "new", "data": {"state": {"_model_name": "ButtonModel"}}}})
    assert page.models["new"] == {"_model_name": "ButtonModel"}
