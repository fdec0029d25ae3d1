"""Copy detection, the stage after grading: it reads a graded OUT and writes similarity.csv and similarity.html,
every pair of students per assignment ranked for a person to review (`make similarity`, review_page.py).
canonical.py and fingerprints.py make an answer what a disguise cannot change; scoring.py scores each pair
over its two channels, rarity.py (rare fragments shared) and channels.py (answers written alike against the
class's chance of it); bands.py says which pairs are flagged."""
