"""Maximum matching in a general graph (Edmonds' blossom algorithm).

The Swiss pairing (:mod:`bridgedesk.events.swiss`) asks, before it fixes one
match, whether the teams left can still all be paired under the rematch rule;
that is whether a graph has a perfect matching, which a greedy search can not
tell.  Vertices are ``0..n-1``; ``adjacent[v]`` lists v's neighbours.  Each
search grows an alternating tree from a free vertex, contracting odd cycles
(blossoms) to their base, until it finds an augmenting path; O(n^3) in all.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


def maximum_matching(adjacent: Sequence[Sequence[int]]) -> list[int]:
    """``mate[v]``: v's partner in a maximum matching, or -1."""
    n = len(adjacent)
    mate = [-1] * n
    # a quick greedy start; the augmenting searches complete it
    for v in range(n):
        if mate[v] == -1:
            for w in adjacent[v]:
                if mate[w] == -1 and w != v:
                    mate[v], mate[w] = w, v
                    break
    for root in range(n):
        if mate[root] == -1:
            end, parent = _augmenting_path(adjacent, mate, root)
            while end != -1:
                prev = parent[end]
                nxt = mate[prev]
                mate[end], mate[prev] = prev, end
                end = nxt
    return mate


def _augmenting_path(
    adjacent: Sequence[Sequence[int]], mate: list[int], root: int
) -> tuple[int, list[int]]:
    n = len(adjacent)
    parent = [-1] * n
    base = list(range(n))
    in_tree = [False] * n
    in_tree[root] = True
    queue = deque([root])

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for w in adjacent[v]:
            if base[v] == base[w] or mate[v] == w:
                continue
            if w == root or (mate[w] != -1 and parent[mate[w]] != -1):
                b = common_base(v, w)
                blossom = [False] * n
                mark(v, b, w, blossom)
                mark(w, b, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = b
                        if not in_tree[i]:
                            in_tree[i] = True
                            queue.append(i)
            elif parent[w] == -1:
                parent[w] = v
                if mate[w] == -1:
                    return w, parent
                in_tree[mate[w]] = True
                queue.append(mate[w])
    return -1, parent


def has_perfect_matching(adjacent: Sequence[Sequence[int]]) -> bool:
    """Whether every vertex can be matched at once."""
    if len(adjacent) % 2:
        return False
    return all(m != -1 for m in maximum_matching(adjacent))
