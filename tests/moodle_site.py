"""Moodle as its PHP does it, for the tests: what "Download all submissions" names each entry
(mod/assign/classes/downloader.php since 4.1, mod/assign/locallib.php assign::download_submissions
before), what "Download grading worksheet" writes (mod/assign/gradingtable.php, download mode), and
its two importers, "Upload grading worksheet" (mod/assign/feedback/offline/importgradeslib.php and
locallib.php process_import_grades) and "Upload feedback files in a zip"
(mod/assign/feedback/file/importziplib.php is_valid_filename_for_import).

Its strings are copied here from Moodle's language packs on their own, apart from the grader's, so
that a wrong string in autograder/moodle/worksheet.py cannot agree with itself.
"""
import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

# en: lang/en/moodle.php, lang/en/langconfig.php, mod/assign/lang/en/assign.php,
# mod/assign/feedback/comments/lang/en/assignfeedback_comments.php; ru: the same ids in Moodle's Russian pack.
LANG = {
    "en": {"participant": "Participant", "defaultteam": "Default group", "hiddenuser": "Participant ",
           "recordid": "Identifier", "fullname": "Full name", "email": "Email address", "status": "Status",
           "gradenoun": "Grade", "maxgrade": "Maximum grade", "gradecanbechanged": "Grade can be changed",
           "lastmodifiedsubmission": "Last modified (submission)", "lastmodifiedgrade": "Last modified (grade)",
           "comments": "Feedback comments", "submissionstatus_submitted": "Submitted for grading",
           "graded": "Graded", "yes": "Yes", "decsep": "."},
    "ru": {"participant": "Участник", "defaultteam": "Группа по умолчанию", "hiddenuser": "Участник",
           "recordid": "Идентификатор", "fullname": "Полное имя", "email": "Адрес электронной почты",
           "status": "Статус", "gradenoun": "Оценка", "maxgrade": "Максимальная оценка",
           "gradecanbechanged": "Оценка может быть изменена", "lastmodifiedsubmission": "Последнее изменение (ответ)",
           "lastmodifiedgrade": "Последнее изменение (оценка)", "comments": "Отзыв в виде комментария",
           "submissionstatus_submitted": "Отправлено для оценивания", "graded": "Оценено", "yes": "Да",
           "decsep": ","},
}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
RU_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
             "ноября", "декабря"]
RU_DAYS = ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"]


# --- lib/moodlelib.php and PHP's own functions -------------------------------------------------------

def clean_filename(name: str) -> str:
    """clean_param($name, PARAM_FILE): '~[[:cntrl:]]|[&<>"`\\|\\':\\\\/]~u' removed; "." and ".." become ""."""
    name = re.sub(r"[\x00-\x1f\x7f-\x9f&<>\"`|':\\/]", "", name)
    return "" if name in (".", "..") else name


def clean_path(path: str) -> str:
    """clean_param($path, PARAM_PATH): each part cleaned as a file name, repeated "/" and "/./" collapsed."""
    parts = path.replace("\\", "/").split("/")
    path = "/".join(p if (p == "." and i == 0) else clean_filename(p) for i, p in enumerate(parts))
    return re.sub(r"/(\./)+", "/", re.sub(r"//+", "/", path))


def is_numeric(value: str) -> bool:
    """PHP 8's is_numeric on a string: whitespace around, a sign, digits with a point, an exponent."""
    return bool(re.fullmatch(r"\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*", value))


def unformat_float(value: str, decsep: str) -> float | None:
    """unformat_float: spaces dropped, the language's decimal separator made "."; PHP's (float) cast reads the
    longest number at the start ("3,50" is 3.0 on an English site)."""
    value = value.strip()
    if value == "":
        return None
    value = value.replace(" ", "").replace(decsep, ".")
    number = re.match(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", value)
    return float(number.group(0)) if number else 0.0


def strtotime(value: str) -> float | None:
    """PHP's strtotime for the forms a worksheet holds, None (PHP's false) for any other: ISO 8601 with an
    offset, and English userdate() ("Friday, 20 November 2026, 03:30 PM"; a weekday name moves the date on
    to that weekday). Times without an offset are the site's, UTC here. Checked against PHP 8.2's."""
    iso = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d))?\s*(Z|[+-]\d\d:?\d\d)?", value.strip())
    if iso:
        y, mo, d, h, mi, s, zone = iso.groups()
        offset = timedelta()
        if zone and zone != "Z":
            sign = -1 if zone[0] == "-" else 1
            offset = sign * timedelta(hours=int(zone[1:3]), minutes=int(zone[-2:]))
        moment = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s or 0), tzinfo=timezone(offset))
        return moment.timestamp()
    english = re.fullmatch(rf"(?:({'|'.join(DAYS)}),\s*)?(\d{{1,2}}) ({'|'.join(MONTHS)}) (\d{{4}}),? "
                           rf"(\d{{1,2}}):(\d\d)\s*([AP]M)", value.strip())
    if not english:
        return None
    day, d, month, y, h, mi, half = english.groups()
    hour = int(h) % 12 + (12 if half == "PM" else 0)
    moment = datetime(int(y), MONTHS.index(month) + 1, int(d), hour, int(mi), tzinfo=timezone.utc)
    if day:
        moment += timedelta(days=(DAYS.index(day) - moment.weekday()) % 7)
    return moment.timestamp()


