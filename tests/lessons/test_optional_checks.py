"""Optional checks a student runs where grading never does: on a busy laptop, or in a CPU-capped container."""
from autograder.course import Course
from tests.lessons.mutants import Mutant
from tests.lessons.self_check_kills import caught, lesson_checks

# A busy or CPU-capped machine wakes a sleeper late: here the one range that sleeps 80 ms wakes 100 ms late.
LATE_WAKER = ("import time as _time\n_sleep = _time.sleep\n"
              "_time.sleep = lambda seconds: _sleep(seconds + 0.1 if seconds >= 0.07 else seconds)\n")


def test_the_optional_check_of_top_ops_passes_a_right_answer_on_a_machine_that_wakes_late_and_fails_a_wrong_one(
        tmp_path):
    checks = lesson_checks("05_gpu_speed_and_memory", Course())
    checks.setup.append(LATE_WAKER)
    by_total = Mutant("top_ops: total time, children included", "top_ops",
                      checks.solutions["top_ops"].replace("row.self_cpu_time_total", "row.cpu_time_total"))
    assert by_total.source != checks.solutions["top_ops"]
    # caught() first runs every check of top_ops on the solution, and stops if one fails
    assert caught(checks, [by_total], timeout=60, cwd=tmp_path) == {by_total.id: "self_check"}
