"""One submitted file as intake made it: who sent it, which lesson it is, and what intake found in it.

Intake makes the record (autograder.intake.receive) and nothing after it changes it: the job, the
result, the gradebook and every output hold it by reference and keep their own findings beside it.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Submission:
    student: str  # the key: folder name made safe, or a Moodle participant id
    assignment: str  # "" when not even a guess is possible
    file: str = ""  # the file's name as submitted, for people
    display: str = ""  # the student's name for people (Moodle's display name, or the folder name)
    lms_id: str = ""  # the Moodle participant id, when the file came from a Moodle download
    timestamp: float = 0.0  # when it was submitted (the file's modification time)
    status: str = "ok"  # ok, repaired, or why it cannot be graded (autograder.intake.collect.UNGRADABLE, "error")
    reason: str = ""  # why it cannot be graded
    flags: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    tamper: tuple[str, ...] = ()  # what the scan of its answers found (autograder.intake.tamper)
    release: str = ""  # the version of the release it is graded against

    @property
    def gradable(self) -> bool:
        return self.status in ("ok", "repaired")
