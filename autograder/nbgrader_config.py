# nbgrader configuration shared by the release and the grader. The course root is set at run time.
c = get_config()  # noqa: F821 (injected by traitlets' config loader)

c.CourseDirectory.course_id = "pytorch-basics"
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
# Seconds a single cell may run while grading; a solution cell needs well under a second.
c.Execute.timeout = 120
c.Execute.interrupt_on_timeout = True

# The grader's sandbox (autograder/jail.py and autograder/execute.py; grade.py swaps nbgrader's Execute for
# SandboxExecute). A command-line option of `autograder.cli autograde` overrides these per run.
c.SandboxExecute.notebook_timeout = 600  # seconds all cells of one notebook may take together
c.SandboxKernelManager.memory_mb = 4096  # address-space cap of a kernel (RLIMIT_AS, MiB)
c.SandboxKernelManager.cpu_seconds = 600  # CPU-time cap of a kernel
c.SandboxKernelManager.file_size_mb = 64  # largest file student code may write (in its private folder)
c.SandboxKernelManager.threads = 1  # torch/OMP threads per kernel: workers already fill the cores
