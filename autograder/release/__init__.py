"""`make release`: every lesson source becomes its student and solution notebooks (lessons/, solutions/),
the gradebook and the judges' file in build/ (proven against the reference solution), and the
student repository in build/student/; a whole release is stamped (stamp.py)."""
import shutil
from pathlib import Path

from autograder.course import LANGS, Course, isolate_jupyter, schema_in_process
from autograder.release import notebooks, reference, stamp, student_repo


def release(course: Course = Course(), only: list[str] | None = None) -> list[Path]:
    """Regenerate the lesson and solution notebooks (all, or `only` these) under course.out_root."""
    isolate_jupyter()  # the reference solutions run in kernels
    schema_in_process()  # a gradebook per language
    (course.build / stamp.NAME).unlink(missing_ok=True)
    if only is None:
        for lang in LANGS:
            shutil.rmtree(course.build / lang, ignore_errors=True)
    written = []
    for assignment in only or course.assignments():
        for lang in LANGS:
            student_nb, solution_nb = notebooks.generate(course, assignment, lang)
            for folder, nb in (("lessons", student_nb), ("solutions", solution_nb)):
                path = course.out_root / folder / lang / f"{assignment}.ipynb"
                notebooks.write(nb, path)
                written.append(path)
        reference.build(course, assignment)
    student_repo.build(course)
    if only is None:
        stamp.write(course, written)
    return written