def userdate(language: str, moment: datetime) -> str:
    """userdate(): langconfig's strftimedaydatetime, '%A, %d %B %Y, %I:%M %p' (en), '%A, %d %B %Y, %H:%M'
    (ru; the month's name in Russian, whatever its case: strtotime reads none)."""
    if language == "en":
        return f"{DAYS[moment.weekday()]}, {moment:%d} {MONTHS[moment.month - 1]} {moment:%Y, %I:%M %p}"
    return f"{RU_DAYS[moment.weekday()]}, {moment:%d} {RU_MONTHS[moment.month - 1]} {moment:%Y, %H:%M}"


def fputcsv(fields: list[str]) -> str:
    """PHP's fputcsv as OpenSpout calls it (',', '"', no escape): a field with a delimiter, quote, space,
    tab or line break is quoted, quotes doubled; "\\n" ends the line."""
    return ",".join(f'"{f.replace(chr(34), chr(34) * 2)}"' if re.search(r"[,\" \t\r\n]", f) else f
                    for f in fields) + "\n"


# --- "Download all submissions" -------------------------------------------------------------------------

@dataclass
class Student:
    fullname: str
    participant: int  # the assignment's participant id (assign_user_mapping)
    files: dict[str, bytes]  # "/" + the path of each submitted file ("/01_tensors.ipynb", "/sub/x.ipynb")
    onlinetext: str = ""
    group: tuple[str, int] | None = None  # (name, id) of their group in a team assignment


def prefix(student: Student, language: str, era: str, blind: bool, team: bool) -> str:
    """downloader.php get_student_prefix (era "4.1"); locallib.php download_submissions (era "3.1")."""
    name = LANG[language]["participant"] if blind else student.fullname
    if team and era == "4.1":
        if not student.group:
            return clean_filename(LANG[language]["defaultteam"].replace("_", " "))
        return clean_filename(student.group[0].replace("_", " ") + "_" + str(student.group[1]))
    group = ((student.group[0] if student.group else LANG[language]["defaultteam"]) + "-") if team else ""
    return clean_filename((group + name).replace("_", " ") + "_" + str(student.participant))


def download(students: list[Student], language: str = "en", era: str = "4.1", folders: bool = True,
             blind: bool = False, team: bool = False) -> dict[str, bytes]:
    """{zip entry name: bytes} of "Download all submissions" (load_submissionplugin_filelist)."""
    entries, sent = {}, set()
    for student in students:
        start = prefix(student, language, era, blind, team)
        if era == "4.1" and start in sent:  # "We already send that file (in group mode)"
            continue
        sent.add(start)
        plugins = {"file": student.files}
        if student.onlinetext:
            plugins["onlinetext"] = {"/onlinetext.html": student.onlinetext.encode()}
        for plugin, files in plugins.items():
            for path, data in files.items():
                folder, name = path.rsplit("/", 1)
                if folders:
                    base = clean_filename(f"{start}_assignsubmission_{plugin}" + ("_" if era == "3.1" else ""))
                    entry = clean_path(base + (folder + "/" if plugin == "file" else "/") + name)
                else:
                    entry = clean_filename(f"{start}_assignsubmission_{plugin}_{name}")
                entries[entry] = data
    return entries


