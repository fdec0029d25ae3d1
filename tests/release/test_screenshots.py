"""`make screenshots` on one lesson: the first screen of its student notebook in each language, as a PNG."""
import os
import struct

import pytest

from autograder.course import LANGS
from autograder.release import screenshots


def test_the_first_screen_of_a_lesson_is_shot_in_each_language(tmp_path):
    if not os.path.exists(screenshots.CHROMIUM):
        if os.environ.get("AUTOGRADER_REQUIRE_BROWSER") == "1":
            pytest.fail(f"a browser is required (AUTOGRADER_REQUIRE_BROWSER=1) but {screenshots.CHROMIUM} is missing")
        pytest.skip(f"{screenshots.CHROMIUM} is missing (apt-get install chromium): the screenshots need it")
    written = screenshots.main(["03_logic_neurons"], out=tmp_path)
    assert written == [tmp_path / f"03_logic_neurons.{lang}.png" for lang in LANGS]
    for png in written:
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (1280, 900)  # IHDR: the window's width and height
        assert len(data) > 20_000, "a blank page would compress to a few kilobytes"
