# nbgrader configuration shared by the release and the grader. The course root is set at run time.
c = get_config()  # noqa: F821 (injected by traitlets' config loader)

c.CourseDirectory.course_id = "pytorch-basics"
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.Execute.interrupt_on_timeout = True

# The grader's sandbox (autograder/sandbox/jail.py and autograder/sandbox/execute.py; grading swaps nbgrader's Execute for
# SandboxExecute). A command-line option of `autograder.cli autograde` overrides these per run.
# The time limits bound how long one submission can hold a worker. A solution notebook's cells take at
# most 15 s together, and 7 s for the slowest cell (lesson 05), on a 2-core machine at a load of 12:
# the limits leave a correct solution 8 times that, and a hung notebook costs at most 2 minutes.
c.Execute.timeout = 60  # seconds a single cell may run
c.SandboxExecute.notebook_timeout = 120  # seconds all cells of one notebook may take together
c.SandboxKernelManager.cpu_seconds = 120  # CPU time of each kernel process (RLIMIT_CPU)
# A solution notebook sends at most 9 KiB of output. The kernel itself drops what print, sys.stdout/sys.stderr
# and display send past 256 KiB in a cell or 1 MiB in the notebook, and goes on: a loud notebook keeps its points.
c.SandboxKernelManager.cell_output_kb = 256
c.SandboxKernelManager.notebook_output_kb = 1024
# Output that goes around that cap (descriptors 1 and 2, subprocesses): past 8 MiB nothing more is recorded,
# and past 16 MiB the kernel is stopped.
c.SandboxExecute.output_mb = 8
# A solution kernel peaks at 312 MiB and 15 processes and threads (lesson 05).
c.SandboxKernelManager.memory_mb = 4096  # memory of a kernel, its tmpfs included (cgroup), and its address space
c.SandboxKernelManager.processes = 128  # processes and threads of a kernel
c.SandboxKernelManager.scratch_mb = 256  # each of the kernel's writable folders: /home/student, /tmp, /dev/shm
c.SandboxKernelManager.file_size_mb = 64  # largest file student code may write
c.SandboxKernelManager.threads = 1  # torch/OMP threads per kernel: workers already fill the cores
# What a worker's fork server loads once for all its kernels: torch before the first one; and once the first is
# done (a batch of one notebook does not wait for them), what torch loads on first use of torch.profiler (lesson
# 05: torch._inductor, 0.9 s a kernel) and torch.testing.assert_close (lessons 02 and 04: sympy, 0.35 s), and
# pyplot (lesson 05, 0.3 s).
c.SandboxKernelManager.preload = ["torch"]
c.SandboxKernelManager.preload_later = ["torch._inductor", "matplotlib.pyplot"]