def zip_bytes(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries.items():
            archive.writestr(zipfile.ZipInfo(name, (2026, 11, 1, 12, 1, 0)), data)
    return buffer.getvalue()


# --- "Download grading worksheet" ------------------------------------------------------------------------

def worksheet(language: str, rows: list[dict], max_grade: float) -> bytes:
    """gradingtable.php in download mode (file submissions, a point grade, feedback comments), as OpenSpout
    writes it: a UTF-8 byte order mark, then fputcsv lines. rows: participant, fullname, email, grade (or
    None), submitted and marked (datetimes or None), comments."""
    t = LANG[language]
    lines = [[t[k] for k in ("recordid", "fullname", "email", "status", "gradenoun", "maxgrade",
                             "gradecanbechanged", "lastmodifiedsubmission", "lastmodifiedgrade", "comments")]]
    money = lambda value: f"{value:.2f}".replace(".", t["decsep"])  # format_float($grade, 2)
    for r in rows:
        status = t["submissionstatus_submitted"] + (f" - {t['graded']}" if r["grade"] is not None else "")
        lines.append([t["hiddenuser"] + str(r["participant"]), r["fullname"], r["email"], status,
                      "" if r["grade"] is None else money(r["grade"]), money(max_grade), t["yes"],
                      userdate(language, r["submitted"]) if r["submitted"] else "-",
                      userdate(language, r["marked"]) if r["marked"] else "-", r["comments"]])
    return "\ufeff".encode() + "".join(fputcsv(line) for line in lines).encode()


# --- the importers ---------------------------------------------------------------------------------------

class DatabaseError(Exception):
    """What PostgreSQL answers when the importer looks a participant id up that is no integer."""


@dataclass
class Site:
    """One assignment of a Moodle site (file submissions, feedback comments and files, a point grade)."""
    language: str
    participants: dict[int, str]  # participant id -> the student's name
    max_grade: float
    era: str = "4.1"  # which is_valid_filename_for_import reads the feedback zip
    grades: dict[int, tuple[float, float]] = field(default_factory=dict)  # id -> (grade, when it was set)
    comments: dict[int, str] = field(default_factory=dict)
    files: dict[int, dict[str, bytes]] = field(default_factory=dict)

    def user_for(self, uniqueid: str) -> int | None:
        """assign::get_user_id_for_uniqueid_static: get_record('assign_user_mapping', ['id' => $uniqueid])."""
        if not re.fullmatch(r"\s*[+-]?\d+\s*", uniqueid):
            raise DatabaseError(f"invalid input syntax for type bigint: {uniqueid!r}")
        return int(uniqueid) if int(uniqueid) in self.participants else None

    def upload_worksheet(self, data: bytes, now: float, ignoremodified: bool = False) -> tuple[int, int]:
        """(grades set, comments set); ValueError where Moodle says 'invalidgradeimport' or 'csvweirdcolumns'."""
        t = LANG[self.language]
        content = data.decode("utf-8").removeprefix("\ufeff")  # csv_import_reader::load_csv_content
        content = re.sub(r"\r\n?", "\n", content).strip()
        lines = [line for line in csv.reader(io.StringIO(content)) if line != []]
        if any(len(line) != len(lines[0]) for line in lines):
            raise ValueError("csvweirdcolumns")
        columns = lines[0]
        at = {key: columns.index(t[key]) if t[key] in columns else -1
              for key in ("gradenoun", "recordid", "lastmodifiedgrade", "comments")}
        if min(at["gradenoun"], at["recordid"], at["lastmodifiedgrade"]) < 0:
            raise ValueError("invalidgradeimport")
        graded = commented = 0
        cut = len(t["hiddenuser"].encode())  # strlen(get_string('hiddenuser', 'assign')), in bytes
        for record in lines[1:]:
            uniqueid = record[at["recordid"]].encode()[cut:].decode(errors="replace")
            user = self.user_for(uniqueid)
            if user is None:
                continue
            grade = unformat_float(record[at["gradenoun"]], t["decsep"])
            modified = strtotime(record[at["lastmodifiedgrade"]])
            old = self.grades.get(user)
            stale = old is not None and old[1] > (modified or 0) + 60  # false + 60 in PHP
            skip = ((old is not None and old[0] == grade) or grade is None or grade < 0
                    or (not ignoremodified and stale) or grade > self.max_grade)
            if not skip:
                self.grades[user] = (grade, now)
                graded += 1
            if (ignoremodified or not stale) and at["comments"] > 0:  # !empty($details['index'])
                if record[at["comments"]] != self.comments.get(user, ""):
                    self.comments[user] = record[at["comments"]]
                    commented += 1
        return graded, commented

    def upload_feedback_zip(self, data: bytes) -> int:
        """Feedback files stored; each entry as is_valid_filename_for_import reads its path."""
        plugins = {("assignsubmission", "file"), ("assignfeedback", "file"), ("assignfeedback", "comments"),
                   ("assignfeedback", "offline")}
        stored = 0
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for info in archive.infolist():
                name = info.filename.rsplit("/", 1)[-1]
                if info.is_dir() or name.startswith((".", "~")):
                    continue
                path = "/" + info.filename  # get_filepath() . get_filename()
                found = self.read_4_1(path, plugins) if self.era == "4.1" else self.read_3_1(path, plugins)
                if found:
                    user, filename = found
                    self.files.setdefault(user, {})[filename] = archive.read(info)
                    stored += 1
        return stored

    def read_4_1(self, path: str, plugins: set) -> tuple[int, str] | None:
        parts = path.split("/")
        while parts:
            info = parts.pop(0).split("_", 4)  # explode('_', $pathpart, 5)
            if len(info) < 4 or not is_numeric(info[1]):
                continue
            user = int(float(info[1]))
            if user not in self.participants or (info[2], info[3]) not in plugins:
                continue
            return user, "/".join([info[4] if len(info) == 5 else "", *parts])
        return None

    def read_3_1(self, path: str, plugins: set) -> tuple[int, str] | None:
        info = path.split("_", 4)  # explode('_', $fileinfo->get_filepath() . $fileinfo->get_filename(), 5)
        if len(info) < 5 or not is_numeric(info[1]) or (info[2], info[3]) not in plugins:
            return None
        user = int(float(info[1]))
        return (user, info[4]) if user in self.participants else None
