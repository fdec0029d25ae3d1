"""OUT/pulled, what `make pull` writes (autograder.moodle.pull plans it): each lesson's submissions in the folders of
Moodle 4.x's "Download all submissions", OUT/pulled/pulled.json (which lessons are team assignments: intake reads
it, autograder.intake.receive), and OUT/.autograde/pull/<lesson>.json, what was pulled of each submission.

Executing a plan fetches each file from webservice/pluginfile.php (the token in the POST body) into
OUT/.autograde/pull/staging/, copies instead a file that an earlier pull holds, puts a submission in place of its
folder only once it is whole, and then records it. A pull stopped half-way (the network, a kill) completes with the
same command, and no file is fetched twice. A pulled submission is never deleted, only replaced by a newer one.
"""
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from autograder.intake.receive import MANIFEST, PULLED
from autograder.moodle.client import Client, MoodleError
from autograder.state import RunState, write_atomic

PULLING = ("new", "changed")


@dataclass
class File:
    path: str  # inside the submission's folder
    size: int
    modified: int  # Moodle's timemodified of the file
    url: str


@dataclass
class Entry:
    """One submission's line of the plan."""
    key: str  # the download's number: the participant id, team-<group id> or team-default
    name: str
    folder: str  # the download's folder: "<name>_<number>_assignsubmission_file"
    status: str  # Moodle's: submitted, draft, new, reopened
    modified: int  # Moodle's timemodified of the submission
    files: list[File]
    action: str  # "new", "changed", "same", "draft" (listed, not pulled) or "skip"
    why: str = ""
    to_fetch: int = 0  # files that no earlier pull holds
    fetched: int = 0


@dataclass
class Lesson:
    name: str
    cmid: int
    assignment: dict  # mod_assign_get_assignments' assignment
    entries: list[Entry] = field(default_factory=list)
    unsubmitted: list[str] = field(default_factory=list)  # status new or reopened: nothing submitted yet
    pulled: list[str] = field(default_factory=list)

    @property
    def teams(self) -> bool:
        return bool(int(self.assignment.get("teamsubmission", 0)))


def read_record(out: Path, lesson: str) -> dict:
    path = RunState(out).pull_record(lesson)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def pulled_before(record: dict, url: str, cmid: int) -> dict:
    """{key: what was pulled} from this site's assignment, else nothing."""
    return record.get("submissions", {}) if (record.get("url"), record.get("cmid")) == (url, cmid) else {}


def write_record(out: Path, lesson: Lesson, url: str, submissions: dict) -> None:
    write_atomic(RunState(out).pull_record(lesson.name), json.dumps(
        {"url": url, "cmid": lesson.cmid, "assignment": lesson.assignment["id"], "teams": lesson.teams,
         "submissions": submissions}, indent=1, sort_keys=True))


def present(path: Path, file: File) -> bool:
    """Whether `path` holds that file already (its size, and Moodle's time, which the pull gives each file)."""
    try:
        info = path.stat()
    except OSError:
        return False
    return info.st_size == file.size and int(info.st_mtime) == file.modified


def listed(entry: Entry) -> dict[str, list[int]]:
    return {f.path: [f.size, f.modified] for f in entry.files}


def execute(out: Path, client: Client, plans: list[Lesson]) -> None:
    """Do the plan; each lesson's `pulled` says what was pulled. MoodleError stops it (what was pulled before it
    stays pulled and recorded)."""
    out = Path(out)
    for lesson in plans:
        write_manifest(out / PULLED, lesson)
        staging = RunState(out).pull_staging(lesson.name)
        wanted = {f"{e.key}-{e.modified}" for e in lesson.entries if e.action in PULLING}
        for stale in (staging.iterdir() if staging.exists() else ()):
            if stale.name not in wanted:  # a version that was superseded before it was whole
                shutil.rmtree(stale)
        record = pulled_before(read_record(out, lesson.name), client.url, lesson.cmid)
        for entry in (e for e in lesson.entries if e.action in PULLING):
            work = staging / f"{entry.key}-{entry.modified}"
            pull_one(client, out / PULLED / lesson.name, work, entry, record.get(entry.key, {}).get("folder", ""))
            record[entry.key] = {"folder": entry.folder, "modified": entry.modified, "status": entry.status,
                                 "name": entry.name, "files": listed(entry)}
            write_record(out, lesson, client.url, record)
            shutil.rmtree(work)
            lesson.pulled.append(entry.key)


def pull_one(client: Client, lesson_folder: Path, work: Path, entry: Entry, before: str) -> None:
    """The submission whole in `work`, then in place of its folder (and of its folder under a former name)."""
    target = work / entry.folder
    current = [lesson_folder / name for name in dict.fromkeys((entry.folder, before)) if name]
    for file in entry.files:
        path = target / file.path
        if present(path, file):
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if copy := next((folder / file.path for folder in current if present(folder / file.path, file)), None):
            shutil.copy2(copy, path)
            continue
        part = path.with_name(path.name + ".part")
        size = client.fetch(file.url, part)
        if size != file.size:
            part.unlink()
            raise MoodleError(f"download: Moodle sent {size} bytes of {entry.folder}/{file.path} where its list "
                              f"said {file.size}: the student changed the submission during the pull; run the same "
                              f"command again")
        os.utime(part, (file.modified, file.modified))
        os.replace(part, path)
        entry.fetched += 1
    lesson_folder.mkdir(parents=True, exist_ok=True)
    aside = work / "replaced"  # no folder of the download is named so: they all end in _assignsubmission_file
    shutil.rmtree(aside, ignore_errors=True)
    aside.mkdir()
    for folder in current:
        if folder.exists():
            os.replace(folder, aside / folder.name)
    os.replace(target, lesson_folder / entry.folder)


def write_manifest(root: Path, lesson: Lesson) -> None:
    """OUT/pulled/pulled.json: which of its lessons are team assignments (autograder.intake.receive reads it)."""
    path = root / MANIFEST
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"lessons": {}}
    data["lessons"][lesson.name] = {"teams": lesson.teams, "cmid": lesson.cmid}
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True))
