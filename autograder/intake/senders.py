"""Who sent a file: the student a path names (names are never trusted as paths).

Moodle's "Download all submissions" names every entry after a prefix "<name>_<number>". Moodle
replaces every "_" of the name by " " before clean_filename (mod/assign/classes/downloader.php
get_student_prefix; before 4.1 mod/assign/locallib.php assign::download_submissions), so the name
holds no "_" and the first "_<digits>_assignsubmission_<plugin>" after it is Moodle's own: a file
name chosen by the student comes after it and cannot move it. clean_filename (lib/moodlelib.php,
PARAM_FILE) drops control characters and & < > " ` | ' : \\ /, and keeps Cyrillic.

- The forms of MOODLE_FORMS each come from one place of Moodle's source (see there). The number
  is the participant id, keyed as the student (a display name repeats, and is kept for people).
  One id under two display names is refused (identity-conflict).
- Team submissions since 4.1 are named after the group, "<group>_<group id>": the number is no
  participant id, so with `teams` (or when the download holds Moodle's default group) such a row
  gets a key of its own, a note and the flag moodle-team, and never a participant id.
- Blind marking writes get_string('participant', 'assign') as the name: kept as "<that> <id>".
- Only the file plugin's entries are graded: online text and its images are kept out with a note.
- A name that looks like Moodle's (it holds "_assignsubmission_") but matches no form is reported
  with the forms it should have had: a folder is graded under its own name (flag moodle-name), a
  file outside any folder has no student (unknown-student).
- Any other folder is a student keyed by its name, made safe for paths. Two folders (or a folder
  and a Moodle id) that would give one key both get a suffix made from their exact names.
- System files are skipped and counted in a note: __MACOSX and .ipynb_checkpoints folders,
  AppleDouble "._*" files, .DS_Store, Thumbs.db, desktop.ini. Other hidden files are files.
"""
import re
from dataclasses import dataclass

from autograder.intake.files import Found

_PREFIX = r"(?P<name>[^_]*)_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z][a-z0-9]*)"
MOODLE_FORMS = {  # fullmatch on a folder name (folder forms) or a file name (flat form)
    # mod/assign/classes/downloader.php load_submissionplugin_filelist, Moodle 4.1+, folders (the default):
    # clean_filename($prefix . '_' . $subtype . '_' . $type) . $file->get_filepath() . $zipfilename
    "folder (Moodle 4.1+)": re.compile(_PREFIX),
    # mod/assign/locallib.php assign::download_submissions, Moodle 3.1-4.0, folders:
    # clean_filename($prefix . '_' . $subtype . '_' . $type . '_') . $file->get_filepath() . $zipfilename
    "folder (Moodle 3.1-4.0)": re.compile(_PREFIX + "_"),
    # both of them with "Download submissions in folders" off (and Moodle 3.0's only form):
    # clean_filename($prefix . '_' . $subtype . '_' . $type . '_' . $zipfilename)
    "flat": re.compile(_PREFIX + r"_(?P<file>.+)", re.S),
}
EXPECTED = ("'<full name>_<participant id>_assignsubmission_file' (a folder, Moodle 4.1+), "
            "'<full name>_<participant id>_assignsubmission_file_' (a folder, Moodle 3.1-4.0) or "
            "'<full name>_<participant id>_assignsubmission_file_<file>' (no folders)")
# downloader.php get_student_prefix: a team without a group is get_string('defaultteam', 'assign'), no number
DEFAULT_TEAMS = ("Default group",  # mod/assign/lang/en/assign.php $string['defaultteam']
                 "Группа по умолчанию")  # Russian language pack, assign.php $string['defaultteam']
DEFAULT_TEAM = re.compile(r"(?P<name>[^_]*)_assignsubmission_(?P<plugin>[a-z][a-z0-9]*)(?:_(?P<file>.+))?", re.S)
# downloader.php get_student_prefix: blind marking names everyone get_string('participant', 'assign')
PARTICIPANT = ("Participant",  # mod/assign/lang/en/assign.php $string['participant']
               "Участник")  # Russian language pack, assign.php $string['participant']


