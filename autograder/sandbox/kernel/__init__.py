"""What runs inside the grading kernel (mounted there read-only as `autograder_kernel`): the probe."""
