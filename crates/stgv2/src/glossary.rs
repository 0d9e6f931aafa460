//! `help rules` in the terminal: what the screen's words and marks mean.

pub const GLOSSARY: &str = "\
STGv2 — what the screen shows (rule ids from rulings-stgv2.md)

The field (ST-01/02): hex tiles; a rod stands at every tile corner and centre, with
levels L0 (bottom) to L4. The map is seen from above: `·` a corner, `+` a tile
centre, `#0` seat 0's Space Station, `*` an asteroid cluster (`*2` with seat 2's
outpost), `a0` … a ship (letter = ship, digit = its level). Directions are angles
0° (east), 60°, 120°, 180°, 240°, 300° and up/down. Two positions are adjacent when
one edge joins them (same level and neighbouring nodes, or one level apart).
A ship is beside a station or cluster when its rod is next to that rod, any level.

Turn (seed): 1 draw a Move Card set · 2 place cells · 3 one more set per MOVE cell ·
4 combat · 5 action · 6 purchase · 7 clean-up. Sets may be played during 4–6.

Cells (ST-06): MOVE, ATTACK, DEFEND each have one free cell; up to 2 more each and 3
in ACTION. ATTACK/DEFEND cells stay until your next turn.

Move Cards (ST-07–09): a set has E cards (E = most engines on one of your ships);
each ship follows its first e cards (e = its engines), all or none; a blocked step
stops it for the set. 1 any · 2 straight · 1 vertical · 1 horizontal · zig-zag
(d1, d2 ≠ d1, d1 again or the nearest existing direction).

Combat (ST-10–12): W weapons roll W dice once per ATTACK cell, the target's shields
once per DEFEND cell; best totals compared; Die Chart of the difference:
1–4 → 1 hit, 5–9 → 2, 10–13 → 3, 14–19 → 4, 20+ → 5. Then the target fires back.
Beside your own station your weapons and shields count double and your other ships
there join in. Hits remove assets: weapon/shield 1, engine 2, shuttle 3; hits ≥
assets destroys the ship. A player who never bought a ship cannot be attacked.

Economy (ST-13–15): each ACTION cell is one attempt by a ship beside a cluster: 2D6
vs the bank's 2D6, win by d → Die Chart(d) cards: Claim builds your outpost;
revenue cards at your own outpost go OFF station on the ship until it reaches your
station (ON). Buy with ON Spendys: cell 6,000 · ship 4,000 · engine/weapon/shield
1,000 (fitted beside your station; 24 holes a ship).

Victory (ST-17–19): 25,000 ON at the end of your turn, or the last player left;
after 40 rounds the most ON (then most outposts). A destroyed ship still fires back,
so one battle can take both sides' last ships: all of them are out at once, and if
nobody is left the richest of them wins (ON, then the outposts they held).
";
