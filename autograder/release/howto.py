"""How to work and submit: the one text that every lesson (after its first cell) and the student README
show, per language. It says what grading really does: a submission is recognised by its cells'
metadata, never by the file's name (autograder.intake). It names written answers (`YOUR ANSWER HERE`)
only in a lesson that has them; the README, which serves every lesson, says "where a lesson asks for them"."""
HOW_TO_ID = "how-to-submit"  # its cell id; it gives no exercise a title (autograder.release.titles)
WRITE = {
    "en": {True: "Write your code in place of `raise NotImplementedError()` and your answers in place of "
                 "`YOUR ANSWER HERE`",
           False: "Write your code in place of `raise NotImplementedError()`",
           None: "Write your code in place of `raise NotImplementedError()` and, where a lesson asks for written "
                 "answers, your answers in place of `YOUR ANSWER HERE`"},
    "ru": {True: "Пишите код вместо `raise NotImplementedError()`, а ответы — вместо `YOUR ANSWER HERE`",
           False: "Пишите код вместо `raise NotImplementedError()`",
           None: "Пишите код вместо `raise NotImplementedError()`, а где урок просит письменных ответов, — "
                 "ответы вместо `YOUR ANSWER HERE`"},
}
HOW_TO = {
    "en": """\
## How to work and submit

- {write}, \
then run the check cell under the exercise. Its visible checks and the optional extra checks are for you; \
hidden checks with other inputs run at grading. *Run all* stops at the first unsolved exercise: that is expected.
- Keep the cells you were given: do not delete or copy them and do not change their tags. \
The file's name does not matter.
- In Colab, work in your own copy (*File → Save a copy in Drive*); the name Colab gives the copy is fine.
- Before you submit: *Restart and run all* (in Colab: *Runtime → Restart session and run all*), \
then run the last cell, "Ready to submit?", and fix what it lists.
- Submit the `.ipynb` file where your instructor says. \
From Colab: *File → Download → Download .ipynb*.
""",
    "ru": """\
## Как работать и сдавать

- {write}, затем запускайте \
ячейку с проверками под заданием. Её видимые проверки и необязательные дополнительные проверки — для вас; \
скрытые проверки с другими входами запускаются при оценивании. *Run all* останавливается на первом \
нерешённом задании: так и должно быть.
- Сохраните выданные ячейки: не удаляйте и не копируйте их, не меняйте их теги. Имя файла не важно.
- В Colab работайте в своей копии (*Файл → Сохранить копию на Диске*); имя, которое Colab даст копии, подходит.
- Перед сдачей: *Restart and run all* (в Colab: *Среда выполнения → Перезапустить сеанс и выполнить все ячейки*), \
затем запустите последнюю ячейку, «Готово к сдаче?», и исправьте то, что она назовёт.
- Сдайте файл `.ipynb` туда, куда скажет преподаватель. Из Colab: *Файл → Скачать → Скачать файл .ipynb*.
""",
}


def how_to(lang: str, written: bool | None = None) -> str:
    """The block in one language: for a lesson with written answers (True), one without (False), or for the
    README of every lesson (None)."""
    return HOW_TO[lang].format(write=WRITE[lang][written])
