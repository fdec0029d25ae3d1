"""Publish a graded class: what the instructor reads beyond the grades (copy detection among the answers)."""
