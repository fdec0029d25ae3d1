"""Moodle's offline grading worksheet (mod/assign/feedback/offline) in the site's language.

Moodle writes it in mod/assign/gradingtable.php (download mode) and reads it back in
mod/assign/feedback/offline/importgradeslib.php (next) and locallib.php (process_import_grades):
- the columns are found by their names in the site's language: get_string('gradenoun') (4.1+;
  'grade' before, the same text), get_string('recordid', 'assign'), get_string('lastmodifiedgrade',
  'assign') and each feedback plugin's editor field (get_string('pluginname', 'assignfeedback_comments'));
- the participant id is the Identifier less its first strlen(get_string('hiddenuser', 'assign'))
  BYTES: "Participant " (with a space) in English, "Участник" (16 bytes, no space) in Russian;
- the grade is read with unformat_float (the language's decimal separator, 'decsep' of langconfig);
- "Last modified (grade)" is read with PHP's strtotime, which reads no Russian month name: a row
  whose grade changed in Moodle more than 60 s after that time is skipped. So this worksheet's
  times are ISO 8601 ("2026-11-20T15:30:00+03:00"), which strtotime reads in any site language.
A worksheet is written as Moodle's own download is (a UTF-8 byte order mark, commas, "\\n").
"""
import csv
import io
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from autograder.publish.outputs import cell

# Each string: (English, Russian). English: Moodle's core lang/en/moodle.php, lang/en/langconfig.php,
# mod/assign/lang/en/assign.php and mod/assign/feedback/comments/lang/en/assignfeedback_comments.php;
# Russian: the same files and string ids of Moodle's Russian language pack (ru; 4.5 and 3.8 agree).
STRINGS = {
    "recordid": ("Identifier", "Идентификатор"),  # assign.php $string['recordid']
    "fullname": ("Full name", "Полное имя"),  # moodle.php $string['fullname']
    "email": ("Email address", "Адрес электронной почты"),  # moodle.php $string['email']
    "status": ("Status", "Статус"),  # assign.php $string['status']
    "gradenoun": ("Grade", "Оценка"),  # moodle.php $string['gradenoun'] (before 4.1 'grade', the same text)
    "maxgrade": ("Maximum grade", "Максимальная оценка"),  # assign.php $string['maxgrade']
    "gradecanbechanged": ("Grade can be changed", "Оценка может быть изменена"),  # assign.php
    "lastmodifiedsubmission": ("Last modified (submission)", "Последнее изменение (ответ)"),  # assign.php
    "lastmodifiedgrade": ("Last modified (grade)", "Последнее изменение (оценка)"),  # assign.php
    # assignfeedback_comments.php $string['pluginname']: the comments plugin's editor field
    "comments": ("Feedback comments", "Отзыв в виде комментария"),
    "hiddenuser": ("Participant ", "Участник"),  # assign.php $string['hiddenuser']: the Identifier's prefix
    # assign.php $string['submissionstatus_submitted']
    "submitted": ("Submitted for grading", "Отправлено для оценивания"),
    "graded": ("Graded", "Оценено"),  # assign.php $string['graded']
    "yes": ("Yes", "Да"),  # moodle.php $string['yes']
    "scale": ("Scale", "Шкала"),  # assign.php $string['scale']: the column of a grade on a scale
    "decsep": (".", ","),  # langconfig.php $string['decsep']
}
LANGUAGES = ("en", "ru")
# gradingtable.php's columns in download mode, for an assignment with file submissions, a point grade
# and feedback comments (the site's default identity field, email, after the full name)
COLUMNS = ("recordid", "fullname", "email", "status", "gradenoun", "maxgrade", "gradecanbechanged",
           "lastmodifiedsubmission", "lastmodifiedgrade", "comments")


def text(language: str, key: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"Moodle language {language!r} is not known here: one of {', '.join(LANGUAGES)}")
    return STRINGS[key][LANGUAGES.index(language)]


def identifier(language: str, participant: str) -> str:
    """gradingtable.php col_recordid: get_string('hiddenuser', 'assign') . $row->recordid."""
    return text(language, "hiddenuser") + participant


def participant(language: str, ident: str) -> str:
    """The participant id as importgradeslib.php next() cuts it: substr($idstr, strlen(hiddenuser)), in bytes;
    "" when that is no number."""
    rest = ident.encode()[len(text(language, "hiddenuser").encode()):].decode(errors="replace").strip()
    return rest if rest.isascii() and rest.isdigit() else ""


def grade_text(language: str, value: float) -> str:
    """gradingtable.php display_grade: format_float($grade, 2), the language's decimal separator."""
    return f"{value:.2f}".replace(".", text(language, "decsep"))


