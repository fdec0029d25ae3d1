# nbgrader configuration shared by the release and the grader. The course root is set at run time.
c = get_config()  # noqa: F821 (injected by traitlets' config loader)

c.CourseDirectory.course_id = "pytorch-basics"
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
# Seconds a single cell may run while grading; a solution cell needs well under a second.
c.Execute.timeout = 120
c.Execute.interrupt_on_timeout = True
