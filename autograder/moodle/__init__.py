"""Everything spoken with Moodle: its offline worksheet and feedback zips (export.py, worksheet.py), grades and
feedback sent through its web services (push.py), submissions brought from it into OUT/pulled, which intake
reads (pull.py, pulled.py), and the web-service client they share (client.py)."""
