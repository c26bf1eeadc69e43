"""What the judges (bid_judge, card_judge) share: judging positions, on
several processes if asked, and each player's regret (the best candidate's
value less its pick's) overall and by a group of positions."""


def judge_all(judged, work, jobs):
    """[judged(w) for w in work], on jobs processes when jobs > 1."""
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            return pool.map(judged, work)
    return [judged(w) for w in work]


def regrets(names, rows):
    """rows: (group, the candidates' values, each player's pick as an index
    into them). Per player (names, in the picks' order): {"name", "regret"
    (the mean over rows), "by_group": {group: (positions, mean regret)}}."""
    out = []
    for k in range(len(names)):
        total, groups = 0.0, {}
        for group, vals, picks in rows:
            r = max(vals) - vals[picks[k]]
            total += r
            g = groups.setdefault(group, [0, 0.0])
            g[0] += 1
            g[1] += r
        out.append({"name": names[k], "regret": total / max(1, len(rows)),
                    "by_group": dict((x, (g[0], g[1] / g[0])) for x, g in groups.items())})
    return out