def safe_student(name: str) -> str:
    """A student key usable as a folder name and a gradebook key."""
    name = re.sub(r"[^\w.@+-]+", "_", name.strip(), flags=re.UNICODE).strip("._")
    return name or "unknown"


@dataclass
class Sender:
    origin: str  # what tells two senders apart: "moodle:<id>", "team:<id>", "folder:<name>" or "file:<path>"
    key: str
    display: str
    status: str = "ok"
    reason: str = ""
    lms_id: str = ""  # the Moodle participant id, only when the name gives one
    plugin: str = "file"  # the Moodle submission plugin the entry belongs to
    flag: str = ""  # moodle-team, moodle-name
    note: str = ""


def default_team(name: str) -> re.Match | None:
    match = DEFAULT_TEAM.fullmatch(name)
    return match if match and match["name"] in DEFAULT_TEAMS else None


def moodle_name(name: str, folder: bool) -> tuple[str, re.Match] | None:
    """(the form, its match) of a Moodle folder or file name, or None."""
    for form, pattern in MOODLE_FORMS.items():
        if form.startswith("folder") == folder and (match := pattern.fullmatch(name)):
            return form, match
    return None


def from_moodle(form: str, match: re.Match, teams: bool) -> Sender:
    number, name = match["id"], match["name"]
    if teams and form != "folder (Moodle 3.1-4.0)":  # before 4.1 each member's own prefix held a participant id
        return Sender(f"team:{number}", f"team-{number}", name, plugin=match["plugin"], flag="moodle-team",
                      note=f"team submission: {number} in {match.group(0)!r} is the Moodle group id of "
                           f"{name!r}, not a participant id: no worksheet row; grade the group in Moodle")
    display = f"{name} {number}" if name in PARTICIPANT else name  # blind marking
    return Sender(f"moodle:{number}", number, display, lms_id=number, plugin=match["plugin"])


def sender(parts: list[str], teams: bool = False) -> tuple[Sender, str]:
    """(who sent the file at parts, the file's name inside their submission).

    teams: the download is of a team assignment (its numbers since 4.1 are group ids)."""
    top, folder = parts[0], len(parts) >= 2
    inner = "/".join(parts[1:]) if folder else top
    if (team := default_team(top)) and (folder or team["file"]):
        return Sender("team:default", "team-default", team["name"], plugin=team["plugin"], flag="moodle-team",
                      note=f"team submission of the students in no group ({team['name']!r}): Moodle gives it "
                           f"no id: no worksheet row; grade them in Moodle"), inner if folder else team["file"]
    if found := moodle_name(top, folder):
        form, match = found
        return from_moodle(form, match, teams), inner if folder else match["file"]
    looks = "_assignsubmission_" in top
    unread = (f"{top!r} looks like a Moodle download's name but matches none of its forms: expected {EXPECTED}"
              if looks else "")
    if folder:
        return Sender(f"folder:{top}", safe_student(top), top, flag="moodle-name" if looks else "", note=unread), inner
    return Sender(f"file:{top}", "unknown", "", "unknown-student",
                  unread or "a file outside any student folder: no student can be told from it"), top


def is_moodle(name: str) -> bool:
    return bool(moodle_name(name, True) or moodle_name(name, False) or default_team(name))


def drop_top_folder(found: list[Found]) -> None:
    """One common top folder holding student folders ("export/alice/...") or Moodle's entries: dropped,
    unless it is a Moodle one."""
    real = [f for f in found if not f.junk]
    tops = {f.parts[0] for f in real}
    if len(tops) != 1 or is_moodle(next(iter(tops))):
        return
    if all(len(f.parts) > 2 or (len(f.parts) == 2 and is_moodle(f.parts[1])) for f in real):
        for f in found:
            if f.parts[0] in tops and len(f.parts) > 1:
                f.parts = f.parts[1:]


def uses_teams(found: list[Found]) -> bool:
    """Whether a download holds Moodle's default group, which only team assignments have."""
    return any(default_team(f.parts[0]) for f in found if not f.junk)
