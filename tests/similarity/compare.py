"""`make similarity-compare`: ours, copydetect and Dolos on the same pairs of every class whose copies are known:
the hand-written classes a, b and c (tests/similarity/independent_class.py) and the lazy-copy classes of the
held-out seeds (tests/similarity/lazy_class.py). Per class and tool, summed over the lessons:
- copies ranked: copies above every independent pair with fewer answers alike (similar_class.verdict);
- top K: copies among the K highest pairs, K the lesson's copies;
- MAP: the mean over the lessons of the average precision of the copies over all pairs;
ties count against the copies (an independent pair tied with a copy ranks above it). Then the flags ours raises,
and a line for each copy that a peer ranks and ours does not.
Where `node` is missing, Dolos is skipped with a line saying what to install.
"""
import argparse
import tempfile
from pathlib import Path

from tests.classroom import rows
from tests.similarity import independent_class, lazy_class, peers
from tests.similarity.similar_class import Class, above, standing, verdict, write_out


def ranking(made: Class, assignment: str, pairs: list[dict]) -> list[bool]:
    """Whether each pair of the assignment is a copy, highest score first, a copy after the pairs it ties."""
    copies = {frozenset((x, y)) for a, x, y in made.copies if a == assignment}
    listed = [(float(p["similarity"]), frozenset((p["student_a"], p["student_b"])) in copies)
              for p in pairs if p["assignment"] == assignment]
    return [copy for _, copy in sorted(listed, key=lambda p: (-p[0], p[1]))]


def top_k(ranked: list[bool]) -> int:
    return sum(ranked[:sum(ranked)])


def average_precision(ranked: list[bool]) -> float:
    hits, total = 0, 0.0
    for n, copy in enumerate(ranked, 1):
        if copy:
            hits += 1
            total += hits / n
    return total / max(1, sum(ranked))


def ranked_copies(made: Class, pairs: list[dict]) -> dict[tuple[str, frozenset], dict]:
    """{(assignment, copier and source): its row} of the copies that rank as the goal asks (similar_class.verdict)."""
    found = {}
    for assignment in sorted({a for a, _, _ in made.copies}):
        copies, other = standing(made, assignment, pairs)
        found |= {(assignment, pair): row for pair, (row, holds) in copies.items() if not above(row, holds, other)}
    return found


def figures(made: Class, pairs: list[dict]) -> dict:
    """copies ranked, top K, MAP and the copies of a class, from one tool's pairs of every lesson."""
    found = verdict(made, pairs)
    ranked = {a: ranking(made, a, pairs) for a in found}
    return {"pairs": pairs, "ranked": sum(v["copies ranked"] for v in found.values()),
            "top K": sum(top_k(r) for r in ranked.values()),
            "MAP": sum(average_precision(r) for r in ranked.values()) / len(ranked),
            "copies": sum(v["copies"] for v in found.values()), "verdict": found}


def ours(made: Class) -> list[dict]:
    from autograder.similarity import scoring

    with tempfile.TemporaryDirectory(prefix="similarity-") as tmp:
        out = Path(tmp) / "graded"
        write_out(made, out)
        scoring.similarity(out, workers=1)
        return rows(out / "similarity.csv")


def tools(dolos: bool) -> dict:
    """{tool: its pairs of a class}."""
    found = {"ours": ours, "copydetect": lambda made: [p for a in made.exercises for p in peers.copydetect(made, a)]}
    if dolos:
        found["Dolos"] = lambda made: [p for a in made.exercises for p in peers.dolos(made, a)]
    return found


def flags(v: dict) -> str:
    """The flags ours raises on a class: its copies' and its independent pairs' bands."""
    total = lambda key: sum(x[key] for x in v.values())
    return (f"ours flags {total('copies flagged')} of {total('copies')} copies ({total('full copies flagged')} of "
            f"{total('full copies')} full); independent pairs at yes {total('independent at yes')}, at review "
            f"{total('independent at review')} of {total('independent pairs')}")


def missed(name: str, made: Class, measured: dict):
    """A line for each copy that a peer ranks as the goal asks and ours does not, with our score and rank."""
    ours_ranked = ranked_copies(made, measured["ours"]["pairs"])
    scored = {(p["assignment"], frozenset((p["student_a"], p["student_b"]))): p for p in measured["ours"]["pairs"]}
    for tool, f in measured.items():
        for (assignment, pair), row in sorted(ranked_copies(made, f["pairs"]).items(), key=str):
            if (assignment, pair) not in ours_ranked:
                mine = scored[assignment, pair]
                rank = 1 + sum(float(p["similarity"]) > float(mine["similarity"]) for p in measured["ours"]["pairs"]
                               if p["assignment"] == assignment)
                yield (f"{name:>16} {tool} ranks {assignment} {'-'.join(sorted(pair))} "
                       f"({float(row['similarity']):.2f}), ours does not: {float(mine['similarity']):.3f}, rank {rank}")


def compare(classes: dict[str, Class], dolos: bool):
    """A line per class and tool, the flags ours raises, and whether ours ranks at least as many copies as the
    better peer, with a MAP at least as high, on every class (lines, as they come)."""
    beaten = []
    for name, made in classes.items():
        measured = {tool: figures(made, run(made)) for tool, run in tools(dolos).items()}
        for tool, f in measured.items():
            yield (f"{name:>16} {tool:<10} {f['ranked']:>3} of {f['copies']} ranked, top K {f['top K']:>3}, "
                   f"MAP {f['MAP']:.2f}")
        yield f"{name:>16} {flags(measured['ours']['verdict'])}"
        yield from missed(name, made, measured)
        best = {key: max(f[key] for tool, f in measured.items() if tool != "ours") for key in ("ranked", "MAP")}
        if measured["ours"]["ranked"] < best["ranked"] or measured["ours"]["MAP"] < best["MAP"]:
            beaten.append(name)
    yield (f"ours ranks as many copies as the better peer, with a MAP as high, on {len(classes) - len(beaten)} "
           f"of {len(classes)} classes" + (f"; not on {', '.join(beaten)}" if beaten else ""))


def classes(names: list[str]) -> dict[str, Class]:
    found = {f"class {a}": independent_class.make_class(a) for a in independent_class.AUTHORS if a in names}
    if "lazy" in names:
        found |= {f"lazy seed {s}": lazy_class.make_class(s) for s in lazy_class.HELD_OUT}
    return found


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("classes", nargs="*", default=[*independent_class.AUTHORS, "lazy"],
                        help="a, b, c (the hand-written classes) and lazy (the held-out seeds); all by default")
    chosen = parser.parse_args().classes
    ready = peers.dolos_ready()
    if not ready:
        print(peers.DOLOS_MISSING, flush=True)
    for text in compare(classes(chosen), ready):
        print(text, flush=True)