def grade_value(language: str, value: str) -> float | None:
    """lib/moodlelib.php unformat_float, strictly: None for an empty or unreadable grade."""
    value = value.strip().replace(" ", "").replace(text(language, "decsep"), ".")
    return float(value) if re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)", value) else None


def moodle_time(moment: datetime) -> str:
    """A time that PHP's strtotime reads whatever the site's language."""
    return moment.isoformat(timespec="seconds")


@dataclass
class Row:
    """One graded submission, as a worksheet row needs it."""
    participant: str
    name: str
    email: str
    grade: float
    max_grade: float
    waiting: int  # answers that still wait for manual grading
    submitted: datetime | None
    comments: str  # HTML


def write_csv(path: Path, rows: list[list[str]]) -> Path:
    with open(path, "w", newline="", encoding="utf-8-sig") as file:
        csv.writer(file, lineterminator="\n").writerows(rows)
    return path


def write(path: Path, language: str, rows: list[Row], now: datetime) -> Path:
    """A worksheet with the columns and identifiers of the site's own download, in its language."""
    lines = [[text(language, key) for key in COLUMNS]]
    status = text(language, "submitted")
    for row in rows:
        lines.append([identifier(language, row.participant), cell(row.name), cell(row.email),
                      status if row.waiting else f"{status} - {text(language, 'graded')}",
                      grade_text(language, row.grade), grade_text(language, row.max_grade), text(language, "yes"),
                      moodle_time(row.submitted) if row.submitted else "-", moodle_time(now), cell(row.comments)])
    return write_csv(path, lines)


@dataclass
class Template:
    """A worksheet downloaded from the site ("Download grading worksheet"): its participants, names, language."""
    path: Path
    language: str
    lines: list[list[str]]  # the header first
    columns: dict[str, int]  # string id -> column index

    def participants(self) -> dict[str, int]:
        """{participant id: line index}."""
        at = self.columns["recordid"]
        return {p: i for i, line in enumerate(self.lines) if i and (p := participant(self.language, line[at]))}

    def max_grade(self) -> float | None:
        at = self.columns.get("maxgrade")
        values = {grade_value(self.language, line[at]) for line in self.lines[1:]} if at is not None else set()
        return values.pop() if len(values) == 1 else None


def read_template(path: Path) -> Template:
    """A worksheet from the site; ValueError when it is not one, in a language known here."""
    data = Path(path).read_bytes()
    try:
        content = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8: use the file as Moodle downloaded it (or save it as CSV UTF-8)")
    first = content.splitlines()[0] if content.strip() else ""
    delimiter = max(",;\t", key=first.count)  # a spreadsheet may have saved it with its own separator
    lines = [line for line in csv.reader(io.StringIO(content), delimiter=delimiter) if line]
    for language in LANGUAGES:
        names = {text(language, key): key for key in STRINGS}
        columns = {names[name]: i for i, name in enumerate(lines[0] if lines else []) if name in names}
        if {"recordid", "gradenoun", "lastmodifiedgrade"} <= columns.keys():
            if "scale" in columns:
                raise ValueError(f"{path}: the assignment is graded on a scale in Moodle: give it a point grade")
            return Template(Path(path), language, lines, columns)
    raise ValueError(f"{path} is not a Moodle grading worksheet in a language known here ({', '.join(LANGUAGES)}): "
                     f"no {' / '.join(text(lang, 'recordid') for lang in LANGUAGES)} column")


def fill(template: Template, rows: list[Row], now: datetime, path: Path) -> list[str]:
    """Write the template with our grades, grade times and comments filled in for `rows` (every other cell
    as the site wrote it); returns what the instructor should know. Rows not in it are the caller's."""
    lines = [list(line) for line in template.lines]
    at, language, notes = template.columns, template.language, []
    where, site_max = template.participants(), template.max_grade()
    for row in rows:
        line = lines[where[row.participant]]
        grade = row.grade
        if site_max and row.max_grade and abs(site_max - row.max_grade) > 1e-9:
            grade = round(row.grade * site_max / row.max_grade, 2)
        line[at["gradenoun"]] = grade_text(language, grade)
        line[at["lastmodifiedgrade"]] = moodle_time(now)
        if "comments" in at:
            line[at["comments"]] = cell(row.comments)
    if rows and site_max and abs(site_max - rows[0].max_grade) > 1e-9:
        notes.append(f"Moodle's maximum grade is {site_max:g} and the lesson's {rows[0].max_grade:g} points: "
                     f"grades are scaled to {site_max:g}")
    if "comments" not in at:
        notes.append(f"{template.path.name} has no {text(language, 'comments')!r} column: comments are not uploaded "
                     f"(enable Feedback comments in the assignment, then download the worksheet again)")
    write_csv(path, lines)
    return notes
